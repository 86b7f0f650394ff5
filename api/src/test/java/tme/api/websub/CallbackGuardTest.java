package tme.api.websub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The public-address rule, address by address, and the URL shapes refused before any lookup. */
class CallbackGuardTest {

    @Test
    void isPublic_refusesEveryNonPublicRange() throws UnknownHostException {
        for (String address : List.of("127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "172.31.255.255",
                "192.168.1.1", "169.254.169.254", "100.64.0.1", "100.127.255.254", "0.0.0.0", "0.1.2.3",
                "224.0.0.1", "255.255.255.255", "240.0.0.1", "192.0.0.8", "192.0.2.1", "198.18.0.1", "198.51.100.7",
                "203.0.113.9", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "2001:db8::1",
                "::ffff:127.0.0.1", "64:ff9b::7f00:1")) {
            assertFalse(CallbackGuard.isPublic(InetAddress.getByName(address)), address);
        }
        for (String address : List.of("8.8.8.8", "1.1.1.1", "149.154.167.99", "172.32.0.1", "100.128.0.1",
                "2001:4860:4860::8888", "2606:4700::1111")) {
            assertTrue(CallbackGuard.isPublic(InetAddress.getByName(address)), address);
        }
    }

    @Test
    void shape_refusesWhatIsNotAPlainHttpUrl() {
        assertEquals("hub.callback must be an http(s) URL", CallbackGuard.shape(URI.create("ftp://example.com/cb")));
        assertEquals("hub.callback must not carry user info",
                CallbackGuard.shape(URI.create("https://user:pw@example.com/cb")));
        assertEquals("hub.callback must not carry a fragment", CallbackGuard.shape(URI.create("https://example.com/cb#x")));
        assertEquals("hub.callback must be an absolute http(s) URL", CallbackGuard.shape(URI.create("/cb")));
        assertNull(CallbackGuard.shape(URI.create("https://example.com:8443/cb?feed=1")));
    }

    @Test
    void check_resolvesTheNameFirst_andAllowPrivateLiftsOnlyTheAddressRule() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            CallbackGuard strict = new CallbackGuard(vertx, false);
            CallbackGuard lenient = new CallbackGuard(vertx, true);

            CallbackGuard.Verdict byName = strict.check(URI.create("http://localhost:9/cb"))
                    .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            CallbackGuard.Verdict v6 = strict.check(URI.create("http://[::1]:9/cb"))
                    .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            CallbackGuard.Verdict allowed = lenient.check(URI.create("http://127.0.0.1:9/cb"))
                    .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            CallbackGuard.Verdict scheme = lenient.check(URI.create("file:///etc/passwd"))
                    .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);

            assertInstanceOf(CallbackGuard.Verdict.Refused.class, byName);
            assertTrue(((CallbackGuard.Verdict.Refused) byName).reason().contains("not a public address"));
            assertInstanceOf(CallbackGuard.Verdict.Refused.class, v6);
            assertEquals("127.0.0.1", ((CallbackGuard.Verdict.Allowed) allowed).address().getHostAddress());
            assertEquals(new CallbackGuard.Verdict.Refused("hub.callback must be an http(s) URL"), scheme);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }
}
