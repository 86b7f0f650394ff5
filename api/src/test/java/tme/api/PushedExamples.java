package tme.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tme.redis.testing.TestClock;

/**
 * The examples of what the server pushes, as the doc's blocks show them: an SSE stream read up to its first post
 * event, and what a WebSub subscriber on loopback ({@link Subscriber}) received. Each waits with a generous deadline
 * (not a latency bound) for what t.me published ({@code (publish: telegram A new post)}) to come through. The server's
 * clock moves on a minute as t.me publishes: on a clock that stands still the page just loaded would never be due
 * for its refresh.
 */
final class PushedExamples implements AutoCloseable {

    /** Many refresh intervals: a busy machine only makes the wait longer. */
    static final Duration WITHIN = Duration.ofSeconds(60);
    /** In a request, where the subscriber's callback URL goes. */
    static final String CALLBACK = "{callback}";

    private Subscriber subscriber;

    /** The subscriber's callback at {@code path}, in place of {@link #CALLBACK} (URL-encoded, as in a form). */
    String withCallback(String body, String path) {

        if (body == null || !body.contains(CALLBACK)) {
            return body;
        }
        return body.replace(CALLBACK, java.net.URLEncoder.encode(subscriber().callback(path),
                java.nio.charset.StandardCharsets.UTF_8));
    }

    /**
     * {@code GET <stream target>} with {@code headers}: the head and the messages up to the first post event, after
     * {@code channel} published {@code text} (none if null); or, with {@code revisions}, up to one event per revision
     * after t.me made them; or up to the stream's end.
     */
    ExampleAnswer.Answered stream(TestServer server, TestClock clock, String target, Map<String, String> headers,
                                  String channel, String text, List<ExampleSetup.Revision> revisions) {
        String[] sent = headers.entrySet().stream().flatMap(h -> java.util.stream.Stream.of(h.getKey(), h.getValue()))
                .toArray(String[]::new);
        try (SseClient stream = new SseClient(server.server.actualPort(), target, sent)) {
            Map<String, String> answered = new LinkedHashMap<>();
            stream.response.headers().map().forEach((name, values) -> answered.put(name.toLowerCase(Locale.ROOT),
                    String.join(", ", values)));
            StringBuilder body = new StringBuilder();
            if (stream.response.statusCode() == 200) {
                if (channel != null) {
                    publishAfterBaseline(server, clock, channel, text);
                }
                if (!revisions.isEmpty()) {
                    reviseAfterBaseline(server, clock, revisions);
                }
                long deadline = System.nanoTime() + WITHIN.toNanos();
                int events = 0;
                SseClient.Message message;
                do {
                    message = stream.next(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
                    if (message == null || !message.comments().equals(List.of("heartbeat"))) {
                        body.append(shown(message)).append('\n'); // heartbeats come as time goes: not the example
                    }
                    events += message != null && message.event() != null && message != SseClient.Message.END ? 1 : 0;
                } while (message != null && message != SseClient.Message.END
                        && (revisions.isEmpty() ? !"post".equals(message.event()) : events < revisions.size()));
            }
            return new ExampleAnswer.Answered(stream.response.statusCode(), answered, body.toString());
        }
    }

    /** What the subscriber received next: {@code verification} or {@code delivery} (after {@code publish}). */
    ExampleAnswer.Answered received(TestServer server, TestClock clock, String what, String channel, String text) {
        Subscriber.Received received;
        if (what.equals("verification")) {
            received = subscriber().nextVerification(WITHIN);
        } else {
            publishAfterBaseline(server, clock, channel, text);
            received = subscriber().nextDelivery(WITHIN);
        }
        if (received == null) {
            return new ExampleAnswer.Answered(0, Map.of(), "no " + what + " within " + WITHIN);
        }
        StringBuilder shown = new StringBuilder(received.method() + " " + received.uri() + "\n");
        received.headers().forEach((name, value) -> shown.append(name).append(": ").append(value).append('\n'));
        if (received.body().length > 0) {
            shown.append('\n').append(received.text().replace("\r\n", "\n"));
        }
        return new ExampleAnswer.Answered(200, Map.of(), shown.toString()
                .replace("127.0.0.1:" + server.server.actualPort(), ExampleAnswer.DOC_ADDRESS)
                .replace("127.0.0.1%3A" + server.server.actualPort(), "localhost%3A8080"));
    }

    /** Once the channel's page is loaded (its posts the baseline), t.me publishes a post, a minute later. */
    private static void publishAfterBaseline(TestServer server, TestClock clock, String channel, String text) {
        FleetAwait.until("the baseline page of " + channel, () -> server.tme.hits("/s/" + channel) >= 1,
                () -> "no load yet");
        if (server.get("/v1/body/" + channel).statusCode() != 200) {
            throw new AssertionError("no page of " + channel);
        }
        server.tme.publish(channel, text);
        clock.advance(Duration.ofMinutes(1));
    }

    /** Once the channel's page is loaded (the page its changes are told against), t.me makes them, a minute later. */
    private static void reviseAfterBaseline(TestServer server, TestClock clock, List<ExampleSetup.Revision> revisions) {
        String channel = revisions.getFirst().channel();
        FleetAwait.until("the baseline page of " + channel, () -> server.tme.hits("/s/" + channel) >= 1,
                () -> "no load yet");
        if (server.get("/v1/body/" + channel).statusCode() != 200) {
            throw new AssertionError("no page of " + channel);
        }
        revisions.forEach(revision -> revision.apply(server.tme));
        clock.advance(Duration.ofMinutes(1));
    }

    /** A message as the server wrote it: its fields, each on its line, in the order the stream sends them. */
    private static String shown(SseClient.Message message) {
        if (message == null) {
            return "(nothing within " + WITHIN + ")\n";
        }
        List<String> lines = new ArrayList<>();
        if (message.retry() != null) {
            lines.add("retry: " + message.retry());
        }
        message.comments().forEach(comment -> lines.add(": " + comment));
        if (message.id() != null) {
            lines.add("id: " + message.id());
        }
        if (message.event() != null && message != SseClient.Message.END) {
            lines.add("event: " + message.event());
        }
        if (message.data() != null) {
            message.data().lines().forEach(line -> lines.add("data: " + line));
        }
        return String.join("\n", lines) + "\n";
    }

    private Subscriber subscriber() {
        if (subscriber == null) {
            subscriber = new Subscriber();
        }
        return subscriber;
    }

    @Override
    public void close() {
        if (subscriber != null) {
            subscriber.close();
        }
    }
}
