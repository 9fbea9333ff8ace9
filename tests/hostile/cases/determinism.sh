# shellcheck shell=bash
# tests/hostile/cases/determinism.sh - issue 13 #10: rules are
# deterministic, so every recorded game replays. math.random and
# math.randomseed are not in the sandbox; a script that calls them is
# refused with the reason. Sourced by tests/hostile/run.sh.
lv random_in_hook "2" "$L/random_in_hook.lua:3: attempt to call a nil value (field 'random'); math.random is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-random-in-hook, hook lap_end)"
lv randomseed_top "2" "$L/randomseed_top.lua:2: attempt to call a nil value (field 'randomseed'); math.randomseed is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-randomseed-top, while running the script)"
t det-random-validate 1 "err~$L/randomseed_top.lua:2: attempt to call a nil value (field 'randomseed'); math.randomseed is not available" -- sow validate "$L/randomseed_top.yaml"
# every game of a selfplay record replays move for move, to the same
# result, for each shipped variant with a script (hooks at work)
for v in adji-kui-1 adji-kui-2 andada; do
    cli_cases=$((cli_cases + 1))
    j=$cli_tmp/det-$v.jsonl
    if ! timeout 20 "$SOW" selfplay "$v" --games 6 --seed 11 --jsonl "$j" >/dev/null 2>"$cli_tmp/det.err"; then
        echo "FAIL det-replay-$v: selfplay failed: $(head -n 1 "$cli_tmp/det.err")"
        cli_failed=$((cli_failed + 1))
        continue
    fi
    if ! /usr/bin/python3 - "$SOW" "$v" "$j" <<'PY'
import json, subprocess, sys
sow, variant, path = sys.argv[1:4]
games = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
assert games, "no games recorded"
for g in games:
    # the moves are the record's tokens; joined with spaces they replay
    moves = " ".join(str(m) for m in g["moves"])
    out = subprocess.run([sow, "replay", variant, "--moves", moves, "--json"],
                         capture_output=True, text=True, timeout=20)
    assert out.returncode == 0, (g["game"], out.stderr.splitlines()[:1])
    lines = [json.loads(l) for l in out.stdout.splitlines()]
    plies = [l for l in lines if "ply" in l]
    res = [l["result"] for l in lines if "result" in l][-1]
    assert res["winner"] == g["result"]["winner"], (g["game"], res, g["result"])
    assert res["reason"] == g["result"]["reason"], (g["game"], res, g["result"])
    if plies and "match_result" not in lines[-1]:
        assert plies[-1]["captured"] == g["captured"], (g["game"], plies[-1], g)
PY
    then
        echo "FAIL det-replay-$v: a recorded game does not replay"
        cli_failed=$((cli_failed + 1))
    fi
done
