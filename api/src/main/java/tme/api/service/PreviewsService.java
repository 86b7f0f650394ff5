package tme.api.service;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import tme.api.render.ProblemJson;

/**
 * {@code POST /v1/previews}: many previews in one answer. One bad channel never fails the batch: its entry
 * carries its own problem. At most {@code parallelism} previews load at once, so one request cannot fire
 * a hundred simultaneous t.me calls, and the whole request is one flow at the upstream gate: its loads share the
 * slots fairly with other readers instead of taking them all. A channel the gate sheds (cooldown, full queues)
 * is reported in its own entry, with the others answered as usual.
 */
public final class PreviewsService {

    private static final JsonFactory FACTORY = new JsonFactory();

    /** (channel, flow) -> the channel's preview, loaded as part of that flow. */
    private final BiFunction<String, String, Future<Answer>> preview;
    private final int parallelism;
    private final AtomicLong requests = new AtomicLong();

    public PreviewsService(BiFunction<String, String, Future<Answer>> preview, int parallelism) {
        this.preview = preview;
        this.parallelism = parallelism;
    }

    /** Entries in request order; {@code entries} are names already normalized, each either valid or a problem. */
    public Future<byte[]> previews(List<Entry> entries) {
        Answer[] answers = new Answer[entries.size()];
        if (entries.isEmpty()) {
            return Future.succeededFuture(render(entries, answers));
        }
        String flow = "previews#" + requests.incrementAndGet();
        AtomicInteger next = new AtomicInteger();
        Promise<Void> done = Promise.promise();
        AtomicInteger lanesLeft = new AtomicInteger(Math.min(parallelism, entries.size()));
        for (int lane = 0; lane < Math.min(parallelism, entries.size()); lane++) {
            runLane(flow, entries, answers, next, () -> {
                if (lanesLeft.decrementAndGet() == 0) {
                    done.complete();
                }
            });
        }
        return done.future().map(ignored -> render(entries, answers));
    }

    /** A name to preview, or the problem that made it unusable (an invalid name). */
    public record Entry(String name, Problem problem) {}

    private void runLane(String flow, List<Entry> entries, Answer[] answers, AtomicInteger next, Runnable laneDone) {
        int index = next.getAndIncrement();
        if (index >= entries.size()) {
            laneDone.run();
            return;
        }
        Entry entry = entries.get(index);
        Future<Answer> answer = entry.problem() != null
                ? Future.succeededFuture(new Answer.Failure(entry.problem()))
                : preview.apply(entry.name(), flow).recover(e -> Future.succeededFuture(new Answer.Failure(Problem.internal())));
        answer.onComplete(result -> {
            answers[index] = result.result();
            runLane(flow, entries, answers, next, laneDone);
        });
    }

    /** An answer's stored JSON as it is; a cached "not found" or a problem as {@code {"error":{...}}}. */
    private static void writeEntry(JsonGenerator json, Answer answer) throws IOException {
        if (answer instanceof Answer.Cached cached && cached.status() == 200) {
            json.writeRawValue(new String(cached.stored().raw(), StandardCharsets.UTF_8));
            return;
        }
        // A cached "not found" is stored as the problem JSON itself.
        Problem problem = switch (answer) {
            case Answer.Cached notFound -> ProblemJson.parse(notFound.stored().raw());
            case Answer.Failure failure -> failure.problem();
        };
        json.writeStartObject();
        json.writeFieldName("error");
        ProblemJson.write(json, problem);
        json.writeEndObject();
    }

    private static byte[] render(List<Entry> entries, Answer[] answers) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024 * entries.size());
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            json.writeStartObject();
            for (int i = 0; i < answers.length; i++) {
                json.writeFieldName(entries.get(i).name());
                writeEntry(json, answers[i]);
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
