package tme.api.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import tme.api.feed.FeedFilter;
import tme.api.feed.WordMatcher;
import tme.api.problem.InvalidInput;

/**
 * A feed's filter read from a request, each front end's way: query parameters ({@code GET /v1/feed}), JSON members
 * ({@code POST /v1/feed}) or GraphQL arguments, all as one {@code name -> value} lookup. A value is absent (null), a
 * string, a list (a JSON array, a GraphQL list, a query parameter given more than once), a boolean or a number.
 * Lists ({@code include}, {@code exclude}, {@code media}) take comma-separated strings too; empty items are skipped,
 * and a list left empty is absent. Anything else is a 422 naming the parameter.
 */
public final class FeedFilters {

    /** Most terms in {@code include} or {@code exclude}: a reader's word list, not a dictionary. */
    static final int MAX_TERMS = 50;
    /** Longest term, in characters. */
    static final int MAX_TERM = 128;
    /** Largest {@code min_views}: no post has been seen a trillion times. */
    static final long MAX_VIEWS = 1_000_000_000_000L;

    private FeedFilters() {}

    /** The filter {@code value} gives: {@code include}, {@code exclude}, {@code media}, {@code forwards},
     *  {@code replies}, {@code service}, {@code min_views}. */
    public static FeedFilter of(Function<String, Object> value) throws InvalidInput {
        return FeedFilter.of(terms("include", value.apply("include")), terms("exclude", value.apply("exclude")),
                kinds("media", value.apply("media")), flag("forwards", value.apply("forwards")),
                flag("replies", value.apply("replies")), flag("service", value.apply("service")),
                views("min_views", value.apply("min_views")));
    }

    private static List<String> terms(String name, Object raw) {
        List<String> terms = items(name, raw);
        if (terms.size() > MAX_TERMS) {
            throw Inputs.invalid(name, name + " holds at most " + MAX_TERMS + " terms: " + terms.size());
        }
        for (String term : terms) {
            if (term.length() > MAX_TERM) {
                throw Inputs.invalid(name, name + " terms are at most " + MAX_TERM + " characters: "
                        + Inputs.quoted(term));
            }
            if (!WordMatcher.hasWords(term)) {
                throw Inputs.invalid(name, name + " terms must hold a word or an emoji: " + Inputs.quoted(term));
            }
        }
        return terms;
    }

    private static List<String> kinds(String name, Object raw) {
        List<String> kinds = new ArrayList<>();
        for (String item : items(name, raw)) {
            String kind = item.toLowerCase(Locale.ROOT);
            if (!FeedFilter.kinds().contains(kind)) {
                throw Inputs.invalid(name, name + " kinds are " + String.join(", ", FeedFilter.kinds()) + ": "
                        + Inputs.quoted(item));
            }
            kinds.add(kind);
        }
        return kinds;
    }

    /** Absent is true (keep); a boolean, or the string {@code true} or {@code false}. */
    private static boolean flag(String name, Object raw) {
        return switch (raw) {
            case null -> true;
            case Boolean b -> b;
            case String s when s.equals("true") -> true;
            case String s when s.equals("false") -> false;
            case List<?> list -> throw Inputs.invalid(name, name + " is given once, true or false: " + list.size()
                    + " values");
            default -> throw Inputs.invalid(name, name + " must be true or false: " + shown(raw));
        };
    }

    /** Absent is 0; a whole number from 0 to {@link #MAX_VIEWS}. */
    private static long views(String name, Object raw) {
        Long value = switch (raw) {
            case null -> 0L;
            case Integer i -> (long) i;
            case Long l -> l;
            case String s when !s.isEmpty() && s.length() <= 13 && s.chars().allMatch(c -> c >= '0' && c <= '9') ->
                    Long.parseLong(s);
            case List<?> list -> throw Inputs.invalid(name, name + " is given once: " + list.size() + " values");
            default -> null;
        };
        if (value == null || value < 0 || value > MAX_VIEWS) {
            throw Inputs.invalid(name, name + " must be an integer from 0 to " + MAX_VIEWS + ": " + shown(raw));
        }
        return value;
    }

    /** A list's items: strings split at commas, trimmed; an empty string is none, an empty item is kept (and refused). */
    private static List<String> items(String name, Object raw) {
        List<?> values = switch (raw) {
            case null -> List.of();
            case String s -> List.of(s);
            case List<?> list -> list;
            default -> throw Inputs.invalid(name, name + " must be a comma-separated string or a list of strings: "
                    + shown(raw));
        };
        List<String> items = new ArrayList<>();
        for (Object value : values) {
            if (!(value instanceof String text)) {
                throw Inputs.invalid(name, name + " must list strings: " + shown(value));
            }
            if (text.isEmpty()) {
                continue; // `include=`: no terms, as an empty list is written in a query
            }
            for (String item : text.split(",", -1)) {
                items.add(item.strip()); // an empty or blank item ("a,,b") is refused by its kind's check
            }
        }
        return items;
    }

    private static String shown(Object raw) {
        return raw instanceof String s ? Inputs.quoted(s) : String.valueOf(raw);
    }
}
