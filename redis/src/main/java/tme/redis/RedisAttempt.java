package tme.redis;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.impl.types.ErrorType;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import tme.redis.RedisReply.Unreached;

/**
 * One command's way through the pool with one deadline covering both the wait for a connection (for a permit
 * first, on a cluster: {@link ConnectPermits}) and the answer.
 *
 * <p>Whichever comes first, the answer or the deadline, decides the outcome; the other is ignored. A late
 * answer does not reset the breaker: a Redis that always answers after the deadline is as useless as a dead
 * one. The connection goes back to the pool only when its command really completes, so the count of busy
 * connections stays true and tells a full pool (a miss) from an unresponsive Redis (an error).
 *
 * <p>In the breaker's start-up grace (before Redis first answered) the deadline is the rest of the grace, if longer,
 * and a failure does not count towards opening the breaker ({@link CircuitBreaker#onFailure(Instant)}).
 */
final class RedisAttempt<T> {

    private enum Phase { CONNECTING, SENT, DONE }

    private final RedisLink link;
    private final Function<RedisConnection, Future<T>> command;
    private final Promise<RedisReply<T>> promise = Promise.promise();
    // Moves forward only (CONNECTING -> SENT -> DONE, or straight to DONE); the thread that moves it to DONE
    // completes the promise.
    private final AtomicReference<Phase> phase = new AtomicReference<>(Phase.CONNECTING);
    private volatile long timerId = -1;
    // When the command was sent, on the breaker's clock: decides whether its failure falls in the start-up grace.
    private Instant sent;
    // Orders this command against the failures the breaker counted: a timeout of one sent before the last counted
    // failure was in flight with it (one stall, one piece of evidence).
    private long ticket;

    RedisAttempt(RedisLink link, Function<RedisConnection, Future<T>> command) {
        this.link = link;
        this.command = command;
    }

    Future<RedisReply<T>> start() {
        sent = link.clock.instant();
        ticket = link.breaker.ticket();
        long deadline = Math.max(link.timeoutMillis, link.breaker.graceLeft().toMillis());
        timerId = link.vertx.setTimer(deadline, id -> onDeadline());
        link.permits.acquire(this::connect);
        return promise.future();
    }

    /** With a permit: asks the pool for a connection, unless the deadline has already ended this attempt. */
    private boolean connect() {
        if (phase.get() != Phase.CONNECTING) {
            return false;
        }
        link.redis.connect().onComplete(this::onConnected);
        return true;
    }

    private void onConnected(AsyncResult<RedisConnection> connected) {
        if (connected.failed()) {
            link.permits.release();
            if (phase.compareAndSet(Phase.CONNECTING, Phase.DONE)) {
                link.vertx.cancelTimer(timerId);
                unreached(Unreached.ERROR, connected.cause());
            }
            return;
        }
        RedisConnection connection = connected.result();
        link.busyConnections.incrementAndGet();
        if (!phase.compareAndSet(Phase.CONNECTING, Phase.SENT)) {
            release(connection); // the deadline passed while we waited for this connection
            return;
        }
        Future<T> answer;
        try {
            answer = command.apply(connection);
        } catch (RuntimeException bug) {
            answer = Future.failedFuture(bug);
        }
        answer.onComplete(result -> {
            release(connection);
            onAnswered(result);
        });
    }

    private void onAnswered(AsyncResult<T> result) {
        if (!phase.compareAndSet(Phase.SENT, Phase.DONE)) {
            return; // already reported as a timeout
        }
        link.vertx.cancelTimer(timerId);
        if (result.succeeded()) {
            link.breaker.onSuccess();
            promise.complete(new RedisReply.Answered<>(result.result()));
        } else if (isErrorReplyFromRedis(result.cause())) {
            link.breaker.onSuccess(); // Redis is fine; the command was wrong
            promise.fail(result.cause());
        } else {
            unreached(Unreached.ERROR, result.cause());
        }
    }

    private void onDeadline() {
        if (phase.compareAndSet(Phase.CONNECTING, Phase.DONE)) {
            boolean poolFull = link.busyConnections.get() >= link.poolSize;
            unreached(poolFull ? Unreached.POOL_WAIT : Unreached.TIMEOUT, null);
        } else if (phase.compareAndSet(Phase.SENT, Phase.DONE)) {
            unreached(Unreached.TIMEOUT, null);
        }
    }

    private void unreached(Unreached reason, Throwable cause) {
        switch (reason) {
            case POOL_WAIT -> {
                link.counters.increment(RedisCount.POOL_WAITS);
                link.breaker.onNeutral();
            }
            case TIMEOUT -> {
                link.counters.increment(RedisCount.TIMEOUTS);
                link.breaker.onTimeout(sent, ticket);
            }
            case ERROR -> {
                link.counters.increment(RedisCount.ERRORS);
                RedisLink.LOG.log(System.Logger.Level.DEBUG, "Redis command failed", cause);
                link.breaker.onFailure(sent);
            }
            case BREAKER_OPEN -> throw new IllegalStateException("decided before the attempt starts");
        }
        promise.complete(new RedisReply.Unavailable<>(reason));
    }

    /**
     * Vert.x also reports a connection that closed under a command as an {@link ErrorType}
     * ({@code CONNECTION_CLOSED}, or one wrapping the I/O cause); only Redis's own error replies mean it was reached.
     */
    static boolean isErrorReplyFromRedis(Throwable failure) {
        return failure instanceof ErrorType reply && reply.getCause() == null && !reply.is("CONNECTION_CLOSED");
    }

    private void release(RedisConnection connection) {
        link.busyConnections.decrementAndGet();
        connection.close();
        link.permits.release();
    }
}
