package tme.scraper.testing.fuzz;

import java.util.List;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik arbitraries for {@link MutatedPage}s. Every value is built from small shrinkable parts (fractions,
 * lists, code points), so a failing page shrinks to the fewest mutations, the earliest targets and the
 * shortest texts that still fail.
 */
public final class PageMutations {

    /** Up to this many mutations per page: enough to combine, few enough to read in a failure report. */
    private static final int MAX_MUTATIONS = 8;

    private PageMutations() {}

    /** One of {@code fixtures}, mutated, and cut in 3 cases out of 10. */
    public static Arbitrary<MutatedPage> pages(List<String> fixtures) {
        return Combinators.combine(
                Arbitraries.of(fixtures),
                mutation().list().ofMinSize(1).ofMaxSize(MAX_MUTATIONS),
                fraction().injectNull(0.7)).as(MutatedPage::new);
    }

    static Arbitrary<PageMutation> mutation() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, fraction().map(PageMutation.Remove::new)),
                Tuple.of(2, Combinators.combine(attributeName(), fraction()).as(PageMutation.DropAttribute::new)),
                Tuple.of(3, Combinators.combine(attributeName(), fraction(), attributeValue())
                        .as(PageMutation.SetAttribute::new)),
                Tuple.of(2, fraction().map(PageMutation.Duplicate::new)),
                Tuple.of(1, Combinators.combine(fraction(), fraction()).as(PageMutation.Move::new)),
                Tuple.of(2, Combinators.combine(fraction(), fraction()).as(PageMutation.Reclass::new)),
                Tuple.of(3, Combinators.combine(fraction(), text()).as(PageMutation.ReplaceText::new)),
                Tuple.of(2, Combinators.combine(fraction(), markup()).as(PageMutation.Wrap::new)));
    }

    /** The attributes the parsers read (see {@code Selectors}), so a change of value reaches them. */
    static Arbitrary<String> attributeName() {
        return Arbitraries.of("class", "href", "style", "data-post", "data-view", "data-before", "data-after",
                "datetime", "emoji-id", "src", "srcset", "data-webp", "data-waveform", "onclick", "content", "loop",
                "type", "rel", "dir");
    }

    /** Markup t.me writes in texts, and blocks, links and emoji images in odd places. */
    static Arbitrary<String> markup() {
        return Arbitraries.of("<b></b>", "<i></i>", "<u></u>", "<s></s>", "<code></code>", "<pre></pre>",
                "<pre class=\"language-\"></pre>", "<blockquote></blockquote>", "<tg-spoiler></tg-spoiler>",
                "<span class=\"tg-spoiler\"></span>", "<a href=\"https://t.me/durov\"></a>", "<a href=\"?q=%23x\"></a>",
                "<a href=\"mailto:a@b.c\"></a>", "<a onclick=\"return confirm('?')\" href=\"//x.org\"></a>",
                "<a href=\"javascript:alert(1)\"></a>", "<a href=\" data:text/html,x\"></a>",
                "<tg-emoji emoji-id=\"5368324170671202286\"></tg-emoji>",
                "<i class=\"emoji\" style=\"background-image:url('//telegram.org/img/emoji/40/F09F918D.png')\"></i>",
                "<div class=\"tgme_widget_message_text js-message_text\"></div>",
                "<div class=\"tgme_widget_message_reply\"></div>");
    }

    /** A target in [0, 1); shrinks towards 0, the page's first element. */
    static Arbitrary<Double> fraction() {
        return Arbitraries.doubles().between(0, true, 1, false).ofScale(4);
    }

    /** Text from the alphabets that break text code: see {@link #codePoint()}. */
    public static Arbitrary<String> text() {
        return codePoint().list().ofMaxSize(12)
                .map(points -> points.stream().map(Character::toString).collect(Collectors.joining()));
    }

    /** Values that break attribute readers (ids, dates, URLs, styles, numbers), or any text. */
    static Arbitrary<String> attributeValue() {
        return Arbitraries.frequencyOf(
                Tuple.of(1, Arbitraries.of("", "0", "-1", "481", "2147483648", "99999999999999999999", "durov/",
                        "durov/481", "/481", "durov/481?single", "x/0", "//telegram.org/a.png", "javascript:alert(1)",
                        "data:,", "https://t.me/durov/481", "?q=%23tag", "tg://resolve?domain=x", "mailto:",
                        "2026-13-45T99:99:99+00:00", "yesterday", "background-image:url('')",
                        "background-image:url('//telegram.org/img/emoji/40/F09F918D.png')", "return confirm(")),
                Tuple.of(1, text()));
    }

    /**
     * Characters that text code gets wrong: ASCII (markup characters included), Cyrillic, Arabic (right to left),
     * CJK, combining marks, emoji outside the BMP (surrogate pairs), flags, joiners and variation selectors,
     * whitespace of every kind, controls, and now and then half of a surrogate pair.
     */
    static Arbitrary<Integer> codePoint() {
        return Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.integers().between(0x20, 0x7E)),
                Tuple.of(2, Arbitraries.integers().between(0x0400, 0x04FF)),
                Tuple.of(1, Arbitraries.integers().between(0x0600, 0x06FF)),
                Tuple.of(1, Arbitraries.integers().between(0x4E00, 0x4FFF)),
                Tuple.of(2, Arbitraries.integers().between(0x0300, 0x036F)),
                Tuple.of(3, Arbitraries.integers().between(0x1F300, 0x1FAFF)),
                Tuple.of(1, Arbitraries.integers().between(0x1F1E6, 0x1F1FF)),
                Tuple.of(2, Arbitraries.of(0x200D, 0xFE0F, 0x200B, 0x200E, 0x200F, 0x202E, 0xFEFF)),
                Tuple.of(3, Arbitraries.of(0x20, 0x0A, 0x09, 0x0D, 0xA0, 0x2028, 0x3000, 0x202F)),
                Tuple.of(1, Arbitraries.integers().between(0x00, 0x1F)),
                Tuple.of(1, Arbitraries.integers().between(0xD800, 0xDFFF)));
    }
}
