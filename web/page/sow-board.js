/* sow-board.js - the board: sow draw's picture made clickable, the
 * keys on the page, the state written for tools, the Share link and the
 * address bar, the move list, the status and the questions a move asks
 * (decisions, a hole's directions). Part of the page (sow-page.js). */
'use strict';
(function (S) {
    var $ = S.$;

    /* ---- the board: sow draw's picture, made clickable ------------------ */
    /* each hole's {circle, dots, count, label} as drawn, by hole number;
     * on S, since sow-moves.js draws the seeds in flight on them */
    S.holeEls = [];

    function drawBoard(svgText, state, playable) {
        var box = $('board');
        box.innerHTML = svgText;
        S.holeEls = [];
        /* holes (46 units wide) no smaller than 40 CSS px: a long board
         * scrolls on a phone */
        var svg = box.querySelector('svg');
        if (svg) svg.style.minWidth = Math.round((+svg.getAttribute('width') || 0) * 40 / 46) + 'px';
        var labels = S.game.info.board.labels;
        var texts = box.querySelectorAll('svg text');
        /* the picture's title names the options as sow draw takes them
         * ("Adji Kui II (match=true)"); the page shows them above in
         * words, so the title does without (D15) */
        Array.prototype.forEach.call(box.querySelectorAll('svg title, svg text'), function (t) {
            if (/=/.test(t.textContent))
                t.textContent = t.textContent.replace(/ \((?:[a-z0-9_]+=[^,()]*(?:, )?)+\)/, '');
        });
        /* each hole is drawn as circle, dots, count, label (sow_svg.c) */
        for (var i = 0; i < texts.length; i++) {
            /* a hole the other row's player owns is labelled "A*" */
            var t = texts[i], h = labels.indexOf(t.textContent.replace(/\*$/, ''));
            if (h < 0 || t.getAttribute('font-size') !== '14' || S.holeEls[h])
                continue;
            var count = t.previousElementSibling;
            var dots = count && count.previousElementSibling;
            var circle = dots && dots.previousElementSibling;
            if (!circle || circle.tagName !== 'circle')
                continue;
            S.holeEls[h] = {circle: circle, dots: dots, count: count, label: t};
        }
        if (!playable)
            return;
        /* The legal moves by the hole they start from: a hole with one
         * move plays it at a click ("5", "+21": a seed from the hand,
         * MW.2); a hole with several (its directions "3/ccw" "3/cw",
         * MB.2; the holes taken after its capture "6,x25", NS.6; the
         * turns of several decisions "+11,k15,k8", "12/cw,k8,go", C2.3)
         * is ringed once, and a click on it asks which */
        var byHole = {};
        state.legal.forEach(function (tok, k) {
            var m = /^\+?(\d+)(?:\/c?cw)?(?:,(?:x\d+|k\d+|go|stop))*$/.exec(String(tok));
            if (m && S.holeEls[+m[1]])
                (byHole[m[1]] = byHole[m[1]] || []).push(k);
        });
        Object.keys(byHole).forEach(function (h) {
            var el = S.holeEls[+h], ks = byHole[h], one = ks.length === 1;
            var tok = String(state.legal[ks[0]]);
            var play = one ? function () { S.humanMove(tok); }
                           : function () { askChoice(state, +h, ks); };
            focusable(el.circle, play);
            el.circle.classList.add('legal');
            if (one)
                el.circle.dataset.move = tok;
            else
                el.circle.dataset.moves = ks.map(function (k) { return state.legal[k]; }).join(' ');
            el.circle.setAttribute('aria-label', one ? 'play ' + state.labels[ks[0]]
                                   : 'play ' + labels[+h] + ', then choose ' +
                                     (/\/c?cw$/.test(tok) ? 'the direction' : 'the hole to take'));
            [el.circle, el.dots, el.count, el.label].forEach(function (n) {
                n.style.cursor = 'pointer';
                n.addEventListener('click', play);
            });
        });
    }

    /* A ringed hole in the Tab order, played by Enter or Space. */
    function focusable(circle, play) {
        circle.setAttribute('tabindex', '0');
        circle.setAttribute('role', 'button');
        circle.addEventListener('keydown', function (ev) {
            if (ev.key === 'Enter' || ev.key === ' ') {
                ev.preventDefault();
                play();
            }
        });
    }

    /* Keys on the page (outside the fields): a hole's letter focuses that
     * ringed hole (on boards of more rows, C2.2, a column's letter its
     * ringed holes in turn: k, then k again, for k1 and k2), the arrows
     * the ringed hole beside the focused one (left and right as drawn);
     * Enter plays it. */
    function onKey(ev) {
        var t = ev.target, tag = t && t.tagName;
        if (ev.ctrlKey || ev.metaKey || ev.altKey || /^(INPUT|TEXTAREA|SELECT)$/.test(tag))
            return;
        var rings = Array.prototype.slice.call($('board').querySelectorAll('circle.legal'));
        if (!rings.length) return;
        var byLabel = null, column = [];
        S.holeEls.forEach(function (el) {
            if (!el || !el.circle.classList.contains('legal')) return;
            var l = el.label.textContent.replace(/\*$/, '');
            if (l === ev.key) byLabel = el.circle;
            else if (/^[a-z]\d$/.test(l) && l.charAt(0) === ev.key) column.push(el.circle);
        });
        if (!byLabel && column.length)
            byLabel = column[(column.indexOf(document.activeElement) + 1) % column.length];
        if (byLabel) {
            ev.preventDefault();
            byLabel.focus();
            return;
        }
        if (ev.key !== 'ArrowLeft' && ev.key !== 'ArrowRight') return;
        rings.sort(function (a, b) {
            return +a.getAttribute('cy') - +b.getAttribute('cy') || +a.getAttribute('cx') - +b.getAttribute('cx');
        });
        var i = rings.indexOf(document.activeElement);
        var next = i < 0 ? 0 : (i + (ev.key === 'ArrowRight' ? 1 : rings.length - 1)) % rings.length;
        ev.preventDefault();
        rings[next].focus();
    }

    function writeState(st) {
        var out = {
            variant: S.game.info ? S.game.info.id : S.game.variant,
            options: Object.assign({}, S.game.options),
            ply: st.ply,
            to_move: st.to_move,
            legal: st.legal.map(S.num),
            board: st.board,
            captured: st.captured,
            over: st.over,
            result: st.result ? (st.result.match_result || st.result.result) : null
        };
        if (st.hand) out.hand = st.hand;
        if (st.claimed) out.claimed = st.claimed;
        if (st.blocked) out.blocked = st.blocked;
        out.moves = st.moves.map(S.num);
        $('sow-state').textContent = JSON.stringify(out);
    }

    function shareUrl() {
        var q = 'variant=' + encodeURIComponent(S.game.info ? S.game.info.id : S.game.variant);
        var opts = Object.keys(S.game.options).map(function (k) { return k + '=' + S.game.options[k]; });
        if (opts.length)
            q += '&options=' + encodeURIComponent(opts.join(','));
        if (S.game.moves.length)
            q += '&moves=' + encodeURIComponent(S.game.moves.join(','));
        /* the players (a computer opponent is kept by a reload) */
        [0, 1].forEach(function (p) {
            if (!S.isHuman(p))
                q += '&' + (p ? 'north' : 'south') + '=' + encodeURIComponent(
                    S.levelOf(S.playerOf(p)) === 'custom' ? S.playerOf(p) : S.levelOf(S.playerOf(p)));
        });
        var edited = S.game.variant.indexOf('/bench/') === 0;
        return location.href.replace(/[?#].*$/, '') + '?' + q + (edited && S.bench.fragment ? '#' + S.bench.fragment : '');
    }

    /* The Share field: the link; from a file (file://) only the page's
     * name and its query, which work wherever the page is put, and a note
     * saying so. */
    function renderShare() {
        var u = shareUrl(), local = location.protocol === 'file:';
        $('share').value = local ? u.replace(/^.*\//, '') : u;
        var notes = [];
        if (local)
            notes.push('This page was opened from a file, so the link is given without its place: it works ' +
                       'once the page is on a web server (put build/web on one), or next to a copy of index.html.');
        if (S.game.variant.indexOf('/bench/') === 0 && !S.bench.fragment)
            notes.push(S.bench.tooBig ? 'The edited rules are too large for a link (' + S.bench.tooBig + ' characters ' +
                                      'packed; at most ' + S.SHARE_MAX + '): the link opens the game as shipped. ' +
                                      'Send the YAML and Lua files (Download) with it.'
                                    : 'This browser cannot pack the edited rules into the link: it opens the ' +
                                      'game as shipped. Send the YAML and Lua files (Download) with it.');
        $('share-note').hidden = !notes.length;
        $('share-note').textContent = notes.join(' ');
    }

    function copyShare() {
        var text = $('share').value, done = function () {
            $('copy').textContent = 'Copied';
            setTimeout(function () { $('copy').textContent = 'Copy'; }, 1500);
        };
        if (navigator.clipboard && navigator.clipboard.writeText)
            navigator.clipboard.writeText(text).then(done, function () { copyBySelection(); done(); });
        else {
            copyBySelection();
            done();
        }
    }
    function copyBySelection() {
        $('share').select();
        try { document.execCommand('copy'); } catch (e) { /* the text stays selected to copy by hand */ }
    }

    /* The address bar follows the game, at most twice a second (a browser
     * throttles pages that change it faster, as computer games would). */
    var urlTimer = null;
    function keepUrl() {
        if (urlTimer) return;
        urlTimer = setTimeout(function () {
            urlTimer = null;
            var u = shareUrl();
            if (u !== location.href)
                try { history.replaceState(null, '', u); } catch (e) { /* file:// may refuse */ }
        }, 500);
    }

    /* Ask the engine for the position shown and draw it; then let the
     * computer move if it is its turn. */
    function refresh(thenComputer) {
        var seq = S.game.seq, ply = S.shownPly();
        var args = S.baseArgs('state').concat(['--moves', S.movesArg(ply)]);
        var st;
        return S.sow(args).then(function (r) {
            if (seq !== S.game.seq) return null;
            if (r.rc !== 0) throw new Error(r.err);
            st = S.json(r.out);
            return S.sow(S.baseArgs('draw').concat(['--moves', S.movesArg(ply), '--svg', '-']));
        }).then(function (r) {
            if (!r || seq !== S.game.seq) return;
            if (r.rc !== 0) throw new Error(r.err);
            S.game.state = st;
            S.stopFlights();
            S.setActing(null);
            var atEnd = ply === S.game.moves.length;
            var human = !st.over && atEnd && S.isHuman(st.to_move);
            drawBoard(r.out, st, human || !atEnd);
            renderStatus(st, atEnd);
            renderDecisions(st, human);
            if (atEnd)
                writeState(st);
            if (atEnd)
                S.saveGame();
            $('ply-of').textContent = 'move ' + ply + ' of ' + S.game.moves.length;
            renderShare();
            renderMoveList(st);
            keepUrl();
            $('resume').hidden = !(S.game.paused && atEnd && !st.over && !S.isHuman(st.to_move));
            if (thenComputer !== false && !S.game.paused && atEnd && !st.over && !S.isHuman(st.to_move))
                return S.computerMove();
        }).catch(function (e) { S.setActing(null); S.showError(String(e.message || e)); });
    }

    function sideName(p) { return p ? 'North' : 'South'; }

    /* "computer, strong", or the player spec when it is no named level */
    function computerName(p) {
        var lv = S.levelOf(S.playerOf(p));
        return lv === 'custom' ? 'computer: ' + S.playerOf(p) : 'computer, ' + lv;
    }

    /* A move's name for people: the hole's label (with its direction), a
     * decision's words where the position gave them. */
    function moveLabel(tok) {
        var labels = S.game.info.board.labels;
        var m = /^(\+)?(\d+)(?:\/(c?cw))?(?:,x(\d+))?$/.exec(tok);
        if (m && labels[+m[2]] !== undefined)
            return (m[1] ? 'a seed from the hand into ' : '') + labels[+m[2]] +
                   (m[3] ? (m[3] === 'cw' ? ' clockwise' : ' counter-clockwise') : '') +
                   (m[4] && labels[+m[4]] !== undefined ? ', taking ' + labels[+m[4]] : '');
        return S.game.words[tok] || decisionWords(tok);
    }
    /* A decision's words when the engine gave none for it (a move of a
     * link, before the page saw its position): a hole by its label, a
     * direction in words; the token as a last resort. */
    function decisionWords(tok) {
        var labels = S.game.info ? S.game.info.board.labels : [], m = /^[a-z_]+:(\d+)$/.exec(tok);
        if (/:cw$/.test(tok)) return 'clockwise';
        if (/:ccw$/.test(tok)) return 'counter-clockwise';
        if (m && /^first:/.test(tok)) return +m[1] ? 'North' : 'South';
        if (m && labels[+m[1]] !== undefined) return 'hole ' + labels[+m[1]];
        return tok;
    }
    function isDecision(tok) { return /:/.test(String(tok)); }
    /* "plays c", or a decision's "chose North" */
    function moveText(tok, k, st) {
        tok = String(tok);
        if (/,(?:k\d+|go|stop)/.test(tok) && st && k >= 0 && st.words && st.words[k])
            return st.words[k]; /* C2.3: a whole turn, in words */
        if (isDecision(tok))
            return 'chose ' + ((st && k >= 0 && st.words && st.words[k]) || moveLabel(tok));
        if (/^\+/.test(tok)) /* MW.2: "puts a seed from the hand into f3" */
            return 'puts ' + moveLabel(tok);
        return 'plays ' + (st && k >= 0 ? st.labels[k] : moveLabel(tok));
    }
    /* A button's text for a legal move: its hole, or a decision's words */
    function choiceText(st, k) {
        var tok = String(st.legal[k]);
        return isDecision(tok) ? (st.words && st.words[k]) || moveLabel(tok) : st.labels[k];
    }
    /* The variant's question without the move syntax it may carry for
     * the terminal ("... first:0 for South, first:1 for North (A.3)") */
    function plainQuestion(q) {
        if (!q) return 'decide:';
        var i = q.indexOf('?');
        if (i >= 0) return q.slice(0, i + 1);
        return q.replace(/\s*\([A-Z][A-Z0-9]?\d*\.\d+\)/g, '').replace(/\S+:\S+/g, '').replace(/\s+/g, ' ').trim();
    }

    /* The moves of the game in hole labels, each a button to the position
     * after it (its narration shown); a match's games apart. The mover of
     * each comes from the record (sow replay --json). */
    var moveListSeq = -1;
    function renderMoveList(st) {
        (st.words || []).forEach(function (w, k) { S.game.words[st.legal[k]] = w; });
        var box = $('movelist'), key = S.game.seq + ':' + S.game.moves.length;
        var mark = function () {
            Array.prototype.forEach.call(box.querySelectorAll('button'), function (b) {
                b.classList.toggle('now', +b.dataset.ply === S.shownPly());
            });
        };
        if (moveListSeq === key) { mark(); return; }
        moveListSeq = key;
        var moves = S.game.moves.slice(), seq = S.game.seq;
        S.sow(S.baseArgs('replay').concat(['--moves', moves.join(' '), '--json'])).then(function (r) {
            if (seq !== S.game.seq && moves.join(' ') !== S.game.moves.join(' ')) return;
            box.textContent = '';
            var k = 0;
            r.out.split('\n').map(S.json).forEach(function (l) {
                if (!l) return;
                if ('game' in l && !('ply' in l)) {
                    var g = document.createElement('li');
                    g.className = 'game';
                    g.textContent = 'Game ' + l.game;
                    box.appendChild(g);
                }
                if (!('ply' in l && 'move' in l) || k >= moves.length) return;
                var li = document.createElement('li'), b = document.createElement('button');
                var ply = ++k;
                b.textContent = sideName(l.to_move) + (isDecision(l.move) ? ' chose ' : ' ') + moveLabel(String(l.move));
                b.dataset.ply = ply;
                b.addEventListener('click', function () { S.goTo(ply); });
                li.appendChild(b);
                box.appendChild(li);
            });
            mark();
        });
    }

    function renderStatus(st, atEnd) {
        var s = $('status');
        s.className = '';
        if (st.over)
            s.textContent = 'Game over: ' + st.result_text;
        else
            s.textContent = sideName(st.to_move) + ' to move' +
                (atEnd ? (S.isHuman(st.to_move) ? (st.question ? ': answer the question below' : ': click a ringed hole')
                                              : S.game.paused ? ' (' + computerName(st.to_move) + '): stopped; ' +
                                                'press Continue to let it move, or Undo'
                                              : ' (' + computerName(st.to_move) + ')')
                       : ' (viewing an earlier move: playing here takes back the moves after it)');
    }

    /* Decisions (Andada's first mover, Adji Kui II's purchases, a
     * round's direction) as the variant's question, with a button for
     * each choice in words (sow state's words; the token in small type
     * and in the tooltip). */
    function renderDecisions(st, human) {
        $('decisions').textContent = '';
        var lay = st.legal.length === 1 && /^layout:(\d+)\*N=(\d+)$/.exec(String(st.legal[0]));
        if (lay) {
            if (human || S.shownPly() !== S.game.moves.length)
                askLayout(st, +lay[1], +lay[2]);
            return;
        }
        var dec = [];
        st.legal.forEach(function (t, k) {
            if (t.indexOf(':') > 0) dec.push(k);
        });
        if (!dec.length || !human && S.shownPly() === S.game.moves.length)
            return;
        askButtons(sideName(st.to_move) + ', ' + plainQuestion(st.question),
                   dec.map(function (k) {
                       return [st.legal[k], (st.words || [])[k] || st.legal[k]];
                   }));
    }

    /* The hole h clicked, its moves ks (indices into st.legal): a button
     * for each, in words: a direction (MB.2), or the hole taken after the
     * capture (NS.6). */
    function askChoice(st, h, ks) {
        var labels = S.game.info.board.labels;
        var turn = ks.some(function (k) {
            return /,(?:k\d+|go|stop)/.test(String(st.legal[k]));
        });
        if (turn) { /* C2.3: whole turns, each in words */
            askButtons(sideName(st.to_move) + ', which turn from hole ' +
                       labels[h] + '?',
                       ks.map(function (k) {
                           return [String(st.legal[k]),
                                   (st.words && st.words[k]) || st.labels[k]];
                       }));
            return;
        }
        if (/,x\d+$/.test(String(st.legal[ks[0]]))) {
            askButtons(sideName(st.to_move) + ', after the capture, which hole do you take?',
                       ks.map(function (k) {
                           var tok = String(st.legal[k]);
                           return [tok, labels[+/,x(\d+)$/.exec(tok)[1]]];
                       }));
            return;
        }
        askButtons(sideName(st.to_move) + ', which way do you sow hole ' +
                   labels[h] + '?',
                   ks.map(function (k) {
                       var tok = st.legal[k];
                       return [tok, /\/cw$/.test(tok) ? 'clockwise' : 'counter-clockwise'];
                   }));
    }

    /* A whole setup in one move (MW.2, setup=layout: the legal list holds
     * the pattern "layout:16*N=32", C2.3): the counts typed in a field, in
     * increasing hole number, or a layout drawn at random (every
     * arrangement alike: bars placed among hand + holes - 1 places); the
     * move played is its token, kept in the record and the link. */
    function askLayout(st, holes, hand) {
        var box = $('decisions');
        var q = document.createElement('p');
        q.className = 'question';
        q.textContent = sideName(st.to_move) + ', set out your ' + hand +
            ' seeds in one move: type how many go in each of your ' + holes +
            ' holes, in increasing hole number (your first row from its a hole, then your' +
            ' second), separated by commas or spaces, summing to ' + hand + '.';
        box.appendChild(q);
        var field = document.createElement('input');
        field.type = 'text';
        field.id = 'layout-counts';
        field.setAttribute('aria-label', 'the counts of your holes');
        field.size = 48;
        box.appendChild(field);
        var play = function () {
            var counts = field.value.trim().split(/[\s,]+/).filter(Boolean);
            S.humanMove('layout:' + counts.join(','));
        };
        field.addEventListener('keydown', function (ev) {
            if (ev.key === 'Enter') { ev.preventDefault(); play(); }
        });
        var go = document.createElement('button');
        go.textContent = 'Set out';
        go.addEventListener('click', play);
        box.appendChild(go);
        var any = document.createElement('button');
        any.textContent = 'At random';
        any.addEventListener('click', function () { S.humanMove(randomLayout(holes, hand)); });
        box.appendChild(any);
    }

    function randomLayout(holes, hand) {
        var counts = [0], len = hand + holes - 1, bars = holes - 1;
        for (var at = 0; at < len; at++) {
            if (Math.random() * (len - at) < bars) { bars--; counts.push(0); }
            else counts[counts.length - 1]++;
        }
        return 'layout:' + counts.join(',');
    }

    /* The question, then a button for each [token, words] choice, in
     * words (the token only in data-move, for tools); a click, or Enter,
     * plays it; the arrow keys move between the buttons (Home, End: the
     * first, the last). */
    function askButtons(question, choices) {
        var box = $('decisions');
        box.textContent = '';
        var q = document.createElement('p');
        q.className = 'question';
        q.textContent = question;
        box.appendChild(q);
        choices.forEach(function (c) {
            var tok = c[0], words = c[1];
            var b = document.createElement('button');
            b.textContent = words;
            b.dataset.move = tok;
            b.addEventListener('click', function () { S.humanMove(tok); });
            b.addEventListener('keydown', decisionKey);
            box.appendChild(b);
        });
    }

    function decisionKey(ev) {
        var bs = Array.prototype.slice.call($('decisions').querySelectorAll('button'));
        var i = bs.indexOf(ev.target), n = bs.length, to = -1;
        if (i < 0 || ev.ctrlKey || ev.metaKey || ev.altKey) return;
        if (ev.key === 'ArrowRight' || ev.key === 'ArrowDown') to = (i + 1) % n;
        else if (ev.key === 'ArrowLeft' || ev.key === 'ArrowUp') to = (i + n - 1) % n;
        else if (ev.key === 'Home') to = 0;
        else if (ev.key === 'End') to = n - 1;
        if (to < 0) return;
        ev.preventDefault();
        ev.stopPropagation(); /* not the board's arrows */
        bs[to].focus();
    }

    Object.assign(S, {choiceText: choiceText, computerName: computerName, copyShare: copyShare,
                      decisionWords: decisionWords, moveLabel: moveLabel, moveText: moveText,
                      onKey: onKey, refresh: refresh, sideName: sideName});
})(window.sowParts);
