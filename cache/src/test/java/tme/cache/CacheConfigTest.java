package tme.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CacheConfigTest {

    @Test
    void defaults_matchTheIssue() {
        CacheConfig config = CacheConfig.defaults();

        assertEquals(256L * 1024 * 1024, config.memoryMaxBytes());
        assertEquals(Duration.ofSeconds(10), config.l1MaxTtl());
        assertEquals(Optional.empty(), config.redisUrl());
        assertEquals(Duration.ofMillis(500), config.redisTimeout());
        assertEquals(32, config.redisPoolSize());
        assertEquals(3, config.breakerErrors());
        assertEquals(Duration.ofSeconds(10), config.breakerWindow());
        assertEquals(Duration.ofSeconds(30), config.breakerOpenFor());
    }

    @Test
    void invalidValues_areRejectedWithTheVariableName() {
        CacheConfig defaults = CacheConfig.defaults();

        assertEquals("REDIS_TIMEOUT must be positive: PT0S", assertThrows(IllegalArgumentException.class,
                () -> defaults.withRedisTimeout(Duration.ZERO)).getMessage());
        assertEquals("MEMORY_CACHE_MAX_TTL must be positive: PT-1S", assertThrows(IllegalArgumentException.class,
                () -> defaults.withL1MaxTtl(Duration.ofSeconds(-1))).getMessage());
        assertEquals("MEMORY_CACHE_MAX_MB must be positive: 0 bytes", assertThrows(IllegalArgumentException.class,
                () -> defaults.withMemoryMaxMb(0)).getMessage());
        assertEquals("REDIS_URL must start with redis://, rediss:// or unix://: localhost:6379",
                assertThrows(IllegalArgumentException.class, () -> defaults.withRedis("localhost:6379")).getMessage());
    }
}
