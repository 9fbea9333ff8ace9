/* animate.js - the script of the page sow animate writes (tools/cmd_animate.c);
 * compiled into tools/animate_page.h by tools/page/gen.py.
 *
 * The data (script#sow-data) holds the game as steps: a "game" step starts
 * a game (board, captures, owners), a "ply" step is one move with the
 * engine's events (sow_game.h: [kind, player, hole, count, extra]), the
 * sentences telling them ([event index, text], -1 the headline), and the
 * record's board, captures and owners after it. The page replays the
 * events on its own board and, after every move, compares that board with
 * the record's; what it finds goes into #status ("ok: all N moves ...",
 * or "mismatch at ply N: ..."), which the tests read. */
(function () {
  'use strict';
  var statusEl = document.getElementById('status');
  var failed = false;
  function report(text, bad) {
    if (failed) return;
    statusEl.textContent = text;
    statusEl.className = bad ? 'bad' : '';
    if (bad) failed = true;
  }
  window.addEventListener('error', function (e) {
    report('error: ' + (e.message || 'a script error'), true);
  });

  var D = JSON.parse(document.getElementById('sow-data').textContent);
  var NS = 'http://www.w3.org/2000/svg';
  var COL = ['#b35900', '#1f5fa8'], PALE = ['#f7dcbd', '#d2e1f4'];
  var INK = '#1a1a1a', EDGE = '#8a6a3a', SEED = '#3d2b1f', DOT_R = '3.2';
  var NAMES = ['South', 'North'];
  /* how long each kind of event shows, in drops */
  var WEIGHT = [2, 1, 1, 2.5, 2.5, 3, 3, 3];
  var BASE_MS = 350;
  var KEEP = 40; /* moves kept in the story panel, the newest first */
  var N = D.n, H = D.holes, steps = D.steps;
  function $(id) { return document.getElementById(id); }

  /* plies[k]: the step of move k + 1 */
  var plies = [];
  steps.forEach(function (s, i) { if (s.k === 'ply') plies.push(i); });

  var geo = [];
  for (var h = 0; h < H; h++) {
    var c = $('p' + h);
    geo.push({ x: +c.getAttribute('cx'), y: +c.getAttribute('cy'),
               r: +c.getAttribute('r') });
  }

  /* the model: what the page's board shows */
  var board = [], cap = [0, 0], owner = [], hand = 0, mover = 0;
  var plyBoard = [], plyCap = [0, 0]; /* at the start of the step */
  var next = 0, ev = -1; /* the next step; its next event (-1: not begun) */
  var narPos = 0; /* its next sentence */
  var checked = 0, sown = 0;
  var dirty = {};

  /* sow_svg_dot (engine/observe/sow_svg.c): where seed i of k goes in a hole */
  function dot(i, k, r) {
    if (k <= 1) return [0, 0];
    var a;
    if (k <= 6) {
      a = (k === 2 ? Math.PI : -Math.PI / 2) + 2 * Math.PI * i / k;
      return [0.45 * r * Math.cos(a), 0.45 * r * Math.sin(a)];
    }
    var rr = 0.78 * r * Math.sqrt((i + 0.5) / k);
    a = i * 2.399963229728653;
    return [rr * Math.cos(a), rr * Math.sin(a)];
  }

  function drawHole(h) {
    var g = geo[h], k = board[h], dots = $('d' + h);
    while (dots.firstChild) dots.removeChild(dots.firstChild);
    if (k <= D.dotsMax) {
      for (var i = 0; i < k; i++) {
        var xy = dot(i, k, g.r), c = document.createElementNS(NS, 'circle');
        c.setAttribute('cx', (g.x + xy[0]).toFixed(1));
        c.setAttribute('cy', (g.y + xy[1]).toFixed(1));
        c.setAttribute('r', DOT_R);
        dots.appendChild(c);
      }
    }
    var t = $('c' + h);
    t.textContent = String(k);
    t.setAttribute('fill', k ? INK : EDGE);
    /* the side the hole lies on: D.home on boards of more rows (C2.1) */
    var row = D.home ? D.home[h] : h < N ? 0 : 1;
    var own = owner[h], p = $('p' + h), l = $('l' + h);
    p.setAttribute('fill', PALE[own]);
    p.setAttribute('stroke', COL[own]);
    p.setAttribute('stroke-width', own !== row ? '3' : '1.5');
    l.textContent = D.labels[h] + (own !== row ? '*' : '');
    l.setAttribute('fill', own !== row ? COL[own] : '#555');
  }
  function touch(h) { dirty[h] = true; }
  function drawSide() {
    $('cap0').textContent = String(cap[0]);
    $('cap1').textContent = String(cap[1]);
  }
  function drawAll() {
    for (var h = 0; h < H; h++) drawHole(h);
    dirty = {};
    drawSide();
  }
  function flush() {
    for (var h in dirty) drawHole(+h);
    dirty = {};
    drawSide();
  }
  function ring(id, h) {
    var r = $(id);
    if (h === undefined || h < 0) { r.setAttribute('visibility', 'hidden'); return; }
    r.setAttribute('cx', geo[h].x);
    r.setAttribute('cy', geo[h].y);
    r.setAttribute('visibility', 'visible');
  }
  function boxes(st) {
    for (var p = 0; p < 2; p++) {
      var b = $('box' + p), on = !st.over && st.tm === p;
      b.setAttribute('stroke', on ? COL[p] : EDGE);
      b.setAttribute('stroke-width', on ? '3.5' : '1');
    }
  }
  function load(st) {
    board = st.b.slice(); cap = st.c.slice(); owner = st.o.slice(); hand = 0;
  }
  function same(a, b) {
    if (a.length !== b.length) return false;
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  /* ---- the story panel ---- */
  var story = $('story'), side = $('side'), list = null, headEl = null, nowLi = null;
  function newGroup(st) {
    var g = document.createElement('div');
    g.className = 'step ' + (st.k === 'ply' ? 's' + st.who : 'game');
    headEl = document.createElement('p');
    headEl.className = 'head';
    g.appendChild(headEl);
    list = document.createElement('ol');
    g.appendChild(list);
    story.insertBefore(g, story.firstChild); /* the newest move first */
    while (story.childNodes.length > KEEP) story.removeChild(story.lastChild);
  }
  /* a sentence, and the rule it applies: its id always, its text the first
   * time the move cites it */
  var cited = {};
  function line(text, quiet, rule) {
    if (nowLi) nowLi.className = '';
    var li = document.createElement('li');
    li.appendChild(document.createTextNode(text));
    if (rule) {
      var r = document.createElement('span');
      r.className = 'rule';
      r.textContent = rule;
      r.title = rule + ': ' + (D.rules[rule] || '');
      li.appendChild(document.createTextNode(' '));
      li.appendChild(r);
      if (!cited[rule] && D.rules[rule]) {
        var t = document.createElement('span');
        t.className = 'ruletext';
        t.textContent = rule + ': ' + D.rules[rule];
        li.appendChild(t);
      }
      cited[rule] = true;
    }
    list.appendChild(li);
    nowLi = quiet ? null : li;
    if (nowLi) nowLi.className = 'now';
  }
  /* the sentences of step st up to event `upto` */
  function tell(st, upto, quiet) {
    if (narPos === 0) cited = {};
    while (narPos < st.nar.length && st.nar[narPos][0] <= upto) {
      var n = st.nar[narPos++];
      if (n[0] < 0) headEl.textContent = n[1];
      else line(n[1], quiet, n[2]);
    }
  }
  function scrollStory() { side.scrollTop = 0; }

  /* ---- playing the events ---- */
  function where(st) {
    return 'ply ' + st.ply + (D.match ? ' of game ' + st.game : '');
  }
  function bad(st, what) {
    report('mismatch at ' + where(st) + ' (move ' + (st.i + 1) + '): ' + what, true);
    pause();
  }
  function label(h) { return D.labels[h]; }

  function begin(st) {
    plyBoard = board.slice(); plyCap = cap.slice(); hand = 0; narPos = 0;
    if (st.k === 'game') { load(st); drawAll(); }
    mover = st.k === 'ply' ? st.who : st.tm;
    newGroup(st);
    tell(st, -1);
    $('head').textContent = st.head;
    ring('last');
    ring('cur', st.k === 'ply' && st.kind !== 'sow' ? st.last : -1);
  }

  function apply(st, e) {
    var k = e[0], p = e[1], h = e[2], c = e[3], x = e[4], i;
    switch (k) {
    case 0: /* LIFT: count lifted, extra left in the hole */
      if (hand !== 0) bad(st, 'a lift from ' + label(h) + ' with ' + hand + ' seeds still in hand');
      board[h] -= c; hand = c;
      if (board[h] !== x) bad(st, label(h) + ' holds ' + board[h] + ' after the lift, the engine says ' + x);
      touch(h); ring('cur', h);
      break;
    case 1: /* DROP: count is the hole's seeds after it */
      board[h] += 1; hand -= 1;
      if (board[h] !== c) bad(st, label(h) + ' holds ' + board[h] + ' after a drop, the engine says ' + c);
      if (hand < 0) bad(st, 'a drop in ' + label(h) + ' with no seed in hand');
      touch(h); ring('cur', h);
      break;
    case 2: /* SKIP */
    case 3: /* LAP_END */
      ring('cur', h);
      break;
    case 4: /* CAPTURE: from a hole, or the seeds in hand borne off (hole -1) */
      if (h >= 0) {
        if (board[h] !== c) bad(st, 'capture of ' + c + ' from ' + label(h) + ', which holds ' + board[h]);
        board[h] = 0; touch(h);
      } else {
        if (hand !== c) bad(st, c + ' seeds borne off with ' + hand + ' in hand');
        hand = 0;
      }
      cap[p] += c;
      break;
    case 5: /* ENDLESS: the board goes back as it was (P5) */
      board = plyBoard.slice(); cap = plyCap.slice(); hand = 0;
      for (i = 0; i < H; i++) touch(i);
      ring('cur');
      break;
    default: /* PASS, END: told only */
      break;
    }
  }

  function finish(st) {
    var exact = st.k === 'ply' && st.kind === 'sow' && !st.trunc;
    if (!exact) { board = st.b.slice(); cap = st.c.slice(); hand = 0; }
    tell(st, Infinity);
    if (st.trunc) line(st.trunc + ' more events not shown: the board jumps to the position after the move');
    owner = st.o.slice();
    if (st.k === 'ply') {
      if (hand !== 0) bad(st, hand + ' seeds still in hand at the end of the move');
      else if (!same(board, st.b) || !same(cap, st.c))
        bad(st, 'the page has board [' + board + '] and captures [' + cap +
            '], the record [' + st.b + '] and [' + st.c + ']');
      else if (exact) sown++;
      checked++;
    }
    hand = 0;
    drawAll();
    ring('cur');
    ring('last', st.last);
    boxes(st);
    $('turn').textContent = st.status;
  }

  function atEnd() {
    if (D.end) line(D.end);
    if (checked === plies.length)
      report('ok: all ' + plies.length + ' moves match the record (' + sown +
             ' replayed seed by seed)', false);
    else
      report('ok: the ' + checked + ' moves played match the record (' +
             (plies.length - checked) + ' jumped over)', false);
  }

  /* One event (or the start of a step); returns how long it shows. */
  function stepEvent() {
    if (next >= steps.length) return 0;
    var st = steps[next], w;
    if (ev < 0) {
      begin(st); ev = 0; w = 2;
    } else {
      var e = st.ev[ev];
      apply(st, e); tell(st, ev); ev++; w = WEIGHT[e[0]] || 1;
    }
    if (ev >= st.ev.length) {
      finish(st); next++; ev = -1; w += 1;
      if (next === steps.length) atEnd();
    }
    return w;
  }

  /* To the end of the current move (through a game's start). */
  function stepMove() {
    if (next >= steps.length) return;
    do { stepEvent(); } while (ev >= 0 && next < steps.length && !failed);
    if (steps[next - 1].k === 'game' && next < steps.length && !failed) stepMove();
  }

  /* The position after step j, from the record. */
  function restoreAfter(j) {
    var st = steps[j];
    load(st);
    next = j + 1; ev = -1;
    story.textContent = '';
    for (var i = Math.max(0, j - KEEP + 1); i <= j; i++) {
      newGroup(steps[i]); narPos = 0; tell(steps[i], Infinity, true);
    }
    nowLi = null;
    drawAll();
    ring('cur');
    ring('last', st.last);
    boxes(st);
    $('turn').textContent = st.status;
    $('head').textContent = st.head;
  }
  function movesPlayed() {
    var k = 0;
    while (k < plies.length && plies[k] < next) k++;
    return k;
  }
  function goMove(k) {
    k = Math.max(0, Math.min(plies.length, k));
    restoreAfter(k === 0 ? 0 : plies[k - 1]);
  }
  function back() {
    if (ev >= 0) restoreAfter(next - 1);
    else if (next >= 2) restoreAfter(next - 2);
  }

  /* ---- the controls ---- */
  var playing = false, timer = null, speedEl = $('speed');
  function ui() {
    var k = movesPlayed();
    $('slider').max = String(plies.length);
    $('slider').value = String(k);
    var st = steps[Math.min(next, steps.length - 1)];
    $('where').textContent = k + ' of ' + plies.length + ' moves played' +
      (ev >= 0 && st.k === 'ply' ? ' \u00b7 move ' + (st.i + 1) + ': event ' + ev + ' of ' + st.ev.length : '');
    $('hand').textContent = hand > 0 ? NAMES[mover] + ' holds ' + hand + (hand === 1 ? ' seed' : ' seeds') : '';
    var b = $('b-play');
    b.textContent = playing ? '\u275a\u275a pause' : '\u25b6 play';
    b.className = playing ? 'on' : '';
    scrollStory();
  }
  function pause() {
    playing = false;
    if (timer !== null) { clearTimeout(timer); timer = null; }
  }
  /* #autoplay, once all is played: go back over the last two moves and
   * play them again, and jump to the start and play the first, so that
   * back, step and jump are checked too (each move played is compared
   * with the record again) */
  var autoplay = false;
  function exercise() {
    var all = checked, sown0 = sown;
    back(); back(); stepMove(); stepMove();
    goMove(0); stepMove();
    goMove(plies.length);
    flush();
    if (!failed && movesPlayed() === plies.length)
      report('ok: all ' + plies.length + ' moves match the record (' + sown0 +
             ' replayed seed by seed; ' + (checked - all) +
             ' again after back and jump)', false);
    else if (!failed)
      report('the controls did not come back to the end of the game', true);
  }
  function tick() {
    timer = null;
    if (!playing) return;
    var w = 0;
    if (speedEl.value === 'max') {
      for (var k = 0; k < 4000 && next < steps.length && !failed; k++) stepEvent();
    } else {
      w = stepEvent();
    }
    flush();
    if (next >= steps.length || failed) {
      pause();
      if (autoplay && !failed) { autoplay = false; exercise(); }
    }
    ui();
    if (playing) timer = setTimeout(tick, speedEl.value === 'max' ? 0 : BASE_MS * w / +speedEl.value);
  }
  function play() {
    if (next >= steps.length) goMove(0);
    playing = true;
    ui();
    tick();
  }
  function act(f) {
    return function () { pause(); f(); flush(); ui(); };
  }
  $('b-play').addEventListener('click', function () { if (playing) { pause(); ui(); } else play(); });
  $('b-seed').addEventListener('click', act(stepEvent));
  $('b-move').addEventListener('click', act(stepMove));
  $('b-back').addEventListener('click', act(back));
  $('b-start').addEventListener('click', act(function () { goMove(0); }));
  $('b-end').addEventListener('click', act(function () { goMove(plies.length); }));
  $('slider').addEventListener('input', act(function () { goMove(+$('slider').value); }));
  document.addEventListener('keydown', function (e) {
    var t = e.target && e.target.tagName;
    if (t === 'INPUT' || t === 'SELECT' || t === 'BUTTON' && e.key === ' ') return;
    var f = { ' ': function () { if (playing) { pause(); ui(); } else play(); },
              ArrowRight: act(stepEvent), ArrowDown: act(stepMove),
              ArrowLeft: act(back), Home: act(function () { goMove(0); }),
              End: act(function () { goMove(plies.length); }) }[e.key];
    if (f) { e.preventDefault(); f(); }
  });

  /* the start: the first game's set-up, then what the URL asks
   * (#autoplay, #ply=N, #ply=N&ev=E) */
  stepEvent();
  while (ev >= 0) stepEvent();
  report('ready: ' + plies.length + ' moves to replay; each is checked as it is played', false);
  var q = {};
  location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
    var p = kv.split('=');
    if (p[0]) q[p[0]] = p.length > 1 ? p[1] : '';
  });
  if ('ply' in q) {
    goMove(+q.ply || 0);
    for (var e = +q.ev || 0; e > 0 && next < steps.length; e--) stepEvent();
  }
  flush();
  ui();
  if ('autoplay' in q) {
    speedEl.value = 'max';
    autoplay = true;
    play();
  }
})();
