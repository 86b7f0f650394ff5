package tme.coalescing;

import java.nio.charset.StandardCharsets;

/** A domain failure as a caller of the cache would define one: a value here, its code's bytes through a lease. */
record TestFailure(String code) implements LoadError {

    @Override
    public byte[] bytes() {
        return code.getBytes(StandardCharsets.UTF_8);
    }
}
