package tme.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ThreadsAtWorkTest {

    @Test
    void aThreadHeldOnALockIsNamed_anIdleOneIsNot() throws Exception {
        Object lock = new Object();
        LinkedBlockingQueue<String> work = new LinkedBlockingQueue<>();
        Thread idle = Thread.ofPlatform().name("test-idle").start(() -> {
            try {
                work.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        CountDownLatch trying = new CountDownLatch(1);
        Thread held;
        synchronized (lock) {
            held = Thread.ofPlatform().name("test-held").start(() -> {
                trying.countDown();
                synchronized (lock) {
                    work.offer("done");
                }
            });
            assertTrue(trying.await(10, TimeUnit.SECONDS));
            awaitState(held, Thread.State.BLOCKED);
            awaitState(idle, Thread.State.WAITING);
            String summary = ThreadsAtWork.summary();
            assertTrue(summary.contains("test-held BLOCKED at ThreadsAtWorkTest.lambda"), summary);
            assertFalse(summary.contains("test-idle"), summary);
        }
        held.join(10_000);
        idle.join(10_000);
        assertFalse(idle.isAlive());
    }

    private static void awaitState(Thread thread, Thread.State state) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (thread.getState() != state && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertTrue(thread.getState() == state, thread.getName() + " " + thread.getState());
    }
}
