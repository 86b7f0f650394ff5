package tme.api;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import tme.api.FleetClient.Reply;

/**
 * A steady trickle of reads of channels nobody asked for before ({@code <prefix>0}, {@code <prefix>1}, ...), one
 * every {@code everyMillis}, taking turns over the servers: a load generator for watching the gate let requests
 * through over time (the fake's arrival times tell the rate). Stops when closed.
 */
final class Trickle implements AutoCloseable {

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final AtomicInteger sent = new AtomicInteger();
    private final List<Reply> replies = new CopyOnWriteArrayList<>();

    Trickle(FleetClient client, List<TestServer> servers, String prefix, long everyMillis) {
        timer.scheduleAtFixedRate(() -> {
            int n = sent.getAndIncrement();
            client.get(servers.get(n % servers.size()), "/v1/body/" + prefix + n).thenAccept(replies::add);
        }, 0, everyMillis, TimeUnit.MILLISECONDS);
    }

    List<Reply> replies() {
        return List.copyOf(replies);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
