package tme.api.service;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The digest keys use for what may be long or hold any character (a feed's channels, a search's query). */
public final class Digests {

    private Digests() {}

    /** The first 128 bits of the SHA-256 of {@code text}'s UTF-8, as 32 hex digits: no two inputs meet. */
    public static String hex128(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
