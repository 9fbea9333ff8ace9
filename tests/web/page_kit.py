"""page_kit.py - what the page's checks share (tests/web/test_page.py):
the native `sow`, opening and settling a page, its state, clicks on holes,
rings and decision buttons, and comparing a move played with the native
replay."""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import CdpError  # noqa: E402


ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def ok(self, name, cond, detail=""):
        if cond:
            self.passed += 1
            print("web %s: ok%s" % (name, " (" + detail + ")" if detail else ""))
        else:
            self.failed += 1
            print("web %s: FAIL: %s" % (name, detail))
        sys.stdout.flush()
        return cond


def native(sow, *args):
    r = subprocess.run([sow, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout, r.stderr


def js(s):
    return json.dumps(s)


def state(page):
    return json.loads(page.eval("document.getElementById('sow-state').textContent"))


def open_page(b, url, keep=False):
    """A new tab at url, from a clean state (nothing saved by an earlier
    check), unless keep: a check of what the page keeps."""
    page = b.open(url, clean=not keep)
    page.wait("document.body && document.body.dataset.ready === '1'", 60, "the page to be ready")
    return page


def settle(page, timeout=60):
    """Wait until the engine has answered everything asked of it."""
    page.wait("window.sowPage && true", timeout)
    page.eval("window.sowPage.idle()", timeout)


def set_field(page, id_, value):
    page.eval("(function(){var e=document.getElementById(%s); e.value=%s;"
              "e.dispatchEvent(new Event('change'));})()" % (js(id_), js(value)))


def choose_variant(page, vid):
    page.eval("document.getElementById('speed').value='0'")
    set_field(page, "south", "human")
    set_field(page, "north", "human")
    set_field(page, "variant", vid)
    # a game in progress: the page asks before dropping it
    page.eval("(function(){var c=document.getElementById('confirm');"
              "if (c && !c.hidden) document.getElementById('confirm-yes').click();})()")
    page.wait("document.getElementById('sow-state').textContent.indexOf(%s) > 0 && "
              "window.sowPage.game.moves.length === 0" % js('"variant":"%s"' % vid), 60,
              "variant %s" % vid)
    settle(page)


def click_first_legal(page):
    """Click the first legal move on the board (a hole) or among the
    decision buttons, as a person would."""
    return page.eval("""(function(){
        var st = JSON.parse(document.getElementById('sow-state').textContent);
        if (st.over || !st.legal.length) return null;
        var tok = String(st.legal[0]);
        var el = document.querySelector('#board circle[data-move="' + tok + '"]') ||
                 document.querySelector('#decisions button[data-move="' + tok + '"]');
        var hole = el ? null : document.querySelector('#board circle[data-moves~="' + tok + '"]');
        if (hole) {  /* MB.2: the hole, then the button of its direction */
            hole.dispatchEvent(new MouseEvent('click', {bubbles: true}));
            el = document.querySelector('#decisions button[data-move="' + tok + '"]');
        }
        if (!el) return 'no control for ' + tok;
        el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
        return tok;
    })()""")


def wait_moves(page, n, timeout=120):
    # or until the page shows an error (a computer player that cannot move)
    page.wait("(function(){var s=JSON.parse(document.getElementById('sow-state').textContent);"
              "return s.over || s.moves.length >= %d || "
              "document.getElementById('status').className === 'bad';})()" % n, timeout, "%d moves" % n)


SAMPLER = """(function(){
    /* every frame: the place of each seed drawn in flight */
    window.__flights = []; window.__fid = 0;
    if (window.__sampler) cancelAnimationFrame(window.__sampler);
    (function sample() {
        document.querySelectorAll('#board svg .seed-fly').forEach(function (c) {
            if (!c.__id) { c.__id = ++window.__fid; window.__flights.push({hole: +c.dataset.hole, pts: []}); }
            window.__flights[c.__id - 1].pts.push([+c.getAttribute('cx'), +c.getAttribute('cy')]);
        });
        window.__sampler = requestAnimationFrame(sample);
    })();
})()"""


HOLE_CENTERS = """(function(){
    /* each hole's circle centre on the board drawn (sow_svg.c: circle,
     * dots, count, label) */
    var labels = window.sowPage.game.info.board.labels, out = {};
    document.querySelectorAll('#board svg text[font-size="14"]').forEach(function (t) {
        var h = labels.indexOf(t.textContent);
        var c = t.previousElementSibling && t.previousElementSibling.previousElementSibling &&
                t.previousElementSibling.previousElementSibling.previousElementSibling;
        if (h >= 0 && c && c.tagName === 'circle' && !(h in out))
            out[h] = [+c.getAttribute('cx'), +c.getAttribute('cy')];
    });
    return JSON.stringify(out);
})()"""


def click_hole(page, tok):
    page.eval("document.querySelector('#board circle[data-move=\"%s\"]')"
              ".dispatchEvent(new MouseEvent('click', {bubbles: true}))" % tok)


def click_ring(page, tok):
    """A click on the ringed hole one of whose moves is tok (a hole with
    several: a direction, MB.2; a hole to take, NS.6)."""
    page.eval("document.querySelector('#board circle[data-moves~=\"%s\"]')"
              ".dispatchEvent(new MouseEvent('click', {bubbles: true}))" % tok)


def click_choice(page, tok):
    """A click on the decision button of tok."""
    page.eval("document.querySelector('#decisions button[data-move=\"%s\"]').click()" % tok)


def played_as_native(page, sow, variant, tok, fields=("board",), options=()):
    """After a click that plays tok as a game's first move: waits for the
    page to play it, then compares the page's state with the native sow's
    replay of tok (under the options NAME=VALUE given), field by field.
    Returns (good, why, the native's last record line)."""
    page.wait("JSON.parse(document.getElementById('sow-state').textContent).moves.length >= 1", 30)
    settle(page)
    st = state(page)
    opts = [a for o in options for a in ("--option", o)]
    rc, out, err = native(sow, "replay", variant, *opts, "--moves", tok, "--json")
    last = json.loads(out.splitlines()[-1]) if rc == 0 else {}
    good = [str(m) for m in st["moves"]] == [tok] and rc == 0 and \
        all(st.get(f) == last.get(f) for f in fields)
    why = "played %s: page %s, native %s" % (st["moves"], json.dumps({f: st.get(f) for f in fields}),
                                             json.dumps({f: last.get(f) for f in fields}))
    return good, why, last


def decision_buttons(page):
    """The question shown above the decision buttons, and each button's
    (token, text without the token, tooltip)."""
    return page.eval("""(function(){
        var q = document.querySelector('#decisions .question');
        var bs = Array.prototype.map.call(document.querySelectorAll('#decisions button'), function (b) {
            return [b.dataset.move, b.firstChild ? b.firstChild.textContent : '', b.title];
        });
        return JSON.stringify({question: q ? q.textContent : null, buttons: bs});
    })()""")


def apply_files(page, yaml=None, lua=None):
    if yaml is not None:
        page.eval("document.getElementById('yaml').value = %s" % js(yaml))
    if lua is not None:
        page.eval("document.getElementById('lua').value = %s" % js(lua))
    page.eval("document.getElementById('bench-status').textContent = ''")
    page.eval("document.getElementById('apply').click()")
    page.wait("/^(applied|not applied)/.test(document.getElementById('bench-status').textContent)", 60)
    settle(page)
    return page.eval("document.getElementById('bench-status').textContent")


def status(page):
    return page.eval("document.getElementById('status').textContent")


def click_label(page, label):
    """A click on the hole labelled `label` (its circle), as a person's."""
    return page.eval("""(function(){
        var labels = window.sowPage.game.info.board.labels, h = labels.indexOf(%s);
        var ts = document.querySelectorAll('#board svg text[font-size="14"]');
        for (var i = 0; i < ts.length; i++) {
            if (ts[i].textContent.replace(/\\*$/, '') !== %s) continue;
            var c = ts[i].previousElementSibling.previousElementSibling.previousElementSibling;
            c.dispatchEvent(new MouseEvent('click', {bubbles: true}));
            return true;
        }
        return false;
    })()""" % (js(label), js(label)))


def play_labels(page, labels):
    """Click the holes of these labels in turn, each move played out."""
    for lab in labels:
        click_label(page, lab)
        settle(page)


def oware_two_moves(b, url):
    """A page of Oware between two people, at once: c, then B played."""
    page = open_page(b, url + "?variant=oware&south=human&north=human")
    settle(page)
    set_field(page, "speed", "0")
    play_labels(page, ("c", "B"))
    return page


def last_board(sow, variant, moves, opts=()):
    args = ["replay", variant, "--moves", moves, "--json"]
    for o in opts:
        args += ["--option", o]
    rc, out, err = native(sow, *args)
    plies = [json.loads(l) for l in out.splitlines() if l.startswith('{"ply"')]
    return plies[-1]["board"] if rc == 0 and plies else None


def reload_page(page):
    page.eval("document.body.dataset.ready = ''")
    try:
        page.eval("location.reload()", 5)
    except CdpError:
        pass
    page.wait("document.body && document.body.dataset.ready === '1'", 60, "the page after a reload")
    settle(page)


def key(page, k, code=None):
    """A key pressed and released, as the keyboard sends it."""
    for t in ("keyDown", "keyUp"):
        params = {"type": t, "key": k, "code": code or k}
        if len(k) == 1:
            params["text"] = k
        if k == "Enter":
            params.update({"windowsVirtualKeyCode": 13, "text": "\r"} if t == "keyDown" else {"windowsVirtualKeyCode": 13})
        page.b.call("Input.dispatchKeyEvent", params, page.session)

