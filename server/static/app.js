// The page of `cqlvm serve`: editor, run with progress, results table,
// board. Everything heavy (compiling, searching, SAN, FEN, the board's
// SVG) is done by the server; this script only shows it.
'use strict';

const $ = (id) => document.getElementById(id);
const state = {
  run: null, status: null, poll: null,
  sort: 'rank', order: 'asc', offset: 0, limit: 100, total: 0, sortKeys: [],
  game: null, cur: 0,
};

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  const resp = await fetch('api/' + path, opts);
  const data = await resp.json();
  return { ok: resp.ok, status: resp.status, data };
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') e.className = v; else if (k.startsWith('on')) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// ---- editor ----

function queryRequest() {
  return { query: $('query').value, dialect: $('dialect').value, variations: $('variations').checked };
}

function showErrors(errors) {
  const box = $('errors');
  box.replaceChildren();
  box.hidden = !errors || errors.length === 0;
  for (const e of errors || []) {
    // the message wraps; the source line and its caret keep their columns
    const [message, ...snippet] = e.pretty.split('\n');
    box.append(el('div', { class: 'err', title: 'select it in the query', onclick: () => selectError(e) },
      el('div', { class: 'msg' }, message), el('pre', {}, snippet.join('\n'))));
  }
}

// selectError selects the span of an error in the editor.
function selectError(e) {
  const ta = $('query');
  const offset = (line, col) => {
    const lines = ta.value.split('\n');
    let off = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) off += lines[i].length + 1;
    return off + col - 1;
  };
  ta.focus();
  ta.setSelectionRange(offset(e.line, e.col), offset(e.endLine, e.endCol));
}

let checkTimer = null;
let checkSeq = 0;
function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(checkQuery, 300);
}

async function checkQuery() {
  const seq = ++checkSeq;
  const st = $('check-status');
  if ($('query').value.trim() === '') { st.textContent = ''; showErrors([]); return; }
  const r = await api('POST', 'check', queryRequest());
  if (seq !== checkSeq) return; // the text changed meanwhile
  st.className = r.ok ? 'ok' : '';
  st.textContent = r.ok ? `ok (${r.data.instructions} instructions)` : r.data.error;
  showErrors(r.data.errors);
}

// ---- run and progress ----

async function startRun() {
  const r = await api('POST', 'run', queryRequest());
  if (!r.ok) {
    $('check-status').className = '';
    $('check-status').textContent = r.data.error;
    showErrors(r.data.errors);
    return;
  }
  showErrors([]);
  state.run = r.data.run;
  state.offset = 0;
  state.status = null;
  $('cancel').disabled = false;
  clearTimeout(state.poll);
  pollProgress();
}

async function cancelRun() {
  await api('POST', 'cancel');
}

function seconds(ms) {
  return ms < 0 ? '?' : (ms / 1000).toFixed(ms < 10000 ? 1 : 0) + ' s';
}

async function pollProgress() {
  const run = state.run;
  const r = await api('GET', 'progress?run=' + run);
  if (run !== state.run) return; // a newer run took over
  if (!r.ok) { $('progress-text').textContent = r.data.error; return; }
  const s = r.data;
  const bar = $('progress-bar');
  if (s.totalBytes > 0) { bar.max = s.totalBytes; bar.value = s.state === 'running' ? s.bytesRead : s.totalBytes; }
  let text = `${s.games} games, ${s.matches} matches, ${seconds(s.elapsedMs)}`;
  if (s.state === 'running') text += `, ETA ${seconds(s.etaMs)}`; else text += ` — ${s.state}`;
  if (s.stopping) text += ' — stopping';
  if (s.capped) text += ` (only the first ${s.kept} matched games are kept)`;
  if (s.error) text += `: ${s.error}`;
  if (s.warning) text += ` (warning: ${s.warning})`;
  $('progress-text').textContent = text;
  await loadResults();
  state.status = s; // after the results, which then match it
  if (s.state === 'running') {
    state.poll = setTimeout(pollProgress, 250);
  } else {
    $('cancel').disabled = true;
  }
}

// ---- results ----

const columns = [
  ['rank', '#'], ['game', 'Game'], ['white', 'White'], ['black', 'Black'],
  ['event', 'Event'], ['year', 'Year'], ['result', 'Result'], ['matches', 'Matches'],
];

async function loadResults() {
  const q = `results?run=${state.run}&offset=${state.offset}&limit=${state.limit}&sort=${state.sort}&order=${state.order}`;
  const r = await api('GET', q);
  if (!r.ok) return;
  state.total = r.data.total;
  if (r.data.rows.length > 0 && r.data.rows[0].sort) state.sortKeys = r.data.rows[0].sort.map((s) => s.key);
  renderHead();
  const body = $('results').tBodies[0];
  body.replaceChildren(...r.data.rows.map(renderRow));
  const last = Math.min(state.offset + state.limit, state.total);
  $('page-info').textContent = state.total ? `${state.offset + 1}–${last} of ${state.total}` : 'none';
  $('results-count').textContent = `(${state.total})`;
  $('prev-page').disabled = state.offset === 0;
  $('next-page').disabled = last >= state.total;
}

