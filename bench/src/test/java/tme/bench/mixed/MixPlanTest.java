package tme.bench.mixed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class MixPlanTest {

    private static final Catalogue CATALOGUE = new Catalogue(300, 3, List.of());
    private static final int DRAWS = 100_000;

    @Test
    void draw_withOneSeed_givesTheSameRequestsEveryTime_andAnotherSeedOthers() {
        int[] weights = MixPlan.weights("body=35,post=20,previews=10,feed=10,graphql=10,atom=15");
        MixPlan first = MixPlan.draw(CATALOGUE, weights, 1.1, 1000, 7);
        MixPlan again = MixPlan.draw(CATALOGUE, weights, 1.1, 1000, 7);
        MixPlan other = MixPlan.draw(CATALOGUE, weights, 1.1, 1000, 8);
        for (int i = 0; i < 1000; i++) {
            assertEquals(first.classOf(i), again.classOf(i));
            assertArrayEquals(first.bytes(i), again.bytes(i));
        }
        assertFalse(java.util.stream.IntStream.range(0, 1000)
                .allMatch(i -> first.classOf(i) == other.classOf(i) && first.keyOf(i) == other.keyOf(i)));
    }

    @Test
    void draw_channelsFollowZipfOnePointOne() {
        MixPlan plan = MixPlan.draw(CATALOGUE, MixPlan.weights("body=1"), 1.1, DRAWS, 1);
        int[] counts = new int[300];
        for (int i = 0; i < DRAWS; i++) {
            counts[plan.keyOf(i)]++;
        }
        double harmonic = 0;
        for (int k = 1; k <= 300; k++) {
            harmonic += Math.pow(k, -1.1);
        }
        // P(rank 0) = 1 / H = 0.1989, P(rank 9) = 10^-1.1 / H = 0.0158; 100k seeded draws, within 0.5 points
        assertEquals(1 / harmonic, counts[0] / (double) DRAWS, 0.005);
        assertEquals(Math.pow(10, -1.1) / harmonic, counts[9] / (double) DRAWS, 0.005);
        assertEquals(Math.pow(2, 1.1), counts[0] / (double) counts[1], 0.1); // 2.14: rank 0 against rank 1
    }

    @Test
    void draw_routeClassesFollowTheWeights_andClassesWeighingNothingNeverCome() {
        MixPlan plan = MixPlan.draw(CATALOGUE, MixPlan.weights("body=50,graphql=30,atom=20"), 1.1, DRAWS, 3);
        int[] counts = new int[RouteClass.values().length];
        for (int i = 0; i < DRAWS; i++) {
            counts[plan.classOf(i).ordinal()]++;
        }
        assertEquals(0.50, counts[RouteClass.BODY.ordinal()] / (double) DRAWS, 0.01);
        assertEquals(0.30, counts[RouteClass.GRAPHQL.ordinal()] / (double) DRAWS, 0.01);
        assertEquals(0.20, counts[RouteClass.ATOM.ordinal()] / (double) DRAWS, 0.01);
        assertEquals(0, counts[RouteClass.POST.ordinal()] + counts[RouteClass.PREVIEWS.ordinal()]
                + counts[RouteClass.FEED.ordinal()]);
    }

    @Test
    void draw_postKeysNameAZipfChannelAndOneOfItsThreeIds() {
        MixPlan plan = MixPlan.draw(CATALOGUE, MixPlan.weights("post=1"), 1.1, DRAWS, 5);
        int[] ids = new int[3];
        int hottest = 0;
        for (int i = 0; i < DRAWS; i++) {
            ids[plan.keyOf(i) % 3]++;
            hottest += plan.keyOf(i) / 3 == 0 ? 1 : 0;
        }
        for (int id : ids) {
            assertEquals(1 / 3.0, id / (double) DRAWS, 0.01);
        }
        assertEquals(0.199, hottest / (double) DRAWS, 0.005);
    }

    @Test
    void weights_refuseUnknownClassesAndAllZero() {
        assertThrows(IllegalArgumentException.class, () -> MixPlan.weights("bodies=3"));
        assertThrows(IllegalArgumentException.class, () -> MixPlan.weights("body"));
        assertThrows(IllegalArgumentException.class, () -> MixPlan.draw(CATALOGUE, MixPlan.weights("body=0"), 1.1,
                10, 1));
    }
}
