package tme.api.render;

import tme.api.problem.Problem;

/**
 * The last line of a {@code /v1/history} answer: {@code {"end":{"reason":...,"before":N,"posts":N}}}, with the
 * problem's code and {@code retry_after} (seconds) when a load was refused or failed. {@code before} is where to
 * resume ({@code ?before=N}: the posts older than the oldest one passed); absent when the walk reached the channel's
 * first post, or passed none.
 */
public final class HistoryJson {

    private HistoryJson() {}

    /** {@code reason}: limit, since, start, budget or upstream; {@code before} 0 for none; {@code problem} or null. */
    public static byte[] end(String reason, int before, int posts, Problem problem) {
        return JsonRender.render(json -> {
            json.writeStartObject();
            json.writeObjectFieldStart("end");
            json.writeStringField("reason", reason);
            if (before > 0) {
                json.writeNumberField("before", before);
            }
            json.writeNumberField("posts", posts);
            if (problem != null) {
                json.writeStringField("problem", problem.code());
                if (problem.retryAfter() != null) {
                    json.writeNumberField("retry_after", Math.max(1, problem.retryAfter().toSeconds()));
                }
            }
            json.writeEndObject();
            json.writeEndObject();
        });
    }
}
