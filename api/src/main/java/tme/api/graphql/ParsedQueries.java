package tme.api.graphql;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import graphql.ExecutionInput;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Each valid query text parsed and validated once, then kept: clients send the same few queries over and over (a
 * looping one most of all), and parsing and validating a query of 90 aliases costs milliseconds each time. Every
 * limit (depth, cost, estimated fields) still runs on every execution, after this. A query with errors is not kept:
 * it is parsed again, so its error says why each time ({@link ErrorCodes} reads the parser's own exception).
 */
final class ParsedQueries implements PreparsedDocumentProvider {

    /** Heap a parsed, validated document holds per character of its query, rounded up. */
    static final int BYTES_PER_CHAR = 40;
    static final long MAX_BYTES = 16L * 1024 * 1024;

    private final Cache<String, PreparsedDocumentEntry> documents = Caffeine.newBuilder()
            .executor(Runnable::run) // upkeep on the query thread that asked
            .maximumWeight(MAX_BYTES)
            .<String, PreparsedDocumentEntry>weigher((query, entry) -> query.length() * BYTES_PER_CHAR)
            .build();

    @Override
    public CompletableFuture<PreparsedDocumentEntry> getDocumentAsync(
            ExecutionInput input, Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
        PreparsedDocumentEntry kept = documents.getIfPresent(input.getQuery());
        if (kept != null) {
            return CompletableFuture.completedFuture(kept);
        }
        PreparsedDocumentEntry entry = parseAndValidate.apply(input);
        if (!entry.hasErrors()) {
            documents.put(input.getQuery(), entry);
        }
        return CompletableFuture.completedFuture(entry);
    }
}
