// The page of `cqlvm serve`: editor, run with progress, results table,
// board, position editor, example library and filter reference. The
// compiling, searching, SAN and FEN are done by the server; this script
// shows them (the board is drawn by board.js).
'use strict';

const $ = (id) => document.getElementById(id);
const state = {
  run: null, status: null, poll: null,
  sort: 'rank', order: 'asc', offset: 0, limit: 100, total: 0, sortKeys: [],
  game: null, cur: 0, flip: false,
};

// api calls the server; a failure is { ok: false, data: { error } }
// whatever the server sent (a proxy's HTML page, no answer at all).
async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  let resp;
  try {
    resp = await fetch('api/' + path, opts);
  } catch (e) {
    return { ok: false, status: 0, data: { error: 'the server does not answer: ' + e.message } };
  }
  let data;
  try {
    data = await resp.json();
  } catch (e) {
    data = { error: `the server answered ${resp.status} ${resp.statusText}` };
  }
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

// notify shows a short message in the header for a few seconds.
let noticeTimer = null;
function notify(text, isError) {
  const n = $('notice');
  n.textContent = text;
  n.className = isError ? 'error' : '';
  n.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { n.hidden = true; }, isError ? 8000 : 3000);
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

// setQuery puts a query in the editor (from the library or the position
// editor) and checks it.
function setQuery(text) {
  $('query').value = text;
  checkQuery();
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
  state.sortKeys = [];
  if (state.sort.startsWith('sort')) { state.sort = 'rank'; state.order = 'asc'; }
  $('cancel').disabled = false;
  clearTimeout(state.poll);
  pollProgress();
}

async function cancelRun() {
  const r = await api('POST', 'cancel');
  if (!r.ok) notify(r.data.error, true);
}

function seconds(ms) {
  return ms < 0 ? '?' : (ms / 1000).toFixed(ms < 10000 ? 1 : 0) + ' s';
}

