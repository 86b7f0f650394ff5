package tme.api.metrics;

import static tme.api.metrics.MeterRow.counter;
import static tme.api.metrics.MeterRow.derived;
import static tme.api.metrics.MeterRow.gauge;
import static tme.api.metrics.MeterRow.thousandths;

import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.List;

/** t.me and the gate in front of it: requests by outcome, 429s by source, cooldown, budget, slots, queues. */
final class UpstreamMeters {

    private static final String REQUESTS = "Requests to t.me by outcome (intercepted: a proxy's or CDN's error page)";
    private static final String TOO_MANY = "429 answers by source: t.me itself, or a proxy or CDN in front of it";
    private static final String REFUSED = "Upstream requests the gate refused: cooldown, no budget token in time,"
            + " queue full (a reader's fast 503), background dropped, deadline passed in the queue, the client's share"
            + " spent (CLIENT_UPSTREAM_SHARE: a 429 or the stale copy)";
    private static final String SLOTS = "Upstream slots held now, by priority (TELEGRAM_MAX_CONCURRENCY in all)";

    private UpstreamMeters() {}

    static List<MeterRow> rows() {
        List<MeterRow> rows = new ArrayList<>(upstream());
        rows.addAll(cooldownAndBudget());
        rows.addAll(slots());
        return rows;
    }

    private static List<MeterRow> upstream() {
        return List.of(
                counter("tme.upstream.sent", "Requests sent to t.me (each ends in one outcome)", Tags.empty(),
                        "upstream.requests"),
                counter("tme.upstream.requests", REQUESTS, Tags.of("outcome", "ok"), "upstream.ok"),
                counter("tme.upstream.requests", REQUESTS, Tags.of("outcome", "not_found"), "upstream.not_found"),
                counter("tme.upstream.requests", REQUESTS, Tags.of("outcome", "throttled"), "upstream.throttled"),
                counter("tme.upstream.requests", REQUESTS, Tags.of("outcome", "intercepted"), "upstream.intercepted"),
                counter("tme.upstream.requests", REQUESTS, Tags.of("outcome", "failed"), "upstream.failed"),
                counter("tme.upstream.requests", REQUESTS, Tags.of("outcome", "timed_out"), "upstream.timed_out"),
                counter("tme.upstream.429", TOO_MANY, Tags.of("source", "tme"), "upstream.throttled"),
                counter("tme.upstream.429", TOO_MANY, Tags.of("source", "proxy"), "upstream.intercepted_429"));
    }

    private static List<MeterRow> cooldownAndBudget() {
        String cooldowns = "Fleet cooldowns by origin: begun by a pause signal here, or learnt from Redis";
        String signals = "Pause signals the gate heard: t.me's 429, a proxy's 429/5xx page,"
                + " or a page read as a throttle in disguise (a captcha, posts gone)";
        return List.of(
                gauge("gate.cooldown.active", "1 while this server knows of a cooldown (nothing is sent to t.me)"),
                thousandths("tme.gate.cooldown.remaining", "seconds", "What is left of the cooldown, and the jitter after"
                        + " it", "gate.cooldown.remaining_ms"),
                counter("tme.gate.cooldowns", cooldowns, Tags.of("origin", "here"), "gate.cooldowns.started"),
                counter("tme.gate.cooldowns", cooldowns, Tags.of("origin", "fleet"), "gate.cooldowns.adopted"),
                gauge("gate.strikes", "Recent cooldowns, each lengthening the next"),
                counter("tme.gate.pause.signals", signals, Tags.of("source", "tme"), "gate.signals.throttled"),
                counter("tme.gate.pause.signals", signals, Tags.of("source", "proxy"), "gate.signals.intercepted"),
                counter("tme.gate.pause.signals", signals, Tags.of("source", "captcha"), "gate.signals.captcha"),
                counter("tme.gate.pause.signals", signals, Tags.of("source", "empty"), "gate.signals.empty"),
                thousandths("tme.gate.ramp.rate", "ratio", "Fraction of the rate allowed after a cooldown (1: full)",
                        "gate.ramp.rate_permille"),
                counter("gate.admitted", "Requests the gate let through to t.me"),
                counter("tme.gate.refused", REFUSED, Tags.of("reason", "cooldown"), "gate.refused.cooldown"),
                counter("tme.gate.refused", REFUSED, Tags.of("reason", "budget"), "gate.refused.budget"),
                counter("tme.gate.refused", REFUSED, Tags.of("reason", "queue_full"), "gate.queue.shed"),
                counter("tme.gate.refused", REFUSED, Tags.of("reason", "background_dropped"), "gate.queue.dropped"),
                counter("tme.gate.refused", REFUSED, Tags.of("reason", "deadline_passed"), "gate.queue.deadline_passed"),
                counter("tme.gate.refused", REFUSED, Tags.of("reason", "client_share"), "gate.refused.client_share"),
                counter("gate.budget.tokens_taken", "Budget tokens this server took (fleet's or local): sum them over"
                        + " the fleet"),
                counter("gate.budget.local_fallbacks", "Budget decisions made locally because Redis was unavailable"),
                gauge("gate.budget.taken_last_minute", "Tokens this server took in the last 60 s"),
                gauge("gate.budget.available_per_minute", "Tokens a minute allows now (rate x 60 + burst; less"
                        + " while ramping, 0 while cooling down)"),
                // The same on every server: the fleet's use is sum(rate(tokens_taken)) / max(tokens_per_second).
                thousandths("tme.gate.budget.tokens_per_second", null, "The fleet's budget, tokens a second"
                        + " (TELEGRAM_RATE): the same on every server", "gate.budget.fleet_rate_millitokens"));
    }

    private static List<MeterRow> slots() {
        return List.of(
                gauge("gate.slots.capacity", "Upstream slots in all (TELEGRAM_MAX_CONCURRENCY)"),
                derived("tme.gate.slots.in_use", null, SLOTS, Tags.of("priority", "reader"),
                        counters -> counters.get("gate.slots.in_use") - counters.get("gate.slots.background_in_use"),
                        "gate.slots.in_use", "gate.slots.background_in_use"),
                gauge("tme.gate.slots.in_use", SLOTS, Tags.of("priority", "background"), "gate.slots.background_in_use"),
                counter("gate.slots.granted", "Slots handed out, at once or after waiting"),
                counter("gate.slots.raised", "Waiting background requests raised to readers'"),
                gauge("gate.queue.waiting", "Requests waiting for a slot now"),
                gauge("gate.queue.largest_flow", "The most requests one flow (a channel) has waiting now"),
                gauge("gate.queue.clients", "Clients with a request waiting for a slot now"),
                gauge("gate.queue.largest_client", "The most requests one client has waiting for a slot now"),
                thousandths("tme.gate.slots.mean_hold", "seconds", "How long a slot is held lately: t.me's latency as"
                        + " the gate sees it", "gate.slots.mean_hold_ms"));
    }
}
