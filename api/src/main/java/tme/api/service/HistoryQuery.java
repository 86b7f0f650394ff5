package tme.api.service;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import tme.api.problem.InvalidInput;
import tme.api.render.PostSlices;

/**
 * What one history request asks for: where to start ({@code before}, else the newest post), the dates to keep
 * ({@code since} to {@code until}, both included) and how many posts at most ({@code limit}, at most
 * {@code HISTORY_MAX_POSTS}). Dates are an ISO-8601 date ({@code 2026-04-15}: that day's start, UTC) or a date and
 * time with its offset ({@code 2026-04-15T20:18:53Z}, {@code 2026-04-15T23:18:53+03:00}).
 *
 * @param before where the walk starts ({@link Position#LATEST}: the newest post)
 * @param since  the oldest date kept, in Unix seconds ({@link Long#MIN_VALUE}: none)
 * @param until  the newest date kept, in Unix seconds ({@link Long#MAX_VALUE}: none)
 * @param limit  the most posts answered
 */
public record HistoryQuery(Position before, long since, long until, int limit) {

    /** What a walk does with a post. */
    public enum Verdict {
        /** Answer it. */
        KEEP,
        /** Newer than {@code until}: pass over it, and go on. */
        SKIP,
        /** Older than {@code since}: the walk is over. */
        STOP
    }

    /** The request's raw parameters (each null when absent), or 422 naming the first bad one. */
    public static HistoryQuery parse(String before, String since, String until, String limit, int maxPosts)
            throws InvalidInput {
        long from = since == null ? Long.MIN_VALUE : date("since", since);
        long to = until == null ? Long.MAX_VALUE : date("until", until);
        if (from > to) {
            throw Inputs.invalid("since", "since must not be after until: " + Inputs.quoted(since));
        }
        return new HistoryQuery(Position.optional("before", before), from, to, limit(limit, maxPosts));
    }

    /** Where {@code post} stands against the dates asked for; a post t.me shows no date for is kept. */
    public Verdict verdict(PostSlices.Slice post) {
        if (post.unix() == 0) {
            return Verdict.KEEP;
        }
        if (post.unix() < since) {
            return Verdict.STOP;
        }
        return post.unix() > until ? Verdict.SKIP : Verdict.KEEP;
    }

    private static long date(String parameter, String raw) {
        try {
            return raw.length() == 10
                    ? LocalDate.parse(raw).atStartOfDay(ZoneOffset.UTC).toEpochSecond()
                    : OffsetDateTime.parse(raw).toEpochSecond();
        } catch (DateTimeParseException e) {
            throw Inputs.invalid(parameter, parameter + " must be a date (2026-04-15) or a date and time with its"
                    + " offset (2026-04-15T20:18:53Z): " + Inputs.quoted(raw));
        }
    }

    private static int limit(String raw, int maxPosts) {
        if (raw == null) {
            return maxPosts;
        }
        if (Inputs.digits(raw)) {
            int value = Integer.parseInt(raw);
            if (value >= 1 && value <= maxPosts) {
                return value;
            }
        }
        throw Inputs.invalid("limit", "limit must be an integer from 1 to " + maxPosts + ": " + Inputs.quoted(raw));
    }
}
