package tme.api.push;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import tme.events.Entry;
import tme.events.EventLog;
import tme.redis.Counters;
import tme.redis.RepeatLog;

/**
 * One open SSE stream, on its request's event loop (every field is touched only there). It first watches its channels
 * (each placed at a position of the tail), then sends what was published after the client's {@code Last-Event-ID} in
 * each channel, then the events the tail hands on, dropping any at or before where it stands; events arriving during
 * the catch-up wait in {@code pending}. A comment every heartbeat keeps proxies from closing an idle stream. The stream
 * ends when the client goes, when it reads too slowly (its write queue full), or when the server shuts down.
 *
 * <p>A resume is exact or refused: a catch-up read that fails is tried again ({@link PostStreams#CATCH_UP_ATTEMPTS},
 * {@link PostStreams#CATCH_UP_BACKOFF} doubling), and if the log still cannot be read the stream sends nothing and ends
 * with a {@code retry:}, so the client comes back with the same {@code Last-Event-ID}; it never goes live past a gap.
 * The same within {@link PostStreams#PLACE_WITHIN} when its channels cannot even be placed in the log.
 */
final class StreamConnection {

    private static final Buffer HEARTBEAT = Buffer.buffer(": heartbeat\n\n");

    private final RoutingContext ctx;
    private final HttpServerResponse response;
    private final Context context;
    private final List<String> channels;
    // The kinds of event this stream sends (StreamKinds); the others move its position silently.
    private final Set<String> kinds;
    private final Map<String, String> resume;
    private final EventLog log;
    private final Watchers watchers;
    private final StreamsConfig config;
    private final Counters<StreamCount> counts;
    private final Runnable released;
    private final RepeatLog refusals;
    private final Map<String, String> positions = new LinkedHashMap<>();
    private final Map<String, Consumer<Entry>> listeners = new LinkedHashMap<>();
    private final List<Arrived> pending = new ArrayList<>();
    private boolean live;
    private boolean closed;
    private long heartbeat = -1;
    // A resume's deadline for its channels to be placed (PostStreams.PLACE_WITHIN); -1: none set.
    private long placing = -1;
    private boolean placed;

    StreamConnection(RoutingContext ctx, List<String> channels, Set<String> kinds, Map<String, String> resume,
                     EventLog log,
                     Watchers watchers, StreamsConfig config, Counters<StreamCount> counts, Runnable released,
                     RepeatLog refusals) {
        this.ctx = ctx;
        this.response = ctx.response();
        this.context = Vertx.currentContext();
        this.channels = channels;
        this.kinds = kinds;
        this.resume = resume;
        this.log = log;
        this.watchers = watchers;
        this.config = config;
        this.counts = counts;
        this.released = released;
        this.refusals = refusals;
    }

    void start() {
        response.setChunked(true)
                .putHeader("Content-Type", "text/event-stream; charset=utf-8")
                .putHeader("Cache-Control", "no-store")
                .putHeader("X-Accel-Buffering", "no");
        response.closeHandler(v -> close());
        response.exceptionHandler(e -> close());
        ctx.request().connection().shutdownHandler(v -> close());
        write(Buffer.buffer("retry: " + PostStreams.RECONNECT.toMillis() + "\n: stream of " + channels.size()
                + " channel(s)\n\n"));
        heartbeat = ctx.vertx().setPeriodic(config.heartbeat().toMillis(), id -> write(HEARTBEAT));
        List<Future<String>> placed = new ArrayList<>();
        for (String channel : channels) {
            Consumer<Entry> listener = entry -> context.runOnContext(v -> arrived(new Arrived(channel, entry)));
            listeners.put(channel, listener);
            placed.add(watchers.watch(channel, listener));
        }
        if (!resume.isEmpty()) {
            placing = ctx.vertx().setTimer(PostStreams.PLACE_WITHIN.toMillis(), id -> {
                if (!this.placed) {
                    refuse(new IllegalStateException("the event log could not be placed within "
                            + PostStreams.PLACE_WITHIN.toMillis() + " ms"));
                }
            });
        }
        Future.all(placed).onComplete(done -> context.runOnContext(v -> {
            this.placed = true;
            ctx.vertx().cancelTimer(placing);
            if (closed) {
                return;
            }
            if (done.succeeded()) {
                catchUp(placed.stream().map(Future::result).toList());
            } else {
                close();
            }
        }));
    }

