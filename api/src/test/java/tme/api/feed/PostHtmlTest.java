package tme.api.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Entity;
import tme.scraper.model.EntityType;
import tme.scraper.model.Post;
import tme.scraper.model.Text;

class PostHtmlTest {

    static Text text(String string, Entity... entities) {
        return new Text(string, "ignored: t.me's markup", List.of(entities));
    }

    static Entity link(int offset, int length, String url) {
        return new Entity(EntityType.TEXT_LINK, offset, length, url, null, null);
    }

    @Test
    void textIsEscaped_andNewlinesBreak() {
        assertEquals("a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;<br><br>e",
                PostHtml.of(text("a <b> & \"c\" 'd'\n\ne")));
    }

    @Test
    void entities_becomeTags_outerFirst() {
        Text text = text("bold link here", Entity.of(EntityType.BOLD, 0, 4), link(5, 4, "https://t.me/durov"),
                Entity.of(EntityType.UNDERLINE, 5, 4));

        assertEquals("<b>bold</b> <a href=\"https://t.me/durov\"><u>link</u></a> here", PostHtml.of(text));
    }

    @Test
    void overlappingEntities_areClosedAndReopened_soTheHtmlNests() {
        Text text = text("abcdef", Entity.of(EntityType.BOLD, 0, 4), Entity.of(EntityType.ITALIC, 2, 4));

        assertEquals("<b>ab<i>cd</i></b><i>ef</i>", PostHtml.of(text));
    }

    @Test
    void unsafeLinks_areDropped_theirTextKept() {
        Text text = text("click me", link(0, 5, "javascript:alert(1)"), link(6, 2, "data:text/html,x"));

        assertEquals("click me", PostHtml.of(text));
    }

    @Test
    void mentionsUrlsAndEmails_link_emojiAddNothing_utf16Offsets() {
        Text text = text("🇫🇷 @durov https://x.io a@b.io", Entity.of(EntityType.EMOJI, 0, 4),
                Entity.of(EntityType.MENTION, 5, 6), Entity.of(EntityType.URL, 12, 12),
                Entity.of(EntityType.EMAIL, 25, 6));

        assertEquals("🇫🇷 <a href=\"https://t.me/durov\">@durov</a> <a href=\"https://x.io\">https://x.io</a> "
                + "<a href=\"mailto:a@b.io\">a@b.io</a>", PostHtml.of(text));
    }

    @Test
    void recordedPage_durov490_hasNoneOfTmesScripts() {
        ChannelPage page = RankingTest.parse("s-durov-2026-05-hortay.html");
        Post post = page.posts().stream().filter(p -> p.id() == 490).findFirst().orElseThrow();

        String html = PostHtml.of(post.content().text());

        assertFalse(html.contains("onclick"), html);
        assertFalse(html.contains("tg-emoji"), html);
        assertEquals("⚡️ You can now create agentic bots in <b>just 2 taps</b> 🤖<br><br>Ask the devs of the services you "
                + "use to support it 👇 <br><br><a href=\"https://core.telegram.org/bots/features#managed-bots\">"
                + "<u>https://core.telegram.org/bots/features#managed-bots</u></a>", html);
    }
}
