package tme.scraper.model;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The number behind a count as t.me shows it: {@code "15"}, {@code "1.2K"} (1200), {@code "2.19M"} (2190000),
 * {@code "1B"}, with the group separators of {@code "10 552 044 subscribers"} and a decimal comma
 * ({@code "3,4K"}) too. Words after the number are ignored. A shown count is rounded by t.me (three significant
 * digits above a thousand), so the number is as exact as the text, no more.
 */
public final class ShownCount {

    // A grouped integer (1 234, 1,234) or plain digits; a decimal part; a suffix; then nothing, or a space and words.
    private static final Pattern COUNT = Pattern.compile(
            "(\\d{1,3}(?:[ \\u00a0\\u202f,']\\d{3})+|\\d+)(?:[.,](\\d+))?\\s?([KkMmBb])?(?:\\s.*)?");
    private static final int MOST_DIGITS = 18;

    private ShownCount() {}

    /** The number, or null when {@code shown} is absent or does not start with one. */
    public static Long parse(String shown) {
        if (shown == null) {
            return null;
        }
        Matcher matcher = COUNT.matcher(shown.strip());
        if (!matcher.matches()) {
            return null;
        }
        String grouped = matcher.group(1);
        String fraction = matcher.group(2) == null ? "" : matcher.group(2);
        int wholeDigits = digits(grouped);
        if (wholeDigits + fraction.length() > MOST_DIGITS) {
            return null;
        }
        // Read on every post and reaction of every page parsed: long arithmetic, no BigDecimal or regex per call.
        long value = 0;
        for (int i = 0; i < grouped.length(); i++) {
            char c = grouped.charAt(i);
            if (c >= '0' && c <= '9') {
                value = value * 10 + (c - '0');
            }
        }
        int exponent = exponent(matcher.group(3));
        for (int i = 0; i < fraction.length(); i++) {
            value = value * 10 + (fraction.charAt(i) - '0');
        }
        int scale = exponent - fraction.length(); // the fraction's digits were taken as whole ones
        try {
            for (int i = 0; i < scale; i++) {
                value = Math.multiplyExact(value, 10L);
            }
        } catch (ArithmeticException tooLarge) {
            return null;
        }
        for (int i = 0; i > scale; i--) {
            value /= 10; // digits below one: dropped, as a shown count has none
        }
        return value;
    }

    private static int digits(String text) {
        int digits = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= '0' && text.charAt(i) <= '9') {
                digits++;
            }
        }
        return digits;
    }

    private static int exponent(String suffix) {
        if (suffix == null) {
            return 0;
        }
        return switch (Character.toUpperCase(suffix.charAt(0))) {
            case 'K' -> 3;
            case 'M' -> 6;
            default -> 9;
        };
    }
}
