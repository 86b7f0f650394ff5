package tme.bench.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import tme.bench.Zipf;
import tme.bench.cli.Args;

/**
 * Writes the key set of the Zipf mix and a sequence of draws over it, for {@code bench/load/zipf.lua} to replay on
 * both sides (tme-api and nginx), so both see the same keys with the same popularity in the same order:
 * <pre>{@code
 * java -cp bench/target/benchmarks.jar tme.bench.compare.ZipfKeysMain --keys 200 --exponent 1.0 --draws 100000 \
 *     --seed 1 --names keys.txt --sequence draws.txt
 * }</pre>
 * {@code keys.txt}: one channel name per line, the most popular first ({@code zipf0001}, ...); {@code draws.txt}: one
 * 1-based line number of {@code keys.txt} per line.
 */
public final class ZipfKeysMain {

    private ZipfKeysMain() {}

    public static void main(String[] argv) {
        Args args = Args.parse(argv);
        int keys = args.integer("keys", 200);
        List<String> names = names(args.text("prefix", "zipf"), keys);
        int[] draws = new Zipf(keys, Double.parseDouble(args.text("exponent", "1.0")))
                .draws(args.integer("draws", 100_000), args.integer("seed", 1));
        write(Path.of(args.text("names")), names);
        List<String> oneBased = IntStream.of(draws).mapToObj(rank -> Integer.toString(rank + 1)).toList();
        write(Path.of(args.text("sequence")), oneBased);
    }

    /**
     * {@code count} channel names, {@code prefix} and a zero-padded number from 1, at least 4 digits: valid channel
     * names ({@code ^[A-Za-z][A-Za-z0-9_]{3,31}$}) that have no recording, so the fake t.me serves each as durov's
     * page under its own name.
     */
    static List<String> names(String prefix, int count) {
        int digits = Math.max(4, Integer.toString(count).length());
        List<String> names = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) {
            names.add(prefix + String.format("%0" + digits + "d", i));
        }
        return names;
    }

    private static void write(Path file, List<String> lines) {
        try {
            Files.write(file, lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
