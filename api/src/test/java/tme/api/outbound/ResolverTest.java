package tme.api.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The lookups' own pool: bounded in threads and waiting, each lookup within its deadline. */
class ResolverTest {

    @Test
    void hungLookups_fillThePool_thenTheNextFailsAtOnce_andEachHungOneAtItsDeadline() throws Exception {
        Vertx vertx = Vertx.vertx();
        CountDownLatch hung = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(2);
        Resolver.Lookup lookup = host -> {
            if (host.startsWith("hang")) {
                started.countDown();
                try {
                    hung.await();
                } catch (InterruptedException e) {
                    throw new java.net.UnknownHostException("interrupted: " + host);
                }
            }
            return new InetAddress[] {InetAddress.getByName("93.184.216.34")};
        };
        // One thread, one waiting: the deadline is long enough for the third lookup's refusal to come first.
        try (Resolver resolver = new Resolver(vertx, lookup, 1, 1, Duration.ofSeconds(2))) {
            Future<List<InetAddress>> running = resolver.all("hang1.example");
            Future<List<InetAddress>> waiting = resolver.all("hang2.example");
            Future<List<InetAddress>> refused = resolver.all("public.example");

            assertEquals("too many lookups waiting: public.example was not looked up", failure(refused).getMessage());
            assertEquals("the lookup of hang1.example took longer than PT2S", failure(running).getMessage());
            assertEquals("the lookup of hang2.example took longer than PT2S", failure(waiting).getMessage());
            hung.countDown();
            // Both hung lookups have left the queue (the second started once the first ended): room again.
            assertTrue(started.await(20, TimeUnit.SECONDS));
            assertEquals(List.of(InetAddress.getByName("93.184.216.34")), PublicAddressesTest.await(
                    resolver.all("public.example")));
        } finally {
            hung.countDown();
            vertx.close().toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
        }
    }

    private static Throwable failure(Future<?> future) throws Exception {
        try {
            PublicAddressesTest.await(future);
            throw new AssertionError("succeeded: " + future.result());
        } catch (ExecutionException e) {
            return assertInstanceOf(Resolver.LookupFailed.class, e.getCause());
        }
    }
}
