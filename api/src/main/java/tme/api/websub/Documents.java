package tme.api.websub;

import io.vertx.core.Future;
import java.util.List;
import tme.api.service.FeedDocuments;
import tme.api.service.FeedDocuments.Document;
import tme.api.service.FeedRequest;

/**
 * What a delivery's body is made of (it reads channel pages: an I/O boundary): the posts a subscriber has not had, in
 * its topic's format, or the topic's whole feed when the log no longer holds what it missed.
 */
interface Documents {

    /** {@code request}'s feed of exactly the posts {@code events} carry (the event log's data). */
    Future<Document> posts(FeedRequest request, List<byte[]> events);

    /** {@code request}'s whole feed as it is now (a resync). */
    Future<Document> whole(FeedRequest request);

    /** The reader feeds' own renderer. */
    static Documents of(FeedDocuments feeds) {
        return new Documents() {
            @Override
            public Future<Document> posts(FeedRequest request, List<byte[]> events) {
                return feeds.posts(request, events);
            }

            @Override
            public Future<Document> whole(FeedRequest request) {
                return feeds.whole(request);
            }
        };
    }
}
