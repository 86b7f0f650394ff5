package tme.api.push;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import tme.api.service.Digests;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Media;
import tme.scraper.model.Post;
import tme.scraper.model.Text;

/**
 * What changed between a latest page and the stored page it replaces, post by post: a post on both whose text, media
 * or "edited" mark differs is edited; a post of the stored page missing from the new one, between the new page's
 * oldest and newest ids, is deleted (t.me shows the posts around it, so it is gone; one beyond the page's edges only
 * scrolled off, or was never loaded). Pure: the caller runs it on the worker pool.
 *
 * <p>Media are compared by what stays when t.me reissues its CDN links (kind, duration, title, size, place), never by
 * URL, which changes on every reissue: a photo replaced by another photo shows as edited only through its mark.
 *
 * @param edited  the new copies of the edited posts, each with the digest of its previous text, oldest first
 * @param deleted the ids of the deleted posts, ascending
 */
record PageChanges(List<Edit> edited, List<Integer> deleted) {

    /** An edited post: the post as it is now, and the digest ({@link #textDigest}) of its text before. */
    record Edit(Post post, String previousTextDigest) {}

    static final PageChanges NONE = new PageChanges(List.of(), List.of());

    boolean none() {
        return edited.isEmpty() && deleted.isEmpty();
    }

    static PageChanges between(ChannelPage previous, ChannelPage page) {
        if (page.posts().isEmpty() || previous.posts().isEmpty()) {
            return NONE;
        }
        Map<Integer, Post> now = page.posts().stream().collect(Collectors.toMap(Post::id, Function.identity(),
                (a, b) -> a));
        int oldest = now.keySet().stream().mapToInt(Integer::intValue).min().orElseThrow();
        int newest = now.keySet().stream().mapToInt(Integer::intValue).max().orElseThrow();
        List<Edit> edited = new ArrayList<>();
        List<Integer> deleted = new ArrayList<>();
        for (Post before : previous.posts().stream().sorted(java.util.Comparator.comparingInt(Post::id)).toList()) {
            Post after = now.get(before.id());
            if (after == null && before.id() > oldest && before.id() < newest) {
                deleted.add(before.id());
            } else if (after != null && !sameVersion(after, before)) {
                edited.add(new Edit(after, textDigest(before)));
            }
        }
        return new PageChanges(List.copyOf(edited), List.copyOf(deleted));
    }

    /**
     * What a post's edit is told by: a digest of its text (HTML, so a link or a bold word counts), its media as
     * {@link #media} sees them and its "edited" mark. Two loads of an unchanged post give the same version; the event
     * log appends an edit once per post and version.
     */
    static String version(Post post) {
        return Digests.hex128(html(post) + "\u0000" + media(post.content().media()) + "\u0000" + post.footer().edited());
    }

    /**
     * Whether two copies of a post have one {@link #version}, told part by part rather than by digesting both: a
     * page is compared with the one it replaces at every load, nearly all its posts unchanged, and the digests were
     * a tenth of what a load allocates (docs/performance.md, section 17). Equal parts make equal versions; parts
     * that differ make different ones (the digest is SHA-256's).
     */
    static boolean sameVersion(Post a, Post b) {
        return a.footer().edited() == b.footer().edited() && html(a).equals(html(b))
                && sameMedia(a.content().media(), b.content().media());
    }

    private static String html(Post post) {
        Text text = post.content().text();
        return text == null ? "" : text.html();
    }

    private static boolean sameMedia(List<Media> a, List<Media> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!withoutUrls(a.get(i)).equals(withoutUrls(b.get(i)))) {
                return false;
            }
        }
        return true;
    }

    /** The digest of a post's plain text ("" for none), which an {@code edited} event carries as the text before. */
    static String textDigest(Post post) {
        Text text = post.content().text();
        return Digests.hex128(text == null ? "" : text.string());
    }

    /** The media without their URLs. */
    static String media(List<Media> media) {
        return media.stream().map(PageChanges::withoutUrls).collect(Collectors.joining(";"));
    }

    private static String withoutUrls(Media media) {
        return switch (media) {
            case Media.Photo p -> "photo";
            case Media.Video v -> "video " + v.duration() + " " + v.available();
            case Media.Gif g -> "gif " + g.available();
            case Media.RoundVideo r -> "round " + r.duration();
            case Media.Voice v -> "voice " + v.duration() + " " + v.waveform();
            case Media.Audio a -> "audio " + a.title() + " " + a.performer() + " " + a.size();
            case Media.Document d -> "document " + d.title() + " " + d.size();
            case Media.Sticker s -> "sticker " + s.format();
            case Media.Location l -> "location " + l.position();
            case Media.Unsupported u -> "unsupported";
        };
    }
}
