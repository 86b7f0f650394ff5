/**
 * The WebSub hub (W3C WebSub, section 5 on) for the reader feeds: {@link tme.api.websub.Hub} takes {@code POST /websub}
 * and verifies intent off the request ({@link tme.api.websub.Verifier}); subscriptions, their cursors in the channels'
 * event logs and when each is due live in a {@link tme.api.websub.HubStore} (Redis for a fleet, memory for one
 * server); {@link tme.api.websub.HubWatch} listens to the subscribed channels' post events and makes their
 * subscriptions due, and keeps a copy of every subscription that {@link tme.api.websub.Restore} puts back when Redis
 * lost them; {@link tme.api.websub.Deliverer} claims due subscriptions (one server each) and makes each {@link
 * tme.api.websub.Delivery}: the posts after the cursors, signed, with backoff per subscriber. Every call to a callback
 * goes through {@link tme.api.websub.Callbacks}, over the one guarded door out ({@link
 * tme.api.outbound.GuardedClient}) on the public-address rule ({@link tme.api.outbound.PublicAddresses}).
 */
package tme.api.websub;
