package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The server as a process of its own, as an operator meets it: SIGTERM says "stopping" and "stopped" and exits 0; a
 * port another process holds is one line naming the address and the port, no stack trace, and exit 1.
 */
class StopAndBindTest {

    static final Map<String, String> ENV = Map.of("HOST", "127.0.0.1", "TELEGRAM_BASE_URL", "http://127.0.0.1:1",
            "ACCESS_LOG", "false");
    static final String LINE_START = "^\\S+ (INFO|WARNING|SEVERE) tme\\.api\\.Main: ";

    @Test
    void sigterm_logsStoppingAndStopped_andExitsZero() {
        try (FleetProcess server = FleetProcess.start(ENV)) {
            FleetAwait.until("the start-up lines", () -> server.logText().contains("memory plan"), server::logText);

            assertEquals(0, server.terminate(), server.logText());

            List<String> lines = server.logText().lines().toList();
            assertTrue(lines.stream().anyMatch(line -> line.matches(LINE_START.replace("(INFO|WARNING|SEVERE)", "INFO")
                    + "SIGTERM: stopping: /readyz answers 503, serving on for 0 ms \\(SHUTDOWN_DRAIN\\), then requests in"
                    + " flight get up to 10000 ms$")), server.logText());
            assertTrue(lines.getLast().matches(LINE_START.replace("(INFO|WARNING|SEVERE)", "INFO")
                    + "stopped in \\d+ ms$"), "the last line: " + lines.getLast());
            assertFalse(server.logText().contains("WARNING") || server.logText().contains("SEVERE"), server.logText());
        }
    }

    /** Netty's epoll transport and the JDK's NIO say it differently (an IOException, a BindException). */
    @ParameterizedTest(name = "NATIVE_TRANSPORT={0}")
    @ValueSource(strings = {"true", "false"})
    void portInUse_oneLineNamingAddressAndPort_noStackTrace_exitOne(String nativeTransport) throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            Map<String, String> env = new HashMap<>(ENV);
            env.put("NATIVE_TRANSPORT", nativeTransport);

            FleetProcess.Exited exited = FleetProcess.exitOf(env, port);

            assertEquals(1, exited.code(), exited.log());
            List<String> errors = exited.log().lines().filter(line -> line.contains(" SEVERE ")).toList();
            assertEquals(1, errors.size(), exited.log());
            assertTrue(errors.getFirst().matches(LINE_START.replace("(INFO|WARNING|SEVERE)", "SEVERE")
                    + "Could not listen on 127\\.0\\.0\\.1 port " + port + ": address already in use$"), exited.log());
            assertFalse(exited.log().contains("\tat "), "no stack trace: " + exited.log());
        }
    }
}
