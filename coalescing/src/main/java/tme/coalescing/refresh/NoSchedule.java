package tme.coalescing.refresh;

import io.vertx.core.Future;
import java.util.Collection;
import java.util.SortedMap;
import java.util.TreeMap;

/** The schedule of a server without Redis: nothing is kept, nothing is ever due. */
final class NoSchedule implements Schedule {

    static final NoSchedule INSTANCE = new NoSchedule();

    private NoSchedule() {}

    @Override
    public Future<Void> register(Collection<String> names, int depth) {
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> loaded(String name) {
        return Future.succeededFuture();
    }

    @Override
    public Future<Claims> claim(int limit, String token) {
        return Future.succeededFuture(Claims.unreached());
    }

    @Override
    public Future<Boolean> finish(Claimed claimed, Next next) {
        return Future.succeededFuture(false);
    }

    @Override
    public Future<Void> restore() {
        return Future.succeededFuture();
    }

    @Override
    public SortedMap<String, Long> counters() {
        return new TreeMap<>();
    }
}
