package tme.bench.chaos;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One scenario's line of the table: posts published, then per reader (r1..r10) and per subscriber (sub1..sub3) the
 * posts missing and the repeats (SSE: a post received again; WebSub: a delivery that brought no post not already
 * had), the subscribers' deliveries (those whose newest post is one of this scenario's), and how long until every
 * receiver had a post published after the fault.
 */
record Row(String scenario, String what, int posts, List<Long> readersMissing, List<Long> readersRepeats,
           List<Long> subscribersMissing, List<Long> subscribersRepeats, List<Long> subscribersDeliveries,
           PushBack pushBack, String backFrom) {

    static String header() {
        return "| scenario | fault | posts | SSE missing r1..r10 | SSE repeats | WebSub missing sub1..sub3 "
                + "| WebSub repeats/deliveries | push back |\n"
                + "|---|---|---:|---|---|---|---|---|";
    }

    String line() {
        return "| " + scenario + " | " + what + " | " + posts + " | " + joined(readersMissing) + " | "
                + joined(readersRepeats) + " | " + joined(subscribersMissing) + " | " + repeatsOfDeliveries() + " | "
                + pushBack.after().map(d -> String.format("%.1f s after %s (%s)", d.toMillis() / 1000.0, backFrom,
                        pushBack.who())).orElse("never after " + backFrom + ": " + pushBack.who()) + " |";
    }

    private String repeatsOfDeliveries() {
        StringBuilder cells = new StringBuilder();
        for (int i = 0; i < subscribersRepeats.size(); i++) {
            cells.append(i == 0 ? "" : " ").append(subscribersRepeats.get(i)).append('/')
                    .append(subscribersDeliveries.get(i));
        }
        return cells.toString();
    }

    private static String joined(List<Long> counts) {
        return counts.stream().map(String::valueOf).collect(Collectors.joining(" "));
    }
}
