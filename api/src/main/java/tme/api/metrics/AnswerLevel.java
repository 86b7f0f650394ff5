package tme.api.metrics;

/**
 * Which level answered a request, from its {@code X-Cache} header (set by the one writer of cached answers):
 * the {@code level} label of {@code tme_http_requests_seconds}. Answers that are not cache values (health, metrics,
 * validation errors, shed and refused requests without a stale value) are {@link #NONE}.
 */
enum AnswerLevel {
    L1("l1"),
    L2("l2"),
    STALE("stale"),
    UPSTREAM("upstream"),
    NONE("none");

    private final String label;

    AnswerLevel(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    /** The level an {@code X-Cache} value names; null or anything else is {@link #NONE}. */
    static AnswerLevel of(String xCache) {
        if (xCache == null) {
            return NONE;
        }
        return switch (xCache) {
            case "L1" -> L1;
            case "L2" -> L2;
            case "STALE" -> STALE;
            case "upstream" -> UPSTREAM;
            default -> NONE;
        };
    }
}
