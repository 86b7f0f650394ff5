package tme.bench.http;

/**
 * What the generators keep of a response: its status, how many body bytes came, whether the connection may
 * carry the next request, and its {@code X-Cache} header lower-cased ({@code ""} without one), which tells a hit
 * from a miss (tme-api: {@code l1}, {@code l2}, {@code stale}, {@code upstream}; nginx, where the mixed-load run
 * sets it to {@code $upstream_cache_status}: {@code hit}, {@code miss}, {@code expired}...).
 */
public record Response(int status, long bodyBytes, boolean keepAlive, String cache) {

    public Response {
        cache = cache == null ? "" : cache;
    }

    /** A response without an {@code X-Cache} header. */
    public Response(int status, long bodyBytes, boolean keepAlive) {
        this(status, bodyBytes, keepAlive, "");
    }

    public boolean ok() {
        return status >= 200 && status < 300;
    }
}