function renderHead() {
  const cols = columns.concat(state.sortKeys.map((k, i) => ['sort' + i, k]));
  const row = $('results').tHead.rows[0];
  row.replaceChildren(...cols.map(([key, label]) => {
    const th = el('th', { 'data-key': key, onclick: () => sortBy(key) }, label);
    if (key === state.sort) th.className = 'sorted' + (state.order === 'desc' ? ' desc' : '');
    return th;
  }));
}

function renderRow(row) {
  const cells = [row.rank, row.game, row.white, row.black, row.event, row.year, row.result, row.matches];
  for (let i = 0; i < state.sortKeys.length; i++) cells.push(row.sort && row.sort[i] ? row.sort[i].value : '');
  const tr = el('tr', { 'data-game': row.game, onclick: () => openGame(row.game) }, ...cells.map((c) => el('td', {}, String(c))));
  if (state.game && state.game.number === row.game) tr.className = 'open';
  return tr;
}

function sortBy(key) {
  state.order = state.sort === key && state.order === 'asc' ? 'desc' : 'asc';
  state.sort = key;
  state.offset = 0;
  loadResults();
}

function page(delta) {
  state.offset = Math.max(0, Math.min(state.offset + delta * state.limit, state.total - 1));
  loadResults();
}

// ---- board ----

async function openGame(n) {
  const r = await api('GET', `game?run=${state.run}&n=${n}`);
  if (!r.ok) { $('game-title').textContent = r.data.error; return; }
  state.game = r.data;
  const tag = (name) => (state.game.tags.find((t) => t.Name === name) || { Value: '?' }).Value;
  $('game-title').textContent = `Game ${n}: ${tag('White')} – ${tag('Black')}, ${tag('Event')} ${tag('Date')}, ${tag('Result')}`;
  for (const tr of $('results').tBodies[0].rows) tr.className = tr.dataset.game === String(n) ? 'open' : '';
  renderMoves();
  const messages = state.game.messages || [];
  $('messages').hidden = messages.length === 0;
  $('messages').textContent = messages.join('\n');
  goTo(0);
}

function moveLabel(node, force) {
  if (node.white) return node.moveNumber + '.' + node.san;
  return (force ? node.moveNumber + '...' : '') + node.san;
}

// renderMoves writes the move list: the mainline, variations in
// parentheses, comments beside their moves, matched positions marked.
function renderMoves() {
  const nodes = state.game.nodes;
  const box = $('moves');
  box.replaceChildren();
  const comments = (list) => (list || []).map((c) => el('span', { class: 'comment' }, ' ' + c + ' '));
  const move = (id, force, into) => {
    const n = nodes[id];
    into.append(...comments(n.pre));
    into.append(el('span', { class: 'mv' + (n.matched ? ' matched' : ''), 'data-node': id, onclick: () => goTo(id) }, moveLabel(n, force)), ' ');
    into.append(...comments(n.comments));
  };
  const line = (from, force, into) => {
    let id = from;
    while (nodes[id].children && nodes[id].children.length) {
      const [main, ...vars] = nodes[id].children;
      move(main, force, into);
      force = false;
      for (const v of vars) {
        const span = el('span', { class: 'var' }, '( ');
        move(v, true, span);
        line(v, false, span);
        span.append(') ');
        into.append(span);
        force = true;
      }
      id = main;
    }
  };
  box.append(...comments(nodes[0].comments));
  if (nodes[0].matched) box.append(el('span', { class: 'mv matched', 'data-node': 0, onclick: () => goTo(0) }, '(start)'), ' ');
  line(0, true, box);
  if (state.game.result) box.append(state.game.result);
}

function goTo(id) {
  const g = state.game;
  if (!g || id < 0 || id >= g.nodes.length) return;
  state.cur = id;
  const fen = g.nodes[id].fen;
  const board = $('board');
  const n = g.nodes[id];
  board.src = 'api/diagram.svg?fen=' + encodeURIComponent(fen) + (n.from ? `&mark=${n.from},${n.to}` : '');
  board.dataset.fen = fen;
  board.dataset.node = id;
  $('fen').textContent = fen + (g.nodes[id].matched ? '  (matched)' : '');
  for (const m of $('moves').querySelectorAll('.mv.current')) m.classList.remove('current');
  const cur = $('moves').querySelector(`.mv[data-node="${id}"]`);
  if (cur) { cur.classList.add('current'); cur.scrollIntoView({ block: 'nearest' }); }
}

function step(key) {
  const g = state.game;
  if (!g) return false;
  const n = g.nodes[state.cur];
  const matched = [...g.matched].sort((a, b) => a - b);
  switch (key) {
    case 'ArrowRight': if (n.children && n.children.length) goTo(n.children[0]); break;
    case 'ArrowLeft': if (n.parent >= 0) goTo(n.parent); break;
    case 'ArrowDown': { const m = matched.find((x) => x > state.cur); if (m !== undefined) goTo(m); break; }
    case 'ArrowUp': { const m = matched.filter((x) => x < state.cur).pop(); if (m !== undefined) goTo(m); break; }
    case 'Home': goTo(0); break;
    case 'End': { let id = state.cur; while (g.nodes[id].children && g.nodes[id].children.length) id = g.nodes[id].children[0]; goTo(id); break; }
    default: return false;
  }
  return true;
}

