package tme.api.feed;

import java.time.Instant;
import java.util.List;
import tme.scraper.model.Channel;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Content;
import tme.scraper.model.Counters;
import tme.scraper.model.Footer;
import tme.scraper.model.Media;
import tme.scraper.model.Offset;
import tme.scraper.model.Poll;
import tme.scraper.model.Post;
import tme.scraper.model.PostDate;
import tme.scraper.model.Reaction;
import tme.scraper.model.Rich;
import tme.scraper.model.Text;

/** Small model builders for feed tests: a channel, a post with just the parts a test names. */
final class Posts {

    private Posts() {}

    static Channel channel(String name, String subscribers) {
        return new Channel(name, new Rich(name + " title", name + " title"), null, null,
                new Counters(subscribers, null, null, null, null), List.of());
    }

    static ChannelPage page(Channel channel, Post... posts) {
        return new ChannelPage(channel, List.of(posts), new Offset(null, null));
    }

    static Post post(int id, Instant posted, String views, String text, List<Media> media, Poll poll,
                     List<Reaction> reactions, boolean edited) {
        Text body = text == null ? null : new Text(text, text, List.of());
        Content content = new Content(body, media, poll, List.of(), null, null, reactions, null);
        PostDate date = posted == null ? null : new PostDate(posted.toString(), posted.getEpochSecond());
        return new Post(id, null, content, new Footer(views, edited, null, date), null);
    }

    static Post plain(int id, Instant posted, String views) {
        return post(id, posted, views, null, List.of(), null, List.of(), false);
    }

    static Poll poll() {
        return new Poll("Which?", "Anonymous Poll", "40", List.of(new Poll.Option("a", 60), new Poll.Option("b", 40)));
    }
}
