package tme.api.http;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import tme.coalescing.Timings;

/**
 * The {@code Server-Timing} header of an answer that waited for a load: each step of that load in milliseconds
 * with microsecond precision, {@code gate;dur=0.041, upstream;dur=212.503, parse;dur=6.118, render;dur=1.904}.
 * Every caller that shared the load gets the same numbers; a hit has none, and writes nothing here.
 */
final class ServerTiming {

    static final CharSequence HEADER = HttpHeaders.createOptimized("Server-Timing");

    private ServerTiming() {}

    /** Adds the header when a load stands behind the answer; a hit ({@link Timings#NONE}) costs one check. */
    static void add(MultiMap headers, Timings timings) {
        if (!timings.isEmpty()) {
            headers.add(HEADER, value(timings));
        }
    }

    static String value(Timings timings) {
        StringBuilder value = new StringBuilder(24 * timings.steps().size());
        for (Timings.Step step : timings.steps()) {
            if (!value.isEmpty()) {
                value.append(", ");
            }
            value.append(step.name()).append(";dur=");
            appendMillis(value, step.took().toNanos());
        }
        return value.toString();
    }

    /** {@code nanos} as milliseconds with three decimals ({@code 212.503}), without floating point. */
    static StringBuilder appendMillis(StringBuilder out, long nanos) {
        long micros = Math.max(0, nanos) / 1_000;
        long fraction = micros % 1_000;
        out.append(micros / 1_000).append('.');
        if (fraction < 100) {
            out.append(fraction < 10 ? "00" : "0");
        }
        return out.append(fraction);
    }
}
