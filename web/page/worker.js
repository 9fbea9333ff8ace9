/* worker.js - the engine's side of the page: runs in a Web Worker, after
 * the engine's own code (SowEngine, emscripten's factory), which
 * web/assemble.sh puts before it in the one worker source.
 *
 * A request {id, files, read, args, stdout, keep} writes `files` ({path:
 * text}) into the engine's file system, runs `sow ARGS...` (the command's
 * main, once per request; with `stdout` set, args start with --stdout
 * PATH and the output is read from that file; keep 'last': a trace's last
 * move only), reads back the paths of `read`, and answers {id, rc,
 * out, err, ms, files}. One request at a time: the page waits for each answer,
 * and a stuck search is ended by terminating the whole worker. */
'use strict';
var sowOut = [], sowErr = [];
var sowEngine = SowEngine({
    print: function (s) { sowOut.push(s); },
    printErr: function (s) { sowErr.push(s); }
});

function sowMkdirs(M, path) {
    var parts = path.split('/').slice(1, -1), dir = '';
    for (var i = 0; i < parts.length; i++) {
        dir += '/' + parts[i];
        try { M.FS.mkdir(dir); } catch (e) { /* there already */ }
    }
}

self.onmessage = function (e) {
    var req = e.data;
    sowEngine.then(function (M) {
        var reply = {id: req.id, rc: 0, out: '', err: '', ms: 0, files: {}};
        try {
            var files = req.files || {};
            for (var path in files) {
                sowMkdirs(M, path);
                M.FS.writeFile(path, files[path]);
            }
            if (req.args) {
                sowOut = [];
                sowErr = [];
                var t0 = performance.now();
                reply.rc = M.callMain(req.args);
                M._fflush(0);
                reply.ms = performance.now() - t0;
                reply.out = sowOut.join('\n');
                if (req.stdout) {
                    /* the command wrote to a file (web_main.c: --stdout);
                     * only the lines that start with req.keep are sent */
                    var text = M.FS.readFile(req.stdout, {encoding: 'utf8'});
                    if (req.keep === 'last') {
                        /* a trace: from its last move line on (a match's
                         * plies count again from 0 in each game) */
                        var lines = text.split('\n'), i = lines.length - 1;
                        while (i > 0 && !/^\{"ply":\d+,"to_move":/.test(lines[i]))
                            i--;
                        text = lines.slice(i).join('\n');
                    }
                    reply.out = text;
                    M.FS.unlink(req.stdout);
                }
                reply.err = sowErr.join('\n');
            }
            (req.read || []).forEach(function (p) {
                try { reply.files[p] = M.FS.readFile(p, {encoding: 'utf8'}); }
                catch (x) { reply.files[p] = null; }
            });
        } catch (x) {
            /* a trap in the engine (out of memory): the page starts a new
             * worker */
            reply.rc = -1;
            reply.err = 'the engine stopped: ' + x;
            reply.dead = true;
        }
        postMessage(reply);
    });
};
