#!/bin/bash
# The command line of sow, table-driven: every case runs one command (with
# `timeout 2`: a case that takes longer fails) and checks its exit status,
# the first line of stderr and/or stdout. See tests/cli/lib.sh for the
# form of a case.
#
#   SOW=build/sow bash tests/cli/run.sh       (from the repository root;
#                                             `make check` runs it)
#
# Prints one line per failing case and `cli: N cases, M failed`; exits 1 if
# any failed. The broken variant files are in tests/cli/bad/ (the base they
# differ from is tests/cli/bad/good.yaml), the misbehaving hooks in
# tests/cli/hooks/. tests/cli/install.sh (make install into a temporary
# DESTDIR) is run from here too.
set -u
export LC_ALL=C
unset SOW_VARIANTS
here=$(cd "$(dirname "$0")" && pwd)
cli_root=$(cd "$here/../.." && pwd)
SOW=${SOW:-build/sow}
case $SOW in /*) ;; *) SOW="$cli_root/$SOW" ;; esac
if [ ! -x "$SOW" ]; then
    echo "cli: no sow binary at $SOW (build it, or set SOW)" >&2
    exit 2
fi
PYTHON=${PYTHON:-/usr/bin/python3}
# shellcheck source=tests/cli/lib.sh
. "$here/lib.sh"
cd "$cli_root" || exit 2

V=adji-kui-1
PLY0='{"ply":0,"to_move":0,"legal":[0,1,2,3,4,5],"move":2,"board":[4,4,0,5,5,5,5,4,4,4,4,4],"captured":[0,0]}'
PLY1='{"ply":1,"to_move":1,"legal":[6,7,8,9,10,11],"move":8,"board":[5,4,0,5,5,5,5,4,0,5,5,5],"captured":[0,0]}'
ALLOWED_ENDLESS='use repetition, no_capture_plies:K'
# A finished game (43 plies, "neither player can move", North 27-21), made
# by the independent reference with a random player.
GAME1=$("$PYTHON" tests/ref/adji_kui_1.py random --seed 1) || {
    echo "cli: tests/ref/adji_kui_1.py random --seed 1 failed" >&2
    exit 2
}
GAME1_RESULT='{"result":{"winner":1,"score":[21,27],"reason":"neither player can move","unfinished":false}}'

# ---- sow itself ----------------------------------------------------------
t no-args 2 'err=usage: sow COMMAND [ARGS]' lines=0 -- sow
t help 0 'out=usage: sow COMMAND [ARGS]' noerr 'out~  replay' 'out~  bench' -- sow --help
t help-h 0 'out=usage: sow COMMAND [ARGS]' noerr -- sow -h
t help-word 0 'out=usage: sow COMMAND [ARGS]' noerr -- sow help
t unknown-command 2 "err=sow: unknown command 'bogus'; the commands are: list show validate play replay bench (see 'sow --help')" lines=0 -- sow bogus
t unknown-top-flag 2 "err~sow: unknown command '--bogus'" lines=0 -- sow --bogus

# ---- every subcommand: --help, unknown flags, missing arguments ----------
for c in list show validate play replay bench; do
    t "$c-help" 0 "out~usage: sow $c" noerr -- sow "$c" --help
    t "$c-help-h" 0 "out~usage: sow $c" noerr -- sow "$c" -h
done
t help-after-args 0 'out~usage: sow replay' noerr -- sow replay $V --moves 2 --help

t list-unknown-flag 2 "err=sow list: unexpected argument '--bogus' (see 'sow list --help')" -- sow list --bogus
t list-extra-arg 2 "err=sow list: unexpected argument 'x' (see 'sow list --help')" -- sow list x
t show-unknown-flag 2 "err=sow show: unknown flag '--bogus' (see 'sow show --help')" -- sow show $V --bogus
t validate-unknown-flag 2 "err=sow validate: unknown flag '--bogus' (see 'sow validate --help')" -- sow validate --bogus variants/adji_kui_1.yaml
t play-unknown-flag 2 "err=sow play: unknown flag '--bogus' (see 'sow play --help')" lines=0 -- sow play $V --bogus
t replay-unknown-flag 2 "err=sow replay: unknown flag '--bogus' (see 'sow replay --help')" lines=0 -- sow replay $V --moves 2 --bogus
t bench-unknown-flag 2 "err=sow bench: unknown flag '--bogus' (see 'sow bench --help')" lines=0 -- sow bench $V --bogus

t show-no-variant 2 "err=sow show: which variant? e.g. sow show adji-kui-1 (see 'sow show --help')" -- sow show
t validate-no-files 2 "err=sow validate: which files? e.g. sow validate variants/*.yaml (see 'sow validate --help')" -- sow validate
t play-no-variant 2 "err=sow play: which variant? e.g. sow play adji-kui-1 (see 'sow play --help')" -- sow play
t replay-no-variant 2 "err=sow replay: which variant? (see 'sow replay --help')" -- sow replay --moves 2
t replay-no-moves 2 "err=sow replay: --moves \"TOKENS\" is required (see 'sow replay --help')" -- sow replay $V
t replay-moves-no-value 2 "err=sow replay: --moves needs a value (see 'sow replay --help')" -- sow replay $V --moves
t bench-no-variant 2 "err=sow bench: which variant? (see 'sow bench --help')" -- sow bench
t show-two-variants 2 "err=sow show: one variant at a time (see 'sow show --help')" -- sow show $V $V
t replay-two-variants 2 "err=sow replay: one variant at a time ('adji-kui-1' and 'x') (see 'sow replay --help')" -- sow replay $V x --moves 2
t bench-two-variants 2 "err=sow bench: one variant at a time (see 'sow bench --help')" -- sow bench $V $V
t play-two-variants 2 "err=sow play: one variant at a time (see 'sow play --help')" -- sow play $V $V
t option-no-value 2 "err=sow replay: --option needs a value (see 'sow replay --help')" -- sow replay $V --moves 2 --option
t bench-seconds-no-value 2 "err=sow bench: --seconds needs a value (see 'sow bench --help')" -- sow bench $V --seconds
t bench-seconds-word 2 "err=sow bench: --seconds takes a number above 0 and at most 3600, not 'abc' (see 'sow bench --help')" -- sow bench $V --seconds abc
# (the message says "from 0" but 0 is refused: see the report; only the
# status and the naming of flag and value are checked here)
t bench-seconds-zero 2 "err~sow bench: --seconds" "err~'0'" -- sow bench $V --seconds 0
t bench-seconds-huge 2 "err=sow bench: --seconds takes a number above 0 and at most 3600, not '4000' (see 'sow bench --help')" -- sow bench $V --seconds 4000
t bench-seed-word 2 "err=sow bench: --seed takes a whole number, not 'x' (see 'sow bench --help')" -- sow bench $V --seed x
# like `play --seed -1`: a negative seed is not a whole number
t bench-seed-negative 2 "err=sow bench: --seed takes a whole number, not '-1' (see 'sow bench --help')" lines=0 -- sow bench $V --seed -1 --seconds 0.01
t play-who-bad 2 "err=sow play: --south takes human, computer or random, not 'bogus' (see 'sow play --help')" -- sow play $V --south bogus
t play-north-bad 2 "err=sow play: --north takes human, computer or random, not 'me' (see 'sow play --help')" -- sow play $V --north me
t play-seed-bad 2 "err=sow play: --seed takes a whole number, not 'x' (see 'sow play --help')" -- sow play $V --seed x
t play-seed-negative 2 "err=sow play: --seed takes a whole number, not '-1' (see 'sow play --help')" -- sow play $V --seed -1
t play-delay-bad 2 "err=sow play: --delay takes a whole number of milliseconds (0 to 60000), not '70000' (see 'sow play --help')" -- sow play $V --delay 70000

# ---- finding variants ----------------------------------------------------
NOVAR="no variant 'nope'; 'sow list' shows the variants found, or give the path of a .yaml file"
t unknown-variant-replay 1 "err=sow replay: $NOVAR" lines=0 -- sow replay nope --moves 2
t unknown-variant-show 1 "err=sow show: $NOVAR" lines=0 -- sow show nope
t unknown-variant-play 1 "err=sow play: $NOVAR" lines=0 -- sow play nope
t unknown-variant-bench 1 "err=sow bench: $NOVAR" lines=0 -- sow bench nope
t variant-by-path 0 "out=$PLY0" lines=1 noerr -- sow replay variants/adji_kui_1.yaml --moves 2 --json
t variant-by-abs-path 0 'out=Adji Kui I (adji-kui-1)' noerr -- sow show "$cli_root/variants/adji_kui_1.yaml"
t variant-path-missing 1 'err=nowhere/none.yaml: cannot open: No such file or directory' lines=0 -- sow replay nowhere/none.yaml --moves 2
t variant-path-broken 1 'err=tests/cli/bad/holes_zero.yaml:6:10: holes is 0; it must be from 1 to 32' lines=0 -- sow replay tests/cli/bad/holes_zero.yaml --moves 2
t variant-from-env-dir 0 "out=$PLY0" noerr -- env SOW_VARIANTS=tests/cli/bad sow replay test-good --moves 2 --json
t variant-env-dir-missing 0 "out=$PLY0" noerr -- env SOW_VARIANTS=/nonexistent/dir sow replay $V --moves 2 --json
t list 0 'outre=^adji-kui-1 +Adji Kui I +Afro-Cuban 2x6' noerr -- sow list
t list-env-dir 0 'outre=^adji-kui-1 ' 'outre=^test-good +Test good +A valid test variant\.$' out!~test-bomb noerr -- env SOW_VARIANTS=tests/cli/bad sow list

# ---- --option: unknown name, bad value, missing '=' ----------------------
t option-unknown 1 "err=sow replay: variant adji-kui-1 has no option 'foo'; its options: endless, skip_origin, max_plies" lines=0 -- sow replay $V --moves 2 --option foo=1
t option-unknown-case 1 "err=sow replay: variant adji-kui-1 has no option 'ENDLESS'; its options: endless, skip_origin, max_plies" -- sow replay $V --moves 2 --option ENDLESS=repetition
t option-enum-bad 1 "err=sow replay: option endless: 'xx' is not a value it takes; $ALLOWED_ENDLESS" lines=0 -- sow replay $V --moves 2 --option endless=xx
t option-enum-no-k 1 "err=sow replay: option endless: 'no_capture_plies' is not a value it takes; $ALLOWED_ENDLESS" -- sow replay $V --moves 2 --option endless=no_capture_plies
t option-enum-k-zero 1 "err=sow replay: option endless: 'no_capture_plies:0' needs a whole number K from 1 to 1000000 after 'no_capture_plies:'" -- sow replay $V --moves 2 --option endless=no_capture_plies:0
t option-enum-k-word 1 "err=sow replay: option endless: 'no_capture_plies:x' needs a whole number K from 1 to 1000000 after 'no_capture_plies:'" -- sow replay $V --moves 2 --option endless=no_capture_plies:x
t option-bool-yes 1 "err=sow replay: option skip_origin: 'yes' is not a value it takes; use true, false" -- sow replay $V --moves 2 --option skip_origin=yes
t option-int-zero 1 "err=sow replay: option max_plies: '0' is not a value it takes; use an integer from 1 to 1000000" -- sow replay $V --moves 2 --option max_plies=0
t option-int-hex 1 "err=sow replay: option max_plies: '0x10' is not a value it takes; use an integer from 1 to 1000000" -- sow replay $V --moves 2 --option max_plies=0x10
t option-int-big 1 "err=sow replay: option max_plies: '1000001' is not a value it takes; use an integer from 1 to 1000000" -- sow replay $V --moves 2 --option max_plies=1000001
t option-equals-form 1 "err=sow replay: option endless: 'xx' is not a value it takes; $ALLOWED_ENDLESS" -- sow replay $V --moves 2 --option=endless=xx
t option-short-form 1 "err=sow show: option max_plies: 'abc' is not a value it takes; use an integer from 1 to 1000000" -- sow show $V -o max_plies=abc
# Missing '=': the line must name the option and the values it takes.
t option-missing-eq 1 'err~endless' "err~repetition, no_capture_plies:K" lines=0 -- sow replay $V --moves 2 --option endless
t option-empty-name 1 "err=sow replay: --option '=5': write it as NAME=VALUE" -- sow replay $V --moves 2 --option =5
t option-on-show 0 'out~  max_plies = 50   (default 10000; 1 to 1000000)' 'out~  endless = no_capture_plies:7   (default repetition; repetition, no_capture_plies:K)' -- sow show $V --option max_plies=50 --option endless=no_capture_plies:7
t option-last-wins 0 "out=$PLY0" 'last={"result":{"winner":null,"score":[24,24],"reason":"max_plies reached","unfinished":true}}' lines=3 -- sow replay $V --moves "2 8" --option max_plies=5 --option max_plies=2 --json
t option-on-bench 0 'outre=mean_plies=5\.0 unfinished=[1-9]' -- sow bench $V --seconds 0.05 --option max_plies=5
t option-on-play 0 'out~game over after 3 plies: max_plies reached' -- sow play $V --south random --north random --seed 1 --option max_plies=3

# ---- replay ----------------------------------------------------------------
t replay-json 0 "out=$PLY0" "last=$PLY1" lines=2 noerr -- sow replay $V --moves "2 8" --json
t replay-commas 0 "out=$PLY0" "last=$PLY1" lines=2 -- sow replay $V --moves "2,8" --json
t replay-moves-eq 0 "out=$PLY0" lines=1 -- sow replay $V --moves=2 --json
t replay-text 0 'out=start, South to move' 'out~ply 0: South plays c (hole 2)' 'out~ply 1: North plays C (hole 8)' noerr -- sow replay $V --moves "2 8"
# P13: a move list that stops before the end: ply lines only, exit 0
t replay-p13 0 "out=$PLY0" lines=3 out!~result noerr -- sow replay $V --moves "2 8 1" --json
t replay-p13-empty 0 lines=0 noerr -- sow replay $V --moves "" --json
t replay-full-game 0 "last=$GAME1_RESULT" lines=44 noerr -- sow replay $V --moves "$GAME1" --json
t replay-full-game-text 0 'out~game over: neither player can move; 21-27, North wins' noerr -- sow replay $V --moves "$GAME1"
# an illegal move: which ply, which token, the legal moves; the lines before
t replay-illegal 1 'err=sow replay: ply 1: move 0 is not legal for North; the legal moves are: 6 7 8 9 10 11' "out=$PLY0" lines=1 -- sow replay $V --moves "2 0" --json
t replay-illegal-empty-hole 1 'err=sow replay: ply 2: move 2 is not legal for South; the legal moves are: 0 1 3 4 5' "last=$PLY1" lines=2 -- sow replay $V --moves "2 8 2" --json
t replay-illegal-text 1 'err=sow replay: ply 1: move 0 is not legal for North; the legal moves are: 6 7 8 9 10 11' 'out~ply 0: South plays c (hole 2)' -- sow replay $V --moves "2 0"
t replay-token-word 1 "err=sow replay: ply 1: move 'x' is not a hole number (0 to 11); the legal moves are: 6 7 8 9 10 11" "out=$PLY0" lines=1 -- sow replay $V --moves "2 x" --json
t replay-token-negative 1 "err=sow replay: ply 1: move '-1' is not a hole number (0 to 11); the legal moves are: 6 7 8 9 10 11" lines=1 -- sow replay $V --moves "2 -1" --json
t replay-token-99 1 'err=sow replay: ply 1: move 99: there is no such hole; holes are 0 to 11; the legal moves are: 6 7 8 9 10 11' lines=1 -- sow replay $V --moves "2 99" --json
t replay-token-huge 1 "err=sow replay: ply 0: move '99999999999999999999' is not a hole number (0 to 11); the legal moves are: 0 1 2 3 4 5" lines=0 -- sow replay $V --moves 99999999999999999999 --json
t replay-token-decision 1 "err=sow replay: ply 0: move 'buy:2' is not a hole number (0 to 11); variant adji-kui-1 has no decision moves; the legal moves are: 0 1 2 3 4 5" lines=0 -- sow replay $V --moves buy:2 --json
t replay-token-float 1 "err=sow replay: ply 0: move '2.0' is not a hole number (0 to 11); the legal moves are: 0 1 2 3 4 5" lines=0 -- sow replay $V --moves 2.0 --json
t replay-after-end 1 "err=sow replay: token 44 ('3'): the game is already over after ply 43; nothing may follow" "last=$GAME1_RESULT" lines=44 -- sow replay $V --moves "$GAME1 3" --json
t replay-after-max-plies 1 "err=sow replay: token 2 ('8'): the game is already over after ply 1; nothing may follow" "out=$PLY0" 'last={"result":{"winner":null,"score":[23,25],"reason":"max_plies reached","unfinished":true}}' lines=2 -- sow replay $V --moves "2 8" --option max_plies=1 --json

# ---- validate --------------------------------------------------------------
t validate-shipped 0 'out=variants/adji_kui_1.yaml: ok (adji-kui-1)' noerr -- sow validate variants/adji_kui_1.yaml
shipped=(variants/*.yaml)
t validate-shipped-all 0 "lines=${#shipped[@]}" out!~error noerr -- sow validate "${shipped[@]}"
t validate-good 0 'out=tests/cli/bad/good.yaml: ok (test-good)' noerr -- sow validate tests/cli/bad/good.yaml
t validate-missing 1 'err=nowhere.yaml: cannot open: No such file or directory' -- sow validate nowhere.yaml
t validate-empty-file 1 'err=/dev/null:1:1: the file is empty; a variant needs id, name, summary, board, sowing and script' -- sow validate /dev/null
t validate-good-and-bad 1 'out=tests/cli/bad/good.yaml: ok (test-good)' 'err=tests/cli/bad/holes_zero.yaml:6:10: holes is 0; it must be from 1 to 32' -- sow validate tests/cli/bad/good.yaml tests/cli/bad/holes_zero.yaml

# The broken files: NAME and the exact first line of stderr.
B=tests/cli/bad
bad() {
    t "bad-$1" 1 "err=$2" lines=0 -- sow validate "$B/$1.yaml"
}
bad yaml_syntax "$B/yaml_syntax.yaml:8:7: YAML syntax error: did not find expected ',' or ']' while parsing a flow sequence (line 7)"
bad tab_indent "$B/tab_indent.yaml:7:1: YAML syntax error: found a tab character that violates indentation while scanning a plain scalar (line 6)"
bad two_docs "$B/two_docs.yaml:14:1: a second YAML document; a variant file holds exactly one"
bad duplicate_key "$B/duplicate_key.yaml:8:3: duplicate key 'holes' (first at line 6); keep one"
bad unknown_key "$B/unknown_key.yaml:8:3: unknown key 'pits' in board; the keys are: rows, holes, seeds, layout, stores"
bad hook_unknown_kind "$B/hook_unknown_kind.yaml:16:3: unknown key 'on_sow' in hooks; the keys are: lap_end, score, new_game, decisions, decide, play"
bad missing_id "$B/missing_id.yaml:2:1: missing key 'id' at the top level"
bad id_bad "$B/id_bad.yaml:2:5: id 'Test Good' must be lower-case letters, digits and dashes, at most 31 characters"
bad wrong_type "$B/wrong_type.yaml:6:10: holes must be a whole number written in decimal digits, not 'six'"
bad script_not_string "$B/script_not_string.yaml:13:9: script must be text, not a list"
bad holes_zero "$B/holes_zero.yaml:6:10: holes is 0; it must be from 1 to 32"
bad holes_huge "$B/holes_huge.yaml:6:10: holes is 10000; it must be from 1 to 32"
bad seeds_negative "$B/seeds_negative.yaml:7:10: seeds is -1; it must be from 0 to 1000"
bad bool_yes "$B/bool_yes.yaml:10:12: passing must be true or false, not 'yes'"
bad int_hex "$B/int_hex.yaml:7:10: seeds must be a whole number written in decimal digits, not '0x10'"
bad float_int "$B/float_int.yaml:7:10: seeds must be a whole number written in decimal digits, not '4.0'"
bad lap_action_bad "$B/lap_action_bad.yaml:12:11: do must be one of: stop, relay, capture, hook (not 'explode')"
bad option_ref_unknown "$B/option_ref_unknown.yaml:7:10: seeds refers to option 'nope', which is not declared under options:"
bad anchor "$B/anchor.yaml:5:8: anchors (&b) are not allowed in a variant file; write the value out"
bad alias "$B/alias.yaml:6:10: anchors (&six) are not allowed in a variant file; write the value out"
bad script_missing "$B/script_missing.yaml:13:9: script '$B/no_such_script.lua' cannot be opened (no such file or not readable): check the script: line"
bad script_empty "$B/empty.lua: the script is empty; it must define the hooks variant test-script-empty names"
bad lua_syntax "$B/syntax.lua:3: '}' expected (to close '{' at line 2) near 'end' (variant test-lua-syntax)"
bad lua_boom "$B/boom.lua:3: boom (variant test-lua-boom, while running the script)"
bad hook_undefined "$B/hook_undefined.yaml:15:12: hook lap_end names 'no_such_function', but the script ok.lua defines no such global function"
# every file of tests/cli/bad except good.yaml must be rejected, with a
# location in that folder (the YAML file, or its script)
for f in "$B"/*.yaml; do
    case $f in */good.yaml) continue ;; esac
    t "bad-rejected-$(basename "$f" .yaml)" 1 "err~$B/" lines=0 -- sow validate "$f"
