package tme.api.feed;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import tme.scraper.model.LinkPreview;
import tme.scraper.model.Media;
import tme.scraper.model.Post;
import tme.scraper.model.Text;

/**
 * One post as every reader format has it: permalink (also its id), title, date, author, HTML and plain content,
 * enclosures. Built once per post, then written as Atom, RSS or JSON Feed.
 *
 * @param published null when t.me showed no date
 */
record ReaderEntry(String permalink, String title, Instant published, String author, String authorUrl, String html,
                   String text, List<Enclosure> enclosures) {

    private static final int TITLE_LETTERS = 80;

    static ReaderEntry of(ChannelPost item) {
        Post post = item.post();
        Text text = post.content().text();
        String plain = text == null ? "" : text.string();
        Instant published = post.footer().date() == null ? null : Instant.ofEpochSecond(post.footer().date().unix());
        List<Enclosure> enclosures = post.content().media().stream().map(Enclosure::of).flatMap(Optional::stream).toList();
        return new ReaderEntry(item.permalink(), title(plain, post), published, author(item),
                "https://t.me/" + item.channel().username(), html(item, text), plain, enclosures);
    }

    /** The text's first line, cut at {@value #TITLE_LETTERS} code points; for a post without text, its kind. */
    static String title(String text, Post post) {
        String line = text.strip().lines().findFirst().orElse("").strip();
        if (line.isEmpty()) {
            return post.content().media().isEmpty() ? (post.content().poll() != null ? "Poll" : "Post " + post.id())
                    : kindName(post.content().media().getFirst());
        }
        if (line.codePointCount(0, line.length()) <= TITLE_LETTERS) {
            return line;
        }
        return line.substring(0, line.offsetByCodePoints(0, TITLE_LETTERS)).strip() + "…";
    }

    private static String author(ChannelPost item) {
        var title = item.channel().title();
        return title == null || title.string().isBlank() ? "@" + item.channel().username() : title.string();
    }

    /** The text, then each photo (and a video's still) as an image, then the link preview as a link. */
    private static String html(ChannelPost item, Text text) {
        StringBuilder html = new StringBuilder(PostHtml.of(text));
        for (Media media : item.post().content().media()) {
            String image = switch (media) {
                case Media.Photo p -> p.url();
                case Media.Video v -> v.thumb();
                case Media.Gif g -> g.thumb();
                case Media.RoundVideo r -> r.thumb();
                default -> null;
            };
            String safe = PostHtml.safeUrl(image);
            if (safe != null) {
                html.append("<p><a href=\"").append(PostHtml.attribute(item.permalink())).append("\"><img src=\"")
                        .append(PostHtml.attribute(safe)).append("\"></a></p>");
            }
        }
        LinkPreview preview = item.post().content().preview();
        String previewUrl = preview == null ? null : PostHtml.safeUrl(preview.url());
        if (previewUrl != null) {
            String label = preview.title() != null ? preview.title() : preview.siteName() != null ? preview.siteName() : previewUrl;
            html.append("<p><a href=\"").append(PostHtml.attribute(previewUrl)).append("\">")
                    .append(PostHtml.attribute(label)).append("</a></p>");
        }
        return html.toString();
    }

    private static String kindName(Media media) {
        return switch (media) {
            case Media.Photo p -> "Photo";
            case Media.Video v -> "Video";
            case Media.Gif g -> "GIF";
            case Media.RoundVideo r -> "Video message";
            case Media.Voice v -> "Voice message";
            case Media.Audio a -> a.title() != null ? a.title() : "Audio";
            case Media.Document d -> d.title() != null ? d.title() : "File";
            case Media.Sticker s -> "Sticker";
            case Media.Location l -> "Location";
            case Media.Unsupported u -> "Media";
        };
    }
}
