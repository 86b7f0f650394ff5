package tme.api.service;

/** What a service gives a handler: rendered JSON bytes, or a {@link Problem}. */
public sealed interface Answer {

    record Json(byte[] bytes) implements Answer {}

    record Failure(Problem problem) implements Answer {}

    static Answer json(byte[] bytes) {
        return new Json(bytes);
    }

    static Answer failure(Problem problem) {
        return new Failure(problem);
    }
}
