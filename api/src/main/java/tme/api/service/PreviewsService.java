package tme.api.service;

import io.vertx.core.Future;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
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

    /** (channel, flow) -> the channel's preview, loaded as part of that flow. */
    private final BiFunction<ChannelName, String, Future<Answer>> preview;
    private final int parallelism;
    private final AtomicLong requests = new AtomicLong();

    public PreviewsService(BiFunction<ChannelName, String, Future<Answer>> preview, int parallelism) {
        this.preview = preview;
        this.parallelism = parallelism;
    }

    /** One answer per channel, in order, loaded as one flow of their own. */
    public Future<List<Answer>> previews(List<ChannelName> channels) {
        return previews(channels, "previews#" + requests.incrementAndGet());
    }

    /** One answer per channel, in order, loaded as part of {@code flow} (a GraphQL query's). */
    public Future<List<Answer>> previews(List<ChannelName> channels, String flow) {
        return Lanes.each(channels, parallelism, channel -> preview.apply(channel, flow),
                bug -> new Answer.Failure(Problem.internal()));
    }
}