done

# ---- hooks that misbehave: stopped in time, naming variant and hook --------
H=tests/cli/hooks
t hook-loop 1 "err~$H/loop.lua:3: instruction limit reached" 'err~(variant test-loop, hook lap_end)' lines=0 -- sow replay $H/loop.yaml --moves 2 --json
t hook-bomb 1 "err~$H/bomb.lua" 'err~memory limit reached' 'err~(variant test-bomb, hook lap_end)' lines=0 -- sow replay $H/bomb.yaml --moves 2 --json
t hook-runtime-error 1 "err=$H/runtime.lua:4: attempt to index a nil value (local 't') (variant test-runtime, hook lap_end)" lines=0 -- sow replay $H/runtime.yaml --moves 2 --json
t hook-bad-score 1 "err=$H/badscore.lua:3: function score returned something other than two whole numbers (variant test-badscore, hook score)" -- sow replay $H/badscore.yaml --moves 2 --json
t hook-loop-at-load 1 "err~$H/loadloop.lua:2: instruction limit reached" 'err~(variant test-loadloop' -- sow validate $H/loadloop.yaml
# few Lua instructions, each copying megabytes: a count of instructions
# alone does not bound the time
t hook-slow-c-work !0 'err~variant test-slow, hook lap_end' lines=0 -- sow replay $H/slow.yaml --moves 2 --json
t hook-loop-bench 1 'err~(variant test-loop, hook lap_end)' -- sow bench $H/loop.yaml --seconds 0.2
t hook-loop-play 1 'err~(variant test-loop, hook lap_end)' -- sow play $H/loop.yaml --south computer --north computer --seed 1
t hook-bomb-play 1 'err~(variant test-bomb, hook lap_end)' -- sow play $H/bomb.yaml --south random --north random --seed 1
t hook-variants-validate 0 noerr 'out~test-loop' -- sow validate $H/loop.yaml $H/bomb.yaml $H/runtime.yaml $H/slow.yaml

