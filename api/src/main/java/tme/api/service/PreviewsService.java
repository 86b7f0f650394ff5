package tme.api.service;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
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
        if (channels.isEmpty()) {
            return Future.succeededFuture(List.of());
        }
        Answer[] answers = new Answer[channels.size()];
        int lanes = Math.min(parallelism, channels.size());
        AtomicInteger next = new AtomicInteger();
        AtomicInteger lanesLeft = new AtomicInteger(lanes);
        Promise<Void> done = Promise.promise();
        for (int lane = 0; lane < lanes; lane++) {
            runLane(flow, channels, answers, next, () -> {
                if (lanesLeft.decrementAndGet() == 0) {
                    done.complete();
                }
            });
        }
        return done.future().map(ignored -> List.of(answers));
    }

    /** Loads the next channel nobody took yet, then the next, until none is left. */
    private void runLane(String flow, List<ChannelName> channels, Answer[] answers, AtomicInteger next,
                         Runnable laneDone) {
        int index = next.getAndIncrement();
        if (index >= channels.size()) {
            laneDone.run();
            return;
        }
        preview.apply(channels.get(index), flow)
                .recover(e -> Future.succeededFuture(new Answer.Failure(Problem.internal())))
                .onComplete(result -> {
                    answers[index] = result.result();
                    runLane(flow, channels, answers, next, laneDone);
                });
    }
}
