package tme.api;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/** Requests routed by each {@link ApiVerticle} instance: {@code http.requests.event_loop.<n>} in /metrics. */
final class EventLoopRequests {

    private final LongAdder[] perInstance;

    EventLoopRequests(int instances) {
        perInstance = new LongAdder[instances];
        for (int i = 0; i < instances; i++) {
            perInstance[i] = new LongAdder();
        }
    }

    LongAdder of(int instance) {
        return perInstance[instance];
    }

    Map<String, Long> counters() {
        Map<String, Long> all = new TreeMap<>();
        for (int i = 0; i < perInstance.length; i++) {
            all.put("http.requests.event_loop." + i, perInstance[i].sum());
        }
        return all;
    }
}
