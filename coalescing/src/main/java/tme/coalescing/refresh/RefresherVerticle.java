package tme.coalescing.refresh;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;

/**
 * The refresher role ({@code ROLE=refresher}): deployed instead of the HTTP server, it runs one {@link Refresher} on
 * its own context and stops it on undeploy (SIGTERM closes Vert.x, which undeploys it), leaving the schedule
 * consistent: every name it held is either rescheduled by its outcome or handed back, due now.
 */
public final class RefresherVerticle extends VerticleBase {

    private final Refresher refresher;

    public RefresherVerticle(Refresher refresher) {
        this.refresher = refresher;
    }

    @Override
    public Future<?> start() {
        refresher.start();
        return Future.succeededFuture();
    }

    @Override
    public Future<?> stop() {
        return refresher.stop();
    }
}
