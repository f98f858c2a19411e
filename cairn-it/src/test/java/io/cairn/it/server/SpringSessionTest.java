package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.RedisTemplate;
import org.springframework.data.redis.listener.PatternTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;
import org.springframework.data.redis.serializer.StringRedisSerializer;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.Session;
import org.springframework.session.SessionRepository;
import org.springframework.session.data.redis.RedisIndexedSessionRepository;
import org.springframework.session.data.redis.RedisSessionRepository;
import org.springframework.session.data.redis.config.ConfigureNotifyKeyspaceEventsAction;
import org.springframework.session.events.SessionCreatedEvent;
import org.springframework.session.events.SessionDeletedEvent;
import org.springframework.session.events.SessionExpiredEvent;
import redis.clients.jedis.Jedis;

/**
 * Spring Session's Redis repositories on Spring Data Redis over Lettuce, unchanged, as a Spring Boot
 * application with {@code @EnableRedisIndexedHttpSession} wires them: the keyspace-events setting it
 * configures, its hashes, principal index sets and expiry keys, and the created, deleted and expired
 * events it learns of through pub/sub and keyspace notifications.
 */
class SpringSessionTest {
    @TempDir
    Path dir;
    TestServer server;
    LettuceConnectionFactory factory;
    RedisTemplate<String, Object> template;
    RedisMessageListenerContainer container;

    @BeforeEach
    void start() {
        server = TestServer.start(dir, "none");
        factory = new LettuceConnectionFactory(new RedisStandaloneConfiguration("127.0.0.1", server.port()));
        factory.afterPropertiesSet();
        factory.start();
        template = new RedisTemplate<>();
        template.setConnectionFactory(factory);
        template.setKeySerializer(new StringRedisSerializer());
        template.setHashKeySerializer(new StringRedisSerializer());
        template.afterPropertiesSet();
    }

    @AfterEach
    void stop() throws Exception {
        if (container != null) {
            container.destroy();
        }
        if (factory != null) {
            factory.destroy();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void indexedSessionsAndTheirEvents() throws Exception {
        try (RedisConnection c = factory.getConnection()) {
            new ConfigureNotifyKeyspaceEventsAction().configure(c);
            String events = c.serverCommands().getConfig("notify-keyspace-events").getProperty("notify-keyspace-events");
            assertThat(events).contains("E").contains("g").contains("x");
        }
        RedisIndexedSessionRepository repo = new RedisIndexedSessionRepository(template);
        BlockingQueue<Object> heard = new LinkedBlockingQueue<>();
        repo.setApplicationEventPublisher(heard::add);
        container = new RedisMessageListenerContainer();
        container.setConnectionFactory(factory);
        container.addMessageListener(repo, List.of(new PatternTopic("__keyevent@*:del"),
                new PatternTopic("__keyevent@*:expired"), new PatternTopic(repo.getSessionCreatedChannelPrefix() + "*")));
        container.afterPropertiesSet();
        container.start();
        awaitPatterns(3);

        var session = repo.createSession();
        session.setAttribute("cart", "3 items");
        session.setAttribute(FindByIndexNameSessionRepository.PRINCIPAL_NAME_INDEX_NAME, "alice");
        repo.save(session);
        Object created = next(heard);
        assertThat(created).isInstanceOf(SessionCreatedEvent.class);
        assertThat(((SessionCreatedEvent) created).getSessionId()).isEqualTo(session.getId());

        var found = repo.findById(session.getId());
        assertThat(found).isNotNull();
        assertThat((String) found.getAttribute("cart")).isEqualTo("3 items");
        assertThat(repo.findByPrincipalName("alice")).containsOnlyKeys(session.getId());
        assertThat(template.getExpire("spring:session:sessions:" + session.getId())).isPositive();

        // A session that outlives its inactive interval expires through the expiry key's notification.
        var brief = repo.createSession();
        brief.setMaxInactiveInterval(Duration.ofSeconds(1));
        repo.save(brief);
        assertThat(next(heard)).isInstanceOf(SessionCreatedEvent.class);
        Object expired = next(heard);
        assertThat(expired).isInstanceOf(SessionExpiredEvent.class);
        assertThat(((SessionExpiredEvent) expired).getSessionId()).isEqualTo(brief.getId());
        assertThat(repo.findById(brief.getId())).isNull();

        repo.deleteById(session.getId());
        Object deleted = next(heard);
        assertThat(deleted).isInstanceOf(SessionDeletedEvent.class);
        assertThat(((SessionDeletedEvent) deleted).getSessionId()).isEqualTo(session.getId());
        assertThat(repo.findById(session.getId())).isNull();
        assertThat(repo.findByPrincipalName("alice")).isEmpty();
    }

    @Test
    void plainSessionsSaveChangesAndExpire() {
        RedisSessionRepository repo = new RedisSessionRepository(template);
        repo.setDefaultMaxInactiveInterval(Duration.ofMinutes(30));
        saveChangeAndDelete(repo);
    }

    /** Typed by the repository: its session class is not public. */
    private <S extends Session> void saveChangeAndDelete(SessionRepository<S> repo) {
        S session = repo.createSession();
        session.setAttribute("visits", 1);
        repo.save(session);
        S again = repo.findById(session.getId());
        assertThat((Integer) again.getAttribute("visits")).isEqualTo(1);
        again.setAttribute("visits", 2);
        repo.save(again);
        assertThat((Integer) repo.findById(session.getId()).getAttribute("visits")).isEqualTo(2);
        String key = "spring:session:sessions:" + session.getId();
        assertThat(template.getExpire(key, TimeUnit.SECONDS)).isBetween(1L, 1800L);
        repo.deleteById(session.getId());
        assertThat(repo.findById(session.getId())).isNull();
        assertThat(template.hasKey(key)).isFalse();
    }

    private void awaitPatterns(long patterns) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        try (Jedis jedis = new Jedis("127.0.0.1", server.port())) {
            while (jedis.pubsubNumPat() < patterns) {
                assertThat(System.nanoTime()).as("the listener container subscribed within 30 s").isLessThan(deadline);
                Thread.onSpinWait();
            }
        }
    }

    private static Object next(BlockingQueue<Object> q) throws InterruptedException {
        Object event = q.poll(30, TimeUnit.SECONDS);
        assertThat(event).as("an event within 30 s").isNotNull();
        return event;
    }
}
