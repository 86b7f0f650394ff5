/**
 * Durable media links: {@code /v1/media/<channel>/<post>/<n>[/thumb]} and {@code /v1/media/<channel>/avatar} follow
 * t.me's expiring CDN URLs. {@link tme.api.media.MediaService} reads the URL from the stored post (or latest page)
 * that {@code /v1/post} (or {@code /v1/body}) answers, reloads that entry through the usual path (gate, single-flight,
 * lease) once the URL is older than {@code MEDIA_URL_TTL} or the CDN refused it, and checks every URL against
 * {@code MEDIA_HOSTS}; {@link tme.api.media.MediaStreams} fetches the bytes through the one guarded door out
 * ({@link tme.api.outbound.GuardedClient}) for {@code MEDIA_MODE=stream}. The REST handler lives with the others in
 * {@code tme.api.http}.
 */
package tme.api.media;
