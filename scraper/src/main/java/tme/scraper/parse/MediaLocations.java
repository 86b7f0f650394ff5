package tme.scraper.parse;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import tme.scraper.model.Media.Location.LatLon;

/**
 * Coordinates of a shared location. t.me carries them only inside URLs: the map link
 * ({@code maps.google.com/maps?q=LAT,LON&ll=LAT,LON}) and the static map image, whose parameters
 * name longitude first on Yandex ({@code ll=LON,LAT}, {@code pt=LON,LAT,…}) and latitude first on
 * Google ({@code center=LAT,LON}).
 */
final class MediaLocations {

    private MediaLocations() {}

    /** The position from the link, else from the map image, else null. */
    static LatLon position(String mapLink, String mapImage) {
        LatLon fromLink = firstPair(mapLink, List.of("q", "ll"), false);
        if (fromLink != null) {
            return fromLink;
        }
        if (mapImage == null) {
            return null;
        }
        boolean lonFirst = mapImage.toLowerCase(Locale.ROOT).contains("yandex");
        return firstPair(mapImage, lonFirst ? List.of("ll", "pt") : List.of("center"), lonFirst);
    }

    private static LatLon firstPair(String url, List<String> keys, boolean lonFirst) {
        if (url == null) {
            return null;
        }
        for (String key : keys) {
            LatLon position = pair(parameter(url, key), lonFirst);
            if (position != null) {
                return position;
            }
        }
        return null;
    }

    /** The decoded value of the first {@code key=} query parameter, or null. */
    private static String parameter(String url, String key) {
        int query = url.indexOf('?');
        if (query < 0) {
            return null;
        }
        for (String part : url.substring(query + 1).split("&")) {
            if (part.startsWith(key + "=")) {
                return decode(part.substring(key.length() + 1));
            }
        }
        return null;
    }

    private static String decode(String value) {
        try {
            return URLDecoder.decode(value, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException badEscape) {
            return null;
        }
    }

    /** "A,B[,…]" as a position in range, or null. */
    private static LatLon pair(String value, boolean lonFirst) {
        if (value == null) {
            return null;
        }
        String[] parts = value.split(",");
        if (parts.length < 2) {
            return null;
        }
        try {
            double a = Double.parseDouble(parts[0].strip());
            double b = Double.parseDouble(parts[1].strip());
            double lat = lonFirst ? b : a;
            double lon = lonFirst ? a : b;
            boolean inRange = Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
            return inRange ? new LatLon(lat, lon) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
