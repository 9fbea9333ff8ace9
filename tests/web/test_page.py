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
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, CdpError  # noqa: E402
from page_kit import Checks, ROOT, native, open_page, settle, state  # noqa: E402
from checks_play import (
    check_bought, check_choice, check_decisionkeys, check_decisions, check_directions,
    check_dots, check_games, check_hand, check_keyboard, check_setout, check_layout, check_opening,
    check_rows, check_seeds, check_share, check_speed, check_turn)  # noqa: E402
from checks_records import (
    check_badlink, check_clean, check_kept, check_recgame, check_records, check_reload,
    check_resume, check_sharelink)  # noqa: E402
from checks_class import (
    check_busy, check_confirm, check_hint, check_hintvalue, check_howto, check_levels,
    check_movelist, check_narration, check_optionwords, check_ownwords, check_perfect,
    check_plainwords, check_undo)  # noqa: E402
from checks_workbench import check_luaerror, check_workbench  # noqa: E402


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
                            ("rows", check_rows), ("hand", check_hand), ("setout", check_setout), ("choice", check_choice),
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
