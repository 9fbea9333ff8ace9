/* sow-page.js - the page of make web: play, learn and write variants.
 *
 * Every answer comes from sow's own engine in a Web Worker (worker.js):
 * a request is one run of the `sow` command with its arguments, so the
 * board is `sow draw`'s picture, the narration `sow trace --json`, the
 * record `sow replay --json`, errors `sow validate --json`, scenario
 * runs `sow test`, computer moves `sow search`. The page itself keeps only
 * the variant, its options and the list of moves; the position is asked
 * for again after every change (`sow state`, web/web_main.c) and written
 * as JSON into #sow-state for tests and other tools. Plain JavaScript,
 * no framework. */
'use strict';
(function () {
    var $ = function (id) { return document.getElementById(id); };

    /* ---- the engine: one worker, one request at a time ----------------- */
    var worker = null, nextId = 1, waiting = {}, chain = Promise.resolve();

    function startWorker() {
        var url = URL.createObjectURL(new Blob([SOW_WORKER_SOURCE],
                                               {type: 'text/javascript'}));
        worker = new Worker(url);
        worker.onmessage = function (e) {
            var done = waiting[e.data.id];
            delete waiting[e.data.id];
            if (e.data.dead)
                restartWorker();
            if (done)
                done(e.data);
        };
    }

    /* End whatever the engine is doing (a long search): a new worker. */
    function restartWorker() {
        if (worker)
            worker.terminate();
        var ids = Object.keys(waiting);
        ids.forEach(function (id) {
            var done = waiting[id];
            delete waiting[id];
            done({rc: -2, out: '', err: 'stopped', files: {}});
        });
        startWorker();
    }

    /* Run `sow ARGS...` with the workbench's files in place. */
    function sow(args, extra) {
        extra = extra || {};
        var run = function () {
            return new Promise(function (resolve) {
                var id = nextId++;
                waiting[id] = resolve;
                var files = Object.assign({}, bench.files, extra.files || {});
                var out = extra.keep !== undefined ? '/tmp/sow-out.txt' : null;
                worker.postMessage({id: id, files: files, read: extra.read || [],
                                    args: out ? ['--stdout', out].concat(args) : args,
                                    stdout: out, keep: extra.keep});
            });
        };
        var p = chain.then(run, run);
        chain = p;
        return p;
    }

    function busy(on) { $('busy').hidden = !on; }

    /* ---- the game ------------------------------------------------------ */
    var game = {
        variant: 'adji-kui-1', /* an id, or a workbench file (/bench/...) */
        options: {},           /* NAME: VALUE, as the user set them */
        moves: [],             /* tokens played */
        view: null,            /* the ply shown; null: after the last move */
        info: null,            /* sow show --json */
        state: null,           /* sow state */
        seq: 0,                /* bumps on every change: stale answers are dropped */
        acting: null,          /* "South is sowing…", "North is thinking…": the board takes no clicks */
        words: {},             /* a decision's words by token (sow state's), for the move list */
        paused: false          /* Stop pressed: the computer waits for Continue */
    };
    var variants = [];         /* sow list --json */
    /* docs/how-to-play.md and web/perfect.json (sow-howto.js, web/howto.py) */
    var HOWTO = window.SOW_HOWTO || {games: {}, options: {}, perfect: {}};

    function optionArgs() {
        var a = [];
        Object.keys(game.options).forEach(function (k) {
            a.push('--option', k + '=' + game.options[k]);
        });
        return a;
    }
    function baseArgs(cmd) { return [cmd, game.variant].concat(optionArgs()); }
    function movesArg(n) {
        return game.moves.slice(0, n === undefined ? game.moves.length : n).join(' ');
    }
    function shownPly() { return game.view === null ? game.moves.length : game.view; }

    /* The computer's named levels (what a class chooses from); any other
     * player spec is "other", typed in the field beside the list. */
    var LEVELS = {beginner: 'greedy', intermediate: 'alphabeta:depth=5',
                  strong: 'alphabeta:ms=1500', perfect: 'perfect'};
    function levelOf(spec) {
        if (spec === 'human') return 'human';
        for (var k in LEVELS)
            if (LEVELS[k] === spec) return k;
        return 'custom';
    }
    function specOf(text) { return LEVELS[text] || text; }
    /* the lists follow the fields (set by a link, a reload or a test) */
    function syncLevels() {
        ['south', 'north'].forEach(function (id) {
            var lv = levelOf($(id).value.trim() || 'human');
            $(id + '-level').value = lv;
            $(id).hidden = lv !== 'custom';
        });
    }
    /* Whether the perfect level can play this game: decided in advance,
     * from web/perfect.json (web/perfect.py: the games sow solve answers
     * from the start within its cap of positions, and the largest boards
     * it did), the game's script and its repetition rule (which the
     * solver refuses); rules edited in the workbench are never in the
     * list. */
    function perfectFits(info) {
        if (!info || game.variant.indexOf('/bench/') === 0 || info.script || info.end && info.end.repetition)
            return false;
        var b = info.board;
        return (HOWTO.perfect[info.id] || []).some(function (e) {
            return b.holes_per_row <= e[0] && b.seeds <= e[1];
        });
    }
    /* The perfect level offered or not for the game shown; a side set to
     * it where it cannot play is moved to the strong level, saying so. */
    function syncPerfect() {
        var ok = perfectFits(game.info), moved = [];
        ['south', 'north'].forEach(function (id, side) {
            var op = $(id + '-level').querySelector('option[value="perfect"]');
            op.disabled = !ok;
            op.textContent = ok ? 'computer: perfect' : 'computer: perfect (only small games)';
            op.title = ok ? 'plays every move perfectly (the solver works it out)' :
                'the solver cannot work out this game within the page\'s time: try a small board (fewer holes or seeds)';
            if (!ok && playerOf(side) === LEVELS.perfect) {
                $(id).value = LEVELS.strong;
                moved.push(sideName(side));
            }
        });
        if (moved.length) {
            syncLevels();
            saveSettings();
            notice('The perfect level plays only games small enough for the solver to work out; ' +
                   moved.join(' and ') + ' now ' + (moved.length > 1 ? 'play' : 'plays') + ' at the strong level.');
        }
        return ok;
    }
    function playerOf(side) { return $(side ? 'north' : 'south').value.trim() || 'human'; }
    function isHuman(side) { return playerOf(side) === 'human'; }
    function json(text) { try { return JSON.parse(text); } catch (e) { return null; } }
    function num(t) { return /^\d+$/.test(t) ? +t : t; }

    function showError(text) {
        $('status').textContent = text;
        $('status').className = 'bad';
    }

    /* A message that stays above the board until the next move or game
     * (a link's illegal move, a script's error during a move). */
    function notice(text) {
        $('notice').textContent = text || '';
        $('notice').hidden = !text;
    }

    /* While a move is sown on the board or the computer thinks, the
     * board, the hint's and the decisions' buttons take no clicks, and
     * the status says who is acting. */
    function setActing(text) {
        game.acting = text;
        document.body.dataset.acting = text ? '1' : '';
        if (text) {
            $('status').textContent = text;
            $('status').className = 'acting';
        }
    }

    /* Ask before something is thrown away: the question with two buttons
     * above the board; resolves to true for yes. A new question answers
     * the one shown with no. */
    var answer = null;
    function ask(text, yes, no) {
        if (answer) answer(false);
        return new Promise(function (resolve) {
            $('confirm-text').textContent = text;
            $('confirm-yes').textContent = yes;
            $('confirm-no').textContent = no;
            $('confirm').hidden = false;
            answer = function (v) {
                answer = null;
                $('confirm').hidden = true;
                resolve(v);
            };
            $('confirm-yes').focus();
        });
    }

    /* Before the game in progress is dropped (another game, other
     * options): asks when moves have been played. */
    function mayDropGame(what, yes) {
        var n = game.moves.length;
        if (!n) return Promise.resolve(true);
        return ask(what + ' The ' + n + (n === 1 ? ' move' : ' moves') + ' of the game in progress ' +
                   'will be lost (Save record keeps them).', yes, 'Keep this game');
    }

    /* The variant's description (options, labels, rules) for the options
     * chosen. */
    function loadInfo() {
        return sow(baseArgs('show').concat(['--json'])).then(function (r) {
            var info = json(r.out);
            if (r.rc !== 0 || !info)
                throw new Error(r.err || 'sow show failed');
            game.info = info;
            $('summary').textContent = info.name + ': ' + info.summary;
            $('edited').hidden = game.variant.indexOf('/bench/') !== 0;
            renderHowto(info);
            syncPerfect();
            return info;
        });
    }

    /* How to play: the board and a turn in plain words, then the rules
     * of the variant, each with its id (the narration's rule ids link
     * here). */
    function renderHowto(info) {
        var body = $('howto-body');
        body.textContent = '';
        var para = function (text) {
            var p = document.createElement('p');
            p.textContent = text;
            body.appendChild(p);
            return p;
        };
        var ids = {};
        (info.rules || []).forEach(function (r) { ids[r.id] = true; });
        var b = info.board, n = b.labels.length;
        /* the game in plain words: the variant file's own how_to_play: (a
         * game of the workbench), else the shipped game's text
         * (docs/how-to-play.md) */
        var own = info.how_to_play, plain = own ? {parts: howtoParts(own)} : HOWTO.games[info.id];
        if (plain) {
            var box = document.createElement('div');
            box.id = 'howto-plain';
            plain.parts.forEach(function (part) {
                var p = document.createElement('p'), t = document.createElement('b');
                t.textContent = part[0] + '. ';
                p.appendChild(t);
                withRuleLinks(p, part[1], ids);
                box.appendChild(p);
            });
            body.appendChild(box);
            if (!own && game.variant.indexOf('/bench/') === 0)
                para('(These words are those of the game as shipped; the rules played here were edited in ' +
                     'the workbench, and the precise rules below are the edited ones. A how_to_play: section ' +
                     'in the file gives the edited game words of its own.)');
        } else {
            para(info.name + ': ' + info.summary);
            para('The board: ' + (b.rows || 2) + ' rows of ' + (b.holes_per_row || n / 2) + ' holes' +
                 (b.seeds ? ', ' + b.seeds + ' seeds in all' : '') + (b.stores ? ', and a store for each player' : '') +
                 '. (No plain-words text was written for this game: a how_to_play: section in its file ' +
                 'gives one, as docs/writing-variants.md tells.)');
        }
        para('On this page South plays the bottom row (' + b.labels[0] + ' to ' + b.labels[n / 2 - 1] +
             ', from the left), North the top row (' + b.labels[n / 2] + ' to ' + b.labels[n - 1] +
             ', from the right). On your turn click one of your ringed holes (or press its letter, then ' +
             'Enter); the narration beside the board tells each step and the rule it follows, and Hint ' +
             'suggests a move.');
        var h = document.createElement('h3');
        h.textContent = 'The rules, precisely';
        body.appendChild(h);
        var ol = document.createElement('ul');
        (info.rules || []).forEach(function (r) {
            var li = document.createElement('li');
            li.id = 'rule-' + r.id;
            var id = document.createElement('span');
            id.className = 'rid';
            id.textContent = r.id;
            li.appendChild(id);
            li.appendChild(document.createTextNode(r.text));
            ol.appendChild(li);
        });
        body.appendChild(ol);
    }

    /* The four parts of a variant file's how_to_play: as the shipped
     * games' [title, text] pairs. */
    var HOWTO_PARTS = [['board', 'The board'], ['move', 'A move'], ['capturing', 'Capturing'], ['end', 'The end']];
    function howtoParts(own) {
        return HOWTO_PARTS.map(function (p) { return [p[1], own[p[0]]]; });
    }

    /* A how_to_play: section for a variant file, from the shipped game's
     * plain words (its parts as YAML double-quoted text, which JSON's
     * strings are); '' when that game has none. */
    function howtoYaml(id) {
        var plain = HOWTO.games[id];
        if (!plain || plain.parts.length !== HOWTO_PARTS.length) return '';
        return 'how_to_play:                      # the game in plain words, for the page\'s How to play\n' +
            HOWTO_PARTS.map(function (p, i) {
                return '  ' + p[0] + ': ' + JSON.stringify(plain.parts[i][1]) + '\n';
            }).join('');
    }

    /* Text with its rule ids (those of the game, in `ids`) as links that
     * open the rule's text in How to play. */
    function withRuleLinks(el, text, ids) {
        var re = /\b([A-Z][A-Z0-9]?\d*\.\d+|P\d+)\b/g, at = 0, m;
        while ((m = re.exec(text))) {
            if (!ids[m[1]]) continue;
            el.appendChild(document.createTextNode(text.slice(at, m.index)));
            var a = document.createElement('a');
            a.className = 'rule';
            a.href = '#rule-' + m[1];
            a.textContent = m[1];
            a.addEventListener('click', (function (id) {
                return function (ev) { ev.preventDefault(); showHowto(id); };
            })(m[1]));
            el.appendChild(a);
            at = m.index + m[1].length;
        }
        el.appendChild(document.createTextNode(text.slice(at)));
    }

    /* Open How to play, at rule `id` if one is given. */
    function showHowto(id) {
        $('howto').hidden = false;
        Array.prototype.forEach.call($('howto-body').querySelectorAll('li.hl'), function (li) {
            li.classList.remove('hl');
        });
        var li = id ? document.getElementById('rule-' + id) : null;
        if (li) {
            li.classList.add('hl');
            li.scrollIntoView({block: 'nearest'});
        }
        $('howto').scrollIntoView({block: 'nearest'});
    }

    /* An option as a learner reads it: its plain label and words for
     * each value (docs/how-to-play.md's Options); the option's own name
     * and values stay in the record and the shared link. */
    function optionLabel(o) {
        var p = HOWTO.options[o.name];
        return p ? p.label : o.name.replace(/_/g, ' ');
    }
    function valueWords(o, v) {
        var p = HOWTO.options[o.name], vs = p ? p.values : {};
        if (vs[v]) return vs[v];
        var m = /^(.*):(\d+)$/.exec(String(v));  /* no_capture_plies:50 */
        if (m && vs[m[1] + ':K']) return vs[m[1] + ':K'].replace('this many', m[2]);
        if (o.type === 'bool') return v === 'true' ? 'yes' : 'no';
        return String(v).replace(/_/g, ' ');
    }
    /* An option's text for people: the plain one, or (an option no plain
     * text was written for) its doc without the other programs it cites */
    function optionDoc(o) {
        var p = HOWTO.options[o.name];
        if (p) return p.doc;
        return (o.doc || '').replace(/\s*\([^()]*(MancalaGames|MG|Ludii|OpenSpiel)[^()]*\)/g, '')
            .split(/(?<=\.)\s+/).filter(function (x) { return !/MancalaGames|\bMG\b|Ludii|OpenSpiel/.test(x); }).join(' ');
    }

    function renderOptions() {
        var box = $('options');
        box.textContent = '';
        (game.info.options || []).forEach(function (o) {
            var label = document.createElement('label');
            label.textContent = optionLabel(o);
            label.htmlFor = 'opt-' + o.name;
            var cell = document.createElement('div');
            cell.className = 'opt';
            cell.appendChild(label);
            var input, count = null;
            if (o.type === 'bool' || o.type === 'enum') {
                /* a list of the values in words; a value with a number
                 * (no_capture_plies:K) has a number field beside it */
                input = document.createElement('select');
                var vals = o.type === 'bool' ? ['true', 'false'] : (o.values || []).slice();
                var cur = String(o.value), curKey = cur, m = /^(.*):(\d+)$/.exec(cur);
                if (m && vals.indexOf(m[1] + ':K') >= 0) curKey = m[1] + ':K';
                if (vals.indexOf(curKey) < 0) vals.push(cur);
                vals.forEach(function (v) {
                    var op = document.createElement('option');
                    op.value = v;
                    op.textContent = v === curKey && curKey !== cur ? valueWords(o, cur) : valueWords(o, v);
                    input.appendChild(op);
                });
                input.value = curKey;
                if (vals.some(function (v) { return /:K$/.test(v); })) {
                    count = document.createElement('input');
                    count.type = 'number';
                    count.min = 1;
                    count.value = m ? m[2] : 50;
                    count.setAttribute('aria-label', optionLabel(o) + ': how many moves');
                    count.hidden = !/:K$/.test(curKey);
                }
            } else {
                input = document.createElement('input');
                if (o.type === 'int') {
                    input.type = 'number';
                    if (o.min !== null) input.min = o.min;
                    if (o.max !== null) input.max = o.max;
                    if (o.step !== null) input.step = o.step;
                }
                input.value = o.value;
            }
            /* the value as sow takes it */
            var valueOf = function () {
                var v = input.value;
                if (count && /:K$/.test(v)) v = v.replace(/K$/, String(Math.max(1, +count.value || 1)));
                return v;
            };
            input.id = 'opt-' + o.name;
            input.dataset.option = o.name;
            input.dataset.def = o['default'];
            var changed = function () {
                if (count) count.hidden = !/:K$/.test(input.value);
                var v = valueOf();
                mayDropGame('Change "' + optionLabel(o) + '" to "' + valueWords(o, v) + '" and start a new game?',
                            'Change and start again').then(function (yes) {
                    if (!yes) {
                        var back = o.name in game.options ? game.options[o.name] : String(o.value);
                        var bm = /^(.*):(\d+)$/.exec(back);
                        if (count && bm) { input.value = bm[1] + ':K'; count.value = bm[2]; }
                        else input.value = back;
                        return;
                    }
                    if (v === input.dataset.def)
                        delete game.options[o.name];
                    else
                        game.options[o.name] = v;
                    newGame([]);
                });
            };
            input.addEventListener('change', changed);
            cell.appendChild(input);
            if (count) {
                count.addEventListener('change', changed);
                cell.appendChild(count);
            }
            var doc = document.createElement('div');
            doc.className = 'doc';
            doc.textContent = (optionDoc(o) ? optionDoc(o) + ' ' : '') +
                'Usually: ' + valueWords(o, String(o['default'])) + '.';
            doc.id = 'doc-' + o.name;
            cell.title = doc.textContent; /* the option's text, on pointing at it */
            input.setAttribute('aria-describedby', doc.id);
            cell.appendChild(doc);
            box.appendChild(cell);
        });
    }

    /* Start (or restart) a game with these moves. */
    function newGame(moves) {
        game.moves = moves.slice();
        game.words = {};
        game.view = null;
        game.seq++;
        game.paused = false;
        notice('');
        $('narration').textContent = '';
        $('hints').textContent = '';
        return loadInfo().then(function () {
            renderOptions();
            return legalPrefix();
        }).then(function () {
            return refresh();
        }).catch(function (e) { setActing(null); showError(String(e.message || e)); });
    }

    /* A link (or record) whose move k cannot be played: the game is
     * shown after the moves before it, and the notice says why. */
    function legalPrefix() {
        if (!game.moves.length) return Promise.resolve();
        return sow(baseArgs('state').concat(['--moves', movesArg()])).then(function (r) {
            var m = /move (\d+) \('([^']*)'\): (?:ply \d+: )?(.*)/.exec(r.err || '');
            if (r.rc === 0 || !m) return;
            var k = +m[1] - 1;
            game.moves = game.moves.slice(0, k);
            /* the engine's hole numbers, as the board labels them */
            var why = m[3].trim().replace(/^move (\S+) is not legal/, function (x, t) {
                return moveLabel(t) + ' is not legal';
            }).replace(/the legal moves are: (.*)$/, function (x, list) {
                return 'the legal moves are ' + list.split(/\s+/).filter(Boolean).map(moveLabel).join(', ');
            });
            notice('Move ' + m[1] + ' of the link (' + moveLabel(m[2]) + ') cannot be played: ' + why +
                   '. Shown: the position after the ' + k + (k === 1 ? ' move' : ' moves') + ' before it.');
        });
    }

    /* ---- the board: sow draw's picture, made clickable ------------------ */
    var holeEls = [];

    function drawBoard(svgText, state, playable) {
        var box = $('board');
        box.innerHTML = svgText;
        holeEls = [];
        /* holes (46 units wide) no smaller than 40 CSS px: a long board
         * scrolls on a phone */
        var svg = box.querySelector('svg');
        if (svg) svg.style.minWidth = Math.round((+svg.getAttribute('width') || 0) * 40 / 46) + 'px';
        var labels = game.info.board.labels;
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
            if (h < 0 || t.getAttribute('font-size') !== '14' || holeEls[h])
                continue;
            var count = t.previousElementSibling;
            var dots = count && count.previousElementSibling;
            var circle = dots && dots.previousElementSibling;
            if (!circle || circle.tagName !== 'circle')
                continue;
            holeEls[h] = {circle: circle, dots: dots, count: count, label: t};
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
            if (m && holeEls[+m[1]])
                (byHole[m[1]] = byHole[m[1]] || []).push(k);
        });
        Object.keys(byHole).forEach(function (h) {
            var el = holeEls[+h], ks = byHole[h], one = ks.length === 1;
            var tok = String(state.legal[ks[0]]);
            var play = one ? function () { humanMove(tok); }
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
        holeEls.forEach(function (el) {
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
            variant: game.info ? game.info.id : game.variant,
            options: Object.assign({}, game.options),
            ply: st.ply,
            to_move: st.to_move,
            legal: st.legal.map(num),
            board: st.board,
            captured: st.captured,
            over: st.over,
            result: st.result ? (st.result.match_result || st.result.result) : null
        };
        if (st.hand) out.hand = st.hand;
        if (st.claimed) out.claimed = st.claimed;
        if (st.blocked) out.blocked = st.blocked;
        out.moves = st.moves.map(num);
        $('sow-state').textContent = JSON.stringify(out);
    }

    function shareUrl() {
        var q = 'variant=' + encodeURIComponent(game.info ? game.info.id : game.variant);
        var opts = Object.keys(game.options).map(function (k) { return k + '=' + game.options[k]; });
        if (opts.length)
            q += '&options=' + encodeURIComponent(opts.join(','));
        if (game.moves.length)
            q += '&moves=' + encodeURIComponent(game.moves.join(','));
        /* the players (a computer opponent is kept by a reload) */
        [0, 1].forEach(function (p) {
            if (!isHuman(p))
                q += '&' + (p ? 'north' : 'south') + '=' + encodeURIComponent(
                    levelOf(playerOf(p)) === 'custom' ? playerOf(p) : levelOf(playerOf(p)));
        });
        var edited = game.variant.indexOf('/bench/') === 0;
        return location.href.replace(/[?#].*$/, '') + '?' + q + (edited && bench.fragment ? '#' + bench.fragment : '');
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
        if (game.variant.indexOf('/bench/') === 0 && !bench.fragment)
            notes.push(bench.tooBig ? 'The edited rules are too large for a link (' + bench.tooBig + ' characters ' +
                                      'packed; at most ' + SHARE_MAX + '): the link opens the game as shipped. ' +
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
        var seq = game.seq, ply = shownPly();
        var args = baseArgs('state').concat(['--moves', movesArg(ply)]);
        var st;
        return sow(args).then(function (r) {
            if (seq !== game.seq) return null;
            if (r.rc !== 0) throw new Error(r.err);
            st = json(r.out);
            return sow(baseArgs('draw').concat(['--moves', movesArg(ply), '--svg', '-']));
        }).then(function (r) {
            if (!r || seq !== game.seq) return;
            if (r.rc !== 0) throw new Error(r.err);
            game.state = st;
            stopFlights();
            setActing(null);
            var atEnd = ply === game.moves.length;
            var human = !st.over && atEnd && isHuman(st.to_move);
            drawBoard(r.out, st, human || !atEnd);
            renderStatus(st, atEnd);
            renderDecisions(st, human);
            if (atEnd)
                writeState(st);
            if (atEnd)
                saveGame();
            $('ply-of').textContent = 'move ' + ply + ' of ' + game.moves.length;
            renderShare();
            renderMoveList(st);
            keepUrl();
            $('resume').hidden = !(game.paused && atEnd && !st.over && !isHuman(st.to_move));
            if (thenComputer !== false && !game.paused && atEnd && !st.over && !isHuman(st.to_move))
                return computerMove();
        }).catch(function (e) { setActing(null); showError(String(e.message || e)); });
    }

    function sideName(p) { return p ? 'North' : 'South'; }

    /* "computer, strong", or the player spec when it is no named level */
    function computerName(p) {
        var lv = levelOf(playerOf(p));
        return lv === 'custom' ? 'computer: ' + playerOf(p) : 'computer, ' + lv;
    }

    /* A move's name for people: the hole's label (with its direction), a
     * decision's words where the position gave them. */
    function moveLabel(tok) {
        var labels = game.info.board.labels;
        var m = /^(\+)?(\d+)(?:\/(c?cw))?(?:,x(\d+))?$/.exec(tok);
        if (m && labels[+m[2]] !== undefined)
            return (m[1] ? 'a seed from the hand into ' : '') + labels[+m[2]] +
                   (m[3] ? (m[3] === 'cw' ? ' clockwise' : ' counter-clockwise') : '') +
                   (m[4] && labels[+m[4]] !== undefined ? ', taking ' + labels[+m[4]] : '');
        return game.words[tok] || decisionWords(tok);
    }
    /* A decision's words when the engine gave none for it (a move of a
     * link, before the page saw its position): a hole by its label, a
     * direction in words; the token as a last resort. */
    function decisionWords(tok) {
        var labels = game.info ? game.info.board.labels : [], m = /^[a-z_]+:(\d+)$/.exec(tok);
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
        (st.words || []).forEach(function (w, k) { game.words[st.legal[k]] = w; });
        var box = $('movelist'), key = game.seq + ':' + game.moves.length;
        var mark = function () {
            Array.prototype.forEach.call(box.querySelectorAll('button'), function (b) {
                b.classList.toggle('now', +b.dataset.ply === shownPly());
            });
        };
        if (moveListSeq === key) { mark(); return; }
        moveListSeq = key;
        var moves = game.moves.slice(), seq = game.seq;
        sow(baseArgs('replay').concat(['--moves', moves.join(' '), '--json'])).then(function (r) {
            if (seq !== game.seq && moves.join(' ') !== game.moves.join(' ')) return;
            box.textContent = '';
            var k = 0;
            r.out.split('\n').map(json).forEach(function (l) {
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
                b.addEventListener('click', function () { goTo(ply); });
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
                (atEnd ? (isHuman(st.to_move) ? (st.question ? ': answer the question below' : ': click a ringed hole')
                                              : game.paused ? ' (' + computerName(st.to_move) + '): stopped; ' +
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
        var dec = [];
        st.legal.forEach(function (t, k) {
            if (t.indexOf(':') > 0) dec.push(k);
        });
        if (!dec.length || !human && shownPly() === game.moves.length)
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
        var labels = game.info.board.labels;
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
            b.addEventListener('click', function () { humanMove(tok); });
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

    /* ---- moves ---------------------------------------------------------- */
    function humanMove(tok) {
        var st = game.state;
        if (game.acting || !st || st.over && shownPly() === game.moves.length)
            return Promise.resolve();
        var later = game.moves.length - shownPly();
        if (later > 0) {
            var k = st.legal.indexOf(String(tok));
            return ask(moveText(tok, k, st).replace(/^./, function (c) { return c.toUpperCase(); }) + ' after move ' + shownPly() + '? This takes back the ' +
                       later + (later === 1 ? ' move' : ' moves') + ' played after it.',
                       'Play here', 'Cancel').then(function (yes) {
                if (yes && !game.acting && game.state === st) return play(tok, true);
            });
        }
        return play(tok, true);
    }

    /* Play a token at the ply shown (later moves are dropped), animate it
     * with its narration, then refresh. */
    function play(tok, byHuman) {
        var st = game.state, k = st ? st.legal.indexOf(String(tok)) : -1;
        var mover = st ? st.to_move : 0;
        game.moves = game.moves.slice(0, shownPly());
        game.moves.push(String(tok));
        game.view = null;
        if (byHuman) game.paused = false;
        notice('');
        $('hints').textContent = ''; /* they were for the position before */
        var seq = ++game.seq;
        setActing(sideName(mover) + ' is sowing…');
        /* the narration keeps a human's move and the computer's answer */
        var keep = !byHuman && (isHuman(0) || isHuman(1));
        var head = sideName(mover) + ' ' + moveText(tok, k, st);
        return animate(game.moves.length - 1, seq, head, keep).then(function () {
            if (seq === game.seq)
                return refresh();
        });
    }

    function computerMove() {
        var st = game.state, seq = game.seq;
        busy(true);
        setActing(sideName(st.to_move) + ' (' + computerName(st.to_move) + ') is thinking…');
        var args = baseArgs('search').concat(['--moves', movesArg(), '--player',
                                              playerOf(st.to_move), '--seed',
                                              String(st.ply + 1), '--json']);
        return sow(args).then(function (r) {
            busy(false);
            if (seq !== game.seq) return;
            var res = json(r.out);
            if (r.rc !== 0 || !res) {
                if (r.rc !== -2) {
                    setActing(null);
                    showError(r.err || 'the computer could not move');
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
        return sow(baseArgs('trace').concat(['--moves', movesArg(n + 1), '--json']),
                   {keep: 'last'}).then(function (r) {
            if (seq !== game.seq) return;
            if (r.rc !== 0) {
                moveFailed(n, r.err);
                return;
            }
            var lines = r.out.split('\n').map(json);
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
                    if (seq !== game.seq || i >= events.length) {
                        stopFlights(seq === game.seq);
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
        var before = game.state && game.state.board;
        if (sown || !after || !before || before.length !== after.after.board.length) return [];
        var m = /^(\d+)/.exec(game.moves[n] || ''), start = m ? +m[1] : 0, out = [];
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
        var el = holeEls[h];
        if (!el) return null;
        return {x: +el.circle.getAttribute('cx'), y: +el.circle.getAttribute('cy')};
    }

    /* The middle of player p's store (or box of seeds taken), as sow draw
     * draws it: a rect whose first text names the player. */
    function boxCenter(p) {
        var texts = $('board').querySelectorAll('svg text[font-size="12"]');
        for (var i = 0; i < texts.length; i++) {
            var rect = texts[i].previousElementSibling;
            if (texts[i].textContent !== sideName(p) || !rect || rect.tagName !== 'rect')
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
            if (seq !== game.seq || !c.isConnected) { done(); return; }
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
            var w = game.words[tok] || decisionWords(tok);
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
                showHowto(e.rule);
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
        game.moves = game.moves.slice(0, n);
        game.paused = true;
        var text = String(err || 'the move failed').replace(/^sow \w+: /, '');
        notice('The move could not be made: ' + text);
        var m = /([\w.\/-]+\.lua):(\d+):\s*(.*)/.exec(text);
        if (m) {
            $('lua-errors').textContent = '';
            clearMarks('lua');
            showProblem({file: m[1], line: +m[2], col: 0, message: m[3]}, true);
        }
    }

    /* One event on the picture: the hole's count and a red ring. */
    function showEvent(e) {
        holeEls.forEach(function (el) { if (el) el.circle.classList.remove('active'); });
        var el = holeEls[e.hole];
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
        return sow(baseArgs('trace').concat(['--moves', movesArg(n + 1), '--json']),
                   {keep: 'last'}).then(function (r) {
            var seen = {};
            r.out.split('\n').map(json).forEach(function (e) {
                if (e && e.event)
                    list.appendChild(narrationLine(e, seen));
            });
        });
    }

    function goTo(ply) {
        ply = Math.max(0, Math.min(game.moves.length, ply));
        game.view = ply === game.moves.length ? null : ply;
        game.seq++;
        stopFlights();
        $('hints').textContent = '';
        narrate(ply - 1);
        return refresh(false);
    }

    /* Stop the computer's search (a new worker) and any move being sown. */
    function stopComputer() {
        game.seq++;
        if (!$('busy').hidden) restartWorker();
        busy(false);
        stopFlights();
        setActing(null);
    }

    function undo() {
        stopComputer();
        game.paused = false;
        notice('');
        if (!game.moves.length) {
            refresh(false);
            return;
        }
        var n = game.moves.length - 1;
        /* against the computer, back to the human's last turn */
        if (isHuman(0) !== isHuman(1)) {
            var human = isHuman(0) ? 0 : 1;
            sow(baseArgs('replay').concat(['--moves', movesArg(), '--json'])).then(function (r) {
                var lines = r.out.split('\n').map(json).filter(function (l) { return l && 'ply' in l && 'move' in l; });
                var k = lines.length - 1;
                while (k > 0 && lines[k].to_move !== human) k--;
                game.moves = game.moves.slice(0, Math.max(0, k));
                game.view = null;
                game.seq++;
                refresh(false);
            });
            return;
        }
        game.moves = game.moves.slice(0, n);
        game.view = null;
        game.seq++;
        refresh(false);
    }

    /* What each legal move would do: its narration in brief. */
    function hint() {
        var st = game.state, box = $('hints');
        if (!st || st.over || game.acting) return;
        box.textContent = 'thinking…';
        var adviser = hintPlayer();
        var suggest = document.createElement('div');
        suggest.className = 'suggest';
        var searched = sow(baseArgs('search').concat(['--moves', game.moves.slice(0, shownPly()).join(' '),
                                                      '--player', adviser, '--seed', String(st.ply + 1), '--json']))
            .then(function (r) {
                var res = json(r.out);
                if (r.rc !== 0 || !res) {
                    suggest.textContent = 'No move to suggest: ' + (r.err || 'the search failed');
                    return;
                }
                var tok = String(res.move), k = st.legal.indexOf(tok);
                suggest.appendChild(document.createTextNode('Suggested move: '));
                var b = document.createElement('button');
                b.textContent = k >= 0 ? choiceText(st, k) : moveLabel(tok);
                b.dataset.move = tok;
                b.addEventListener('click', function () { humanMove(tok); });
                suggest.appendChild(b);
                var lv = levelOf(adviser);
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
            sow(baseArgs('solve').concat(['--moves', game.moves.slice(0, shownPly()).join(' '), '--json']))
                .then(function (r) {
                    var res = json(r.out);
                    if (r.rc !== 0 || !res || !res.moves) return;
                    res.moves.forEach(function (m) {
                        exact[String(m.move)] = outcome(st.to_move ? -m.value : m.value, st.to_move);
                    });
                });
        var base = game.moves.slice(0, shownPly());
        var table = document.createElement('table');
        var jobs = st.legal.map(function (tok, k) {
            return sow(baseArgs('trace').concat(['--moves', base.concat([tok]).join(' '), '--json', '--brief']),
                       {keep: 'last'})
                .then(function (r) {
                    var evs = r.out.split('\n').map(json).filter(function (e) {
                        return e && e.event && e.event !== 'drop';
                    });
                    var tr = document.createElement('tr');
                    var td1 = document.createElement('td');
                    var b = document.createElement('button');
                    b.textContent = choiceText(st, k);
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
        if (!isHuman(0)) return playerOf(0);
        if (!isHuman(1)) return playerOf(1);
        return perfectFits(game.info) ? LEVELS.perfect : LEVELS.intermediate;
    }
    function isPerfect(spec) { return /^perfect(:|$)/.test(spec); }
    /* A value for the player p to move (the margin, or 1, 0, -1 where the
     * game has no score) in words: "South wins by 4", "a draw", "North
     * loses by 2" */
    function outcome(v, p) {
        var scored = !!(game.info && game.info.end && game.info.end.scoring);
        if (v === 0) return 'the game is a draw';
        var who = sideName(p) + (v > 0 ? ' wins' : ' loses');
        return scored ? who + ' by ' + Math.abs(v) : who;
    }

    /* ---- records --------------------------------------------------------- */
    function download(name, text) {
        var a = document.createElement('a');
        a.href = URL.createObjectURL(new Blob([text], {type: 'text/plain'}));
        a.download = name;
        document.body.appendChild(a);
        a.click();
        a.remove();
    }

    function record() {
        return sow(baseArgs('replay').concat(['--moves', movesArg(), '--json'])).then(function (r) {
            return r.out + (r.out ? '\n' : '');
        });
    }

    /* A record's first line names its game (docs/record.md, Which game:
     * variant, options, digest, sow): it is replayed there, with its
     * options, and loaded if `sow replay --json` gives it back line for
     * line; a digest other than that of the files here (an edited copy,
     * another version) is said, and the record loaded only if asked. An
     * older record, which names no game, is replayed on the game chosen,
     * with its options, and if that does not give its lines, on each
     * shipped variant with its default options (those with the record's
     * number of holes first). Resolves to the variant used, or null (with
     * the reason in #load-status). */
    var NAMES = ['variant', 'options', 'digest', 'sow'];
    function plainLine(l) {
        var o = Object.assign({}, l);
        NAMES.forEach(function (k) { delete o[k]; });
        return JSON.stringify(o);
    }

    function loadRecord(text) {
        var lines = [], moves = [], bad = 0, named = null;
        text.split('\n').forEach(function (line, i) {
            if (!line.trim()) return;
            var l = json(line);
            if (!l || typeof l !== 'object') {
                bad = bad || i + 1;
                return;
            }
            if (!lines.length && typeof l.variant === 'string')
                named = l;
            lines.push(plainLine(l));
            if ('ply' in l && 'move' in l)
                moves.push(String(l.move));
        });
        var say = function (cls, msg) {
            $('load-status').className = cls;
            $('load-status').textContent = msg;
        };
        if (bad)
            return Promise.resolve(say('bad', 'Load record: line ' + bad + ' is not JSON; a record is JSON Lines as ' +
                                   'Save record or sow replay --json write them')).then(function () { return null; });
        if (!moves.length)
            return Promise.resolve(say('bad', 'Load record: no ply lines ({"ply":…,"move":…}) in the file; a record ' +
                                   'is JSON Lines as Save record or sow replay --json write them')).then(function () { return null; });
        var want = lines.join('\n');
        var first = lines.map(json).filter(function (l) { return l.board; })[0];
        var holes = first ? first.board.length : -1;
        var current = game.info ? game.info.id : game.variant;
        var currentName = game.info ? game.info.name : game.variant;
        /* {ok, digest}: whether the replay gives the record's lines, and
         * the digest of the files it was replayed on */
        var replays = function (variant, options) {
            var args = ['replay', variant].concat(options, ['--moves', moves.join(' '), '--json']);
            return sow(args).then(function (r) {
                var out = r.out.split('\n').filter(function (l) { return l.trim(); }).map(json);
                var got = out.map(function (l) { return l ? plainLine(l) : ''; }).join('\n');
                return {ok: r.rc === 0 && got === want, digest: out[0] && out[0].digest};
            });
        };
        var load = function (id, options) {
            $('south').value = 'human';
            $('north').value = 'human';
            syncLevels();
            if (id === null)
                return newGame(moves);
            if (id !== game.variant) {
                game.variant = id;
                bench.files = {};
                bench.fragment = null;
            }
            game.options = options || {};
            selectGame($('variant'));
            return newGame(moves).then(loadEditors);
        };
        say('', 'Load record: replaying its ' + moves.length + ' moves…');
        if (named)
            return loadNamed(named, moves, replays, load, say, current);
        return replays(game.variant, optionArgs()).then(function (res) {
            if (res.ok)
                return load(null).then(function () {
                    say('ok', 'Loaded the record\'s ' + moves.length + ' moves on ' + game.info.name + '.');
                    return current;
                });
            /* the other shipped variants, those with the record's holes first */
            var others = variants.map(function (v) { return v.id; })
                .filter(function (id) { return id !== current; });
            return Promise.all(others.map(function (id) {
                return sow(['show', id, '--json']).then(function (r) {
                    var info = json(r.out);
                    return {id: id, name: info ? info.name : id,
                            same: info && info.board.labels.length === holes ? 0 : 1};
                });
            })).then(function (cands) {
                cands.sort(function (a, b) { return a.same - b.same; });
                var k = 0;
                var next = function () {
                    if (k >= cands.length) {
                        say('bad', 'Load record: no game replays its ' + moves.length + ' moves to the record\'s ' +
                            'positions (tried ' + currentName + ' with the options ' +
                            'chosen, and every shipped game with its default options); choose the game it ' +
                            'was played on and its options, then load it again');
                        return null;
                    }
                    var c = cands[k++];
                    return replays(c.id, []).then(function (good) {
                        if (!good.ok) return next();
                        return load(c.id, {}).then(function () {
                            say('ok', 'The record does not replay on ' + currentName +
                                ' with the options chosen; it is a game of ' + c.name + ' (default options): loaded its ' +
                                moves.length + ' moves on ' + c.name + '.');
                            return c.id;
                        });
                    });
                };
                return next();
            });
        });
    }

    /* A record that names its game (the first line's fields): that game
     * here (the one shown if it has that id, a shipped one, or one kept
     * from the workbench), with the record's options. */
    function loadNamed(named, moves, replays, load, say, current) {
        var id = String(named.variant), opts = {};
        if (named.options && typeof named.options === 'object')
            Object.keys(named.options).forEach(function (k) { opts[k] = String(named.options[k]); });
        var where = null;
        if (current === id)
            where = game.variant;
        else if (variants.some(function (v) { return v.id === id; }))
            where = id;
        else {
            var kept = keptVariants()[id], b = kept && benchFrom(kept.files, kept.yaml);
            if (b) {
                useBench(b.files, b.yaml, b.lua, id);
                where = b.yaml;
            }
        }
        if (!where) {
            say('bad', 'Load record: it is a game of "' + id + '", which this page has neither among its games nor ' +
                'kept from the workbench; open the link its rules were shared with (or apply its files in the ' +
                'workbench), then load it again');
            return Promise.resolve(null);
        }
        var args = [];
        Object.keys(opts).forEach(function (k) { args.push('--option', k + '=' + opts[k]); });
        var n = moves.length;
        return replays(where, args).then(function (res) {
            if (!res.ok) {
                say('bad', 'Load record: no game replays its ' + n + ' moves to the record\'s positions: not ' + id +
                    ', the game its first line names (with its options ' + JSON.stringify(opts) + '); the file may ' +
                    'have been changed by hand');
                return null;
            }
            var go = function () {
                return load(where, opts).then(function () {
                    say('ok', (where === game.variant && current === id ? 'Loaded the record\'s ' + n + ' moves on ' +
                               game.info.name : 'The record is a game of ' + game.info.name + ', as its first line says: ' +
                               'loaded its ' + n + ' moves on ' + game.info.name) +
                        (res.digest !== named.digest ? ' (on these files, which differ from the record\'s)' : '') + '.');
                    return id;
                });
            };
            if (!named.digest || res.digest === named.digest)
                return go();
            return ask('This record was played on other files of ' + id + ' than the ones here (its digest ' +
                       named.digest + ', these files\' ' + res.digest + '): an edited copy or another version, whose ' +
                       'rules may differ. Load it on these rules anyway?', 'Load anyway', 'Cancel').then(function (yes) {
                if (yes) return go();
                say('bad', 'Load record: not loaded: it was played on other files of ' + id + ' (digest ' +
                    named.digest + '; these files: ' + res.digest + ')');
                return null;
            });
        });
    }

    /* ---- the workbench --------------------------------------------------- */
    var bench = {
        files: {},      /* path in the engine: text, sent with every request */
        yamlPath: null, /* the files being edited: shipped, or /bench/... */
        luaPath: null,
        scenPath: null
    };

    function base(p) { return p ? p.replace(/^.*\//, '') : ''; }

    /* Put the current variant's files (and scenarios) in the editors. */
    function loadEditors() {
        var info = game.info;
        var yaml = info.file, lua = info.script;
        var scen = '/sow/variants/scenarios/' + base(yaml);
        if (game.variant.indexOf('/bench/') === 0)
            scen = '/bench/scenarios/' + base(yaml);
        return sow(null, {read: [yaml, lua || '', scen]}).then(function (r) {
            $('yaml').value = r.files[yaml] || '';
            $('lua').value = lua ? r.files[lua] || '' : '';
            $('scen').value = r.files[scen] || '';
            bench.yamlPath = yaml;
            bench.luaPath = lua;
            $('yaml-name').textContent = base(yaml);
            $('lua-name').textContent = lua ? base(lua) : '(no script: give the YAML a script: key to add one)';
            $('scen-name').textContent = r.files[scen] ? base(scen) : '(no scenario file)';
            $('yaml-errors').textContent = '';
            $('lua-errors').textContent = '';
            EDITORS.forEach(updateGutter);
        });
    }

    /* The YAML's script file name, if it names one. */
    function scriptName(yamlText) {
        var m = /^script:\s*["']?([^"'\s#]+)/m.exec(yamlText);
        return m ? m[1] : null;
    }

    function benchFiles() {
        var yamlName = base(bench.yamlPath) || 'variant.yaml';
        var yaml = $('yaml').value;
        var files = {};
        files['/bench/' + yamlName] = yaml;
        var lua = scriptName(yaml);
        if (lua)
            files['/bench/' + lua] = $('lua').value;
        if ($('scen').value)
            files['/bench/scenarios/' + yamlName] = $('scen').value;
        return {files: files, yaml: '/bench/' + yamlName, lua: lua ? '/bench/' + lua : null};
    }

    /* ---- the editors' gutters: line numbers, and the errors' marks ----- */
    var EDITORS = ['yaml', 'lua', 'scen'];

    /* One number a line of the text (kept in step when the count
     * changes), scrolled with the text. */
    function updateGutter(id) {
        var ta = $(id), g = $(id + '-gutter');
        var n = ta.value.split('\n').length;
        if (g.dataset.lines !== String(n)) {
            clearMarks(id);
            g.textContent = '';
            for (var i = 1; i <= n; i++) {
                var row = document.createElement('div');
                row.textContent = String(i);
                row.dataset.line = i;
                g.appendChild(row);
            }
            var pad = document.createElement('div');
            pad.className = 'pad'; /* room under the text's scroll bar */
            g.appendChild(pad);
            g.dataset.lines = String(n);
        }
        g.scrollTop = ta.scrollTop;
    }

    function clearMarks(id) {
        Array.prototype.forEach.call($(id + '-gutter').querySelectorAll('.err'), function (row) {
            row.classList.remove('err');
            row.removeAttribute('title');
        });
    }

    /* Mark an error's line in its editor's gutter: the message in the
     * tooltip, a click selects the line. */
    function markLine(id, line, text) {
        updateGutter(id);
        var row = $(id + '-gutter').children[line - 1];
        if (!row || row.className === 'pad') return;
        row.classList.add('err');
        row.title = text;
    }

    function wireGutters() {
        EDITORS.forEach(function (id) {
            var ta = $(id), g = $(id + '-gutter');
            ta.addEventListener('input', function () { updateGutter(id); });
            ta.addEventListener('scroll', function () { g.scrollTop = ta.scrollTop; });
            g.addEventListener('click', function (ev) {
                var row = ev.target.closest('div.err');
                if (row) selectLine(ta, +row.dataset.line);
            });
        });
    }

    function showProblem(e, quiet) {
        var isLua = /\.lua$/.test(e.file);
        var id = isLua ? 'lua' : 'yaml';
        var box = $(id + '-errors');
        var a = document.createElement('a');
        /* a script's errors have a line only, as Lua gives them */
        a.textContent = base(e.file) + ':' + e.line + ':' + (e.col ? e.col + ':' : '') + ' ' + e.message;
        a.dataset.line = e.line;
        a.dataset.col = e.col;
        a.addEventListener('click', function () { selectLine($(id), e.line); });
        box.appendChild(a);
        if (e.line > 0) {
            markLine(id, e.line, a.textContent);
            if (!quiet) selectLine($(id), e.line);
        }
    }

    function selectLine(ta, line) {
        var lines = ta.value.split('\n'), start = 0;
        for (var i = 0; i < line - 1 && i < lines.length; i++)
            start += lines[i].length + 1;
        var end = start + (lines[line - 1] || '').length;
        ta.focus();
        ta.setSelectionRange(start, end);
        var lh = parseFloat(getComputedStyle(ta).lineHeight) || 16;
        ta.scrollTop = Math.max(0, (line - 5) * lh);
        $(ta.id + '-gutter').scrollTop = ta.scrollTop;
    }

    /* Check the edited files with the real loader; on success play them. */
    function apply() {
        var b = benchFiles();
        $('yaml-errors').textContent = '';
        $('lua-errors').textContent = '';
        EDITORS.forEach(function (id) { updateGutter(id); clearMarks(id); });
        var st = $('bench-status');
        st.className = '';
        st.textContent = 'checking…';
        return sow(['validate', b.yaml, '--json'], {files: b.files}).then(function (r) {
            var res = json(r.out);
            var f = res && res.files && res.files[0];
            if (!f) {
                st.className = 'bad';
                st.textContent = r.err;
                return;
            }
            if (!f.ok) {
                st.className = 'bad';
                st.textContent = 'not applied: ' + f.error.message;
                showProblem(f.error);
                return;
            }
            useBench(b.files, b.yaml, b.lua, f.id);
            keepBench(f.id);
            st.className = 'ok';
            st.textContent = 'applied: ' + f.id + ' from the editors';
            selectGame($('variant'));
            return packBench().then(function () { return newGame([]); });
        });
    }

    /* ---- workbench variants kept and shared ------------------------------ */
    /* A variant from the editors is kept in the browser under its id (a
     * reload, or ?variant=ID on this browser, finds it again), and a
     * shared link carries its YAML and Lua in the address's fragment,
     * deflated (#files=...), up to SHARE_MAX characters. A link's files are
     * a stranger's: their names must be plain file names, their size is
     * capped, they are checked by the real loader before use, and their
     * text only ever goes into the editors and the engine's sandbox. */
    var MINE = 'sow-page-variants', SHARE_MAX = 8000, FILE_MAX = 200000;

    function useBench(files, yaml, lua, id) {
        bench.id = id;
        bench.files = files;
        bench.yamlPath = yaml;
        bench.luaPath = lua;
        bench.fragment = null;
        game.variant = yaml;
    }

    function keptVariants() {
        try { return JSON.parse(localStorage.getItem(MINE) || '{}') || {}; } catch (e) { return {}; }
    }

    function shareable(files) {
        var out = {};
        Object.keys(files).forEach(function (p) {
            if (/^\/bench\/[^\/]+$/.test(p)) out[base(p)] = files[p];
        });
        return out;
    }

    function keepBench(id) {
        var all = keptVariants();
        all[id] = {yaml: base(bench.yamlPath), files: shareable(bench.files)};
        try {
            localStorage.setItem(MINE, JSON.stringify(all));
        } catch (e) {
            $('bench-status').textContent += ' (not kept in this browser: its storage refused it)';
        }
    }

    /* The files {name: text} a kept or shared variant brings: checked
     * names and sizes, then put under /bench/. Null if they will not do. */
    function benchFrom(named, yamlName) {
        var files = {}, total = 0, ok = true;
        Object.keys(named || {}).forEach(function (name) {
            var text = named[name];
            if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]*\.(yaml|lua)$/.test(name) || typeof text !== 'string')
                ok = false;
            else {
                total += text.length;
                files['/bench/' + name] = text;
            }
        });
        if (!ok || total > FILE_MAX || !files['/bench/' + yamlName]) return null;
        var lua = scriptName(files['/bench/' + yamlName]);
        return {files: files, yaml: '/bench/' + yamlName, lua: lua ? '/bench/' + lua : null};
    }

    function b64url(bytes) {
        var bin = '';
        for (var i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
        return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    }

    function streamBytes(stream, cap) {
        var reader = stream.getReader(), parts = [], n = 0;
        return (function next() {
            return reader.read().then(function (r) {
                if (r.done) return;
                n += r.value.length;
                if (n > cap) {
                    reader.cancel();
                    throw new Error('the files are larger than ' + cap + ' bytes');
                }
                parts.push(r.value);
                return next();
            });
        })().then(function () {
            var out = new Uint8Array(n), k = 0;
            parts.forEach(function (p) { out.set(p, k); k += p.length; });
            return out;
        });
    }

    /* The editors' variant as the fragment of a shared link (bench.fragment;
     * null and bench.tooBig set past SHARE_MAX). */
    function packBench() {
        bench.fragment = null;
        bench.tooBig = 0;
        if (typeof CompressionStream === 'undefined') return Promise.resolve();
        var text = JSON.stringify({yaml: base(bench.yamlPath), files: shareable(bench.files)});
        var cs = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
        return streamBytes(cs, 4 * FILE_MAX).then(function (bytes) {
            var f = b64url(bytes);
            if (f.length > SHARE_MAX) bench.tooBig = f.length;
            else bench.fragment = 'files=' + f;
        }).catch(function () { bench.fragment = null; });
    }

    /* The game list shows the game played: a shipped id, or "mine:ID" for
     * rules from the editors (listed if they were not). */
    function selectGame(sel) {
        var id = game.variant.indexOf('/bench/') === 0 ? bench.id : game.variant;
        var shipped = variants.some(function (v) { return v.id === id; });
        var value = shipped ? id : 'mine:' + id;
        if (!sel.querySelector('option[value="' + CSS.escape(value) + '"]')) {
            var op = document.createElement('option');
            op.value = value;
            op.textContent = id + ' (edited here)';
            sel.appendChild(op);
        }
        sel.value = value;
    }

    /* A link's #files=...: resolves to {files, yaml, lua} or throws with
     * the reason. */
    function unpackFragment(frag) {
        if (frag.length > SHARE_MAX + 6)
            return Promise.reject(new Error('its files are longer than a link may carry (' + SHARE_MAX + ' characters)'));
        if (typeof DecompressionStream === 'undefined')
            return Promise.reject(new Error('this browser cannot unpack them (no DecompressionStream)'));
        var bin;
        try {
            bin = atob(frag.slice(6).replace(/-/g, '+').replace(/_/g, '/'));
        } catch (e) {
            return Promise.reject(new Error('they are not in the form a shared link gives (base64)'));
        }
        var bytes = new Uint8Array(bin.length);
        for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
        var ds = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
        return streamBytes(ds, FILE_MAX + 1000).then(function (raw) {
            var d = json(new TextDecoder().decode(raw));
            var b = d && typeof d.yaml === 'string' ? benchFrom(d.files, d.yaml) : null;
            if (!b) throw new Error('they are not a variant\'s YAML and Lua files with plain names');
            return b;
        });
    }

    /* At the start: the variant of #files=..., or a variant of the
     * editors kept in this browser under the id asked for. Checked with
     * the loader; a problem is said above the board and the game asked
     * for (or the first one) is played instead. */
    function restoreBench(shipped) {
        var frag = /^#files=/.test(location.hash) ? location.hash.slice(1) : null;
        var kept = keptVariants()[game.variant];
        var from = frag ? unpackFragment(frag)
            : kept && !shipped ? Promise.resolve(benchFrom(kept.files, kept.yaml)) : Promise.resolve(null);
        return from.then(function (b) {
            if (!b) return;
            return sow(['validate', b.yaml, '--json'], {files: b.files}).then(function (r) {
                var res = json(r.out), f = res && res.files && res.files[0];
                if (!f || !f.ok)
                    throw new Error('the loader refuses them: ' + (f ? f.error.message : r.err));
                useBench(b.files, b.yaml, b.lua, f.id);
                return packBench();
            });
        }).catch(function (e) {
            return 'The variant this link carries cannot be used: ' + e.message + '. Shown instead: the game ' +
                'named in the link, as shipped.';
        }).then(function (say) {
            say = say || '';
            if (game.variant.indexOf('/bench/') !== 0 && !shipped) {
                say += (say ? ' ' : '') + 'There is no game "' + game.variant + '" here (not shipped, not kept ' +
                    'in this browser, not carried by the link); shown: Adji Kui I.';
                game.variant = 'adji-kui-1';
            }
            return say;
        });
    }

    function fork() {
        var id = $('new-id').value.trim();
        if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) {
            $('bench-status').className = 'bad';
            $('bench-status').textContent = 'a new id is lower-case letters, digits and dashes';
            return;
        }
        var from = (/^id:\s*["']?([a-z0-9-]+)/m.exec($('yaml').value) || [])[1];
        var yaml = $('yaml').value.replace(/^id:.*$/m, 'id: ' + id)
            .replace(/^name:.*$/m, 'name: ' + id);
        /* the new game's plain words live in its own file: those of the
         * game it started from, for its author to rewrite */
        if (!/^how_to_play:/m.test(yaml) && howtoYaml(from))
            yaml = yaml.replace(/\n?$/, '\n') + howtoYaml(from);
        $('yaml').value = yaml;
        bench.yamlPath = '/bench/' + id.replace(/-/g, '_') + '.yaml';
        var lua = scriptName(yaml);
        if (lua) {
            var newLua = id.replace(/-/g, '_') + '.lua';
            $('yaml').value = yaml.replace(/^script:.*$/m, 'script: ' + newLua);
        }
        $('yaml-name').textContent = base(bench.yamlPath);
        if (lua) $('lua-name').textContent = id.replace(/-/g, '_') + '.lua';
        return apply();
    }

    /* ---- the scenario runner and the speed test ------------------------- */
    function runScenarios() {
        var out = $('scen-out');
        out.textContent = 'running…';
        var b = benchFiles();
        var path = '/bench/scenarios/' + base(b.yaml);
        var files = Object.assign({}, b.files);
        files[path] = $('scen').value;
        /* the scenario file names its variant by id: the edited files are
         * put first on the search path */
        var text = $('scen').value.replace(/^variant:.*$/m, 'variant: ../' + base(b.yaml));
        files[path] = text;
        return sow(['test', path, '--verbose'], {files: files}).then(function (r) {
            out.textContent = (r.out + '\n' + r.err).trim();
        });
    }

    function benchRun() {
        $('bench-out').textContent = 'playing…';
        return sow(['bench', game.info ? game.info.id : game.variant, '--seconds', '3', '--json']).then(function (r) {
            var res = json(r.out);
            $('bench-out').textContent = res ? res.games_per_s.toFixed(0) + ' games/s, ' +
                res.plies_per_s.toFixed(0) + ' moves/s (' + res.games + ' random games)' : r.err;
            $('bench-out').dataset.json = r.out;
        });
    }

    /* ---- start ------------------------------------------------------------ */
    /* The players and the speed, kept in the browser for the next visit. */
    var SETTINGS = 'sow-page-settings';
    function savedSettings() {
        try { return JSON.parse(localStorage.getItem(SETTINGS) || '{}') || {}; } catch (e) { return {}; }
    }
    function saveSettings() {
        try {
            localStorage.setItem(SETTINGS, JSON.stringify({south: playerOf(0), north: playerOf(1),
                                                           speed: $('speed').value}));
        } catch (e) { /* storage refused (private mode): nothing kept */ }
    }

    /* The game in progress, kept for the next visit (the page opened
     * with no address of a game resumes it). */
    var GAME = 'sow-page-game';
    function saveGame() {
        var edited = game.variant.indexOf('/bench/') === 0;
        try {
            localStorage.setItem(GAME, JSON.stringify({variant: edited ? bench.id : game.variant,
                                                       options: game.options, moves: game.moves}));
        } catch (e) { /* storage refused: nothing kept */ }
    }
    var resumed = false;

    function fromUrl() {
        var q = new URLSearchParams(location.search);
        if (!location.search && !location.hash) {
            var g = null;
            try { g = JSON.parse(localStorage.getItem(GAME) || 'null'); } catch (e) { g = null; }
            if (g && typeof g.variant === 'string' && Array.isArray(g.moves) && g.moves.length) {
                q = new URLSearchParams();
                q.set('variant', g.variant);
                var o = g.options && typeof g.options === 'object' ? g.options : {};
                q.set('options', Object.keys(o).map(function (k) { return k + '=' + o[k]; }).join(','));
                q.set('moves', g.moves.map(String).join(','));
                var keep = savedSettings();
                q.set('south', keep.south || 'human');
                q.set('north', keep.north || 'human');
                resumed = true;
            }
        }
        if (q.get('variant'))
            game.variant = q.get('variant');
        game.options = {};
        (q.get('options') || '').split(',').forEach(function (kv) {
            var i = kv.indexOf('=');
            if (i > 0) game.options[kv.slice(0, i)] = kv.slice(i + 1);
        });
        var moves = (q.get('moves') || '').split(/[\s,]+/).filter(Boolean);
        /* a shared game opens as it is: nobody moves until asked (the
         * address bar names the players of a game against the computer) */
        var saved = savedSettings(), shared = q.get('moves') !== null;
        $('south').value = specOf(q.get('south') || (shared ? 'human' : saved.south || 'human'));
        $('north').value = specOf(q.get('north') || (shared ? 'human' : saved.north || 'alphabeta:depth=5'));
        syncLevels();
        if (saved.speed && $('speed').querySelector('option[value="' + (+saved.speed) + '"]'))
            $('speed').value = String(+saved.speed);
        return moves;
    }

    function wire() {
        $('variant').addEventListener('change', function () {
            var sel = $('variant'), to = sel.value;
            var name = sel.options[sel.selectedIndex] ? sel.options[sel.selectedIndex].textContent : to;
            mayDropGame('Change the game to ' + name + '?', 'Change game').then(function (yes) {
                if (!yes) {
                    selectGame(sel);
                    return;
                }
                game.variant = to;
                game.options = {};
                bench.files = {};
                bench.fragment = null;
                var kept = keptVariants()[to.replace(/^mine:/, '')];
                if (/^mine:/.test(to) && kept) {
                    var b = benchFrom(kept.files, kept.yaml);
                    if (b) useBench(b.files, b.yaml, b.lua, to.slice(5));
                }
                if (/^mine:/.test(to) && game.variant === to) game.variant = 'adji-kui-1';
                newGame([]).then(loadEditors);
            });
        });
        $('confirm-yes').addEventListener('click', function () { if (answer) answer(true); });
        $('confirm-no').addEventListener('click', function () { if (answer) answer(false); });
        $('new-game').addEventListener('click', function () { newGame([]); });
        $('first').addEventListener('click', function () { goTo(0); });
        $('back').addEventListener('click', function () { goTo(shownPly() - 1); });
        $('forward').addEventListener('click', function () { goTo(shownPly() + 1); });
        $('last').addEventListener('click', function () { goTo(game.moves.length); });
        $('undo').addEventListener('click', undo);
        $('hint').addEventListener('click', hint);
        $('speed').addEventListener('change', function () {
            if (+$('speed').value === 0) stopFlights(true);
            saveSettings();
        });
        /* Stop: the computer stops thinking and waits for Continue */
        $('stop').addEventListener('click', function () {
            stopComputer();
            game.paused = true;
            refresh(false);
        });
        $('resume').addEventListener('click', function () {
            game.paused = false;
            game.seq++;
            refresh();
        });
        $('save').addEventListener('click', function () {
            record().then(function (text) { download((game.info ? game.info.id : 'game') + '.jsonl', text); });
        });
        $('load').addEventListener('change', function () {
            var f = $('load').files[0];
            if (f) f.text().then(loadRecord).then(function () { $('load').value = ''; });
        });
        ['south', 'north'].forEach(function (id) {
            $(id + '-level').addEventListener('change', function () {
                var lv = $(id + '-level').value;
                $(id).hidden = lv !== 'custom';
                if (lv === 'custom') {
                    $(id).focus();
                    return;
                }
                $(id).value = lv === 'human' ? 'human' : LEVELS[lv];
                $(id).dispatchEvent(new Event('change'));
            });
            $(id).addEventListener('change', function () {
                syncLevels();
                saveSettings();
                stopComputer();
                game.paused = false;
                refresh();
            });
        });
        $('apply').addEventListener('click', apply);
        $('fork').addEventListener('click', fork);
        $('revert').addEventListener('click', function () {
            bench.files = {};
            bench.fragment = null;
            game.variant = game.info.id;
            var shipped = variants.filter(function (v) { return v.id === game.info.id; })[0];
            if (!shipped) game.variant = 'adji-kui-1';
            $('variant').value = game.variant;
            newGame([]).then(loadEditors);
        });
        $('dl-yaml').addEventListener('click', function () { download(base(bench.yamlPath) || 'variant.yaml', $('yaml').value); });
        $('dl-lua').addEventListener('click', function () {
            download(scriptName($('yaml').value) || 'variant.lua', $('lua').value);
        });
        $('run-scen').addEventListener('click', runScenarios);
        $('copy').addEventListener('click', copyShare);
        document.addEventListener('keydown', onKey);
        $('howto-open').addEventListener('click', function () {
            if ($('howto').hidden) showHowto(null); else $('howto').hidden = true;
        });
        $('howto-close').addEventListener('click', function () { $('howto').hidden = true; });
        $('bench-run').addEventListener('click', benchRun);
    }

    /* For tests and tools: the page's own functions. */
    window.sowPage = {
        game: game, sow: sow, play: humanMove, record: record,
        loadRecord: loadRecord, apply: apply, newGame: newGame,
        /* resolves once the engine has had nothing to do for 50 ms: a
         * change asks for several answers in turn */
        idle: function () {
            return new Promise(function (resolve) {
                (function check() {
                    var last = chain;
                    last.then(function () {
                        setTimeout(function () {
                            if (last === chain && $('busy').hidden) resolve(true);
                            else check();
                        }, 50);
                    });
                })();
            });
        }
    };

    startWorker();
    /* on a phone the options are folded, so that the board is in sight */
    if (window.matchMedia && window.matchMedia('(max-width: 700px)').matches)
        $('options-box').open = false;
    wire();
    wireGutters();
    var moves = fromUrl();
    sow(['list', '--json']).then(function (r) {
        var list = json(r.out);
        variants = list ? list.variants : [];
        var sel = $('variant');
        variants.forEach(function (v) {
            var op = document.createElement('option');
            op.value = v.id;
            op.textContent = v.name;
            sel.appendChild(op);
        });
        Object.keys(keptVariants()).forEach(function (id) {
            if (variants.some(function (v) { return v.id === id; })) return;
            var op = document.createElement('option');
            op.value = 'mine:' + id;
            op.textContent = id + ' (edited here)';
            sel.appendChild(op);
        });
        var shipped = variants.some(function (v) { return v.id === game.variant; });
        return restoreBench(shipped).then(function (say) {
            selectGame(sel);
            return newGame(moves).then(function () {
                /* after newGame, which clears the notice for its own */
                if (resumed)
                    say = (say ? say + ' ' : '') + 'Your last game here, resumed where you left it (New game ' +
                        'starts again).';
                if (say) notice(say + ($('notice').hidden ? '' : ' ' + $('notice').textContent));
                return loadEditors();
            });
        });
    }).then(function () {
        document.body.dataset.ready = '1';
    });
})();
