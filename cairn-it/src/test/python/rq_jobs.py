"""RQ on the server at 127.0.0.1:PORT: enqueues jobs (some failing, one retried, one scheduled
with a dependency), runs `rq worker --burst` to drain the queue, then checks every job's status
and result.

    python3 rq_jobs.py PORT N     prints "RESULT {json}" (exit 0) or "FAILED reason" (exit 1)

Jobs name their functions as "rq_jobs.<name>": the worker imports this file as a module.
"""
import json
import os
import subprocess
import sys
import time

from redis import Redis
from rq import Queue, Retry
from rq.job import Job
from rq.registry import FailedJobRegistry, FinishedJobRegistry

ATTEMPTS_KEY = "rq-check:attempts"


def square(n):
    return n * n


def broken(n):
    raise ValueError(f"job {n} fails on purpose")


def flaky(port):
    """Fails on its first run only, counting runs in the server itself."""
    if Redis(host="127.0.0.1", port=port).incr(ATTEMPTS_KEY) == 1:
        raise RuntimeError("first attempt fails on purpose")
    return "ok after retry"


def total(*job_ids):
    conn = Redis(host="127.0.0.1", port=int(os.environ["RQ_CHECK_PORT"]))
    return sum(Job.fetch(j, connection=conn).result for j in job_ids)


def main(port, n):
    conn = Redis(host="127.0.0.1", port=port)
    conn.delete(ATTEMPTS_KEY)
    q = Queue("rq-check", connection=conn)
    q.empty()
    started = time.monotonic()
    squares = [q.enqueue("rq_jobs.square", i, job_id=f"sq-{i}") for i in range(n)]
    broken_jobs = [q.enqueue("rq_jobs.broken", i, job_id=f"broken-{i}") for i in range(3)]
    retried = q.enqueue("rq_jobs.flaky", port, job_id="flaky", retry=Retry(max=2))
    summed = q.enqueue("rq_jobs.total", "sq-1", "sq-2", "sq-3", job_id="total", depends_on=squares[:4])
    if q.count != n + 4:
        raise AssertionError(f"queue holds {q.count} jobs, expected {n + 4}")
    env = dict(os.environ, RQ_CHECK_PORT=str(port), PYTHONPATH=os.path.dirname(os.path.abspath(__file__)))
    worker = subprocess.run([sys.executable, "-m", "rq.cli", "worker", "--burst", "--url", f"redis://127.0.0.1:{port}/0",
                             "--path", os.path.dirname(os.path.abspath(__file__)), "rq-check"],
                            env=env, capture_output=True, text=True, timeout=45)
    if worker.returncode != 0:
        raise AssertionError(f"rq worker exited {worker.returncode}: {worker.stdout[-2000:]}{worker.stderr[-2000:]}")
    for i, job in enumerate(squares):
        job.refresh()
        if job.get_status() != "finished" or job.result != i * i:
            raise AssertionError(f"job sq-{i} is {job.get_status()} with result {job.result!r}")
    for job in broken_jobs:
        job.refresh()
        if job.get_status() != "failed" or "fails on purpose" not in (job.exc_info or ""):
            raise AssertionError(f"job {job.id} is {job.get_status()}: {job.exc_info!r}")
    retried.refresh()
    summed.refresh()
    failed_ids = sorted(FailedJobRegistry(queue=q).get_job_ids())
    summary = {"squares": n, "finished": len(FinishedJobRegistry(queue=q).get_job_ids()),
               "failed": failed_ids, "retried": [retried.get_status(), retried.result],
               "attempts": int(conn.get(ATTEMPTS_KEY)), "dependent": [summed.get_status(), summed.result],
               "left": q.count, "seconds": round(time.monotonic() - started, 3)}
    q.empty()
    return summary


if __name__ == "__main__":
    try:
        print("RESULT " + json.dumps(main(int(sys.argv[1]), int(sys.argv[2]))), flush=True)
    except Exception as e:  # noqa: BLE001 - the test reads the reason
        print(f"FAILED {type(e).__name__}: {e}", flush=True)
        sys.exit(1)
