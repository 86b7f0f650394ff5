package tme.api.service;

import tme.api.problem.Problem;
import tme.api.render.ProblemJson;
import tme.cache.Stored;
import tme.coalescing.Source;
import tme.coalescing.Timings;

/**
 * What a service gives a front end: stored JSON (an answer or a cached "not found"), or a {@link Problem}. The
 * stored bytes are what every front end reads: REST writes them as they are, GraphQL reads their decoded form.
 */
public sealed interface Answer {

    /** Stored kinds: what the cached bytes are. */
    int KIND_OK = 0;
    int KIND_NOT_FOUND = 1;
    /** An answer without posts (an empty channel, nothing more before or after): 200, and no shape to compare. */
    int KIND_EMPTY = 2;

    /**
     * Stored bytes, as every later hit will serve them.
     *
     * @param stored  the bytes (zstd or raw), with first-stored time and freshness
     * @param source  which level answered, or a load
     * @param timings the steps of the load this caller waited for ({@link Timings#NONE} for a hit)
     */
    record Cached(Stored stored, Source source, Timings timings) implements Answer {

        /** 200 for an answer (with posts or without), 404 for a cached "not found". */
        public int status() {
            return stored.kind() == KIND_NOT_FOUND ? 404 : 200;
        }

        /** The stored "not found" problem (a cached 404 is stored as its problem JSON); only when {@code status()} is 404. */
        public Problem notFound() {
            if (stored.kind() != KIND_NOT_FOUND) {
                throw new IllegalStateException("not a cached \"not found\": kind " + stored.kind());
            }
            return ProblemJson.parse(stored.raw());
        }
    }

    /**
     * A problem that is not cached (upstream failure, anomaly, invalid input).
     *
     * @param timings the steps of the load that failed, if this caller waited for one
     */
    record Failure(Problem problem, Timings timings) implements Answer {

        public Failure(Problem problem) {
            this(problem, Timings.NONE);
        }
    }
}
