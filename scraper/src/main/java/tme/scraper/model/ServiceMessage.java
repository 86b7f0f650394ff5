package tme.scraper.model;

/**
 * A service message instead of a normal post ("Channel created", a new name, a new photo, a pin). Every kind
 * keeps the text t.me shows; kinds we cannot tell apart are {@link Other}.
 */
public sealed interface ServiceMessage {

    Rich text();

    record ChannelCreated(Rich text) implements ServiceMessage {}

    /** The channel was renamed to {@code title}. */
    record Renamed(Rich text, String title) implements ServiceMessage {}

    /** The channel photo changed; {@code photo} is the new picture's URL when t.me shows it. */
    record PhotoChanged(Rich text, String photo) implements ServiceMessage {}

    record VideoChanged(Rich text) implements ServiceMessage {}

    /** A post was pinned: its id when t.me links it (null otherwise) and the quoted start of its text. */
    record Pinned(Rich text, Integer message, String quote) implements ServiceMessage {}

    record Other(Rich text) implements ServiceMessage {}
}
