#!/usr/bin/python3
"""Check the expected values of scenario files against the independent
Python references (tests/ref/*.py), not against sow.

    /usr/bin/python3 tests/scenarios/check_ref.py [FILE...]

(default: every variants/scenarios/*.yaml). Each case is set up in the
reference of its variant (the start position given field by field, as far
as the reference can take it), its moves are played there, and every
expectation the reference can answer is compared: board, captured, owners,
player to move, legal moves, endless moves left out, over, ply, phase,
game, state, result (winner, score, reason text), match result, and for
`error:` that the last move is refused (the message is sow's own and is not
compared). What a reference cannot express (a start field, an expectation)
is listed as skipped; a case the reference cannot start is skipped whole.

Prints one line per disagreement and a summary; exits 1 on any.
"""

import importlib.util
import pathlib
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
REF = ROOT / "tests" / "ref"


def load_ref(name):
    spec = importlib.util.spec_from_file_location(name, REF / (name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Skip(Exception):
    """The reference cannot express this case."""


def player(v):
    if v in ("south", 0, "0"):
        return 0
    if v in ("north", 1, "1"):
        return 1
    if v in ("none", None):
        return None
    raise ValueError("not a player: %r" % (v,))


def opt_text(v):
    if v is True:
        return "true"
    if v is False:
        return "false"
    return str(v)


def tokens(v):
    if v is None:
        return []
    if isinstance(v, list):
        return [str(t) for t in v]
    t = str(v).replace(",", " ").split()
    return [] if t == ["none"] else t


def move_of(tok):
    return int(tok) if tok.isdigit() else tok


def only(start, known):
    """The reference can take the start fields `known` only."""
    for k in start:
        if k not in known:
            raise Skip("start.%s" % k)


# ---- one adapter per reference ----------------------------------------------
#
# An adapter holds the reference's game (or session) and answers: legal(),
# play(move) (raises ValueError when refused), and view(), a dict of what
# the reference can tell, keyed as the expectations are.

class Single:
    """A reference whose Game is the whole session (no matches): legal()
    and play() are the game's, legal moves taken from the player to move."""

    def legal(self):
        g = self.g
        if hasattr(g, "phase"):          # Andada: legal() has no argument
            return g.legal()
        return [] if g.result else g.legal(g.to_move)

    def play(self, move):
        if move not in self.legal():
            raise ValueError(move)
        self.g.play(move)

    def begin(self, opts, start, known):
        """Parse the options; without a start, make the game from the
        variant's start and return False; else check that the reference
        takes every start field given (`known`) and return True."""
        self.opts = self.ref.parse_options(opts)
        if start is None:
            self.g = self.ref.Game(self.opts)
            return False
        only(start, known)
        return True

    def common(self):
        g = self.g
        return {"board": g.board, "captured": g.captured,
                "to_move": g.to_move, "legal": self.legal(),
                "over": g.result is not None, "ply": g.ply,
                "result": g.result}


class Kui1(Single):
    ref = load_ref("adji_kui_1")

    def __init__(self, opts, start, skipped):
        if not self.begin(opts, start, {"board", "to_move", "captured",
                                        "ply", "since_capture"}):
            return
        K, o = self.ref, self.opts
        board = start.get("board")
        self.g = K.Game(o, board=board,
                        to_move=player(start.get("to_move", "south")))
        g = self.g
        g.captured = list(start.get("captured", [0, 0]))
        g.ply = start.get("ply", 0)
        g.no_capture_run = start.get("since_capture", 0)
        if g.result is not None:          # re-score with the captures
            g._end(g.result["reason"], g.result["unfinished"])
        elif g.ply >= o["max_plies"]:
            g._end("max_plies reached", unfinished=True)

    def view(self):
        return self.common()


class Boto(Single):
    ref = load_ref("adji_boto")

    def __init__(self, opts, start, skipped):
        if not self.begin(opts, start, {"board", "to_move", "captured",
                                        "ply", "phase", "played"}):
            return
        B, o = self.ref, self.opts
        ply = start.get("ply", 0)
        phase = start.get("phase", "opening")
        if (phase in ("play", 0)) != (ply >= 10):
            raise Skip("a phase that does not follow from the ply")
        # the reference takes ply 0 or >= 10; a ply inside the opening is
        # set after construction, with the holes played so far
        self.g = B.Game(o, board=start.get("board"),
                        stores=start.get("captured"),
                        to_move=player(start.get("to_move", "south"))
                        if ply >= 10 else 0,
                        ply=ply if ply >= 10 else 0)
        g = self.g
        if ply < 10:
            g.ply = ply
            g.to_move = player(start.get("to_move", "south"))
            for h in start.get("played", []):
                g.played[0 if h < B.N else 1].add(h)
        elif start.get("played"):
            raise Skip("start.played after the opening")

    def view(self):
        v = self.common()
        v["phase"] = "opening" if self.g.in_opening() else "play"
        return v


class Andada(Single):
    ref = load_ref("andada")

    def __init__(self, opts, start, skipped):
        if not self.begin(opts, start, {"board", "to_move", "captured",
                                        "ply", "phase", "bearoff"}):
            return
        A, o = self.ref, self.opts
        if start.get("phase") not in ("play", 0) or start.get("ply", 0) < 2:
            raise Skip("a given position before the regular moves")
        self.g = A.Game(o, board=start["board"],
                        to_move=player(start.get("to_move", "south")),
                        captured=start.get("captured"),
                        sticky=bool(start.get("bearoff", False)),
                        ply=start["ply"])

    def view(self):
        g = self.g
        v = self.common()
        v["endless"] = []
        if (g.result is None and g.phase() == 2 and
                self.opts["endless_move"] == "forbid"):
            v["endless"] = sorted(h for h, out in g.outcomes().items()
                                  if out is self.ref.ENDLESS)
        v["phase"] = ("opening", "first", "play")[g.phase()]
        return v


class Kui2:
    ref = load_ref("adji_kui_2")

    def __init__(self, opts, start, skipped):
        K = self.ref
        o = K.parse_options(opts)
        self.opts = o
        self.s = K.Session(o)
        self.match_result = None
        self._scan()
        if start is None:
            return
        only(start, {"board", "owners", "to_move", "captured", "ply", "game",
                 "starter", "phase", "state"})
        g0 = self.s.game
        state = start.get("state", {})
        phase = start.get("phase", "play")
        buyer = buys = None
        if phase == "buy":
            buyer, buys = state.get("buyer"), state.get("buys")
            starter = state.get("starter", start.get("starter", 0))
        elif phase in ("play", 0):
            if state:
                raise Skip("start.state outside the buy phase")
            starter = player(start.get("starter", 0))
        else:
            raise Skip("phase %r" % (phase,))
        owners = [player(x) for x in start.get("owners", g0.owners)]
        g = K.Game(o, board=start.get("board", g0.board), owners=owners,
                   starter=starter, buyer=buyer, buys=buys or 0,
                   captured=start.get("captured"))
        g.starter = player(start.get("starter", 0)) if phase != "buy" \
            else starter
        if g.result is None and not g.buys:
            # sow: `starter` is the game's starter only; the player to move
            # is to_move, else South (who moves first in a match's game 1)
            p = player(start.get("to_move", 0))
            g.to_move = p if g.can_move(p) else 1 - p
            if not g.can_move(g.to_move):
                g._end("neither player can move")
        g.ply = start.get("ply", 0)
        if g.result is None and g.ply >= o["max_plies"]:
            g._end("max_plies reached", unfinished=True)
        self.s.game = g
        if o["match"]:
            self.s.games = start.get("game", 1)
        self.s.lines = []
        self.s.over = False
        self.s._after()
        self._scan()

    def _scan(self):
        for line in self.s.take_lines():
            if "match_result" in line:
                self.match_result = line["match_result"]

    def legal(self):
        return self.s.legal()

    def play(self, move):
        if move not in self.legal():
            raise ValueError(move)
        self.s.play(move)
        self._scan()

    def view(self):
        g = self.s.game
        endless = []
        if (g.result is None and not g.buys and
                self.opts["endless_move"] == "forbid"):
            endless = sorted(h for h, out in g.outcomes(g.to_move).items()
                             if out is self.ref.ENDLESS)
        v = {"board": g.board, "captured": g.captured, "owners": g.owners,
             "to_move": g.to_move, "legal": self.s.legal(),
             "over": self.s.over, "ply": g.ply,
             "phase": "buy" if g.buys else "play", "endless": endless,
             "result": g.result, "match": self.match_result}
        if self.opts["match"]:
            v["game"] = self.s.games
        if g.buys:
            v["state"] = {"buyer": g.buyer, "buys": g.buys,
                          "starter": g.starter}
        return v


# The games of the two-row family (docs/rules-family.md) have no Python
# reference in tests/ref/: their scenario files were worked out by hand, and
# the games themselves are compared move by move with an independent engine,
# MancalaGames, by make crosscheck-mg. Their cases are counted as skipped.
NO_REFERENCE = {"kalah", "cross-kalah", "oware", "wari", "ouri", "bohnenspiel",
                "vai-lung-thlan", "ayoayo", "toguz-kumalak", "qelat",
                "eson-xorgol", "nambayi", "dakon", "jongkak", "pallanguli",
                "olinda", "gabata", "sadeqa", "lamlameta", "tegre"}
NO_REFERENCE.add("mbangbi")  # group: direction (MB)
NO_REFERENCE |= {"urim", "deka"}  # the twelve beyond the catalogue
# the twelve games beyond the catalogue, one line per group (they merge apart)
NO_REFERENCE |= {"tap-urdy", "depouiller", "halusa"}  # group: gaps
NO_REFERENCE |= {"enkeshui", "leyla-gobale"}  # group: claims
# twelve games beyond the catalogue, the same way (one line per group)
NO_REFERENCE |= {"sokusowo", "tchuka-ruma", "mangala-iii", "lagerung"}
# boards of more rows (docs/rules-rows.md): worked out by hand, and
# compared move by move with Ludii by make crosscheck-ludii
NO_REFERENCE |= {"moruba", "tsoro", "hus", "isolo", "nsolo", "abalalae"}
NO_REFERENCE.add("mweso")  # seeds in hand, clockwise moves (MW)
NO_REFERENCE.add("gabata-adowa")  # GA (a line of its own: merges apart)
NO_REFERENCE.add("bao-kiswahili")  # BK: turns of several decisions (a line of its own)
NO_REFERENCE.add("bao")  # BA: turns of several decisions (a line of its own)

ADAPTERS = {"adji-kui-1": Kui1, "adji-kui-2": Kui2, "adji-boto": Boto,
            "andada": Andada}


# ---- comparing -----------------------------------------------------------------

def compare(case, view, refused, problems, skipped):
    ex = case["expect"]

    def differ(field, want, got):
        problems.append("%s: expected %r, the reference gives %r"
                        % (field, want, got))

    for key, want in ex.items():
        if key == "error":
            if not refused:
                problems.append("error: expected the last move to be "
                                "refused; the reference plays it")
            continue
        if key in ("result", "match"):
            got = view.get(key)
            if got is None:
                if key not in view:
                    skipped.append(key)
                else:
                    differ(key, "over", "not over")
                continue
            for k, w in want.items():
                g = got.get(k)
                if k == "winner":
                    if player(w) != g:
                        differ(key + ".winner", w, g)
                elif k == "reason":
                    if w not in (g or ""):
                        differ(key + ".reason", w, g)
                elif k == "holes":
                    if list(w) != list(g):
                        differ(key + ".holes", w, g)
                elif w != g:
                    differ(key + "." + k, w, g)
            continue
        if key not in view:
            skipped.append(key)
            continue
        got = view[key]
        if key == "to_move":
            want = player(want)
        elif key == "owners":
            want = [player(x) for x in want]
        elif key == "legal":
            want = sorted((move_of(t) for t in tokens(want)),
                          key=lambda m: (isinstance(m, str), str(m).zfill(8)))
            got = sorted(got, key=lambda m: (isinstance(m, str),
                                             str(m).zfill(8)))
        elif key == "phase":
            want = {0: "play"}.get(want, want)
        elif key == "state":
            got = {k: got.get(k) for k in want}
        if isinstance(got, list):
            got = list(got)
        if want != got:
            differ(key, want, got)


def run_case(adapter, file_opts, case, problems, skipped):
    opts = dict(file_opts or {})
    opts.update(case.get("options") or {})
    pairs = ["%s=%s" % (k, opt_text(v)) for k, v in opts.items()]
    a = adapter(pairs, case.get("start"), skipped)
    toks = tokens(case.get("moves"))
    refused = False
    for i, t in enumerate(toks):
        try:
            a.play(move_of(t))
        except ValueError:
            if "error" in case["expect"] and i == len(toks) - 1:
                refused = True
                break
            problems.append("moves: token %d (%r) is refused by the "
                            "reference" % (i + 1, t))
            return
    compare(case, a.view(), refused, problems, skipped)


def main(argv):
    files = [pathlib.Path(p) for p in argv] or sorted(
        (ROOT / "variants" / "scenarios").glob("*.yaml"))
    checked = skipped_cases = bad = 0
    notes = {}
    for path in files:
        doc = yaml.safe_load(path.read_text())
        vid = pathlib.Path(doc["variant"]).stem.replace("_", "-")
        adapter = ADAPTERS.get(vid)
        if adapter is None and vid in NO_REFERENCE:
            notes.setdefault("file skipped: no Python reference for %s "
                             "(see NO_REFERENCE)" % vid, []).extend(
                                 c["name"] for c in doc["scenarios"])
            skipped_cases += len(doc["scenarios"])
            continue
        if adapter is None:
            print("%s: no reference for variant %s" % (path, vid))
            bad += 1
            continue
        for case in doc["scenarios"]:
            problems, skipped = [], []
            try:
                run_case(adapter, doc.get("options"), case, problems,
                         skipped)
            except Skip as e:
                skipped_cases += 1
                notes.setdefault("case skipped: %s" % e, []).append(
                    case["name"])
                continue
            checked += 1
            for s in skipped:
                notes.setdefault("field skipped: %s" % s, []).append(
                    case["name"])
            for p in problems:
                bad += 1
                print("%s: %s: %s" % (path.name, case["name"], p))
    for what, names in sorted(notes.items()):
        print("  (%s, in %d case%s)" % (what, len(names),
                                       "" if len(names) == 1 else "s"))
    print("scenarios against the references: %d cases checked, %d skipped, "
          "%d disagreements" % (checked, skipped_cases, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
