package tme.api.graphql;

import graphql.execution.AbortExecutionException;
import java.util.Map;

/**
 * A query refused whole for one of its limits, before any field runs (so before any t.me request): a GraphQL error
 * with {@code extensions.code} ({@code query_too_deep}, {@code query_too_large}, {@code query_too_costly}) and
 * {@code extensions.status} 400, as a request no server would answer.
 */
final class LimitExceeded extends AbortExecutionException {

    static final int STATUS = 400;

    private final String code;

    LimitExceeded(String code, String message) {
        super(message);
        this.code = code;
    }

    @Override
    public Map<String, Object> getExtensions() {
        return Map.of("code", code, "status", STATUS);
    }
}
