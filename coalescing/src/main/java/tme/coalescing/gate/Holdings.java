package tme.coalescing.gate;

import java.util.HashMap;
import java.util.Map;

/**
 * Who holds the slots now: in all, by background work, by each flow and by each client; and whether one more may be taken within
 * the shares of {@link SlotsConfig}. Not thread-safe: the slots' lock guards it.
 */
final class Holdings {

    private final int slots;
    private final int perFlow;
    private final int forBackground;
    private int inUse;
    private int backgroundInUse;
    // flow -> slots it holds now (readers' and background together); a flow holding none is absent.
    private final Map<String, Integer> byFlow = new HashMap<>();
    // client -> slots its loads hold now; a client holding none is absent.
    private final Map<String, Integer> byClient = new HashMap<>();

    Holdings(SlotsConfig config) {
        this.slots = config.maxConcurrency();
        this.perFlow = config.perFlow();
        this.forBackground = config.forBackground();
    }

    /** Whether {@code flow} may take a free slot now (for background work: within background's share too). */
    boolean mayTake(String flow, boolean background) {
        return inUse < slots && held(flow) < perFlow && (!background || backgroundInUse < forBackground);
    }

    boolean anyFree() {
        return inUse < slots;
    }

    boolean backgroundMayTake() {
        return backgroundInUse < forBackground;
    }

    int held(String flow) {
        return byFlow.getOrDefault(flow, 0);
    }

    int heldByClient(String client) {
        return byClient.getOrDefault(client, 0);
    }

    void take(String flow, String client, boolean background) {
        inUse++;
        if (background) {
            backgroundInUse++;
        }
        byFlow.merge(flow, 1, Integer::sum);
        byClient.merge(client, 1, Integer::sum);
    }

    void giveBack(String flow, String client, boolean background) {
        inUse--;
        if (background) {
            backgroundInUse--;
        }
        byFlow.computeIfPresent(flow, (f, held) -> held > 1 ? held - 1 : null);
        byClient.computeIfPresent(client, (c, held) -> held > 1 ? held - 1 : null);
    }

    int inUse() {
        return inUse;
    }

    int backgroundInUse() {
        return backgroundInUse;
    }
}
