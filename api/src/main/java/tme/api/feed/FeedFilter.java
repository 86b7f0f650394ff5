package tme.api.feed;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Predicate;
import tme.api.render.JsonRender;
import tme.scraper.model.Content;
import tme.scraper.model.LinkPreview;
import tme.scraper.model.Media;
import tme.scraper.model.Poll;
import tme.scraper.model.Post;

/**
 * What a reader keeps of a feed, applied after ranking (so {@code limit} counts what is kept). Every part is
 * optional and they all must hold:
 * <ul>
 *   <li>{@code include}: the post's words hold one of the terms; {@code exclude}: they hold none
 *       ({@link WordMatcher}). A post's words are its text (a caption, a service message's text), its link
 *       preview (site name, title, description) and its poll (question, options).</li>
 *   <li>{@code media}: the post has media of one of the kinds, named as the wire names them ({@code image},
 *       {@code video}, ...), or {@code poll} for a poll.</li>
 *   <li>{@code forwards}, {@code replies}, {@code service} false: forwarded posts, replies, service messages are
 *       dropped (true, the default, keeps them).</li>
 *   <li>{@code minViews}: the post shows at least that many views (a post that shows none is dropped).</li>
 * </ul>
 * Terms and kinds are held normalised and sorted, so equal filters have one {@link #canonical()} form: the feed's
 * cache key and its own URL.
 */
public final class FeedFilter implements Predicate<Post> {

    /** The kind {@code media} names for a poll, which the wire keeps beside the media list. */
    public static final String POLL = "poll";

    /** Keeps every post. */
    public static final FeedFilter NONE = new FeedFilter(new TreeSet<>(), new TreeSet<>(), new TreeSet<>(),
            true, true, true, 0);

    private final SortedSet<String> include;
    private final SortedSet<String> exclude;
    private final SortedSet<String> media;
    private final boolean forwards;
    private final boolean replies;
    private final boolean service;
    private final long minViews;
    private final WordMatcher included;
    private final WordMatcher excluded;
    private final String canonical;

    private FeedFilter(SortedSet<String> include, SortedSet<String> exclude, SortedSet<String> media,
                       boolean forwards, boolean replies, boolean service, long minViews) {
        this.include = include;
        this.exclude = exclude;
        this.media = media;
        this.forwards = forwards;
        this.replies = replies;
        this.service = service;
        this.minViews = minViews;
        this.included = WordMatcher.of(List.copyOf(include));
        this.excluded = WordMatcher.of(List.copyOf(exclude));
        this.canonical = render();
    }

    /**
     * A filter of already validated parts: terms holding a word each, kinds of {@link #kinds()}, views not negative.
     * Terms are normalised ({@link WordMatcher#normalised}) and, with the kinds, deduplicated and sorted here.
     */
    public static FeedFilter of(List<String> include, List<String> exclude, List<String> media, boolean forwards,
                                boolean replies, boolean service, long minViews) {
        if (minViews < 0) {
            throw new IllegalArgumentException("minViews must not be negative: " + minViews);
        }
        for (String kind : media) {
            if (!kinds().contains(kind)) {
                throw new IllegalArgumentException("not a media kind: " + kind);
            }
        }
        return new FeedFilter(terms(include), terms(exclude), new TreeSet<>(media), forwards, replies, service,
                minViews);
    }

    /** The kinds {@code media} may name: every media {@code type} of the wire, and {@code poll}. */
    public static List<String> kinds() {
        List<String> kinds = new ArrayList<>(JsonRender.mediaTypes());
        kinds.add(POLL);
        return kinds;
    }

    /** Whether this filter keeps every post. */
    public boolean none() {
        return canonical().isEmpty();
    }

    @Override
    public boolean test(Post post) {
        if (!forwards && post.forwarded() != null
                || !replies && post.content().reply() != null
                || !service && post.content().service() != null) {
            return false;
        }
        if (minViews > 0 && !(post.footer().viewsCount() instanceof Long views && views >= minViews)) {
            return false;
        }
        if (!media.isEmpty() && !hasKind(post.content())) {
            return false;
        }
        if (included.isEmpty() && excluded.isEmpty()) {
            return true;
        }
        List<Words.Word> words = words(post.content());
        return (included.isEmpty() || included.anyIn(words)) && !excluded.anyIn(words);
    }

    /**
     * The filter as URL parameters in one order, values normalised and percent-encoded, parts that keep everything
     * left out: {@code include=a,b&exclude=c&media=image&forwards=false&replies=false&service=false&min_views=N}.
     * Empty for {@link #NONE}.
     */
    public String canonical() {
        return canonical;
    }

    private String render() {
        List<String> parts = new ArrayList<>();
        list(parts, "include", include);
        list(parts, "exclude", exclude);
        list(parts, "media", media);
        flag(parts, "forwards", forwards);
        flag(parts, "replies", replies);
        flag(parts, "service", service);
        if (minViews > 0) {
            parts.add("min_views=" + minViews);
        }
        return String.join("&", parts);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FeedFilter that && canonical().equals(that.canonical());
    }

    @Override
    public int hashCode() {
        return Objects.hash(canonical());
    }

    @Override
    public String toString() {
        return "FeedFilter[" + canonical() + "]";
    }

    private boolean hasKind(Content content) {
        if (content.poll() != null && media.contains(POLL)) {
            return true;
        }
        for (Media item : content.media()) {
            if (media.contains(JsonRender.mediaType(item))) {
                return true;
            }
        }
        return false;
    }

    /** The words a reader's terms are matched against, in one list (a term never spans two parts: see below). */
    private static List<Words.Word> words(Content content) {
        List<Words.Word> words = new ArrayList<>();
        // A separator word no term can hold keeps "new" at the end of the text and "york" in the preview apart.
        Words.Word gap = new Words.Word(" ", (char) 0);
        add(words, content.text() == null ? null : content.text().string(), gap);
        LinkPreview preview = content.preview();
        if (preview != null) {
            add(words, preview.siteName(), gap);
            add(words, preview.title(), gap);
            add(words, preview.description() == null ? null : preview.description().string(), gap);
        }
        Poll poll = content.poll();
        if (poll != null) {
            add(words, poll.question(), gap);
            poll.options().forEach(option -> add(words, option.name(), gap));
        }
        return words;
    }

    private static void add(List<Words.Word> words, String text, Words.Word gap) {
        if (text != null && !text.isEmpty()) {
            words.addAll(Words.of(text));
            words.add(gap);
        }
    }

    private static SortedSet<String> terms(List<String> raw) {
        SortedSet<String> terms = new TreeSet<>();
        for (String term : raw) {
            String normal = WordMatcher.normalised(term);
            if (!normal.isEmpty()) {
                terms.add(normal);
            }
        }
        return terms;
    }

    private static void list(List<String> parts, String name, SortedSet<String> values) {
        if (!values.isEmpty()) {
            List<String> encoded = values.stream().map(v -> URLEncoder.encode(v, StandardCharsets.UTF_8)).toList();
            parts.add(name + "=" + String.join(",", encoded));
        }
    }

    private static void flag(List<String> parts, String name, boolean keep) {
        if (!keep) {
            parts.add(name + "=false");
        }
    }
}
