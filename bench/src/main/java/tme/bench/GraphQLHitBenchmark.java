package tme.bench;

import graphql.ExecutionResult;
import graphql.GraphQL;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import tme.api.graphql.GraphQLBenchAccess;
import tme.api.render.DecodedCopies;
import tme.cache.Stored;

/**
 * What a GraphQL field costs to read a cached answer without rendering it again, per hit, on the stored
 * {@code /v1/body} answer as a load stores it (zstd):
 *
 * <ul>
 *   <li>{@code decodePerHit}: decompress and decode the stored JSON into maps and lists, every hit;</li>
 *   <li>{@code keptCopy}: look up the decoded copy kept beside the stored value ({@code DecodedCopies}), what the
 *       server does for a value read often (decoded once more from its fourth read, on the worker pool);</li>
 *   <li>{@code executeSmallQuery}, {@code executeFullQuery}: graphql-java executing a query over the kept copy
 *       (the channel's title and the posts' ids and dates; every field of the page), the rest of a hit, for scale.</li>
 * </ul>
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar GraphQLHitBenchmark -f 1 -wi 3 -i 5}
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
public class GraphQLHitBenchmark extends AverageTimeBenchmark {

    static final String SMALL_QUERY = "{ body(channel: \"durov\") { channel { title { string } }"
            + " content { posts { id footer { date { unix } } } } } }";
    static final String FULL_QUERY = "{ body(channel: \"durov\") { channel { username title { string html } description { string html }"
            + " avatar counters { subscribers photos videos files links } labels }"
            + " content { posts { id view content { text { string html entities { offset length type url language"
            + " custom_emoji_id } } media { type url thumb waves duration { formatted raw } available title performer"
            + " size format latitude longitude } poll { question type votes options { name percent } } inline { title url }"
            + " reply { cover name { string html } text { string html } to_message } preview_link { title url site_name"
            + " description { string html } thumb } reacts { count type emoji emoji_id emoji_image } service { type"
            + " text { string html } title photo to_message quote } } footer { views edited author { string html }"
            + " date { string unix } } forwarded { name { string html } url } } } meta { offset { before after } } } }";

    @Param({"DUROV", "LARGE"})
    public Page page;

    private Vertx vertx;
    private Stored stored;
    private Function<Stored, Object> keptCopies;
    private GraphQL graphQL;

    @Setup(Level.Trial)
    public void setUp() {
        vertx = Vertx.vertx();
        WorkerExecutor workers = vertx.createSharedWorkerExecutor("bench-decode", 1);
        stored = Stored.of(page.json(), Hits.KIND_OK, Instant.now(), Duration.ofDays(1));
        keptCopies = GraphQLBenchAccess.keptCopies(64L * 1024 * 1024, workers);
        // A value's tree is kept from its KEEP_AT-th read on: read as a popular page is, before any is measured.
        for (int read = 1; read < DecodedCopies.KEEP_AT; read++) {
            keptCopies.apply(stored);
        }
        graphQL = GraphQLBenchAccess.answering(keptCopies.apply(stored));
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Benchmark
    public Object decodePerHit() {
        return GraphQLBenchAccess.decode(stored);
    }

    @Benchmark
    public Object keptCopy() {
        return keptCopies.apply(stored);
    }

    @Benchmark
    public ExecutionResult executeSmallQuery() {
        return graphQL.execute(SMALL_QUERY);
    }

    @Benchmark
    public ExecutionResult executeFullQuery() {
        return graphQL.execute(FULL_QUERY);
    }
}
