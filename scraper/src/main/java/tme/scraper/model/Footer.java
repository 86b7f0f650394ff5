package tme.scraper.model;

/**
 * The line under a post: views as shown ({@code "2.19M"}, null for service messages), whether t.me marks it
 * edited, the author signature (null when unsigned) and the date (null if t.me sent none we could read).
 */
public record Footer(String views, boolean edited, Rich author, PostDate date) {

    public static final Footer EMPTY = new Footer(null, false, null, null);

    /** The views as a number ({@code "2.19M"} is 2190000), null when t.me shows none. */
    public Long viewsCount() {
        return ShownCount.parse(views);
    }
}