# ---- bench, show, list -----------------------------------------------------
t bench 0 lines=1 'outre=games_per_s=[0-9]+ plies_per_s=[0-9]+ mean_plies=[0-9.]+ unfinished=[0-9]+' 'out~variant=adji-kui-1' noerr -- sow bench $V --seconds 0.2
t bench-seed 0 lines=1 'out~unfinished=0' -- sow bench $V --seconds 0.05 --seed 7
show_checks=(
    'out=Adji Kui I (adji-kui-1)'
    'out~  endless = repetition   (default repetition; repetition, no_capture_plies:K)'
    'out~  skip_origin = false   (default false; true or false)'
    'out~  max_plies = 10000   (default 10000; 1 to 1000000)'
)
# each option's doc, as the variant file gives it
while IFS= read -r doc; do
    show_checks+=("out~      $doc")
done < <(sed -n 's/^    doc: *"\(.*\)" *$/\1/p' variants/adji_kui_1.yaml)
[ ${#show_checks[@]} -eq 7 ] || echo "cli: note: expected 3 option docs in variants/adji_kui_1.yaml, found $((${#show_checks[@]} - 4))"
t show 0 "${show_checks[@]}" 'out~K1.5' noerr -- sow show $V
t show-any-count 0 'out~  lap end        any count: ask the script (capture)' 'out~options: none' -- sow show $H/loop.yaml

# ---- play, driven through stdin ---------------------------------------------
t play-computers 0 'out~Adji Kui I: South (computer) against North (computer).' 'outre=^game over after [0-9]+ plies: ' noerr -- sow play $V --south computer --north computer --seed 3
t play-randoms 0 'outre=^game over after [0-9]+ plies: ' noerr -- sow play $V --south random --north random --seed 5
input=$'z\nhelp\n8\n  c  \nquit\n' \
t play-human 0 "out~'z' is not a legal move. legal moves: a b c d e f" \
    'out~Adji Kui I: Afro-Cuban 2x6' 'out~  K1.5 ' \
    "out~'8' is not a legal move. legal moves: a b c d e f" \
    'out~ply 0: South plays c' 'out~game left unfinished after 2 plies.' \
    out!~'game over' noerr -- sow play $V --seed 1
input=$'2\nq\n' t play-human-number 0 'out~ply 0: South plays c' 'out~game left unfinished after 2 plies.' noerr -- sow play $V --seed 1
input=$'2\n' t play-eof 0 'out~ply 0: South plays c' 'out~game left unfinished after 2 plies.' noerr -- sow play $V --seed 1
t play-eof-at-once 0 'out~game left unfinished after 0 plies.' noerr -- sow play $V --seed 1
# two people, fed a whole game (the reference's result: North 27-21)
input=${GAME1// /$'\n'} t play-humans-full-game 0 \
    'out~game over after 43 plies: neither player can move. South 21, North 27: North wins.' \
    out!~'not a legal move' noerr -- sow play $V --south human --north human
input=$'2\n2\n0\nhelp\nquit\n' t play-humans-illegal 0 \
    "out~'2' is not a legal move. legal moves: A B C D E F" \
    "out~'0' is not a legal move. legal moves: A B C D E F" \
    'out~game left unfinished after 1 ply.' noerr -- sow play $V --south human --north human

# ---- Adji Kui II (adji-kui-2): options, decision moves, matches -----------
V2=adji-kui-2
# A match of two games (K2.9), made by the independent reference with a
# random player: game 1 (40 plies) ends 36-12, so South owns 9 holes and
# opens game 2 with three buy decisions (buy:9 buy:10 buy:8); game 2 ends
# 17-31 (79 plies, the buys included); holes for a next game [4, 8].
K2M=$("$PYTHON" tests/ref/adji_kui_2.py random --seed 2 --option match=true --option match_games=2) || {
    echo "cli: tests/ref/adji_kui_2.py random --seed 2 failed" >&2
    exit 2
}
K2G1=$(echo "$K2M" | cut -d' ' -f1-40)   # game 1 only
K2MO=(--option match=true --option match_games=2)
K2BUYS='buy:6 buy:7 buy:8 buy:9 buy:10 buy:11'
K2HDR2='{"game":2,"starter":1,"owners":[0,0,0,0,0,0,1,1,1,1,1,1],"board":[4,4,4,4,4,4,4,4,4,4,4,4]}'
K2END='{"match_result":{"winner":null,"games":2,"holes":[4,8],"unfinished":true,"reason":"match_games reached"}}'
NEEDS_MATCH="option buy=nearest applies only with match=true; add --option match=true or leave buy out"

# show lists every option: value, default, allowed values, its doc line
k2_show=(
    'out=Adji Kui II (adji-kui-2)'
    'out~  endless_move = forbid   (default forbid; forbid, end_game)'
    'out~  match = false   (default false; true or false)'
    'out~  remainder = larger_owns   (default larger_owns; larger_owns, winner_owns)'
    'out~  buy = choose   (default choose; choose, nearest)'
    'out~  next_starter = alternate   (default alternate; alternate, loser, winner)'
    'out~  match_games = 50   (default 50; 1 to 100000)'
    'out~  skip_origin = false   (default false; true or false)'
    'out~  max_plies = 10000   (default 10000; 1 to 1000000)'
    'out~      (only with match=true)'
    'out~decision moves: buy:N'
)
while IFS= read -r doc; do
    k2_show+=("out~      $doc")
done < <(sed -n 's/^    doc: *"\(.*\)" *$/\1/p' variants/adji_kui_2.yaml)
[ ${#k2_show[@]} -eq 19 ] || echo "cli: note: expected 8 option docs in variants/adji_kui_2.yaml, found $((${#k2_show[@]} - 11))"
t k2-show 0 "${k2_show[@]}" 'out~K2.9' 'out~P15' noerr -- sow show $V2
t k2-show-match 0 'out~  match = true   (default false; true or false)' 'out~  buy = nearest   (default choose; choose, nearest)' noerr -- sow show $V2 --option match=true --option buy=nearest
t k2-option-unknown 1 "err=sow replay: variant adji-kui-2 has no option 'foo'; its options: endless_move, match, remainder, buy, next_starter, match_games, skip_origin, max_plies" lines=0 -- sow replay $V2 --moves 2 --option foo=1

# options that do not fit together: a match option without match=true is
# refused by every command, in one line, before anything is printed
t k2-nearest-no-match 1 "err=sow replay: $NEEDS_MATCH" lines=0 -- sow replay $V2 --moves 2 --option buy=nearest --json
t k2-nearest-one-line 1 lines=1 "out=sow replay: $NEEDS_MATCH" -- sh -c '"$0" replay adji-kui-2 --moves 2 --option buy=nearest 2>&1 >/dev/null' "$SOW"
t k2-nearest-match-false 1 "err=sow replay: $NEEDS_MATCH" lines=0 -- sow replay $V2 --moves 2 --option match=false --option buy=nearest
t k2-nearest-play 1 "err=sow play: $NEEDS_MATCH" lines=0 -- sow play $V2 --option buy=nearest
t k2-nearest-show 1 "err=sow show: $NEEDS_MATCH" lines=0 -- sow show $V2 --option buy=nearest
t k2-nearest-bench 1 "err=sow bench: $NEEDS_MATCH" lines=0 -- sow bench $V2 --seconds 0.05 --option buy=nearest
t k2-remainder-no-match 1 'err=sow replay: option remainder=winner_owns applies only with match=true; add --option match=true or leave remainder out' lines=0 -- sow replay $V2 --moves 2 --option remainder=winner_owns
t k2-starter-no-match 1 'err=sow replay: option next_starter=loser applies only with match=true; add --option match=true or leave next_starter out' lines=0 -- sow replay $V2 --moves 2 --option next_starter=loser
t k2-games-no-match 1 'err=sow replay: option match_games=3 applies only with match=true; add --option match=true or leave match_games out' lines=0 -- sow replay $V2 --moves 2 --option match_games=3
# the defaults, given explicitly, fit a single game; with match=true all fit
t k2-defaults-no-match 0 noerr lines=1 'out~"move":2' -- sow replay $V2 --moves 2 --option buy=choose --option match_games=50 --json
t k2-nearest-match 0 noerr 'out={"game":1,"starter":0,"owners":[0,0,0,0,0,0,1,1,1,1,1,1],"board":[4,4,4,4,4,4,4,4,4,4,4,4]}' lines=2 -- sow replay $V2 --moves 2 --option buy=nearest --option match=true --json

# replay: decision moves, legal and not
t k2-replay-match 0 noerr "last=$K2END" 'out~"move":"buy:9"' 'out~"move":"buy:8"' -- sow replay $V2 "${K2MO[@]}" --moves "$K2M" --json
t k2-replay-match-text 0 noerr 'out~match over after 2 games: match_games reached' -- sow replay $V2 "${K2MO[@]}" --moves "$K2M"
# an illegal buy: which ply, which token, the legal buy tokens; the lines
# before it (game 1, its result, game 2's header) are printed
t k2-replay-buy-own-hole 1 "err=sow replay: game 2, ply 0: move buy:0 is not legal for South; the legal moves are: $K2BUYS" "last=$K2HDR2" lines=43 -- sow replay $V2 "${K2MO[@]}" --moves "$K2G1 buy:0" --json
t k2-replay-buy-twice 1 'err=sow replay: game 2, ply 1: move buy:9 is not legal for South; the legal moves are: buy:6 buy:7 buy:8 buy:10 buy:11' lines=44 -- sow replay $V2 "${K2MO[@]}" --moves "$K2G1 buy:9 buy:9" --json
t k2-replay-buy-no-such-hole 1 "err=sow replay: game 2, ply 0: move buy:200 is not legal for South; the legal moves are: $K2BUYS" lines=43 -- sow replay $V2 "${K2MO[@]}" --moves "$K2G1 buy:200" --json
t k2-replay-sow-during-buys 1 "err=sow replay: game 2, ply 0: move 3 is not legal for South; the legal moves are: $K2BUYS" lines=43 -- sow replay $V2 "${K2MO[@]}" --moves "$K2G1 3" --json
# after the last buy no buy is due: the starter (North) sows
t k2-replay-buy-not-due 1 'err~sow replay: game 2, ply 3: move buy:11 is not legal for North; the legal moves are: ' lines=46 -- sow replay $V2 "${K2MO[@]}" --moves "$K2G1 buy:9 buy:10 buy:8 buy:11" --json
t k2-replay-buy-game1 1 'err=sow replay: game 1, ply 0: move buy:6 is not legal for South; the legal moves are: 0 1 2 3 4 5' lines=1 -- sow replay $V2 --option match=true --moves buy:6 --json
# malformed decisions
t k2-replay-buy-x 1 "err=sow replay: game 2, ply 0: move 'buy:x': the value after 'buy:' must be a whole number from 0 to 255; the legal moves are: $K2BUYS" lines=43 -- sow replay $V2 "${K2MO[@]}" --moves "$K2G1 buy:x" --json
t k2-replay-buy-999 1 "err=sow replay: game 2, ply 0: move 'buy:999': the value after 'buy:' must be a whole number from 0 to 255; the legal moves are: $K2BUYS" lines=43 -- sow replay $V2 "${K2MO[@]}" --moves "$K2G1 buy:999" --json
t k2-replay-sell 1 "err=sow replay: game 2, ply 0: move 'sell:3' is neither a hole number (0 to 11) nor a decision (buy:N); the legal moves are: $K2BUYS" lines=43 -- sow replay $V2 "${K2MO[@]}" --moves "$K2G1 sell:3" --json
# a buy token in a single game (K2.7: no match, no buying)
t k2-replay-buy-single 1 'err=sow replay: ply 0: move buy:6 is not legal for South; the legal moves are: 0 1 2 3 4 5' lines=0 -- sow replay $V2 --moves buy:6 --json
t k2-replay-buy-single-later 1 'err=sow replay: ply 1: move buy:6 is not legal for North; the legal moves are: 7 8 9' lines=1 -- sow replay $V2 --moves "2 buy:6" --json
t k2-replay-after-match 1 "err=sow replay: game 2, token 120 ('3'): the match is already over after ply 79; nothing may follow" "last=$K2END" -- sow replay $V2 "${K2MO[@]}" --moves "$K2M 3" --json

# play: computers, and people buying through stdin
t k2-play-computers-match 0 noerr 'out~== game 1: South starts' 'out~== game 2: North starts' \
    'outre=^match over after 2 games: match_games reached\. Holes for a next game: South [0-9]+, North [0-9]+ \(unfinished\)\.$' \
    -- sow play $V2 --option match=true --option match_games=2 --south computer --north computer --seed 1
t k2-play-randoms-match 0 noerr 'outre=^match over after 3 games: ' -- sow play $V2 --option match=true --option match_games=3 --south random --north random --seed 4
# two people, fed the reference's match: South buys in game 2
input=$(printf '%s\n' $K2M) t k2-play-humans-match 0 noerr out!~'not a legal move' \
    'out~game over after 40 plies: 8 or fewer seeds on the board. South 36, North 12: South wins.' \
    "out~South decides: legal moves: $K2BUYS" \
    'out~ply 0: South plays buy:9' 'out~ply 1: South plays buy:10' 'out~ply 2: South plays buy:8' \
    'out~game over after 79 plies: 8 or fewer seeds on the board. South 17, North 31: North wins.' \
    'out~match over after 2 games: match_games reached. Holes for a next game: South 4, North 8 (unfinished).' \
    -- sow play $V2 "${K2MO[@]}" --south human --north human
# a person typing buys that are not legal, then one that is
input=$(printf '%s\n' $K2G1 buy:0 buy:x buy:99 6 buy:9 quit) t k2-play-human-bad-buys 0 noerr \
    "out~'buy:0' is not a legal move. legal moves: $K2BUYS" \
    "out~'buy:x' is not a legal move. legal moves: $K2BUYS" \
    "out~'buy:99' is not a legal move. legal moves: $K2BUYS" \
    "out~'6' is not a legal move. legal moves: $K2BUYS" \
    'out~ply 0: South plays buy:9' 'out~South decides: legal moves: buy:6 buy:7 buy:8 buy:10 buy:11' \
    'out~game left unfinished after 1 ply.' \
    -- sow play $V2 "${K2MO[@]}" --south human --north human
input=$'buy:6\nquit\n' t k2-play-buy-single 0 noerr "out~'buy:6' is not a legal move. legal moves: a b c d e f" \
    'out~game left unfinished after 0 plies.' -- sow play $V2 --seed 1

# ---- Adji-Boto (adji-boto): stores, leave-one, the opening (B.3) ----------
VB=adji-boto
# A finished game (77 plies, "neither player can move", South 54-46), made
# by the independent reference with a random player.
BOTO=$("$PYTHON" tests/ref/adji_boto.py random --seed 2) || {
    echo "cli: tests/ref/adji_boto.py random --seed 2 failed" >&2
    exit 2
}
BOTO_RESULT='{"result":{"winner":0,"score":[54,46],"reason":"neither player can move","unfinished":false}}'
BPLY0='{"ply":0,"to_move":0,"legal":[0,1,2,3,4],"move":0,"board":[1,11,11,11,11,11,11,11,11,11],"captured":[0,0]}'
BPLY1='{"ply":1,"to_move":1,"legal":[5,6,7,8,9],"move":5,"board":[2,12,12,12,12,2,12,12,12,12],"captured":[0,0]}'
BOPENING='0 5 1 6 2 7 3 8 4 9'   # B.3: each player's five holes in turn

# show: every option with its doc line, and the board with both stores
# (B.1: North's at its right, the left of the drawing; South's at its right)
b_show=(
    'out=Adji-Boto (adji-boto)'
    'out~board: 2 rows of 5 holes, 100 seeds, a store for each player'
    'outre=^N\[  0\]( 10){5} $'
    'outre=^ +( 10){5}  \[  0\]S$'
    'out~  leave          1 seed in the hole lifted from'
    'out~  start from     an own hole with 2 or more seeds'
    'out~  empty_in_chain = break   (default break; break, skip)'
    'out~  skip_origin = false   (default false; true or false)'
    'out~  max_plies = 10000   (default 10000; 1 to 1000000)'
)
while IFS= read -r doc; do
    b_show+=("out~      $doc")
done < <(sed -n 's/^    doc: *"\(.*\)" *$/\1/p' variants/adji_boto.yaml)
[ ${#b_show[@]} -eq 12 ] || echo "cli: note: expected 3 option docs in variants/adji_boto.yaml, found $((${#b_show[@]} - 9))"
t boto-show 0 "${b_show[@]}" 'out~B.3' 'out~P8' noerr -- sow show $VB
t boto-show-options 0 'out~  empty_in_chain = skip   (default break; break, skip)' 'out~  skip_origin = true   (default false; true or false)' 'out~  skip origin    yes' noerr -- sow show $VB --option empty_in_chain=skip --option skip_origin=true
t boto-option-unknown 1 "err=sow replay: variant adji-boto has no option 'foo'; its options: empty_in_chain, skip_origin, max_plies" lines=0 -- sow replay $VB --moves 0 --option foo=1
t boto-option-bad 1 "err=sow replay: option empty_in_chain: 'xx' is not a value it takes; use break, skip" lines=0 -- sow replay $VB --moves 0 --option empty_in_chain=xx

# replay: B.3, a hole already played in the opening is not legal again
# until the opening is over; the error names the ply and the legal moves
t boto-replay-opening-again 1 'err=sow replay: ply 2: move 0 is not legal for South; the legal moves are: 1 2 3 4' "out=$BPLY0" "last=$BPLY1" lines=2 -- sow replay $VB --moves "0 5 0" --json
t boto-replay-opening-again-north 1 'err=sow replay: ply 3: move 5 is not legal for North; the legal moves are: 6 7 8 9' "out=$BPLY0" lines=3 -- sow replay $VB --moves "0 5 1 5" --json
t boto-replay-opening-tenth 1 'err=sow replay: ply 9: move 5 is not legal for North; the legal moves are: 9' lines=9 -- sow replay $VB --moves "0 5 1 6 2 7 3 8 4 5" --json
t boto-replay-opening-text 1 'err=sow replay: ply 2: move 0 is not legal for South; the legal moves are: 1 2 3 4' \
    'out~ply 0: South plays a (hole 0)' 'out~opening: still to play: South b c d e, North A B C D E' \
    'out~opening: still to play: South b c d e, North B C D E' -- sow replay $VB --moves "0 5 0"
# B.3: after a player's fifth opening move nothing is due from them
t boto-replay-opening-done 0 noerr 'out~opening: still to play: South none, North E' \
    -- sow replay $VB --moves "0 5 1 6 2 7 3 8 4"
# after the opening (ply 10) every hole is legal again, hole 0 too
t boto-replay-after-opening 0 noerr lines=11 'out~"ply":10,"to_move":0,"legal":[0,1,2,3,4],"move":0,' -- sow replay $VB --moves "$BOPENING 0" --json
# the reference's game, replayed in full (B.5 passes, B.6 with the sweep)
t boto-replay-full-game 0 "last=$BOTO_RESULT" lines=78 noerr -- sow replay $VB --moves "$BOTO" --json
t boto-replay-full-game-text 0 'out~game over: neither player can move; 54-46, South wins' noerr -- sow replay $VB --moves "$BOTO"
t boto-replay-after-end 1 "err=sow replay: token 78 ('3'): the game is already over after ply 77; nothing may follow" "last=$BOTO_RESULT" lines=78 -- sow replay $VB --moves "$BOTO 3" --json

# play: computers (the opening shows the holes still due), randoms, people
t boto-play-computers 0 noerr 'out~Adji-Boto: South (computer) against North (computer).' \
    'outre=^opening: still to play: South( [a-e])+, North( [A-E])+$' \
    'outre=^game over after [0-9]+ plies: neither player can move\. South [0-9]+, North [0-9]+: ' \
    -- sow play $VB --south computer --north computer --seed 1
t boto-play-randoms 0 noerr 'outre=^opening: still to play: ' 'outre=^game over after [0-9]+ plies: ' -- sow play $VB --south random --north random --seed 5 --option empty_in_chain=skip
input=$'a\nA\na\nquit\n' t boto-play-humans-opening 0 noerr \
    'out~ply 0: South plays a' 'out~opening: still to play: South b c d e, North B C D E' \
    "out~'a' is not a legal move. legal moves: b c d e" 'out~game left unfinished after 2 plies.' \
    -- sow play $VB --south human --north human
input=${BOTO// /$'\n'} t boto-play-humans-full-game 0 noerr out!~'not a legal move' \
    'out~game over after 77 plies: neither player can move. South 54, North 46: South wins.' \
    -- sow play $VB --south human --north human

# bench
t boto-bench 0 lines=1 'outre=games_per_s=[0-9]+ plies_per_s=[0-9]+ mean_plies=[0-9.]+ unfinished=[0-9]+' 'out~variant=adji-boto' noerr -- sow bench $VB --seconds 0.2
t boto-bench-options 0 lines=1 'out~variant=adji-boto' 'out~unfinished=0' noerr -- sow bench $VB --seconds 0.05 --seed 3 --option empty_in_chain=skip --option skip_origin=true

# ---- Andada (andada): sizes, the opening relay, North's decision, A.6 -----
VA=andada
# A finished game (65 plies, "North has no seeds", South wins), made by the
# independent reference with a random player.
AGAME=$("$PYTHON" tests/ref/andada.py random --seed 1) || {
    echo "cli: tests/ref/andada.py random --seed 1 failed" >&2
    exit 2
}
AGAME_RESULT='{"result":{"winner":0,"score":null,"reason":"North has no seeds","unfinished":false}}'
APLY0='{"ply":0,"to_move":0,"legal":[0,1,2,3,4,5,6,7,8,9,10,11],"move":0,"board":[0,3,3,0,3,3,0,3,3,0,3,3,0,3,3,0,3,3,0,3,3,0,3,3],"captured":[0,0]}'
ADECIDE='the legal moves are: first:0 first:1'

# show: the options with their values, the phases and the decision
t andada-show 0 'out=Andada (andada)' 'out~board: 2 rows of 12 holes, 48 seeds, no stores' \
    'out~  holes = 12   (default 12; 12 to 24' 'out~  direction = ccw   (default ccw; ccw, cw)' \
    'out~  bearoff = sticky   (default sticky; sticky, dynamic)' \
    'out~  endless_move = forbid   (default forbid; forbid, end_game)' \
    'out~  skip_origin = false   (default false; true or false)' \
    'out~  max_plies = 10000   (default 10000; 1 to 1000000)' \
    'out~      A.1: holes per row: 12, 15, 18, 21 or 24.' \
    'outre=^phase 1 opening: .*\(games start in it\)$' 'out~phase 2 first: decision moves' \
    'out~decision moves: first:N' 'out~  laps           relay' 'out~  A.6 ' 'out~  P12 ' noerr -- sow show $VA
# A.1: the allowed sizes are 12 to 24 in steps of 3: show must say so
t andada-show-holes-steps 0 'outre=^  holes = 12   \(default 12; .*steps of 3' noerr -- sow show $VA
# A.6, `no_moves: lose` and `score: none`: show must not describe Adji Kui's
# end ("neither player can move") nor its scoring
t andada-show-end 0 'out!~captures plus seeds in own holes' 'out!~  neither player can move' noerr -- sow show $VA
t andada-show-options 0 'out~  holes = 18   (default 12; 12 to 24' 'out~  direction = cw   (default ccw; ccw, cw)' \
    'out~  bearoff = dynamic   (default sticky; sticky, dynamic)' 'out~board: 2 rows of 18 holes, 72 seeds, no stores' \
    'out~  direction      clockwise' noerr -- sow show $VA --option holes=18 --option direction=cw --option bearoff=dynamic
# a 24-hole board: the drawing (from "board:" to "taken:") fits in 79 columns
t andada-show-24 0 'outre=^North( +2){24} *$' 'outre=^South( +2){24} *$' 'out~board: 2 rows of 24 holes, 96 seeds, no stores' noerr -- sow show $VA --option holes=24
t andada-show-24-width 0 'out=ok' lines=1 -- sh -c '"$0" show andada --option holes=24 | sed -n "/^board:/,/^taken:/p" | awk "length(\$0) >= 80 { bad++ } END { print (NR >= 6 && !bad) ? \"ok\" : \"bad: \" NR \" lines, \" bad \" too wide\" }"' "$SOW"

# the holes option: 12..24 in steps of 3, anything else refused with the values
A_HOLES="is not a value it takes; use one of 12 to 24 in steps of 3"
t andada-holes-13 1 "err=sow replay: option holes: '13' $A_HOLES" lines=0 -- sow replay $VA --moves 0 --option holes=13
t andada-holes-27 1 "err=sow show: option holes: '27' $A_HOLES" lines=0 -- sow show $VA --option holes=27
t andada-holes-9 1 "err=sow play: option holes: '9' $A_HOLES" lines=0 -- sow play $VA --option holes=9
t andada-holes-21 0 noerr lines=1 'out~"legal":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20],"move":20,' -- sow replay $VA --moves 20 --option holes=21 --json
t andada-option-unknown 1 "err=sow replay: variant andada has no option 'foo'; its options: holes, direction, bearoff, endless_move, skip_origin, max_plies" lines=0 -- sow replay $VA --moves 0 --option foo=1
t andada-option-bearoff-bad 1 "err=sow replay: option bearoff: 'off' is not a value it takes; use sticky, dynamic" lines=0 -- sow replay $VA --moves 0 --option bearoff=off

# replay: A.2 the opening from South's row only; A.3 the second token must
# be North's decision, first:0 or first:1 (the error lists them)
t andada-replay-opening 0 noerr "out=$APLY0" lines=1 -- sow replay $VA --moves 0 --json
t andada-replay-opening-north-hole 1 'err=sow replay: ply 0: move 12 is not legal for South; the legal moves are: 0 1 2 3 4 5 6 7 8 9 10 11' lines=0 -- sow replay $VA --moves 12 --json
t andada-replay-opening-decision 1 'err=sow replay: ply 0: move first:0 is not legal for South; the legal moves are: 0 1 2 3 4 5 6 7 8 9 10 11' lines=0 -- sow replay $VA --moves first:0 --json
t andada-replay-hole-not-decision 1 "err=sow replay: ply 1: move 4 is not legal for North; $ADECIDE" "out=$APLY0" lines=1 -- sow replay $VA --moves "0 4" --json
t andada-replay-north-hole-not-decision 1 "err=sow replay: ply 1: move 13 is not legal for North; $ADECIDE" lines=1 -- sow replay $VA --moves "0 13" --json
t andada-replay-first-2 1 "err=sow replay: ply 1: move first:2 is not legal for North; $ADECIDE" lines=1 -- sow replay $VA --moves "0 first:2" --json
t andada-replay-first-x 1 "err=sow replay: ply 1: move 'first:x': the value after 'first:' must be a whole number from 0 to 255; $ADECIDE" lines=1 -- sow replay $VA --moves "0 first:x" --json
t andada-replay-other-decision 1 "err=sow replay: ply 1: move 'buy:3' is neither a hole number (0 to 23) nor a decision (first:N); $ADECIDE" lines=1 -- sow replay $VA --moves "0 buy:3" --json
t andada-replay-decision-again 1 'err~sow replay: ply 2: move first:0 is not legal for South; the legal moves are: ' lines=2 -- sow replay $VA --moves "0 first:0 first:0" --json
t andada-replay-decision-text 0 noerr 'out~ply 0: South plays a (hole 0)' 'out~ply 1: North plays first:1' -- sow replay $VA --moves "0 first:1"
# P13: stops before the end: ply lines only, exit 0 (the last line is the
# reference's: tests/ref/andada.py replay --moves "0 first:1 13")
t andada-replay-p13 0 noerr lines=3 out!~result "out=$APLY0" 'last={"ply":2,"to_move":1,"legal":[13,14,16,17,19,20,22,23],"move":13,"board":[1,3,3,0,3,3,0,3,3,0,3,3,0,0,4,1,0,4,1,4,0,1,4,4],"captured":[0,0]}' -- sow replay $VA --moves "0 first:1 13" --json
# the reference's game in full (A.6: North has no seeds, South wins, no score)
t andada-replay-full-game 0 noerr "last=$AGAME_RESULT" lines=66 -- sow replay $VA --moves "$AGAME" --json
t andada-replay-full-game-text 0 noerr 'out~game over: North has no seeds; South wins' out!~'South 0, North 0' -- sow replay $VA --moves "$AGAME"
t andada-replay-after-end 1 "err=sow replay: token 66 ('3'): the game is already over after ply 65; nothing may follow" "last=$AGAME_RESULT" lines=66 -- sow replay $VA --moves "$AGAME 3" --json

# play: computers to the end; a person answering North's decision
t andada-play-computers 0 noerr 'out~Andada: South (computer) against North (computer).' \
    'outre=^game over after [0-9]+ plies: (South|North) has no (seeds|legal move)\. (South|North) wins\.$' \
    'out~North decides: legal moves: first:0 first:1' \
    -- sow play $VA --south computer --north computer --seed 1
t andada-play-computers-24 0 noerr 'outre=^game over after [0-9]+ plies: .* wins\.$' -- sow play $VA --south computer --north computer --seed 2 --option holes=24 --option direction=cw
t andada-play-randoms 0 noerr 'outre=^game over after [0-9]+ plies: .* wins\.$' -- sow play $VA --south random --north random --seed 3 --option bearoff=dynamic
input=$'first:2\n4\nfirst:0\nquit\n' t andada-play-human-decides 0 noerr \
    'out~North, who makes the first regular move? first:0 for South, first:1 for North (A.3)' \
    'out~North decides: legal moves: first:0 first:1' \
    "out~'first:2' is not a legal move. legal moves: first:0 first:1" \
    "out~'4' is not a legal move. legal moves: first:0 first:1" \
    'out~ply 1: North plays first:0' 'outre=^ply 2: South plays [a-l]$' \
    'out~game left unfinished after 3 plies.' \
    -- sow play $VA --south computer --north human --seed 1
input=$'first:1\nquit\n' t andada-play-human-north-starts 0 noerr \
    'out~ply 1: North plays first:1' 'out~game left unfinished after 2 plies.' \
    -- sow play $VA --south computer --north human --seed 1
input=${AGAME// /$'\n'} t andada-play-humans-full-game 0 noerr out!~'not a legal move' \
    'out~game over after 65 plies: North has no seeds. South wins.' \
    -- sow play $VA --south human --north human

# bench
t andada-bench 0 lines=1 'outre=games_per_s=[0-9]+ plies_per_s=[0-9]+ mean_plies=[0-9.]+ unfinished=[0-9]+' 'out~variant=andada' noerr -- sow bench $VA --seconds 0.2
t andada-bench-options 0 lines=1 'out~variant=andada' 'out~unfinished=0' noerr -- sow bench $VA --seconds 0.05 --seed 3 --option holes=24 --option direction=cw --option endless_move=end_game

# ---- make install into a temporary DESTDIR --------------------------------
# shellcheck source=tests/cli/install.sh
. "$here/install.sh"

cli_summary cli
