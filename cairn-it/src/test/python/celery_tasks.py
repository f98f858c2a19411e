"""Celery tasks on the Redis broker and result backend at 127.0.0.1:$CAIRN_PORT (databases 0 and 1).

Worker:   python3 -m celery -A celery_tasks worker --pool=threads -c 4 ...
Producer: python3 celery_tasks.py N   sends N tasks, a group, a chain, a chord, a task with a
          countdown and one that is retried, checks every result,
          prints "RESULT {json}" (exit 0) or "FAILED reason" (exit 1).
"""
import json
import os
import sys
import time

from celery import Celery, chain, chord, group

PORT = int(os.environ["CAIRN_PORT"])
app = Celery("celery_tasks", broker=f"redis://127.0.0.1:{PORT}/0", backend=f"redis://127.0.0.1:{PORT}/1")
app.conf.update(task_serializer="json", result_serializer="json", accept_content=["json"],
                broker_connection_retry_on_startup=True, result_expires=600)


@app.task
def add(x, y):
    return x + y


@app.task
def total(values):
    return sum(values)


@app.task(bind=True, max_retries=2, default_retry_delay=0.2)
def flaky(self, x):
    if self.request.retries == 0:
        raise self.retry(exc=RuntimeError("first attempt fails on purpose"))
    return x * 10


def produce(n):
    started = time.monotonic()
    pending = [add.delay(i, i) for i in range(n)]
    sums = [r.get(timeout=30) for r in pending]
    if sums != [2 * i for i in range(n)]:
        raise AssertionError(f"add results were {sums}")
    grouped = group(add.s(i, 1) for i in range(10))().get(timeout=30)
    chained = chain(add.s(1, 2), add.s(3), add.s(4))().get(timeout=30)
    chorded = chord(add.s(i, i) for i in range(20))(total.s()).get(timeout=30)
    delayed = add.apply_async((20, 22), countdown=0.5)
    delayed_value = delayed.get(timeout=30)
    retried = flaky.delay(7)
    retried_value = retried.get(timeout=30)
    return {"tasks": n, "sumsOk": True, "group": grouped, "chain": chained, "chord": chorded, "countdown": delayed_value,
            "retried": retried_value, "retriedState": retried.state,
            "seconds": round(time.monotonic() - started, 3)}


if __name__ == "__main__":
    try:
        print("RESULT " + json.dumps(produce(int(sys.argv[1]))), flush=True)
    except Exception as e:  # noqa: BLE001 - the test reads the reason
        print(f"FAILED {type(e).__name__}: {e}", flush=True)
        sys.exit(1)
