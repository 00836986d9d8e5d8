// The board of the page: a position drawn as SVG, as package diagram
// draws it (the Unicode chess symbols, no images), with the last move
// tinted, the squares a query matched outlined, flipped on demand, and
// its squares clickable for the position editor.
'use strict';

const Board = (() => {
  const SIZE = 45;
  const GLYPH = { k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F\uFE0E' };
  const NS = 'http://www.w3.org/2000/svg';
  const svgEl = (tag, attrs) => {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    return e;
  };

  // placement reads a FEN's first field into 64 letters ('' when empty),
  // index 0 = a8 .. 63 = h1; null when it is not a placement.
  function placement(fen) {
    const ranks = String(fen || '').trim().split(' ')[0].split('/');
    if (ranks.length !== 8) return null;
    const out = [];
    for (const row of ranks) {
      let n = 0;
      for (const c of row) {
        if (c >= '1' && c <= '8') { for (let i = 0; i < +c; i++) out.push(''); n += +c; }
        else if (GLYPH[c.toLowerCase()]) { out.push(c); n++; }
        else return null;
      }
      if (n !== 8) return null;
    }
    return out;
  }

  function toFEN(cells) {
    const ranks = [];
    for (let r = 0; r < 8; r++) {
      let s = '', empty = 0;
      for (let f = 0; f < 8; f++) {
        const c = cells[r * 8 + f];
        if (!c) { empty++; continue; }
        if (empty) { s += empty; empty = 0; }
        s += c;
      }
      ranks.push(s + (empty ? empty : ''));
    }
    return ranks.join('/');
  }

  const squareName = (i) => 'abcdefgh'[i % 8] + (8 - Math.floor(i / 8));
  const squareIndex = (name) => (8 - Number(name[1])) * 8 + 'abcdefgh'.indexOf(name[0]);

  // draw fills container with the position: opts.fen, .flip, .lastMove
  // ([from, to]), .squares (the matched squares), .onSquare(name, event).
  function draw(container, opts) {
    const cells = placement(opts.fen) || new Array(64).fill('');
    const svg = svgEl('svg', { viewBox: `0 0 ${8 * SIZE} ${8 * SIZE}`, class: 'diagram', role: 'img', 'aria-label': opts.fen || '' });
    const at = (i) => {
      const r = Math.floor(i / 8), f = i % 8;
      return opts.flip ? [(7 - f) * SIZE, (7 - r) * SIZE] : [f * SIZE, r * SIZE];
    };
    const last = new Set(opts.lastMove || []);
    const hits = new Set(opts.squares || []);
    for (let i = 0; i < 64; i++) {
      const [x, y] = at(i);
      const name = squareName(i);
      const dark = (Math.floor(i / 8) + i % 8) % 2 === 1;
      svg.append(svgEl('rect', { x, y, width: SIZE, height: SIZE, class: 'sq ' + (dark ? 'd' : 'l'), 'data-sq': name }));
      if (last.has(name)) svg.append(svgEl('rect', { x, y, width: SIZE, height: SIZE, class: 'last', 'data-sq': name }));
      if (hits.has(name)) svg.append(svgEl('rect', { x: x + 2.5, y: y + 2.5, width: SIZE - 5, height: SIZE - 5, rx: 4, class: 'hit', 'data-sq': name }));
    }
    for (let i = 0; i < 8; i++) {
      const file = opts.flip ? 'hgfedcba'[i] : 'abcdefgh'[i];
      const rank = opts.flip ? i + 1 : 8 - i;
      const t1 = svgEl('text', { x: i * SIZE + SIZE - 8, y: 8 * SIZE - 3, class: 'c' }); t1.textContent = file;
      const t2 = svgEl('text', { x: 2, y: i * SIZE + 11, class: 'c' }); t2.textContent = rank;
      svg.append(t1, t2);
    }
    for (let i = 0; i < 64; i++) {
      const c = cells[i];
      if (!c) continue;
      const [x, y] = at(i);
      const t = svgEl('text', { x: x + SIZE / 2, y: y + SIZE / 2 + 2, class: 'p ' + (c === c.toUpperCase() ? 'w' : 'b'), 'data-sq': squareName(i), 'data-piece': c });
      t.textContent = GLYPH[c.toLowerCase()];
      svg.append(t);
    }
    if (opts.onSquare) {
      // a click, or a drag from one square to another
      let from = null;
      const sqOf = (e) => {
        const el = document.elementFromPoint(e.clientX, e.clientY);
        return el && el.closest && el.closest('[data-sq]') ? el.closest('[data-sq]').dataset.sq : null;
      };
      svg.addEventListener('pointerdown', (e) => { from = sqOf(e); });
      svg.addEventListener('pointerup', (e) => {
        const to = sqOf(e);
        if (from && to && from !== to) opts.onSquare(to, { dragFrom: from });
        else if (to) opts.onSquare(to, {});
        from = null;
      });
    }
    container.replaceChildren(svg);
    return svg;
  }

  return { draw, placement, toFEN, squareName, squareIndex, GLYPH };
})();
