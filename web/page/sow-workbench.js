/* sow-workbench.js - the workbench: the variant's files in editors
 * (with line numbers and the errors' marks), checked and played, kept in
 * the browser and shared in a link; its scenarios run and the speed test.
 * Part of the page (sow-page.js). */
'use strict';
(function (S) {
    var $ = S.$;

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
        var info = S.game.info;
        var yaml = info.file, lua = info.script;
        var scen = '/sow/variants/scenarios/' + base(yaml);
        if (S.game.variant.indexOf('/bench/') === 0)
            scen = '/bench/scenarios/' + base(yaml);
        return S.sow(null, {read: [yaml, lua || '', scen]}).then(function (r) {
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
        return S.sow(['validate', b.yaml, '--json'], {files: b.files}).then(function (r) {
            var res = S.json(r.out);
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
            return packBench().then(function () { return S.newGame([]); });
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
        S.game.variant = yaml;
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
        var id = S.game.variant.indexOf('/bench/') === 0 ? bench.id : S.game.variant;
        var shipped = S.variants.some(function (v) { return v.id === id; });
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
            var d = S.json(new TextDecoder().decode(raw));
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
        var kept = keptVariants()[S.game.variant];
        var from = frag ? unpackFragment(frag)
            : kept && !shipped ? Promise.resolve(benchFrom(kept.files, kept.yaml)) : Promise.resolve(null);
        return from.then(function (b) {
            if (!b) return;
            return S.sow(['validate', b.yaml, '--json'], {files: b.files}).then(function (r) {
                var res = S.json(r.out), f = res && res.files && res.files[0];
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
            if (S.game.variant.indexOf('/bench/') !== 0 && !shipped) {
                say += (say ? ' ' : '') + 'There is no game "' + S.game.variant + '" here (not shipped, not kept ' +
                    'in this browser, not carried by the link); shown: Adji Kui I.';
                S.game.variant = 'adji-kui-1';
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
        if (!/^how_to_play:/m.test(yaml) && S.howtoYaml(from))
            yaml = yaml.replace(/\n?$/, '\n') + S.howtoYaml(from);
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
        return S.sow(['test', path, '--verbose'], {files: files}).then(function (r) {
            out.textContent = (r.out + '\n' + r.err).trim();
        });
    }

    function benchRun() {
        $('bench-out').textContent = 'playing…';
        return S.sow(['bench', S.game.info ? S.game.info.id : S.game.variant, '--seconds', '3', '--json']).then(function (r) {
            var res = S.json(r.out);
            $('bench-out').textContent = res ? res.games_per_s.toFixed(0) + ' games/s, ' +
                res.plies_per_s.toFixed(0) + ' moves/s (' + res.games + ' random games)' : r.err;
            $('bench-out').dataset.json = r.out;
        });
    }

    Object.assign(S, {SHARE_MAX: SHARE_MAX, apply: apply, base: base, bench: bench,
                      benchFrom: benchFrom, benchRun: benchRun, clearMarks: clearMarks, fork: fork,
                      keptVariants: keptVariants, loadEditors: loadEditors,
                      restoreBench: restoreBench, runScenarios: runScenarios,
                      scriptName: scriptName, selectGame: selectGame, showProblem: showProblem,
                      useBench: useBench, wireGutters: wireGutters});
})(window.sowParts);
