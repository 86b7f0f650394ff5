package tme.bench.chaos;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import tme.scraper.testing.FakeTme;

/** Publishes a post in the fake t.me's channel at a steady rate while started; keeps every id with its time. */
final class Publisher implements AutoCloseable {

    /** A published post: its id and when ({@link System#nanoTime()}). */
    record Post(int id, long atNanos) {}

    static final String CHANNEL = "telegram";

    private final FakeTme tme;
    private final long periodMillis;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final List<Post> posts = new CopyOnWriteArrayList<>();
    private ScheduledFuture<?> publishing; // touched by the run's thread only

    Publisher(FakeTme tme, double perSecond) {
        this.tme = tme;
        this.periodMillis = Math.round(1000 / perSecond);
    }

    void start() {
        publishing = timer.scheduleAtFixedRate(this::publishOne, 0, periodMillis, TimeUnit.MILLISECONDS);
    }

    void stop() {
        publishing.cancel(false);
    }

    /** One post now; its id. */
    int publishOne() {
        int id = tme.publish(CHANNEL, "Chaos post published at " + java.time.Instant.now());
        posts.add(new Post(id, System.nanoTime()));
        return id;
    }

    /** The posts published from {@code fromNanos} on. */
    List<Post> since(long fromNanos) {
        return posts.stream().filter(post -> post.atNanos() >= fromNanos).toList();
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
