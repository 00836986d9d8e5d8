// The browser test's script (make browser-test; cmd/cqlvm/browser_test.go):
// ?selftest=SCENARIO&... drives the page as a user would (typing, clicks,
// keys, pointer drags) and writes what it saw into #selftest-result as
// JSON, which the Go test checks against `cqlvm run`. app.js loads it
// only when the URL asks for it. &stop=STEP ends a scenario early, where
// a screenshot is taken.
'use strict';

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

const key = (k) => document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
const rectOf = (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
const marked = (cls) => [...$('board').querySelectorAll('rect.' + cls)].map((r) => r.dataset.sq).sort();

// clickSquare presses and releases the pointer on a square of a board,
// at its centre on the screen; dragTo releases it on another square.
function pointer(type, x, y) {
  const target = document.elementFromPoint(x, y);
  target.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, bubbles: true, pointerId: 1, isPrimary: true }));
}
function centre(board, sq) {
  const r = board.querySelector(`rect.sq[data-sq="${sq}"]`).getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}
function clickSquare(board, sq, dragTo) {
  board.scrollIntoView({ block: 'nearest' });
  const [x, y] = centre(board, sq);
  pointer('pointerdown', x, y);
  const [x2, y2] = dragTo ? centre(board, dragTo) : [x, y];
  pointer('pointerup', x2, y2);
}

async function runAndWait() {
  await waitFor(() => $('check-status').className === 'ok', 'the query to check: ' + $('check-status').textContent);
  const before = state.run;
  $('run').click();
  await waitFor(() => state.run !== before && state.status && state.status.state !== 'running', 'the run to end');
}

async function openFirstGame() {
  await waitFor(() => $('results').tBodies[0].rows.length > 0, 'the results');
  $('results').tBodies[0].rows[0].click();
  await waitFor(() => state.game, 'the game');
  $('board').focus();
}

const scenarios = {
  // a bad query's error, the help search, a download before any run
  async errors(out, params) {
    out.editorStart = $('query').value;
    $('dl-pgn').click();
    await waitFor(() => !$('notice').hidden, 'the message of a download before any run');
    out.downloadNotice = $('notice').textContent;
    out.pageText = document.body.innerText.slice(0, 40);
    await typeText(params.get('bad'));
    await waitFor(() => !$('errors').hidden, 'the error message');
    out.errorText = $('errors').textContent;
    showTab('help');
    $('help-search').value = 'pin';
    renderHelp();
    out.helpFirst = [...$('help-list').querySelectorAll('dt')].slice(0, 5).map((d) => d.dataset.name);
  },

  // run a query, open the first game, go to its first match (the Down
  // arrow), read the board's marks, flip it
  async run(out, params) {
    await typeText(params.get('q'));
    await runAndWait();
    out.progress = $('progress-text').textContent;
    out.total = state.total;
    out.headers = [...$('results').tHead.rows[0].cells].map((c) => c.textContent);
    const wrap = $('results-view').querySelector('.table-wrap');
    const last = $('results').tHead.rows[0].cells[out.headers.length - 1];
    wrap.scrollLeft = wrap.scrollWidth; // every column can be reached
    await sleep(50);
    out.lastColumnVisible = rectOf(last).right <= rectOf(wrap).right + 1;
    wrap.scrollLeft = 0;
    if (params.get('stop') === 'results') return;
    await openFirstGame();
    key('ArrowDown');
    out.game = state.game.number;
    out.node = Number($('board').dataset.node);
    out.fen = $('board').dataset.fen;
    out.matched = !!state.game.nodes[out.node].matched;
    out.squares = marked('hit');
    out.lastMove = marked('last');
    out.toMove = $('to-move').textContent;
    out.analyse = $('analyse').href;
    out.title = $('game-title').textContent;
    $('notice').hidden = true;
    // a headless browser has no clipboard to write to: record what is copied
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (t) => { out.copied = t; } } });
    $('copy-pgn').click();
    await waitFor(() => !$('notice').hidden, 'the copy to be confirmed');
    out.copyNotice = $('notice').textContent;
    $('notice').hidden = true;
    const a8 = () => rectOf($('board').querySelector('rect.sq[data-sq="a8"]'));
    const before = a8();
    if (params.get('stop') === 'board') return;
    key('f');
    out.flipped = a8().top > before.top && a8().left > before.left;
    key('f');
  },

  // step through a long game with the arrow keys: the board and the
  // game's title stay in the window at every step
  async long(out, params) {
    await typeText(params.get('q'));
    await runAndWait();
    await openFirstGame();
    key('Home');
    const view = { top: 0, bottom: window.innerHeight };
    out.steps = 0;
    out.outOfView = [];
    const want = Number(params.get('plies'));
    for (let i = 0; i < want; i++) {
      key('ArrowRight');
      out.steps++;
      for (const [name, e] of [['board', $('board')], ['title', $('game-title')], ['current move', $('moves').querySelector('.mv.current')]]) {
        const r = rectOf(e);
        const box = name === 'current move' ? rectOf($('moves')) : view;
        if (r.top < box.top - 1 || r.bottom > box.bottom + 1) out.outOfView.push(`${name} at step ${i + 1}: ${Math.round(r.top)}..${Math.round(r.bottom)}`);
      }
    }
    out.node = state.cur;
    out.ply = out.node; // on the mainline a position's id is its ply
    out.scrollY = window.scrollY;
    out.movesScrolled = $('moves').scrollTop;
  },

  // set up a position on the editor's board (clicks and a drag), search
  // for it, and report the query and the games found
  async position(out, params) {
    showTab('position');
    $('setup-clear').click();
    const board = $('setup-board');
    const place = (piece, ...squares) => {
      document.querySelector(`#palette [data-piece="${piece}"]`).click();
      for (const sq of squares) clickSquare(board, sq);
    };
    if (params.get('fen')) { // pasted
      $('setup-fen').value = params.get('fen');
      $('setup-load').click();
    } else {
      place('K', 'g1');
      place('P', 'f2', 'g2', 'e2');
      clickSquare(board, 'e2', 'h2'); // dragged
    }
    out.fen = $('setup-fen').value;
    if (params.get('stop') === 'editor') return;
    document.querySelector(`[data-search="${params.get('kind')}"]`).click();
    await waitFor(() => state.run && state.status && state.status.state !== 'running', 'the position search');
    out.query = $('query').value;
    out.total = state.total;
    const r = await api('GET', `results?run=${state.run}&limit=1000`);
    out.games = r.data.rows.map((row) => row.game).sort((a, b) => a - b);
    if (out.total > 0) { await openFirstGame(); key('ArrowDown'); }
  },

  // load an example of the library with one click and run it
  async library(out, params) {
    showTab('examples');
    const item = document.querySelector(`#example-list li[data-example="${params.get('example')}"]`);
    const before = state.run;
    item.querySelector('button').click();
    await waitFor(() => state.run !== before && state.status && state.status.state !== 'running', 'the example to run');
    out.query = $('query').value;
    out.total = state.total;
  },
};

async function selftest(params) {
  const out = {};
  try {
    await scenarios[params.get('selftest')](out, params);
  } catch (e) {
    out.error = String(e && e.stack || e);
  }
  document.body.append(el('pre', { id: 'selftest-result', hidden: '' }, JSON.stringify(out)));
  document.title = 'selftest done';
}
