package tme.api.service;

import java.util.Locale;

/**
 * The channel name in what people paste for one: {@code @durov}, {@code t.me/durov}, {@code t.me/s/durov},
 * {@code https://t.me/durov/123} (a post's link: its channel), {@code telegram.me/durov}, with any case in the scheme
 * and host, a {@code www.}, a trailing {@code /}, a query or a fragment. Anything else is not a name's form, and what
 * this takes out is checked as a name by {@link ChannelName} as usual.
 */
final class PastedName {

    private static final String[] HOSTS = {"t.me/", "telegram.me/"};

    private PastedName() {}

    /** The name part of {@code raw}, or null when {@code raw} is none of the pasted forms. */
    static String of(String raw) {
        if (raw == null || raw.isEmpty()) {
            return null;
        }
        if (raw.charAt(0) == '@') {
            return raw.substring(1);
        }
        String rest = afterHost(raw);
        return rest == null ? null : nameIn(rest);
    }

    /** What follows {@code [http[s]://][www.]t.me/}, or null when {@code raw} does not start with a t.me link. */
    private static String afterHost(String raw) {
        String rest = raw;
        String lower = rest.toLowerCase(Locale.ROOT);
        for (String scheme : new String[] {"https://", "http://"}) {
            if (lower.startsWith(scheme)) {
                rest = rest.substring(scheme.length());
                lower = lower.substring(scheme.length());
                break;
            }
        }
        if (lower.startsWith("www.")) {
            rest = rest.substring(4);
            lower = lower.substring(4);
        }
        for (String host : HOSTS) {
            if (lower.startsWith(host)) {
                return rest.substring(host.length());
            }
        }
        return null;
    }

    /** {@code [s/]name[/post][/][?query][#fragment]}: the name, or null for any other path. */
    private static String nameIn(String path) {
        String rest = cutAt(cutAt(path, '#'), '?');
        if (rest.startsWith("s/") || rest.startsWith("S/")) {
            rest = rest.substring(2);
        }
        if (rest.endsWith("/")) {
            rest = rest.substring(0, rest.length() - 1);
        }
        int slash = rest.indexOf('/');
        if (slash < 0) {
            return rest;
        }
        String post = rest.substring(slash + 1);
        return !post.isEmpty() && post.chars().allMatch(c -> c >= '0' && c <= '9') ? rest.substring(0, slash) : null;
    }

    private static String cutAt(String text, char mark) {
        int at = text.indexOf(mark);
        return at < 0 ? text : text.substring(0, at);
    }
}
