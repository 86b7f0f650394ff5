package tme.scraper.model;

import java.util.List;

/**
 * What a post shows. Absent parts are null (single values) or empty (lists). {@code text} is the post's own
 * text, never the quote of the post it replies to. {@code service} is set for service messages ("Channel
 * created", ...), whose text is also kept in {@code text} as t.me shows it.
 */
public record Content(Text text, List<Media> media, Poll poll, List<InlineButton> inline, Reply reply,
                      LinkPreview preview, List<Reaction> reactions, ServiceMessage service) {

    public static final Content EMPTY = new Content(null, List.of(), null, List.of(), null, null, List.of(), null);

    public Content {
        media = List.copyOf(media);
        inline = List.copyOf(inline);
        reactions = List.copyOf(reactions);
    }
}
