package tme.api;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import tme.scraper.testing.fuzz.Draw;

/**
 * An OpenAPI-driven fuzzer with schemathesis's checks, built into the suite (issue 25): for every operation of the
 * served {@code /openapi.json} (each path and method, HEAD included), {@link #CASES} requests drawn from the
 * document's own parameter and body schemas ({@link FuzzRequests}), sent over real HTTP to a real server on the fake
 * t.me, each answer checked:
 * <ul>
 *   <li>not a server error: no 5xx, but for the 502/503/504 the operation declares for upstream trouble;</li>
 *   <li>the status is one the operation declares (no "any path may answer this" fallback);</li>
 *   <li>the media type is one the document lists for that status, the body validates against its schema, the headers
 *   it declares required are present and match theirs ({@link ApiContract#validateOperation});</li>
 *   <li>a HEAD answer has no body;</li>
 *   <li>a request breaking the document is refused with a 4xx (schemathesis's {@code negative_data_rejection});</li>
 *   <li>a conforming request is accepted: 2xx, or 404 for a channel or post that is not there
 *   ({@code positive_data_acceptance}).</li>
 * </ul>
 * Three things schemathesis reports that are not faults are left out here, each where it is checked: following
 * redirects to the CDN, {@code errors[]} in a GraphQL 200, and 304 for {@code If-None-Match: *} (docs/api.md,
 * "Checking the contract", says why).
 *
 * <p>Deterministic: each operation's case seeds follow from {@link #BASE_SEED} and the operation's id. A failing case
 * reports the operation, the request, the answer, the check it broke and the command that replays it alone
 * ({@code -Dfuzz.seed=<seed> -Dfuzz.operation=<operationId>}). Nothing is shrunk.
 */
class OpenApiFuzzTest {

    private static final long BASE_SEED = 250_425L;
    static final int CASES = 70;
    private static final String SEED_PROPERTY = "fuzz.seed";
    private static final String OPERATION_PROPERTY = "fuzz.operation";
    /** Failures reported per operation at most: the first few say what is wrong. */
    private static final int REPORTED = 5;
    /** The problem codes of t.me or the CDN failing: the only 5xx an answer may have. */
    private static final Set<String> UPSTREAM_CODES = Set.of("upstream_anomaly", "upstream_throttled",
            "upstream_unavailable", "upstream_cooldown", "upstream_budget", "upstream_timeout", "media_host_refused",
            "media_upstream_failed", "media_busy");

    /** A stream cursor as the server writes one: base64url of {@code v1;durov=5-0}. */
    private static final String CURSOR = java.util.Base64.getUrlEncoder().withoutPadding()
            .encodeToString("v1;durov=5-0".getBytes(java.nio.charset.StandardCharsets.UTF_8));

    private static TestServer server;
    private static ApiContract contract;
    private static RawHttp http;
    private static Map<String, List<Object>> known;

