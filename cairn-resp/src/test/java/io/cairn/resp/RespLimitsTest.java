package io.cairn.resp;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RespLimitsTest {

    @Test
    void defaultsMatchRedis() {
        assertThat(RespLimits.DEFAULT.maxBulkBytes()).isEqualTo(512 * 1024 * 1024);
        assertThat(RespLimits.DEFAULT.maxArgs()).isEqualTo(1_048_576);
        assertThat(RespLimits.DEFAULT.maxInlineBytes()).isEqualTo(64 * 1024);
    }

    @Test
    void nonPositiveLimitsAreRejected() {
        assertThatThrownBy(() -> RespLimits.DEFAULT.withMaxArgs(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxArgs: 0 (expected: > 0)");
        assertThatThrownBy(() -> RespLimits.DEFAULT.withMaxBulkBytes(-1))
                .hasMessage("maxBulkBytes: -1 (expected: > 0)");
        assertThatThrownBy(() -> RespLimits.DEFAULT.withMaxInlineBytes(0))
                .hasMessage("maxInlineBytes: 0 (expected: > 0)");
    }

    @Test
    void bulkLimitMustFitAJavaArray() {
        assertThatThrownBy(() -> RespLimits.DEFAULT.withMaxBulkBytes(Integer.MAX_VALUE))
                .hasMessage("maxBulkBytes: 2147483647 (expected: <= 2147483639)");
    }

    @Test
    void replyLimitsDefaultToRedissAndAreValidated() {
        assertThat(RespReplyLimits.DEFAULT.maxBulkBytes()).isEqualTo(512 * 1024 * 1024);
        assertThat(RespReplyLimits.DEFAULT.maxLineBytes()).isEqualTo(64 * 1024);
        assertThat(RespReplyLimits.DEFAULT.withMaxDepth(3).maxDepth()).isEqualTo(3);
        assertThatThrownBy(() -> RespReplyLimits.DEFAULT.withMaxAggregateLength(0))
                .hasMessage("maxAggregateLength: 0 (expected: > 0)");
        assertThatThrownBy(() -> RespReplyLimits.DEFAULT.withMaxDepth(2000))
                .hasMessage("maxDepth: 2000 (expected: 1 <= maxDepth <= 1024)");
        assertThatThrownBy(() -> RespReplyLimits.DEFAULT.withMaxBulkBytes(Integer.MAX_VALUE))
                .hasMessage("maxBulkBytes: 2147483647 (expected: 1 <= maxBulkBytes <= 2147483639)");
        assertThatThrownBy(() -> RespReplyLimits.DEFAULT.withMaxLineBytes(0))
                .hasMessage("maxLineBytes: 0 (expected: 1 <= maxLineBytes <= 2147483639)");
    }
}
