package tme.bench;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import tme.api.media.MediaBenchAccess;
import tme.api.render.JsonRender;
import tme.cache.Encoded;
import tme.cache.Stored;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Post;
import tme.scraper.testing.Fixtures;

/**
 * What a media redirect costs on the event loop once its post is in the cache: the stored post decompressed
 * ({@code Stored.raw()}, as every hit that is not passed through does) and the item's URL read out of it with the
 * streaming parser, parsed and checked against {@code MEDIA_HOSTS} ({@code resolveLastOfAlbum}); beside it the
 * decompression alone ({@code storedRaw}) and a whole-tree parse of the same post ({@code treeParse}, the
 * alternative the streaming reader replaced). The post is meduzalive 141890, a real album of 3 photos with text
 * (its stored JSON: 4.4 KB); the last item is asked, so the reader walks past the two before it.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar MediaLinkBenchmark -f 1 -wi 3 -i 5}
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class MediaLinkBenchmark extends AverageTimeBenchmark {

    private Stored stored;
    private byte[] raw;

    @Setup(Level.Trial)
    public void setUp() {
        ChannelPage page = Page.combine(List.of(Fixtures.read("s-meduzalive-2026-05-hortay.html")));
        Post album = page.posts().stream().filter(post -> post.id() == 141890).findFirst().orElseThrow();
        raw = JsonRender.post("meduzalive", album);
        stored = Stored.of(Encoded.of(raw), Hits.KIND_OK, Instant.now(), Hits.FRESH_FOR);
        System.out.println("stored post: " + raw.length + " bytes, " + stored.payload().length + " as stored");
    }

    @Benchmark
    public URI resolveLastOfAlbum() {
        return MediaBenchAccess.resolve(stored.raw(), "meduzalive", 141890, 2);
    }

    @Benchmark
    public byte[] storedRaw() {
        return stored.raw();
    }

    @Benchmark
    public JsonObject treeParse() {
        return new JsonObject(Buffer.buffer(stored.raw()));
    }
}
