package tme.bench.openloop;

/**
 * Something to note at each window's end while an open-loop run goes on, such as how many requests reached the
 * fake t.me so far ({@code GET /__hits}): a window's figure is then the difference from the previous note.
 */
@FunctionalInterface
public interface WindowProbe {

    /** A short note (one line, no spaces) at the end of window {@code index}, or at the measured start (-1). */
    String at(int index);

    static WindowProbe none() {
        return index -> "";
    }
}
