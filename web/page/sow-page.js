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
 * no framework.
 *
 * The page is six files, loaded in this order by index.html:
 * sow-engine-client.js (the worker, and window.sowParts, through which
 * the files share their functions and state: S.name is a name of another
 * file), sow-board.js (the board, the move list, the Share link),
 * sow-moves.js (moves and their narration, seed by seed; Undo, Hint),
 * sow-records.js (Save and Load record), sow-workbench.js (the editors,
 * variants kept and shared, scenarios, the speed test) and this one: the
 * game (its variant, options and players, How to play) and the start,
 * which runs once the others are loaded. */
'use strict';
(function (S) {
    var $ = S.$;

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
    S.variants = [];         /* sow list --json */
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
                moved.push(S.sideName(side));
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
        return S.sow(baseArgs('show').concat(['--json'])).then(function (r) {
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
            return S.refresh();
        }).catch(function (e) { setActing(null); showError(String(e.message || e)); });
    }

    /* A link (or record) whose move k cannot be played: the game is
     * shown after the moves before it, and the notice says why. */
    function legalPrefix() {
        if (!game.moves.length) return Promise.resolve();
        return S.sow(baseArgs('state').concat(['--moves', movesArg()])).then(function (r) {
            var m = /move (\d+) \('([^']*)'\): (?:ply \d+: )?(.*)/.exec(r.err || '');
            if (r.rc === 0 || !m) return;
            var k = +m[1] - 1;
            game.moves = game.moves.slice(0, k);
            /* the engine's hole numbers, as the board labels them */
            var why = m[3].trim().replace(/^move (\S+) is not legal/, function (x, t) {
                return S.moveLabel(t) + ' is not legal';
            }).replace(/the legal moves are: (.*)$/, function (x, list) {
                return 'the legal moves are ' + list.split(/\s+/).filter(Boolean).map(S.moveLabel).join(', ');
            });
            notice('Move ' + m[1] + ' of the link (' + S.moveLabel(m[2]) + ') cannot be played: ' + why +
                   '. Shown: the position after the ' + k + (k === 1 ? ' move' : ' moves') + ' before it.');
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
            localStorage.setItem(GAME, JSON.stringify({variant: edited ? S.bench.id : game.variant,
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
                    S.selectGame(sel);
                    return;
                }
                game.variant = to;
                game.options = {};
                S.bench.files = {};
                S.bench.fragment = null;
                var kept = S.keptVariants()[to.replace(/^mine:/, '')];
                if (/^mine:/.test(to) && kept) {
                    var b = S.benchFrom(kept.files, kept.yaml);
                    if (b) S.useBench(b.files, b.yaml, b.lua, to.slice(5));
                }
                if (/^mine:/.test(to) && game.variant === to) game.variant = 'adji-kui-1';
                newGame([]).then(S.loadEditors);
            });
        });
        $('confirm-yes').addEventListener('click', function () { if (answer) answer(true); });
        $('confirm-no').addEventListener('click', function () { if (answer) answer(false); });
        $('new-game').addEventListener('click', function () { newGame([]); });
        $('first').addEventListener('click', function () { S.goTo(0); });
        $('back').addEventListener('click', function () { S.goTo(shownPly() - 1); });
        $('forward').addEventListener('click', function () { S.goTo(shownPly() + 1); });
        $('last').addEventListener('click', function () { S.goTo(game.moves.length); });
        $('undo').addEventListener('click', S.undo);
        $('hint').addEventListener('click', S.hint);
        $('speed').addEventListener('change', function () {
            if (+$('speed').value === 0) S.stopFlights(true);
            saveSettings();
        });
        /* Stop: the computer stops thinking and waits for Continue */
        $('stop').addEventListener('click', function () {
            S.stopComputer();
            game.paused = true;
            S.refresh(false);
        });
        $('resume').addEventListener('click', function () {
            game.paused = false;
            game.seq++;
            S.refresh();
        });
        $('save').addEventListener('click', function () {
            S.record().then(function (text) { S.download((game.info ? game.info.id : 'game') + '.jsonl', text); });
        });
        $('load').addEventListener('change', function () {
            var f = $('load').files[0];
            if (f) f.text().then(S.loadRecord).then(function () { $('load').value = ''; });
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
                S.stopComputer();
                game.paused = false;
                S.refresh();
            });
        });
        $('apply').addEventListener('click', S.apply);
        $('fork').addEventListener('click', S.fork);
        $('revert').addEventListener('click', function () {
            S.bench.files = {};
            S.bench.fragment = null;
            game.variant = game.info.id;
            var shipped = S.variants.filter(function (v) { return v.id === game.info.id; })[0];
            if (!shipped) game.variant = 'adji-kui-1';
            $('variant').value = game.variant;
            newGame([]).then(S.loadEditors);
        });
        $('dl-yaml').addEventListener('click', function () { S.download(S.base(S.bench.yamlPath) || 'variant.yaml', $('yaml').value); });
        $('dl-lua').addEventListener('click', function () {
            S.download(S.scriptName($('yaml').value) || 'variant.lua', $('lua').value);
        });
        $('run-scen').addEventListener('click', S.runScenarios);
        $('copy').addEventListener('click', S.copyShare);
        document.addEventListener('keydown', S.onKey);
        $('howto-open').addEventListener('click', function () {
            if ($('howto').hidden) showHowto(null); else $('howto').hidden = true;
        });
        $('howto-close').addEventListener('click', function () { $('howto').hidden = true; });
        $('bench-run').addEventListener('click', S.benchRun);
    }

    Object.assign(S, {LEVELS: LEVELS, ask: ask, baseArgs: baseArgs, game: game,
                      howtoYaml: howtoYaml, isHuman: isHuman, json: json, levelOf: levelOf,
                      movesArg: movesArg, newGame: newGame, notice: notice, num: num,
                      optionArgs: optionArgs, perfectFits: perfectFits, playerOf: playerOf,
                      saveGame: saveGame, setActing: setActing, showError: showError,
                      showHowto: showHowto, shownPly: shownPly, syncLevels: syncLevels});

    /* For tests and tools: the page's own functions. */
    window.sowPage = {
        game: game, sow: S.sow, play: S.humanMove, record: S.record,
        loadRecord: S.loadRecord, apply: S.apply, newGame: newGame,
        idle: S.idle
    };

    S.startWorker();
    /* on a phone the options are folded, so that the board is in sight */
    if (window.matchMedia && window.matchMedia('(max-width: 700px)').matches)
        $('options-box').open = false;
    wire();
    S.wireGutters();
    var moves = fromUrl();
    S.sow(['list', '--json']).then(function (r) {
        var list = json(r.out);
        S.variants = list ? list.variants : [];
        var sel = $('variant');
        S.variants.forEach(function (v) {
            var op = document.createElement('option');
            op.value = v.id;
            op.textContent = v.name;
            sel.appendChild(op);
        });
        Object.keys(S.keptVariants()).forEach(function (id) {
            if (S.variants.some(function (v) { return v.id === id; })) return;
            var op = document.createElement('option');
            op.value = 'mine:' + id;
            op.textContent = id + ' (edited here)';
            sel.appendChild(op);
        });
        var shipped = S.variants.some(function (v) { return v.id === game.variant; });
        return S.restoreBench(shipped).then(function (say) {
            S.selectGame(sel);
            return newGame(moves).then(function () {
                /* after newGame, which clears the notice for its own */
                if (resumed)
                    say = (say ? say + ' ' : '') + 'Your last game here, resumed where you left it (New game ' +
                        'starts again).';
                if (say) notice(say + ($('notice').hidden ? '' : ' ' + $('notice').textContent));
                return S.loadEditors();
            });
        });
    }).then(function () {
        document.body.dataset.ready = '1';
    });
})(window.sowParts);
