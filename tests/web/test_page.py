"""test_page.py - the page of `make web` in headless Chromium (issue 17).

    python3 tests/web/test_page.py --page build/web/index.html --sow build/sow
        [--artifacts DIR] [--plies N] [--only NAME]

Every check drives the page from file:// through its own controls (the
variant list, the options, the player fields, clicks on the holes of the
board and on decision buttons, the workbench's editors and Apply) and
compares what it shows with the native `sow`:

  load      the page loads with no console message
  games     for each shipped variant a whole game (--plies and --seconds,
            40 a game, cap it; games in rounds are long): the
            first plies clicked by hand, the rest played by computer
            players chosen in the page; the page's record is byte for
            byte `sow replay --json`'s
  share     shareable URLs (golden games, options, a match) put the
            position of `sow replay --json`'s last lines into #sow-state
  share     ... and Save record gives sow replay --json's record, which
            Load record plays back to the same position
  records   Load record: a record loads on the game its first line names
            (or, an older record naming none, on the game chosen if it
            replays there, else on the first shipped game, default
            options, same holes first, whose sow replay --json is the
            record), as worked out natively, and the page says which; a
            record no game gives is refused, game untouched
  recgame   (D4) a Wari record (whose plies are Oware's too) loads on
            Wari, not on the Oware shown; one played on other files of
            Oware (another digest) is loaded only if asked; an older
            record (no names) still loads
  seeds     at a slow speed each seed sown is drawn flying from the hand
            to the hole sow trace --json says it lands in; none at
            "instant"; a step through the game removes them at once
  decisions Andada's first mover, Olinda's direction and Adji Kui II's
            purchases are asked as the variant's question, with buttons
            in words ("North", "clockwise", "hole C"), no token shown; a
            click plays it
  directions in Mbangbi, whose every move names its direction, a click
            on a ringed hole asks which way, a button a direction in
            words; a click plays the hole that way
  hand      in Omweso, whose seeds start in hand, a click on a ringed hole
            places a seed there (+h), the hands shown as sow replay's
  choice    in Nsolo, a hole whose turns take a hole of the player's
            choice after the capture (2,x37) asks which, a button a hole
  turn      in Bao la Kiswahili, a hole whose turns of several decisions
            (+11,k8, C2.3) differ in their parts asks which, a button a
            turn in words; a click plays the whole turn as sow replay does
  errors    a broken YAML and a broken Lua show their error at the right
            line:col beside the text;
  gutter    ... and mark that line (only it) in the right editor's gutter
            of line numbers, whose click selects it; the gutter scrolls
            with the text, row for row; a new variant is started from a
            shipped one under a new id
  edited    a variant edited on the page (an option's default changed)
            plays as the edited file does natively, and not as the shipped
  limits    a script that loops for ever is stopped by the sandbox in the
            page too, with its place
  busy      (issue 27 D1) a click during a move's animation is ignored,
            the status saying "South is sowing…"; the computer answers
  badlink   (D11) a link with an illegal move shows the position after
            the moves before it and says why
  reload    (D12) a reload keeps the computer opponent, the speed and
            the game
  undo      (D13) Undo while the computer thinks cancels it at once;
            Stop says the computer is stopped, Continue lets it move
  confirm   (D14) another game, or a move played while an earlier move is
            shown, asks first; "keep" keeps the game
  narration (D7) the narration of one's own move stays when the computer
            answers, each move under its heading; a rule's text once a move
  hint      (D8) Hint, beside the board, suggests a move, and its button
            plays it
  luaerror  (D10) a script's error during a move is marked at its line in
            the Lua editor; the move is taken back, the board redrawn
  bought    (D2) Adji Kui II: holes bought in the other row are ringed and
            a click plays them
  dots      (D6) the seeds of a hole stay drawn while a move is sown
  opening   (D5) Andada's opening, worked out whole by its script, is
            shown hole by hole
  kept      (D3) a new variant from the workbench ("kui-8") is there
            after a reload, marked "edited rules"; an edited Oware (3
            seeds) shares a link that opens the edited rules at the same
            position; rules too large for a link say so; a link's broken
            or hostile files are refused with a message, the game shown
  resume    the game in progress is kept: the page opened again with no
            address of a game resumes it, saying so
  levels    named levels (beginner, ...) for each side, kept by a reload
            and named in the shared link
  howto     How to play, one click away, gives the game's rules; a rule
            id in the narration opens its rule's text
  ownwords  (issue 27) a new variant of the workbench carries its plain
            words in its file (how_to_play:), those of the game it came
            from; edited there, How to play shows them as sow show reads
            them, their rule ids links
  sharelink (D15) from file:// the Share field holds no file:/// address
            and says why; Copy copies it
  movelist  the moves in hole labels, each one a button to its position
  keyboard  (D18) a hole's letter focuses it, the arrows move along the
            ringed holes, Enter plays; every control has a name
  layout    (D16, D17) a phone (390x844): the board and the status in the
            first screen, holes at least 40 px; 1920x1080: the board wide
  plainwords How to play, one click away, gives every shipped game in
            plain words (the board, a move, capturing, the end), none with
            the engine's words or an option's name, its rule ids links;
            perfect is offered, with default options, exactly where
            sow solve answers within web/perfect.json's cap of positions
  perfect   (issue 27) perfect decided in advance: not for Oware (a link's
            perfect North plays strong, saying so), offered for Kalah 3x3
            and answering; web/perfect.json's boards solve within its cap
  hintvalue (issue 26) where the solver answers, the hint says "South
            wins by 2" and the outcome after each move, as sow solve
  optionwords (D15) options by plain labels, values in words, no MG in
            their texts; the record and link keep grand_slam=capture;
            Andada's question and move list without first:1
  decisionkeys (D18) the arrows move between decision buttons, Enter plays
  clean     each check's tab starts with no saved settings of an earlier
            check; one opened to test what is kept finds them
  speed     random games in the page against native `sow bench` (1 s
            of each in turn, three times, the best of each), and a
            depth-7 alphabeta move on Andada 2x15

Screenshots of each state go to --artifacts (build/test-artifacts/).
Prints one line per check and `web: N passed, N failed`.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, CdpError  # noqa: E402

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


def solve_positions(sow, vid, opts, limit=60):
    """The positions sow solve plays to solve vid from the start (opts:
    {name: value}) with one thread and a table of 256 MiB, as
    web/perfect.py counts them (the same on any machine); None when it
    refuses, or runs past `limit` seconds (then far past any cap)."""
    args = ["solve", vid, "--json", "--threads", "1", "--memory", "256", "--time-limit", str(limit)]
    for k, v in opts.items():
        args += ["--option", "%s=%s" % (k, v)]
    rc, out, _ = native(sow, *args)
    return json.loads(out)["positions"] if rc == 0 else None


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


def first_diff(a, b):
    la, lb = a.split("\n"), b.split("\n")
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else None
        y = lb[i] if i < len(lb) else None
        if x != y:
            return "line %d: page %s, native %s" % (i + 1, (x or "")[:150], (y or "")[:150])
    return "same"


def check_games(c, b, url, sow, variants, plies, seconds, shots, art):
    page = open_page(b, url)
    for vid in variants:
        try:
            choose_variant(page, vid)
            clicked = []
            for _ in range(4):
                st = state(page)
                if st["over"]:
                    break
                tok = click_first_legal(page)
                if tok is None or tok.startswith("no control"):
                    raise CdpError("%s: %s" % (vid, tok))
                clicked.append(tok)
                wait_moves(page, len(st["moves"]) + 1, 30)
                settle(page)
            if vid in shots and shots[vid] and not state(page)["over"]:
                # the narration of the last move, and the hint
                page.eval("document.getElementById('hint').click()")
                page.wait("document.querySelector('#hints table')", 30)
                page.eval("window.scrollTo(0,0)")
                page.screenshot(shots[vid])
                if vid == "adji-kui-1":  # the picture of README.md (docs/web-page.png)
                    page.screenshot(os.path.join(art, "web-readme.png"), height=760)
            # then the computer plays both sides
            set_field(page, "south", "random")
            set_field(page, "north", "greedy")
            # the whole game, or as much of it as --plies and --seconds allow
            try:
                wait_moves(page, plies, seconds)
            except CdpError:
                pass
            set_field(page, "south", "human")
            set_field(page, "north", "human")
            settle(page)
            page.wait("document.getElementById('busy').hidden", 60)
            settle(page)
            if vid == "oware" and state(page)["over"]:
                page.eval("window.scrollTo(0,0)")
                page.screenshot(os.path.join(art, "web-over.png"))
            game = page.eval("JSON.stringify(window.sowPage.game)")
            game = json.loads(game)
            rec = page.eval("window.sowPage.record()")
            rc, out, err = native(sow, "replay", vid, "--moves", " ".join(game["moves"]), "--json")
            st = state(page)
            last = [json.loads(l) for l in out.splitlines() if l.startswith('{"ply"')]
            # the position shown is that of the last ply line, unless a
            # new game or round has begun after it
            ends_on_ply = out.rstrip("\n").split("\n")[-1].startswith('{"ply"')
            same_board = not last or not ends_on_ply or (
                last[-1]["board"] == st["board"] and last[-1]["captured"] == st["captured"])
            stuck = page.eval("document.getElementById('status').className === 'bad' ? "
                              "document.getElementById('status').textContent : ''")
            c.ok("games %s" % vid, rc == 0 and rec == out and same_board and len(game["moves"]) > 0,
                 "%d plies, %d clicked%s%s" % (len(game["moves"]), len(clicked), ", over" if st["over"] else "",
                                               "; the page said: " + stuck[:120] if stuck else "")
                 if rc == 0 and rec == out and same_board else
                 "page record differs from sow replay --json (%s; native rc %d %s): %s" % (
                     " ".join(game["moves"])[:200], rc, err.strip()[:200], first_diff(rec, out)))
        except CdpError as e:
            c.ok("games %s" % vid, False, str(e))
    c.ok("games console", not page.console, "; ".join(page.console)[:300])


def golden_cases():
    cases = []
    for name in ("kui2_match", "andada_24", "boto_game", "draw", "andada_cw"):
        path = os.path.join(ROOT, "tests", "golden", name + ".args")
        if not os.path.exists(path):
            continue
        args = [l.rstrip("\n") for l in open(path) if not l.startswith("#")]
        variant, moves, opts = args[0], "", []
        i = 1
        while i < len(args):
            if args[i] == "--moves":
                moves = args[i + 1]
                i += 2
            elif args[i] == "--option":
                opts.append(args[i + 1])
                i += 2
            else:
                i += 1
        cases.append((name, variant, opts, moves))
    cases.append(("toguz", "toguz-kumalak", [], "5 10 4 14"))
    cases.append(("nambayi", "nambayi", [], "2"))
    return cases


def check_share(c, b, url, sow):
    from urllib.parse import quote
    for name, variant, opts, moves in golden_cases():
        q = "?variant=%s&moves=%s" % (quote(variant), quote(",".join(moves.split())))
        if opts:
            q += "&options=" + quote(",".join(opts))
        page = open_page(b, url + q)
        settle(page)
        try:
            page.wait("JSON.parse(document.getElementById('sow-state').textContent).moves.length === %d"
                      % len(moves.split()), 60)
        except CdpError as e:
            c.ok("share %s" % name, False, str(e))
            continue
        st = state(page)
        args = ["replay", variant, "--moves", moves, "--json"]
        for o in opts:
            args += ["--option", o]
        rc, out, err = native(sow, *args)
        lines = [json.loads(l) for l in out.splitlines()]
        plies = [l for l in lines if "ply" in l]
        last = lines[-1] if lines else {}
        want_result = last.get("match_result", last.get("result"))
        good = (rc == 0 and plies and st["board"] == plies[-1]["board"]
                and st["captured"] == plies[-1]["captured"]
                and st["result"] == want_result and st["over"] == (want_result is not None)
                and st.get("claimed") == plies[-1].get("claimed")
                and st.get("blocked") == plies[-1].get("blocked"))
        # the page's record is sow replay --json's, and loading it back
        # (Load record) gives the same position
        rec = page.eval("window.sowPage.record()")
        page.eval("window.sowPage.loadRecord(%s)" % js(rec))
        settle(page)
        again = state(page)
        good = good and rec == out and again["board"] == st["board"] and again["moves"] == st["moves"]
        c.ok("share %s" % name, good, "%d plies, %s" % (len(plies), "over" if st["over"] else "going on")
             if good else "#sow-state %s vs last lines %s / %s" % (json.dumps(st)[:300], json.dumps(plies[-1] if plies else None)[:200], json.dumps(want_result)))
        if page.console:
            c.ok("share %s console" % name, False, "; ".join(page.console)[:300])


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


def check_seeds(c, b, url, sow, art):
    try:
        seeds(c, b, url, sow, art)
    except CdpError as e:
        c.ok("seeds", False, str(e))


def seeds(c, b, url, sow, art):
    """Seeds drawn moving: at a slow speed each seed sown flies from the
    hand (the hole lifted, then each hole sown) to the hole it lands in;
    at "instant" none is drawn; a step through the game removes them at
    once."""
    page = open_page(b, url + "?variant=adji-kui-1&south=human&north=human")
    settle(page)
    set_field(page, "speed", "450")
    centers = {int(k): v for k, v in json.loads(page.eval(HOLE_CENTERS)).items()}
    rc, out, _ = native(sow, "trace", "adji-kui-1", "--moves", "3", "--json")
    evs = [json.loads(l) for l in out.splitlines()]
    drops = [e["hole"] for e in evs if e.get("event") == "drop"]
    page.eval(SAMPLER)
    click_hole(page, "3")
    page.wait("document.querySelector('#board svg .seed-fly')", 10, "a seed in flight")
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-seeds.png"))
    wait_moves(page, 1, 30)
    settle(page)
    flights = json.loads(page.eval("JSON.stringify(window.__flights)"))

    def near(p, q, d=3.0):
        return p and q and abs(p[0] - q[0]) <= d and abs(p[1] - q[1]) <= d

    problems = []
    if [f["hole"] for f in flights] != drops:
        problems.append("flights to %s, the drops of sow trace are %s" % ([f["hole"] for f in flights], drops))
    hand = centers.get(3)
    for f in flights:
        to = centers.get(f["hole"])
        pts = f["pts"]
        moved = len(set(map(tuple, pts)))
        if not pts or not near(pts[-1], to) or moved < 4:
            problems.append("seed to %d: %d places, last %s, hole at %s" % (f["hole"], moved, pts[-1] if pts else None, to))
        elif hand and abs(pts[0][0] - hand[0]) > abs(pts[0][0] - to[0]):
            problems.append("seed to %d starts at %s, nearer its hole than the hand at %s" % (f["hole"], pts[0], hand))
        hand = to
    c.ok("seeds fly", rc == 0 and not problems and len(flights) == len(drops),
         "%d seeds, each from the hand to its hole" % len(flights) if not problems else "; ".join(problems)[:400])

    # instant: no seed drawn
    set_field(page, "speed", "0")
    page.eval(SAMPLER)
    st = state(page)
    click_hole(page, str(st["legal"][0]))
    wait_moves(page, 2, 30)
    settle(page)
    n = page.eval("window.__flights.length")
    c.ok("seeds instant", n == 0, "no seed drawn at the speed instant" if n == 0 else "%d seeds drawn at instant" % n)

    # a step back while seeds fly: they are gone at once
    set_field(page, "speed", "450")
    st = state(page)
    click_hole(page, str(st["legal"][0]))
    page.wait("document.querySelector('#board svg .seed-fly')", 10, "a seed in flight")
    left = page.eval("""new Promise(function (resolve) {
        document.getElementById('first').click();
        setTimeout(function () {
            resolve(document.querySelectorAll('#board svg .seed-fly').length);
        }, 30);
    })""")
    settle(page)
    page.eval("cancelAnimationFrame(window.__sampler)")
    c.ok("seeds step", left == 0, "a step through the game removes the seeds in flight"
         if left == 0 else "%d seeds still drawn after a step" % left)
    if page.console:
        c.ok("seeds console", False, "; ".join(page.console)[:300])


def norm_lines(text):
    return [json.dumps(json.loads(l)) for l in text.splitlines() if l.strip()]


def record_variant(sow, variants, rec, current, opts):
    """The variant Load record should take for rec, worked out natively:
    the current one (with its options) if its replay is the record, else
    the first shipped one with default options whose replay is (those
    with the record's holes first); None if none."""
    want = norm_lines(rec)
    lines = [json.loads(l) for l in want]
    moves = " ".join(str(l["move"]) for l in lines if "ply" in l and "move" in l)
    holes = len([l for l in lines if "board" in l][0]["board"])

    def replays(v, o):
        args = ["replay", v, "--moves", moves, "--json"]
        for x in o:
            args += ["--option", x]
        rc, out, _ = native(sow, *args)
        return rc == 0 and norm_lines(out) == want
    if replays(current, opts):
        return current
    def same(v):
        info = json.loads(native(sow, "show", v, "--json")[1])
        return 0 if len(info["board"]["labels"]) == holes else 1
    for v in sorted([v for v in variants if v != current], key=same):
        if replays(v, []):
            return v
    return None


def check_records(c, b, url, sow, variants):
    """Load record: a record is loaded on the game its first line names;
    worked out natively as the game chosen if it replays there, else the
    first shipped game (default options, same holes first) that replays it
    line for line; the page says which; a record no game replays is
    refused with a clear error."""
    with tempfile.TemporaryDirectory() as tmp:
        native(sow, "selfplay", "oware", "--games", "1", "--seed", "5", "--jsonl", os.path.join(tmp, "g.jsonl"))
        with open(os.path.join(tmp, "g.jsonl")) as f:
            oware = " ".join(str(m) for m in json.loads(f.readline())["moves"][:30])
    andada = [l.rstrip("\n") for l in open(os.path.join(ROOT, "tests", "golden", "andada_game.args"))
              if not l.startswith("#")][2]
    cases = [
        # name, variant shown, record's variant, its moves
        ("elsewhere", "adji-kui-1", "oware", oware),
        ("here", "oware", "oware", oware),
        ("other holes", "oware", "andada", andada),
    ]
    page = open_page(b, url + "?variant=adji-kui-1&south=human&north=human")
    settle(page)
    for name, shown, of, moves in cases:
        try:
            choose_variant(page, shown)
            rc, rec, err = native(sow, "replay", of, "--moves", moves, "--json")
            want = record_variant(sow, variants, rec, shown, [])
            got = page.eval("window.sowPage.loadRecord(%s)" % js(rec), 120)
            settle(page)
            st = state(page)
            msg = page.eval("document.getElementById('load-status').textContent")
            cls = page.eval("document.getElementById('load-status').className")
            last = [json.loads(l) for l in rec.splitlines() if l.startswith('{"ply"')][-1]
            good = (rc == 0 and want is not None and got == want and st["variant"] == want and cls == "ok"
                    and " ".join(map(str, st["moves"])) == moves and st["board"] == last["board"]
                    and ((want == shown) == msg.startswith("Loaded")))
            c.ok("records %s" % name, good, "%s's record on %s: %s" % (of, shown, msg) if good else
                 "%s's record on %s: page took %s (want %s), #sow-state %s: %s" % (
                     of, shown, got, want, json.dumps(st)[:200], msg))
        except CdpError as e:
            c.ok("records %s" % name, False, str(e))
    try:
        record_none(c, page, sow, oware)
    except CdpError as e:
        c.ok("records none", False, str(e))
    if page.console:
        c.ok("records console", False, "; ".join(page.console)[:300])


def record_none(c, page, sow, oware):
    # a record no game gives: one board changed
    choose_variant(page, "oware")
    rc, rec, err = native(sow, "replay", "oware", "--moves", oware, "--json")
    lines = rec.splitlines()
    l3 = json.loads(lines[3])
    l3["board"][0] += 1
    lines[3] = json.dumps(l3, separators=(",", ":"))
    before = state(page)
    got = page.eval("window.sowPage.loadRecord(%s)" % js("\n".join(lines) + "\n"), 120)
    settle(page)
    msg = page.eval("document.getElementById('load-status').textContent")
    after = state(page)
    c.ok("records none", got is None and msg.startswith("Load record: no game replays") and after == before,
         msg[:200] if got is None else "page took %s: %s" % (got, msg))


def check_recgame(c, b, url, sow, art):
    """D4: records that say which game they are."""
    rc, rec, _ = native(sow, "replay", "wari", "--moves", "2 8 1 7", "--json")
    page = open_page(b, url + "?variant=oware&south=human&north=human")
    settle(page)
    got = page.eval("window.sowPage.loadRecord(%s)" % js(rec), 60)
    settle(page)
    st = state(page)
    msg = page.eval("document.getElementById('load-status').textContent")
    c.ok("recgame wari", rc == 0 and got == "wari" and st["variant"] == "wari" and st["moves"] == [2, 8, 1, 7],
         msg if got == "wari" else "took %s, #sow-state %s: %s" % (got, json.dumps(st)[:120], msg))
    # another digest: Oware's record with its digest changed
    rc, rec, _ = native(sow, "replay", "oware", "--moves", "2 8", "--json")
    lines = rec.splitlines()
    l0 = json.loads(lines[0])
    l0["digest"] = "fnv1a64:0123456789abcdef"
    lines[0] = json.dumps(l0, separators=(",", ":"))
    choose_variant(page, "adji-kui-1")
    page.eval("window.__got = 'pending'; window.sowPage.loadRecord(%s).then(function (v) { window.__got = v; }); true"
              % js("\n".join(lines) + "\n"))
    page.wait("document.getElementById('confirm') && !document.getElementById('confirm').hidden", 30, "a question")
    asked = page.eval("document.getElementById('confirm-text').textContent")
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-record-digest.png"))
    page.eval("document.getElementById('confirm-no').click()")
    page.wait("window.__got !== 'pending'", 30)
    settle(page)
    msg = page.eval("document.getElementById('load-status').textContent")
    st = state(page)
    c.ok("recgame digest", "0123456789abcdef" in asked and page.eval("window.__got") is None and st["variant"] == "adji-kui-1"
         and "not loaded" in msg, "asked %r; then %r" % (asked[:90], msg[:100]))
    # an older record: no names; Oware's plies on the Oware shown
    choose_variant(page, "oware")
    old = dict(l0)
    for k in ("variant", "options", "digest", "sow"):
        old.pop(k, None)
    lines[0] = json.dumps(old, separators=(",", ":"))
    got = page.eval("window.sowPage.loadRecord(%s)" % js("\n".join(lines) + "\n"), 60)
    settle(page)
    c.ok("recgame older", got == "oware" and state(page)["moves"] == [2, 8],
         page.eval("document.getElementById('load-status').textContent"))


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


def check_decisions(c, b, url, sow, art):
    """Decisions asked as the variant's worded question (without the move
    syntax a terminal needs), a button a choice labelled in words (the
    token nowhere shown, D15), and a click plays it."""
    from urllib.parse import quote
    kui = ""
    path = os.path.join(ROOT, "tests", "golden", "kui2_match.args")
    if os.path.exists(path):
        moves = [l.rstrip("\n") for l in open(path) if not l.startswith("#")][2]
        kui = moves[:moves.index(" buy:")]
    cases = [
        # name, query, question part, {token: words}, token clicked
        ("andada", "variant=andada&moves=4", "who makes the first regular move?",
         {"first:0": "South", "first:1": "North"}, "first:1"),
        ("olinda", "variant=olinda", "which way do you sow this round?",
         {"dir:ccw": "counter-clockwise", "dir:cw": "clockwise"}, "dir:cw"),
        ("adji-kui-2", "variant=adji-kui-2&options=%s&moves=%s" % (
            quote("match=true,match_games=3"), quote(",".join(kui.split()))),
         "which of your opponent's holes do you buy?", None, None),
    ]
    for name, query, question, words, click in cases:
        page = open_page(b, url + "?" + query + "&north=human&south=human")
        settle(page)
        got = json.loads(decision_buttons(page))
        st = state(page)
        buttons = {tok: (text, title) for tok, text, title in got["buttons"]}
        if words is None:  # buy:N: "hole L", L the hole's label on the board
            labels = json.loads(native(sow, "show", "adji-kui-2", "--json")[1])["board"]["labels"]
            words = {tok: "hole " + labels[int(tok.split(":")[1])]
                     for tok in map(str, st["legal"]) if tok.startswith("buy:")}
        good = (got["question"] is not None and question in got["question"]
                and words and set(buttons) == set(words)
                and all(buttons[t][0] == w and ":" not in buttons[t][1] for t, w in words.items())
                and not re.search(r"\w+:\w", got["question"]))  # D15: no token shown, even in a tooltip
        if name == "andada":
            page.eval("window.scrollTo(0,0)")
            page.screenshot(os.path.join(art, "web-decision.png"))
        if good and click:
            page.eval("document.querySelector('#decisions button[data-move=\"%s\"]').click()" % click)
            n = len(st["moves"]) + 1
            page.wait("JSON.parse(document.getElementById('sow-state').textContent).moves.length >= %d" % n, 30)
            settle(page)
            good = str(state(page)["moves"][n - 1]) == click
        c.ok("decisions %s" % name, good,
             "%s: %s" % (got["question"], ", ".join("%s=%s" % (t, buttons[t][0]) for t in sorted(buttons)))
             if good else "shown %s; want %s" % (json.dumps(got)[:300], json.dumps(words)[:200]))
        if page.console:
            c.ok("decisions %s console" % name, False, "; ".join(page.console)[:300])


def check_directions(c, b, url, sow):
    """MB.2: in a game whose every move names its direction, a click on a
    ringed hole asks which way, a button for each direction in words (no
    token shown), and a click on one plays the hole that way."""
    page = open_page(b, url + "?variant=mbangbi&north=human&south=human")
    settle(page)
    rings = page.eval("JSON.stringify(Array.prototype.map.call("
                      "document.querySelectorAll('#board circle.legal'), "
                      "function (e) { return e.dataset.moves; }))")
    click_ring(page, "3/cw")
    got = json.loads(decision_buttons(page))
    buttons = {tok: (text, title) for tok, text, title in got["buttons"]}
    want = {"3/ccw": ("counter-clockwise", ""), "3/cw": ("clockwise", "")}  # D15: no token shown
    good = (json.loads(rings) == ["%d/ccw %d/cw" % (h, h) for h in range(5)]
            and got["question"] == "South, which way do you sow hole d?" and buttons == want)
    why = "rings %s; %s: %s" % (rings, got["question"], json.dumps(buttons))
    if good:
        click_choice(page, "3/cw")
        good, why, _ = played_as_native(page, sow, "mbangbi", "3/cw")
    c.ok("directions mbangbi", good, why)
    if page.console:
        c.ok("directions mbangbi console", False, "; ".join(page.console)[:300])


def check_rows(c, b, url, sow, art):
    """A board of four rows (C2.1, Moruba): the page draws its 48 holes in
    4 rows of 12, labelled a1..l4 (C2.2), rings the mover's own holes (all
    24 of South's at the start), and a click on one plays it as the native
    sow does."""
    page = open_page(b, url + "?variant=moruba&north=human&south=human")
    settle(page)
    got = json.loads(page.eval("""(function(){
        var labels = [], rows = {}, cols = {};
        Array.prototype.forEach.call(document.querySelectorAll('#board svg text'), function (t) {
            if (t.getAttribute('font-size') !== '14' || !/^[a-l][1-4]$/.test(t.textContent)) return;
            var circle = t.previousElementSibling.previousElementSibling.previousElementSibling;
            labels.push(t.textContent);
            rows[circle.getAttribute('cy')] = true;
            cols[circle.getAttribute('cx')] = true;
        });
        var rings = Array.prototype.map.call(document.querySelectorAll('#board circle.legal'),
            function (e) { return [e.dataset.move, e.getAttribute('aria-label')]; });
        return JSON.stringify({labels: labels, rows: Object.keys(rows).length,
                               cols: Object.keys(cols).length, rings: rings});
    })()"""))
    want_labels = ["%s%d" % (chr(ord("a") + col), row + 1) for row in range(4) for col in range(12)]
    want_rings = [[str(h), "play %s" % want_labels[h]] for h in range(24)]
    c.ok("rows moruba board", sorted(got["labels"]) == sorted(want_labels) and got["rows"] == 4
         and got["cols"] == 12 and got["rings"] == want_rings,
         "%d labels in %d rows and %d columns; rings %s" % (len(got["labels"]), got["rows"], got["cols"],
                                                            json.dumps(got["rings"])[:200]))
    # keys: a column's letter goes through its ringed holes (k1, then k2)
    page.eval("document.body.focus()")
    key(page, "k", "KeyK")
    f1 = page.eval("document.activeElement.getAttribute('aria-label')")
    key(page, "k", "KeyK")
    f2 = page.eval("document.activeElement.getAttribute('aria-label')")
    c.ok("rows moruba keys", f1 == "play k1" and f2 == "play k2", "k focused %r, then %r" % (f1, f2))
    click_hole(page, "10")  # k1: its last seed lands in j2 and takes j3 and j4 (MO.4)
    good, why, _ = played_as_native(page, sow, "moruba", "10", ("board", "captured"))
    c.ok("rows moruba played", good, why)
    page.screenshot(os.path.join(art, "web-moruba.png"))
    if page.console:
        c.ok("rows moruba console", False, "; ".join(page.console)[:300])


def check_hand(c, b, url, sow, art):
    """Seeds in hand (MW.1, MW.2, Omweso): each of South's 16 holes is
    ringed for a seed from the hand ("+h"); a click on one places the seed
    as the native sow does, the hands shown falling by one; once the hands
    are empty a hole with one way to go plays at a click, and one with two
    asks which way (MW.5)."""
    page = open_page(b, url + "?variant=mweso&north=human&south=human")
    settle(page)
    rings = json.loads(page.eval("JSON.stringify(Array.prototype.map.call("
                                 "document.querySelectorAll('#board circle.legal'), "
                                 "function (e) { return e.dataset.move; }))"))
    c.ok("hand rings", rings == ["+%d" % h for h in range(16)], "rings %s" % rings)
    click_hole(page, "+9")
    good, why, last = played_as_native(page, sow, "mweso", "+9", ("board", "hand"))
    c.ok("hand placed", good and last.get("hand") == [31, 32], why)
    if page.console:
        c.ok("hand console", False, "; ".join(page.console)[:300])


def check_choice(c, b, url, sow, art):
    """A turn that takes a hole of the player's choice after its capture
    (NS.6, Nsolo): hole c1 (2) is ringed once for its 18 turns "2,xK"; a
    click asks which hole to take, a button a hole's label (no token
    shown), and a click on one plays the turn as the native sow does."""
    page = open_page(b, url + "?variant=nsolo&north=human&south=human")
    settle(page)
    moves = page.eval("document.querySelector('#board circle[data-moves~=\"2,x37\"]').dataset.moves")
    click_ring(page, "2,x37")
    got = json.loads(decision_buttons(page))
    buttons = {tok: text for tok, text, title in got["buttons"]}
    good = (moves.split() == ["2,x%d" % x for x in list(range(21, 29)) + list(range(30, 39))]
            and got["question"] == "South, after the capture, which hole do you take?"
            and buttons.get("2,x37") == "h4" and len(buttons) == 17)
    why = "ring %s; %s: %s" % (moves, got["question"], json.dumps(buttons)[:200])
    if good:
        click_choice(page, "2,x37")
        good, why, _ = played_as_native(page, sow, "nsolo", "2,x37")
    c.ok("choice nsolo", good, why)
    if page.console:
        c.ok("choice nsolo console", False, "; ".join(page.console)[:300])


def check_turn(c, b, url, sow, art):
    """Turns of several decisions (C2.3, Bao la Kiswahili under Ludii's
    reading, P62): hole d2 is ringed once for its three turns +11,k8,
    +11,k15,k8,k8 and +11,k15,k8,k15; a click asks which, each button the
    turn in words (where the captured seeds are sown from), and a click on
    one plays the whole turn as the native sow does."""
    variant = "bao-kiswahili"
    page = open_page(b, url + "?variant=%s&options=reading=ludii&north=human&south=human" % variant)
    settle(page)
    moves = page.eval("document.querySelector('#board circle[data-moves~=\"+11,k8\"]').dataset.moves")
    click_ring(page, "+11,k8")
    got = json.loads(decision_buttons(page))
    buttons = {tok: text for tok, text, title in got["buttons"]}
    good = (moves.split() == ["+11,k8", "+11,k15,k8,k8", "+11,k15,k8,k15"]
            and got["question"] == "South, which turn from hole d2?"
            and buttons.get("+11,k8") == "puts a seed from the hand into d2; sows the captured seeds from a2"
            and buttons.get("+11,k15,k8,k15") == "puts a seed from the hand into d2; sows the captured "
                                                 "seeds from h2, then from a2, then from h2"
            and len(buttons) == 3)
    why = "ring %s; %s: %s" % (moves, got["question"], json.dumps(buttons)[:300])
    if good:
        click_choice(page, "+11,k8")
        good, why, _ = played_as_native(page, sow, variant, "+11,k8", ("board", "hand"),
                                        options=("reading=ludii",))
    c.ok("turn bao-kiswahili", good, why)
    if page.console:
        c.ok("turn console", False, "; ".join(page.console)[:300])


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


def gutter_marks(page, id_):
    """The gutter of editor id_: its line count, the text's, and each
    marked line with its tooltip."""
    return json.loads(page.eval("""(function(){
        var g = document.getElementById(%s + '-gutter'), ta = document.getElementById(%s);
        if (!g) return JSON.stringify({rows: 0, lines: ta.value.split('\\n').length, marks: []});
        var rows = g.querySelectorAll('div[data-line]');
        return JSON.stringify({rows: rows.length, lines: ta.value.split('\\n').length,
            marks: Array.prototype.map.call(g.querySelectorAll('div.err'), function (r) {
                return [+r.dataset.line, r.title]; })});
    })()""" % (js(id_), js(id_))))


def check_gutter(c, page, name, id_, line, where, other):
    """After Apply: line `line` of editor id_ (and only it) is marked,
    with the message at `where` (file:line:) in its tooltip; the other
    editor has no mark; a click on the mark selects the line."""
    g, o = gutter_marks(page, id_), gutter_marks(page, other)
    sel = page.eval("""(function(){
        var ta = document.getElementById(%s);
        ta.setSelectionRange(0, 0);
        var row = document.querySelector('#' + %s + '-gutter div.err');
        if (!row) return null;
        row.dispatchEvent(new MouseEvent('click', {bubbles: true}));
        var before = ta.value.slice(0, ta.selectionStart);
        return JSON.stringify([before.split('\\n').length, ta.selectionEnd > ta.selectionStart,
                               document.activeElement === ta]);
    })()""" % (js(id_), js(id_)))
    sel = json.loads(sel) if sel else None
    good = (g["rows"] == g["lines"] and len(g["marks"]) == 1 and g["marks"][0][0] == line
            and g["marks"][0][1].startswith(where) and not o["marks"] and sel == [line, True, True])
    c.ok("gutter %s" % name, good, "line %d marked: %s" % (line, g["marks"][0][1][:100]) if good else
         "gutter %s, other %s, click selected %s" % (json.dumps(g)[:300], json.dumps(o["marks"])[:100], sel))


def check_workbench(c, b, url, sow, art):
    page = open_page(b, url + "?variant=adji-kui-1")
    settle(page)
    page.wait("document.getElementById('yaml').value.length > 100", 30)
    yaml0 = page.eval("document.getElementById('yaml').value")
    lua0 = page.eval("document.getElementById('lua').value")
    # a broken YAML: a key no variant has, on line 3; then a syntax error
    # (an unclosed flow sequence begun at 5:7, which libyaml finds on line
    # 6: the location, which the text names as the end of the stretch
    # between the two)
    lines = yaml0.split("\n")
    bad = "\n".join(lines[:2] + ["colour: blue"] + lines[2:])
    status = apply_files(page, yaml=bad)
    err = page.eval("document.getElementById('yaml-errors').textContent")
    c.ok("errors yaml key", status.startswith("not applied") and
         err.startswith("adji_kui_1.yaml:3:1: unknown key 'colour'"), err.strip()[:160])
    check_gutter(c, page, "yaml", "yaml", 3, "adji_kui_1.yaml:3:1: unknown key", "lua")
    # the gutter scrolls with the text, row for row
    sync = page.eval("""(function(){
        var ta = document.getElementById('yaml'), g = document.getElementById('yaml-gutter');
        if (!g || !g.querySelector('div[data-line="11"]')) return JSON.stringify([0, -1, 0, 1, 0, 1]);
        ta.scrollTop = 160;
        ta.dispatchEvent(new Event('scroll'));
        var row = g.querySelector('div[data-line="11"]').getBoundingClientRect();
        var lh = parseFloat(getComputedStyle(ta).lineHeight);
        var top = ta.getBoundingClientRect().top + ta.clientTop + parseFloat(getComputedStyle(ta).paddingTop)
                  + 10 * lh - ta.scrollTop;
        return JSON.stringify([ta.scrollTop, g.scrollTop, row.top, top, row.height, lh]);
    })()""")
    s = json.loads(sync)
    level = s[0] > 0 and abs(s[0] - s[1]) < 1 and abs(s[2] - s[3]) < 1.5 and abs(s[4] - s[5]) < 0.5
    c.ok("gutter scroll", level,
         "scrolled %d px, line 11's number level with line 11" % s[0] if level else
         "text scrolled %s, gutter %s; line 11's number at %s, its text at %s (row %s, line height %s)" % tuple(s))
    bad = "\n".join(lines[:4] + ["oops: [1, 2"] + lines[4:])
    status = apply_files(page, yaml=bad)
    err = page.eval("document.getElementById('yaml-errors').textContent")
    c.ok("errors yaml syntax", status.startswith("not applied") and
         re.match(r"adji_kui_1\.yaml:6:(\d+): YAML syntax error: .* that begins at 5:7; "
                  r"the mistake is between 5:7 and 6:\1$", err.strip()) is not None and
         page.eval("document.querySelector('#yaml-errors a').dataset.line") == "6", err.strip()[:200])
    check_gutter(c, page, "yaml syntax", "yaml", 6, "adji_kui_1.yaml:6:", "lua")
    page.eval("window.scrollTo(0, document.getElementById('workbench').offsetTop)")
    page.screenshot(os.path.join(art, "web-workbench-error.png"))
    # a broken Lua: a syntax error on line 7
    llines = lua0.split("\n")
    badlua = "\n".join(llines[:6] + ["local x = = 1"] + llines[6:])
    status = apply_files(page, yaml=yaml0, lua=badlua)
    err = page.eval("document.getElementById('lua-errors').textContent")
    c.ok("errors lua", status.startswith("not applied") and re.match(r"adji_kui_1\.lua:7:", err),
         err.strip()[:160])
    check_gutter(c, page, "lua", "lua", 7, "adji_kui_1.lua:7:", "yaml")
    # the sandbox: a script that never ends, at its load
    loop = "\n".join(llines[:6] + ["while true do end"] + llines[6:])
    t0 = time.time()
    status = apply_files(page, yaml=yaml0, lua=loop)
    err = page.eval("document.getElementById('lua-errors').textContent + document.getElementById('bench-status').textContent")
    took = time.time() - t0
    c.ok("limits lua loop", status.startswith("not applied") and "adji_kui_1.lua:7" in err and took < 20,
         "%.1f s: %s" % (took, err.strip()[:160]))
    # back to the shipped files
    status = apply_files(page, yaml=yaml0, lua=lua0)
    c.ok("workbench apply", status.startswith("applied") and not gutter_marks(page, "yaml")["marks"]
         and not gutter_marks(page, "lua")["marks"], status)
    # scenarios of the shipped rules pass on the page
    page.eval("document.getElementById('run-scen').click()")
    page.wait("/scenarios, \\d+ failed/.test(document.getElementById('scen-out').textContent)", 60)
    out = page.eval("document.getElementById('scen-out').textContent")
    c.ok("scenarios", re.search(r"\d+ scenarios, 0 failed", out) is not None, out.strip().splitlines()[-1] if out.strip() else out)

    # a new variant started from the shipped one, under a new id
    page.eval("document.getElementById('new-id').value = 'kui-copy'")
    page.eval("document.getElementById('bench-status').textContent = ''")
    page.eval("document.getElementById('fork').click()")
    page.wait("/^(applied|not applied)/.test(document.getElementById('bench-status').textContent)", 60)
    settle(page)
    try:
        page.wait("JSON.parse(document.getElementById('sow-state').textContent).variant === 'kui-copy'", 20)
    except CdpError:
        pass
    st = state(page)
    y = page.eval("document.getElementById('yaml').value")
    c.ok("workbench new variant", st["variant"] == "kui-copy" and "script: kui_copy.lua" in y,
         page.eval("document.getElementById('bench-status').textContent"))

    # an edited variant: Andada with 15 holes a row by default
    choose_variant(page, "andada")
    page.wait("/id: andada/.test(document.getElementById('yaml').value)", 30)
    ya = page.eval("document.getElementById('yaml').value")
    la = page.eval("document.getElementById('lua').value")
    edited = re.sub(r"(holes:\n(?:    .*\n)*?    default: )12", r"\g<1>15", ya, count=1)
    if edited == ya:
        c.ok("edited", False, "no holes default in andada.yaml")
        return
    status = apply_files(page, yaml=edited, lua=la)
    moves = []
    for _ in range(6):
        tok = click_first_legal(page)
        if not tok or tok.startswith("no control"):
            break
        moves.append(tok)
        wait_moves(page, len(moves), 30)
        settle(page)
    st = state(page)
    tmp = tempfile.mkdtemp()
    try:
        shutil.copy(os.path.join(ROOT, "variants", "andada.lua"), tmp)
        with open(os.path.join(tmp, "andada.yaml"), "w") as f:
            f.write(edited)
        rc, out, err = native(sow, "replay", os.path.join(tmp, "andada.yaml"), "--moves", " ".join(moves), "--json")
        rc0, out0, _ = native(sow, "replay", "andada", "--moves", " ".join(moves), "--json")
    finally:
        shutil.rmtree(tmp)
    last = json.loads(out.splitlines()[-1]) if rc == 0 and out else {}
    last0 = json.loads(out0.splitlines()[-1]) if rc0 == 0 and out0 else {}
    c.ok("edited", status.startswith("applied") and len(st["board"]) == 30 and
         last.get("board") == st["board"] and last0.get("board") != st["board"],
         "%s; %d holes, %d moves as the edited file natively" % (status, len(st["board"]), len(moves))
         if last.get("board") == st["board"] else "page %s vs native %s (%s)" % (st["board"], last.get("board"), err.strip()))
    c.ok("workbench console", not page.console, "; ".join(page.console)[:300])


# ---- issue 27: the page, ready for a class ----------------------------------

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


def check_busy(c, b, url, sow, art):
    """D1: Oware against the computer at the slow speed: c, then e 0.7 s
    later while c is being sown; the second click is ignored (the status
    says who is sowing) and the computer answers c."""
    page = open_page(b, url + "?variant=oware&south=human&north=greedy")
    settle(page)
    set_field(page, "speed", "450")
    click_label(page, "c")
    time.sleep(0.7)
    during = status(page)
    click_label(page, "e")
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-sowing.png"))
    try:
        wait_moves(page, 2, 60)
        settle(page)
    except CdpError:
        pass
    st = state(page)
    bad = page.eval("document.getElementById('status').className") == "bad"
    good = (st["moves"][:1] == [2] and len(st["moves"]) == 2 and st["moves"][1] >= 6 and not bad
            and "South is sowing" in during and st["board"] == last_board(sow, "oware", " ".join(map(str, st["moves"]))))
    c.ok("busy", good, "during c: %r; then %s" % (during, st["moves"]) if good else
         "during c the status read %r; moves %s; status %r" % (during, st["moves"], status(page)[:200]))
    if page.console:
        c.ok("busy console", False, "; ".join(page.console)[:300])


def check_badlink(c, b, url, sow, art):
    """D11: ?variant=oware&moves=2,3 (3 is not North's): the position after
    2, and a message naming the move and why."""
    page = open_page(b, url + "?variant=oware&moves=2,3")
    settle(page)
    st = state(page)
    note = page.eval("(function(){var n=document.getElementById('notice');"
                     "return n && !n.hidden ? n.textContent : '';})()")
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-badlink.png"))
    good = (st.get("moves") == [2] and st.get("board") == last_board(sow, "oware", "2")
            and "Move 2" in note and "not legal" in note and
            page.eval("document.querySelectorAll('#board circle.legal').length") == 6)
    c.ok("badlink", good, note if good else "#sow-state %s; notice %r" % (json.dumps(st)[:200], note))


def check_reload(c, b, url, sow, art):
    """D12: against the computer at the speed fast, one move each; a
    reload keeps the opponent, the speed and the game."""
    page = open_page(b, url + "?variant=oware")
    settle(page)
    set_field(page, "north", "greedy")
    set_field(page, "speed", "40")
    settle(page)
    click_label(page, "c")
    wait_moves(page, 2, 30)
    settle(page)
    before = state(page)
    # the address bar follows the game at most twice a second: wait for it
    # rather than for a time, which a loaded machine can outrun
    page.wait("(new URLSearchParams(location.search).get('moves') || '').split(',')"
              ".filter(Boolean).length === 2", 20, "the address bar to follow the game")
    reload_page(page)
    after = state(page)
    north = page.eval("document.getElementById('north').value")
    speed = page.eval("document.getElementById('speed').value")
    good = north == "greedy" and speed == "40" and after["moves"] == before["moves"] and len(after["moves"]) == 2
    c.ok("reload", good, "north %s, speed %s, moves %s" % (north, speed, after["moves"]))


def check_undo(c, b, url, sow, art):
    """D13: Undo while the computer thinks (3 s a move) cancels it at
    once; Stop leaves the computer stopped, saying so, until Continue."""
    page = open_page(b, url + "?variant=oware&south=human&north=" + "alphabeta:ms=3000")
    settle(page)
    set_field(page, "speed", "0")
    click_label(page, "c")
    page.wait("!document.getElementById('busy').hidden", 20, "the computer to think")
    thinking = status(page)
    t0 = time.time()
    page.eval("document.getElementById('undo').click()")
    page.wait("JSON.parse(document.getElementById('sow-state').textContent).moves.length === 0 && "
              "document.getElementById('busy').hidden", 20, "the game taken back")
    took = time.time() - t0
    time.sleep(0.5)
    st = state(page)
    good = took < 1.0 and st["moves"] == [] and "thinking" in thinking and page.eval("document.getElementById('busy').hidden")
    c.ok("undo thinking", good, "taken back in %.2f s (status was %r)" % (took, thinking) if good else
         "%.2f s, moves %s, status while thinking %r" % (took, st["moves"], thinking))
    # Stop: the status says the computer is stopped; Continue restarts it
    click_label(page, "c")
    page.wait("!document.getElementById('busy').hidden", 20, "the computer to think")
    page.eval("document.getElementById('stop').click()")
    settle(page)
    time.sleep(0.3)
    stopped = status(page)
    resume = page.eval("!document.getElementById('resume') || document.getElementById('resume').hidden ? '' : 'shown'")
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-stopped.png"))
    good = "stopped" in stopped and resume == "shown" and state(page)["moves"] == [2]
    if good:
        page.eval("document.getElementById('resume').click()")
        try:
            wait_moves(page, 2, 30)
        except CdpError:
            pass
        good = len(state(page)["moves"]) == 2
    c.ok("undo stop", good, "after Stop: %r; Continue lets it move" % stopped if good else
         "after Stop: %r, Continue %r, moves %s" % (stopped, resume, state(page)["moves"]))


def confirm_shown(page):
    return page.eval("(function(){var c=document.getElementById('confirm');"
                     "return c && !c.hidden ? document.getElementById('confirm-text').textContent : '';})()")


def check_confirm(c, b, url, sow, art):
    """D14: another game, or a move played while an earlier one is shown,
    asks first; the answer "keep" keeps the game as it was."""
    page = oware_two_moves(b, url)
    set_field(page, "variant", "wari")
    settle(page)
    asked = confirm_shown(page)
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-confirm.png"))
    kept = state(page)
    if asked:
        page.eval("document.getElementById('confirm-no').click()")
        settle(page)
    sel = page.eval("document.getElementById('variant').value")
    good = bool(asked) and kept["variant"] == "oware" and kept["moves"] == [2, 7] and sel == "oware"
    if good:
        set_field(page, "variant", "wari")
        page.eval("document.getElementById('confirm-yes').click()")
        page.wait("JSON.parse(document.getElementById('sow-state').textContent).variant === 'wari'", 30)
        settle(page)
        good = state(page)["moves"] == []
    c.ok("confirm game", good, "asked %r" % asked if good else
         "asked %r; game %s %s; list %s" % (asked, kept["variant"], kept["moves"], sel))
    # an earlier move shown: a click asks; Cancel keeps both moves
    choose_variant(page, "oware")
    play_labels(page, ("c", "B"))
    page.eval("document.getElementById('first').click()")
    settle(page)
    click_label(page, "d")
    settle(page)
    asked = confirm_shown(page)
    moves = state(page)["moves"]
    if asked:
        page.eval("document.getElementById('confirm-no').click()")
        settle(page)
    good = bool(asked) and moves == [2, 7] and state(page)["moves"] == [2, 7]
    if good:
        click_label(page, "d")
        page.eval("document.getElementById('confirm-yes').click()")
        wait_moves(page, 1, 30)
        settle(page)
        good = state(page)["moves"] == [3]
    c.ok("confirm earlier", good, "asked %r" % asked if good else "asked %r; moves %s then %s" % (asked, moves, state(page)["moves"]))


def check_narration(c, b, url, sow, art):
    """D7: against the computer the narration keeps one's own move when the
    computer answers, each move under its heading; D15: a rule's text is
    given once a move, not once a seed."""
    page = open_page(b, url + "?variant=oware&south=human&north=greedy")
    settle(page)
    set_field(page, "speed", "0")
    click_label(page, "c")
    wait_moves(page, 2, 30)
    settle(page)
    heads = json.loads(page.eval("JSON.stringify(Array.prototype.map.call("
                                 "document.querySelectorAll('#narration li.move'), function (l) { return l.textContent; }))"))
    texts = json.loads(page.eval("JSON.stringify(Array.prototype.map.call("
                                 "document.querySelectorAll('#narration li'), function (l) { return l.textContent; }))"))
    # South's sowing of c: 4 seeds, one rule; its text once
    rule_texts = page.eval("document.querySelectorAll('#narration .rule-text').length")
    rules = page.eval("document.querySelectorAll('#narration .rule').length")
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-narration.png"))
    good = (len(heads) == 2 and heads[0].startswith("South plays c") and heads[1].startswith("North plays")
            and any(t.startswith("one seed into d") for t in texts) and 0 < rule_texts < rules)
    c.ok("narration", good, "%s; %d rule ids, %d texts" % (heads, rules, rule_texts) if good else
         "headings %s, %d lines (%s), %d rule ids, %d texts" % (heads, len(texts), texts[:3], rules, rule_texts))


def check_hint(c, b, url, sow, art):
    """D8: Hint suggests a move, shown beside the board (in sight without
    scrolling), and its button plays it."""
    page = open_page(b, url + "?variant=oware&south=human&north=human")
    settle(page)
    set_field(page, "speed", "0")
    page.eval("document.getElementById('hint').click()")
    try:
        page.wait("document.querySelector('#hints .suggest button')", 30, "a suggested move")
    except CdpError as e:
        c.ok("hint", False, str(e))
        return
    got = json.loads(page.eval("""(function(){
        var b = document.querySelector('#hints .suggest button'), r = b.getBoundingClientRect();
        return JSON.stringify([b.dataset.move, r.top, r.bottom, window.innerHeight,
                               document.querySelector('#hints .suggest').textContent]);
    })()"""))
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-hint.png"))
    tok, top, bottom, h, text = got
    legal = [str(x) for x in state(page)["legal"]]
    good = tok in legal and 0 <= top and bottom <= h
    if good:
        page.eval("document.querySelector('#hints .suggest button').click()")
        wait_moves(page, 1, 30)
        settle(page)
        good = [str(x) for x in state(page)["moves"]] == [tok]
    c.ok("hint", good, text if good else "suggested %s at y %d-%d of %d: %s" % (tok, top, bottom, h, text))


def check_luaerror(c, b, url, sow, art):
    """D10: a script that fails while a move is sown (Adji Kui I's capture
    hook, line 10): the error is marked at that line of the Lua editor
    and said above the board; the move is taken back and the board drawn
    as before it, no seed left in flight."""
    page = open_page(b, url + "?variant=adji-kui-1&south=human&north=human")
    settle(page)
    page.wait("document.getElementById('lua').value.length > 100", 30)
    lua = page.eval("document.getElementById('lua').value").split("\n")
    if not lua[9].rstrip().endswith("g.mover"):
        c.ok("luaerror", False, "line 10 of adji_kui_1.lua is not the capture's first line: %r" % lua[9])
        return
    lua[9] = lua[9].rstrip() + " + nil"
    status_ = apply_files(page, lua="\n".join(lua))
    set_field(page, "speed", "150")
    prefix = "2 8 5 11 1 7"  # then e: South captures (K1.5)
    for tok in prefix.split():
        page.eval("document.querySelector('#board circle[data-move=\"%s\"]')"
                  ".dispatchEvent(new MouseEvent('click', {bubbles: true}))" % tok)
        wait_moves(page, len(state(page)["moves"]) + 1, 30)
        settle(page)
    click_label(page, "e")
    time.sleep(0.3)
    settle(page)
    st = state(page)
    marks = gutter_marks(page, "lua")["marks"]
    note = page.eval("(function(){var n=document.getElementById('notice');"
                     "return n && !n.hidden ? n.textContent : '';})()")
    flying = page.eval("document.querySelectorAll('#board svg .seed-fly').length")
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-lua-runtime.png"))
    good = (status_.startswith("applied") and len(marks) == 1 and marks[0][0] == 10 and
            "adji_kui_1.lua:10" in note and " ".join(map(str, st["moves"])) == prefix and flying == 0
            and st["board"] == last_board(sow, "adji-kui-1", prefix)
            and page.eval("document.querySelectorAll('#board circle.legal').length") > 0)
    c.ok("luaerror", good, note if good else "applied %r; marks %s; notice %r; moves %s; %d seeds in flight" % (
        status_, marks, note, st["moves"], flying))


def check_bought(c, b, url, sow, art):
    """D2: an Adji Kui II match after South bought A and B: those holes are
    ringed, and a click on A plays it."""
    moves = ("0,10,3,8,5,11,1,10,3,7,1,9,3,7,5,7,4,6,1,7,2,10,4,11,0,10,5,9,1,10,2,7,5,11,2,6,3,8,1,9,"
             "4,11,0,10,1,8,4,buy:6,buy:7,8")
    page = open_page(b, url + "?variant=adji-kui-2&options=match=true&moves=" + moves + "&south=human&north=human")
    settle(page)
    st = state(page)
    rings = json.loads(page.eval("JSON.stringify(Array.prototype.map.call("
                                 "document.querySelectorAll('#board circle.legal'), function (e) { return e.dataset.move; }))"))
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-bought.png"))
    # D15: the picture's title names no option as NAME=VALUE (the options
    # are above it in words)
    title = page.eval("Array.prototype.map.call(document.querySelectorAll('#board svg title, #board svg text'), "
                      "function (t) { return t.textContent; }).filter(function (x) { return x.length > 8; })"
                      ".join(' | ')")
    c.ok("bought title", "Adji Kui II, game 2: after" in title and not re.search(r"[a-z_]+=", title),
         title[:200])
    legal = sorted(str(x) for x in st["legal"])
    good = "6" in legal and sorted(rings) == legal
    if good:
        n = len(st["moves"])
        click_label(page, "A")
        try:
            wait_moves(page, n + 1, 30)
        except CdpError:
            pass
        settle(page)
        good = str(state(page)["moves"][n:n + 1]) == "[6]"
    c.ok("bought", good, "ringed %s; A played" % rings if good else "legal %s, ringed %s, then moves %s" % (
        legal, rings, state(page)["moves"][-3:]))


def check_dots(c, b, url, sow, art):
    """D6: at the slow speed, once a seed has landed in d its 5 seeds are
    drawn there (a hole is not emptied while the move is sown)."""
    page = open_page(b, url + "?variant=adji-kui-1&south=human&north=human")
    settle(page)
    set_field(page, "speed", "450")
    click_label(page, "c")
    page.wait("Array.prototype.some.call(document.querySelectorAll('#narration li'), "
              "function (l) { return l.textContent.indexOf('one seed into e') === 0; })", 20, "a seed into e")
    n = json.loads(page.eval("""(function(){
        var out = {};
        document.querySelectorAll('#board svg text[font-size="14"]').forEach(function (t) {
            var g = t.previousElementSibling.previousElementSibling;
            out[t.textContent] = g && g.tagName === 'g' ? g.querySelectorAll('circle').length : -1;
        });
        return JSON.stringify(out);
    })()"""))
    page.screenshot(os.path.join(art, "web-dots.png"))
    settle(page)
    good = n.get("d") == 5 and n.get("a") == 4 and n.get("c") == 0
    c.ok("dots", good, "while sowing: d %s, a %s, c %s seeds drawn" % (n.get("d"), n.get("a"), n.get("c")))


def key(page, k, code=None):
    """A key pressed and released, as the keyboard sends it."""
    for t in ("keyDown", "keyUp"):
        params = {"type": t, "key": k, "code": code or k}
        if len(k) == 1:
            params["text"] = k
        if k == "Enter":
            params.update({"windowsVirtualKeyCode": 13, "text": "\r"} if t == "keyDown" else {"windowsVirtualKeyCode": 13})
        page.b.call("Input.dispatchKeyEvent", params, page.session)


def check_opening(c, b, url, sow, art):
    """D5: Andada's first move (a relay its script works out as one move)
    is shown changing hole by hole at the slow speed: the board passes
    through positions between the start and the end."""
    page = open_page(b, url + "?variant=andada&south=human&north=human")
    settle(page)
    set_field(page, "speed", "450")
    page.eval("""(function(){
        window.__boards = [];
        (function sample() {
            var t = Array.prototype.map.call(document.querySelectorAll('#board svg text[font-size="17"]'),
                                             function (x) { return x.textContent; }).join(',');
            if (window.__boards[window.__boards.length - 1] !== t) window.__boards.push(t);
            window.__sampler = requestAnimationFrame(sample);
        })();
    })()""")
    click_label(page, "e")
    wait_moves(page, 1, 60)
    settle(page)
    page.eval("cancelAnimationFrame(window.__sampler)")
    boards = json.loads(page.eval("JSON.stringify(window.__boards)"))
    st = state(page)
    good = st["moves"] == [4] and len(boards) >= 5 and st["board"] == last_board(sow, "andada", "4")
    c.ok("opening", good, "%d pictures of the board during the move" % len(boards) if good else
         "moves %s, %d pictures of the board: %s" % (st["moves"], len(boards), boards[:3]))


def share_abs(page, url):
    """The Share field as an address to open (from file:// it is given
    without the folder)."""
    share = page.eval("document.getElementById('share').value")
    return share if re.match(r"^[a-z]+:", share) else url.rsplit("/", 1)[0] + "/" + share


def check_kept(c, b, url, sow, art):
    """D3: work of the workbench is kept and shared."""
    # a new variant: kui-8 from Adji Kui I, then a reload
    page = open_page(b, url + "?variant=adji-kui-1&south=human&north=human")
    settle(page)
    page.wait("document.getElementById('yaml').value.length > 100", 30)
    page.eval("document.getElementById('new-id').value = 'kui-8'")
    page.eval("document.getElementById('bench-status').textContent = ''")
    page.eval("document.getElementById('fork').click()")
    page.wait("/^(applied|not applied)/.test(document.getElementById('bench-status').textContent)", 60)
    settle(page)
    time.sleep(0.7)
    reload_page(page)
    st = state(page)
    badge = page.eval("document.getElementById('edited') && !document.getElementById('edited').hidden")
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-edited.png"))
    c.ok("kept reload", st.get("variant") == "kui-8" and badge, "after a reload: %s, badge %s" % (st.get("variant"), badge))

    # an edited Oware: 3 seeds a hole; two moves; its link elsewhere
    page = open_page(b, url + "?variant=oware&south=human&north=human")
    settle(page)
    page.wait("/id: oware/.test(document.getElementById('yaml').value)", 30)
    ya = page.eval("document.getElementById('yaml').value")
    edited = re.sub(r"(\n  seeds:\n(?:    .*\n)*?    default: )4", r"\g<1>3", ya, count=1)
    status_ = apply_files(page, yaml=edited)
    set_field(page, "speed", "0")
    play_labels(page, ("c", "B"))
    st = state(page)
    link = share_abs(page, url)
    other = open_page(b, link)
    settle(other)
    st2 = state(other)
    badge = other.eval("!document.getElementById('edited').hidden")
    tmp = tempfile.mkdtemp()
    try:
        with open(os.path.join(tmp, "oware.yaml"), "w") as f:
            f.write(edited)
        want = last_board(sow, os.path.join(tmp, "oware.yaml"), "2 7")
    finally:
        shutil.rmtree(tmp)
    good = (status_.startswith("applied") and st["moves"] == [2, 7] and st2.get("moves") == [2, 7] and badge
            and st2.get("board") == want and want != last_board(sow, "oware", "2 7") and "#files=" in link)
    c.ok("kept share", good, "the link (%d characters) opens the edited Oware at %s" % (len(link), st2.get("board"))
         if good else "applied %r; page %s; the link's page %s (native %s), badge %s; %s" % (
             status_, st["moves"], json.dumps(st2)[:160], want, badge, link[-80:]))

    # rules too large for a link: a note says so
    noise = "".join("# %08x\n" % ((i * 2654435761) & 0xffffffff) for i in range(3000))
    status_ = apply_files(page, yaml=edited + noise)
    note = page.eval("document.getElementById('share-note').hidden ? '' : document.getElementById('share-note').textContent")
    share = page.eval("document.getElementById('share').value")
    c.ok("kept too large", status_.startswith("applied") and "too large" in note and "#files=" not in share,
         note[-160:] if note else "no note; share %s" % share[:100])

    # a stranger's link: broken data, a file name with a path
    from urllib.parse import quote
    import base64
    import zlib

    def pack(d):
        co = zlib.compressobj(9, zlib.DEFLATED, -15)
        raw = co.compress(json.dumps(d).encode()) + co.flush()
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")
    cases = [("garbage", "#files=%21%21not-base64"),
             ("path", "#files=" + pack({"yaml": "../x.yaml", "files": {"../x.yaml": edited}})),
             ("broken", "#files=" + pack({"yaml": "oware.yaml", "files": {"oware.yaml": "id: oware\nboard: [\n"}}))]
    for name, frag in cases:
        p = open_page(b, url + "?variant=oware&moves=2" + frag)
        settle(p)
        st = state(p)
        note = p.eval("document.getElementById('notice').hidden ? '' : document.getElementById('notice').textContent")
        badge = p.eval("!document.getElementById('edited').hidden")
        c.ok("kept hostile %s" % name, "cannot be used" in note and st.get("moves") == [2] and not badge
             and st.get("board") == last_board(sow, "oware", "2"), note[:160] if note else "no notice; %s" % json.dumps(st)[:120])


def check_resume(c, b, url, sow, art):
    """Kept work: two moves of Oware; the page opened again, with no
    address of a game, resumes that game and says so."""
    page = oware_two_moves(b, url)
    again = open_page(b, url, keep=True)
    settle(again)
    st = state(again)
    note = again.eval("document.getElementById('notice') && !document.getElementById('notice').hidden ? "
                      "document.getElementById('notice').textContent : ''")
    good = st.get("variant") == "oware" and st.get("moves") == [2, 7] and "resumed" in note
    c.ok("resume", good, note if good else "opened again: %s; notice %r" % (json.dumps(st)[:150], note))


def check_levels(c, b, url, sow, art):
    """Named levels: North 'beginner' is the greedy player; a reload keeps
    it; the shared link names the level."""
    page = open_page(b, url + "?variant=oware")
    settle(page)
    names = json.loads(page.eval("JSON.stringify(Array.prototype.map.call("
                                 "document.querySelectorAll('#north-level option'), function (o) { return o.value; }))"))
    set_field(page, "north-level", "beginner")
    settle(page)
    spec = page.eval("document.getElementById('north').value")
    share = page.eval("document.getElementById('share').value")
    time.sleep(0.7)
    reload_page(page)
    kept = page.eval("document.getElementById('north-level').value")
    good = (all(n in names for n in ("beginner", "intermediate", "strong", "perfect")) and spec == "greedy"
            and "north=beginner" in share and kept == "beginner")
    c.ok("levels", good, "levels %s; beginner is %s; share %s; after a reload %s" % (names, spec, share[-40:], kept))


def check_howto(c, b, url, sow, art):
    """How to play: one click gives the game's rules; a rule id of the
    narration opens its text."""
    page = open_page(b, url + "?variant=oware&south=human&north=human")
    settle(page)
    set_field(page, "speed", "0")
    page.eval("document.getElementById('howto-open').click()")
    shown = page.eval("(function(){var h=document.getElementById('howto');"
                      "return h && !h.hidden ? h.textContent : '';})()")
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-howto.png"))
    rc, out, _ = native(sow, "show", "oware", "--json")
    rules = json.loads(out)["rules"]
    good = bool(shown) and all(r["text"] in shown for r in rules)
    page.eval("document.getElementById('howto-close').click()")
    click_label(page, "c")
    settle(page)
    page.eval("document.querySelector('#narration a.rule').click()")
    hl = page.eval("(function(){var h=document.getElementById('howto'), l=document.querySelector('#howto li.hl');"
                   "return h && !h.hidden && l ? l.textContent : '';})()")
    first = page.eval("document.querySelector('#narration a.rule').textContent")
    good = good and hl.startswith(first) and len(hl) > len(first) + 10
    c.ok("howto", good, "%d rules; %s opens %r" % (len(rules), first, hl[:60]) if good else
         "shown %r; rule link %s opened %r" % (shown[:100], first, hl[:80]))


def check_ownwords(c, b, url, sow, art):
    """Issue 27: a game's plain words in its own file (how_to_play:). A
    new variant of the workbench (kui-8 from Adji Kui I) is given the
    shipped game's words as its how_to_play:, shown as its own; edited
    there, How to play shows the new words as native sow show reads them,
    their rule id a link to the rule's text."""
    page = open_page(b, url + "?variant=adji-kui-1&south=human&north=human")
    settle(page)
    page.wait("document.getElementById('yaml').value.length > 100", 30)
    shipped = plain_howto(page)
    page.eval("document.getElementById('new-id').value = 'kui-8'")
    page.eval("document.getElementById('bench-status').textContent = ''")
    page.eval("document.getElementById('fork').click()")
    page.wait("/^(applied|not applied)/.test(document.getElementById('bench-status').textContent)", 60)
    settle(page)
    ya = page.eval("document.getElementById('yaml').value")
    forked = plain_howto(page)
    note = page.eval("document.getElementById('howto-body').textContent.indexOf('words are those of the game as "
                     "shipped') >= 0")
    good = ("\nhow_to_play:" in ya and bool(shipped) and forked == shipped and not note)
    c.ok("ownwords fork", good, "kui-8's file carries Adji Kui I's %d parts, shown as its own" % len(forked["parts"])
         if good else "how_to_play in the file: %s; shipped %s; shown %s; note %s" % (
             "\nhow_to_play:" in ya, json.dumps(shipped)[:120], json.dumps(forked)[:120], note))
    # the author rewrites how a capture goes; How to play follows
    words = "Make 2 or 3 in a hole of your opponent with your last seed and take them (K1.5)."
    edited = re.sub(r"(?m)^  capturing: .*$", "  capturing: " + json.dumps(words), ya, count=1)
    status_ = apply_files(page, yaml=edited)
    got = plain_howto(page)
    tmp = tempfile.mkdtemp()
    try:
        with open(os.path.join(tmp, "kui_8.yaml"), "w") as f:
            f.write(edited)
        shutil.copy(os.path.join(ROOT, "variants", "adji_kui_1.lua"), os.path.join(tmp, "kui_8.lua"))
        rc, out, err = native(sow, "show", os.path.join(tmp, "kui_8.yaml"), "--json")
    finally:
        shutil.rmtree(tmp)
    want = json.loads(out)["how_to_play"] if rc == 0 else None
    page.eval("Array.prototype.forEach.call(document.querySelectorAll('#howto-plain a.rule'), function (a) {"
              " if (a.textContent === 'K1.5') a.click(); })")
    hl = page.eval("(function(){var l=document.querySelector('#howto li.hl'); return l ? l.textContent : '';})()")
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-howto-own.png"))
    part = dict(got["parts"]).get("Capturing", "") if got else ""
    good = (status_.startswith("applied") and want is not None and want["capturing"] == words
            and part == "Capturing. " + words and "K1.5" in got["links"] and hl.startswith("K1.5"))
    c.ok("ownwords edit", good, "How to play shows the file's words as sow show does; K1.5 opens %r" % hl[:50]
         if good else "applied %r; native %s (%s); shown %r, links %s; the link opened %r" % (
             status_, json.dumps(want)[:100], err.strip()[:100], part, got and got["links"], hl[:50]))


def check_sharelink(c, b, url, sow, art):
    """D15: from file:// the Share field gives no file:/// address and a
    note says why; Copy copies the field's text."""
    page = open_page(b, url + "?variant=oware&moves=2,8&south=human&north=human")
    settle(page)
    share = page.eval("document.getElementById('share').value")
    note = page.eval("document.getElementById('share-note').hidden ? '' : document.getElementById('share-note').textContent")
    page.b.call("Browser.grantPermissions", {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    page.eval("document.getElementById('copy').click()")
    time.sleep(0.3)
    label = page.eval("document.getElementById('copy').textContent")
    good = not share.startswith("file:") and "variant=oware" in share and "moves=2%2C8" in share and note != "" and label == "Copied"
    c.ok("sharelink", good, "%s; %s" % (share, note[:60]) if good else "share %r, note %r, Copy %r" % (share, note, label))


def check_movelist(c, b, url, sow, art):
    """The moves in hole labels; a click on one shows the position after it."""
    page = open_page(b, url + "?variant=oware&moves=2,8,1&south=human&north=human")
    settle(page)
    items = json.loads(page.eval("JSON.stringify(Array.prototype.map.call("
                                 "document.querySelectorAll('#movelist button'), function (b) { return b.textContent; }))"))
    page.eval("document.querySelectorAll('#movelist button')[0].click()")
    settle(page)
    ply = page.eval("document.getElementById('ply-of').textContent")
    board = page.eval("JSON.stringify(window.sowPage.game.state.board)")
    good = items == ["South c", "North C", "South b"] and ply == "move 1 of 3" and json.loads(board) == last_board(sow, "oware", "2")
    c.ok("movelist", good, "%s; the first one shows %s" % (items, ply) if good else "items %s, then %r %s" % (items, ply, board))


def check_keyboard(c, b, url, sow, art):
    """D18: the letter d focuses hole d, the right arrow the next ringed
    hole (e), Enter plays it; the ringed holes are in the Tab order with
    names; the editors and fields have accessible names."""
    page = open_page(b, url + "?variant=oware&south=human&north=human")
    settle(page)
    set_field(page, "speed", "0")
    page.eval("document.body.focus()")
    key(page, "d", "KeyD")
    f1 = page.eval("document.activeElement.getAttribute('aria-label')")
    key(page, "ArrowRight")
    f2 = page.eval("document.activeElement.getAttribute('aria-label')")
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-keyboard.png"))
    key(page, "Enter")
    try:
        wait_moves(page, 1, 20)
    except CdpError:
        pass
    settle(page)
    moves = state(page)["moves"]
    tabs = page.eval("document.querySelectorAll('#board circle.legal[tabindex=\"0\"]').length")
    unnamed = json.loads(page.eval("""JSON.stringify(Array.prototype.filter.call(
        document.querySelectorAll('textarea, input, select, button'), function (e) {
            if (e.type === 'hidden' || !e.getClientRects().length) return false;  /* not shown */
            var named = e.getAttribute('aria-label') || e.getAttribute('aria-labelledby') ||
                (e.labels && e.labels.length) || (e.tagName === 'BUTTON' && e.textContent.trim());
            return !named;
        }).map(function (e) { return e.id || e.tagName; }))"""))
    good = f1 == "play d" and f2 == "play e" and moves == [4] and tabs == 6 and not unnamed
    c.ok("keyboard", good, "d focused %r, then %r, Enter played %s; %d holes in the Tab order" % (f1, f2, moves, tabs)
         if good else "focus %r then %r, moves %s, %d tabbable holes, unnamed %s" % (f1, f2, moves, tabs, unnamed))


# words of the engine a learner must not meet in How to play's plain words
ENGINE_WORDS = re.compile(r"\bpl(?:y|ies)\b|lap_end|\brelay|\bMG\b|MancalaGames|Ludii|OpenSpiel|_|`|"
                          r"\bhooks?\b|\btokens?\b|\bvariant\b|\bscript\b", re.I)
PARTS = ["The board", "A move", "Capturing", "The end"]


def plain_howto(page):
    """How to play opened by its button: the plain words' parts, and the
    rule ids they link."""
    page.eval("document.getElementById('howto').hidden = true")
    page.eval("document.getElementById('howto-open').click()")
    return json.loads(page.eval("""(function(){
        var h = document.getElementById('howto'), box = document.getElementById('howto-plain');
        if (h.hidden || !box) return JSON.stringify(null);
        return JSON.stringify({parts: Array.prototype.map.call(box.querySelectorAll('p'), function (p) {
                                   var b = p.querySelector('b');
                                   return [b ? b.textContent.replace(/[.\\s]+$/, '') : '', p.textContent]; }),
                               links: Array.prototype.map.call(box.querySelectorAll('a.rule'), function (a) {
                                   return a.textContent; })});
    })()"""))


def check_plainwords(c, b, url, sow, art, variants):
    """How to play, one click away, gives every shipped game in plain
    words: the board and the start, a move, capturing, the end and who
    wins (docs/how-to-play.md), none with the engine's words or an option
    name; a rule id there opens the rule's text. The perfect level is
    offered, with the game's default options, exactly where the solver
    answers within the cap of positions (web/perfect.json)."""
    page = open_page(b, url + "?south=human&north=human")
    settle(page)
    bad, offered = [], {}
    for vid in variants:
        try:
            choose_variant(page, vid)
        except CdpError as e:
            bad.append("%s: %s" % (vid, e))
            continue
        got = plain_howto(page)
        rc, out, _ = native(sow, "show", vid, "--json")
        info = json.loads(out)
        names = [o["name"] for o in info["options"]]
        if not got:
            bad.append("%s: no plain words" % vid)
            continue
        titles = [p[0] for p in got["parts"]]
        text = " ".join(p[1] for p in got["parts"])
        words = ENGINE_WORDS.findall(text) + [n for n in names if re.search(r"\b%s\b" % re.escape(n), text)
                                              and "_" in n]
        if titles != PARTS or any(len(p[1]) < len(p[0]) + 30 for p in got["parts"]):
            bad.append("%s: parts %s" % (vid, titles))
        elif words:
            bad.append("%s: engine words %s" % (vid, sorted(set(words))))
        elif not got["links"] or any(l not in [r["id"] for r in info["rules"]] for l in got["links"]):
            bad.append("%s: rule links %s" % (vid, got["links"]))
        offered[vid] = not page.eval("document.querySelector('#north-level option[value=\"perfect\"]').disabled")
    # a rule id of the plain words opens its rule's text
    choose_variant(page, "oware")
    plain_howto(page)
    page.eval("document.querySelector('#howto-plain a.rule').click()")
    hl = page.eval("(function(){var l=document.querySelector('#howto li.hl'); return l ? l.textContent : '';})()")
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-howto-plain.png"))
    c.ok("plainwords", not bad and len(offered) == len(variants) and hl.startswith("OW.1"),
         "%d games in plain words, 4 parts each, no engine words; OW.1 opens %r" % (len(offered), hl[:50])
         if not bad and hl.startswith("OW.1") else "; ".join(bad)[:600] + "; the link opened %r" % hl[:60])
    # perfect where the solver answers within the cap, from the start
    cap = page.eval("window.SOW_HOWTO ? window.SOW_HOWTO.perfect_cap_positions : 0") or 250000
    wrong = []
    for vid, yes in sorted(offered.items()):
        n = solve_positions(sow, vid, {}, limit=10)
        if yes and (n is None or n > cap):
            wrong.append("%s offered, but sow solve: %s positions (cap %d)" % (vid, n, cap))
        # one not offered that the solver answers within the cap
        if not yes and n is not None and n <= cap:
            wrong.append("%s not offered, but sow solve answers in %d positions" % (vid, n))
    c.ok("perfect games", not wrong and any(offered.values()) and not all(offered.values()),
         "offered for %s; for the other %d the solver refuses or plays more than %d positions" % (
             ", ".join(v for v in sorted(offered) if offered[v]), sum(1 for v in offered.values() if not v), cap)
         if not wrong else "; ".join(wrong)[:600])


def check_perfect(c, b, url, sow, art):
    """The perfect level, decided in advance: Oware (positions can come
    back, the solver refuses) does not offer it, and a link asking for it
    plays the strong level, saying so; Kalah 3x3 offers it, and the
    perfect computer answers; every board of web/perfect.json is solved
    within its cap of positions."""
    page = open_page(b, url + "?variant=oware&south=human&north=perfect")
    settle(page)
    off = page.eval("document.querySelector('#north-level option[value=\"perfect\"]').disabled")
    north = page.eval("document.getElementById('north').value")
    note = page.eval("document.getElementById('notice').hidden ? '' : document.getElementById('notice').textContent")
    page = open_page(b, url + "?variant=kalah&options=holes%3D3%2Cseeds%3D3&south=human&north=human")
    settle(page)
    set_field(page, "speed", "0")
    on = not page.eval("document.querySelector('#north-level option[value=\"perfect\"]').disabled")
    set_field(page, "north-level", "perfect")
    settle(page)
    click_label(page, "c")
    try:
        wait_moves(page, 2, 60)
    except CdpError:
        pass
    settle(page)
    st = state(page)
    answered = len(st["moves"]) >= 2 and page.eval("document.getElementById('status').className") != "bad"
    # the list's largest boards, solved natively within the cap
    table = json.loads(page.eval("JSON.stringify(window.SOW_HOWTO ? window.SOW_HOWTO.perfect : {})"))
    cap = page.eval("window.SOW_HOWTO ? window.SOW_HOWTO.perfect_cap_positions : 0") or 250000
    slow = []
    for vid, sizes in sorted(table.items()):
        for holes, seeds, opts in sizes:
            n = solve_positions(sow, vid, opts)
            if n is None or n > cap:
                slow.append("%s %s: %s positions" % (vid, opts, n))
    good = off and north == "alphabeta:ms=1500" and "strong" in note and on and answered and table and not slow
    c.ok("perfect", good, "Oware: not offered, a link's perfect North plays strong (%r); Kalah 3x3: offered, "
         "it answered %s; %d boards of the list solved within %d positions" % (note[:60], st["moves"], sum(map(len, table.values())), cap)
         if good else "oware disabled %s, north %r, note %r; kalah offered %s, moves %s; slow %s" % (
             off, north, note, on, st["moves"], slow))


def check_hintvalue(c, b, url, sow, art):
    """Issue 26: where the solver answers, the hint says the exact value
    in words ("South wins by 2"), for the position and after each move,
    as sow solve gives it."""
    page = open_page(b, url + "?variant=kalah&options=holes%3D3%2Cseeds%3D3&south=human&north=human")
    settle(page)
    page.eval("document.getElementById('hint').click()")
    page.wait("document.querySelector('#hints table')", 60)
    text = page.eval("document.querySelector('#hints .suggest').textContent")
    rows = json.loads(page.eval("JSON.stringify(Array.prototype.map.call(document.querySelectorAll('#hints tr'), "
                                "function (r) { return [r.dataset.move, (r.querySelector('.exact') || {}).textContent || '']; }))"))
    page.eval("window.scrollTo(0,0)")
    page.screenshot(os.path.join(art, "web-hint-value.png"))
    rc, out, _ = native(sow, "solve", "kalah", "--option", "holes=3", "--option", "seeds=3", "--json")
    res = json.loads(out)

    def words(v):
        return "the game is a draw" if v == 0 else "South %s by %d" % ("wins" if v > 0 else "loses", abs(v))
    want_rows = {str(m["move"]): "then " + words(m["value"]) for m in res["moves"]}
    good = ("Played perfectly from here, %s." % words(res["value"])) in text and dict(rows) == want_rows
    # a game the solver does not answer: no value claimed
    page = open_page(b, url + "?variant=oware&south=human&north=human")
    settle(page)
    page.eval("document.getElementById('hint').click()")
    page.wait("document.querySelector('#hints table')", 60)
    other = page.eval("document.getElementById('hints').textContent")
    good = good and "perfectly" not in other and "wins by" not in other
    c.ok("hintvalue", good, "%s; %s" % (text[text.find("Played"):].strip()[:60], dict(rows)) if good else
         "hint %r, rows %s, want %s; Oware's %r" % (text, rows, want_rows, other[:80]))


def check_optionwords(c, b, url, sow, art):
    """D15: options, questions, decisions and players in plain words; the
    options' own names and values stay in the record and the link."""
    page = open_page(b, url + "?variant=oware&south=human&north=human")
    settle(page)
    opts = json.loads(page.eval("""JSON.stringify(Array.prototype.map.call(document.querySelectorAll('#options .opt'),
        function (d) { var s = d.querySelector('select');
            return {label: d.querySelector('label').textContent, title: d.title,
                    values: s ? Array.prototype.map.call(s.options, function (o) { return o.textContent; }) : null}; }))"""))
    seen = json.dumps(opts)
    rc, out, _ = native(sow, "show", "oware", "--json")
    names = [o["name"] for o in json.loads(out)["options"]]
    words_ok = (opts and not re.search(r"_|\bMG\b|MancalaGames|OpenSpiel|Ludii|\bP\d+\b|C1\.\d", seen)
                and all(o["values"] is None or all(" " in v or v in ("yes", "no") or not re.search(r"[_:]", v)
                                                   for v in o["values"]) for o in opts)
                and not any(n in seen for n in names if "_" in n))
    # the option's value as sow takes it, in the link and the record
    page.eval("(function(){var e=document.getElementById('opt-grand_slam'); e.value='capture';"
              "e.dispatchEvent(new Event('change'));})()")
    page.wait("/grand_slam%3Dcapture/.test(document.getElementById('share').value)", 30)
    settle(page)
    set_field(page, "speed", "0")
    play_labels(page, ("c",))
    rec = page.eval("window.sowPage.record()")
    kept = json.loads(rec.split("\n")[0]).get("options") == {"grand_slam": "capture"}
    players = page.eval("document.getElementById('players').innerText")
    # Andada's question, its buttons, the move list and the narration
    page = open_page(b, url + "?variant=andada&moves=4&south=human&north=human")
    settle(page)
    q = page.eval("document.getElementById('decisions').innerText")
    tips = page.eval("Array.prototype.map.call(document.querySelectorAll('#decisions button'), "
                     "function (b) { return b.title; }).join(' ')")
    page.eval("document.getElementById('hint').click()")
    page.wait("document.querySelector('#hints table')", 60)
    hints = page.eval("document.getElementById('hints').textContent")
    page = open_page(b, url + "?variant=andada&moves=4,first:1&south=human&north=human")
    settle(page)
    moves = page.eval("document.getElementById('movelist').innerText")
    share = page.eval("document.getElementById('share').value")
    shown = q + tips + hints + moves
    good = (words_ok and kept and "alphabeta" not in players and "first:" not in shown
            and "who makes the first regular move?" in q and "North chose North" in moves
            and "first%3A1" in share)
    c.ok("optionwords", good, "Oware's options %s; Andada: %r, moves %r" % (
        ", ".join(o["label"] for o in opts), q.replace("\n", " ")[:60], moves.replace("\n", ", "))
         if good else "options %s (words %s, record kept %s), players %r; shown %r; share %s" % (
             seen[:300], words_ok, kept, players, shown[:300], share))


def check_decisionkeys(c, b, url, sow, art):
    """D18: the arrow keys move between the decision buttons (Home and End
    to the first and the last), Enter plays the one focused."""
    page = open_page(b, url + "?variant=andada&moves=4&south=human&north=human")
    settle(page)
    set_field(page, "speed", "0")
    page.eval("document.querySelector('#decisions button').focus()")
    seen = [page.eval("document.activeElement.textContent")]
    for k in ("ArrowRight", "ArrowLeft", "End", "Home", "ArrowDown"):
        key(page, k)
        seen.append(page.eval("document.activeElement.textContent"))
    key(page, "Enter")
    try:
        wait_moves(page, 2, 20)
    except CdpError:
        pass
    settle(page)
    moves = [str(m) for m in state(page)["moves"]]
    good = seen == ["South", "North", "South", "North", "South", "North"] and moves == ["4", "first:1"]
    c.ok("decisionkeys", good, "focus %s, Enter played %s" % (" > ".join(seen), moves[-1:])
         if good else "focus %s, moves %s" % (seen, moves))


def check_clean(c, b, url, sow, art):
    """Each check starts from a clean state: what one page saved (the
    opponent's level, the speed) is not found by the next check's page;
    a page opened to test what is kept finds it."""
    page = open_page(b, url + "?variant=oware&south=human&north=human")
    settle(page)
    set_field(page, "north-level", "beginner")
    set_field(page, "speed", "450")
    settle(page)
    time.sleep(0.7)
    fresh = open_page(b, url + "?variant=oware")
    settle(fresh)
    got = [fresh.eval("document.getElementById('north').value"), fresh.eval("document.getElementById('speed').value")]
    page = open_page(b, url + "?variant=oware&south=human&north=human")
    settle(page)
    set_field(page, "north-level", "beginner")
    set_field(page, "speed", "450")
    settle(page)
    time.sleep(0.7)
    kept = open_page(b, url + "?variant=oware", keep=True)
    settle(kept)
    got2 = [kept.eval("document.getElementById('north').value"), kept.eval("document.getElementById('speed').value")]
    good = got == ["alphabeta:depth=5", "150"] and got2 == ["greedy", "450"]
    c.ok("clean", good, "a new check's page: %s; a page that keeps: %s" % (got, got2) if good else
         "a new check's page found %s (want the defaults); kept %s" % (got, got2))


def layout_page(b, url, w, h, mobile):
    page = b.open("about:blank", clean=True)
    page.b.call("Emulation.setDeviceMetricsOverride", {"width": w, "height": h, "deviceScaleFactor": 1,
                                                       "mobile": mobile}, page.session)
    page.b.call("Page.navigate", {"url": url}, page.session)
    page.wait("document.body && document.body.dataset.ready === '1'", 60, "the page")
    settle(page)
    return page


BOX = """(function(){
    var r = document.querySelector('#board svg').getBoundingClientRect(), s = document.getElementById('status').getBoundingClientRect();
    var hs = Array.prototype.map.call(document.querySelectorAll('#board circle.legal'), function (e) {
        return e.getBoundingClientRect().width; });
    return JSON.stringify({top: r.top, bottom: r.bottom, width: r.width, status: s.bottom,
                           hole: hs.length ? Math.min.apply(null, hs) : 0});
})()"""


def check_layout(c, b, url, sow, art):
    """D16: on a phone (390x844) the board and the status are in the first
    screen and a ringed hole is at least 40 px wide, Andada 2x24 too (the
    board scrolls); D17: at 1920x1080 the board is drawn wide."""
    page = layout_page(b, url + "?variant=oware&south=human&north=human", 390, 844, True)
    o = json.loads(page.eval(BOX))
    page.screenshot(os.path.join(art, "web-phone.png"))
    page = layout_page(b, url + "?variant=andada&options=holes%3D24&south=human&north=human", 390, 844, True)
    a = json.loads(page.eval(BOX))
    page = layout_page(b, url + "?variant=oware&south=human&north=human", 1920, 1080, False)
    wide = json.loads(page.eval(BOX))
    page.screenshot(os.path.join(art, "web-1920.png"))
    good = o["status"] <= 844 and o["top"] < 400 and o["hole"] >= 40 and a["hole"] >= 40 and wide["width"] >= 800
    c.ok("layout", good, "phone: board at y %d, status by %d, holes %d px (Andada 2x24: %d px); 1920: board %d px wide" % (
        o["top"], o["status"], o["hole"], a["hole"], wide["width"]))


def check_speed(c, b, url, sow, variant):
    page = open_page(b, url + "?variant=" + variant)
    settle(page)
    # native and page in turn, 1 s each, three times: the best of each
    # (the machine may be shared, and a busy second slows either side)
    nat, web = [], []
    # a first second not counted: the browser compiles the hot wasm code
    # again, optimised, while it runs (as node does)
    page.eval("window.sowPage.sow(['bench', %s, '--seconds', '1'])" % js(variant), 60)
    for _ in range(3):
        rc, out, err = native(sow, "bench", variant, "--seconds", "1", "--json")
        nat.append(json.loads(out)["plies_per_s"])
        r = page.eval("window.sowPage.sow(['bench', %s, '--seconds', '1', '--json'])" % js(variant), 60)
        web.append(json.loads(r["out"])["plies_per_s"])
    ratio = max(web) / max(nat)
    c.ok("speed bench", ratio >= 0.3, "%s random games, best of three 1 s runs: page %.0f plies/s, native %.0f plies/s: %.2fx"
         % (variant, max(web), max(nat), ratio))
    # depth-7 alphabeta on Andada 2x15, at the start and after 6 plies
    # a middle-game position: the first plies of a random game
    tmp = tempfile.mkdtemp()
    try:
        native(sow, "selfplay", "andada", "--option", "holes=15", "--games", "1", "--seed", "3",
               "--jsonl", os.path.join(tmp, "g.jsonl"))
        with open(os.path.join(tmp, "g.jsonl")) as f:
            played = [str(m) for m in json.loads(f.readline())["moves"]]
    finally:
        shutil.rmtree(tmp)
    worst = 0
    for moves in ("", " ".join(played[:8])):
        args = ["search", "andada", "--option", "holes=15", "--player", "alphabeta:depth=7", "--json"]
        if moves:
            args[2:2] = ["--moves", moves]
        t0 = time.time()
        r = page.eval("window.sowPage.sow(%s)" % js(args), 60)
        took = time.time() - t0
        if r["rc"] != 0:
            c.ok("speed alphabeta", False, r["err"][:200])
            return
        worst = max(worst, took)
    c.ok("speed alphabeta", worst < 1.0, "andada holes=15 alphabeta:depth=7: %.2f s at worst" % worst)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--page", default=os.path.join(ROOT, "build", "web", "index.html"))
    ap.add_argument("--sow", default=os.path.join(ROOT, "build", "sow"))
    ap.add_argument("--artifacts", default=os.path.join(ROOT, "build", "test-artifacts"))
    ap.add_argument("--plies", type=int, default=2000)  # whole games
    ap.add_argument("--seconds", type=float, default=40)  # ... of each game at most
    ap.add_argument("--only", default="")
    ap.add_argument("--variants", default="")
    a = ap.parse_args()
    os.makedirs(a.artifacts, exist_ok=True)
    url = "file://" + os.path.abspath(a.page)
    sow = os.path.abspath(a.sow)
    rc, out, err = native(sow, "list", "--json")
    variants = [v["id"] for v in json.loads(out)["variants"]]
    if a.variants:
        variants = a.variants.split(",")
    only = set(a.only.split(",")) if a.only else None
    c = Checks()
    t0 = time.time()
    with Browser() as b:
        if not only or "load" in only:
            page = open_page(b, url)
            settle(page)
            b.pump(0.5)
            page.screenshot(os.path.join(a.artifacts, "web-start.png"))
            c.ok("load", not page.console and state(page)["ply"] == 0, "; ".join(page.console)[:300])
        if not only or "games" in only:
            shots = {"adji-kui-1": os.path.join(a.artifacts, "web-game.png"),
                     "andada": os.path.join(a.artifacts, "web-andada.png"),
                     "oware": None}
            check_games(c, b, url, sow, variants, a.plies, a.seconds, shots, a.artifacts)
        if not only or "share" in only:
            check_share(c, b, url, sow)
        if not only or "seeds" in only:
            check_seeds(c, b, url, sow, a.artifacts)
        if not only or "records" in only:
            check_records(c, b, url, sow, variants)
        if not only or "recgame" in only:
            try:
                check_recgame(c, b, url, sow, a.artifacts)
            except CdpError as e:
                c.ok("recgame", False, str(e))
        if not only or "decisions" in only:
            check_decisions(c, b, url, sow, a.artifacts)
        if not only or "directions" in only:
            check_directions(c, b, url, sow)
        if not only or "workbench" in only:
            check_workbench(c, b, url, sow, a.artifacts)
        if not only or "plainwords" in only:
            try:
                check_plainwords(c, b, url, sow, a.artifacts, variants)
            except CdpError as e:
                c.ok("plainwords", False, str(e))
        for name, check in (("busy", check_busy), ("badlink", check_badlink), ("reload", check_reload),
                            ("undo", check_undo), ("confirm", check_confirm), ("narration", check_narration),
                            ("hint", check_hint), ("luaerror", check_luaerror), ("bought", check_bought),
                            ("dots", check_dots), ("opening", check_opening), ("kept", check_kept), ("resume", check_resume),
                            ("levels", check_levels), ("howto", check_howto), ("ownwords", check_ownwords),
                            ("sharelink", check_sharelink), ("movelist", check_movelist),
                            ("keyboard", check_keyboard), ("layout", check_layout),
                            ("rows", check_rows), ("hand", check_hand), ("choice", check_choice),
                            ("turn", check_turn),
                            ("perfect", check_perfect), ("hintvalue", check_hintvalue),
                            ("optionwords", check_optionwords), ("decisionkeys", check_decisionkeys),
                            ("clean", check_clean)):
            if not only or name in only:
                try:
                    check(c, b, url, sow, a.artifacts)
                except CdpError as e:
                    c.ok(name, False, str(e))
        if not only or "speed" in only:
            check_speed(c, b, url, sow, "adji-kui-1")
    print("web: %d passed, %d failed (%.0f s; screenshots in %s)" % (c.passed, c.failed, time.time() - t0, a.artifacts))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
