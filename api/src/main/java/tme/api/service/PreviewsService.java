package tme.api.service;

import io.vertx.core.Future;
import java.util.List;
import tme.api.problem.Problem;
import tme.coalescing.Asker;

/**
 * Many previews in one request ({@code POST /v1/previews}, a GraphQL query's {@code previews} and {@code preview}
 * fields): one answer per name, in order. One channel failing never fails the others: its answer is its own
 * problem. At most {@code parallelism} previews load at once, so one request cannot fire a hundred simultaneous
 * t.me calls, and the whole request is one flow at the upstream gate: its loads share the slots fairly with other
 * readers instead of taking them all. A channel the gate sheds (cooldown, full queues) gets its refusal as its
 * answer, and the others are answered as usual.
 */
public final class PreviewsService {

    /** One channel's preview, a load charged to {@code asker} ({@link ChannelService#preview}). */
    @FunctionalInterface
    public interface Preview {
        Future<Answer> of(ChannelName channel, Asker asker);
    }

    private final Preview preview;
    private final int parallelism;

    public PreviewsService(Preview preview, int parallelism) {
        this.preview = preview;
        this.parallelism = parallelism;
    }

    /**
     * One answer per channel, in order, each cold channel's load charged to {@code asker} (a flow of the request's own,
     * {@link Asker#forRequest}, or a GraphQL query's): a channel refused for the client's share gets that refusal as
     * its answer, as a shed one does.
     */
    public Future<List<Answer>> previews(List<ChannelName> channels, Asker asker) {
        return Lanes.each(channels, parallelism, channel -> preview.of(channel, asker),
                bug -> new Answer.Failure(Problem.internal()));
    }
}