    @BeforeAll
    static void startServer() {
        // The fuzzer checks the contract, not the budgets: t.me's and the streams' limits are set out of its way, as
        // TestServer sets the per-client ones, so a conforming request is never refused for the test's own volume.
        server = new TestServer(Map.of("TELEGRAM_RATE", "100000", "TELEGRAM_BURST", "100000",
                "STREAM_MAX_PER_CLIENT", "10000", "MAX_WAITING_REQUESTS", "100000"));
        contract = ApiContract.servedBy(server);
        http = new RawHttp(server.server.actualPort());
        known = knownValues("http://localhost"); // RawHttp sends Host: localhost
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @TestFactory
    Stream<DynamicTest> everyOperation_answersAsTheDocumentSays() {
        String only = System.getProperty(OPERATION_PROPERTY, "").strip();
        return FuzzOperation.of(contract.document()).stream()
                .filter(operation -> only.isEmpty() || operation.operationId().equals(only))
                .map(operation -> DynamicTest.dynamicTest(operation.toString(), () -> fuzz(operation)));
    }

    private static void fuzz(FuzzOperation operation) {
        List<String> failures = new ArrayList<>();
        seeds(operation).forEach(seed -> {
            String failure = oneCase(operation, seed);
            if (failure != null && failures.size() < REPORTED) {
                failures.add(failure);
            }
        });
        if (!failures.isEmpty()) {
            throw new AssertionError(operation + ": " + failures.size() + " failing case(s)"
                    + (failures.size() == REPORTED ? " at least" : "") + "\n\n" + String.join("\n\n", failures));
        }
    }

    /** The replayed seed alone, or {@link #CASES} seeds from the base seed and the operation. */
    private static LongStream seeds(FuzzOperation operation) {
        String replayed = System.getProperty(SEED_PROPERTY, "").strip();
        if (!replayed.isEmpty()) {
            return LongStream.of(Long.parseLong(replayed));
        }
        return new SplittableRandom(BASE_SEED * 31 + operation.operationId().hashCode()).longs(CASES, 0, Long.MAX_VALUE);
    }

    /** One request drawn from {@code seed}, sent and checked: null when it passes, else the report. */
    private static String oneCase(FuzzOperation operation, long seed) {
        FuzzRequest request = FuzzRequests.draw(operation, new FuzzValues(new Draw(new SplittableRandom(seed)), known));
        HttpAnswer answer;
        try {
            answer = Codings.decoded(http.exchange(request.method(), request.target(), request.headers(),
                    request.body()));
        } catch (RuntimeException | AssertionError e) {
            return report(operation, seed, request, null, "an answer that can be read", e.toString());
        }
        try {
            String broken = FuzzChecks.check(operation, request, answer, contract, UPSTREAM_CODES);
            return broken == null ? null : report(operation, seed, request, answer, broken.split("\n", 2)[0], broken);
        } catch (AssertionError e) {
            return report(operation, seed, request, answer, "the answer conforms to the document", e.getMessage());
        }
    }

    private static String report(FuzzOperation operation, long seed, FuzzRequest request, HttpAnswer answer,
            String check, String detail) {
        Path module = Path.of(System.getProperty("user.dir")).getFileName();
        return "operation: " + operation + "\n"
                + "check: " + check + "\n"
                + "request: " + request.describe() + "\n"
                + "answer: " + (answer == null ? "none" : answer) + "\n"
                + "why: " + detail + "\n"
                + "seed " + seed + "; replay it alone, from the repository root:\n"
                + "  mvn -B verify -pl " + module + " -am -Dsurefire.failIfNoSpecifiedTests=false"
                + " -Dtest='OpenApiFuzzTest' -D" + SEED_PROPERTY + "=" + seed + " -D" + OPERATION_PROPERTY + "="
                + operation.operationId();
    }

    /**
     * Good values by parameter or property name, as schemathesis takes a document's examples: the channels and
     * posts the fake t.me serves, queries GraphQL runs, and for WebSub the one kind of topic a hub takes (a reader
     * feed of this server, whose origin the document cannot name) and callbacks on address literals (no DNS).
     */
    private static Map<String, List<Object>> knownValues(String origin) {
        List<Object> channels = List.of("durov", "meduzalive", "topwar_official", "demo_empty", "DUROV",
                "zzqxnonexistent");
        List<Object> posts = List.of(490L, 489L, 485L, 1L, 10_000_000L);
        return Map.ofEntries(
                Map.entry("channel", channels), Map.entry("channels", channels),
                Map.entry("position", posts), Map.entry("id", posts), Map.entry("post", posts),
                Map.entry("before", posts), Map.entry("n", List.of("0", "1", "4", "00")),
                Map.entry("q", List.of("telegram", "durov", "#tag", "привет")),
                Map.entry("query", List.of("{ preview(channel: \"durov\") { channel { title } } }", "{ __typename }",
                        "{ body(channel: \"durov\") { content { posts { id } } } }", "{ nothing }")),
                Map.entry("hub.topic", List.of(origin + "/v1/feed?channels=durov&format=atom",
                        origin + "/v1/feed?channels=meduzalive,durov&format=rss")),
                Map.entry("hub.callback", List.of("http://127.0.0.1:1/callback", "http://[::1]/cb")),
                Map.entry("If-None-Match", List.of("*", "\"abc\"", "W/\"f4f1-102c1\"", "\"a\", \"b\"")),
                Map.entry("Accept-Encoding", List.of("gzip", "zstd", "identity", "gzip, zstd;q=0.5", "*", "br")),
                Map.entry("Range", List.of("bytes=0-10", "bytes=-5", "bytes=5-", "bytes=0-1,3-4")),
                Map.entry("Last-Event-ID", List.of("", CURSOR)), Map.entry("last_event_id", List.of("", CURSOR)));
    }

    static JsonObject jsonOrNull(HttpAnswer answer) {
        try {
            return answer.json();
        } catch (DecodeException | ClassCastException e) {
            return null;
        }
    }
}
