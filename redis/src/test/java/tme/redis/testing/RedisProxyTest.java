package tme.redis.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The proxy in each mode, in front of a real {@code redis-server}, spoken to in RESP over plain sockets: {@code PING}
 * through it, what reached Redis checked on Redis itself. Waits are deadlines on what the proxy counts; the one time
 * measured is a lower bound (the latency added), never an upper one.
 */
class RedisProxyTest {

    private static final Duration WITHIN = Duration.ofSeconds(60);
    private static final byte[] PING = "*1\r\n$4\r\nPING\r\n".getBytes(StandardCharsets.US_ASCII);

    private static RedisServer redis;
    private RedisProxy proxy;

    @BeforeAll
    static void startRedis() {
        redis = RedisServer.start();
    }

    @AfterAll
    static void stopRedis() {
        redis.close();
    }

    @AfterEach
    void stopProxy() {
        proxy.close();
        redis.command("FLUSHALL");
    }

    @Test
    void pass_forwardsBothWays() throws IOException {
        proxy = RedisProxy.to(redis);
        try (Client client = new Client(proxy.port())) {
            assertEquals("+PONG", client.ping());
            assertEquals("+OK", client.set("passed", "yes"));
        }
        assertEquals("yes", redis.command("GET", "passed"));
        assertEquals(1, proxy.accepted());
        assertEquals(RedisProxy.Kind.PASS, proxy.kind());
    }

    @Test
    void latency_addsTheDelayEachWay_thenPassIsImmediateAgain() throws IOException {
        proxy = RedisProxy.to(redis);
        try (Client client = new Client(proxy.port())) {
            proxy.latency(Duration.ofMillis(300));
            long start = System.nanoTime();
            assertEquals("+PONG", client.ping());
            long tookMillis = Duration.ofNanos(System.nanoTime() - start).toMillis();
            assertTrue(tookMillis >= 600, "300 ms out and 300 ms back, took " + tookMillis + " ms");

            proxy.pass();
            assertEquals("+PONG", client.ping(), "the same connection, through");
        }
        assertEquals(RedisProxy.Kind.PASS, proxy.kind());
    }

    @Test
    void blackHole_acceptsAndReadsButForwardsNothing_closesWhatLostBytesWhenItEnds() throws IOException {
        proxy = RedisProxy.to(redis);
        try (Client before = new Client(proxy.port())) {
            assertEquals("+PONG", before.ping());
            proxy.blackHole();

            before.send(Client.setCommand("lost", "1"));
            awaitTrue("the black hole read the SET", () -> proxy.dropped() >= Client.setCommand("lost", "1").length);
            try (Client during = new Client(proxy.port()); Client silent = new Client(proxy.port())) {
                during.send(PING);
                awaitTrue("connections made in the black hole are accepted and read",
                        () -> proxy.accepted() == 3 && proxy.dropped() >= Client.setCommand("lost", "1").length + 14);
                awaitTrue("every connection stays open", () -> proxy.open() == 3);
                assertThrows(SocketTimeoutException.class, () -> during.readLine(Duration.ofMillis(200)),
                        "no answer, and no end");
                assertEquals("0", redis.command("EXISTS", "lost"), "the SET never reached Redis");

                proxy.pass();
                assertEquals(null, before.readLine(WITHIN), "a connection that lost bytes ends with the black hole");
                assertEquals(null, during.readLine(WITHIN));
                assertEquals(null, silent.readLine(WITHIN), "one accepted in the black hole has nowhere to go");
            }
        }
        try (Client after = new Client(proxy.port())) {
            assertEquals("+PONG", after.ping());
        }
        assertEquals("0", redis.command("EXISTS", "lost"));
    }

    @Test
    void cut_closesEveryConnection_refusesNewOnes_untilPassListensAgainOnTheSamePort() throws IOException {
        proxy = RedisProxy.to(redis);
        int port = proxy.port();
        try (Client client = new Client(port)) {
            assertEquals("+PONG", client.ping());
            proxy.cut();
            assertEquals(null, client.readLineOrEnd(WITHIN), "closed by the cut");
        }
        assertTrue(refusedWithin(port, WITHIN), "nothing listens on " + port + " while cut");
        assertEquals(0, proxy.open());

        proxy.pass();
        try (Client client = new Client(port)) {
            assertEquals("+PONG", client.ping());
        }
        assertEquals(2, proxy.accepted());
    }

    @Test
    void redisKilled_connectionsThroughTheProxyEnd_andTheProxyReachesTheRestartedServer() throws IOException {
        proxy = RedisProxy.to(redis);
        try (Client client = new Client(proxy.port())) {
            assertEquals("+OK", client.set("wiped", "1"));
            redis.kill();
            assertEquals(null, client.readLineOrEnd(WITHIN), "Redis closed its side");
        }
        redis.restart();
        try (Client client = new Client(proxy.port())) {
            assertEquals("+PONG", client.ping());
        }
        assertEquals("0", redis.command("EXISTS", "wiped"), "restarted empty");
    }

    private static void awaitTrue(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what + ": not within " + WITHIN);
            LockSupport.parkNanos(Duration.ofMillis(5).toNanos());
        }
    }

    /** One RESP connection: commands out, one reply line back. */
    private static final class Client implements AutoCloseable {

        private final Socket socket;
        private final OutputStream out;
        private final BufferedReader in;

        Client(int port) throws IOException {
            socket = new Socket(InetAddress.getLoopbackAddress(), port);
            out = socket.getOutputStream();
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
        }

        static byte[] setCommand(String key, String value) {
            return ("*3\r\n$3\r\nSET\r\n$" + key.length() + "\r\n" + key + "\r\n$" + value.length() + "\r\n" + value
                    + "\r\n").getBytes(StandardCharsets.US_ASCII);
        }

        String ping() throws IOException {
            send(PING);
            return readLine(WITHIN);
        }

        String set(String key, String value) throws IOException {
            send(setCommand(key, value));
            return readLine(WITHIN);
        }

        void send(byte[] command) throws IOException {
            out.write(command);
            out.flush();
        }

        /** The next line, or null at the end of the stream; throws when {@code within} passes first. */
        String readLine(Duration within) throws IOException {
            socket.setSoTimeout((int) within.toMillis());
            return in.readLine();
        }

        /** As {@link #readLine}, a connection reset counting as the end. */
        String readLineOrEnd(Duration within) throws IOException {
            try {
                return readLine(within);
            } catch (java.net.SocketException reset) {
                return null;
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /**
     * Whether nothing listens on {@code port}: the connection is refused, or it is a TCP self-connect (the kernel
     * picked {@code port}, in the ephemeral range, as the attempt's own port: it then connects to itself), which
     * happened once on a busy machine and says the same.
     */
    /**
     * Whether connecting to {@code port} is refused within {@code deadline}: closing a listening socket that a virtual
     * thread is parked on in accept lets that accept finish first, so one attempt right after a cut can still be
     * taken (seen once in ten runs on a busy machine); the port must stop listening, not at an instant.
     */
    private static boolean refusedWithin(int port, Duration deadline) {
        long end = System.nanoTime() + deadline.toNanos();
        while (System.nanoTime() < end) {
            if (refused(port)) {
                return true;
            }
            Thread.onSpinWait();
        }
        return false;
    }

    private static boolean refused(int port) {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            return socket.getLocalPort() == port;
        } catch (IOException refusedOrReset) {
            return true;
        }
    }
}
