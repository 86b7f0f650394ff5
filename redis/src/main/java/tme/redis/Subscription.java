package tme.redis;

import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.io.EOFException;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * One connection subscribed to a Redis channel ({@link RedisLink#subscribe}), kept subscribed: when it drops (Redis
 * restarted, the network), it connects and subscribes again after a pause that doubles from 1 s to 30 s and starts
 * over once subscribed, so a Redis that is down sees one attempt per pause, not a flood. Messages published while it
 * was down are lost: what listens must do without them (the cache's copies still end at their cap).
 *
 * <p>Its own client with a single connection, not one of the pool's: a subscribed connection takes no other
 * commands, and must never go back to a pool.
 */
public final class Subscription {

    /** What {@link #unbroken()} says while no connection is subscribed. */
    public static final long NONE = -1;

    static final Duration FIRST_PAUSE = Duration.ofSeconds(1);
    static final Duration LONGEST_PAUSE = Duration.ofSeconds(30);

    private final RedisLink link;
    private final String channel;
    private final Handler<Buffer> messages;
    private final Redis client;
    private final LongAdder received = new LongAdder();
    private final LongAdder subscribed = new LongAdder();
    private final RepeatLog log;
    private RedisConnection connection; // guarded by this
    private Duration pause = FIRST_PAUSE; // guarded by this
    private boolean closed; // guarded by this
    // The number of the subscription listening now (subscriptions() when it subscribed), NONE while none is: read
    // on every cache hit of a copy held on the strength of this subscription, so a volatile, not the lock.
    private volatile long unbroken = NONE;

    Subscription(RedisLink link, String channel, Handler<Buffer> messages) {
        this.link = link;
        this.channel = channel;
        this.messages = messages;
        this.log = link.repeatLog(RedisLink.LOG);
        this.client = Redis.createClient(link.vertx, new RedisOptions(link.options).setMaxPoolSize(1)
                .setMaxPoolWaiting(1));
    }

    /** Whether messages published now reach this subscription: its connection is up and subscribed. */
    public boolean listening() {
        return unbroken != NONE;
    }

    /**
     * The number of the subscription listening now, unbroken since it subscribed ({@link #subscriptions()} then), or
     * {@link #NONE}: what was published while one number holds reached this subscription, so a copy kept while the
     * number stays the same has missed no message about its key.
     */
    public long unbroken() {
        return unbroken;
    }

    /** Messages handed on and handled so far. */
    public long received() {
        return received.sum();
    }

    /** Times the channel was subscribed: 1 after the first, one more after each reconnection. */
    public long subscriptions() {
        return subscribed.sum();
    }

    void connect() {
        synchronized (this) {
            if (closed) {
                return;
            }
        }
        client.connect().onComplete(done -> {
            if (done.failed()) {
                retryLater(null, done.cause());
                return;
            }
            RedisConnection opened = done.result();
            synchronized (this) {
                if (closed) {
                    opened.close();
                    return;
                }
                connection = opened;
            }
            opened.handler(this::onMessage);
            opened.exceptionHandler(failure -> retryLater(opened, failure));
            // An I/O failure, so the log has a line for it, not a stack trace (RepeatLog.expected).
            opened.endHandler(ended -> retryLater(opened, new EOFException("the connection closed")));
            opened.send(Request.cmd(Command.SUBSCRIBE).arg(channel)).onComplete(answer -> {
                if (answer.failed()) {
                    retryLater(opened, answer.cause());
                    return;
                }
                synchronized (this) {
                    if (connection != opened) {
                        return; // given up meanwhile
                    }
                    pause = FIRST_PAUSE;
                    subscribed.increment();
                    unbroken = subscribed.sum();
                }
            });
        });
    }

    /** A published message is {@code [message, channel, payload]}; the subscription's own confirmations are not. */
    private void onMessage(Response response) {
        if (response != null && response.size() == 3 && "message".equals(response.get(0).toString())) {
            messages.handle(response.get(2).toBuffer());
            received.increment(); // after: a reader of the count knows the message was handled
        }
    }

    /**
     * Drops {@code broken} (null: none was opened) and connects again after the pause, once per broken connection;
     * says so in the log, a line a minute at most (a Redis down for long is one line a minute, not one per attempt).
     */
    private void retryLater(RedisConnection broken, Throwable why) {
        Duration wait;
        synchronized (this) {
            if (closed || (broken != null && connection != broken)) {
                return; // closed, or this connection was already given up (its end follows its exception)
            }
            connection = null;
            unbroken = NONE;
            wait = pause;
            pause = pause.multipliedBy(2).compareTo(LONGEST_PAUSE) > 0 ? LONGEST_PAUSE : pause.multipliedBy(2);
        }
        if (broken != null) {
            broken.close();
        }
        log.log(System.Logger.Level.WARNING, "Redis subscription lost", () -> "Redis subscription to " + channel
                + " lost or refused (values other servers write reach this one at MEMORY_CACHE_MAX_TTL meanwhile);"
                + " next attempt in " + wait.toSeconds() + " s", why);
        link.vertx.setTimer(wait.toMillis(), id -> connect());
    }

    void close() {
        synchronized (this) {
            closed = true;
            connection = null;
            unbroken = NONE;
        }
        client.close();
    }
}
