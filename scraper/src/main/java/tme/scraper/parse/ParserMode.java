package tme.scraper.parse;

/** {@code FULL} parses everything; {@code SIMPLIFIED} keeps text (without entities), media and inline buttons. */
public enum ParserMode {
    FULL,
    SIMPLIFIED
}
