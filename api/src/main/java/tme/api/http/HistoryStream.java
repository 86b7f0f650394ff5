package tme.api.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import tme.api.metrics.Telemetry;
import tme.api.problem.Problem;
import tme.api.render.HistoryJson;
import tme.api.render.PostSlices;
import tme.api.service.ChannelName;
import tme.api.service.HistoryQuery;
import tme.api.service.HistoryWalk;
import tme.api.service.Position;
import tme.coalescing.Asker;

/**
 * One {@code /v1/history} answer, on its request's event loop (every field is touched only there): a page is asked of
 * the walk, its posts written as lines, and the next page asked for only once the response's write queue has room
 * (a slow reader slows the walk; one page at most is held). The first page decides the status: a page that cannot be
 * read answers its problem; once lines are written, a page that cannot be read ends the answer with a resumable
 * cursor. The last line says why the walk ended ({@link HistoryJson}).
 */
final class HistoryStream {

    static final String NDJSON = "application/x-ndjson";
    private static final Buffer NEWLINE = Buffer.buffer("\n");

    private final RoutingContext ctx;
    private final HttpServerResponse response;
    private final HistoryWalk walk;
    private final ChannelName channel;
    private final HistoryQuery query;
    private final Asker asker;
    private final HistoryHandler.Counts counts;
    private int written;
    private int passed; // the oldest post id passed (answered or skipped), 0 before the first
    private boolean started;
    private boolean parked; // waiting for the write queue to drain, counted in counts.waiting()

    HistoryStream(RoutingContext ctx, HistoryWalk walk, ChannelName channel, HistoryQuery query, Asker asker,
                  HistoryHandler.Counts counts) {
        this.counts = counts;
        this.ctx = ctx;
        this.response = ctx.response();
        this.walk = walk;
        this.channel = channel;
        this.query = query;
        this.asker = asker;
    }

    void start() {
        response.closeHandler(closed -> unpark()); // a reader gone while the walk waited for it
        passed = query.before().value();
        next(query.before());
    }

    private void next(Position before) {
        Responses.onRequestLoop(walk.page(channel, before, asker), done -> {
            if (response.closed()) {
                return; // the reader went away: nothing more is loaded
            }
            if (done.failed()) {
                failed(done.cause());
                return;
            }
            switch (done.result()) {
                case HistoryWalk.Page page -> write(page);
                case HistoryWalk.Stopped stopped -> stopped(stopped.problem());
            }
        });
    }

    private void write(HistoryWalk.Page page) {
        begin();
        String reason = take(page.posts());
        if (reason == null && page.next().isEmpty()) {
            reason = "start";
        }
        counts.pages().increment();
        if (reason != null) {
            end(reason, reason.equals("start") ? 0 : passed, null);
        } else if (response.writeQueueFull()) {
            Position next = page.next().get();
            waitForReader(() -> next(next));
        } else {
            next(page.next().get());
        }
    }

    /** Runs {@code then} once the reader has taken most of what is written: the write queue drained. */
    private void waitForReader(Runnable then) {
        counts.waits().increment();
        counts.waiting().increment();
        parked = true;
        response.drainHandler(drained -> {
            response.drainHandler(null);
            unpark();
            then.run();
        });
    }

    private void unpark() {
        if (parked) {
            parked = false;
            counts.waiting().decrement();
        }
    }

    /**
     * Writes the posts kept, a line each: the response's write queue counts messages, not bytes, so a line per
     * message makes it full within a page. The reason the walk ends within this page, or null.
     */
    private String take(List<PostSlices.Slice> posts) {
        for (PostSlices.Slice post : posts) {
            if (written == query.limit()) {
                return "limit";
            }
            switch (query.verdict(post)) {
                case STOP -> {
                    return "since";
                }
                case KEEP -> {
                    response.write(Buffer.buffer(post.json().length + 1).appendBytes(post.json()).appendBuffer(NEWLINE));
                    written++;
                }
                case SKIP -> { }
            }
            passed = post.id();
        }
        return written == query.limit() ? "limit" : null;
    }

    /** A page that could not be read: the answer's problem before any line, else the last line. */
    private void stopped(Problem problem) {
        if (!started) {
            Responses.problem(ctx, problem);
            return;
        }
        boolean budget = Problem.CLIENT_UPSTREAM_LIMITED.equals(problem.code())
                || "upstream_budget".equals(problem.code());
        end(budget ? "budget" : "upstream", passed, problem);
    }

    private void failed(Throwable bug) {
        if (!started) {
            ctx.fail(bug);
            return;
        }
        response.reset(); // a bug mid-answer: the reader must not take a cut answer for a whole one
    }

    private void begin() {
        if (!started) {
            started = true;
            Telemetry.markStream(ctx); // its life is the reader's pace: tme_stream_seconds, not a request's latency
            response.setChunked(true).putHeader("Content-Type", NDJSON).putHeader("Cache-Control", "no-store");
        }
    }

    private void end(String reason, int before, Problem problem) {
        response.end(Buffer.buffer(HistoryJson.end(reason, before, written, problem)).appendBuffer(NEWLINE));
    }
}
