package tme.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ZipfKeysMainTest {

    @Test
    void names_areValidChannelNamesPaddedToTheLargestNumber() {
        assertEquals(List.of("zipf0001", "zipf0002", "zipf0003"), ZipfKeysMain.names("zipf", 3));
        List<String> many = ZipfKeysMain.names("zipf", 12_000);
        assertEquals("zipf00001", many.getFirst());
        assertEquals("zipf12000", many.getLast());
        assertTrue(many.stream().allMatch(n -> n.matches("^[A-Za-z][A-Za-z0-9_]{3,31}$")));
    }

    @Test
    void main_writesTheKeysAndOneBasedDrawsMostPopularFirst(@TempDir Path dir) throws Exception {
        Path names = dir.resolve("keys.txt");
        Path sequence = dir.resolve("draws.txt");
        ZipfKeysMain.main(new String[] {"--keys", "100", "--exponent", "1.0", "--draws", "20000", "--seed", "3",
            "--names", names.toString(), "--sequence", sequence.toString()});
        assertEquals(ZipfKeysMain.names("zipf", 100), Files.readAllLines(names));
        List<Integer> draws = Files.readAllLines(sequence).stream().map(Integer::valueOf).toList();
        assertEquals(20_000, draws.size());
        assertTrue(draws.stream().allMatch(k -> k >= 1 && k <= 100));
        long first = draws.stream().filter(k -> k == 1).count();
        long second = draws.stream().filter(k -> k == 2).count();
        // Zipf(1) over 100 keys: the first key 1 / H(100) = 19.3% of the draws (about 3,856 of 20,000), the second
        // half of that; seed 3 draws exactly these.
        assertEquals(3_891, first, "key 1");
        assertEquals(1_927, second, "key 2");
    }
}
