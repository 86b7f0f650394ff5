package tme.bench.openloop;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayDeque;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import tme.bench.http.Response;

/**
 * The open loop's one thread: non-blocking connections on one selector. Each turn it times out what is overdue,
 * reopens closed connections, hands every request whose intended start has come to an idle connection, and waits
 * for I/O or the next start. A request due while every connection is busy waits for the next free one, and its
 * latency still counts from its intended start. One thread because a selector loop costs a few microseconds per
 * request (wrk's design), where a thread per connection would cost the server the CPU it needs.
 *
 * <p>Timeouts: a request still waiting for a connection {@code timeout} after its intended start is given up (a
 * client would have) and never sent; a sent request not answered {@code timeout} after it was sent is given up too,
 * and its connection closed and reopened. Both count as timeouts. The first keeps a generator that fell behind from
 * sending only requests about to expire (each sent with no time left, each killing its connection: a spiral it
 * never leaves); the second gives every request that is sent the same time to be answered. So every request ends,
 * and the run lasts the schedule plus at most twice the timeout.
 */
public final class Driver {

    /** The bytes of request {@code i}, sent to target {@code target} (a fixed GET, or a request drawn from a mix). */
    @FunctionalInterface
    public interface Requests {
        byte[] bytes(int target, long i);
    }

    /** What becomes of each request: called on the loop's one thread. */
    public interface Recorder {
        /** Request {@code i} was answered: when it was written and when its response ended (nanoTime). */
        void answered(long i, long sentNanos, long endNanos, Response response);

        void timedOut(long i);

        void failed(long i);
    }

    private static final long SUB_MILLI_WAIT_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    private static final long REOPEN_AFTER_FAILURE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final long EXPIRY_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Schedule schedule;
    private final Recorder latencies;
    private final Requests requests;
    private final long timeoutNanos;
    private final List<Link> links = new ArrayList<>();
    private final ArrayDeque<Link> idle = new ArrayDeque<>();
    private final ByteBuffer in = ByteBuffer.allocateDirect(256 * 1024); // every read lands here and is dropped
    private final Selector selector;
    private long next; // the first request not yet sent nor timed out
    private long finished; // requests answered, failed or timed out
    private long nextExpiryCheck;

    /** Connection {@code k} talks to {@code targets[k % targets]}. */
    public Driver(Schedule schedule, Recorder recorder, Requests requests, List<InetSocketAddress> targets,
                  int connections, Duration timeout) throws IOException {
        this.schedule = schedule;
        this.latencies = recorder;
        this.requests = requests;
        this.timeoutNanos = timeout.toNanos();
        this.selector = Selector.open();
        for (int k = 0; k < connections; k++) {
            links.add(new Link(k % targets.size(), targets.get(k % targets.size())));
        }
    }

    /** Runs the whole schedule; returns when every request has ended. */
    public void run() throws IOException {
        try (selector) {
            while (finished < schedule.count()) {
                long now = System.nanoTime();
                expire(now);
                reopen(now);
                startDue(now);
                await(now);
                handleReady();
            }
        } finally {
            links.forEach(link -> close(link, 0));
        }
    }

    private void expire(long now) {
        if (now < nextExpiryCheck) {
            return;
        }
        nextExpiryCheck = now + EXPIRY_CHECK_NANOS;
        for (Link link : links) {
            if (link.busy() && link.sentNanos + timeoutNanos <= now) {
                end(link.request, Outcome.TIMED_OUT);
                close(link, now);
            }
        }
        while (next < schedule.count() && schedule.intendedStart(next) + timeoutNanos <= now) {
            end(next++, Outcome.TIMED_OUT); // no connection was free in time: given up, not sent
        }
    }

    private void reopen(long now) {
        for (Link link : links) {
            if (link.channel == null && link.reopenAt <= now) {
                open(link, now);
            }
        }
    }

    private void startDue(long now) {
        while (next < schedule.count() && schedule.intendedStart(next) <= now && !idle.isEmpty()) {
            send(idle.poll(), next++);
        }
    }

    private void send(Link link, long i) {
        try {
            link.send(i, requests.bytes(link.target, i));
        } catch (IOException e) {
            fail(link);
        }
    }

    /** Until I/O, or the next start (to within ~50 µs: the selector only waits in whole milliseconds). */
    private void await(long now) throws IOException {
        long wake = now + EXPIRY_CHECK_NANOS * 10;
        if (next < schedule.count() && !idle.isEmpty()) {
            wake = Math.min(wake, schedule.intendedStart(next));
        }
        long delay = wake - now;
        if (delay <= 0) {
            selector.selectNow();
        } else if (delay >= 2 * EXPIRY_CHECK_NANOS) {
            selector.select(TimeUnit.NANOSECONDS.toMillis(delay) - 1);
        } else if (selector.selectNow() == 0) {
            LockSupport.parkNanos(Math.min(delay, SUB_MILLI_WAIT_NANOS));
        }
    }

    private void handleReady() {
        var ready = selector.selectedKeys().iterator();
        while (ready.hasNext()) {
            SelectionKey key = ready.next();
            ready.remove();
            Link link = (Link) key.attachment();
            if (!key.isValid() || link.key != key) {
                continue;
            }
            try {
                if (key.isConnectable()) {
                    connected(link);
                } else {
                    if (key.isWritable()) {
                        link.writeRest();
                    }
                    if (key.isValid() && key.isReadable()) {
                        read(link);
                    }
                }
            } catch (IOException e) {
                fail(link);
            }
        }
    }

    private void open(Link link, long now) {
        try {
            if (link.open(selector)) {
                idle.add(link);
            }
        } catch (IOException e) {
            close(link, now + REOPEN_AFTER_FAILURE_NANOS);
        }
    }

    private void connected(Link link) {
        try {
            link.finishConnect();
            idle.add(link);
        } catch (IOException e) {
            close(link, System.nanoTime() + REOPEN_AFTER_FAILURE_NANOS); // refused: try again a little later
        }
    }

    private void read(Link link) throws IOException {
        while (true) {
            in.clear();
            int n = link.channel.read(in);
            if (n < 0) { // closed by the server: the request on it, if any, has failed
                if (link.busy()) {
                    fail(link);
                } else {
                    close(link, 0); // an idle connection the server let go: reopen at once
                }
                return;
            }
            if (n == 0) {
                return;
            }
            in.flip();
            if (!link.busy()) {
                fail(link); // bytes nobody asked for
                return;
            }
            if (link.parser.feed(in)) {
                answered(link, link.parser.response());
                return;
            }
        }
    }

    private void answered(Link link, Response response) {
        latencies.answered(link.request, link.sentNanos, System.nanoTime(), response);
        finished++;
        link.request = Link.IDLE;
        if (response.keepAlive()) {
            idle.add(link);
        } else {
            close(link, 0);
        }
    }

    /** The connection broke: its request, if any, failed; it is reopened after a pause. */
    private void fail(Link link) {
        if (link.busy()) {
            end(link.request, Outcome.FAILED);
        }
        close(link, System.nanoTime() + REOPEN_AFTER_FAILURE_NANOS);
    }

    private void close(Link link, long reopenAt) {
        if (link.connected && !link.busy()) {
            idle.remove(link);
        }
        link.close(reopenAt);
    }

    private enum Outcome { TIMED_OUT, FAILED }

    private void end(long i, Outcome outcome) {
        finished++;
        if (outcome == Outcome.TIMED_OUT) {
            latencies.timedOut(i);
        } else {
            latencies.failed(i);
        }
    }
}
