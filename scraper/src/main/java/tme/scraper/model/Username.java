package tme.scraper.model;

/** What t.me takes as a public username (a channel's, or a mention's): the one rule, for every layer that checks one. */
public final class Username {

    private Username() {}

    /**
     * {@code ^[A-Za-z][A-Za-z0-9_]{3,31}$}, checked by hand: every REST and GraphQL read checks a name, and a regex
     * match was a visible share of a hit's CPU.
     */
    public static boolean valid(String name) {
        if (name == null || name.length() < 4 || name.length() > 32 || !letter(name.charAt(0))) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!letter(c) && !(c >= '0' && c <= '9') && c != '_') {
                return false;
            }
        }
        return true;
    }

    private static boolean letter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
