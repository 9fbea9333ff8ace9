# shellcheck shell=bash
# tests/hostile/cases/stats.sh - shard files given to `sow stats` (issue 13
# #1 and the FIFO of #6), sourced by tests/hostile/run.sh.
#
# The files are made at run time from two real `sow selfplay --json`
# summaries kept in tests/hostile/stats/ (one game of Adji Kui I; three
# matches of Adji Kui II), each edited in one way: numbers a real run
# cannot produce (the issue's histogram index near 2^61 that wrote out of
# the heap, 2^63, negative, 1e308, a fraction, 400 digits, a leading zero),
# sums that overflow, totals that disagree with each other, with the
# histogram or with the games of the shards listed, duplicate and unknown
# keys, text that would reach the terminal (escapes, NUL, lone surrogates,
# bytes that are not UTF-8), deep nesting, and files that are too large,
# not files (a FIFO, /dev/zero, a directory) or slow to merge (shard lists
# merged pairwise). Every case exits 1 within 2 seconds with one line.
S=$cli_tmp/stats
mkdir -p "$S"
python3 - tests/hostile/stats "$S" <<'PY'
import collections, json, sys

src, out = sys.argv[1], sys.argv[2]
def load(name):
    with open(f"{src}/{name}") as f:
        return json.load(f, object_pairs_hook=collections.OrderedDict)
def text(d):
    return json.dumps(d, separators=(",", ":"), ensure_ascii=False)
def save(name, s):
    with open(f"{out}/{name}.json", "wb") as f:
        f.write(s if isinstance(s, bytes) else s.encode())
def edit(name, fn, base="one-game.json"):
    d = load(base)
    fn(d, d["totals"])
    save(name, text(d))
def raw(name, old, new):
    s = text(load("one-game.json"))
    assert old in s, (name, old)
    save(name, s.replace(old, new, 1))
def sets(**kw):
    def fn(d, t):
        for k, v in kw.items():
            t[k] = v
    return fn
def zero(t, **kw):
    """every total 0, then kw"""
    for k in t:
        t[k] = [] if k == "plies_hist" else 0
    t.update(kw)
def top(**kw):
    def fn(d, t):
        for k, v in kw.items():
            d[k] = v
    return fn

N61 = 2**61 - 1
# the issue's repro: a histogram index near 2^61
edit("repro", sets(plies_sum=N61, plies_max=N61, plies_hist=[[N61, 1]]))
edit("index-2-40", sets(plies_sum=2**40, plies_max=2**40, plies_hist=[[2**40, 1]]))
# one text edit each (name, what, into): numbers out of range or not whole,
# keys twice or missing, text that would reach a terminal, players and
# options that sow selfplay does not write
for name, old, new in [
    ("index-2-63", '"plies_hist":[[34,1]]', '"plies_hist":[[9223372036854775808,1]]'),
    ("games-negative", '"games":1,', '"games":-1,'),
    ("seed-negative", '"seed":"1",', '"seed":-5,'),
    ("hist-negative", '[[34,1]]', '[[-34,1]]'),
    ("plies-sum-1e308", '"plies_sum":34,', '"plies_sum":1e308,'),
    ("games-fraction", '"games":1,', '"games":1.0,'),
    ("games-exponent", '"games":1,', '"games":1e0,'),
    ("seed-2-64", '"seed":"1",', '"seed":18446744073709551616,'),
    ("seed-400-digits", '"seed":"1",', '"seed":' + "9" * 400 + ","),
    ("seed-string-2-64", '"seed":"1",', '"seed":"18446744073709551616",'),
    ("seed-string-word", '"seed":"1",', '"seed":"one",'),
    ("sow-version-word", '"sow_version":"0.9.0"', '"sow_version":"latest"'),
    ("interrupted", '"interrupted":false', '"interrupted":true'),
    ("games-leading-zero", '"games":1,', '"games":01,'),
    ("version-1", '"version":2,', '"version":1,'),
    ("count-huge", '[[34,1]]', '[[34,10000000001]]'),
    ("key-twice", '"games":1,', '"games":1,"games":99,'),
    ("top-key-twice", '"seed":"1",', '"seed":"1","seed":2,'),
    ("no-totals", ',"totals":', ',"total":'),
    ("option-twice", '"endless":"repetition",', '"endless":"repetition","endless":"cycle",'),
    ("variant-escape", '"variant":"adji-kui-1"', '"variant":"\\u001b[2Jadji"'),
    ("variant-c1", '"variant":"adji-kui-1"', '"variant":"\\u009b2J"'),
    ("variant-nul", '"variant":"adji-kui-1"', '"variant":"adji-kui-1\\u0000evil"'),
    ("variant-surrogate", '"variant":"adji-kui-1"', '"variant":"adji\\ud800"'),
    ("variant-not-id", '"variant":"adji-kui-1"', '"variant":"Adji Kui"'),
    ("option-newline", '"skip_origin":"false"', '"skip_origin":"fal\\nse"'),
    ("option-name", '"skip_origin":"false"', '"Skip Origin":"false"'),
    ("player-depth", '"players":["random","random"]', '"players":["alphabeta:depth=999","random"]'),
    ("player-one", '"players":["random","random"]', '"players":["random"]'),
    ("player-unwritten", '"players":["random","random"]', '"players":["mcts:c=1.4","random"]'),
    ("format-nul", '"format":"sow-selfplay"', '"format":"sow-selfplay\\u0000x"'),
]:
    raw(name, old, new)