    /** Sends what each resumed channel published after the client's position, then what arrived meanwhile. */
    private void catchUp(List<String> tails) {
        List<Future<List<Arrived>>> reads = new ArrayList<>();
        for (int i = 0; i < channels.size(); i++) {
            String channel = channels.get(i);
            String from = resume.get(channel);
            positions.put(channel, from != null ? from : tails.get(i));
            if (from != null) {
                reads.add(read(channel, from, 1)
                        .map(entries -> entries.stream().map(entry -> new Arrived(channel, entry)).toList()));
            }
        }
        Future.all(reads).onComplete(done -> context.runOnContext(v -> {
            if (done.failed()) {
                refuse(done.cause());
                return;
            }
            List<Arrived> missed = new ArrayList<>();
            reads.forEach(read -> missed.addAll(read.result()));
            missed.addAll(pending);
            pending.clear();
            missed.sort(Comparator.comparing(Arrived::id, Entry::compare));
            live = true;
            missed.forEach(this::send);
        }));
    }

    /**
     * {@code channel}'s entries after {@code from}; this is try {@code attempt}, and a failed one is tried again after
     * a backoff (on this stream's context, where {@code closed} is kept) until the attempts run out.
     */
    private Future<List<Entry>> read(String channel, String from, int attempt) {
        Promise<List<Entry>> read = Promise.promise();
        log.after(channel, from, config.catchUp()).onComplete(done -> context.runOnContext(v -> {
            if (done.succeeded() || closed || attempt >= PostStreams.CATCH_UP_ATTEMPTS) {
                read.handle(done);
                return;
            }
            long backoff = PostStreams.CATCH_UP_BACKOFF.toMillis() << (attempt - 1);
            ctx.vertx().setTimer(backoff, id -> read(channel, from, attempt + 1).onComplete(read));
        }));
        return read.future();
    }

    /**
     * The log could not be read: nothing is sent (not even what the tail handed on, which lies past the gap), and the
     * stream ends with a {@code retry:}, so the client reconnects with the {@code Last-Event-ID} it had.
     */
    private void refuse(Throwable failure) {
        if (closed) {
            return;
        }
        counts.increment(StreamCount.RESUMES_REFUSED);
        refusals.warn("Could not read the event log to resume a stream; ended it with a retry", failure);
        pending.clear();
        write(Buffer.buffer("retry: " + PostStreams.RECONNECT.toMillis()
                + "\n: could not read what was published since Last-Event-ID; reconnect with it\n\n"));
        close();
    }

    private void arrived(Arrived event) {
        if (live) {
            send(event);
        } else if (!closed) {
            pending.add(event);
        }
    }

    private void send(Arrived event) {
        if (closed || !event.entry().after(positions.get(event.channel()))) {
            return;
        }
        positions.put(event.channel(), event.entry().id());
        String kind = StreamKinds.of(event.entry());
        if (!kinds.contains(kind)) {
            return; // not asked for: the next event's id carries the position past it
        }
        Buffer message = Buffer.buffer(64 + event.entry().data().length)
                .appendString("id: ").appendString(StreamCursor.write(positions))
                .appendString("\nevent: ").appendString(kind).appendString("\ndata: ").appendBytes(event.entry().data())
                .appendString("\n\n");
        counts.increment(StreamCount.EVENTS_SENT);
        write(message);
    }

    private void write(Buffer buffer) {
        if (closed) {
            return;
        }
        response.write(buffer);
        if (response.writeQueueFull()) {
            counts.increment(StreamCount.DROPPED_SLOW);
            close();
        }
    }

    private void close() {
        if (closed) {
            return;
        }
        closed = true;
        ctx.vertx().cancelTimer(heartbeat);
        ctx.vertx().cancelTimer(placing);
        listeners.forEach(watchers::unwatch);
        released.run();
        if (!response.ended() && !response.closed()) {
            response.end();
        }
    }

    /** An entry of one channel's log. */
    private record Arrived(String channel, Entry entry) {
        String id() {
            return entry.id();
        }
    }

}
