/* sow-engine-client.js - the page's link to sow's engine: one Web Worker
 * (worker.js, inside sow-engine.js), one request at a time; a request is
 * one run of the `sow` command with its arguments.
 *
 * This file comes first among the page's files (index.html): it makes
 * window.sowParts, the object through which they share their functions
 * and state. Each file is one function that adds to it what the others
 * call; a name written S.name lives in another file (state that is
 * reassigned, S.variants and S.holeEls, is kept on S by every file).
 * Only sow-page.js, the last, runs anything when loaded. */
'use strict';
window.sowParts = {$: function (id) { return document.getElementById(id); }};
(function (S) {
    var $ = S.$;

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
                var files = Object.assign({}, S.bench.files, extra.files || {});
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

    /* Resolves once the engine has had nothing to do for 50 ms (a change
     * asks for several answers in turn): window.sowPage.idle, for tests. */
    function idle() {
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

    function busy(on) { $('busy').hidden = !on; }

    Object.assign(S, {busy: busy, idle: idle, restartWorker: restartWorker, sow: sow,
                      startWorker: startWorker});
})(window.sowParts);
