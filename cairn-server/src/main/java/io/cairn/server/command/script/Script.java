package io.cairn.server.command.script;

import org.luaj.vm2.Prototype;

/**
 * A compiled script: its SHA1 (of the body as sent, shebang included, as Redis names it), its Lua
 * prototype and the flags of its {@code #!lua} line. Immutable; a prototype is never run directly
 * but through a closure made for each call.
 */
record Script(String sha, Prototype prototype, ScriptFlags flags) {
}
