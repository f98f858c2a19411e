package io.cairn.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How many event loops {@code io-threads} gives. */
class EventLoopsTest {
    @Test
    void automaticIsOnePerTwoCoresAndNeverNone() {
        assertEquals(1, CairnServer.eventLoops(0, 1));
        assertEquals(1, CairnServer.eventLoops(0, 2));
        assertEquals(1, CairnServer.eventLoops(0, 3));
        assertEquals(2, CairnServer.eventLoops(0, 4));
        assertEquals(8, CairnServer.eventLoops(0, 16));
    }

    @Test
    void aSettingWins() {
        assertEquals(2, CairnServer.eventLoops(2, 2));
        assertEquals(1, CairnServer.eventLoops(1, 16));
    }
}
