/**
 * Test support other modules use through cairn-resp's test jar: {@code ScriptedRespServer}, a
 * stand-in server for RESP clients' tests. A package of its own, so the test jar on another
 * module's class path splits no package of the {@code io.cairn.resp} module.
 */
package io.cairn.resp.testing;
