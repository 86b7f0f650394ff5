package tme.bench.chaos;

import java.time.Duration;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** Runs one {@link Scenario} on the fleet while the publisher publishes, and counts what each receiver got. */
final class ScenarioRun {

    private final ChaosFleet fleet;
    private final Publisher publisher;

    ScenarioRun(ChaosFleet fleet, Publisher publisher) {
        this.fleet = fleet;
        this.publisher = publisher;
    }

    Row run(Scenario scenario) throws Exception {
        long start = System.nanoTime();
        publisher.start();
        say(scenario.name() + ": publishing");
        Thread.sleep(scenario.before()); // the scenario's timeline: faults happen at set times
        long faultStart = System.nanoTime();
        say(scenario.name() + ": " + scenario.what());
        scenario.fault().start();
        Thread.sleep(scenario.faultFor());
        scenario.fault().end();
        long faultEnd = System.nanoTime();
        say(scenario.name() + ": fault over");
        Thread.sleep(scenario.after());
        publisher.stop();
        List<Integer> ids = publisher.since(start).stream().map(Publisher.Post::id).toList();
        drain(scenario, ids);
        long backFrom = scenario.backFromStart() ? faultStart : faultEnd;
        List<Integer> after = publisher.since(backFrom).stream().map(Publisher.Post::id).toList();
        Row row = row(scenario, ids, after, backFrom);
        sayMissing(scenario, publisher.since(start), faultStart);
        scenario.fault().afterwards();
        return row;
    }

    /** Waits until every receiver has every post of the scenario, or {@code drain} passed. */
    private void drain(Scenario scenario, List<Integer> ids) throws InterruptedException {
        long deadline = System.nanoTime() + scenario.drain().toNanos();
        while (System.nanoTime() < deadline && fleet.receivers().stream().anyMatch(r -> r.missing(ids) > 0)) {
            Thread.sleep(200); // polling the receivers' counts; the drain bounds it
        }
    }

    /** Names the posts each receiver missed, with when each was published (seconds from the fault's start). */
    private void sayMissing(Scenario scenario, List<Publisher.Post> posts, long faultStart) {
        for (Receipts receiver : fleet.receivers()) {
            List<String> missed = posts.stream().filter(post -> !receiver.has(post.id()))
                    .map(post -> post.id() + "@" + String.format("%+.1fs", (post.atNanos() - faultStart) / 1e9))
                    .toList();
            if (!missed.isEmpty()) {
                say(scenario.name() + ": " + receiver.name + " missed " + String.join(" ", missed));
            }
        }
    }

    private Row row(Scenario scenario, List<Integer> ids, List<Integer> after, long backFrom) {
        List<Receipts> readers = fleet.readers.stream().map(r -> r.receipts).toList();
        List<Receipts> subscribers = fleet.subscribers.stream().map(s -> s.receipts).toList();
        return new Row(scenario.name(), scenario.what(), ids.size(),
                readers.stream().map(r -> r.missing(ids)).toList(), readers.stream().map(r -> r.repeats(ids)).toList(),
                subscribers.stream().map(s -> s.missing(ids)).toList(),
                subscribers.stream().map(s -> s.repeats(ids)).toList(),
                subscribers.stream().map(s -> s.deliveries(ids)).toList(), pushBack(after, backFrom),
                scenario.backFromStart() ? "its start" : "its end");
    }

    /**
     * How long after {@code backFrom} the last receiver got its first post published since, and which receiver that
     * was; or, when some never got one, their names.
     */
    private PushBack pushBack(List<Integer> after, long backFrom) {
        long latest = -1;
        String slowest = "";
        List<String> never = new ArrayList<>();
        for (Receipts receiver : fleet.receivers()) {
            OptionalLong first = receiver.firstArrivalOf(after);
            if (first.isEmpty()) {
                never.add(receiver.name);
            } else if (first.getAsLong() - backFrom > latest) {
                latest = first.getAsLong() - backFrom;
                slowest = receiver.name;
            }
        }
        return never.isEmpty() ? new PushBack(Optional.of(Duration.ofNanos(latest)), slowest)
                : new PushBack(Optional.empty(), String.join(" ", never));
    }

    static void say(String line) {
        System.out.println("[" + LocalTime.now().truncatedTo(ChronoUnit.SECONDS) + "] " + line);
    }
}
