package tme.bench.openloop;

import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import tme.bench.http.Request;
import tme.bench.http.ResponseParser;

/**
 * One keep-alive connection of the open loop and what it is doing: closed (until {@link #reopenAt}), connecting,
 * idle, or carrying request {@link #request}. Touched only by the loop's thread.
 */
final class Link {

    static final long IDLE = -1;

    final Request target;
    final ResponseParser parser = new ResponseParser();
    SocketChannel channel; // null while closed
    SelectionKey key;
    boolean connected;
    long reopenAt; // System.nanoTime() after which a closed link connects again
    long request = IDLE; // the schedule index in flight
    long sentNanos;
    ByteBuffer unsent; // what is left to write of the request

    Link(Request target) {
        this.target = target;
    }

    boolean busy() {
        return request != IDLE;
    }
}
