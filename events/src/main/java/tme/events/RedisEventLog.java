package tme.events;

import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import io.vertx.redis.client.ResponseType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.function.BiConsumer;
import java.util.function.Function;
import tme.redis.Counters;
import tme.redis.EventScripts;
import tme.redis.Lua;
import tme.redis.RedisLink;
import tme.redis.RedisReply;
import tme.redis.RedisUnreachable;
import tme.redis.RepeatLog;

/**
 * {@link EventLog#redis}: {@code XADD MAXLEN ~} through {@link EventScripts#APPEND} (one round trip per offer, the
 * fleet-wide mark beside the stream, which the answer brings back), {@code XRANGE} to read after a position; the marks
 * it learns kept in memory ({@link Marks}) and written back with {@link EventScripts#RESTORE_MARK} after a wipe.
 */
final class RedisEventLog implements EventLog {

    private static final System.Logger LOG = System.getLogger(RedisEventLog.class.getName());
    // Marks are written back this many at a time after a wipe (each name is its own Cluster slot: one script each),
    // half the smallest pool, so the fleet's other commands keep connections while 100k marks go back (a few s).
    private static final int RESTORES_AT_ONCE = 16;

    private final RedisLink link;
    // Failed appends (bugs: Redis out of reach is counted, not logged): one line a minute per kind.
    private final RepeatLog failures;
    private final String prefix;
    private final int maxLength;
    private final Duration keepFor;
    private final Marks marks = new Marks(MARKS_KEPT);
    private final Recent recent = new Recent();
    private final Counters<EventCount> counts = new Counters<>(EventCount.class, EnumSet.allOf(EventCount.class));

    RedisEventLog(RedisLink link, String prefix, int maxLength, Duration keepFor) {
        this.link = link;
        this.failures = link.repeatLog(LOG);
        this.prefix = prefix;
        this.maxLength = maxLength;
        this.keepFor = keepFor;
    }

    /** The stream of {@code name}; its mark is this key and {@code :last}. */
    String key(String name) {
        return prefix + "{" + name + "}";
    }

    @Override
    public Future<List<Entry>> publish(String name, long floor, List<Event> events) {
        marks.raise(name, floor);
        return offer(name, EventScripts.MODE_APPEND, events, EventCount.PUBLISHED);
    }

    @Override
    public Future<List<Entry>> baseline(String name, List<Event> events) {
        return offer(name, EventScripts.MODE_BASELINE, events, EventCount.PUBLISHED);
    }

    @Override
    public Future<List<Entry>> record(String name, List<Fact> facts) {
        if (facts.isEmpty()) {
            return Future.succeededFuture(List.of());
        }
        Request eval = Lua.eval(EventScripts.RECORD, key(name), key(name) + ":versions")
                .arg(maxLength).arg(keepFor.toMillis());
        for (Fact fact : facts) {
            eval.arg(fact.item()).arg(fact.version()).arg(fact.kind()).arg(fact.data());
        }
        return link.send(eval).map(reply -> switch (reply) {
            case RedisReply.Answered<Response> answered -> recorded(answered.value(), facts);
            case RedisReply.Unavailable<Response> unavailable -> {
                counts.add(EventCount.PUBLISH_FAILURES, facts.size());
                throw new RedisUnreachable(unavailable.reason());
            }
        });
    }

    @Override
    public Future<Map<String, Recorded>> facts(String name) {
        return link.send(Request.cmd(Command.HGETALL).arg(key(name) + ":versions")).map(reply -> switch (reply) {
            case RedisReply.Answered<Response> answered -> recorded(answered.value());
            case RedisReply.Unavailable<Response> unavailable -> {
                counts.increment(EventCount.READ_FAILURES);
                throw new RedisUnreachable(unavailable.reason());
            }
        });
    }

    /** HGETALL's answer (a map in RESP3, pairs in RESP2): each value {@code "<version> <entry id>"}. */
    private static Map<String, Recorded> recorded(Response hash) {
        Map<String, Recorded> facts = new HashMap<>();
        if (hash == null) {
            return facts;
        }
        BiConsumer<String, String> add = (item, value) -> {
            int space = value.indexOf(' ');
            if (space > 0) {
                facts.put(item, new Recorded(value.substring(0, space), value.substring(space + 1)));
            }
        };
        if (hash.type() == ResponseType.MULTI && !hash.getKeys().isEmpty()) {
            hash.getKeys().forEach(item -> add.accept(item, hash.get(item).toString()));
        } else {
            for (int i = 0; i + 1 < hash.size(); i += 2) {
                add.accept(hash.get(i).toString(), hash.get(i + 1).toString());
            }
        }
        return facts;
    }

