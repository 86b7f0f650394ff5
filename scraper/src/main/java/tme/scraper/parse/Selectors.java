package tme.scraper.parse;

/**
 * Every CSS selector and class name we read from t.me's markup. This file is our contract with t.me:
 * when t.me changes its markup, this is the one file to change.
 */
final class Selectors {

    private Selectors() {}

    // ---- page, channel header, posts, media, preview page ----

    // ---- (end of page/post section) ----


    // ---- text and entities ----

    // ---- (end of text section) ----
}