// ---- help ----

let helpEntries = [];
async function loadHelp() {
  const r = await api('GET', 'help');
  helpEntries = r.data.filters.concat(r.data.old);
  renderHelp();
}

function renderHelp() {
  const q = $('help-search').value.trim().toLowerCase();
  // entries whose name holds the words first, then those whose meaning does
  const byName = helpEntries.filter((h) => !q || h.name.toLowerCase().includes(q));
  const byMeaning = q ? helpEntries.filter((h) => !h.name.toLowerCase().includes(q) && h.meaning.toLowerCase().includes(q)) : [];
  const shown = byName.concat(byMeaning).slice(0, 200);
  $('help-list').replaceChildren(...shown.flatMap((h) => [el('dt', {}, h.syntax), el('dd', {}, helpText(h))]));
}

// helpText is an entry's meaning and, when it has them (`cqlvm help
// NAME`'s long help), what it returns and its example on the games it is
// counted on (sample.pgn, or the annotated sample for eval and clock).
function helpText(h) {
  if (!h.example) return h.meaning;
  const input = (h.exampleInput || 'sample.pgn').replace(/^testdata\//, '');
  const example = h.unsupported ? ' Not supported by cqlvm yet.'
    : ` Example: ${h.example} (${h.exampleMatches || 0} games of ${input}).`;
  return `${h.meaning}. Returns ${h.returns}.${example}`;
}

// ---- wiring ----

async function init() {
  const info = await api('GET', 'info');
  $('inputs').textContent = 'searching ' + info.data.inputs.join(', ');
  $('query').addEventListener('input', scheduleCheck);
  $('dialect').addEventListener('change', scheduleCheck);
  $('query').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); startRun(); }
  });
  $('run').addEventListener('click', startRun);
  $('cancel').addEventListener('click', cancelRun);
  $('prev-page').addEventListener('click', () => page(-1));
  $('next-page').addEventListener('click', () => page(1));
  $('help-search').addEventListener('input', renderHelp);
  const keys = { first: 'Home', back: 'ArrowLeft', fwd: 'ArrowRight', last: 'End', 'prev-match': 'ArrowUp', 'next-match': 'ArrowDown' };
  for (const [id, key] of Object.entries(keys)) $(id).addEventListener('click', () => step(key));
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof Element && e.target.matches('textarea, input, select')) return;
    if (step(e.key)) e.preventDefault();
  });
  renderHead();
  loadHelp();
  const params = new URLSearchParams(location.search);
  if (params.has('selftest')) selftest(params);
}

// ---- the browser test's script (make browser-test) ----
// ?selftest=1&bad=QUERY&q=QUERY[&stop=editor|results] types the bad
// query and waits for its error, types the good one, runs it, opens the
// first result and steps to its first match with the Down arrow key, then
// writes what it saw into #selftest-result as JSON.

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function waitFor(cond, what) {
  for (let i = 0; i < 600; i++) {
    if (cond()) return;
    await sleep(50);
  }
  throw new Error('timed out waiting for ' + what);
}

async function typeText(text) {
  const ta = $('query');
  ta.focus();
  ta.value = '';
  for (const ch of text) {
    ta.value += ch;
    ta.dispatchEvent(new Event('input', { bubbles: true }));
  }
  await sleep(350); // the check is debounced
}

async function selftest(params) {
  const out = {};
  const stop = params.get('stop');
  try {
    await typeText(params.get('bad'));
    await waitFor(() => !$('errors').hidden, 'the error message');
    out.errorText = $('errors').textContent;
    $('help').open = true; // the help at hand beside the error, for the picture
    $('help-search').value = 'pin';
    renderHelp();
    if (stop !== 'editor') {
      await typeText(params.get('q'));
      await waitFor(() => $('check-status').className === 'ok', 'the query to check');
      $('run').click();
      await waitFor(() => state.status && state.status.state !== 'running', 'the run to end');
      await waitFor(() => $('results').tBodies[0].rows.length > 0, 'the results');
      out.progress = $('progress-text').textContent;
      out.rows = $('results').tBodies[0].rows.length;
      out.total = state.total;
    }
    if (stop !== 'editor' && stop !== 'results') {
      $('results').tBodies[0].rows[0].click();
      await waitFor(() => state.game, 'the game');
      $('moves').focus();
      $('moves').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
      await waitFor(() => $('board').complete && $('board').naturalWidth > 0, 'the board');
      out.game = state.game.number;
      out.node = Number($('board').dataset.node);
      out.fen = $('board').dataset.fen;
      out.matched = !!state.game.nodes[out.node].matched;
      out.boardWidth = $('board').naturalWidth;
    }
  } catch (e) {
    out.error = String(e);
  }
  document.body.append(el('pre', { id: 'selftest-result', hidden: '' }, JSON.stringify(out)));
  document.title = 'selftest done';
}

init();
