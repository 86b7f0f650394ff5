/**
 * Keeping names warm ahead of readers, generic in what a name is: a schedule in Redis and workers that claim from it.
 *
 * <ul>
 *   <li>{@link tme.coalescing.refresh.Schedule}: readers {@code register} the names they ask for (a new one is due
 *       now; one nobody asks for during {@code REFRESH_IDLE} is dropped), loaders say when they {@code loaded}
 *       one, workers {@code claim} due names atomically (one Lua script, {@code tme.redis.ScheduleScripts}) and
 *       {@code finish} them. {@link tme.coalescing.refresh.Schedule#none()} for a server without Redis.</li>
 *   <li>{@link tme.coalescing.refresh.Refresher}: the worker loop on Vert.x timers, calling the caller's
 *       {@link tme.coalescing.refresh.Refresh} for each claimed name and rescheduling it by its
 *       {@link tme.coalescing.refresh.RefreshOutcome}: an interval after it was due, at upstream's time when throttled, with
 *       a bounded backoff when failing, dropped when gone. {@link tme.coalescing.refresh.RefresherVerticle} is
 *       the role to deploy.</li>
 * </ul>
 * A name loaded by anyone within the last half interval is not refreshed (the schedule's {@code loaded} hash);
 * a crashed worker's names come back when their claims lapse; a stopping worker hands its names back at once.
 * Nothing here knows t.me: the api registers channel names and implements {@code Refresh} with a background
 * load of the channel's latest page.
 */
package tme.coalescing.refresh;
