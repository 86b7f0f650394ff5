/**
 * The JSON renderer: model records to the wire shape with jackson-core's streaming generator, in one place.
 * Field names follow the prior-art service; absent optional fields are left out (never null, never an empty
 * array or object), so clients treat "absent" as "none". Entry point: {@link tme.api.render.JsonRender}.
 */
package tme.api.render;
