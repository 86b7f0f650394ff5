package tme.scraper.model;

/** A post's time: {@code string} exactly as t.me's {@code datetime} attribute has it, {@code unix} in seconds. */
public record PostDate(String string, long unix) {}
