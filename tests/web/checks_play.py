"""checks_play.py - the page's checks of playing (tests/web/test_page.py):
whole games, shared positions, seeds drawn moving, decisions, directions,
boards of more rows, hands, choices and turns, bought holes, the opening,
the keyboard, the layout on each screen and the speed."""
import json
import os
import re
import shutil
import tempfile
import time

from cdp import CdpError
from page_kit import (
    HOLE_CENTERS, ROOT, SAMPLER, apply_files, choose_variant, click_choice, click_first_legal, click_hole,
    click_label, click_ring, decision_buttons, js, key, last_board, native, open_page,
    played_as_native, set_field, settle, state, wait_moves)


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
    check_chosen_at(c, page, sow)


def check_chosen_at(c, page, sow):
    """Issue 24 (direction.chosen_at, tests/unseen/cow.yaml applied in the
    workbench): a hole of one way is played with one click, its token the
    hole alone; only the middle hole asks which way."""
    with open(os.path.join(ROOT, "tests", "unseen", "cow.yaml")) as f:
        cow = f.read()
    st = apply_files(page, yaml=cow, lua="")
    rings = json.loads(page.eval("JSON.stringify(Array.prototype.map.call("
                                 "document.querySelectorAll('#board circle.legal'), "
                                 "function (e) { return e.dataset.move || e.dataset.moves; }))"))
    good = st.startswith("applied") and rings == ["0", "1", "2/ccw 2/cw", "3", "4"]
    why = "%s; rings %s" % (st, rings)
    if good:
        click_label(page, "a")
        good, why, _ = played_as_native(page, sow, os.path.join(ROOT, "tests", "unseen", "cow.yaml"), "0")
    c.ok("directions chosen_at", good, why)


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


def check_setout(c, b, url, sow, art):
    """A whole setup in one move (MW.2, Omweso with setup=layout): no
    hole is ringed; the question asks for the counts of South's 16 holes,
    typed in the field and played by Set out as the native sow plays the
    token; a wrong sum is refused (the game does not move on)."""
    page = open_page(b, url + "?variant=mweso&options=setup=layout&north=human&south=human")
    settle(page)
    rings = page.eval("document.querySelectorAll('#board circle.legal').length")
    q = page.eval("(document.querySelector('#decisions .question') || {}).textContent || ''")
    c.ok("setout asks", rings == 0 and q.startswith("South, set out your 32 seeds in one move"),
         "rings %s, question %r" % (rings, q))
    tok = "layout:4,0,2,2,2,2,2,2,2,2,2,2,2,2,2,2"
    page.eval("document.getElementById('layout-counts').value = '4 0 2 2 2 2 2 2 2 2 2 2 2 2 2 2';"
              "Array.prototype.filter.call(document.querySelectorAll('#decisions button'),"
              " function (b) { return b.textContent === 'Set out'; })[0].click(); 0")
    good, why, last = played_as_native(page, sow, "mweso", tok, ("board", "hand"),
                                       options=("setup=layout",))
    c.ok("setout played", good and last.get("hand") == [0, 32], why)
    if page.console:
        c.ok("setout console", False, "; ".join(page.console)[:300])


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


def layout_page(b, url, w, h, mobile):
    page = b.open("about:blank")
    b.clear_storage(page, url)
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

