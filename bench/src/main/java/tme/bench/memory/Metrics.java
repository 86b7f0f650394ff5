package tme.bench.memory;

/** Reads series out of a Prometheus text scrape. */
final class Metrics {

    private Metrics() {}

    /** The sum of every series whose line starts with {@code prefix} ({@code name{label="v"}); -1 if none. */
    static long sum(String scrape, String prefix) {
        double sum = 0;
        boolean found = false;
        for (String line : scrape.split("\n")) {
            if (line.startsWith(prefix)) {
                sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                found = true;
            }
        }
        return found ? (long) sum : -1;
    }
}
