package tme.bench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tme.bench.compare.Results.Line;

/** What one measurement's line reads as in a table cell. */
final class Cells {

    private static final String[] WRK_ERRORS = {"errors_status", "errors_timeout", "errors_read", "errors_connect",
        "errors_write"};

    private Cells() {}

    /** A closed-loop wrk run: {@code 33,268 (1.13 / 3.94 / 6.10)}, and its errors if it had any. */
    static String closedLoop(Optional<Line> wrk) {
        return wrk.map(l -> Fmt.count(l.numberOrZero("rps")) + " (" + Fmt.ms(l.numberOrZero("p50_ms")) + " / "
                + Fmt.ms(l.numberOrZero("p99_ms")) + " / " + Fmt.ms(l.numberOrZero("p999_ms")) + ")"
                + errors(l, WRK_ERRORS)).orElse(Fmt.NONE);
    }

    /** tme against nginx, closed loop: {@code 0.56; p99 1.69}. */
    static String closedLoopRatio(Optional<Line> tme, Optional<Line> nginx) {
        if (tme.isEmpty() || nginx.isEmpty()) {
            return Fmt.NONE;
        }
        return "**" + Fmt.ratio(tme.get().numberOrZero("rps"), nginx.get().numberOrZero("rps")) + "**; p99 "
                + Fmt.ratio(tme.get().numberOrZero("p99_ms"), nginx.get().numberOrZero("p99_ms"));
    }

    /** An open-loop run: {@code 0.52 / 1.90 / 3.30 / 10.2; lag p99 0.05; 0 errors, 0 timeouts}. */
    static String openLoop(Optional<Line> run) {
        return run.map(l -> Fmt.ms(l.numberOrZero("p50_ms")) + " / " + Fmt.ms(l.numberOrZero("p99_ms")) + " / "
                + Fmt.ms(l.numberOrZero("p999_ms")) + " / " + Fmt.ms(l.numberOrZero("max_ms")) + "; send lag p99 "
                + Fmt.ms(l.numberOrZero("lag_p99_ms")) + "; " + Fmt.count(l.numberOrZero("requests")) + " answered, "
                + Fmt.count(l.numberOrZero("errors_status") + l.numberOrZero("errors_io")) + " errors, "
                + Fmt.count(l.numberOrZero("timeouts")) + " timeouts").orElse(Fmt.NONE);
    }

    /** p99 of tme's open-loop run against nginx's at the same rate. */
    static String openLoopRatio(Optional<Line> tme, Optional<Line> nginx) {
        if (tme.isEmpty() || nginx.isEmpty()) {
            return Fmt.NONE;
        }
        return "p99 " + Fmt.ratio(tme.get().numberOrZero("p99_ms"), nginx.get().numberOrZero("p99_ms"));
    }

    /** {@code , **3 errors** (errors_status 3)} when any of {@code names} is positive, else nothing. */
    static String errors(Line line, String... names) {
        List<String> seen = new ArrayList<>();
        double total = 0;
        for (String name : names) {
            double n = line.numberOrZero(name);
            if (n > 0) {
                seen.add(name + " " + Fmt.count(n));
                total += n;
            }
        }
        return seen.isEmpty() ? "" : ", **" + Fmt.count(total) + " errors** (" + String.join(", ", seen) + ")";
    }
}
