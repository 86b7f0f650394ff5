package tme.api.outbound;

import io.vertx.core.Future;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An allow-list of hosts ({@code MEDIA_HOSTS}): comma-separated entries, each a host name pattern, where {@code *}
 * stands for letters, digits and hyphens within one label ({@code cdn*.telesco.pe} is {@code cdn4.telesco.pe}, not
 * {@code evil.com.telesco.pe}). A bare pattern allows https on its default port only; {@code http://host} allows
 * plain http to that exact host on any port (tests on loopback). Nothing else is allowed: no user info, no IP
 * literal unless listed as one, no other scheme.
 */
public final class HostAllowList implements OutboundRule {

    /** Telegram's CDN hosts seen in t.me's pages: {@code cdn*.telesco.pe} since 2025, the two older names before. */
    public static final String TELEGRAM_CDN = "cdn*.telesco.pe,cdn*.cdn-telegram.org,cdn*.telegram-cdn.org";

    private static final Pattern ENTRY = Pattern.compile("(http://)?([a-z0-9*\\-]+(\\.[a-z0-9*\\-]+)*)");

    private record Entry(boolean plainHttp, Pattern host) {}

    private final List<Entry> entries;
    private final String text;

    private HostAllowList(List<Entry> entries, String text) {
        this.entries = List.copyOf(entries);
        this.text = text;
    }

    /** Parses {@code text}; a bad entry is named with {@code setting} ({@code MEDIA_HOSTS has a bad entry: ...}). */
    public static HostAllowList parse(String setting, String text) {
        List<Entry> entries = new ArrayList<>();
        for (String raw : text.split(",", -1)) {
            String entry = raw.strip().toLowerCase(Locale.ROOT);
            var match = ENTRY.matcher(entry);
            if (!match.matches() || (match.group(1) != null && entry.contains("*"))) {
                throw new IllegalArgumentException(setting + " has a bad entry (a host pattern such as cdn*.telesco.pe,"
                        + " or http://host): \"" + raw.strip() + "\"");
            }
            entries.add(new Entry(match.group(1) != null, hostPattern(match.group(2))));
        }
        return new HostAllowList(entries, text);
    }

    /** The verdict on {@code url}, at once: a host name is judged by its name, so nothing is looked up. */
    @Override
    public Future<Verdict> check(URI url) {
        return Future.succeededFuture(Verdict.of(refusal(url)));
    }

    /** A CDN redirects between its hosts; each target is checked against the list in turn. */
    @Override
    public boolean followsRedirects() {
        return true;
    }

    /** Why {@code url} is not on the list, or empty when it is. */
    public Optional<String> refusal(URI url) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        String host = url.getHost() == null ? null : url.getHost().toLowerCase(Locale.ROOT);
        if (host == null || url.getRawUserInfo() != null || !(scheme.equals("https") || scheme.equals("http"))) {
            return Optional.of("not an http(s) URL with a host: " + url);
        }
        boolean https = scheme.equals("https");
        for (Entry entry : entries) {
            if (!entry.host().matcher(host).matches()) {
                continue;
            }
            if (entry.plainHttp() ? !https : https && (url.getPort() == -1 || url.getPort() == 443)) {
                return Optional.empty();
            }
        }
        return Optional.of("host " + host + " (" + scheme + ") is not on the allow-list " + text);
    }

    @Override
    public String toString() {
        return text;
    }

    private static Pattern hostPattern(String host) {
        StringBuilder regex = new StringBuilder();
        String[] parts = host.split("\\*", -1);
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                regex.append("[a-z0-9\\-]*");
            }
            regex.append(Pattern.quote(parts[i]));
        }
        return Pattern.compile(regex.toString());
    }
}
