"""checks_workbench.py - the page's checks of the workbench
(tests/web/test_page.py): editing a variant's files, Apply, errors marked
in the editors' gutters, Lua errors."""
import json
import os
import re
import shutil
import tempfile
import time

from cdp import CdpError
from page_kit import (
    ROOT, apply_files, choose_variant, click_first_legal, click_label, js, last_board, native,
    open_page, set_field, settle, state, status, wait_moves)


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

