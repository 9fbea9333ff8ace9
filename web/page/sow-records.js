/* sow-records.js - records: Save record (sow replay --json) and Load
 * record, which finds the game a record was played on (docs/record.md).
 * Part of the page (sow-page.js). */
'use strict';
(function (S) {
    var $ = S.$;

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
        return S.sow(S.baseArgs('replay').concat(['--moves', S.movesArg(), '--json'])).then(function (r) {
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
            var l = S.json(line);
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
        var first = lines.map(S.json).filter(function (l) { return l.board; })[0];
        var holes = first ? first.board.length : -1;
        var current = S.game.info ? S.game.info.id : S.game.variant;
        var currentName = S.game.info ? S.game.info.name : S.game.variant;
        /* {ok, digest}: whether the replay gives the record's lines, and
         * the digest of the files it was replayed on */
        var replays = function (variant, options) {
            var args = ['replay', variant].concat(options, ['--moves', moves.join(' '), '--json']);
            return S.sow(args).then(function (r) {
                var out = r.out.split('\n').filter(function (l) { return l.trim(); }).map(S.json);
                var got = out.map(function (l) { return l ? plainLine(l) : ''; }).join('\n');
                return {ok: r.rc === 0 && got === want, digest: out[0] && out[0].digest};
            });
        };
        var load = function (id, options) {
            $('south').value = 'human';
            $('north').value = 'human';
            S.syncLevels();
            if (id === null)
                return S.newGame(moves);
            if (id !== S.game.variant) {
                S.game.variant = id;
                S.bench.files = {};
                S.bench.fragment = null;
            }
            S.game.options = options || {};
            S.selectGame($('variant'));
            return S.newGame(moves).then(S.loadEditors);
        };
        say('', 'Load record: replaying its ' + moves.length + ' moves…');
        if (named)
            return loadNamed(named, moves, replays, load, say, current);
        return replays(S.game.variant, S.optionArgs()).then(function (res) {
            if (res.ok)
                return load(null).then(function () {
                    say('ok', 'Loaded the record\'s ' + moves.length + ' moves on ' + S.game.info.name + '.');
                    return current;
                });
            /* the other shipped variants, those with the record's holes first */
            var others = S.variants.map(function (v) { return v.id; })
                .filter(function (id) { return id !== current; });
            return Promise.all(others.map(function (id) {
                return S.sow(['show', id, '--json']).then(function (r) {
                    var info = S.json(r.out);
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
            where = S.game.variant;
        else if (S.variants.some(function (v) { return v.id === id; }))
            where = id;
        else {
            var kept = S.keptVariants()[id], b = kept && S.benchFrom(kept.files, kept.yaml);
            if (b) {
                S.useBench(b.files, b.yaml, b.lua, id);
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
                    say('ok', (where === S.game.variant && current === id ? 'Loaded the record\'s ' + n + ' moves on ' +
                               S.game.info.name : 'The record is a game of ' + S.game.info.name + ', as its first line says: ' +
                               'loaded its ' + n + ' moves on ' + S.game.info.name) +
                        (res.digest !== named.digest ? ' (on these files, which differ from the record\'s)' : '') + '.');
                    return id;
                });
            };
            if (!named.digest || res.digest === named.digest)
                return go();
            return S.ask('This record was played on other files of ' + id + ' than the ones here (its digest ' +
                       named.digest + ', these files\' ' + res.digest + '): an edited copy or another version, whose ' +
                       'rules may differ. Load it on these rules anyway?', 'Load anyway', 'Cancel').then(function (yes) {
                if (yes) return go();
                say('bad', 'Load record: not loaded: it was played on other files of ' + id + ' (digest ' +
                    named.digest + '; these files: ' + res.digest + ')');
                return null;
            });
        });
    }

    Object.assign(S, {download: download, loadRecord: loadRecord, record: record});
})(window.sowParts);
