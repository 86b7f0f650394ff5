package tme.bench.chaos;

import java.time.Duration;
import java.util.List;

/**
 * One fault of the chaos run on a timeline: {@code before} of normal publishing, the fault's start, {@code faultFor},
 * its end, {@code after}; then publishing stops and receivers have up to {@code drain} to catch up before they are
 * counted. "Push back" is measured from the fault's start ({@code backFromStart}: the fault is the event, as a kill)
 * or from its end (a fault that lasts, as an outage).
 */
record Scenario(String name, String what, Duration before, Duration faultFor, Duration after, Duration drain,
                Fault fault, boolean backFromStart) {

    /** What the scenario does to the fleet; {@link #afterwards} runs once it is counted (not part of the row). */
    interface Fault {
        void start() throws Exception;

        void end() throws Exception;

        default void afterwards() throws Exception {}
    }

    private static Fault none() {
        return new Fault() {
            @Override
            public void start() {}

            @Override
            public void end() {}
        };
    }

    private static Duration s(long seconds) {
        return Duration.ofSeconds(seconds);
    }

    /**
     * The run's scenarios, in the order they run. The Redis restart is last: on the code this was written on, a
     * Redis that comes back empty loses the WebSub subscriptions, so every scenario after it would count that too.
     */
    static List<Scenario> all(ChaosFleet fleet) {
        return List.of(
                new Scenario("baseline", "no fault", s(0), s(0), s(30), s(20), none(), true),
                new Scenario("latency", "b's Redis link +200 ms each way for 40 s", s(5), s(40), s(5), s(20),
                        new Fault() {
                            @Override
                            public void start() {
                                fleet.linkB.latency(Duration.ofMillis(200));
                            }

                            @Override
                            public void end() {
                                fleet.linkB.pass();
                            }
                        }, true),
                new Scenario("black-hole", "b's Redis link black-holed for 15 s", s(10), s(15), s(25), s(20),
                        new Fault() {
                            @Override
                            public void start() {
                                fleet.linkB.blackHole();
                            }

                            @Override
                            public void end() {
                                fleet.linkB.pass();
                            }
                        }, false),
                new Scenario("subscriber-down", "sub3's port closed for 60 s", s(10), s(60), s(30), s(30),
                        new Fault() {
                            @Override
                            public void start() {
                                fleet.subscribers.get(2).down();
                            }

                            @Override
                            public void end() {
                                fleet.subscribers.get(2).up();
                            }
                        }, false),
                new Scenario("server-kill", "b SIGKILLed (restarted once counted)", s(10), s(0), s(30), s(20),
                        new Fault() {
                            @Override
                            public void start() throws InterruptedException {
                                fleet.b.kill();
                            }

                            @Override
                            public void end() {}

                            @Override
                            public void afterwards() throws InterruptedException {
                                fleet.b.start().awaitHealthy();
                            }
                        }, true),
                new Scenario("redis-restart", "Redis SIGKILLed, restarted empty 20 s later", s(10), s(20), s(30),
                        s(20), new Fault() {
                            @Override
                            public void start() {
                                fleet.redis.kill();
                            }

                            @Override
                            public void end() {
                                fleet.redis.restart();
                            }
                        }, false));
    }
}