    /** RECORD's answer: (id, item) per fact appended; the rest were in the log at their version already. */
    private List<Entry> recorded(Response flat, List<Fact> offered) {
        List<Entry> appended = new ArrayList<>();
        for (int i = 0; flat != null && i + 1 < flat.size(); i += 2) {
            String item = flat.get(i + 1).toString();
            Fact fact = offered.stream().filter(one -> one.item().equals(item)).findFirst().orElseThrow();
            appended.add(new Entry(flat.get(i).toString(), 0, fact.data(), false, fact.kind()));
        }
        counts.add(EventCount.PUBLISHED, appended.size());
        counts.add(EventCount.DEDUPLICATED, offered.size() - appended.size());
        return appended;
    }

    @Override
    public OptionalLong known(String name) {
        return marks.get(name);
    }

    /**
     * First the newest entries this process appended or read ({@link Recent}), appended again above whatever mark the
     * log has by then (the first process to restore a name gives back what it knows; the others add only what is
     * newer), so entries appended just before Redis lost them still reach the readers that had not read them; then the
     * marks. Readers that had them skip them by sequence ({@link Tail}).
     */
    @Override
    public Future<Void> restoreMarks() {
        return inBatches(List.copyOf(recent.snapshot().entrySet()), this::restoreEntries)
                .compose(done -> inBatches(List.copyOf(marks.snapshot().entrySet()), this::restoreMark));
    }

    /** {@code restore} of each item, {@link #RESTORES_AT_ONCE} at a time. */
    private static <T> Future<Void> inBatches(List<T> items, Function<T, Future<Void>> restore) {
        Future<Void> chain = Future.succeededFuture();
        for (int from = 0; from < items.size(); from += RESTORES_AT_ONCE) {
            List<T> batch = items.subList(from, Math.min(items.size(), from + RESTORES_AT_ONCE));
            chain = chain.compose(done -> Future.join(batch.stream().map(restore).toList()).mapEmpty());
        }
        return chain;
    }

    private Future<Void> restoreEntries(Map.Entry<String, List<Event>> kept) {
        String name = kept.getKey();
        return offer(name, EventScripts.MODE_RESTORE, kept.getValue(), EventCount.ENTRIES_RESTORED).<Void>mapEmpty()
                .otherwise(unreachable -> null); // Redis gone again: the marks' restore finds it so too
    }

    private Future<Void> restoreMark(Map.Entry<String, Long> mark) {
        Request eval = Lua.eval(EventScripts.RESTORE_MARK, key(mark.getKey()) + ":last")
                .arg(mark.getValue()).arg(keepFor.toMillis());
        return link.send(eval).<Void>map(reply -> {
            if (reply instanceof RedisReply.Answered<Response> answered && answered.value().toInteger() == 1) {
                counts.increment(EventCount.MARKS_RESTORED);
            }
            return null;
        }).otherwise(bug -> {
            failures.log(System.Logger.Level.WARNING, "Could not restore event marks",
                    () -> "Could not restore the event mark of " + mark.getKey(), bug);
            return null;
        });
    }

    /**
     * One {@link EventScripts#APPEND} in {@code mode}: what it appended; fails ({@link RedisUnreachable}) when the log
     * was out of reach, so the publisher can tell "nothing new" from "nothing appended" and keep the events.
     */
    private Future<List<Entry>> offer(String name, String mode, List<Event> events, EventCount appendedAs) {
        if (events.isEmpty()) {
            return Future.succeededFuture(List.of());
        }
        Request eval = Lua.eval(EventScripts.APPEND, key(name), key(name) + ":last")
                .arg(maxLength).arg(keepFor.toMillis()).arg(mode);
        for (Event event : events) {
            eval.arg(event.seq()).arg(event.data());
        }
        return link.send(eval).map(reply -> switch (reply) {
            case RedisReply.Answered<Response> answered -> appended(name, answered.value(), events, appendedAs);
            case RedisReply.Unavailable<Response> unavailable -> {
                counts.add(EventCount.PUBLISH_FAILURES, events.size());
                throw new RedisUnreachable(unavailable.reason());
            }
        }).recover(failure -> {
            if (failure instanceof RedisUnreachable) {
                return Future.failedFuture(failure);
            }
            // A bug (an answer we cannot read): logged and counted, not offered again.
            failures.log(System.Logger.Level.WARNING, "Could not append events",
                    () -> "Could not append events of " + name, failure);
            counts.add(EventCount.PUBLISH_FAILURES, events.size());
            return Future.succeededFuture(List.of());
        });
    }

