/**
 * The one guarded door out: every URL the server fetches on someone's behalf (media bytes now; WebSub callbacks
 * next) goes through {@link tme.api.outbound.GuardedClient}, which checks it against an {@link
 * tme.api.outbound.OutboundRule} (today {@link tme.api.outbound.HostAllowList}, {@code MEDIA_HOSTS}) before the
 * request and on every redirect, and bounds the connection's time and the body's size. Knows nothing of t.me's
 * pages or of the routes; depends only on Vert.x.
 */
package tme.api.outbound;
