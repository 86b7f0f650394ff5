package tme.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tme.scraper.testing.FakeCdn;
import tme.scraper.testing.FakeTme;

/**
 * What an example's marker says beyond its requests, in parentheses after them:
 * <ul>
 *   <li>{@code (server: TELEGRAM_TIMEOUT=300ms PUBLIC_URL=...)}: the settings of the server that answered (one
 *       server per distinct set, shared by every block naming it, in the page's order; none: the doc's main server).
 *       A {@code #name} among them names a server of its own with otherwise the same settings, for a state that
 *       would change the answers of the blocks after it (t.me's pause);
 *   <li>{@code (fake: /s/durov answers 500; /durov hangs)}: what the fake t.me did, path by path, before the
 *       requests ({@link #apply}); {@code durov shows its newest 3 posts}: its page shows only those, the older ones
 *       are on its {@code before=} pages ({@link DeepPages}; give such a block a server of its own);
 *   <li>{@code (header: Origin: https://example.org)}: a header every request of the block sends;
 *   <li>{@code (first: GET /v1/body/durov)}: a request sent just before, its answer not shown;
 *   <li>{@code (publish: telegram A new post)}: t.me shows a new post in that channel once the request's baseline
 *       is loaded (a stream, a WebSub delivery: {@link PushedExamples});
 *   <li>{@code (revise: telegram edit 502 A new text; delete 500)}: once the baseline is loaded, t.me shows post 502
 *       with that text and its "edited" mark, and no longer shows post 500 ({@link Revision}).
 * </ul>
 */
record ExampleSetup(String server, List<String> fake, Map<String, String> headers, List<DocExamples.Request> first,
                    String publish, List<Revision> revise) {

    static final ExampleSetup NONE = new ExampleSetup("", List.of(), Map.of(), List.of(), null, List.of());

    /** One change of a {@code revise} option: {@code edit <id> <text>} or {@code delete <id>} in {@code channel}. */
    record Revision(String channel, String action, int id, String text) {

        static List<Revision> parse(String value) {
            String channel = value.substring(0, value.indexOf(' '));
            List<Revision> all = new ArrayList<>();
            for (String one : value.substring(value.indexOf(' ') + 1).split(";")) {
                String[] words = one.strip().split(" ", 3);
                all.add(new Revision(channel, words[0], Integer.parseInt(words[1]), words.length > 2 ? words[2] : null));
            }
            return List.copyOf(all);
        }

        void apply(FakeTme tme) {
            switch (action) {
                case "edit" -> tme.edit(channel, id, text);
                case "delete" -> tme.delete(channel, id);
                default -> throw new IllegalArgumentException("unknown revision: " + action + " (edit or delete)");
            }
        }
    }

    /** t.me's page when it wants to know whether we are human (ErrorsTest's). */
    static final String CAPTCHA = "<html><body><div class=\"captcha\">Are you human?</div></body></html>";

    private static final Pattern OPTION = Pattern.compile("\\((server|fake|header|first|publish|revise):\\s*([^)]*)\\)");
    private static final Pattern KNOB = Pattern.compile(
            "(\\S+) (answers (\\d{3})|answers a captcha page|hangs|throttles (\\d+)s)|media (on the loopback|at the fake CDN)|any channel as (\\w+)"
                    + "|durov shows its newest (\\d+) posts");

    /** The marker's text without its options, and the options. */
    record Parsed(String requests, ExampleSetup setup) {}

    static Parsed parse(String marker) {
        Matcher option = OPTION.matcher(marker);
        String server = "";
        List<String> fake = new ArrayList<>();
        Map<String, String> headers = new LinkedHashMap<>();
        List<DocExamples.Request> first = new ArrayList<>();
        String publish = null;
        List<Revision> revise = List.of();
        while (option.find()) {
            String value = option.group(2).strip();
            switch (option.group(1)) {
                case "server" -> server = value;
                case "fake" -> List.of(value.split(";")).forEach(knob -> fake.add(knob.strip()));
                case "header" -> headers.put(value.substring(0, value.indexOf(':')).strip(),
                        value.substring(value.indexOf(':') + 1).strip());
                case "publish" -> publish = value;
                case "revise" -> revise = Revision.parse(value);
                default -> first.add(DocExamples.Request.parse(value));
            }
        }
        return new Parsed(option.replaceAll("").strip(), new ExampleSetup(server, fake, headers, first, publish, revise));
    }

    /** The channel {@link #publish} names. */
    String publishedChannel() {
        return publish == null ? null : publish.substring(0, publish.indexOf(' '));
    }

    /** The text of the post {@link #publish} names. */
    String publishedText() {
        return publish == null ? null : publish.substring(publish.indexOf(' ') + 1);
    }

    /** The server's settings as an environment. */
    Map<String, String> env() {
        Map<String, String> env = new LinkedHashMap<>();
        for (String setting : server.split("\\s+")) {
            if (!setting.isEmpty() && !setting.startsWith("#")) {
                env.put(setting.substring(0, setting.indexOf('=')), setting.substring(setting.indexOf('=') + 1));
            }
        }
        return env;
    }

    /**
     * Sets the fake's knobs; an unknown one fails, so a marker cannot claim what the fake did not do. Media "at the
     * fake CDN" is served by a {@link FakeCdn} on the server's Vert.x (closed with it).
     */
    void apply(TestServer server) {
        FakeTme tme = server.tme;
        for (String knob : fake) {
            Matcher words = KNOB.matcher(knob);
            if (!words.matches()) {
                throw new IllegalArgumentException("unknown fake knob: " + knob + " (see ExampleSetup)");
            }
            String path = words.group(1);
            if (words.group(7) != null) {
                int shown = Integer.parseInt(words.group(7));
                tme.page("durov", DeepPages.durovShowing(DeepPages.IDS.size() - shown, DeepPages.IDS.size()));
            } else if (words.group(6) != null) {
                tme.anyChannelAs(words.group(6));
            } else if (words.group(5) != null) {
                tme.mediaAt(words.group(5).equals("on the loopback")
                        ? java.net.URI.create("http://127.0.0.1:9") // never fetched: MEDIA_HOSTS refuses it
                        : FakeCdn.start(server.vertx).baseUrl());
            } else if (words.group(3) != null) {
                tme.status(path, Integer.parseInt(words.group(3)));
            } else if (words.group(4) != null) {
                tme.throttle(path, Duration.ofSeconds(Long.parseLong(words.group(4))));
            } else if (words.group(2).equals("hangs")) {
                tme.hang(path);
            } else {
                tme.respond(path, 200, CAPTCHA, Map.of());
            }
        }
    }
}
