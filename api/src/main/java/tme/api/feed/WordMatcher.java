package tme.api.feed;

import java.util.List;

/**
 * Whole-word matching of a reader's terms ({@code include}, {@code exclude}) against a post's words, as
 * {@link Words} cuts both: case-folded, Unicode NFC, any script, emoji as words. A term of several words matches
 * them side by side ({@code "new york"}); a term {@code #news} matches only the hashtag, a plain {@code news} the
 * word and the hashtag alike. A term never matches part of a word: {@code cat} is not in {@code category}.
 */
public final class WordMatcher {

    private final List<List<Words.Word>> terms;

    private WordMatcher(List<List<Words.Word>> terms) {
        this.terms = terms;
    }

    /** A matcher for {@code terms}; a term without any word (only punctuation) matches nothing. */
    public static WordMatcher of(List<String> terms) {
        return new WordMatcher(terms.stream().map(Words::of).filter(words -> !words.isEmpty()).toList());
    }

    /** Whether {@code term} holds at least one word a post could match. */
    public static boolean hasWords(String term) {
        return !Words.of(term).isEmpty();
    }

    /** The term as the matcher reads it, for keys and URLs: NFC, folded, its words single-spaced, tags kept. */
    public static String normalised(String term) {
        StringBuilder out = new StringBuilder();
        for (Words.Word word : Words.of(term)) {
            if (!out.isEmpty()) {
                out.append(' ');
            }
            if (word.tag() != 0) {
                out.append(word.tag());
            }
            out.append(word.text());
        }
        return out.toString();
    }

    public boolean isEmpty() {
        return terms.isEmpty();
    }

    /** Whether any term appears as whole words in {@code text}. */
    public boolean anyIn(String text) {
        return anyIn(Words.of(text));
    }

    boolean anyIn(List<Words.Word> words) {
        for (List<Words.Word> term : terms) {
            if (holds(words, term)) {
                return true;
            }
        }
        return false;
    }

    private static boolean holds(List<Words.Word> words, List<Words.Word> term) {
        for (int start = 0; start + term.size() <= words.size(); start++) {
            if (matchesAt(words, start, term)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matchesAt(List<Words.Word> words, int start, List<Words.Word> term) {
        for (int i = 0; i < term.size(); i++) {
            Words.Word want = term.get(i);
            Words.Word have = words.get(start + i);
            if (!want.text().equals(have.text()) || want.tag() != 0 && want.tag() != have.tag()) {
                return false;
            }
        }
        return true;
    }
}
