package tme.events;

import java.util.Objects;

/**
 * An event as the log holds it.
 *
 * @param id   its position in its log: {@code <millis>-<n>}, as Redis Streams write entry ids; ids of one log grow
 * @param seq  the publisher's number for it
 * @param data its bytes
 * @param restored whether a process gave it back to the log after Redis lost its data ({@link EventLog#restoreMarks}):
 *                 the log held it before, and readers that read it then have it
 * @param kind     what it is: {@link #EVENT} for an {@link Event} (sequence above 0), else a {@link Fact}'s kind
 */
public record Entry(String id, long seq, byte[] data, boolean restored, String kind) {

    /** The position before every entry. */
    public static final String START = "0-0";

    /** The kind of every entry appended from an {@link Event}. */
    public static final String EVENT = "event";

    public Entry {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(kind, "kind");
    }

    /** An event's entry, given back or not. */
    public Entry(String id, long seq, byte[] data, boolean restored) {
        this(id, seq, data, restored, EVENT);
    }

    /** An event's entry as published. */
    public Entry(String id, long seq, byte[] data) {
        this(id, seq, data, false);
    }

    /** The millisecond part of its id: when the log appended it. */
    public long millis() {
        return millis(id);
    }

    /** The millisecond part of entry id {@code id} (-1 when it does not read as one). */
    public static long millis(String id) {
        return parse(id)[0];
    }

    /** Whether this entry comes after position {@code id}. */
    public boolean after(String id) {
        return compare(this.id, id) > 0;
    }

    /** Orders two entry ids ({@code <millis>-<n>}): a negative number when {@code a} comes first. */
    public static int compare(String a, String b) {
        long[] x = parse(a);
        long[] y = parse(b);
        return x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]);
    }

    /** Whether {@code id} reads as an entry id. */
    public static boolean valid(String id) {
        return id != null && id.matches("\\d{1,19}-\\d{1,19}") && parse(id)[0] >= 0 && parse(id)[1] >= 0;
    }

    private static long[] parse(String id) {
        int dash = id.indexOf('-');
        try {
            return new long[] {Long.parseLong(id, 0, dash, 10), Long.parseLong(id, dash + 1, id.length(), 10)};
        } catch (NumberFormatException e) {
            return new long[] {-1, -1};
        }
    }
}
