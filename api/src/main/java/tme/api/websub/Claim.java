package tme.api.websub;

/**
 * One subscription this server is delivering now, until its lease ends: only the holder of {@code token} may send to
 * it and move its cursors.
 *
 * @param subscription the subscription, as stored
 * @param token        this claim's token (a newer claim, after the lease ran out, has another)
 * @param failingSince when its deliveries began to fail (epoch millis), or 0 when the last one succeeded
 * @param attempts     failed attempts since then
 * @param takenOver    whether this claim took over one whose lease ran out (its server died or lost Redis)
 */
record Claim(Subscription subscription, String token, long failingSince, int attempts, boolean takenOver) {

    /** {@code <since>:<attempts>}, or empty: how {@code failing} is stored. */
    static Claim of(Subscription subscription, String token, String failing, boolean takenOver) {
        if (failing == null || failing.isEmpty()) {
            return new Claim(subscription, token, 0, 0, takenOver);
        }
        int colon = failing.indexOf(':');
        return new Claim(subscription, token, Long.parseLong(failing.substring(0, colon)),
                Integer.parseInt(failing.substring(colon + 1)), takenOver);
    }

    String id() {
        return subscription.id();
    }
}
