package tme.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Two builds parsing the same recorded page side by side in one JVM: each jar's scraper in a class loader of its
 * own, turns alternating in blocks of {@link #BLOCK} parses, each timed by the thread's CPU clock. On 2 shared cores
 * two JMH runs of the same parse differed by ±35% (their error bars overlapped whatever changed); alternating in one
 * process puts the machine's drift on both builds alike, and the CPU clock leaves out time the thread waited for a
 * core. The first third of the rounds warms both up and is not counted.
 *
 * <p>Run: {@code java -cp bench/target/benchmarks.jar tme.bench.ParseSideBySideMain OLD.jar NEW.jar [rounds]} with
 * two builds of {@code api/target/tme-api.jar} (each holds the scraper and its libraries); the page is the recorded
 * durov page, parsed from its UTF-8 bytes as a load parses what t.me sent.
 */
public final class ParseSideBySideMain {

    static final int BLOCK = 10;

    private ParseSideBySideMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: ParseSideBySideMain OLD.jar NEW.jar [rounds]");
            System.exit(2);
        }
        byte[] page = Page.DUROV.html().getFirst().getBytes(StandardCharsets.UTF_8);
        Build[] builds = {new Build(Path.of(args[0])), new Build(Path.of(args[1]))};
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 300;
        if (rounds < 3) { // a third warms up: fewer would count nothing, or count the warm-up
            System.err.println("rounds: at least 3, not " + rounds);
            System.exit(2);
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] cpu = new long[2];
        for (int round = 0; round < rounds; round++) {
            for (int b = 0; b < 2; b++) {
                long start = threads.getCurrentThreadCpuTime();
                for (int i = 0; i < BLOCK; i++) {
                    builds[b].parse(page);
                }
                if (round >= rounds / 3) {
                    cpu[b] += threads.getCurrentThreadCpuTime() - start;
                }
            }
        }
        int counted = (rounds - rounds / 3) * BLOCK;
        System.out.printf("CPU per parse: old %.3f ms, new %.3f ms; new/old %.3f (%d parses each)%n",
                cpu[0] / 1e6 / counted, cpu[1] / 1e6 / counted, (double) cpu[1] / cpu[0], counted);
    }

    /** One jar's {@code ChannelPageParser.parse(Html.utf8(Buffer.buffer(bytes)), FULL)}, reached by reflection. */
    private static final class Build {
        private final Method buffer;
        private final Method utf8;
        private final Method parse;
        private final Object full;

        Build(Path jar) throws Exception {
            ClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                    ClassLoader.getPlatformClassLoader());
            Class<?> bufferType = loader.loadClass("io.vertx.core.buffer.Buffer");
            Class<?> html = loader.loadClass("tme.scraper.parse.Html");
            Class<?> mode = loader.loadClass("tme.scraper.parse.ParserMode");
            buffer = bufferType.getMethod("buffer", byte[].class);
            utf8 = html.getMethod("utf8", bufferType);
            parse = loader.loadClass("tme.scraper.parse.ChannelPageParser").getMethod("parse", html, mode);
            full = mode.getField("FULL").get(null);
        }

        void parse(byte[] page) throws Exception {
            parse.invoke(null, utf8.invoke(null, buffer.invoke(null, (Object) page)), full);
        }
    }
}
