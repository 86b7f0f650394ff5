/**
 * The multi-channel feed's pure parts: {@link tme.api.feed.Ranking} (the score of
 * {@code docs/api.md}, ties, dedupe, limit over parsed channel pages) and {@link tme.api.feed.ReaderFeeds} (Atom 1.0
 * and RSS 2.0 through Rome, JSON Feed 1.1 through the one JSON writer) over {@link tme.api.feed.ChannelPost}s, and
 * what a reader keeps of them: {@link tme.api.feed.FeedFilter}, its words matched by {@link tme.api.feed.WordMatcher}
 * as {@code Words} cuts texts (whole words, case-folded, NFC, any script, emoji). No
 * I/O: {@code tme.api.service.FeedService} loads the pages (through the cache and the gate) and hands them here.
 */
package tme.api.feed;
