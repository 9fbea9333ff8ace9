"""checks_class.py - the page's checks for a class (tests/web/test_page.py):
safe to click (busy, undo, confirm), the narration, hints and levels, how
to play and every text in plain words, the perfect level."""
import json
import os
import re
import shutil
import tempfile
import time

from cdp import CdpError
from page_kit import (
    ROOT, apply_files, choose_variant, click_label, last_board, native, open_page,
    oware_two_moves, play_labels, reload_page, set_field, settle, state, status, wait_moves)


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

