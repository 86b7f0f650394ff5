package tme.api.media;

import java.net.URI;
import java.time.Duration;
import tme.api.problem.Problem;
import tme.cache.Stored;

/** Where a media link points now, or why it points nowhere. */
public sealed interface Resolution {

    /**
     * The CDN URL, on {@code MEDIA_HOSTS}.
     *
     * @param from      the stored entry it was read from (what a reload replaces when the CDN refuses the URL)
     * @param usableFor how long the URL is still used ({@code MEDIA_URL_TTL} less the entry's age; zero when a
     *                  reload failed and the old URL stands in)
     */
    record Found(URI url, Stored from, Duration usableFor) implements Resolution {}

    /** No URL: a 404, 410, 422, 502 or 503 problem. */
    record Refused(Problem problem) implements Resolution {}
}
