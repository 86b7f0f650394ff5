/**
 * New posts pushed to readers: {@link tme.api.push.PostEvents} tells which posts of a loaded latest page are new (the
 * page against the one it replaces) and publishes one event per post to the event log (module {@code events}), and
 * {@link tme.api.push.PostChanges} which posts of it were edited or deleted, as facts in the same log; {@link
 * tme.api.push.Watchers} keeps the channels someone listens to on the refresh schedule (or polls them itself without
 * Redis) and hands their new events on; {@link tme.api.push.PostStreams} serves them as Server-Sent Events ({@code GET
 * /v1/stream}). The WebSub hub ({@code tme.api.websub}) listens the same way. The tail and the hub's watch and
 * deliverer run on the push context ({@link tme.api.push.PushLoop}), which guards their state.
 */
package tme.api.push;
