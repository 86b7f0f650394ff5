package tme.api;

import java.util.Optional;
import java.util.function.Function;

/**
 * One setting of the catalogue ({@link Settings}): its variable's name, what it accepts, its default and one line of
 * doc. The operations table in {@code docs/operations.md} shows the same name, {@link #defaultCell()} and
 * {@link Kind#range()} (SettingsDocsTest holds them equal).
 *
 * @param name     the environment variable
 * @param kind     how its text is parsed and checked, and the range that check accepts
 * @param fallback what it is when unset
 * @param doc      one line: what it sets
 */
record Setting<T>(String name, Kind<T> kind, Default<T> fallback, String doc) {

    /** The default as the operations table writes it. */
    String defaultCell() {
        return fallback.cell();
    }

    /**
     * Parses and checks a variable's text; a refused text is an {@link IllegalArgumentException} whose message is the
     * whole problem, naming the setting and the form expected ({@code PORT must be an integer in 0..65535: http}).
     *
     * @param range what is accepted, as the operations table writes it
     */
    record Kind<T>(String range, Parser<T> parser) {

        interface Parser<T> {
            T parse(String name, String raw);
        }

        /** The same check, for a setting whose absence means something of its own (so its value is optional). */
        Kind<Optional<T>> optional() {
            return new Kind<>(range, (name, raw) -> Optional.of(parser.parse(name, raw)));
        }
    }

    /** What an unset setting is: a literal, another setting's value, or something computed at start. */
    sealed interface Default<T> {

        String cell();

        /** The value, given the settings read before this one. */
        T value(Setting<T> self, EnvReader earlier);
    }

    /** A literal the setting's own parser reads, so what the docs show is what the code uses. */
    record Literal<T>(String text, String note) implements Default<T> {
        @Override
        public String cell() {
            return "`" + text + "`" + (note.isEmpty() ? "" : " (" + note + ")");
        }

        @Override
        public T value(Setting<T> self, EnvReader earlier) {
            return self.kind().parser().parse(self.name(), text);
        }
    }

    /** The value of another setting declared before it ({@code TELEGRAM_LOCAL_RATE}: {@code TELEGRAM_RATE}). */
    record SameAs<T>(Setting<T> other) implements Default<T> {
        @Override
        public String cell() {
            return "`" + other.name() + "`";
        }

        @Override
        public T value(Setting<T> self, EnvReader earlier) {
            return earlier.get(other);
        }
    }

    /** Computed from the machine or from settings declared before it; the cell says how in words. */
    record Computed<T>(String cell, Function<EnvReader, T> compute) implements Default<T> {
        @Override
        public T value(Setting<T> self, EnvReader earlier) {
            return compute.apply(earlier);
        }
    }
}
