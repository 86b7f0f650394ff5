/**
 * Generic append-only event logs, one per name: {@link tme.events.EventLog#redis} keeps a capped Redis Stream per
 * name and appends an event once for the whole fleet (deduplicated by its sequence number), {@link
 * tme.events.EventLog#local} the same in this process's memory. Readers keep their own position (an {@link
 * tme.events.Entry}'s id) and read on from it; a {@link tme.events.Tail} polls the watched names and hands what is new
 * to its listeners. Each process remembers the marks it learns (what it appended or read), to write them back when
 * Redis loses its data. Knows nothing of what the events mean. Depends on {@code redis} and Vert.x.
 */
package tme.events;
