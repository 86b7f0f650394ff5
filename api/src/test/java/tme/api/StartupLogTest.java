package tme.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the server prints as it starts, as a process of its own: no warning, and "listening" on its first line. */
class StartupLogTest {

    @Test
    void startUp_saysListeningFirst_inOneLine_withNoWarning() {
        try (FleetProcess server = FleetProcess.start(Map.of("HOST", "127.0.0.1",
                "TELEGRAM_BASE_URL", "http://127.0.0.1:1", "ACCESS_LOG", "false"))) {
            // It answers as soon as it listens; the lines are written just after.
            FleetAwait.until("the start-up lines", () -> server.logText().contains("memory plan"), server::logText);
            String[] lines = server.logText().split("\n");
            String listening = "^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}[+-]\\d{4} INFO tme\\.api\\.Main: tme-api"
                    + " listening on 127\\.0\\.0\\.1 port " + server.port + " on \\d+ event loops, \\w+ transport, "
                    // A child of the tests' JVM, in their session: PARSE_PRIORITY=auto keeps its parsers normal.
                    + "\\d+ parse workers normal \\(t\\.me at .*";
            assertTrue(lines[0].matches(listening), "the first line: " + lines[0]);
            assertTrue(lines[1].matches("^\\S+ INFO tme\\.api\\.Main: memory plan: heap .*"), "the second: " + lines[1]);
            assertFalse(server.logText().contains("WARNING"), server.logText());
        }
    }
}
