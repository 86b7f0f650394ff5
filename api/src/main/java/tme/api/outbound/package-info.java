/**
 * The one guarded door out: every URL the server fetches or calls on someone's behalf (media bytes, WebSub
 * callbacks) goes through {@link tme.api.outbound.GuardedClient}, which checks it against an {@link
 * tme.api.outbound.OutboundRule} before the request and on every redirect it follows, and bounds the connection's
 * time and the body's size. Two rules: {@link tme.api.outbound.HostAllowList} ({@code MEDIA_HOSTS}) and {@link
 * tme.api.outbound.PublicAddresses} (callbacks: resolved on our own {@link tme.api.outbound.Resolver}, every address
 * public, connected to as checked, no redirects). Knows nothing of t.me's pages or of the routes; depends only on
 * Vert.x.
 */
package tme.api.outbound;
