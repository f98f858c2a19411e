// BullMQ, unchanged, on the server at 127.0.0.1:PORT: a Queue, a Worker and QueueEvents.
//   node bullmq-check.js PORT check        200 jobs (some delayed, one failing once and retried);
//                                          checks every result and the 'completed' events
//   node bullmq-check.js PORT features     priorities (added while paused), a rate limiter, a flow
//                                          (a parent summing its children's values) and a job
//                                          scheduler repeating every 200 ms
//   node bullmq-check.js PORT bench N C    N jobs enqueued in bulk, a worker of concurrency C;
//                                          jobs/s from the first add to the last completion
// Prints one line "RESULT {json}" and exits 0, or prints "FAILED reason" and exits 1.
'use strict';
const { Queue, Worker, QueueEvents, FlowProducer } = require('bullmq');

const port = Number(process.argv[2]);
const mode = process.argv[3] || 'check';
const connection = { host: '127.0.0.1', port, maxRetriesPerRequest: null };

function fail(reason) {
  console.log('FAILED ' + reason);
  process.exit(1);
}

function deadline(ms, what) {
  return setTimeout(() => fail('timed out after ' + ms + ' ms waiting for ' + what), ms).unref();
}

async function check() {
  const name = 'cairn-check';
  const total = 200;
  const queue = new Queue(name, { connection });
  await queue.obliterate({ force: true });
  const events = new QueueEvents(name, { connection });
  await events.waitUntilReady();

  const eventIds = new Set();
  const eventValues = new Map();
  let failedEvents = 0;
  events.on('completed', ({ jobId, returnvalue }) => {
    eventIds.add(jobId);
    eventValues.set(jobId, returnvalue);
  });
  events.on('failed', () => { failedEvents++; });

  let attemptsOfFlaky = 0;
  const done = new Map();
  let allDone;
  const finished = new Promise((resolve) => { allDone = resolve; });
  const worker = new Worker(name, async (job) => {
    if (job.name === 'flaky') {
      attemptsOfFlaky++;
      if (job.attemptsMade === 0) throw new Error('first attempt fails on purpose');
    }
    return { square: job.data.n * job.data.n, delayed: job.opts.delay > 0 };
  }, { connection, concurrency: 8 });
  worker.on('completed', (job, value) => {
    done.set(job.id, value);
    if (done.size === total) allDone();
  });
  worker.on('error', (e) => fail('worker error: ' + e.message));
  await worker.waitUntilReady();

  const started = Date.now();
  const bulk = [];
  for (let n = 0; n < total - 11; n++) bulk.push({ name: 'square', data: { n }, opts: { jobId: 'sq-' + n } });
  await queue.addBulk(bulk);
  for (let n = total - 11; n < total - 1; n++) {
    await queue.add('square', { n }, { jobId: 'sq-' + n, delay: 300 + 20 * (n % 5) });
  }
  await queue.add('flaky', { n: total - 1 }, { jobId: 'flaky', attempts: 2, backoff: { type: 'fixed', delay: 100 } });
  const timer = deadline(40000, total + ' completions (have ' + done.size + ')');
  await finished;
  // The QueueEvents stream lags the worker a little: wait for its last events too.
  while (eventIds.size < total) await new Promise((r) => setTimeout(r, 20));
  clearTimeout(timer);
  const elapsedMs = Date.now() - started;

  for (let n = 0; n < total; n++) {
    const id = n === total - 1 ? 'flaky' : 'sq-' + n;
    const v = done.get(id);
    if (!v || v.square !== n * n) fail('job ' + id + ' returned ' + JSON.stringify(v));
    const ev = eventValues.get(id);
    const fromEvent = typeof ev === 'string' ? JSON.parse(ev) : ev;
    if (!fromEvent || fromEvent.square !== n * n) fail('completed event of ' + id + ' carried ' + JSON.stringify(ev));
  }
  const delayedDone = [...done.values()].filter((v) => v.delayed).length;
  const flaky = await queue.getJob('flaky');
  const counts = await queue.getJobCounts('completed', 'failed', 'delayed', 'wait', 'active');
  const sq0 = await queue.getJob('sq-0');
  const summary = {
    mode, completed: done.size, completedEvents: eventIds.size, failedEvents, delayedDone,
    flakyAttempts: attemptsOfFlaky, flakyAttemptsMade: flaky.attemptsMade, flakyState: await flaky.getState(),
    sq0ReturnValue: sq0.returnvalue, counts, elapsedMs,
  };
  await worker.close();
  await events.close();
  await queue.obliterate({ force: true });
  await queue.close();
  console.log('RESULT ' + JSON.stringify(summary));
}

