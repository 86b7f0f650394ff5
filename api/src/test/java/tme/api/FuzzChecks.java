package tme.api;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Set;

/** The checks {@link OpenApiFuzzTest} holds every answer to, schemathesis's "all checks" that apply here. */
final class FuzzChecks {

    private FuzzChecks() {}

    /**
     * Null when the answer passes every check, else the first check it broke (first line) and why. The document's
     * own checks (media type, headers, schema) fail through {@link ApiContract#validateOperation}'s assertion.
     */
    static String check(FuzzOperation operation, FuzzRequest request, HttpAnswer answer, ApiContract contract,
            Set<String> upstreamCodes) {
        int status = answer.status();
        JsonObject json = OpenApiFuzzTest.jsonOrNull(answer);
        String code = json == null ? null : json.getString("code");
        if (status >= 500 && !(declared(contract, operation, status) && upstreamCodes.contains(code))) {
            return "not_a_server_error\n" + status + " " + code + " (the fake t.me is healthy)";
        }
        if (!declared(contract, operation, status)) {
            return "status_code_conformance\n" + status + " is not declared for " + operation.operationId()
                    + "; it declares " + contract.declaredStatuses().get(operation.operationId());
        }
        if (request.method().equals("HEAD") && answer.body().length > 0) {
            return "head_has_no_body\n" + answer.body().length + " bytes in an answer to HEAD";
        }
        contract.validateOperation(operation.operationId(), request.method() + " " + request.target(), answer);
        return switch (request.kind()) {
            case VIOLATING -> rejected(operation, request, answer, json);
            case CONFORMING -> accepted(request, answer);
            case HOSTILE -> null;
        };
    }

    private static boolean declared(ApiContract contract, FuzzOperation operation, int status) {
        return contract.declaredStatuses().get(operation.operationId()).contains(status);
    }

    /** {@code negative_data_rejection}: a request the document does not allow is refused with a 4xx. */
    private static String rejected(FuzzOperation operation, FuzzRequest request, HttpAnswer answer, JsonObject json) {
        int status = answer.status();
        if (status >= 400 && status < 500) {
            return null;
        }
        // Known false alarm: GraphQL over HTTP answers a request it reads but cannot run (a variable of the wrong
        // type, an operation name no operation has) 200 with errors[], as the GraphQL spec and its clients expect;
        // schemathesis counts that 200 as accepting the request. The errors[] must be there, and non-empty.
        if (operation.path().equals("/graphql") && status == 200 && json != null
                && json.getValue("errors") instanceof JsonArray errors && !errors.isEmpty()) {
            return null;
        }
        return "negative_data_rejection\nanswered " + status + " to a request the document does not allow: "
                + request.violations();
    }

    /** {@code positive_data_acceptance}: a request the document allows is served (or its channel or post is not there). */
    private static String accepted(FuzzRequest request, HttpAnswer answer) {
        int status = answer.status();
        // schemathesis's defaults: 2xx, and 401, 403, 404 (not there, or refused for what no schema says: a WebSub
        // callback on a private address).
        if (status >= 200 && status < 300 || status == 401 || status == 403 || status == 404) {
            return null;
        }
        // Known false alarm: schemathesis follows redirects, and media links redirect to t.me's CDN (the home page
        // and /graphiql to the docs), which it then checks against this document. A redirect is not followed here:
        // the 302 itself is the answer, validated above with its required Location.
        if (status == 302) {
            return null;
        }
        // Known false alarm: If-None-Match: * matches any current representation (RFC 9110 13.1.2), so a GET or HEAD
        // of one that exists is 304 Not Modified; schemathesis draws "*" as a plain string and expects a 2xx.
        if (status == 304 && "*".equals(request.header("If-None-Match"))) {
            return null;
        }
        return "positive_data_acceptance\nanswered " + status + " to a request the document allows";
    }
}
