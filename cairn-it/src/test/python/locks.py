"""Distributed locks on the server at 127.0.0.1:PORT, under contention from two processes:
redis-py's Lock (SET NX PX plus its Lua scripts to release, extend and reacquire) and a
redlock-style lock written as applications write it (SET NX PX, a compare-and-delete and a
compare-and-pexpire script).

    python3 locks.py PORT N      runs two contender processes of N rounds each, then checks that
                                 no two ever held a lock at once and that no update was lost;
                                 prints "RESULT {json}" (exit 0) or "FAILED reason" (exit 1)
    python3 locks.py PORT N contend NAME     one contender (what the first form starts)
"""
import json
import subprocess
import sys
import time
import uuid

from redis import Redis
from redis.exceptions import LockError, LockNotOwnedError

RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"
EXTEND = ("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) "
          "else return 0 end")


def critical(r, counter, holders):
    """A read-modify-write that loses updates unless the caller holds the lock."""
    if r.incr(holders) != 1:
        raise AssertionError(f"two holders at once in {holders}")
    value = int(r.get(counter) or 0)
    time.sleep(0.001)
    r.set(counter, value + 1)
    r.decr(holders)


def contend(port, rounds, name):
    r = Redis(host="127.0.0.1", port=port)
    release, extend = r.register_script(RELEASE), r.register_script(EXTEND)
    extended = 0
    for _ in range(rounds):
        lock = r.lock("locks:py", timeout=5, blocking_timeout=20, sleep=0.002)
        if not lock.acquire():
            raise AssertionError("redis-py lock not acquired in 20 s")
        critical(r, "locks:py:counter", "locks:py:holders")
        before = r.pttl("locks:py")
        if lock.extend(2):  # adds 2 s to what is left
            extended += 1
        after = r.pttl("locks:py")
        if not (0 < before <= 5000 and before + 1000 < after <= 7000):
            raise AssertionError(f"lock's pttl went from {before} to {after} when extended by 2 s")
        lock.release()

        token = f"{name}:{uuid.uuid4()}"
        deadline = time.monotonic() + 20
        while not r.set("locks:lua", token, nx=True, px=3000):
            if time.monotonic() > deadline:
                raise AssertionError("redlock-style lock not acquired in 20 s")
            time.sleep(0.002)
        critical(r, "locks:lua:counter", "locks:lua:holders")
        if extend(keys=["locks:lua"], args=[token, 5000]) != 1 or not 3000 < r.pttl("locks:lua") <= 5000:
            raise AssertionError("redlock-style extend by the owner failed")
        if release(keys=["locks:lua"], args=["not-" + token]) != 0:
            raise AssertionError("redlock-style release by a non-owner deleted the lock")
        if release(keys=["locks:lua"], args=[token]) != 1:
            raise AssertionError("redlock-style release by the owner failed")
    return extended


def main(port, rounds):
    r = Redis(host="127.0.0.1", port=port)
    r.delete("locks:py", "locks:py:counter", "locks:py:holders", "locks:lua", "locks:lua:counter", "locks:lua:holders")
    started = time.monotonic()
    procs = [subprocess.Popen([sys.executable, __file__, str(port), str(rounds), "contend", name],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) for name in ("a", "b")]
    outs = [p.communicate(timeout=50)[0] for p in procs]
    for p, out in zip(procs, outs):
        if p.returncode != 0:
            raise AssertionError(f"contender exited {p.returncode}: {out[-2000:]}")
    # Ownership and expiry: a lock not released expires; only its owner may release it.
    held = r.lock("locks:expiring", timeout=1)
    if not held.acquire(blocking=False):
        raise AssertionError("uncontended lock not acquired")
    if r.lock("locks:expiring", timeout=5).acquire(blocking=False):
        raise AssertionError("held lock acquired twice")
    second = r.lock("locks:expiring", timeout=5)
    if not second.acquire(blocking_timeout=5):
        raise AssertionError("expired lock not acquired again")
    try:
        held.release()
        raise AssertionError("a lock released by its former owner after it expired")
    except LockNotOwnedError:
        pass
    second.release()
    try:
        second.release()
        raise AssertionError("a lock released twice")
    except LockError:
        pass
    return {"rounds": rounds, "contenders": 2, "pyCounter": int(r.get("locks:py:counter")),
            "luaCounter": int(r.get("locks:lua:counter")), "extended": sum(int(o.split()[-1]) for o in outs),
            "left": r.exists("locks:py", "locks:lua", "locks:expiring"), "seconds": round(time.monotonic() - started, 3)}


if __name__ == "__main__":
    try:
        if len(sys.argv) > 3 and sys.argv[3] == "contend":
            print("EXTENDED", contend(int(sys.argv[1]), int(sys.argv[2]), sys.argv[4]), flush=True)
        else:
            print("RESULT " + json.dumps(main(int(sys.argv[1]), int(sys.argv[2]))), flush=True)
    except Exception as e:  # noqa: BLE001 - the test reads the reason
        print(f"FAILED {type(e).__name__}: {e}", flush=True)
        sys.exit(1)
