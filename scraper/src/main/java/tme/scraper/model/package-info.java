/**
 * The channel model: plain records and sealed variants for what t.me shows, with no JSON or HTML knowledge.
 * Absent optional values are null (single values) or empty (lists); the renderer decides the wire shape.
 */
package tme.scraper.model;
