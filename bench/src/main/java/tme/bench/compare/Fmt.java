package tme.bench.compare;

import java.util.Locale;

/** How the table writes numbers: counts with thousands separators, milliseconds to 2-3 significant digits. */
public final class Fmt {

    public static final String NONE = "–";

    private Fmt() {}

    /** 12345.6 -> {@code 12,346}. */
    public static String count(double value) {
        return String.format(Locale.ROOT, "%,d", Math.round(value));
    }

    /** 0.123 -> {@code 0.12}, 12.34 -> {@code 12.3}, 123.4 -> {@code 123}. */
    public static String ms(double value) {
        if (value < 10) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
        return String.format(Locale.ROOT, value < 100 ? "%.1f" : "%.0f", value);
    }

    /** {@code a / b} to two decimals, or {@link #NONE} when {@code b} is not positive. */
    public static String ratio(double a, double b) {
        return b > 0 ? String.format(Locale.ROOT, "%.2f", a / b) : NONE;
    }

    /** A share of a total as a whole percentage. */
    public static String percent(double part, double total) {
        return total > 0 ? String.format(Locale.ROOT, "%.0f%%", 100 * part / total) : NONE;
    }
}
