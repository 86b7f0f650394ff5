package tme.api.websub;

/**
 * One delivery to make: post {@code post} of {@code channel} to subscription {@code subscription}.
 *
 * @param id           its position in the deliveries stream (what the consumer group acknowledges)
 * @param queuedAt     when it was queued (epoch millis): retries end {@code WEBSUB_RETRY_FOR} after it
 */
record Job(String id, String subscription, String channel, long post, long queuedAt) {}
