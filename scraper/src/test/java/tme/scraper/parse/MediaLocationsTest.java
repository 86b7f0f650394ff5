package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import tme.scraper.model.Media.Location.LatLon;

class MediaLocationsTest {

    @Test
    void googleMapsLink_latitudeFirst() {
        assertEquals(new LatLon(-23.930587176407, -44.086305367818), MediaLocations.position(
                "https://maps.google.com/maps?q=-23.930587176407,-44.086305367818&ll=-23.930587176407,-44.086305367818&z=16",
                null));
    }

    @Test
    void linkWithoutCoordinates_fallsBackToYandexImage_longitudeFirst() {
        assertEquals(new LatLon(55.75, 37.62), MediaLocations.position("https://t.me/x/1",
                "https://static-maps.yandex.ru/1.x/?l=map&ll=37.62,55.75&z=15&pt=37.62,55.75,comma"));
    }

    @Test
    void googleStaticImage_latitudeFirst() {
        assertEquals(new LatLon(48.8584, 2.2945), MediaLocations.position(null,
                "https://maps.googleapis.com/maps/api/staticmap?center=48.8584%2C2.2945&zoom=15"));
    }

    @Test
    void outOfRangeOrGarbage_isNull() {
        assertNull(MediaLocations.position("https://maps.google.com/maps?q=123.0,10.0", null));
        assertNull(MediaLocations.position("https://maps.google.com/maps?q=Paris", null));
        assertNull(MediaLocations.position("https://maps.google.com/maps?q=%zz", null));
        assertNull(MediaLocations.position("https://maps.google.com/maps", "https://example.org/map.png"));
        assertNull(MediaLocations.position(null, null));
    }
}
