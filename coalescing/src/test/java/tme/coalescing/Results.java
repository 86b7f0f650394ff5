package tme.coalescing;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import tme.cache.testing.Await;

/** Reading a {@link CoalescingCache#get} answer in tests: the value it found, and that value's text. */
final class Results {

    private Results() {}

    static Result.Found found(Future<Result> result) {
        return assertInstanceOf(Result.Found.class, Await.result(result));
    }

    static String text(Result.Found found) {
        return new String(found.value().raw(), StandardCharsets.UTF_8);
    }
}
