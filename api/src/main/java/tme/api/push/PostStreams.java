package tme.api.push;

import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.time.InstantSource;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import tme.api.query.FeedQuery;
import tme.api.metrics.Telemetry;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.service.ChannelName;
import tme.api.service.ChannelNames;
import tme.events.EventLog;
import tme.redis.Counters;
import tme.redis.RepeatLog;

/**
 * {@code GET /v1/stream?channels=a,b}: Server-Sent Events, one {@code event: post} per new post of the channels (and,
 * asked with {@code events=post,edited,deleted}, one {@code event: edited} or {@code deleted} per post changed on t.me),
 * resumable with {@code Last-Event-ID} (or {@code ?last_event_id=}). Bounded: {@code maxClients} streams per server
 * (503 past it), {@code maxPerClient} per client (429). Each open stream is a {@link StreamConnection}.
 */
public final class PostStreams implements Handler<RoutingContext> {

    /** Clients reconnect this long after a stream ends (SSE's {@code retry:}). */
    static final Duration RECONNECT = Duration.ofSeconds(3);

    /**
     * Reads of the log a resume tries before it ends with a {@code retry:} (docs/api.md): the first, then two more
     * after {@link #CATCH_UP_BACKOFF} and twice that, so a blip of a few hundred milliseconds (a slow command, the
     * breaker's probe) does not send the client away, and a Redis out of reach costs it about a second and a retry.
     */
    static final int CATCH_UP_ATTEMPTS = 3;

    /** The wait before the second catch-up read; it doubles before each next one. */
    static final Duration CATCH_UP_BACKOFF = Duration.ofMillis(250);

    /**
     * How long a resume waits for its channels to be placed in the log (the tail reads where each log ends) before the
     * stream ends with a {@code retry:}: a log that cannot be placed (Redis out of reach since the stream opened) cannot
     * be read either, and a resume is exact or refused, never held open in silence. About the catch-up's own reads.
     */
    static final Duration PLACE_WITHIN = Duration.ofSeconds(2);

    private static final System.Logger LOG = System.getLogger(PostStreams.class.getName());

    private final EventLog log;
    private final Watchers watchers;
    private final StreamChannels known;
    private final StreamsConfig config;
    private final Function<RoutingContext, String> clients;
    private final AtomicInteger open = new AtomicInteger();
    private final Map<String, AtomicInteger> perClient = new ConcurrentHashMap<>();
    final Counters<StreamCount> counts = new Counters<>(StreamCount.class, EnumSet.allOf(StreamCount.class));
    // Resumes refused (the log out of reach): one line a minute, whatever the number of readers coming back.
    private final RepeatLog refusals = RepeatLog.perMinute(LOG, InstantSource.system());

    /** {@code clients}: who a request is from (the per-client limit's key). */
    public PostStreams(EventLog log, Watchers watchers, StreamChannels known, StreamsConfig config,
                       Function<RoutingContext, String> clients) {
        this.known = known;
        this.log = log;
        this.watchers = watchers;
        this.config = config;
        this.clients = clients;
    }

    @Override
    public void handle(RoutingContext ctx) {
        List<String> channels = channels(ctx.queryParams().getAll("channels"));
        Set<String> kinds = StreamKinds.parse(ctx.queryParams().getAll("events"));
        String header = ctx.request().getHeader("Last-Event-ID");
        Map<String, String> resume = header != null
                ? StreamCursor.read("Last-Event-ID", header)
                : StreamCursor.read("last_event_id", ctx.queryParams().get("last_event_id"));
        String client = clients.apply(ctx);
        Context context = Vertx.currentContext();
        known.firstMissing(channels, client).onComplete(checked -> context.runOnContext(v -> {
            if (ctx.response().closed()) {
                return;
            }
            if (checked.succeeded() && checked.result().isPresent()) {
                ctx.fail(new InvalidInput(checked.result().get()));
                return;
            }
            try {
                open(ctx, channels, kinds, resume, client);
            } catch (InvalidInput refused) {
                ctx.fail(refused);
            }
        }));
    }

    private void open(RoutingContext ctx, List<String> channels, Set<String> kinds, Map<String, String> resume,
                      String client) {
        admit(client);
        counts.increment(StreamCount.OPENED);
        Telemetry.markStream(ctx); // its life is the reader's: tme_stream_seconds, not a request's latency
        new StreamConnection(ctx, channels, kinds, resume, log, watchers, config, counts, () -> release(client),
                refusals).start();
    }

    /**
     * {@code streams.*}: opened, refused (full, per client), events sent, slow clients dropped, resumes refused (the
     * log out of reach); open now (a gauge).
     */
    public SortedMap<String, Long> counters() {
        SortedMap<String, Long> all = new TreeMap<>(counts.snapshot());
        all.put("streams.open", (long) open.get());
        return all;
    }

    private void admit(String client) {
        if (open.incrementAndGet() > config.maxClients()) {
            open.decrementAndGet();
            counts.increment(StreamCount.REFUSED_FULL);
            throw new InvalidInput(Problem.streamsFull(config.maxClients(), RECONNECT));
        }
        AtomicInteger mine = perClient.computeIfAbsent(client, c -> new AtomicInteger());
        if (mine.incrementAndGet() > config.maxPerClient()) {
            release(client);
            counts.increment(StreamCount.REFUSED_CLIENT);
            throw new InvalidInput(Problem.tooManyStreams(config.maxPerClient(), RECONNECT));
        }
    }

    private void release(String client) {
        open.decrementAndGet();
        perClient.computeIfPresent(client, (c, count) -> count.decrementAndGet() <= 0 ? null : count);
    }

    /** {@code channels=a,b} (or repeated): 1 to 100 valid names, deduplicated, in the order asked. */
    private static List<String> channels(List<String> values) {
        return ChannelNames.parse("channels", FeedQuery.names(values)).stream().map(ChannelName::value).distinct()
                .toList();
    }
}
