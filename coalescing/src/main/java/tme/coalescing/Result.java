package tme.coalescing;

import tme.cache.Stored;

/** The answer to {@link CoalescingCache#get}: a stored value, or a domain failure; and where it came from. */
public sealed interface Result {

    Source source();

    /** A stored value (possibly past its refresh point: a refresh then runs in the background). */
    record Found(Stored value, Source source) implements Result {}

    /** A domain failure, from this process's load or shared by another process's lease. */
    record Failed(byte[] error, Source source) implements Result {}
}
