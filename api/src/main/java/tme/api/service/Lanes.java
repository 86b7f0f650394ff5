package tme.api.service;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * One call per item with at most {@code lanes} running at once, answers in item order: how one multi-channel
 * request ({@code /v1/previews}, a feed) fans out without firing a hundred t.me calls at once. Each lane takes the
 * next item nobody took yet when its call completes; an answer already there (a cache hit) moves the lane on at once.
 */
final class Lanes {

    private Lanes() {}

    /** {@code call} for each item; a failed call (a bug) answers {@code onBug}'s value in its place. */
    static <T, R> Future<List<R>> each(List<T> items, int lanes, Function<T, Future<R>> call,
                                       Function<Throwable, R> onBug) {
        if (items.isEmpty()) {
            return Future.succeededFuture(List.of());
        }
        Object[] answers = new Object[items.size()];
        int running = Math.min(lanes, items.size());
        AtomicInteger next = new AtomicInteger();
        AtomicInteger lanesLeft = new AtomicInteger(running);
        Promise<Void> done = Promise.promise();
        for (int lane = 0; lane < running; lane++) {
            runLane(items, call, onBug, answers, next, () -> {
                if (lanesLeft.decrementAndGet() == 0) {
                    done.complete();
                }
            });
        }
        return done.future().map(ignored -> answersOf(answers));
    }

    private static <T, R> void runLane(List<T> items, Function<T, Future<R>> call, Function<Throwable, R> onBug,
                                       Object[] answers, AtomicInteger next, Runnable laneDone) {
        int index = next.getAndIncrement();
        if (index >= items.size()) {
            laneDone.run();
            return;
        }
        Future<R> answer;
        try {
            answer = call.apply(items.get(index));
        } catch (RuntimeException bug) {
            answer = Future.failedFuture(bug);
        }
        answer.recover(bug -> Future.succeededFuture(onBug.apply(bug))).onComplete(result -> {
            answers[index] = result.result();
            runLane(items, call, onBug, answers, next, laneDone);
        });
    }

    @SuppressWarnings("unchecked")
    private static <R> List<R> answersOf(Object[] answers) {
        return (List<R>) List.copyOf(Arrays.asList(answers));
    }
}