edit("index-over-ceiling", sets(plies_sum=1000001, plies_max=1000001, plies_hist=[[1000001, 1]]))
edit("match-index-over-ceiling", sets(plies_hist=[[106, 1], [162, 1], [10**11 + 1, 1]]),
     base="three-matches.json")
# sums: the plies of the histogram overflow 2^63 (10^10 matches of 10^11
# plies), and two shards whose plies_sum add up past 2^63
def overflow(d, t):
    d["games_requested"] = 10**10
    zero(t, games=10**10, unfinished=10**10, plies_sum=9 * 10**18, plies_max=10**11,
         plies_hist=[[10**11, 10**10]], match_games_sum=10**15)
edit("plies-overflow", overflow, base="three-matches.json")
def half(i):
    def fn(d, t):
        d["games_requested"] = 10**8
        d["shards"] = {"count": 2, "done": [i]}
        zero(t, games=5 * 10**7, unfinished=5 * 10**7, plies_sum=5 * 10**18,
             plies_max=10**11, plies_hist=[[10**11, 5 * 10**7]],
             match_games_sum=5 * 10**12)
    return fn
edit("half-0", half(0), base="three-matches.json")
edit("half-1", half(1), base="three-matches.json")
# totals that disagree
edit("games-over-run", sets(games=2, north_wins=2, first_mover_known=2, first_mover_south=2,
                            plies_sum=68, plies_hist=[[34, 2]], match_games_sum=2,
                            captured_sum=90, capture_moves_sum=22))
edit("hist-games", sets(plies_hist=[[34, 2]], plies_sum=68))
edit("plies-max-low", sets(plies_max=33))
edit("plies-max-high", sets(plies_max=35))
edit("plies-sum", sets(plies_sum=35))
edit("hist-twice", sets(plies_hist=[[34, 1], [34, 1]]))
edit("hist-descending", sets(plies_hist=[[35, 1], [34, 1]]))
edit("hist-zero-games", sets(plies_hist=[[34, 0]]))
edit("hist-one-number", sets(plies_hist=[[34]]))
edit("hist-three-numbers", sets(plies_hist=[[34, 1, 1]]))
edit("results", sets(south_wins=1))
edit("first-wins", sets(north_wins=0, draws=1, first_mover_wins=1))
edit("captured-huge", sets(captured_sum=N61))
edit("endless-huge", sets(endless_excluded_sum=N61))
edit("capture-moves", sets(capture_moves_sum=35))
edit("match-games-zero", sets(match_games_sum=0))
edit("match-games-huge", sets(match_games_sum=300001), base="three-matches.json")
edit("match-plies-sum", sets(plies_hist=[[106, 1], [162, 1], [6000000, 1]],
                             plies_sum=6000268, plies_max=6000000), base="three-matches.json")
