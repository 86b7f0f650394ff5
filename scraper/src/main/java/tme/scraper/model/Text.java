package tme.scraper.model;

import java.util.List;

/**
 * A post's text (or a caption): {@link Rich} plus the formatting entities found in one DOM walk.
 * {@code entities} is empty in simplified mode or when the text has no formatting.
 */
public record Text(String string, String html, List<Entity> entities) {
    public Text {
        entities = List.copyOf(entities);
    }
}
