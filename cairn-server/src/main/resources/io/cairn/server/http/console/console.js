// Cairn's web console: polls /console/api/stats once a second for the charts (uPlot), and reads
// keys, the slow log and the configuration from /console/api/*. Every value from the server is
// put into the page as text (textContent), never as markup.
'use strict';
(function () {
  const POINTS = 120; // two minutes of one-second samples
  const PERIOD = 1000;
  let token = sessionStorage.getItem('cairn-password') || '';
  let samples = 0;
  let previous = null;

  // ------------------------------------------------------------------ helpers

  function $(id) { return document.getElementById(id); }

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    if (cls) { e.className = cls; }
    return e;
  }

  function row(cells) {
    const tr = document.createElement('tr');
    for (const c of cells) {
      const td = document.createElement('td');
      if (c instanceof Node) { td.appendChild(c); } else { td.textContent = c === null || c === undefined ? '' : String(c); }
      tr.appendChild(td);
    }
    return tr;
  }

  function status(text, error) {
    const s = $('status');
    s.textContent = text;
    s.className = error ? 'error' : '';
  }

  function api(path) {
    const headers = token ? { Authorization: 'Bearer ' + token } : {};
    return fetch(path, { headers, cache: 'no-store' }).then(r => {
      if (r.status === 401) {
        $('login').hidden = false;
        throw new Error('password required');
      }
      return r.json().then(body => {
        if (!r.ok) { throw new Error(body && body.error ? body.error : r.statusText); }
        return body;
      });
    });
  }

  function bytes(n) {
    if (n < 1024) { return n + ' B'; }
    const units = ['KiB', 'MiB', 'GiB', 'TiB'];
    let u = -1;
    do { n /= 1024; u++; } while (n >= 1024 && u < units.length - 1);
    return n.toFixed(1) + ' ' + units[u];
  }

  function duration(seconds) {
    const d = Math.floor(seconds / 86400), h = Math.floor(seconds % 86400 / 3600);
    const m = Math.floor(seconds % 3600 / 60), s = Math.floor(seconds % 60);
    return (d ? d + 'd ' : '') + (d || h ? h + 'h ' : '') + (d || h || m ? m + 'm ' : '') + s + 's';
  }

  function ttl(ms) {
    if (ms === null) { return '—'; } // the user may not read it
    if (ms === -1) { return 'none'; }
    if (ms === -2) { return 'gone'; }
    return ms < 10000 ? ms + ' ms' : duration(ms / 1000);
  }

  // ------------------------------------------------------------------ charts

  const COLORS = ['#2f6fde', '#d9480f', '#2b8a3e', '#ae3ec9', '#e8590c', '#1098ad', '#5c940d', '#c2255c',
    '#364fc7', '#862e9c', '#a61e4d', '#087f5b', '#f08c00', '#495057'];

  // One chart: a time axis and named series, the last POINTS samples. Series may be added later
  // (a command family seen for the first time): the chart is then rebuilt with the history kept.
  class Chart {
    // scales: series name -> 'r' for the right-hand axis; range: that axis's fixed [min, max], if any
    constructor(id, names, scales, range) {
      this.box = $(id);
      this.range = range;
      this.names = [];
      this.scales = scales || {};
      this.data = [[]];
      this.plot = null;
      for (const n of names) { this.addSeries(n); }
    }

    addSeries(name) {
      if (this.names.includes(name)) { return false; }
      this.names.push(name);
      this.data.push(this.data[0].map(() => null));
      return true;
    }

    options() {
      const width = Math.max(300, this.box.clientWidth - 16);
      const series = [{}].concat(this.names.map((n, i) => ({
        label: n, stroke: COLORS[i % COLORS.length], width: 1.5, scale: this.scales[n] || 'y', spanGaps: true,
      })));
      const axes = [{}, { scale: 'y', size: 60 }];
      if (Object.values(this.scales).includes('r')) { axes.push({ scale: 'r', side: 1, grid: { show: false }, size: 50 }); }
      const scaleOpts = { x: { time: true } };
      if (this.range) { scaleOpts.r = { range: this.range }; }
      return { width, height: 200, series, axes, scales: scaleOpts, legend: { live: false } };
    }

    push(time, values) {
      let rebuilt = false;
      for (const n of Object.keys(values)) { rebuilt = this.addSeries(n) || rebuilt; }
      this.data[0].push(time);
      this.names.forEach((n, i) => this.data[i + 1].push(values[n] === undefined ? null : values[n]));
      if (this.data[0].length > POINTS) { this.data.forEach(a => a.shift()); }
      if (!this.plot || rebuilt) {
        if (this.plot) { this.plot.destroy(); }
        this.plot = new uPlot(this.options(), this.data, this.box);
      } else {
        this.plot.setData(this.data);
      }
    }

    resize() {
      if (this.plot) { this.plot.setSize({ width: Math.max(300, this.box.clientWidth - 16), height: 200 }); }
    }
  }

  let charts = null;

  function makeCharts() {
    charts = {
      ops: new Chart('chart-ops', []),
      latency: new Chart('chart-latency', ['p50', 'p99', 'p99.9']),
      memory: new Chart('chart-memory', ['data', 'heap used', 'resident']),
      clients: new Chart('chart-clients', ['connected', 'blocked']),
      fsync: new Chart('chart-fsync', ['mean fsync µs', 'fsyncs/s']),
      group: new Chart('chart-group', ['bytes/group', 'batches/group'], { 'batches/group': 'r' }),
      checkpoint: new Chart('chart-checkpoint', ['batches since', 'running'], { running: 'r' }, [0, 1]),
      search: new Chart('chart-search', ['merges/s']),
    };
    window.addEventListener('resize', () => Object.values(charts).forEach(c => c.resize()));
  }

  function rate(now, before, dt) {
    return before === undefined || now < before ? 0 : (now - before) / dt;
  }

  function plot(s) {
    const t = s.time / 1000;
    const p = previous;
    const dt = p ? Math.max(0.001, (s.time - p.time) / 1000) : 1;
    const ops = {};
    for (const [family, calls] of Object.entries(s.families)) {
      ops[family] = p ? rate(calls, p.families[family] || 0, dt) : 0;
    }
    charts.ops.push(t, ops);
    charts.latency.push(t, { p50: s.latency_us.p50, p99: s.latency_us.p99, 'p99.9': s.latency_us.p999 });
    charts.memory.push(t, { data: s.memory.used / 1048576, 'heap used': s.memory.heap / 1048576,
      resident: s.memory.rss / 1048576 });
    charts.clients.push(t, { connected: s.clients.connected, blocked: s.clients.blocked });
    const fsyncs = p ? s.wal.fsyncs - p.wal.fsyncs : 0;
    const groups = p ? s.wal.groups - p.wal.groups : 0;
    charts.fsync.push(t, {
      'mean fsync µs': fsyncs > 0 ? (s.wal.fsync_nanos - p.wal.fsync_nanos) / fsyncs / 1000 : null,
      'fsyncs/s': p ? Math.max(0, fsyncs) / dt : 0,
    });
    charts.group.push(t, {
      'bytes/group': groups > 0 ? (s.wal.bytes - p.wal.bytes) / groups : null,
      'batches/group': groups > 0 ? (s.wal.last_lsn - p.wal.last_lsn) / groups : null,
    });
    charts.checkpoint.push(t, { 'batches since': s.checkpoint.changes_since, running: s.checkpoint.running ? 1 : 0 });
    const search = {};
    let merges = 0;
    for (const i of s.search) {
      search['backlog ' + i.name] = i.backlog;
      const before = p && p.search.find(x => x.name === i.name);
      merges += before ? rate(i.merges, before.merges, dt) : 0;
    }
    search['merges/s'] = merges;
    charts.search.push(t, search);

    $('tile-uptime').textContent = duration(s.uptime);
    $('tile-ops').textContent = String(s.ops_per_sec);
    $('tile-keys').textContent = String(s.keys);
    $('tile-clients').textContent = String(s.clients.connected);
    $('tile-memory').textContent = bytes(s.memory.used);
    $('tile-wal').textContent = s.wal.mode + ', ' + bytes(s.wal.size);
    const cp = s.checkpoint;
    $('checkpoint-note').textContent = cp.last_time < 0 ? '(none yet)'
      : '(last ' + new Date(cp.last_time * 1000).toLocaleTimeString() + ', ' + cp.last_duration_ms + ' ms, '
        + cp.last_keys + ' keys' + (cp.failed ? ', last attempt failed' : '') + ')';
    previous = s;
    samples++;
    $('samples').textContent = String(samples);
    document.body.dataset.samples = String(samples);
  }

  function poll() {
    api('/console/api/stats')
      .then(s => { plot(s); status('live'); })
      .catch(e => status(e.message, true))
      .finally(() => setTimeout(poll, PERIOD));
  }

  // ------------------------------------------------------------------ keys

  let nextCursor = '0';

  function scanKeys(fresh) {
    const tbody = $('key-list').tBodies[0];
    if (fresh) { tbody.replaceChildren(); nextCursor = '0'; }
    const q = new URLSearchParams({
      match: $('key-match').value || '*', type: $('key-type').value, db: $('key-db').value || '0',
      cursor: nextCursor, count: '100',
    });
    return api('/console/api/keys?' + q.toString().replace(/\+/g, '%20')).then(page => {
      for (const k of page.keys) {
        const b = el('button', k.key, 'key');
        b.type = 'button';
        b.addEventListener('click', () => showKey(k.key));
        tbody.appendChild(row([b, k.type === null ? 'no access' : k.type, ttl(k.ttl)]));
      }
      nextCursor = page.cursor;
      $('key-more').hidden = nextCursor === '0';
      status(tbody.rows.length + ' keys listed');
    }).catch(e => status(e.message, true));
  }

  function pairsTable(heads, pairs) {
    const t = document.createElement('table');
    const tr = document.createElement('tr');
    for (const h of heads) { tr.appendChild(el('th', h)); }
    t.appendChild(el('thead')).appendChild(tr);
    const body = t.appendChild(el('tbody'));
    for (const p of pairs) { body.appendChild(row(p)); }
    return t;
  }

  function valueView(k) {
    switch (k.type) {
      case 'string': return el('pre', k.value);
      case 'ReJSON-RL': {
        let text = k.value;
        try { text = JSON.stringify(JSON.parse(k.value), null, 2); } catch (e) { /* shown as stored */ }
        return el('pre', text);
      }
      case 'list': return pairsTable(['#', 'element'], k.value.map((v, i) => [i, v]));
      case 'set': return pairsTable(['member'], k.value.map(v => [v]));
      case 'hash': return pairsTable(['field', 'value'], k.value);
      case 'zset': return pairsTable(['member', 'score'], k.value);
      case 'stream': return pairsTable(['id', 'fields'],
        k.value.map(e => [e.id, e.fields.map(f => f[0] + '=' + f[1]).join(' ')]));
      default: return el('pre', JSON.stringify(k.value));
    }
  }

  function showKey(key) {
    const view = $('key-view');
    const db = $('key-db').value || '0';
    return api('/console/api/key/' + encodeURIComponent(key) + '?db=' + encodeURIComponent(db)).then(k => {
      view.replaceChildren();
      view.appendChild(el('h2', k.key));
      const shown = Array.isArray(k.value) ? k.value.length : null;
      const meta = k.type + ' · TTL ' + ttl(k.ttl) + (k.size === null ? '' : ' · size ' + k.size)
        + (shown !== null && shown < k.size ? ' · first ' + shown + ' shown' : '');
      view.appendChild(el('p', meta, 'hint'));
      view.appendChild(valueView(k));
    }).catch(e => { view.replaceChildren(el('p', e.message, 'hint')); });
  }

  // ------------------------------------------------------------------ slow log and config

  function loadSlowlog() {
    return api('/console/api/slowlog').then(r => {
      const tbody = $('slowlog').tBodies[0];
      tbody.replaceChildren();
      for (const e of r.entries) {
        tbody.appendChild(row([e.id, new Date(e.time * 1000).toLocaleString(), e.micros, e.args.join(' '), e.client]));
      }
    }).catch(e => status(e.message, true));
  }

  let config = {};

  function renderConfig() {
    const filter = $('config-filter').value.toLowerCase();
    const tbody = $('config').tBodies[0];
    tbody.replaceChildren();
    for (const [name, value] of Object.entries(config)) {
      if (!filter || name.includes(filter)) { tbody.appendChild(row([name, value])); }
    }
  }

  function loadConfig() {
    return api('/console/api/config').then(r => { config = r.config; renderConfig(); })
      .catch(e => status(e.message, true));
  }

  // ------------------------------------------------------------------ wiring

  function showTab(name) {
    for (const b of document.querySelectorAll('nav button')) { b.classList.toggle('active', b.dataset.tab === name); }
    for (const s of document.querySelectorAll('.tab')) { s.hidden = s.id !== 'tab-' + name; }
    if (name === 'keys' && !$('key-list').tBodies[0].rows.length) { scanKeys(true); }
    if (name === 'slowlog') { loadSlowlog(); }
    if (name === 'config') { loadConfig(); }
    if (name === 'dashboard') { Object.values(charts).forEach(c => c.resize()); }
  }

  function start() {
    for (const b of document.querySelectorAll('nav button')) { b.addEventListener('click', () => showTab(b.dataset.tab)); }
    $('key-search').addEventListener('submit', e => { e.preventDefault(); scanKeys(true); });
    $('key-more').addEventListener('click', () => scanKeys(false));
    $('slowlog-refresh').addEventListener('click', loadSlowlog);
    $('config-filter').addEventListener('input', renderConfig);
    $('login-form').addEventListener('submit', e => {
      e.preventDefault();
      token = $('password').value;
      sessionStorage.setItem('cairn-password', token);
      $('login').hidden = true;
    });
    makeCharts();
    poll();
  }

  if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', start); } else { start(); }
})();