edit("shards-hold-fewer", top(shards={"count": 3, "done": [0, 2]}, games_requested=40))
edit("games-requested-zero", top(games_requested=0))
edit("shard-holds-fewer", top(shards={"count": 3, "done": [1]}, games_requested=40))
# fields unknown, too many options
edit("unknown-top", top(extra=1))
edit("unknown-total", sets(bonus=1))
edit("options-17", top(options={f"o{i}": "1" for i in range(17)}))
# a byte that is not UTF-8
save("variant-not-utf8", text(load("one-game.json")).encode().replace(b'"adji-kui-1"', b'"adji\xff"'))
# syntax
save("nul-after", text(load("one-game.json")).encode() + b"\0")
save("garbage-after", text(load("one-game.json")) + "x")
save("nesting-summary", text(load("one-game.json"))[:-1] .replace('"summary":{', '"summary":{"x":' + "[" * 100000 + "]" * 100000 + ",", 1) + "}")
save("nesting-top", "[" * 1000000)
# shards
edit("shard-count-zero", top(shards={"count": 0, "done": [0]}))
edit("shard-done-empty", top(shards={"count": 1, "done": []}))
edit("shard-done-order", top(shards={"count": 3, "done": [1, 0]}))
edit("shard-done-over", top(shards={"count": 3, "done": [3]}))
edit("shard-count-huge", top(shards={"count": 10**9 + 1, "done": [0]}))
# shard lists that a pairwise merge took minutes over: 0 games each
def many(first):
    def fn(d, t):
        d["shards"] = {"count": 10**9, "done": list(range(first, first + 150000))}
        zero(t)
    return fn
edit("many-a", many(1))
edit("many-b", many(150001))
# sizes: 24 MB, one byte over 16 MiB, 16 MiB exactly (read: padded with
# spaces; refused for the next file), and a 15 MB list skipped in little
# memory
one = text(load("one-game.json"))
save("array-24mb", one[:-1] + ',"x":[' + "0," * 12000000 + "0]}")
save("over-limit", one + " " * (16 * 2**20 + 1 - len(one)))
save("at-limit", one + " " * (16 * 2**20 - len(one)))
save("array-15mb", one[:-1] + ',"x":[' + "0," * 7500000 + "0]}")
PY
ln -sf /dev/zero "$S/link-to-dev-zero.json"

