package tme.api.feed;

/** A feed item: the post, and the score it was ranked by ({@link Score}). */
public record RankedPost(ChannelPost item, double score) {}