async function waitFor(condition, ms, what) {
  const timer = deadline(ms, what);
  while (!condition()) await new Promise((r) => setTimeout(r, 10));
  clearTimeout(timer);
}

async function features() {
  const name = 'cairn-features';
  const queue = new Queue(name, { connection });
  await queue.obliterate({ force: true });
  await queue.pause();
  for (const [priority, jobName] of [[5, 'low'], [1, 'high'], [3, 'mid']]) await queue.add(jobName, {}, { priority });
  const order = [];
  let ticks = 0;
  const worker = new Worker(name, async (job) => {
    if (job.name === 'parent') return Object.values(await job.getChildrenValues()).reduce((a, b) => a + b, 0);
    if (job.name === 'child') return job.data.v;
    if (job.name === 'tick') return ++ticks;
    order.push(job.name);
    return job.name;
  }, { connection, concurrency: 1, limiter: { max: 50, duration: 1000 } });
  worker.on('error', (e) => fail('worker error: ' + e.message));
  await worker.waitUntilReady();
  await queue.resume();
  await waitFor(() => order.length === 3, 10000, 'the prioritized jobs');

  const events = new QueueEvents(name, { connection });
  await events.waitUntilReady();
  const flow = new FlowProducer({ connection });
  const tree = await flow.add({
    name: 'parent', queueName: name,
    children: [1, 2, 3].map((v) => ({ name: 'child', queueName: name, data: { v } })),
  });
  const parentValue = await tree.job.waitUntilFinished(events, 10000);

  await queue.upsertJobScheduler('ticker', { every: 200 }, { name: 'tick' });
  await waitFor(() => ticks >= 3, 10000, 'three ticks of the job scheduler (have ' + ticks + ')');
  const schedulers = (await queue.getJobSchedulers()).map((s) => s.key);
  await queue.removeJobScheduler('ticker');
  const summary = {
    mode, order, parentValue, ticks: ticks >= 3, schedulers,
    schedulersAfterRemove: (await queue.getJobSchedulers()).length,
    workers: (await queue.getWorkers()).length, failed: await queue.getFailedCount(),
  };
  await worker.close();
  await events.close();
  await flow.close();
  await queue.obliterate({ force: true });
  await queue.close();
  console.log('RESULT ' + JSON.stringify(summary));
}

async function bench(total, concurrency) {
  const name = 'cairn-bench';
  const queue = new Queue(name, { connection, defaultJobOptions: { removeOnComplete: true } });
  await queue.obliterate({ force: true });
  let completed = 0;
  let allDone;
  const finished = new Promise((resolve) => { allDone = resolve; });
  const worker = new Worker(name, async (job) => job.data.n + 1, { connection, concurrency, autorun: false });
  worker.on('completed', () => { if (++completed === total) allDone(); });
  worker.on('error', (e) => fail('worker error: ' + e.message));
  await worker.waitUntilReady();
  const started = process.hrtime.bigint();
  worker.run();
  for (let i = 0; i < total; i += 500) {
    const bulk = [];
    for (let n = i; n < Math.min(total, i + 500); n++) bulk.push({ name: 'inc', data: { n } });
    await queue.addBulk(bulk);
  }
  const timer = deadline(300000, total + ' completions (have ' + completed + ')');
  await finished;
  clearTimeout(timer);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  console.log('RESULT ' + JSON.stringify({ mode, jobs: total, concurrency, seconds, jobsPerSecond: Math.round(total / seconds) }));
}

const run = mode === 'bench' ? bench(Number(process.argv[4] || 10000), Number(process.argv[5] || 50))
  : mode === 'features' ? features() : check();
run.then(() => process.exit(0), (e) => fail((e && e.stack) || String(e)));
