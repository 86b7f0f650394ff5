package tme.api.websub;

import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.ext.web.RoutingContext;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.InstantSource;
import java.util.Optional;
import tme.api.query.FeedQuery;
import tme.api.outbound.OutboundRule;
import tme.api.outbound.PublicAddresses;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.service.FeedRequest;
import tme.redis.Counters;

/**
 * {@code POST /websub} (W3C WebSub 5.1): a form with {@code hub.mode} ({@code subscribe} or {@code unsubscribe}),
 * {@code hub.topic} (one of our reader feeds), {@code hub.callback}, and optionally {@code hub.lease_seconds} and
 * {@code hub.secret}. A bad parameter is a 422 naming it; a callback not on a public address a 403, at once, with
 * no request made to it; anything else 202, and the {@link Verifier} confirms the intent with the callback.
 */
final class Hub implements Handler<RoutingContext> {

    private static final System.Logger LOG = System.getLogger(Hub.class.getName());
    /** WebSub 5.1: a secret must be under 200 bytes. */
    private static final int MAX_SECRET_BYTES = 199;
    /** The callback's parameter, which names it in refusals. */
    static final String CALLBACK = "hub.callback";

    private final Verifier verifier;
    private final Callbacks client;
    private final WebSubConfig config;
    private final int maxPages;
    private final Optional<String> publicUrl;
    private final InstantSource clock;
    private final Counters<WebSubCount> counts;

    /** {@code maxPages}: {@code FEED_MAX_PAGES}, the deepest feed a topic may name. */
    Hub(Verifier verifier, Callbacks client, WebSubConfig config, Optional<String> publicUrl, int maxPages,
        InstantSource clock, Counters<WebSubCount> counts) {
        this.maxPages = maxPages;
        this.verifier = verifier;
        this.client = client;
        this.config = config;
        this.publicUrl = publicUrl;
        this.clock = clock;
        this.counts = counts;
    }

    @Override
    public void handle(RoutingContext ctx) {
        String type = ctx.request().getHeader("Content-Type");
        if (type == null || !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/x-www-form-urlencoded")) {
            throw new InvalidInput(Problem.unsupportedMediaType(
                    "POST /websub takes a form (Content-Type: application/x-www-form-urlencoded)"));
        }
        MultiMap form = ctx.request().formAttributes();
        String mode = form.get("hub.mode");
        if (!"subscribe".equals(mode) && !"unsubscribe".equals(mode)) {
            throw invalid("hub.mode", "hub.mode must be subscribe or unsubscribe");
        }
        String topic = form.get("hub.topic");
        FeedRequest feed = Topic.parse(topic, publicUrl.orElseGet(() -> FeedQuery.origin(ctx.request())), maxPages);
        URI callback = callback(form.get("hub.callback"));
        long leaseSeconds = leaseSeconds(form.get("hub.lease_seconds"));
        String secret = secret(form.get("hub.secret"));
        Subscription subscription = new Subscription(feed.selfUrl(), callback.toString(), secret,
                clock.instant().plusSeconds(leaseSeconds), feed.names());
        client.check(callback).onComplete(checked -> {
            if (checked.failed()) {
                ctx.fail(checked.cause());
            } else if (checked.result() instanceof OutboundRule.Verdict.Refused refused) {
                counts.increment(WebSubCount.CALLBACKS_REFUSED);
                ctx.fail(new InvalidInput(Problem.callbackRefused("hub.callback", refused.reason())));
            } else {
                counts.increment(WebSubCount.REQUESTS_ACCEPTED);
                ctx.response().setStatusCode(202).putHeader("Cache-Control", "no-store").end();
                verifier.verify(mode, topic.trim(), subscription, leaseSeconds).onFailure(e -> LOG.log(
                        System.Logger.Level.WARNING, "WebSub " + mode + " of " + callback + " not applied", e));
            }
        });
    }

    private static URI callback(String raw) {
        if (raw == null || raw.isBlank()) {
            throw invalid("hub.callback", "hub.callback is required");
        }
        try {
            URI url = new URI(raw.trim());
            PublicAddresses.shape(CALLBACK, url).ifPresent(shape -> {
                throw invalid(CALLBACK, shape);
            });
            return url;
        } catch (URISyntaxException e) {
            throw invalid("hub.callback", "hub.callback is not a URL: " + e.getMessage());
        }
    }

    /** The lease asked for, within one minute and {@code WEBSUB_LEASE_MAX}; none asked: {@code WEBSUB_LEASE_DEFAULT}. */
    private long leaseSeconds(String raw) {
        if (raw == null || raw.isBlank()) {
            return config.leaseDefault().toSeconds();
        }
        if (!raw.trim().matches("\\d{1,10}")) {
            throw invalid("hub.lease_seconds", "hub.lease_seconds must be a whole number of seconds: " + raw);
        }
        long asked = Long.parseLong(raw.trim());
        return Math.max(60, Math.min(asked, config.leaseMax().toSeconds()));
    }

    private static String secret(String raw) {
        if (raw == null || raw.isEmpty()) {
            return null;
        }
        if (raw.getBytes(StandardCharsets.UTF_8).length > MAX_SECRET_BYTES) {
            throw invalid("hub.secret", "hub.secret must be under 200 bytes");
        }
        return raw;
    }

    private static InvalidInput invalid(String parameter, String detail) {
        return new InvalidInput(Problem.invalid(parameter, detail));
    }
}
