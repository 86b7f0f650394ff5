package tme.bench;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import tme.api.render.JsonRender;
import tme.cache.Encoded;
import tme.cache.TwoLevelCache;
import tme.scraper.model.ChannelPage;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.Html;
import tme.scraper.parse.Parsed;
import tme.scraper.parse.ParserMode;
import tme.api.http.BenchAccess;
import tme.cache.Stored;
import io.vertx.core.buffer.Buffer;
import java.util.function.Function;

/**
 * What the cache saves per request: a hit (lookup + decompression, as {@link HitPathBenchmark}) against
 * producing the same {@code /v1/body} answer again. Issue 3 wants hits at least 5x cheaper than re-rendering.
 *
 * <ul>
 *   <li>{@code hit}: {@code TwoLevelCache.get} (L1) + {@code Stored.raw()};</li>
 *   <li>{@code hitRawCopy}: {@code TwoLevelCache.get} (L1) + the server's decompressed copy ({@code BodyCopies}),
 *       what a client without zstd costs once the answer is hot;</li>
 *   <li>{@code hitZstd}: {@code TwoLevelCache.get} (L1), the stored zstd frame as it is;</li>
 *   <li>{@code render}: {@code JsonRender.body(page)} on the already-parsed {@code ChannelPage};</li>
 *   <li>{@code renderAndCompress}: render + zstd level 1, what a load stores;</li>
 *   <li>{@code parseAndRender}: jsoup parse of the recorded HTML (both pages for {@code LARGE}) + render;</li>
 *   <li>{@code parseFromBytes}: the first recorded page parsed from its UTF-8 bytes, as a load parses what t.me
 *       sent (its drawings left out, its simple queries compiled: docs/performance.md, section 17).</li>
 * </ul>
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar HitVsRenderBenchmark -f 1 -wi 3 -i 5}
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
public class HitVsRenderBenchmark extends AverageTimeBenchmark {

    @Param({"DUROV", "LARGE"})
    public Page page;

    private TwoLevelCache cache;
    private ChannelPage parsed;
    private List<String> html;
    private Function<Stored, Buffer> rawCopies;
    private byte[] firstPage;

    @Setup(Level.Trial)
    public void setUp() {
        html = page.html();
        parsed = Page.combine(html);
        cache = Hits.memoryOnlyCache();
        Hits.store(cache, HitPathBenchmark.KEY, JsonRender.body(parsed));
        rawCopies = BenchAccess.rawCopies(64L * 1024 * 1024);
        firstPage = html.getFirst().getBytes(StandardCharsets.UTF_8);
    }

    @Benchmark
    public byte[] hit() {
        return Hits.stored(cache.get(HitPathBenchmark.KEY)).raw();
    }

    @Benchmark
    public Buffer hitRawCopy() {
        return rawCopies.apply(Hits.stored(cache.get(HitPathBenchmark.KEY)));
    }

    @Benchmark
    public byte[] hitZstd() {
        return Hits.stored(cache.get(HitPathBenchmark.KEY)).payload();
    }

    @Benchmark
    public byte[] render() {
        return JsonRender.body(parsed);
    }

    @Benchmark
    public Encoded renderAndCompress() {
        return Encoded.of(JsonRender.body(parsed));
    }

    @Benchmark
    public byte[] parseAndRender() {
        return JsonRender.body(Page.combine(html));
    }

    @Benchmark
    public Parsed<ChannelPage> parseFromBytes() {
        return ChannelPageParser.parse(Html.utf8(Buffer.buffer(firstPage)), ParserMode.FULL);
    }
}