async function pollProgress() {
  const run = state.run;
  const r = await api('GET', 'progress?run=' + run);
  if (run !== state.run) return; // a newer run took over
  if (!r.ok) { $('progress-text').textContent = r.data.error; $('cancel').disabled = true; return; }
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

// download fetches a download and saves it, or says why there is none:
// never a page of raw JSON.
async function download(e) {
  e.preventDefault();
  const a = e.currentTarget;
  if (!state.run) { notify('Run a query first: the downloads are its matched games.', true); return; }
  let resp;
  try { resp = await fetch(a.getAttribute('href') + '&run=' + state.run); } catch (err) { notify('the server does not answer', true); return; }
  if (!resp.ok) {
    let msg = `the server answered ${resp.status}`;
    try { msg = (await resp.json()).error; } catch (err) { /* not JSON */ }
    notify(msg, true);
    return;
  }
  const blob = await resp.blob();
  const name = (resp.headers.get('Content-Disposition') || '').split('filename=')[1] || 'cqlvm-matches';
  const link = el('a', { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  if (resp.headers.get('X-Cqlvm-Capped')) notify(resp.headers.get('X-Cqlvm-Capped'));
}

// ---- results ----

// columns of the table after the sort keys: [key, label, numeric, row field]
const columns = [
  ['white', 'White', false], ['whiteElo', 'Elo', true], ['black', 'Black', false], ['blackElo', 'Elo', true],
  ['result', 'Result', false], ['date', 'Date', false], ['event', 'Event', false],
  ['eco', 'ECO', false], ['opening', 'Opening', false], ['matches', 'Matches', true],
];

async function loadResults() {
  const q = `results?run=${state.run}&offset=${state.offset}&limit=${state.limit}&sort=${state.sort}&order=${state.order}`;
  const r = await api('GET', q);
  if (!r.ok) { notify(r.data.error, true); return; }
  state.total = r.data.total;
  if (r.data.rows.length > 0 && r.data.rows[0].sort) state.sortKeys = r.data.rows[0].sort.map((s) => s.key);
  renderHead();
  const body = $('results').tBodies[0];
  body.replaceChildren(...r.data.rows.map(renderRow));
  $('results-empty').hidden = state.total > 0;
  $('results-empty').textContent = state.status && state.status.state !== 'running' ? 'No game matched.' : 'searching…';
  const last = Math.min(state.offset + state.limit, state.total);
  $('page-info').textContent = state.total ? `${state.offset + 1}–${last} of ${state.total}` : 'none';
  $('results-count').textContent = `(${state.total})`;
  $('prev-page').disabled = state.offset === 0;
  $('next-page').disabled = last >= state.total;
}

// headColumns: #, the game number, the sort keys (the point of a sorted
// query, so first), then the game's header.
function headColumns() {
  return [['rank', '#', true], ['game', 'Game', true]]
    .concat(state.sortKeys.map((k, i) => ['sort' + i, k, true, 'sortkey']))
    .concat(columns);
}

function renderHead() {
  const row = $('results').tHead.rows[0];
  row.replaceChildren(...headColumns().map(([key, label, , cls]) => {
    const th = el('th', { 'data-key': key, onclick: () => sortBy(key), title: 'sort by ' + label }, label);
    th.className = (cls || '') + (key === state.sort ? ' sorted' + (state.order === 'desc' ? ' desc' : '') : '');
    return th;
  }));
}

function renderRow(row) {
  const cells = headColumns().map(([key, , numeric, cls]) => {
    let v = key.startsWith('sort') ? (row.sort && row.sort[+key.slice(4)] ? row.sort[+key.slice(4)].value : '') : row[key];
    if (v === undefined || v === null || v === '?') v = '';
    const td = el('td', { class: (numeric ? 'num ' : '') + (cls || '') }, String(v));
    if (String(v).length > 18) td.title = String(v);
    return td;
  });
  const tr = el('tr', { 'data-game': row.game, onclick: () => openGame(row.game) }, ...cells);
  if (state.game && state.game.number === row.game) tr.className = 'open';
  return tr;
}

function sortBy(key) {
  state.order = state.sort === key && state.order === 'asc' ? 'desc' : 'asc';
  state.sort = key;
  state.offset = 0;
  if (state.run) loadResults(); else renderHead();
}

function page(delta) {
  state.offset = Math.max(0, Math.min(state.offset + delta * state.limit, state.total - 1));
  loadResults();
}

// ---- board ----

const tagOf = (name) => {
  const t = state.game && state.game.tags.find((x) => x.Name === name);
  return t && t.Value !== '?' ? t.Value : '';
};

async function openGame(n) {
  const r = await api('GET', `game?run=${state.run}&n=${n}`);
  if (!r.ok) { notify(r.data.error, true); return; }
  state.game = r.data;
  const player = (color) => tagOf(color) + (tagOf(color + 'Elo') ? ` (${tagOf(color + 'Elo')})` : '');
  $('game-title').textContent = `${player('White')} – ${player('Black')}  ${tagOf('Result') || state.game.result}`;
  $('game-title').title = $('game-title').textContent;
  const place = [tagOf('Event'), tagOf('Site'), tagOf('Date'), tagOf('Round') && 'round ' + tagOf('Round'),
    [tagOf('ECO'), tagOf('Opening')].filter(Boolean).join(' ')].filter(Boolean);
  $('game-sub').textContent = `Game ${n}` + (place.length ? ': ' + place.join(', ') : '');
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

// analysisURL is the user's analysis board for a FEN: Lichess's by
// default; {fen} is the FEN with its spaces as underscores, {rawfen}
// the FEN URL-encoded.
function analysisURL(fen) {
  const template = localStorage.getItem('cqlvm.analysis') || 'https://lichess.org/analysis/{fen}';
  return template.replace('{fen}', fen.replace(/ /g, '_')).replace('{rawfen}', encodeURIComponent(fen));
}

function drawGameBoard() {
  const g = state.game;
  const n = g ? g.nodes[state.cur] : null;
  const fen = n ? n.fen : 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  Board.draw($('board'), { fen, flip: state.flip, lastMove: n && n.from ? [n.from, n.to] : [], squares: n && n.squares ? n.squares : [] });
  const board = $('board');
  board.dataset.fen = fen;
  board.dataset.node = n ? state.cur : '';
  const white = fen.split(' ')[1] === 'w';
  $('to-move').textContent = white ? 'White to move' : 'Black to move';
  $('to-move').className = white ? 'white' : 'black';
  $('analyse').href = analysisURL(fen);
  $('fen').textContent = fen + (n && n.matched ? '  (matched' + (n.squares ? ': ' + n.squares.join(' ') : '') + ')' : '');
}

function goTo(id) {
  const g = state.game;
  if (!g || id < 0 || id >= g.nodes.length) return;
  state.cur = id;
  drawGameBoard();
  for (const m of $('moves').querySelectorAll('.mv.current')) m.classList.remove('current');
  const cur = $('moves').querySelector(`.mv[data-node="${id}"]`);
  if (cur) { cur.classList.add('current'); cur.scrollIntoView({ block: 'nearest' }); }
}

function step(key) {
  if (key === 'f') { state.flip = !state.flip; drawGameBoard(); return true; }
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

async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    // no clipboard API (a page not served from localhost or https)
    const ta = el('textarea', {}, text);
    document.body.append(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    if (!ok) { notify('the browser would not copy the ' + what, true); return; }
  }
  notify(what + ' copied');
}

// ---- the position editor ----

const setup = { cells: Board.placement('8/8/8/8/8/8/8/8'), piece: 'K' };

function drawSetup() {
  Board.draw($('setup-board'), { fen: Board.toFEN(setup.cells), onSquare: setupSquare });
}

// setupSquare places the chosen piece, takes away the piece clicked, or
// moves a dragged one.
function setupSquare(name, how) {
  const i = Board.squareIndex(name);
  if (how.dragFrom) {
    const j = Board.squareIndex(how.dragFrom);
    if (setup.cells[j]) { setup.cells[i] = setup.cells[j]; setup.cells[j] = ''; }
  } else {
    setup.cells[i] = setup.cells[i] === setup.piece ? '' : setup.piece;
  }
  drawSetup();
  $('setup-fen').value = setupFEN();
}

function setupFEN() {
  return Board.toFEN(setup.cells) + ' ' + ($('setup-side').value || 'w') + ' - - 0 1';
}

function loadSetup(fen) {
  const cells = Board.placement(fen);
  if (!cells) { notify('not a FEN: ' + fen, true); return false; }
  setup.cells = cells;
  const side = String(fen).trim().split(/\s+/)[1];
  if (side === 'w' || side === 'b') $('setup-side').value = side;
  drawSetup();
  $('setup-fen').value = setupFEN();
  return true;
}

// positionQuery writes the CQL of a search for the editor's position:
// exact (these pieces and no others), pieces (these pieces on these
// squares, the rest anything), or pattern (the pieces shifted anywhere,
// for either colour).
function positionQuery(kind) {
  const pieces = [];
  for (let i = 0; i < 64; i++) if (setup.cells[i]) pieces.push(setup.cells[i] + Board.squareName(i));
  if (pieces.length === 0) return null;
  const side = $('setup-side').value;
  const tomove = side === 'w' ? ' wtm' : side === 'b' ? ' btm' : '';
  const list = pieces.join(' ');
  switch (kind) {
    case 'exact':
      return `// exactly this position: these ${pieces.length} pieces and no others\ncql()\n${list}\n#[Aa] == ${pieces.length}${tomove}\n`;
    case 'pieces':
      return `// these pieces on these squares, anything else anywhere\ncql()\n${list}${tomove}\n`;
    default:
      return `// this pattern anywhere on the board, for either colour\ncql()\nflipcolor shift {${list}${tomove}}\n`;
  }
}

function positionSearch(kind) {
  const text = positionQuery(kind);
  if (!text) { notify('Place some pieces first.', true); return; }
  setQuery(text);
  startRun();
}

function renderPalette() {
  const box = $('palette');
  box.replaceChildren(...'KkQqRrBbNnPp'.split('').map((p) => el('button', {
    class: (p === p.toUpperCase() ? 'w' : 'b') + (p === setup.piece ? ' active' : ''), 'data-piece': p,
    title: (p === p.toUpperCase() ? 'white ' : 'black ') + { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' }[p.toLowerCase()],
    onclick: () => { setup.piece = p; renderPalette(); },
  }, Board.GLYPH[p.toLowerCase()])));
}

// ---- the example library ----

let examples = [];
async function loadExamples() {
  const r = await api('GET', 'examples');
  if (!r.ok) { notify(r.data.error, true); return; }
  examples = r.data.examples;
  renderExamples();
}

function renderExamples() {
  const q = $('example-search').value.trim().toLowerCase();
  const shown = examples.filter((e) => !q || (e.name + ' ' + e.about).toLowerCase().includes(q));
  $('example-list').replaceChildren(...shown.map((e) => el('li', { 'data-example': e.name },
    el('button', { onclick: () => { setQuery(e.query); startRun(); }, title: 'load it into the editor and run it' }, 'Run'),
    el('button', { onclick: () => setQuery(e.query), title: 'load it into the editor' }, 'Load'),
    el('b', {}, e.name), el('div', { class: 'about' }, e.about), el('div', { class: 'count' }, e.counts.join('; ')))));
}

// ---- the filter reference ----

let helpEntries = [];
async function loadHelp() {
  const r = await api('GET', 'help');
  if (!r.ok) { notify(r.data.error, true); return; }
  helpEntries = r.data.filters.concat(r.data.old.map((h) => ({ ...h, group: 'CQL 3 / CQL-S' })));
  renderHelp();
}

// helpRank orders an entry for a search: its name the word itself, then
// a name holding the word whole (pin in "pin through"), a name starting
// with it, the word whole in its group or meaning, and only then the word
// inside another (pin in "grouping"). -1: no match.
function helpRank(h, q) {
  if (!q) return 0;
  const name = h.name.toLowerCase();
  const text = `${h.group || ''} ${h.meaning || ''} ${h.details || ''}`.toLowerCase();
  const whole = new RegExp('(^|[^a-z0-9])' + q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '($|[^a-z0-9])');
  if (name === q) return 0;
  if (whole.test(name)) return 1;
  if (name.startsWith(q)) return 2;
  if (whole.test(text)) return 3;
  if (name.includes(q)) return 4;
  if (text.includes(q)) return 5;
  return -1;
}

function renderHelp() {
  const q = $('help-search').value.trim().toLowerCase();
  const shown = helpEntries.map((h) => [helpRank(h, q), h]).filter(([r]) => r >= 0)
    .sort((a, b) => a[0] - b[0]).slice(0, 120).map(([, h]) => h);
  $('help-list').replaceChildren(...shown.flatMap((h) => [
    el('dt', { 'data-name': h.name }, h.syntax, h.group ? el('span', { class: 'group' }, h.group) : null),
    el('dd', {}, ...helpText(h))]));
}

// helpText is an entry's meaning and, when it has them (`cqlvm help
// NAME`'s long help), what it returns and its example on the games it is
// counted on (sample.pgn, or the annotated sample for eval and clock).
function helpText(h) {
  const out = [h.meaning + '.'];
  if (h.returns) out.push(` Returns ${h.returns}.`);
  if (h.details) out.push(' ' + h.details);
  if (h.unsupported) out.push(' Not supported by cqlvm yet.');
  else if (h.example) {
    const input = (h.exampleInput || 'sample.pgn').replace(/^testdata\//, '');
    out.push(' Example: ', el('code', { title: 'load it into the editor', style: 'cursor:pointer', onclick: () => setQuery('cql()\n' + h.example + '\n') }, h.example),
      ` (${h.exampleMatches || 0} games of ${input}).`);
  }
  if (h.related && h.related.length) out.push(` See also ${h.related.join(', ')}.`);
  return out;
}

// ---- wiring ----

function showTab(name) {
  for (const b of document.querySelectorAll('.tabs button')) b.classList.toggle('active', b.dataset.tab === name);
  for (const t of document.querySelectorAll('.tab')) t.hidden = t.id !== 'tab-' + name;
}

async function init() {
  const info = await api('GET', 'info');
  $('inputs').textContent = info.ok ? 'searching ' + info.data.inputs.join(', ') : info.data.error;
  $('query').addEventListener('input', scheduleCheck);
  $('dialect').addEventListener('change', scheduleCheck);
  $('query').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); startRun(); }
  });
  $('run').addEventListener('click', startRun);
  $('cancel').addEventListener('click', cancelRun);
  $('prev-page').addEventListener('click', () => page(-1));
  $('next-page').addEventListener('click', () => page(1));
  for (const id of ['dl-pgn', 'dl-jsonl', 'dl-html']) $(id).addEventListener('click', download);
  $('help-search').addEventListener('input', renderHelp);
  $('example-search').addEventListener('input', renderExamples);
  for (const b of document.querySelectorAll('.tabs button')) b.addEventListener('click', () => showTab(b.dataset.tab));
  const keys = { first: 'Home', back: 'ArrowLeft', fwd: 'ArrowRight', last: 'End', 'prev-match': 'ArrowUp', 'next-match': 'ArrowDown', flip: 'f' };
  for (const [id, key] of Object.entries(keys)) $(id).addEventListener('click', () => step(key));
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof Element && e.target.matches('textarea, input, select')) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (step(e.key)) e.preventDefault();
  });
  $('copy-fen').addEventListener('click', () => copyText($('board').dataset.fen, 'FEN'));
  $('copy-pgn').addEventListener('click', () => {
    if (!state.game) { notify('Open a game first.', true); return; }
    copyText(state.game.pgn, 'PGN of game ' + state.game.number);
  });
  $('analyse-url').addEventListener('click', () => {
    const cur = localStorage.getItem('cqlvm.analysis') || 'https://lichess.org/analysis/{fen}';
    const v = prompt('Analysis board URL ({fen}: the FEN with _ for spaces, {rawfen}: URL-encoded)', cur);
    if (v !== null) { localStorage.setItem('cqlvm.analysis', v.trim() || 'https://lichess.org/analysis/{fen}'); drawGameBoard(); }
  });
  $('setup-start').addEventListener('click', () => loadSetup('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'));
  $('setup-clear').addEventListener('click', () => loadSetup('8/8/8/8/8/8/8/8 w - - 0 1'));
  $('setup-current').addEventListener('click', () => loadSetup($('board').dataset.fen));
  $('setup-load').addEventListener('click', () => loadSetup($('setup-fen').value));
  $('setup-fen').addEventListener('keydown', (e) => { if (e.key === 'Enter') loadSetup($('setup-fen').value); });
  $('setup-side').addEventListener('change', () => { $('setup-fen').value = setupFEN(); });
  for (const b of document.querySelectorAll('[data-search]')) b.addEventListener('click', () => positionSearch(b.dataset.search));
  renderPalette();
  loadSetup('8/8/8/8/8/8/8/8 w - - 0 1');
  renderHead();
  drawGameBoard();
  checkQuery();
  await Promise.all([loadHelp(), loadExamples()]);
  const params = new URLSearchParams(location.search);
  if (params.has('selftest')) {
    const script = el('script', { src: 'selftest.js' });
    script.addEventListener('load', () => selftest(params));
    document.body.append(script);
  }
}

init();
