package tme.coalescing.refresh;

import java.util.List;

/**
 * One claim's answer: the names this worker now holds, and what the script saw on its way.
 *
 * @param claimed   the names claimed, in due order
 * @param skipped   due names not claimed because some process loaded them within the last half interval
 * @param dropped   names dropped because nobody asked for them for {@code REFRESH_IDLE}
 * @param backlog   names due now that nobody holds yet (the due queue's depth after this claim)
 * @param scheduled every name on the schedule
 * @param reached   false when Redis could not be asked (then everything else is empty or zero)
 */
public record Claims(List<Claimed> claimed, int skipped, int dropped, long backlog, long scheduled, boolean reached) {

    public Claims {
        claimed = List.copyOf(claimed);
    }

    static Claims unreached() {
        return new Claims(List.of(), 0, 0, 0, 0, false);
    }
}
