package tme.scraper.testing.fuzz;

import static tme.scraper.testing.fuzz.Draw.Weighted.of;

import java.util.List;

/**
 * Draws {@link MutatedPage}s: which fixture, which mutations (kinds weighted as below), which targets and
 * values, and whether and where the HTML is cut. Every value comes from the {@link Draw} it is given, so a page
 * is a function of the seed of that draw.
 */
public final class PageMutations {

    /** Up to this many mutations per page: enough to combine, few enough to read in a failure report. */
    private static final int MAX_MUTATIONS = 8;
    /** Up to this many code points in a hostile text. */
    private static final int MAX_TEXT = 12;
    /** The HTML is cut in 3 pages out of 10. */
    private static final double CUT_CHANCE = 0.3;

    private static final List<String> ATTRIBUTE_NAMES = List.of("class", "href", "style", "data-post", "data-view",
            "data-before", "data-after", "datetime", "emoji-id", "src", "srcset", "data-webp", "data-waveform",
            "onclick", "content", "loop", "type", "rel", "dir");

    private static final List<String> MARKUP = List.of("<b></b>", "<i></i>", "<u></u>", "<s></s>", "<code></code>",
            "<pre></pre>", "<pre class=\"language-\"></pre>", "<blockquote></blockquote>", "<tg-spoiler></tg-spoiler>",
            "<span class=\"tg-spoiler\"></span>", "<a href=\"https://t.me/durov\"></a>", "<a href=\"?q=%23x\"></a>",
            "<a href=\"mailto:a@b.c\"></a>", "<a onclick=\"return confirm('?')\" href=\"//x.org\"></a>",
            "<a href=\"javascript:alert(1)\"></a>", "<a href=\" data:text/html,x\"></a>",
            "<tg-emoji emoji-id=\"5368324170671202286\"></tg-emoji>",
            "<i class=\"emoji\" style=\"background-image:url('//telegram.org/img/emoji/40/F09F918D.png')\"></i>",
            "<div class=\"tgme_widget_message_text js-message_text\"></div>",
            "<div class=\"tgme_widget_message_reply\"></div>");

    private static final List<String> ATTRIBUTE_VALUES = List.of("", "0", "-1", "481", "2147483648",
            "99999999999999999999", "durov/", "durov/481", "/481", "durov/481?single", "x/0", "//telegram.org/a.png",
            "javascript:alert(1)", "data:,", "https://t.me/durov/481", "?q=%23tag", "tg://resolve?domain=x", "mailto:",
            "2026-13-45T99:99:99+00:00", "yesterday", "background-image:url('')",
            "background-image:url('//telegram.org/img/emoji/40/F09F918D.png')", "return confirm(");

    private PageMutations() {}

    /** One of {@code fixtures}, with 1 to {@value #MAX_MUTATIONS} mutations, and cut in 3 cases out of 10. */
    public static MutatedPage page(List<String> fixtures, Draw draw) {
        String fixture = draw.oneOf(fixtures);
        List<PageMutation> mutations = draw.listOf(1, MAX_MUTATIONS, PageMutations::mutation);
        Double cut = draw.chance(CUT_CHANCE) ? draw.fraction() : null;
        return new MutatedPage(fixture, mutations, cut);
    }

    static PageMutation mutation(Draw draw) {
        return draw.weighted(
                of(3, d -> new PageMutation.Remove(d.fraction())),
                of(2, d -> new PageMutation.DropAttribute(attributeName(d), d.fraction())),
                of(3, d -> new PageMutation.SetAttribute(attributeName(d), d.fraction(), attributeValue(d))),
                of(2, d -> new PageMutation.Duplicate(d.fraction())),
                of(1, d -> new PageMutation.Move(d.fraction(), d.fraction())),
                of(2, d -> new PageMutation.Reclass(d.fraction(), d.fraction())),
                of(3, d -> new PageMutation.ReplaceText(d.fraction(), text(d))),
                of(2, d -> new PageMutation.Wrap(d.fraction(), d.oneOf(MARKUP))));
    }

    /** The attributes the parsers read (see {@code Selectors}), so a change of value reaches them. */
    static String attributeName(Draw draw) {
        return draw.oneOf(ATTRIBUTE_NAMES);
    }

    /** Text from the alphabets that break text code: see {@link #codePoint}. */
    public static String text(Draw draw) {
        StringBuilder text = new StringBuilder();
        draw.listOf(0, MAX_TEXT, PageMutations::codePoint).forEach(text::appendCodePoint);
        return text.toString();
    }

    /** Values that break attribute readers (ids, dates, URLs, styles, numbers), or any text, half and half. */
    static String attributeValue(Draw draw) {
        return draw.weighted(of(1, d -> d.oneOf(ATTRIBUTE_VALUES)), of(1, PageMutations::text));
    }

    /**
     * Characters that text code gets wrong: ASCII (markup characters included), Cyrillic, Arabic (right to left),
     * CJK, combining marks, emoji outside the BMP (surrogate pairs), flags, joiners and variation selectors,
     * whitespace of every kind, controls, and now and then half of a surrogate pair.
     */
    static int codePoint(Draw draw) {
        return draw.weighted(
                of(6, d -> d.between(0x20, 0x7E)),
                of(2, d -> d.between(0x0400, 0x04FF)),
                of(1, d -> d.between(0x0600, 0x06FF)),
                of(1, d -> d.between(0x4E00, 0x4FFF)),
                of(2, d -> d.between(0x0300, 0x036F)),
                of(3, d -> d.between(0x1F300, 0x1FAFF)),
                of(1, d -> d.between(0x1F1E6, 0x1F1FF)),
                of(2, d -> d.oneOf(0x200D, 0xFE0F, 0x200B, 0x200E, 0x200F, 0x202E, 0xFEFF)),
                of(3, d -> d.oneOf(0x20, 0x0A, 0x09, 0x0D, 0xA0, 0x2028, 0x3000, 0x202F)),
                of(1, d -> d.between(0x00, 0x1F)),
                of(1, d -> d.between(0xD800, 0xDFFF)));
    }
}
