package tme.api.service;

import io.vertx.core.Future;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import tme.api.problem.Problem;

/**
 * Many previews in one request ({@code POST /v1/previews}, a GraphQL query's {@code previews} and {@code preview}
 * fields): one answer per name, in order. One channel failing never fails the others: its answer is its own
 * problem. At most {@code parallelism} previews load at once, so one request cannot fire a hundred simultaneous
 * t.me calls, and the whole request is one flow at the upstream gate: its loads share the slots fairly with other
 * readers instead of taking them all. A channel the gate sheds (cooldown, full queues) gets its refusal as its
 * answer, and the others are answered as usual.
 */
public final class PreviewsService {

    /** One channel's preview, loaded for {@code client} as part of {@code flow} ({@link ChannelService#preview}). */
    @FunctionalInterface
    public interface Preview {
        Future<Answer> of(ChannelName channel, String client, String flow);
    }

    private final Preview preview;
    private final int parallelism;
    private final AtomicLong requests = new AtomicLong();

    public PreviewsService(Preview preview, int parallelism) {
        this.preview = preview;
        this.parallelism = parallelism;
    }

    /** One answer per channel, in order, loaded as one flow of their own. */
    public Future<List<Answer>> previews(List<ChannelName> channels) {
        return previews(channels, "previews#" + requests.incrementAndGet());
    }

    /** One answer per channel, in order, loaded as part of {@code flow} (a GraphQL query's). */
    public Future<List<Answer>> previews(List<ChannelName> channels, String flow) {
        return previews(channels, flow, flow);
    }

    /** As {@link #previews(List)} for {@code client}: each cold channel spends one of its share. */
    public Future<List<Answer>> previewsFor(String client, List<ChannelName> channels) {
        return previews(channels, client, "previews#" + requests.incrementAndGet());
    }

    /**
     * One answer per channel, in order, loaded for {@code client} as part of {@code flow}: a channel refused for
     * the client's share gets that refusal as its answer, as a shed one does.
     */
    public Future<List<Answer>> previews(List<ChannelName> channels, String client, String flow) {
        return Lanes.each(channels, parallelism, channel -> preview.of(channel, client, flow),
                bug -> new Answer.Failure(Problem.internal()));
    }
}
