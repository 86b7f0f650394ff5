package tme.bench.http;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A GET to send again and again: where to connect and the exact bytes, built once.
 *
 * @param address the server
 * @param bytes   the request line and headers, ending with the empty line
 * @param label   the URL, for messages
 */
public record Request(InetSocketAddress address, byte[] bytes, String label) {

    /** {@code GET} of {@code url}'s path and query with a Host header and {@code headers} ("Name: value"). */
    public static Request get(URI url, List<String> headers) {
        if (!"http".equals(url.getScheme()) || url.getHost() == null) {
            throw new IllegalArgumentException("want an http:// URL with a host: " + url);
        }
        int port = url.getPort() == -1 ? 80 : url.getPort();
        String target = (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        StringBuilder text = new StringBuilder("GET ").append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(url.getHost()).append(':').append(port).append("\r\n");
        for (String header : headers) {
            if (header.indexOf(':') < 1 || header.contains("\r") || header.contains("\n")) {
                throw new IllegalArgumentException("want a header as \"Name: value\": " + header);
            }
            text.append(header).append("\r\n");
        }
        text.append("\r\n");
        byte[] bytes = text.toString().getBytes(StandardCharsets.US_ASCII);
        return new Request(new InetSocketAddress(url.getHost(), port), bytes, url.toString());
    }
}
