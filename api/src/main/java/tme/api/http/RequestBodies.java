package tme.api.http;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.PlatformHandler;
import java.util.List;

/**
 * A route's request body, read whole up to a limit (over it: 413), and the mark that tells the failure handler a
 * failure came while the body was being read: then the client sent something HTTP or its form decoder could not read
 * (Netty's form decoder throws for {@code =x}, {@code a=%zz} or a multipart part named {@code ""}, with whatever
 * exception it meets), and the answer is a 400, not a 500. Marked by where it failed, not by exception type: the
 * decoder's exceptions include {@code NullPointerException} and {@code StringIndexOutOfBoundsException}.
 */
final class RequestBodies {

    private static final String READING = "tme.body.reading";

    private RequestBodies() {}

    /** The handlers that read a body of at most {@code maxBytes}, in order, after any platform handler of the route's. */
    static List<Handler<RoutingContext>> upTo(long maxBytes) {
        // Form fields stay out of the query's parameters: merging them decodes the query string inside the body
        // handler's end callback, where a bad escape (POST /websub?x=%zz) threw unseen and left the request unanswered.
        return List.of(new Reading(), BodyHandler.create(false).setBodyLimit(maxBytes).setMergeFormAttributes(false),
                RequestBodies::read);
    }

    /** Whether the request failed while its body was being read (its route's handlers never ran). */
    static boolean failedReading(RoutingContext ctx) {
        return ctx.get(READING) != null;
    }

    private static void read(RoutingContext ctx) {
        ctx.remove(READING);
        ctx.next();
    }

    /** A platform handler: vertx-web runs those before the body handler, as the mark must be set before. */
    private static final class Reading implements PlatformHandler {
        @Override
        public void handle(RoutingContext ctx) {
            ctx.put(READING, Boolean.TRUE);
            ctx.next();
        }
    }
}
