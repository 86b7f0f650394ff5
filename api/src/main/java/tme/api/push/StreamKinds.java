package tme.api.push;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.query.FeedQuery;
import tme.events.Entry;

/**
 * Which kinds of event a stream sends ({@code ?events=post,edited,deleted}, comma-separated or repeated): new posts
 * only by default, so a client written before edits and deletions were events sees nothing new.
 */
final class StreamKinds {

    static final String POST = "post";
    static final Set<String> KNOWN = Set.of(POST, PostChanges.EDITED, PostChanges.DELETED);
    static final Set<String> DEFAULT = Set.of(POST);

    private StreamKinds() {}

    /** The kinds asked for; none asked is {@link #DEFAULT}; an unknown one is a 422 naming {@code events}. */
    static Set<String> parse(List<String> values) throws InvalidInput {
        Set<String> kinds = new LinkedHashSet<>();
        for (String value : FeedQuery.names(values)) {
            String kind = value.trim();
            if (!KNOWN.contains(kind)) {
                throw new InvalidInput(Problem.invalid("events",
                        "events must be a comma-separated list of post, edited, deleted: " + abbreviated(kind)));
            }
            kinds.add(kind);
        }
        return kinds.isEmpty() ? DEFAULT : Set.copyOf(kinds);
    }

    /** The SSE {@code event:} name of a log entry: {@code post} for a new post, else the fact's kind. */
    static String of(Entry entry) {
        return Entry.EVENT.equals(entry.kind()) ? POST : entry.kind();
    }

    private static String abbreviated(String value) {
        return value.length() > 40 ? value.substring(0, 40) + "…" : value;
    }
}
