/**
 * Jepsen-style histories and their checkers, for fault-injection tests of a replicated Cairn:
 * {@link io.cairn.testkit.history.History} records each client op ({@link io.cairn.testkit.history.Op})
 * as an invocation and an ok, fail or info completion; {@link io.cairn.testkit.history.LinearizabilityChecker}
 * searches each key for a linearization against a {@link io.cairn.testkit.history.Model}
 * ({@link io.cairn.testkit.history.RegisterModel}, {@link io.cairn.testkit.history.CounterModel}) within a
 * budget; {@link io.cairn.testkit.history.SetCompletenessChecker} finds lost and phantom set elements.
 * Pure Java, no Cairn dependency; test-only.
 */
package io.cairn.testkit.history;
