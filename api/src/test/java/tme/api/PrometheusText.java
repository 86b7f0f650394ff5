package tme.api;

import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scrape of {@code GET /metrics} read back: the Prometheus text format (and OpenMetrics, which writes samples the
 * same way), one sample a line, {@code name{label="value",...} number}. Series are keyed by name and labels sorted
 * by label name, so a test may write the labels in any order: {@code tme_cache_lookups_total{result="hit",level="l1"}}.
 */
final class PrometheusText {

    private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})?\\s+(\\S+)(\\s+\\S+)?");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");

    private final Map<String, Double> samples;
    private final String text;

    private PrometheusText(Map<String, Double> samples, String text) {
        this.samples = samples;
        this.text = text;
    }

    /** One server's {@code GET /metrics}, which must answer 200. */
    static PrometheusText of(TestServer server) {
        HttpResponse<String> response = server.get("/metrics");
        if (response.statusCode() != 200) {
            throw new AssertionError("GET /metrics: " + response.statusCode() + " " + response.body());
        }
        return parse(response.body());
    }

    static PrometheusText parse(String text) {
        Map<String, Double> samples = new TreeMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher sample = SAMPLE.matcher(line.trim());
            if (!sample.matches()) {
                throw new AssertionError("not a sample line: " + line);
            }
            samples.put(key(sample.group(1), sample.group(3)), number(sample.group(4)));
        }
        return new PrometheusText(samples, text);
    }

    /** The value of {@code series} ({@code name} or {@code name{labels}}); fails naming it when absent. */
    double value(String series) {
        Matcher parsed = SAMPLE.matcher(series + " 0");
        if (!parsed.matches()) {
            throw new IllegalArgumentException("not a series: " + series);
        }
        Double value = samples.get(key(parsed.group(1), parsed.group(3)));
        if (value == null) {
            throw new AssertionError("no series " + series + " in:\n" + this);
        }
        return value;
    }

    /** The same, for a counter or gauge that holds whole numbers. */
    long count(String series) {
        return Math.round(value(series));
    }

    /** The sum over every series of {@code name} whose labels include {@code labels} ({@code key="value"} pairs). */
    double sum(String name, String... labels) {
        double total = 0;
        for (Map.Entry<String, Double> sample : samples.entrySet()) {
            if (sample.getKey().equals(name) || sample.getKey().startsWith(name + "{")) {
                boolean all = true;
                for (String label : labels) {
                    all &= sample.getKey().contains(label);
                }
                total += all ? sample.getValue() : 0;
            }
        }
        return total;
    }

    /** Every sample name in the scrape ({@code tme_http_requests_seconds_bucket}, ...). */
    Set<String> names() {
        Set<String> names = new TreeSet<>();
        samples.keySet().forEach(key -> names.add(key.contains("{") ? key.substring(0, key.indexOf('{')) : key));
        return names;
    }

    /** Every metric family in the scrape, by its {@code # TYPE} line ({@code tme_http_requests_seconds}, ...). */
    Set<String> families() {
        Set<String> families = new TreeSet<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("# TYPE ")) {
                families.add(line.split(" ")[2]);
            }
        }
        return families;
    }

    String text() {
        return text;
    }

    /** The server's own series (not the JVM's), for a failure message. */
    @Override
    public String toString() {
        StringBuilder ours = new StringBuilder();
        samples.forEach((series, value) -> {
            if (series.startsWith("tme_") && !series.startsWith("tme_http_requests_seconds_bucket")) {
                ours.append(series).append(' ').append(value).append('\n');
            }
        });
        return ours.toString();
    }

    private static String key(String name, String labels) {
        if (labels == null || labels.isBlank()) {
            return name;
        }
        Map<String, String> sorted = new TreeMap<>();
        Matcher label = LABEL.matcher(labels);
        while (label.find()) {
            sorted.put(label.group(1), label.group(2));
        }
        StringBuilder key = new StringBuilder(name).append('{');
        sorted.forEach((k, v) -> key.append(k).append("=\"").append(v).append("\","));
        key.setLength(key.length() - 1);
        return key.append('}').toString();
    }

    private static double number(String raw) {
        return switch (raw) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> Double.parseDouble(raw);
        };
    }
}
