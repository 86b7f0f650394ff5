package tme.bench.mixed;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Every distinct request the mixed load can send, by route class and key. Channels are {@code mix0000},
 * {@code mix0001}... (the fake t.me serves any name as durov's recorded page), ranked by popularity: key {@code k}
 * of a per-channel class is channel {@code k}; of {@code post}, channel {@code k / 3} and the k-th of three ids on
 * its page; of {@code previews} and {@code feed}, the group of {@code groupSize} channels from channel {@code k} on
 * (wrapping), so a popular group holds popular channels, as a reader's subscriptions do. The bytes of each request
 * are made when asked for: a few hundred bytes, made on the generator's one thread at a few thousand a second.
 */
public final class Catalogue {

    /** Ids on durov's recorded page, so each post exists on every channel served as it. */
    static final int[] POST_IDS = {502, 495, 488};

    private final int channels;
    private final int groupSize;
    private final String extraHeaders; // "Name: value\r\n" each

    /** {@code headers}: more request headers, "Name: value" each (e.g. Accept-Encoding). */
    public Catalogue(int channels, int groupSize, List<String> headers) {
        if (channels < 1 || channels > 10_000 || groupSize < 1 || groupSize > Math.min(channels, 100)) {
            throw new IllegalArgumentException("want 1..10000 channels and a group of 1..min(channels, 100): "
                    + channels + ", " + groupSize);
        }
        this.channels = channels;
        this.groupSize = groupSize;
        for (String header : headers) {
            if (header.indexOf(':') < 1 || header.contains("\r") || header.contains("\n")) {
                throw new IllegalArgumentException("want a header as \"Name: value\": " + header);
            }
        }
        this.extraHeaders = headers.stream().map(h -> h + "\r\n").collect(Collectors.joining());
    }

    public int channels() {
        return channels;
    }

    /** How many distinct requests {@code c} has. */
    public int keys(RouteClass c) {
        return c == RouteClass.POST ? channels * POST_IDS.length : channels;
    }

    static String channel(int rank) {
        return String.format(Locale.ROOT, "mix%04d", rank);
    }

    private List<String> group(int first) {
        return IntStream.range(0, groupSize).mapToObj(k -> channel((first + k) % channels)).sorted().toList();
    }

    /** The request line, headers and body of key {@code key} of {@code c}. */
    public byte[] request(RouteClass c, int key) {
        return switch (c) {
            case BODY -> get("/v1/body/" + channel(key));
            case POST -> get("/v1/post/" + channel(key / POST_IDS.length) + "/" + POST_IDS[key % POST_IDS.length]);
            case PREVIEWS -> post("/v1/previews", "{\"channels\":[" + group(key).stream()
                    .map(ch -> "\"" + ch + "\"").collect(Collectors.joining(",")) + "]}");
            case FEED -> get("/v1/feed?limit=20&channels=" + String.join(",", group(key)));
            case GRAPHQL -> post("/graphql", "{\"query\":\"{ body(channel: \\\"" + channel(key)
                    + "\\\") { channel { username } content { posts { id footer { views } } } } }\"}");
            case ATOM -> get("/feeds/" + channel(key) + ".atom");
        };
    }

    private byte[] get(String target) {
        return ("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extraHeaders + "\r\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    private byte[] post(String target, String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        byte[] head = ("POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extraHeaders
                + "Content-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] bytes = new byte[head.length + body.length];
        System.arraycopy(head, 0, bytes, 0, head.length);
        System.arraycopy(body, 0, bytes, head.length, body.length);
        return bytes;
    }
}
