package tme.coalescing.gate;

import java.util.HashMap;
import java.util.Map;

/**
 * Who holds the slots now: in all, by background work, and by each flow; and whether one more may be taken within
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

    void take(String flow, boolean background) {
        inUse++;
        if (background) {
            backgroundInUse++;
        }
        byFlow.merge(flow, 1, Integer::sum);
    }

    void giveBack(String flow, boolean background) {
        inUse--;
        if (background) {
            backgroundInUse--;
        }
        byFlow.computeIfPresent(flow, (f, held) -> held > 1 ? held - 1 : null);
    }

    int inUse() {
        return inUse;
    }

    int backgroundInUse() {
        return backgroundInUse;
    }
}
