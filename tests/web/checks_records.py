"""checks_records.py - the page's checks of what is kept
(tests/web/test_page.py): records saved and loaded, records that say which
game they are, shared links, reloads, work kept in the browser and bad
links."""
import json
import os
import re
import shutil
import tempfile
import time

from cdp import CdpError
from page_kit import (
    ROOT, apply_files, choose_variant, click_label, js, last_board, native, open_page,
    oware_two_moves, play_labels, reload_page, set_field, settle, state, wait_moves)


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


def check_clean(c, b, url, sow, art):
    """Each check starts from a clean state: what one page saved (the
    opponent's level, the speed) is not found by the next check's page;
    a page opened to test what is kept finds it."""
    def saved_then_opened(keep):
        page = open_page(b, url + "?variant=oware&south=human&north=human")
        settle(page)
        set_field(page, "north-level", "beginner")
        set_field(page, "speed", "450")
        settle(page)
        time.sleep(0.7)
        other = open_page(b, url + "?variant=oware", keep=keep)
        settle(other)
        return [other.eval("document.getElementById('north').value"),
                other.eval("document.getElementById('speed').value")]
    got, got2 = saved_then_opened(False), saved_then_opened(True)
    good = got == ["alphabeta:depth=5", "150"] and got2 == ["greedy", "450"]
    c.ok("clean", good, "a new check's page: %s; a page that keeps: %s" % (got, got2) if good else
         "a new check's page found %s (want the defaults); kept %s" % (got, got2))

