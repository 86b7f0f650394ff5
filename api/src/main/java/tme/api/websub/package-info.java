/**
 * The WebSub hub (W3C WebSub, section 5 on) for the reader feeds: {@link tme.api.websub.Hub} takes {@code POST /websub}
 * and verifies intent off the request ({@link tme.api.websub.Verifier}); subscriptions live in a {@link
 * tme.api.websub.HubStore} (Redis for a fleet, memory for one server); {@link tme.api.websub.HubWatch} listens to the
 * subscribed channels' post events and queues one delivery per post and subscriber for the fleet; {@link
 * tme.api.websub.Deliverer} makes each (one server each, through the store's consumer group), signed, with retries.
 * Every call to a callback goes through {@link tme.api.websub.CallbackClient}, behind {@link
 * tme.api.websub.CallbackGuard}'s public-address rule.
 */
package tme.api.websub;
