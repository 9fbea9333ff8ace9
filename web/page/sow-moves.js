/* sow-moves.js - moves: a person's or the computer's, sown seed by
 * seed with their narration (the seeds in flight), stepping through the
 * game, Undo and Hint. Part of the page (sow-page.js). */
'use strict';
(function (S) {
    var $ = S.$;

    /* ---- moves ---------------------------------------------------------- */
    function humanMove(tok) {
        var st = S.game.state;
        if (S.game.acting || !st || st.over && S.shownPly() === S.game.moves.length)
            return Promise.resolve();
        var later = S.game.moves.length - S.shownPly();
        if (later > 0) {
            var k = st.legal.indexOf(String(tok));
            return S.ask(S.moveText(tok, k, st).replace(/^./, function (c) { return c.toUpperCase(); }) + ' after move ' + S.shownPly() + '? This takes back the ' +
                       later + (later === 1 ? ' move' : ' moves') + ' played after it.',
                       'Play here', 'Cancel').then(function (yes) {
                if (yes && !S.game.acting && S.game.state === st) return play(tok, true);
            });
        }
        return play(tok, true);
    }

    /* Play a token at the ply shown (later moves are dropped), animate it
     * with its narration, then refresh. */
    function play(tok, byHuman) {
        var st = S.game.state, k = st ? st.legal.indexOf(String(tok)) : -1;
        var mover = st ? st.to_move : 0;
        S.game.moves = S.game.moves.slice(0, S.shownPly());
        S.game.moves.push(String(tok));
        S.game.view = null;
        if (byHuman) S.game.paused = false;
        S.notice('');
        $('hints').textContent = ''; /* they were for the position before */
        var seq = ++S.game.seq;
        S.setActing(S.sideName(mover) + ' is sowing…');
        /* the narration keeps a human's move and the computer's answer */
        var keep = !byHuman && (S.isHuman(0) || S.isHuman(1));
        var head = S.sideName(mover) + ' ' + S.moveText(tok, k, st);
        return animate(S.game.moves.length - 1, seq, head, keep).then(function () {
            if (seq === S.game.seq)
                return S.refresh();
        });
    }

    function computerMove() {
        var st = S.game.state, seq = S.game.seq;
        S.busy(true);
        S.setActing(S.sideName(st.to_move) + ' (' + S.computerName(st.to_move) + ') is thinking…');
        var args = S.baseArgs('search').concat(['--moves', S.movesArg(), '--player',
                                              S.playerOf(st.to_move), '--seed',
                                              String(st.ply + 1), '--json']);
        return S.sow(args).then(function (r) {
            S.busy(false);
            if (seq !== S.game.seq) return;
            var res = S.json(r.out);
            if (r.rc !== 0 || !res) {
                if (r.rc !== -2) {
                    S.setActing(null);
                    S.showError(r.err || 'the computer could not move');
                }
                return;
            }
            return play(String(res.move), false);
        });
    }

    /* The narration of the move at index n (sow trace --json of the moves
     * up to it, its last move only), seed by seed on the board shown, each
     * step with its rule: every seed sown is drawn flying from the hand
     * (the hole lifted, then each hole sown in turn) to the hole or store
     * it lands in, and every capture from its hole to the taker's box.
     * The speed is read at each step: "instant" (0) draws no flight. */
    function animate(n, seq, head, keep) {
        return S.sow(S.baseArgs('trace').concat(['--moves', S.movesArg(n + 1), '--json']),
                   {keep: 'last'}).then(function (r) {
            if (seq !== S.game.seq) return;
            if (r.rc !== 0) {
                moveFailed(n, r.err);
                return;
            }
            var lines = r.out.split('\n').map(S.json);
            var events = lines.filter(function (e) {
                return e && e.event;
            });
            events = events.concat(scriptSteps(events, lines, n));
            var list = $('narration');
            if (!keep) list.textContent = '';
            var heading = document.createElement('li');
            heading.className = 'move';
            heading.textContent = head;
            list.appendChild(heading);
            var i = 0, hand = null, seen = {};
            return new Promise(function (resolve) {
                function step() {
                    if (seq !== S.game.seq || i >= events.length) {
                        stopFlights(seq === S.game.seq);
                        resolve();
                        return;
                    }
                    var delay = +$('speed').value;
                    var e = events[i++];
                    if (!e.quiet) {
                        var li = narrationLine(e, seen);
                        var prev = list.querySelector('li.now');
                        if (prev) prev.classList.remove('now');
                        li.classList.add('now');
                        list.appendChild(li);
                    }
                    var from = hand, to = null;
                    if (e.event === 'lift')
                        hand = holeCenter(e.hole);
                    else if (e.event === 'drop')
                        to = hand = holeCenter(e.hole);
                    else if (e.event === 'place') { /* MW.2: from the hand */
                        from = boxCenter(e.player);
                        to = hand = holeCenter(e.hole);
                    }
                    else if (e.event === 'store')
                        to = hand = boxCenter(e.player);
                    else if (e.event === 'capture') {
                        from = holeCenter(e.hole);
                        to = boxCenter(e.player);
                    }
                    if (delay > 0 && from && to && e.event !== 'lift' && !e.quiet) {
                        fly(from, to, delay * 0.8, seq, e.hole, function () { showEvent(e); });
                        setTimeout(step, delay);
                        return;
                    }
                    stopFlights(true);
                    showEvent(e);
                    if (delay > 0) setTimeout(step, delay); else step();
                }
                step();
            });
        });
    }

    /* A move a script works out whole (Andada's opening relay) has no
     * seed-by-seed events: its holes are shown changing one by one, from
     * the hole played on round the board, each as a step of its own
     * (quiet: no narration line). */
    function scriptSteps(events, lines, n) {
        var sown = events.some(function (e) {
            return e.event === 'lift' || e.event === 'drop' || e.event === 'place';
        });
        var after = lines.filter(function (l) { return l && l.after; }).pop();
        var before = S.game.state && S.game.state.board;
        if (sown || !after || !before || before.length !== after.after.board.length) return [];
        var m = /^(\d+)/.exec(S.game.moves[n] || ''), start = m ? +m[1] : 0, out = [];
        for (var k = 0; k < before.length; k++) {
            var h = (start + k) % before.length;
            if (before[h] !== after.after.board[h])
                out.push({event: 'drop', hole: h, count: after.after.board[h], quiet: true});
        }
        return out;
    }

    /* ---- seeds in flight ------------------------------------------------- */
    var flying = [];   /* {el, raf} of each seed drawn on its way */

    function holeCenter(h) {
        var el = S.holeEls[h];
        if (!el) return null;
        return {x: +el.circle.getAttribute('cx'), y: +el.circle.getAttribute('cy')};
    }

    /* The middle of player p's store (or box of seeds taken), as sow draw
     * draws it: a rect whose first text names the player. */
    function boxCenter(p) {
        var texts = $('board').querySelectorAll('svg text[font-size="12"]');
        for (var i = 0; i < texts.length; i++) {
            var rect = texts[i].previousElementSibling;
            if (texts[i].textContent !== S.sideName(p) || !rect || rect.tagName !== 'rect')
                continue;
            return {x: +rect.getAttribute('x') + +rect.getAttribute('width') / 2,
                    y: +rect.getAttribute('y') + +rect.getAttribute('height') / 2};
        }
        return null;
    }

    /* A seed drawn from `from` to `to` over ms milliseconds, on a low arc;
     * landed() once it is there. A change of game (seq) or a step through
     * the game removes it at once (stopFlights). */
    function fly(from, to, ms, seq, hole, landed) {
        var svg = $('board').querySelector('svg');
        if (!svg) { landed(); return; }
        var c = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
        c.setAttribute('class', 'seed-fly');
        c.setAttribute('r', '5');
        c.setAttribute('cx', from.x);
        c.setAttribute('cy', from.y);
        c.dataset.hole = hole;
        svg.appendChild(c);
        var f = {el: c, raf: 0, landed: landed}, t0 = null;
        flying.push(f);
        function done() {
            c.remove();
            flying = flying.filter(function (x) { return x !== f; });
        }
        function frame(now) {
            if (seq !== S.game.seq || !c.isConnected) { done(); return; }
            if (t0 === null) t0 = now;
            var k = Math.min(1, (now - t0) / ms);
            var ease = k < 0.5 ? 2 * k * k : 1 - 2 * (1 - k) * (1 - k);
            c.setAttribute('cx', (from.x + (to.x - from.x) * ease).toFixed(1));
            c.setAttribute('cy', (from.y + (to.y - from.y) * ease - 24 * Math.sin(Math.PI * ease)).toFixed(1));
            if (k < 1) {
                f.raf = requestAnimationFrame(frame);
                return;
            }
            done();
            landed();
        }
        f.raf = requestAnimationFrame(frame);
    }

    /* Remove the seeds in flight; with land set, show their landing
     * first (the next step of the same move is due). */
    function stopFlights(land) {
        var was = flying;
        flying = [];
        was.forEach(function (f) {
            cancelAnimationFrame(f.raf);
            f.el.remove();
            if (land) f.landed();
        });
    }

    /* A step of the narration with its rule id; the rule's text the
     * first time the move cites it (seen: the ids cited so far). */
    /* The narration's sentence for people. sow trace writes plain words
     * itself now (decisions in words, no "relay:" label); this still
     * turns any "VERB name:value" token left into the choice's words. */
    function plainText(text) {
        return String(text || '').replace(/^relay: /, '').replace(/\b([a-z]+) ([a-z_]+:[A-Za-z0-9]+)\b/g, function (x, verb, tok) {
            var w = S.game.words[tok] || S.decisionWords(tok);
            if (w === tok) return x;
            return (verb === 'decides' ? 'chooses' : verb) + ' ' + w;
        });
    }

    function narrationLine(e, seen) {
        var li = document.createElement('li');
        li.appendChild(document.createTextNode(plainText(e.text)));
        if (e.rule) {
            var r = document.createElement('a');
            r.className = 'rule';
            r.textContent = e.rule;
            r.href = '#rule-' + e.rule;
            r.title = e.rule_text || '';
            r.addEventListener('click', function (ev) {
                ev.preventDefault();
                S.showHowto(e.rule);
            });
            li.appendChild(r);
            if (!seen[e.rule]) {
                var rt = document.createElement('span');
                rt.className = 'rule-text';
                rt.textContent = e.rule_text || '';
                li.appendChild(rt);
            }
            seen[e.rule] = true;
        }
        return li;
    }

    /* Move n could not be made (a script's error while it is sown): it
     * is taken back, the board redrawn as it was, the error shown above
     * the board and, when it names a line of the script, marked there;
     * the computer waits (it would meet the same error). */
    function moveFailed(n, err) {
        S.game.moves = S.game.moves.slice(0, n);
        S.game.paused = true;
        var text = String(err || 'the move failed').replace(/^sow \w+: /, '');
        S.notice('The move could not be made: ' + text);
        var m = /([\w.\/-]+\.lua):(\d+):\s*(.*)/.exec(text);
        if (m) {
            $('lua-errors').textContent = '';
            S.clearMarks('lua');
            S.showProblem({file: m[1], line: +m[2], col: 0, message: m[3]}, true);
        }
    }

    /* One event on the picture: the hole's count and a red ring. */
    function showEvent(e) {
        S.holeEls.forEach(function (el) { if (el) el.circle.classList.remove('active'); });
        var el = S.holeEls[e.hole];
        if (!el) return;
        el.circle.classList.add('active');
        if (e.event === 'lift') {
            el.count.textContent = String(e.extra || 0);
            drawDots(el, e.extra || 0);
        } else if (e.event === 'drop' || e.event === 'place') {
            el.count.textContent = String(e.count);
            drawDots(el, e.count);
        }
    }

    /* A hole's seeds as sow draw places them (sow_svg_dot: a ring up to
     * 6, a sunflower beyond; none drawn past 20, the count says it). */
    var DOTS_MAX = 20, DOT_R = 3.2;
    function drawDots(el, n) {
        var g = el.dots;
        if (!g || g.tagName !== 'g') return;
        g.textContent = '';
        if (n > DOTS_MAX) return;
        var x = +el.circle.getAttribute('cx'), y = +el.circle.getAttribute('cy');
        var r = +el.circle.getAttribute('r');
        for (var i = 0; i < n; i++) {
            var dx = 0, dy = 0;
            if (n > 1 && n <= 6) {
                var a = (n === 2 ? Math.PI : -Math.PI / 2) + 2 * Math.PI * i / n;
                dx = 0.45 * r * Math.cos(a);
                dy = 0.45 * r * Math.sin(a);
            } else if (n > 6) {
                var rr = 0.78 * r * Math.sqrt((i + 0.5) / n), b = i * 2.399963229728653;
                dx = rr * Math.cos(b);
                dy = rr * Math.sin(b);
            }
            var c = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
            c.setAttribute('cx', (x + dx).toFixed(1));
            c.setAttribute('cy', (y + dy).toFixed(1));
            c.setAttribute('r', String(DOT_R));
            g.appendChild(c);
        }
    }

    /* The narration of the ply shown (stepping through the game). */
    function narrate(n) {
        var list = $('narration');
        list.textContent = '';
        if (n < 0) return Promise.resolve();
        return S.sow(S.baseArgs('trace').concat(['--moves', S.movesArg(n + 1), '--json']),
                   {keep: 'last'}).then(function (r) {
            var seen = {};
            r.out.split('\n').map(S.json).forEach(function (e) {
                if (e && e.event)
                    list.appendChild(narrationLine(e, seen));
            });
        });
    }

    function goTo(ply) {
        ply = Math.max(0, Math.min(S.game.moves.length, ply));
        S.game.view = ply === S.game.moves.length ? null : ply;
        S.game.seq++;
        stopFlights();
        $('hints').textContent = '';
        narrate(ply - 1);
        return S.refresh(false);
    }

    /* Stop the computer's search (a new worker) and any move being sown. */
    function stopComputer() {
        S.game.seq++;
        if (!$('busy').hidden) S.restartWorker();
        S.busy(false);
        stopFlights();
        S.setActing(null);
    }

    function undo() {
        stopComputer();
        S.game.paused = false;
        S.notice('');
        if (!S.game.moves.length) {
            S.refresh(false);
            return;
        }
        var n = S.game.moves.length - 1;
        /* against the computer, back to the human's last turn */
        if (S.isHuman(0) !== S.isHuman(1)) {
            var human = S.isHuman(0) ? 0 : 1;
            S.sow(S.baseArgs('replay').concat(['--moves', S.movesArg(), '--json'])).then(function (r) {
                var lines = r.out.split('\n').map(S.json).filter(function (l) { return l && 'ply' in l && 'move' in l; });
                var k = lines.length - 1;
                while (k > 0 && lines[k].to_move !== human) k--;
                S.game.moves = S.game.moves.slice(0, Math.max(0, k));
                S.game.view = null;
                S.game.seq++;
                S.refresh(false);
            });
            return;
        }
        S.game.moves = S.game.moves.slice(0, n);
        S.game.view = null;
        S.game.seq++;
        S.refresh(false);
    }

    /* What each legal move would do: its narration in brief. */
    function hint() {
        var st = S.game.state, box = $('hints');
        if (!st || st.over || S.game.acting) return;
        box.textContent = 'thinking…';
        var adviser = hintPlayer();
        var suggest = document.createElement('div');
        suggest.className = 'suggest';
        var searched = S.sow(S.baseArgs('search').concat(['--moves', S.game.moves.slice(0, S.shownPly()).join(' '),
                                                      '--player', adviser, '--seed', String(st.ply + 1), '--json']))
            .then(function (r) {
                var res = S.json(r.out);
                if (r.rc !== 0 || !res) {
                    suggest.textContent = 'No move to suggest: ' + (r.err || 'the search failed');
                    return;
                }
                var tok = String(res.move), k = st.legal.indexOf(tok);
                suggest.appendChild(document.createTextNode('Suggested move: '));
                var b = document.createElement('button');
                b.textContent = k >= 0 ? S.choiceText(st, k) : S.moveLabel(tok);
                b.dataset.move = tok;
                b.addEventListener('click', function () { humanMove(tok); });
                suggest.appendChild(b);
                var lv = S.levelOf(adviser);
                suggest.appendChild(document.createTextNode(' (what the ' + (lv === 'custom' ? 'computer player ' +
                    adviser : lv + ' computer') + ' would play).'));
                if (isPerfect(adviser) && typeof res.score === 'number') {
                    var v = document.createElement('span');
                    v.className = 'exact';
                    v.textContent = ' Played perfectly from here, ' + outcome(res.score, st.to_move) + '.';
                    suggest.appendChild(v);
                }
                suggest.appendChild(document.createTextNode(' What each move would do:'));
            });
        /* the exact value of every move, where the solver answers */
        var exact = {};
        var solved = !isPerfect(adviser) ? Promise.resolve() :
            S.sow(S.baseArgs('solve').concat(['--moves', S.game.moves.slice(0, S.shownPly()).join(' '), '--json']))
                .then(function (r) {
                    var res = S.json(r.out);
                    if (r.rc !== 0 || !res || !res.moves) return;
                    res.moves.forEach(function (m) {
                        exact[String(m.move)] = outcome(st.to_move ? -m.value : m.value, st.to_move);
                    });
                });
        var base = S.game.moves.slice(0, S.shownPly());
        var table = document.createElement('table');
        var jobs = st.legal.map(function (tok, k) {
            return S.sow(S.baseArgs('trace').concat(['--moves', base.concat([tok]).join(' '), '--json', '--brief']),
                       {keep: 'last'})
                .then(function (r) {
                    var evs = r.out.split('\n').map(S.json).filter(function (e) {
                        return e && e.event && e.event !== 'drop';
                    });
                    var tr = document.createElement('tr');
                    var td1 = document.createElement('td');
                    var b = document.createElement('button');
                    b.textContent = S.choiceText(st, k);
                    b.addEventListener('click', function () { humanMove(tok); });
                    td1.appendChild(b);
                    var td2 = document.createElement('td');
                    td2.textContent = evs.map(function (e) {
                        return plainText(e.text) + (e.rule ? ' [' + e.rule + ']' : '');
                    }).join('; ');
                    tr.dataset.move = tok;
                    tr.appendChild(td1);
                    tr.appendChild(td2);
                    table.appendChild(tr);
                });
        });
        Promise.all(jobs.concat([searched, solved])).then(function () {
            Array.prototype.forEach.call(table.querySelectorAll('tr'), function (tr) {
                var t = exact[tr.dataset.move];
                if (!t) return;
                var td = document.createElement('td');
                td.className = 'exact';
                td.textContent = 'then ' + t;
                tr.insertBefore(td, tr.children[1]);
            });
            box.textContent = '';
            box.appendChild(suggest);
            box.appendChild(table);
        });
    }

    /* The player whose choice Hint suggests: the computer opponent's, or
     * alphabeta:depth=5 when both sides are people. */
    function hintPlayer() {
        if (!S.isHuman(0)) return S.playerOf(0);
        if (!S.isHuman(1)) return S.playerOf(1);
        return S.perfectFits(S.game.info) ? S.LEVELS.perfect : S.LEVELS.intermediate;
    }
    function isPerfect(spec) { return /^perfect(:|$)/.test(spec); }
    /* A value for the player p to move (the margin, or 1, 0, -1 where the
     * game has no score) in words: "South wins by 4", "a draw", "North
     * loses by 2" */
    function outcome(v, p) {
        var scored = !!(S.game.info && S.game.info.end && S.game.info.end.scoring);
        if (v === 0) return 'the game is a draw';
        var who = S.sideName(p) + (v > 0 ? ' wins' : ' loses');
        return scored ? who + ' by ' + Math.abs(v) : who;
    }

    Object.assign(S, {computerMove: computerMove, goTo: goTo, hint: hint, humanMove: humanMove,
                      stopComputer: stopComputer, stopFlights: stopFlights, undo: undo});
})(window.sowParts);
