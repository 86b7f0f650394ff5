package tme.api.feed;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import tme.scraper.model.Content;
import tme.scraper.model.Media;
import tme.scraper.model.Post;
import tme.scraper.model.Reaction;

/**
 * A post's feed score: the prior art's formula (contract section 6) with its faults fixed. Each part is a method
 * named as in {@code docs/api.md}, so the documented worked example can be computed part by part.
 *
 * <pre>
 * score      = min( (0.4 x engagement + 0.2 x content + 0.02 if edited) x freshness(hours), 10 )
 * engagement = ( min(views / S, 10) + min(reactions / S, 1) ) / 2        S: the channel's subscribers
 * content    = min( sum over media kinds of min(n, 10) x weight + min(letters / 500, 2) x 0.1 + 0.3 if a poll, 3 )
 * freshness  = 1 - 0.2 x h/24 for h <= 24, then 0.8 x (24 / h)^2: continuous, always falling
 * </pre>
 * After the first day freshness falls as a power of the age, not exponentially: the prior art's e^(-0.8 days) is
 * 1e-70 at 200 days and 0 (a double's underflow) past about 930, so the recorded pages of months or years ago all
 * scored the same and ranked by date alone. A power law stays a readable, strictly falling number for any age.
 */
final class Score {

    /** Reactions that count against a post (the prior art's list, with 💩 and 🤮); every other one counts for it. */
    static final Set<String> NEGATIVE = Set.of("👎", "😡", "😢", "🤬", "🤡", "💩", "🤮");
    static final double POLL_WEIGHT = 0.3;

    /** What each kind of media adds per item (up to 10 items of a kind). */
    static final Map<Kind, Double> WEIGHTS = weights();

    enum Kind { PHOTO, VIDEO, ROUND_VIDEO, GIF, VOICE, AUDIO, DOCUMENT, STICKER, LOCATION, UNSUPPORTED }

    private Score() {}

    /** The score of {@code post} at {@code now}, in a channel of {@code subscribers} readers (at least 1). */
    static double of(Post post, double subscribers, Instant now) {
        double base = 0.4 * engagement(post, subscribers) + 0.2 * content(post.content())
                + (post.footer().edited() ? 0.02 : 0);
        return Math.min(base * freshness(post, now), 10);
    }

    static double engagement(Post post, double subscribers) {
        Long views = post.footer().viewsCount();
        double reach = Math.min((views == null ? 0 : views) / subscribers, 10);
        double appreciation = Math.min(reactions(post.content()) / subscribers, 1);
        return (reach + appreciation) / 2;
    }

    /** Every reaction counts once (stars and custom emoji too), a negative one against. */
    static double reactions(Content content) {
        double sum = 0;
        for (Reaction reaction : content.reactions()) {
            Long count = reaction.countValue();
            if (count != null) {
                sum += negative(reaction) ? -count : count;
            }
        }
        return sum;
    }

    static double content(Content content) {
        Map<Kind, Integer> counts = new EnumMap<>(Kind.class);
        content.media().forEach(media -> counts.merge(kind(media), 1, Integer::sum));
        double media = 0;
        for (Map.Entry<Kind, Integer> count : counts.entrySet()) {
            media += Math.min(count.getValue(), 10) * WEIGHTS.get(count.getKey());
        }
        double poll = content.poll() == null ? 0 : POLL_WEIGHT;
        return Math.min(media + poll + Math.min(letters(content) / 500.0, 2) * 0.1, 3);
    }

    /** 1 when new, 0.8 a day old, a quarter of that at two days, falling ever after; 0 for a post without a date. */
    static double freshness(Post post, Instant now) {
        if (post.footer().date() == null) {
            return 0;
        }
        Instant posted = Instant.ofEpochSecond(post.footer().date().unix());
        return freshness(Math.max(0, Duration.between(posted, now).toMillis() / 3_600_000.0));
    }

    static double freshness(double hours) {
        if (hours <= 24) {
            return 1 - 0.2 * hours / 24;
        }
        double days = hours / 24;
        return 0.8 / (days * days);
    }

    static Kind kind(Media media) {
        return switch (media) {
            case Media.Photo p -> Kind.PHOTO;
            case Media.Video v -> Kind.VIDEO;
            case Media.RoundVideo r -> Kind.ROUND_VIDEO;
            case Media.Gif g -> Kind.GIF;
            case Media.Voice v -> Kind.VOICE;
            case Media.Audio a -> Kind.AUDIO;
            case Media.Document d -> Kind.DOCUMENT;
            case Media.Sticker s -> Kind.STICKER;
            case Media.Location l -> Kind.LOCATION;
            case Media.Unsupported u -> Kind.UNSUPPORTED;
        };
    }

    /** The text's length in code points, as the prior art's {@code len(text)}. */
    private static int letters(Content content) {
        return content.text() == null ? 0 : content.text().string().codePointCount(0, content.text().string().length());
    }

    private static boolean negative(Reaction reaction) {
        return reaction instanceof Reaction.Emoji emoji && emoji.emoji() != null
                && NEGATIVE.contains(emoji.emoji().replace("\uFE0F", ""));
    }

    private static Map<Kind, Double> weights() {
        Map<Kind, Double> weights = new EnumMap<>(Kind.class);
        weights.put(Kind.PHOTO, 0.3);
        weights.put(Kind.VIDEO, 0.5);
        weights.put(Kind.ROUND_VIDEO, 0.5);
        weights.put(Kind.GIF, 0.2);
        weights.put(Kind.VOICE, 0.2);
        weights.put(Kind.AUDIO, 0.2);
        weights.put(Kind.DOCUMENT, 0.2);
        weights.put(Kind.STICKER, 0.1);
        weights.put(Kind.LOCATION, 0.1);
        weights.put(Kind.UNSUPPORTED, 0.1);
        return Map.copyOf(weights);
    }
}
