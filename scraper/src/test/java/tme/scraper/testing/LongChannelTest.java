package tme.scraper.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.MorePage;
import tme.scraper.model.Post;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.MoreParser;
import tme.scraper.parse.Parsed;
import tme.scraper.parse.ParserMode;

class LongChannelTest {

    private static final LongChannel LONG = LongChannel.of("longread", 45);

    @Test
    void page_showsTheNewest20UnderAMoreBeforeLink() {
        ChannelPage page = ((Parsed.Ok<ChannelPage>) ChannelPageParser.parse(LONG.page(), ParserMode.FULL)).value();

        assertEquals(ids(26, 45), page.posts().stream().map(Post::id).toList());
        assertEquals(26, page.offset().before());
        assertEquals("longread", page.channel().username());
        assertEquals("Post 45: France's \"Agency", page.posts().getLast().content().text().string().substring(0, 25));
    }

    @Test
    void history_pagesBackToPostOneWithDatesRisingWithIds() {
        MorePage older = ((Parsed.Ok<MorePage>) MoreParser.parse(LONG.history().before(26, 20), ParserMode.FULL)).value();
        MorePage first = ((Parsed.Ok<MorePage>) MoreParser.parse(LONG.history().before(6, 20), ParserMode.FULL)).value();

        assertEquals(ids(6, 25), older.posts().stream().map(Post::id).toList());
        assertEquals(6, older.offset().before());
        assertEquals(ids(1, 5), first.posts().stream().map(Post::id).toList());
        assertEquals(null, first.offset().before());
        assertEquals(3600, older.posts().get(1).footer().date().unix() - older.posts().get(0).footer().date().unix());
    }

    private static List<Integer> ids(int from, int to) {
        return IntStream.rangeClosed(from, to).boxed().toList();
    }
}
