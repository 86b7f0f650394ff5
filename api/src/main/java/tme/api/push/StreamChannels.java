package tme.api.push;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import tme.api.problem.Problem;
import tme.api.service.Answer;
import tme.api.service.ChannelName;
import tme.api.service.ChannelService;
import tme.coalescing.Asker;
import tme.coalescing.Tolerance;

/**
 * Before a stream opens, its channels are read as {@code /v1/body} reads them (a stored page, whatever its age, or
 * one load, charged to the reader): a channel t.me says does not exist refuses the stream with that 404, where it
 * used to open and stay silent for good. A channel that cannot be read now (t.me slow, the reader's share spent)
 * does not hold the stream back: its posts come once it loads.
 */
public final class StreamChannels {

    /** Any stored copy answers: the question is only whether the channel exists. */
    private static final Tolerance ANY_COPY = Tolerance.of(Duration.ofDays(1), Duration.ofDays(1));

    private final ChannelService channels;

    public StreamChannels(ChannelService channels) {
        this.channels = channels;
    }

    /** The "not found" of the first of {@code names} t.me says does not exist, if any. */
    Future<Optional<Problem>> firstMissing(List<String> names, String client) {
        List<Future<Answer>> answers = names.stream()
                .map(name -> channels.latest(new ChannelName(name), Asker.of(client, "stream"), ANY_COPY)).toList();
        return Future.join(answers).transform(done -> Future.succeededFuture(answers.stream()
                .filter(Future::succeeded).map(Future::result)
                .filter(answer -> answer instanceof Answer.Cached cached && cached.status() == 404)
                .map(answer -> ((Answer.Cached) answer).notFound()).findFirst()));
    }
}
