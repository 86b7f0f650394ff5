package tme.api.arch;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchRule;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layering {@code docs/architecture.md} draws, as import rules over the compiled classes of every module (tests
 * excluded): a wrong import fails {@code mvn verify}. The modules' own rules (what {@code scraper}, {@code redis},
 * {@code cache}, {@code coalescing} and {@code events} may import) are checked here too, since this module's test
 * classpath holds them all.
 */
class LayersTest {

    /**
     * Each module's main classes, where the build put them (a directory or a jar): one class of each module names its
     * place. Scanning the classpath for the package instead took ten seconds on a busy machine.
     */
    static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importLocations(Stream.of(tme.api.Main.class, tme.redis.RedisLink.class, tme.cache.TwoLevelCache.class,
                    tme.coalescing.CoalescingCache.class, tme.events.EventLog.class, tme.scraper.fetch.TmeClient.class)
                    .map(LayersTest::whereBuilt).collect(Collectors.toSet()));

    /** Every module and package, named as in the architecture drawing. */
    static final ArchRule LAYERS = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("Wiring").definedBy("tme.api")
            .layer("REST").definedBy("tme.api.http..")
            .layer("GraphQL").definedBy("tme.api.graphql..")
            .layer("Push").definedBy("tme.api.push..", "tme.api.websub..")
            .layer("Query").definedBy("tme.api.query..")
            .layer("Media").definedBy("tme.api.media..")
            .layer("Service").definedBy("tme.api.service..")
            .layer("Feed").definedBy("tme.api.feed..")
            .layer("Render").definedBy("tme.api.render..")
            .layer("Problem").definedBy("tme.api.problem..")
            .layer("Metrics").definedBy("tme.api.metrics..")
            .layer("Memory").definedBy("tme.api.memory..")
            .layer("Outbound").definedBy("tme.api.outbound..")
            .layer("Events").definedBy("tme.events..")
            .layer("Coalescing").definedBy("tme.coalescing..")
            .layer("Cache").definedBy("tme.cache..")
            .layer("Redis").definedBy("tme.redis..")
            .layer("Scraper").definedBy("tme.scraper..")
            .whereLayer("Wiring").mayNotBeAccessedByAnyLayer()
            // The front ends never import each other; only the wiring makes them.
            .whereLayer("REST").mayOnlyBeAccessedByLayers("Wiring")
            .whereLayer("GraphQL").mayOnlyBeAccessedByLayers("Wiring")
            .whereLayer("Push").mayOnlyBeAccessedByLayers("Wiring")
            .whereLayer("Query").mayOnlyBeAccessedByLayers("Wiring", "REST", "Push")
            .whereLayer("Media").mayOnlyBeAccessedByLayers("Wiring", "REST")
            .whereLayer("Service").mayOnlyBeAccessedByLayers("Wiring", "REST", "GraphQL", "Push", "Query", "Media")
            .whereLayer("Feed").mayOnlyBeAccessedByLayers("Wiring", "REST", "Service")
            .whereLayer("Render").mayOnlyBeAccessedByLayers("Wiring", "REST", "GraphQL", "Push", "Media", "Service",
                    "Feed")
            .whereLayer("Problem").mayOnlyBeAccessedByLayers("Wiring", "REST", "GraphQL", "Push", "Query", "Media",
                    "Service", "Feed", "Render")
            .whereLayer("Metrics").mayOnlyBeAccessedByLayers("Wiring", "REST", "Push")
            .whereLayer("Memory").mayOnlyBeAccessedByLayers("Wiring", "REST", "GraphQL", "Render")
            .whereLayer("Outbound").mayOnlyBeAccessedByLayers("Wiring", "REST", "Push", "Media")
            // The modules below api: events, coalescing, cache and redis know nothing of t.me or of the api.
            .whereLayer("Events").mayOnlyBeAccessedByLayers("Wiring", "Push", "Service")
            .whereLayer("Coalescing").mayOnlyBeAccessedByLayers(apiLayers())
            .whereLayer("Cache").mayOnlyBeAccessedByLayers(apiLayers("Coalescing"))
            .whereLayer("Redis").mayOnlyBeAccessedByLayers(apiLayers("Coalescing", "Cache", "Events"))
            .whereLayer("Scraper").mayOnlyBeAccessedByLayers(apiLayers());

    @Test
    void everyImportFollowsTheDrawnLayers() {
        LAYERS.check(CLASSES);
    }

    @Test
    void noPackageCycles() {
        slices().matching("tme.(**)").should().beFreeOfCycles().check(CLASSES);
    }

    private static Location whereBuilt(Class<?> type) {
        try {
            URI place = type.getProtectionDomain().getCodeSource().getLocation().toURI();
            return place.getPath().endsWith(".jar") ? Location.of(URI.create("jar:" + place + "!/")) : Location.of(place);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every layer of the api module, and {@code more}. */
    private static String[] apiLayers(String... more) {
        String[] api = {"Wiring", "REST", "GraphQL", "Push", "Query", "Media", "Service", "Feed", "Render", "Problem",
                "Metrics", "Memory", "Outbound"};
        String[] all = java.util.Arrays.copyOf(api, api.length + more.length);
        System.arraycopy(more, 0, all, api.length, more.length);
        return all;
    }
}
