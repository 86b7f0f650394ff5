package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code HOST}: the address the server listens on; every interface by default, this machine only when asked. */
class ListenHostTest {

    @Test
    void host_isAnIpAddress_everyIpv4InterfaceByDefault() {
        assertEquals("0.0.0.0", Config.fromEnv(Map.of()).host());
        assertEquals("127.0.0.1", Config.fromEnv(Map.of("HOST", "127.0.0.1")).host());
        assertEquals("::", Config.fromEnv(Map.of("HOST", "::")).host());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Config.fromEnv(Map.of("HOST", "localhost")));
        assertEquals("Invalid configuration: HOST must be an IP address (0.0.0.0: every IPv4 interface, ::: every"
                + " interface, 127.0.0.1: this machine only): localhost", e.getMessage());
    }

    @Test
    void onLoopbackOnly_anotherAddressOfTheMachineIsRefused() throws IOException {
        try (TestServer loopback = new TestServer(Map.of("HOST", "127.0.0.1"));
             TestServer every = new TestServer(Map.of())) {
            connect("127.0.0.1", loopback.server.actualPort());
            // 127.0.0.2 is this machine too (all of 127/8 is loopback), but not the address the server is bound to.
            assertThrows(ConnectException.class, () -> connect("127.0.0.2", loopback.server.actualPort()));
            connect("127.0.0.2", every.server.actualPort());
        }
    }

    private static void connect(String address, int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 2_000);
        }
    }
}
