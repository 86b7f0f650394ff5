package tme.api.feed;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tme.scraper.model.LinkPreview;
import tme.scraper.model.Media;
import tme.scraper.model.Post;
import tme.scraper.model.Text;

/**
 * One post as every reader format has it: permalink (also its id), title, date, author, HTML and plain content,
 * enclosures. Built once per post, then written as Atom, RSS or JSON Feed.
 *
 * @param published null when t.me showed no date
 * @param image     the post's first picture (a photo, or a video's still), for JSON Feed's {@code image}; or null
 * @param edited    when the post was found edited ({@link Edits}), or null
 */
record ReaderEntry(String permalink, String title, Instant published, String author, String authorUrl, String html,
                   String text, List<Enclosure> enclosures, String image, Instant edited) {

    /** A title's length in code points at most, its "…" included (docs/api.md, "Feeds for readers"). */
    private static final int TITLE_LETTERS = 80;

    /** The entry of {@code item}, its media at {@code links}. */
    static ReaderEntry of(ChannelPost item, MediaLinks links, Edits edits) {
        Post post = item.post();
        Text text = post.content().text();
        String plain = text == null ? "" : text.string();
        Instant published = post.footer().date() == null ? null : Instant.ofEpochSecond(post.footer().date().unix());
        List<Media> media = post.content().media();
        List<Enclosure> enclosures = new ArrayList<>();
        List<String> images = new ArrayList<>();
        for (int i = 0; i < media.size(); i++) {
            Enclosure.of(media.get(i), links.file(item, i, media.get(i))).ifPresent(enclosures::add);
            String image = PostHtml.safeUrl(image(item, i, media.get(i), links));
            if (image != null) {
                images.add(image);
            }
        }
        return new ReaderEntry(item.permalink(), title(plain, post), published, author(item),
                "https://t.me/" + item.channel().username(), html(item, text, images), plain, List.copyOf(enclosures),
                images.isEmpty() ? null : images.getFirst(), edits.of(item));
    }

    /** When the entry last changed: when it was found edited, if after it was published; else when it was published. */
    Instant updated() {
        return edited != null && (published == null || edited.isAfter(published)) ? edited : published;
    }

    /** What the HTML shows of an item: a photo itself, a video's (GIF's, round video's) still; else nothing. */
    private static String image(ChannelPost item, int index, Media media, MediaLinks links) {
        return switch (media) {
            case Media.Photo p -> links.file(item, index, media);
            case Media.Video v -> links.thumb(item, index, media);
            case Media.Gif g -> links.thumb(item, index, media);
            case Media.RoundVideo r -> links.thumb(item, index, media);
            default -> null;
        };
    }

    /** The text's first line, at most {@value #TITLE_LETTERS} code points with the "…" of a cut; else the post's kind. */
    static String title(String text, Post post) {
        String line = text.strip().lines().findFirst().orElse("").strip();
        if (line.isEmpty()) {
            return post.content().media().isEmpty() ? (post.content().poll() != null ? "Poll" : "Post " + post.id())
                    : kindName(post.content().media().getFirst());
        }
        if (line.codePointCount(0, line.length()) <= TITLE_LETTERS) {
            return line;
        }
        return line.substring(0, line.offsetByCodePoints(0, TITLE_LETTERS - 1)).strip() + "…";
    }

    private static String author(ChannelPost item) {
        var title = item.channel().title();
        return title == null || title.string().isBlank() ? "@" + item.channel().username() : title.string();
    }

    /** The text, then each photo (and a video's still) as an image, then the link preview as a link. */
    private static String html(ChannelPost item, Text text, List<String> images) {
        StringBuilder html = new StringBuilder(PostHtml.of(text));
        for (String safe : images) {
            html.append("<p><a href=\"").append(PostHtml.attribute(item.permalink())).append("\"><img src=\"")
                    .append(PostHtml.attribute(safe)).append("\"></a></p>");
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
