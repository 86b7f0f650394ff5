package tme.coalescing.gate;

import tme.redis.Counters;

/**
 * The upstream slots' counted events, by metric name. Every request that asks for a slot ends in exactly one of
 * granted, shed, dropped or deadline passed; raised counts waiting background tickets moved to the readers' side.
 */
enum SlotCount implements Counters.Metric {
    /** Slots handed out, at once or after a wait. */
    GRANTED("gate.slots.granted"),
    /** Waiting background tickets that became readers' tickets because a reader joined their load. */
    RAISED("gate.slots.raised"),
    /** Readers refused at once because the queue was full (a fast 503). */
    SHED("gate.queue.shed"),
    /** Background requests refused because the queue was full, or pushed out of it by a reader. */
    DROPPED("gate.queue.dropped"),
    /** Waiters whose deadline passed before a slot came: a reader is refused QUEUE_FULL, background DROPPED. */
    DEADLINE_PASSED("gate.queue.deadline_passed");

    private final String metricName;

    SlotCount(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }
}
