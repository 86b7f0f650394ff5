package tme.scraper.model;

import java.time.Duration;

/**
 * How long a video or voice message plays: {@code formatted} exactly as t.me shows it ("0:57", "1:02:03")
 * and {@code length} parsed from it, or null when the text is not {@code M:SS} or {@code H:MM:SS}.
 */
public record PlayTime(String formatted, Duration length) {}