    /**
     * APPEND's answer: the mark, whether the offer was the baseline, then (id, sequence) per entry appended, counted as
     * {@code appendedAs} (published, or restored after a wipe).
     */
    private List<Entry> appended(String name, Response flat, List<Event> offered, EventCount appendedAs) {
        marks.raise(name, flat.get(0).toLong());
        if (flat.get(1).toInteger() == 1) {
            counts.increment(EventCount.BASELINES);
            return List.of();
        }
        List<Entry> appended = new ArrayList<>();
        for (int i = 2; i + 1 < flat.size(); i += 2) {
            long seq = flat.get(i + 1).toLong();
            byte[] data = offered.stream().filter(event -> event.seq() == seq).findFirst().orElseThrow().data();
            appended.add(new Entry(flat.get(i).toString(), seq, data, appendedAs == EventCount.ENTRIES_RESTORED));
        }
        counts.add(appendedAs, appended.size());
        if (appendedAs == EventCount.PUBLISHED) {
            counts.add(EventCount.DEDUPLICATED, offered.size() - appended.size());
        }
        recent.saw(name, appended);
        return appended;
    }

    @Override
    public Future<List<Entry>> after(String name, String after, int max) {
        Request range = Request.cmd(Command.XRANGE).arg(key(name)).arg("(" + after).arg("+").arg("COUNT").arg(max);
        return link.send(range).map(reply -> switch (reply) {
            case RedisReply.Answered<Response> answered -> learned(name, entries(answered.value()));
            case RedisReply.Unavailable<Response> unavailable -> {
                counts.increment(EventCount.READ_FAILURES);
                // Not an empty list: a reader would take "could not read" for "nothing after that id" and skip a gap.
                throw new RedisUnreachable(unavailable.reason());
            }
        });
    }

    @Override
    public Future<String> last(String name) {
        Request newest = Request.cmd(Command.XREVRANGE).arg(key(name)).arg("+").arg("-").arg("COUNT").arg(1);
        return link.send(newest).map(reply -> switch (reply) {
            case RedisReply.Answered<Response> answered -> {
                List<Entry> entries = learned(name, entries(answered.value()));
                yield entries.isEmpty() ? Entry.START : entries.getFirst().id();
            }
            case RedisReply.Unavailable<Response> unavailable -> {
                counts.increment(EventCount.READ_FAILURES);
                // Not START: a reader placed there would take the whole log for news.
                throw new RedisUnreachable(unavailable.reason());
            }
        });
    }

    @Override
    public SortedMap<String, Long> counters() {
        return counts.snapshot();
    }

    /** Entries read from {@code name}'s log: each is in it, so its sequence is dealt with. */
    private List<Entry> learned(String name, List<Entry> entries) {
        entries.forEach(entry -> marks.raise(name, entry.seq()));
        recent.saw(name, entries);
        return entries;
    }

    /** XRANGE's answer: [[id, [field, value, ...]], ...]. */
    private static List<Entry> entries(Response range) {
        List<Entry> entries = new ArrayList<>();
        if (range == null) {
            return entries;
        }
        for (Response item : range) {
            Response fields = item.get(1);
            long seq = 0;
            byte[] data = new byte[0];
            boolean restored = false;
            String kind = Entry.EVENT;
            for (int i = 0; i + 1 < fields.size(); i += 2) {
                String field = fields.get(i).toString();
                if ("seq".equals(field)) {
                    seq = fields.get(i + 1).toLong();
                } else if ("data".equals(field)) {
                    data = fields.get(i + 1).toBytes();
                } else if ("restored".equals(field)) {
                    restored = true;
                } else if ("kind".equals(field)) {
                    kind = fields.get(i + 1).toString();
                }
            }
            entries.add(new Entry(item.get(0).toString(), seq, data, restored, kind));
        }
        return entries;
    }
}
