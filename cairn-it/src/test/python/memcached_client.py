"""pymemcache (Debian's python3-pymemcache), unchanged, against Cairn's memcached port.

Usage: memcached_client.py PORT. Checks every reply itself and ends with one line
RESULT <json>, or FAILED <reason> and exit 1.
"""
import json
import sys

from pymemcache.client.base import Client
from pymemcache import serde


def check(what, got, want):
    if got != want:
        print("FAILED %s: got %r, want %r" % (what, got, want))
        sys.exit(1)


def main():
    port = int(sys.argv[1])
    c = Client(("127.0.0.1", port), serde=serde.pickle_serde, connect_timeout=10, timeout=30)
    check("flush_all", c.flush_all(noreply=False), True)
    check("set", c.set("s", "text", noreply=False), True)
    check("get", c.get("s"), "text")
    check("set int (flags carry the type)", c.set("i", 42, noreply=False), True)
    check("get int", c.get("i"), 42)
    check("set dict", c.set("d", {"a": [1, 2]}, noreply=False), True)
    check("get dict", c.get("d"), {"a": [1, 2]})
    check("binary", c.set("b", b"\x00\r\n\xff", noreply=False), True)
    check("get binary", c.get("b"), b"\x00\r\n\xff")
    check("add existing", c.add("s", "x", noreply=False), False)
    check("add new", c.add("new", "x", noreply=False), True)
    check("replace", c.replace("new", "y", noreply=False), True)
    check("replace missing", c.replace("missing", "y", noreply=False), False)
    check("get_many", c.get_many(["s", "new", "missing"]), {"s": "text", "new": "y"})
    raw = Client(("127.0.0.1", port), connect_timeout=10, timeout=30)
    check("raw set", raw.set("r", b"ab", noreply=False), True)
    check("append", raw.append("r", b"cd", noreply=False), True)
    check("prepend", raw.prepend("r", b"<", noreply=False), True)
    check("appended", raw.get("r"), b"<abcd")
    value, cas = raw.gets("r")
    check("gets", value, b"<abcd")
    check("cas wins", raw.cas("r", b"new", cas, noreply=False), True)
    check("cas loses", raw.cas("r", b"newer", cas, noreply=False), False)
    check("cas missing", raw.cas("missing", b"x", cas, noreply=False), None)
    check("set counter", raw.set("n", b"10", noreply=False), True)
    check("incr", raw.incr("n", 5, noreply=False), 15)
    check("decr floors at 0", raw.decr("n", 100, noreply=False), 0)
    check("incr missing", raw.incr("nope", 1, noreply=False), None)
    check("touch", raw.touch("n", 100, noreply=False), True)
    check("touch missing", raw.touch("nope", 100, noreply=False), False)
    check("delete", raw.delete("n", noreply=False), True)
    check("delete missing", raw.delete("n", noreply=False), False)
    for i in range(200):  # noreply pipeline, pymemcache's default
        raw.set("k%d" % i, b"v%d" % i)
    many = raw.get_many(["k%d" % i for i in range(200)])
    check("noreply sets", len(many), 200)
    check("noreply value", many["k199"], b"v199")
    stats = raw.stats()
    check("stats curr_items", stats[b"curr_items"] >= 200, True)
    version = raw.version()
    check("version", version.startswith(b"1.6"), True)
    print("RESULT " + json.dumps({"ok": True, "items": stats[b"curr_items"]}))


if __name__ == "__main__":
    main()
