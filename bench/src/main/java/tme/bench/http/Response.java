package tme.bench.http;

/**
 * What the generators keep of a response: its status, how many body bytes came, and whether the connection may
 * carry the next request.
 */
public record Response(int status, long bodyBytes, boolean keepAlive) {

    public boolean ok() {
        return status >= 200 && status < 300;
    }
}
