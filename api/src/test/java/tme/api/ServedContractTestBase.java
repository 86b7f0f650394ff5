package tme.api;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** A server on the fake t.me and the OpenAPI document it serves: answers are validated against that document. */
abstract class ServedContractTestBase {

    protected TestServer server;
    protected Calls calls;
    protected ApiContract contract;

    @BeforeEach
    void startServedContract() {
        server = new TestServer(Map.of());
        calls = new Calls(server);
        contract = ApiContract.servedBy(server);
    }

    @AfterEach
    void stopServedContract() {
        server.close();
    }

    /** {@code method path}'s answer, decoded, once it holds to the served document. */
    protected HttpAnswer validated(String method, String path, String... headers) {
        HttpAnswer answer = Codings.decoded(calls.send(method, path, null, null, headers));
        contract.validate(method, path, answer);
        return answer;
    }
}
