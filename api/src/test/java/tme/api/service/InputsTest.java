package tme.api.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.scraper.fetch.Direction;

/** The input value types every front end reads its parameters into: each valid value, and the 422 of each bad one. */
class InputsTest {

    @Test
    void channelName_isLowerCased_andKeysOneChannel() {
        assertEquals(new ChannelName("durov"), ChannelName.parse("channel", "DuRoV"));
        assertEquals("durov", ChannelName.parse("channel", "durov").value());
    }

    @ParameterizedTest
    @ValueSource(strings = {"ab", "durov-chan", "_durov", " durov", "a234567890123456789012345678901234"})
    void channelName_invalid_is422NamingTheParameter(String raw) {
        Problem problem = refused(() -> ChannelName.parse("channel", raw));
        assertEquals(422, problem.status());
        assertEquals("invalid_parameter", problem.code());
        assertEquals("channel", problem.parameter());
        assertEquals("channel must be a channel name (4-32 letters, digits or _ starting with a letter), @name or a"
                + " t.me link: \"" + raw + "\"", problem.detail());
    }

    /** What people paste for a channel: every form names the one channel, lower-cased. */
    @ParameterizedTest
    @ValueSource(strings = {"@durov", "@DuRoV", "t.me/durov", "t.me/s/durov", "T.ME/S/Durov", "https://t.me/durov",
            "https://t.me/s/durov", "http://t.me/durov/", "https://t.me/durov/123", "https://t.me/s/durov/123",
            "https://www.t.me/durov", "HTTPS://telegram.me/durov", "https://t.me/durov?embed=1", "t.me/durov#x",
            "https://t.me/s/durov/"})
    void channelName_asPasted_namesTheChannel(String pasted) {
        assertEquals(new ChannelName("durov"), ChannelName.parse("channel", pasted));
    }

    /** Near misses stay 422: another site, a path that is not a channel's, a post id that is not a number. */
    @ParameterizedTest
    @ValueSource(strings = {"@", "@@durov", "@du", "https://example.org/durov", "https://t.me/", "https://t.me/s/",
            "https://t.me/joinchat/abc/def", "https://t.me/durov/12a", "https://t.me/durov/1/2", "t.me/+AbCdEf",
            "ftp://t.me/durov", "https://t.me.evil.org/durov", "https://t.me/durov//"})
    void channelName_nearMisses_are422(String raw) {
        assertEquals(422, refused(() -> ChannelName.parse("channel", raw)).status());
    }

    @Test
    void position_readsUpTo8Digits_from1To10Million() {
        assertEquals(490, Position.parse("position", "0490").value());
        assertEquals(10_000_000, Position.parse("position", "10000000").value());
        assertEquals(Position.LATEST, Position.optional("position", null));
        assertEquals(7, Position.of("position", 7).value());
        assertEquals("position must be an integer from 1 to 10000000: \"10000001\"",
                refused(() -> Position.parse("position", "10000001")).detail());
        assertEquals("position must be an integer from 1 to 10000000: 0", refused(() -> Position.of("position", 0)).detail());
        assertEquals("position", refused(() -> Position.parse("position", "-5")).parameter());
    }

    @Test
    void postId_namesItsOwnParameter() {
        assertEquals(new PostId(495), PostId.parse("id", "495"));
        assertEquals("id must be an integer from 1 to 10000000: \"notint\"", refused(() -> PostId.parse("id", "notint")).detail());
        assertEquals("id", refused(() -> PostId.of("id", -1)).parameter());
    }

    @Test
    void direction_isBeforeOrAfter_inLowerCase() {
        assertEquals(Direction.BEFORE, Directions.parse("direction", "before"));
        assertEquals(Direction.AFTER, Directions.parse("direction", "after"));
        assertEquals("direction must be before or after: \"AFTER\"", refused(() -> Directions.parse("direction", "AFTER")).detail());
    }

    @Test
    void channelNames_trimsEach_keepsOrderAndDuplicates() {
        assertEquals(List.of(new ChannelName("durov"), new ChannelName("durov"), new ChannelName("telegram")),
                ChannelNames.parse("channels", List.of(" durov ", "DUROV", "telegram")));
    }

    @Test
    void channelNames_oneInvalidName_refusesTheList_namingIt() {
        Problem problem = refused(() -> ChannelNames.parse("channels", List.of("durov", "bad-name")));
        assertEquals("channels[1]", problem.parameter());
        assertEquals("channels[1]", refused(() -> ChannelNames.parse("channels", Arrays.asList("durov", 1))).parameter());
        assertEquals("channels[1] must be a string", refused(() -> ChannelNames.parse("channels", Arrays.asList("durov", 1))).detail());
    }

    @Test
    void channelNames_holdsOneTo100() {
        assertEquals("channels must hold 1 to 100 names: got 0", refused(() -> ChannelNames.parse("channels", List.of())).detail());
        List<String> many = java.util.stream.IntStream.range(0, 101).mapToObj(i -> "chan" + i).toList();
        assertEquals("channels must hold 1 to 100 names: got 101", refused(() -> ChannelNames.parse("channels", many)).detail());
        assertEquals(100, ChannelNames.parse("channels", many.subList(0, 100)).size());
    }

    private static Problem refused(Runnable parse) {
        return assertThrows(InvalidInput.class, parse::run).problem();
    }
}
