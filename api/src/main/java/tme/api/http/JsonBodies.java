package tme.api.http;

import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.PlatformHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Request bodies of the JSON routes, read whole up to a limit (over it: 413), whatever their {@code Content-Type}
 * says. {@code curl -d '{"channels":[...]}'} labels JSON as a form; Vert.x would then decode it as form fields and
 * fail on the first "field" over 8 KB with a 500 (and on 1 KB in practice: the whole JSON is one field). A form
 * label is relabelled JSON before the body is read, so the body is only ever bytes for the JSON parser.
 */
final class JsonBodies {

    private static final List<String> FORM_TYPES = List.of("application/x-www-form-urlencoded", "multipart/form-data");

    private JsonBodies() {}

    /** The handlers to put in front of a JSON route, in order. */
    static List<Handler<RoutingContext>> upTo(long maxBytes) {
        List<Handler<RoutingContext>> handlers = new ArrayList<>(List.of(new NotAForm()));
        handlers.addAll(RequestBodies.upTo(maxBytes));
        return handlers;
    }

    /** A platform handler: vertx-web runs those before the body handler, as this one must run. */
    private static final class NotAForm implements PlatformHandler {
        @Override
        public void handle(RoutingContext ctx) {
            String type = ctx.request().getHeader(HttpHeaders.CONTENT_TYPE);
            if (type != null && FORM_TYPES.stream().anyMatch(type.toLowerCase(Locale.ROOT).trim()::startsWith)) {
                ctx.request().headers().set(HttpHeaders.CONTENT_TYPE, "application/json");
            }
            ctx.next();
        }
    }
}