# st NAME REST: `sow stats S/NAME.json` exits 1, first line S/NAME.json REST
st() {
    t "stats-$1" 1 "err=$S/$1.json$2" lines=0 -- sow stats "$S/$1.json"
}
H='is this the --json output of sow selfplay?'
C='was the file changed?'
st repro ":1:471: field \"plies_max\" is 2305843009213693951; it must be from 0 to 100000000000; $H"
st index-2-40 ":1:465: field \"plies_max\" is 1099511627776; it must be from 0 to 100000000000; $H"
st index-2-63 ":1:472: the plies of entry 1 of \"plies_hist\" is 9223372036854775808; it must be from 0 to 100000000000; $H"
st index-over-ceiling ":1:480: entry 1 of \"plies_hist\" is for games of 1000001 plies; a game has at most 1000000 (the max_plies ceiling); $H"
st match-index-over-ceiling ":1:593: the plies of entry 3 of \"plies_hist\" is 100000000001; it must be from 0 to 100000000000; $H"
st games-negative ":1:305: field \"games\" is -1; it must be from 0 to 10000000000; $H"
st seed-negative ":1:197: field \"seed\" is -5; it must be from 0 to 18446744073709551615; $H"
st hist-negative ":1:472: the plies of entry 1 of \"plies_hist\" is -34; it must be from 0 to 100000000000; $H"
st plies-sum-1e308 ":1:439: field \"plies_sum\" is 1e308, not a whole number written in digits; $H"
st games-fraction ":1:305: field \"games\" is 1.0, not a whole number written in digits; $H"
st games-exponent ":1:305: field \"games\" is 1e0, not a whole number written in digits; $H"
st seed-2-64 ":1:197: field \"seed\" is 18446744073709551616; it must be from 0 to 18446744073709551615; $H"
st seed-400-digits ":1:197: field \"seed\" is 999999999999999999999...; it must be from 0 to 18446744073709551615; $H"
st games-leading-zero ":1:306: a number with a leading zero (write it without); $H"
st version-1 ":1:36: version 1 of the summary format; this sow reads version 2"
st seed-string-2-64 ":1:197: field \"seed\" is \"18446744073709551616\", not a whole number from 0 to 18446744073709551615 in digits; $H"
st seed-string-word ":1:197: field \"seed\" is \"one\", not a whole number from 0 to 18446744073709551615 in digits; $H"
st sow-version-word ":1:52: field \"sow_version\" is \"latest\", not a version of sow such as \"0.9.0\"; $H"
st interrupted ":1:249: this summary is of an interrupted run (1 games played before it was stopped); sow stats merges whole runs and shards only: play it again"
st count-huge ":1:475: the games of entry 1 of \"plies_hist\" is 10000000001; it must be from 1 to 10000000000; $H"
st plies-overflow ":1:572: the totals do not add up: plies_sum is 9000000000000000000, but the games of \"plies_hist\" have more than 9223372036854775807 plies; $C"
t stats-merge-overflow 1 "err=$S/half-1.json: the totals are too large to add up (over 2^63 - 1); merge fewer shards" lines=0 -- sow stats "$S/half-0.json" "$S/half-1.json"
st games-over-run ":1:305: the totals do not add up: games is 2, but shard 0/1 of a run with --games 1 holds 1; $C"
st hist-games ":1:470: the totals do not add up: the games of \"plies_hist\" add up to 2, not games (1); $C"
st plies-max-low ":1:454: the totals do not add up: plies_max is 33, but the longest game of \"plies_hist\" has 34 plies; $C"
st plies-max-high ":1:454: the totals do not add up: plies_max is 35, but the longest game of \"plies_hist\" has 34 plies; $C"
st plies-sum ":1:439: the totals do not add up: plies_sum is 35, but the games of \"plies_hist\" have 34 plies; $C"
st hist-twice ":1:478: entry 2 of \"plies_hist\" is for 34 plies, after 34: the lengths are ascending, each once; $H"
st hist-descending ":1:478: entry 2 of \"plies_hist\" is for 34 plies, after 35: the lengths are ascending, each once; $H"
st hist-zero-games ":1:475: the games of entry 1 of \"plies_hist\" is 0; it must be from 1 to 10000000000; $H"
st hist-one-number ":1:471: entry 1 of \"plies_hist\" is not a [plies, games] pair; $H"
st hist-three-numbers ":1:471: entry 1 of \"plies_hist\" is not a [plies, games] pair; $H"
st results ":1:305: the totals do not add up: south_wins + north_wins + draws + unfinished is 2, not games (1); $C"
st first-wins ":1:425: the totals do not add up: first_mover_wins (1) is more than first_mover_known (1) or the games won (0); $C"
st captured-huge ":1:494: the totals do not add up: captured_sum (2305843009213693951) is more than match_games_sum (1) games of at most 4194240 seeds each can capture; $C"
st endless-huge ":1:543: the totals do not add up: endless_excluded_sum (2305843009213693951) is more than 64 moves left out before each of plies_sum (34) plies; $C"
st capture-moves ":1:517: the totals do not add up: capture_moves_sum (35) is more than plies_sum (34), but a capturing move is a ply; $C"
st match-games-zero ":1:563: the totals do not add up: match_games_sum is 0, not games (1): a run of single games plays one game each; $C"
st match-games-huge ":1:686: the totals do not add up: match_games_sum is 300001, but 3 matches play from 3 to 300000 games; $C"
st match-plies-sum ":1:542: the totals do not add up: plies_sum is 6000268, more than match_games_sum (6) games of at most 1000000 plies each can play; $C"
st shards-hold-fewer ":1:308: the totals do not add up: games is 1, but the 2 shards listed (of 3) of a run with --games 40 hold 27; $C"
st games-requested-zero ":1:219: field \"games_requested\" is 0; it must be from 1 to 10000000000; $H"
st shard-holds-fewer ":1:306: the totals do not add up: games is 1, but shard 1/3 of a run with --games 40 holds 13; $C"
st key-twice ":1:307: field \"games\" is given twice (first at line 1, column 305); keep one"
st top-key-twice ":1:201: field \"seed\" is given twice (first at line 1, column 197); keep one"
st unknown-top ":1:1086: unknown field \"extra\" in the summary; the fields are: format, version, sow_version, variant, options, players, seed, games_requested, unit, interrupted, shards, totals, summary"
st unknown-total ":1:565: unknown field \"bonus\" in field \"totals\"; the fields are: games, south_wins, north_wins, draws, unfinished, first_mover_known, first_mover_south, first_mover_wins, plies_sum, plies_max, plies_hist, captured_sum, capture_moves_sum, endless_excluded_sum, match_games_sum"
st no-totals ":1:1: field \"totals\" is missing, expected an object; $H"
st option-twice ":1:117: option \"endless\" is given twice; keep one"
st options-17 ":1:244: more than 16 options; a variant has at most 16; $H"
st variant-escape ":1:70: field \"variant\" holds a control character or a byte that is not UTF-8; $H"
st variant-c1 ":1:70: field \"variant\" holds a control character or a byte that is not UTF-8; $H"
st variant-nul ":1:81: a NUL character (\\u0000) in a string; $H"
st variant-surrogate ":1:75: a lone surrogate escape (\\uD800) in a string; $H"
st variant-not-utf8 ":1:75: a byte that is not UTF-8 (0xFF) in a string; $H"
st variant-not-id ":1:70: field \"variant\" is \"Adji Kui\", not a variant id (lower-case letters, digits and dashes); $H"
st option-newline ":1:131: option skip_origin holds a control character or a byte that is not UTF-8; $H"
st option-name ":1:117: \"Skip Origin\" is not an option name (lower-case letters, digits and _); $H"
st player-depth ":1:171: player 'alphabeta:depth=999': depth takes a whole number from 1 to 64, not '999'; $H"
st player-one ":1:170: field \"players\" lists 1 player, expected two; $H"
st player-unwritten ":1:171: player \"mcts:c=1.4\" is not written as sow selfplay writes it (\"mcts:iter=1000\"); $H"
st nul-after ":1:1086: more text after the JSON value; $H"
st garbage-after ":1:1086: more text after the JSON value; $H"
st nesting-summary ":1:611: nested deeper than 32 levels; $H"
st nesting-top ":1:33: nested deeper than 32 levels; $H"
st format-nul ":1:24: a NUL character (\\u0000) in a string; $H"
st shard-count-zero ":1:273: field \"count\" is 0; it must be from 1 to 1000000000; $H"
st shard-done-empty ":1:282: field \"done\" is empty; it lists the shards whose games are counted; $H"
st shard-done-order ":1:285: shard 0 in \"done\" comes after 1: the list is ascending, each shard once; $H"
st shard-done-over ":1:282: shard 3 in \"done\" is not below the count of shards, 3; $H"
st shard-count-huge ":1:273: field \"count\" is 1000000001; it must be from 1 to 1000000000; $H"
t stats-many-shards 1 "err=$S/many-a.json: shard 1/1000000000 is given twice: each shard's games may be counted once" lines=0 -- sow stats "$S/many-a.json" "$S/many-b.json" "$S/many-a.json"
st array-24mb ": is larger than a sow selfplay --json summary may be: at most 16777216 bytes"
st over-limit ": is larger than a sow selfplay --json summary may be: at most 16777216 bytes"
t stats-at-then-over-limit 1 "err=$S/over-limit.json: is larger than a sow selfplay --json summary may be: at most 16777216 bytes" lines=0 -- sow stats "$S/at-limit.json" "$S/over-limit.json"
st array-15mb ":1:1086: unknown field \"x\" in the summary; the fields are: format, version, sow_version, variant, options, players, seed, games_requested, unit, interrupted, shards, totals, summary"
# not regular files: refused without a read (a FIFO without a writer would
# block an open for reading; /dev/zero never ends)
t stats-dev-zero 1 "err=/dev/zero: is a device; give the path of a sow selfplay --json summary (only regular files are read)" lines=0 -- sow stats /dev/zero
t stats-link-dev-zero 1 "err=$S/link-to-dev-zero.json: is a device; give the path of a sow selfplay --json summary (only regular files are read)" lines=0 -- sow stats "$S/link-to-dev-zero.json"
t stats-directory 1 "err=$S: is a directory; give the path of a sow selfplay --json summary" lines=0 -- sow stats "$S"
if mkfifo "$S/fifo.json" 2>/dev/null; then
    t stats-fifo 1 "err=$S/fifo.json: is a FIFO; give the path of a sow selfplay --json summary (only regular files are read)" lines=0 -- sow stats "$S/fifo.json"
    # after a good shard too: nothing is printed for the first
    t stats-fifo-second 1 "err=$S/fifo.json: is a FIFO; give the path of a sow selfplay --json summary (only regular files are read)" lines=0 -- sow stats tests/hostile/stats/one-game.json "$S/fifo.json"
fi
