package tme.api.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The public-address rule, address by address, the URL shapes refused before any lookup, and its verdicts. */
class PublicAddressesTest {

    @Test
    void isPublic_refusesEveryNonPublicRange() throws UnknownHostException {
        for (String address : List.of("127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "172.31.255.255",
                "192.168.1.1", "169.254.169.254", "100.64.0.1", "100.127.255.254", "0.0.0.0", "0.1.2.3",
                "224.0.0.1", "255.255.255.255", "240.0.0.1", "192.0.0.8", "192.0.2.1", "198.18.0.1", "198.51.100.7",
                "203.0.113.9", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "2001:db8::1",
                "::ffff:127.0.0.1", "64:ff9b::7f00:1", "::127.0.0.1")) {
            assertFalse(PublicAddresses.isPublic(InetAddress.getByName(address)), address);
        }
        for (String address : List.of("8.8.8.8", "1.1.1.1", "149.154.167.99", "172.32.0.1", "100.128.0.1",
                "2001:4860:4860::8888", "2606:4700::1111")) {
            assertTrue(PublicAddresses.isPublic(InetAddress.getByName(address)), address);
        }
    }

    @Test
    void shape_refusesWhatIsNotAPlainHttpUrl() {
        assertEquals(Optional.of("hub.callback must be an http(s) URL"),
                PublicAddresses.shape("hub.callback", URI.create("ftp://example.com/cb")));
        assertEquals(Optional.of("hub.callback must not carry user info"),
                PublicAddresses.shape("hub.callback", URI.create("https://user:pw@example.com/cb")));
        assertEquals(Optional.of("hub.callback must not carry a fragment"),
                PublicAddresses.shape("hub.callback", URI.create("https://example.com/cb#x")));
        assertEquals(Optional.of("hub.callback must be an absolute http(s) URL"),
                PublicAddresses.shape("hub.callback", URI.create("/cb")));
        assertEquals(Optional.of("hub.callback must name a host"),
                PublicAddresses.shape("hub.callback", URI.create("http://127.1:9/cb")));
        assertEquals(Optional.empty(), PublicAddresses.shape("hub.callback",
                URI.create("https://example.com:8443/cb?feed=1")));
    }

    @Test
    void check_resolvesTheNameFirst_everyAddressMustBePublic_andAllowPrivateLiftsOnlyTheAddressRule()
            throws Exception {
        Vertx vertx = Vertx.vertx();
        // Names from a table: one public, one with a private address among public ones (a rebinding name's trick).
        Resolver.Lookup table = host -> switch (host) {
            case "public.example" -> new InetAddress[] {InetAddress.getByName("93.184.216.34")};
            case "mixed.example" -> new InetAddress[] {InetAddress.getByName("93.184.216.34"),
                    InetAddress.getByName("10.0.0.7")};
            default -> InetAddress.getAllByName(host);
        };
        try (Resolver resolver = new Resolver(vertx, table, 2, 16, Duration.ofSeconds(30))) {
            PublicAddresses strict = new PublicAddresses("hub.callback", resolver, false);
            PublicAddresses lenient = new PublicAddresses("hub.callback", resolver, true);

            assertEquals(new OutboundRule.Verdict.Allowed(Optional.of(InetAddress.getByName("93.184.216.34"))),
                    await(strict.check(URI.create("https://public.example/cb"))));
            assertEquals(new OutboundRule.Verdict.Refused("hub.callback's host mixed.example is at 10.0.0.7, not a"
                    + " public address"), await(strict.check(URI.create("https://mixed.example/cb"))));
            assertEquals(new OutboundRule.Verdict.Refused("hub.callback's host localhost is at 127.0.0.1, not a"
                    + " public address"), await(strict.check(URI.create("http://localhost:9/cb"))));
            assertEquals(new OutboundRule.Verdict.Refused("hub.callback's host ::1 is at 0:0:0:0:0:0:0:1, not a"
                    + " public address"), await(strict.check(URI.create("http://[::1]:9/cb"))));
            assertEquals(new OutboundRule.Verdict.Refused("hub.callback's host does not resolve: 0x7f000001"),
                    await(strict.check(URI.create("http://0x7f000001:9/cb"))));
            assertEquals(new OutboundRule.Verdict.Allowed(Optional.of(InetAddress.getByName("127.0.0.1"))),
                    await(lenient.check(URI.create("http://127.0.0.1:9/cb"))));
            assertEquals(new OutboundRule.Verdict.Refused("hub.callback must be an http(s) URL"),
                    await(lenient.check(URI.create("file:///etc/passwd"))));
            assertFalse(strict.followsRedirects());
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
        }
    }

    @Test
    void check_lookupPastItsDeadline_refusedSayingSo() throws Exception {
        Vertx vertx = Vertx.vertx();
        CountDownLatch hung = new CountDownLatch(1);
        Resolver.Lookup hanging = host -> {
            try {
                hung.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new UnknownHostException(host);
        };
        try (Resolver resolver = new Resolver(vertx, hanging, 1, 1, Duration.ofMillis(300))) {
            assertEquals(new OutboundRule.Verdict.Refused("hub.callback's host could not be looked up now (the lookup"
                    + " of slow.example took longer than PT0.3S)"), await(new PublicAddresses("hub.callback", resolver,
                    true).check(URI.create("https://slow.example/cb"))));
        } finally {
            hung.countDown();
            vertx.close().toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
        }
    }

    static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
