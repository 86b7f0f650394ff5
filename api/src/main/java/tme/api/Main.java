package tme.api;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import java.util.concurrent.TimeUnit;
import tme.api.http.Routes;
import tme.api.service.ChannelService;
import tme.api.service.PreviewsService;
import tme.api.service.ScrapeStats;
import tme.scraper.fetch.TmeClient;

/** Builds every object with {@code new}, in dependency order, and starts the HTTP server. */
public final class Main {

    private static final System.Logger LOG = System.getLogger(Main.class.getName());
    /** Previews fetched at once for one {@code /v1/previews} request. */
    private static final int PREVIEWS_PARALLELISM = 8;

    private Main() {}

    public static void main(String[] args) {
        Config config;
        try {
            config = Config.fromEnv(System.getenv());
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        Vertx vertx = Vertx.vertx();
        start(vertx, config)
                .onSuccess(server -> LOG.log(System.Logger.Level.INFO,
                        "tme-api listening on port {0,number,#} (t.me at {1})", server.actualPort(), config.telegramBaseUrl()))
                .onFailure(e -> {
                    LOG.log(System.Logger.Level.ERROR, "Could not start", e);
                    vertx.close();
                    System.exit(1);
                });
    }

    /** Wires the server for a config; tests call this with a config pointing at the fake t.me. */
    public static Future<HttpServer> start(Vertx vertx, Config config) {
        TmeClient client = new TmeClient(vertx, new TmeClient.Options(
                config.telegramBaseUrl(), config.telegramTimeout(), 64));
        WorkerExecutor parsers = vertx.createSharedWorkerExecutor(
                "tme-parse", config.parseWorkers(), 30, TimeUnit.SECONDS);
        ChannelService channels = new ChannelService(client, parsers, config.parserMode(), new ScrapeStats());
        PreviewsService previews = new PreviewsService(channels::preview, PREVIEWS_PARALLELISM);
        return vertx.createHttpServer(new HttpServerOptions().setCompressionSupported(false))
                .requestHandler(Routes.router(vertx, channels, previews))
                .listen(config.port());
    }
}
