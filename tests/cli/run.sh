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
# DESTDIR) and tests/cli/flags.sh (the conventions of the command line)
# are run from here too.
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
# the program's version, as the summaries carry it
SOW_VERSION=$(sed -n 's/^#define SOW_VERSION_STRING "\(.*\)"$/\1/p' include/sow/version.h)
PLY0='{"ply":0,"to_move":0,"legal":[0,1,2,3,4,5],"move":2,"board":[4,4,0,5,5,5,5,4,4,4,4,4],"captured":[0,0]}'
PLY1='{"ply":1,"to_move":1,"legal":[6,7,8,9,10,11],"move":8,"board":[5,4,0,5,5,5,5,4,0,5,5,5],"captured":[0,0]}'
ALLOWED_ENDLESS='use repetition, unreachable, no_capture_plies:K'
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
t unknown-command 2 "err~sow: unknown command 'bogus'; the commands are: list show validate play replay trace bench search solve egdb selfplay stats " "err~ (see 'sow --help')" lines=0 -- sow bogus
t unknown-top-flag 2 "err~sow: unknown command '--bogus'" lines=0 -- sow --bogus

# ---- every subcommand: --help, unknown flags, missing arguments ----------
for c in list show validate play replay bench trace; do
    t "$c-help" 0 "out~usage: sow $c" noerr -- sow "$c" --help
    t "$c-help-h" 0 "out~usage: sow $c" noerr -- sow "$c" -h
done
t help-after-args 0 'out~usage: sow replay' noerr -- sow replay $V --moves 2 --help

t list-unknown-flag 2 "err=sow list: unknown flag '--bogus' (see 'sow list --help')" -- sow list --bogus
t list-extra-arg 2 "err=sow list: unexpected argument 'x' (see 'sow list --help')" -- sow list x
t show-unknown-flag 2 "err=sow show: unknown flag '--bogus' (see 'sow show --help')" -- sow show $V --bogus
t validate-unknown-flag 2 "err=sow validate: unknown flag '--bogus' (see 'sow validate --help')" -- sow validate --bogus variants/adji_kui_1.yaml
t play-unknown-flag 2 "err=sow play: unknown flag '--bogus' (see 'sow play --help')" lines=0 -- sow play $V --bogus
t replay-unknown-flag 2 "err=sow replay: unknown flag '--bogus' (see 'sow replay --help')" lines=0 -- sow replay $V --moves 2 --bogus
t bench-unknown-flag 2 "err=sow bench: unknown flag '--bogus' (see 'sow bench --help')" lines=0 -- sow bench $V --bogus

t show-no-variant 2 "err=sow show: which variant? e.g. sow show adji-kui-1 (see 'sow show --help')" -- sow show
t validate-no-files 2 "err=sow validate: which files? e.g. sow validate variants/*.yaml (see 'sow validate --help')" -- sow validate
t play-no-variant 2 "err=sow play: which variant? e.g. sow play adji-kui-1 (see 'sow play --help')" -- sow play
t replay-no-variant 2 "err=sow replay: which variant? e.g. sow replay adji-kui-1 --moves \"2 8\" (see 'sow replay --help')" -- sow replay --moves 2
t replay-no-moves 2 "err=sow replay: --moves \"TOKENS\" is required (see 'sow replay --help')" -- sow replay $V
t replay-moves-no-value 2 "err=sow replay: --moves needs a value (--moves \"TOKENS\") (see 'sow replay --help')" -- sow replay $V --moves
t bench-no-variant 2 "err=sow bench: which variant? e.g. sow bench adji-kui-1 --seconds 3 (see 'sow bench --help')" -- sow bench
t show-two-variants 2 "err=sow show: one variant at a time ('adji-kui-1' and 'adji-kui-1') (see 'sow show --help')" -- sow show $V $V
t replay-two-variants 2 "err=sow replay: one variant at a time ('adji-kui-1' and 'x') (see 'sow replay --help')" -- sow replay $V x --moves 2
t bench-two-variants 2 "err=sow bench: one variant at a time ('adji-kui-1' and 'adji-kui-1') (see 'sow bench --help')" -- sow bench $V $V
t play-two-variants 2 "err=sow play: one variant at a time ('adji-kui-1' and 'adji-kui-1') (see 'sow play --help')" -- sow play $V $V
t option-no-value 2 "err=sow replay: --option needs a value (--option NAME=VALUE) (see 'sow replay --help')" -- sow replay $V --moves 2 --option
t bench-seconds-no-value 2 "err=sow bench: --seconds needs a value (--seconds S) (see 'sow bench --help')" -- sow bench $V --seconds
t bench-seconds-word 2 "err=sow bench: --seconds takes a number above 0 and at most 3600, not 'abc' (see 'sow bench --help')" -- sow bench $V --seconds abc
t bench-games-word 2 "err=sow bench: --games takes a whole number from 1 to 1000000000, not 'abc' (see 'sow bench --help')" -- sow bench $V --games abc
t bench-games-zero 2 "err=sow bench: --games takes a whole number from 1 to 1000000000, not '0' (see 'sow bench --help')" -- sow bench $V --games 0
t bench-games 0 'out~ games=7 ' 'out~unfinished=0' -- sow bench $V --games 7
t bench-boto-no-script 0 'out~variant=adji-boto games=5 ' -- sow bench adji-boto --games 5
t show-boto-chain 0 'out~script: (none: the rules are data)' 'out~chain capture of holes with count 1,3,5, from the next hole, forward, stopped by an empty hole' -- sow show adji-boto
t show-boto-chain-skip 0 'out~passing over empty holes' -- sow show adji-boto --option empty_in_chain=skip
# (the message says "from 0" but 0 is refused: see the report; only the
# status and the naming of flag and value are checked here)
t bench-seconds-zero 2 "err~sow bench: --seconds" "err~'0'" -- sow bench $V --seconds 0
t bench-seconds-huge 2 "err=sow bench: --seconds takes a number above 0 and at most 3600, not '4000' (see 'sow bench --help')" -- sow bench $V --seconds 4000
t bench-seed-word 2 "err=sow bench: --seed takes a whole number from 0 to 18446744073709551615, not 'x' (see 'sow bench --help')" -- sow bench $V --seed x
# like `play --seed -1`: a negative seed is not a whole number
t bench-seed-negative 2 "err=sow bench: --seed takes a whole number from 0 to 18446744073709551615, not '-1' (see 'sow bench --help')" lines=0 -- sow bench $V --seed -1 --seconds 0.01
t play-who-bad 2 "err=sow play: --south takes human, computer, random, greedy, alphabeta[:depth=D][:ms=T] or mcts[:iter=N][:ms=T], not 'bogus' (see 'sow play --help')" -- sow play $V --south bogus
t play-north-bad 2 "err=sow play: --north takes human, computer, random, greedy, alphabeta[:depth=D][:ms=T] or mcts[:iter=N][:ms=T], not 'me' (see 'sow play --help')" -- sow play $V --north me
t play-seed-bad 2 "err=sow play: --seed takes a whole number from 0 to 18446744073709551615, not 'x' (see 'sow play --help')" -- sow play $V --seed x
t play-seed-negative 2 "err=sow play: --seed takes a whole number from 0 to 18446744073709551615, not '-1' (see 'sow play --help')" -- sow play $V --seed -1
t play-delay-bad 2 "err=sow play: --delay takes a whole number of milliseconds from 0 to 60000, not '70000' (see 'sow play --help')" -- sow play $V --delay 70000

# ---- finding variants ----------------------------------------------------
NOVAR="no variant 'nope'; 'sow list' shows the variants found, or give the path of a .yaml file"
t unknown-variant-replay 1 "err=sow replay: $NOVAR" lines=0 -- sow replay nope --moves 2
t unknown-variant-show 1 "err=sow show: $NOVAR" lines=0 -- sow show nope
t unknown-variant-play 1 "err=sow play: $NOVAR" lines=0 -- sow play nope
t unknown-variant-bench 1 "err=sow bench: $NOVAR" lines=0 -- sow bench nope
t variant-by-path 0 "rec=$PLY0" lines=1 noerr -- sow replay variants/adji_kui_1.yaml --moves 2 --json
t variant-by-abs-path 0 'out=Adji Kui I (adji-kui-1)' noerr -- sow show "$cli_root/variants/adji_kui_1.yaml"
t variant-path-missing 1 'err=nowhere/none.yaml: cannot open: No such file or directory' lines=0 -- sow replay nowhere/none.yaml --moves 2
t variant-path-broken 1 'err=tests/cli/bad/holes_zero.yaml:6:10: holes is 0; it must be from 1 to 32' lines=0 -- sow replay tests/cli/bad/holes_zero.yaml --moves 2
t variant-from-env-dir 0 "rec=$PLY0" noerr -- env SOW_VARIANTS=tests/cli/bad sow replay test-good --moves 2 --json
t variant-env-dir-missing 0 "rec=$PLY0" noerr -- env SOW_VARIANTS=/nonexistent/dir sow replay $V --moves 2 --json
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
t option-missing-eq 1 'err~endless' "err~repetition, unreachable, no_capture_plies:K" lines=0 -- sow replay $V --moves 2 --option endless
t option-empty-name 1 "err=sow replay: --option '=5': write it as NAME=VALUE" -- sow replay $V --moves 2 --option =5
t option-on-show 0 'out~  max_plies = 50   (default 10000; 1 to 1000000)' 'out~  endless = no_capture_plies:7   (default repetition; repetition, unreachable, no_capture_plies:K)' -- sow show $V --option max_plies=50 --option endless=no_capture_plies:7
t option-last-wins 0 "rec=$PLY0" 'last={"result":{"winner":null,"score":[24,24],"reason":"max_plies reached","unfinished":true}}' lines=3 -- sow replay $V --moves "2 8" --option max_plies=5 --option max_plies=2 --json
t option-on-bench 0 'outre=mean_plies=5\.0 unfinished=[1-9]' -- sow bench $V --seconds 0.05 --option max_plies=5
t option-on-play 0 'out~game over after 3 moves: the longest game allowed, 3 moves, was played' -- sow play $V --south random --north random --seed 1 --option max_plies=3

# ---- replay ----------------------------------------------------------------
t replay-json 0 "rec=$PLY0" "last=$PLY1" lines=2 noerr -- sow replay $V --moves "2 8" --json
t replay-commas 0 "rec=$PLY0" "last=$PLY1" lines=2 -- sow replay $V --moves "2,8" --json
t replay-moves-eq 0 "rec=$PLY0" lines=1 -- sow replay $V --moves=2 --json
t replay-text 0 'out=start, South to move' 'out~move 1: South plays c' 'out~move 2: North plays C' noerr -- sow replay $V --moves "2 8"
# P13: a move list that stops before the end: ply lines only, exit 0
t replay-p13 0 "rec=$PLY0" lines=3 out!~result noerr -- sow replay $V --moves "2 8 1" --json
t replay-p13-empty 0 lines=0 noerr -- sow replay $V --moves "" --json
t replay-full-game 0 "last=$GAME1_RESULT" lines=44 noerr -- sow replay $V --moves "$GAME1" --json
t replay-full-game-text 0 'out~game over: neither player can move; 21-27, North wins' noerr -- sow replay $V --moves "$GAME1"
# an illegal move: which ply, which token, the legal moves; the lines before
t replay-illegal 1 'err=sow replay: ply 1: move 0 is not legal for North; the legal moves are: 6 7 8 9 10 11' "rec=$PLY0" lines=1 -- sow replay $V --moves "2 0" --json
t replay-illegal-empty-hole 1 'err=sow replay: ply 2: move 2 is not legal for South; the legal moves are: 0 1 3 4 5' "last=$PLY1" lines=2 -- sow replay $V --moves "2 8 2" --json
t replay-illegal-text 1 'err=sow replay: ply 1: move 0 is not legal for North; the legal moves are: 6 7 8 9 10 11' 'out~move 1: South plays c' -- sow replay $V --moves "2 0"
t replay-token-word 1 "err=sow replay: ply 1: move 'x' is neither a hole label (a to f, A to F) nor a hole number (0 to 11); the legal moves are: 6 7 8 9 10 11" "rec=$PLY0" lines=1 -- sow replay $V --moves "2 x" --json
t replay-token-negative 1 "err=sow replay: ply 1: move '-1' is neither a hole label (a to f, A to F) nor a hole number (0 to 11); the legal moves are: 6 7 8 9 10 11" lines=1 -- sow replay $V --moves "2 -1" --json
t replay-token-99 1 'err=sow replay: ply 1: move 99: there is no such hole; holes are 0 to 11; the legal moves are: 6 7 8 9 10 11' lines=1 -- sow replay $V --moves "2 99" --json
t replay-token-huge 1 "err=sow replay: ply 0: move '99999999999999999999' is not a hole number (0 to 11); the legal moves are: 0 1 2 3 4 5" lines=0 -- sow replay $V --moves 99999999999999999999 --json
t replay-token-decision 1 "err=sow replay: ply 0: move 'buy:2' is not a hole number (0 to 11); variant adji-kui-1 has no decision moves; the legal moves are: 0 1 2 3 4 5" lines=0 -- sow replay $V --moves buy:2 --json
t replay-token-float 1 "err=sow replay: ply 0: move '2.0' is neither a hole label (a to f, A to F) nor a hole number (0 to 11); the legal moves are: 0 1 2 3 4 5" lines=0 -- sow replay $V --moves 2.0 --json
t replay-after-end 1 "err=sow replay: token 44 ('3'): the game is already over after ply 42; nothing may follow" "last=$GAME1_RESULT" lines=44 -- sow replay $V --moves "$GAME1 3" --json
t replay-after-max-plies 1 "err=sow replay: token 2 ('8'): the game is already over after ply 0; nothing may follow" "rec=$PLY0" 'last={"result":{"winner":null,"score":[23,25],"reason":"max_plies reached","unfinished":true}}' lines=2 -- sow replay $V --moves "2 8" --option max_plies=1 --json

# ---- validate --------------------------------------------------------------
t validate-shipped 0 'out=variants/adji_kui_1.yaml: ok (adji-kui-1)' noerr -- sow validate variants/adji_kui_1.yaml
shipped=(variants/*.yaml)
t validate-shipped-all 0 "lines=${#shipped[@]}" out!~error noerr -- sow validate "${shipped[@]}"
t validate-good 0 'out=tests/cli/bad/good.yaml: ok (test-good)' noerr -- sow validate tests/cli/bad/good.yaml
t validate-missing 1 'err=nowhere.yaml: cannot open: No such file or directory' -- sow validate nowhere.yaml
: >"$cli_tmp/empty.yaml"
t validate-empty-file 1 "err=$cli_tmp/empty.yaml:1:1: the file is empty; a variant needs id, name, summary, board, sowing and script" -- sow validate "$cli_tmp/empty.yaml"
t validate-dev-null 1 'err=/dev/null: is a device; give the path of a variant file (only regular files are read)' -- sow validate /dev/null
t validate-good-and-bad 1 'out=tests/cli/bad/good.yaml: ok (test-good)' 'err=tests/cli/bad/holes_zero.yaml:6:10: holes is 0; it must be from 1 to 32' -- sow validate tests/cli/bad/good.yaml tests/cli/bad/holes_zero.yaml

# The broken files: NAME and the exact first line of stderr.
B=tests/cli/bad
bad() {
    t "bad-$1" 1 "err=$2" lines=0 -- sow validate "$B/$1.yaml"
}
bad yaml_syntax "$B/yaml_syntax.yaml:8:7: YAML syntax error: did not find expected ',' or ']' while parsing a flow sequence that begins at 7:10; the mistake is between 7:10 and 8:7"
bad tab_indent "$B/tab_indent.yaml:7:1: YAML syntax error: found a tab character that violates indentation while scanning a plain scalar that begins at 6:10; the mistake is between 6:10 and 7:1"
bad two_docs "$B/two_docs.yaml:14:1: a second YAML document; a variant file holds exactly one"
bad duplicate_key "$B/duplicate_key.yaml:8:3: duplicate key 'holes' (first at line 6); keep one"
bad unknown_key "$B/unknown_key.yaml:8:3: unknown key 'pits' in board; the keys are: rows, holes, seeds, layout, row_seeds, layout_north, stores, stores_on_track, claims, closes, hand, placing, claimed"
bad placing_no_hand "$B/placing_no_hand.yaml:8:12: placing says how the seeds of board.hand are placed; give hand too, or drop placing"
bad placing_bad "$B/placing_bad.yaml:9:12: placing must be one of: alternate, layout (not 'all_at_once')"
bad hook_unknown_kind "$B/hook_unknown_kind.yaml:16:3: unknown key 'on_sow' in hooks; the keys are: lap_end, score, new_game, decisions, decide, play, filter, game_end, after_move, drop"
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
bad lap_action_bad "$B/lap_action_bad.yaml:12:11: do must be one of: stop, relay, capture, hook, chain, capture_opposite, capture_pair, extra_turn, capture_two_out, claim, capture_to_claim, close, take, capture_across, capture_all (not 'explode')"
bad rounds_no_match "$B/rounds_no_match.yaml:15:3: rounds: need match: {enabled: true} (or an option) beside them: the rounds are the games of a match"
bad rounds_no_seeds "$B/rounds_no_seeds.yaml:16:3: rounds: needs seeds: (the seeds a refilled hole receives)"
bad threshold_refill_alone "$B/threshold_refill_alone.yaml:15:14: threshold: refill counts the seeds that fill rounds.min_holes, so it needs a rounds: section"
bad then_relay_wrong "$B/then_relay_wrong.yaml:13:13: then: relay follows do: capture_opposite, capture_two_out or capture_across only (the seeds left in the hole are sown on)"
bad take_without_count "$B/take_without_count.yaml:12:11: do: take and take: K (the most seeds taken from the hole) go together"
bad layout_north_seeds "$B/layout_north_seeds.yaml:8:17: layout_north holds 11 seeds and layout 10: both starts must hold the same seeds"
bad chosen_with_decisions "$B/chosen_with_decisions.yaml:10:12: direction: chosen makes dir:ccw and dir:cw the decision moves; it cannot be combined with decisions: of the script"
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
# (which limit trips first, instructions, memory or time, depends on the
# load of the machine: these cases accept any)
H=tests/cli/hooks
t hook-loop 1 "err~$H/loop.lua:3: " 'err~ limit reached' 'err~(variant test-loop, hook lap_end)' lines=0 -- sow replay $H/loop.yaml --moves 2 --json
t hook-bomb 1 "err~$H/bomb.lua" 'err~ limit reached' 'err~(variant test-bomb, hook lap_end)' lines=0 -- sow replay $H/bomb.yaml --moves 2 --json
t hook-runtime-error 1 "err=$H/runtime.lua:4: attempt to index a nil value (local 't') (variant test-runtime, hook lap_end)" lines=0 -- sow replay $H/runtime.yaml --moves 2 --json
t hook-bad-score 1 "err=$H/badscore.lua:3: function score returned something other than two whole numbers (variant test-badscore, hook score)" -- sow replay $H/badscore.yaml --moves 2 --json
t hook-loop-at-load 1 "err~$H/loadloop.lua:2: " 'err~ limit reached' 'err~(variant test-loadloop' -- sow validate $H/loadloop.yaml
# few Lua instructions, each copying megabytes: a count of instructions
# alone does not bound the time (the hook's own limit stops it in about a
# second; the case allows 6 for a loaded machine)
limit=6 t hook-slow-c-work !0 'err~variant test-slow, hook lap_end' lines=0 -- sow replay $H/slow.yaml --moves 2 --json
t hook-loop-bench 1 'err~(variant test-loop, hook lap_end)' -- sow bench $H/loop.yaml --seconds 0.2
t hook-loop-play 1 'err~(variant test-loop, hook lap_end)' -- sow play $H/loop.yaml --south computer --north computer --seed 1
t hook-bomb-play 1 'err~(variant test-bomb, hook lap_end)' -- sow play $H/bomb.yaml --south random --north random --seed 1
t hook-variants-validate 0 noerr 'out~test-loop' -- sow validate $H/loop.yaml $H/bomb.yaml $H/runtime.yaml $H/slow.yaml
# the move hooks: play names a hole the filter hook refuses, with its reason
# (docs/writing-variants.md, the filter hook); show describes the hooks
input=$'a\nb\nquit\n' t play-filter-refused 0 noerr \
    'out~South to move> hole a is refused: the first hole is never played. legal moves: c d e f' \
    "out~South to move> hole b is refused: the variant's filter hook refuses it. legal moves: c d e f" \
    -- sow play $H/refuse.yaml --north random --seed 1
t replay-filter-refused 1 'err~move 0 is not legal for South; the legal moves are: 2 3 4 5' -- sow replay $H/refuse.yaml --moves 0
t show-move-hooks 0 noerr "out~  legal moves    as the script's filter hook must_capture says, seeing each move's outcome on a copy (P42)" \
    "out~  after a move   the script's after_move hook count_captures may change owners, the player to move, the phase and its state" \
    "out~  the script's game_end hook race says so, after any move, before the rules below" -- sow show tests/variants/capture_race.yaml
# the test variant of the three move hooks: its scenarios, and games that
# end by game_end
t test-capture-race 0 noerr 'out~covers all 6 rule ids of the variant and all 6 option values' 'last=11 scenarios, 0 failed' -- sow test tests/variants/capture_race.yaml
# issue 23: sow test opens a script once per option set of a scenario
# file, not once per case. slow-start's script (a top level of about
# 40 ms) keeps a count in a table, which a case after another of the same
# options sees: one case of its 80 passes only when they share the script
# (tests/unit/test_scenario_once.c counts the opens and compares each case
# with itself run alone)
limit=10 t test-once-per-file 0 noerr 'out~covers all 3 rule ids of the variant and all 4 option values' 'last=80 scenarios, 0 failed' -- sow test tests/variants/slow_start.yaml
limit=30 t selfplay-capture-race 0 noerr 'out~games           10' -- sow selfplay tests/variants/capture_race.yaml --games 10 --players alphabeta:depth=2,mcts:iter=50
# (a random game: South reaches 10 seeds first, by the only legal move, a
# capture, at ply 18)
t replay-game-end-hook 0 noerr 'out~{"ply":18,"to_move":0,"legal":[4],"move":4,' \
    'last={"result":{"winner":0,"score":[16,6],"reason":"the script'"'"'s game_end hook ended the game","unfinished":false}}' \
    -- sow replay tests/variants/capture_race.yaml --moves "2 8 5 11 1 8 4 9 3 7 2 10 0 8 5 11 3 7 4" --json

# ---- bench, show, list -----------------------------------------------------
t bench 0 lines=1 'outre=games_per_s=[0-9]+ plies_per_s=[0-9]+ mean_plies=[0-9.]+ unfinished=[0-9]+' 'out~variant=adji-kui-1' noerr -- sow bench $V --seconds 0.2
t bench-seed 0 lines=1 'out~unfinished=0' -- sow bench $V --seconds 0.05 --seed 7
show_checks=(
    'out=Adji Kui I (adji-kui-1)'
    'out~  endless = repetition   (default repetition; repetition, unreachable, no_capture_plies:K)'
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

# show: the two-row family's mechanics in words, with the rule id each
# lap-end rule cites, as the options given make them; no "(null)" anywhere
for id in $("$SOW" list | awk '{ print $1 }'); do
    t "show-words-$id" 0 'out!~(null)' 'outre=^  otherwise      (relay|stop)' noerr -- sow show "$id"
done
t show-dakon 0 "out~  stores         on the track: each player's store lies after the last hole of their row; the mover's is sown like a hole, the opponent's passed over (C1.2)" \
    "out~  lap end        in the mover's store: extra turn: the move ends and the mover moves again (DK.3)" \
    "out~  lap end        count 1 in an own hole, seeds in the opposite hole: capture the opposite hole and the last hole's seeds (DK.4)" \
    'out~  start from     an own hole with 1 or more seeds, never a closed hole' \
    'out~  a player holds more than 70 (all 98 seeds less the 28 that fill 4 holes of 7) in store: they win at once, nothing swept (C1.7)' \
    'out~match: on; at most 1000 games, played in rounds (C1.6)' \
    "out~rounds: South starts the first round. After a round each player's total refills their own row with 7 seeds a hole, as many holes as it fills, from the right-hand end of each row (South g, f, ...; North G, F, ...), and the rest stays in their store; the holes left unfilled are closed for the round (C1.5). A player whose total cannot fill 4 holes (28 seeds) loses the match (if neither can, the larger total wins it). The last player to move in a round starts the next. A round won on the threshold (C1.7), ended by an endless move (C1.9) or left unfinished at max_plies ends the match." \
    noerr -- sow show dakon
t show-dakon-options 0 "out~refills their own row with 5 seeds a hole, as many holes as it fills, from the left-hand end of each row (South a, b, ...; North A, B, ...)" \
    'out~cannot fill 1 hole (5 seeds) loses the match' 'out~more than 45 (all 50 seeds less the 5 that fill 1 hole of 5)' \
    'out~match: off (a single round); at most 1000 games' noerr -- sow show dakon --option holes=5 --option fill_from=left --option min_holes=1 --option match=false
t show-gabata 0 'out~  lap end        in a hole the opponent claimed: take 2 seeds of the hole (all, if it holds fewer) into the store, then the mover moves again (GB.4)' \
    'out~  lap end        in a hole the mover claimed: stop (GB.3)' \
    "out~  lap end        count 4 in an opponent's hole: claim the hole: it is the mover's from now on (GB.4)" \
    'out~  claimed seeds  stay in their hole and count for its claimant; a claimed hole is never lifted nor captured (C1.4)' \
    'out~After a round every hole gets 4 seeds again and the stores are emptied; the winner owns one hole for every 4 seeds of their total (one more for a remainder above 2)' \
    "out~A loser's total below 11 ends the match" noerr -- sow show gabata
t show-olinda 0 'out~  direction      chosen by the starter of each round before their first move, with the decision dir:ccw or dir:cw (C1.12); the starter sows that way all round, the other player the other way' \
    'out~  laps           relay from the next hole: at a lap' \
    'out~  lap end        any count, the next hole empty: capture the hole after the next one, then, going on the same way, each hole that follows an empty one, as long as it holds seeds (OL.4)' \
    'out~decision moves: dir:ccw dir:cw  (the direction of the round, chosen by its starter; C1.12)' \
    'out~from the left-hand end of each row (South a, b, ...; North A, B, ...)' noerr -- sow show olinda
t show-kalah-if-off 0 "out~  lap end        count 1 in an own hole (if pick_own=always: off): capture (KA.4)" 'out~  a player holds more than 24 (half of the 48 seeds) in store' noerr -- sow show kalah
t show-kalah-if-on 0 "out~  lap end        count 1 in an own hole (if pick_own=always: on): capture (KA.4)" 'out!~a player holds more than' noerr -- sow show kalah --option pick_own=always --option threshold_end=false
t show-cross-kalah 0 'out~  direction      by the count lifted: odd counts counter-clockwise, even counts clockwise' noerr -- sow show cross-kalah
t show-lamlameta 0 'out~  played last    a hole holding exactly 2, only when every playable hole does' \
    "out~  first move     a round's first move is one of the 2 highest-numbered legal holes, and relays with no capture and no skip" \
    "out~  skip           an opponent's hole holding exactly 2 gets no seed and is passed over" \
    'out~  lap end        count 1 in an own hole, exactly 2 in the opposite hole: capture the opposite hole, then every opponent hole holding exactly 2 (LL.5)' \
    'out~The loser of a round starts the next (after a draw, its last mover).' noerr -- sow show lamlameta
t show-pallanguli 0 "out~  sow capture    a seed other than a lap's last that makes its hole hold 4 gives them to the hole's owner at once" \
    'out~  last seeds     when at most 6 seeds are left on the board after a move, the mover takes them' \
    "out~  must feed      when the opponent's row is empty at the start of a turn, only moves that give it seeds are legal; when none does, every move is" \
    'out~  lap end        any count, the next hole empty: capture the hole after the next one (PL.5)' noerr -- sow show pallanguli
t show-pallanguli-none 0 'out~  last seeds     off' 'out!~when at most' noerr -- sow show pallanguli --option last_seeds=none
t show-pallanguli-seeds 0 'out~  last seeds     when at most 4 seeds are left' 'out~with 4 seeds a hole' noerr -- sow show pallanguli --option seeds=4
t show-toguz 0 'out~  origin first   a hand of two or more drops its first seed back into the hole lifted from; a single seed moves on' \
    "out~  lap end        count 3 in an opponent's hole (if tuzdik=true: on): claim the hole: it is the mover's from now on, at most 1 claimed hole a player, never the opponent's last hole, never the hole with the same number as the opponent's claimed one; where it may not claim, the next rule applies (TK.3)" \
    "out~  lap end        an even count in an opponent's hole: capture (TK.4)" \
    'out~  a player holds more than 81 (half of the 162 seeds) in store and claimed holes: they win at once, nothing swept (C1.7); both exactly 81: a draw' \
    'out~  1 or fewer seeds on the board, while no hole is claimed' noerr -- sow show toguz-kumalak
t show-qelat 0 'out~  direction      by the hole lifted: holes 0, 1, 2, 6, 7, 8 (a, b, c, A, B, C) sow clockwise, the others counter-clockwise' \
    'out~South only holes 0, 5, 6, 7, 10, 11 (a, f, A, B, E, F), North only holes 0, 1, 4, 5, 6, 11 (a, b, e, f, A, F)' \
    "out~  lap end        count 4 (if four_capture=walda: on): move the hole's seeds into the mover's lowest-numbered claimed hole" \
    'out~  no undo        a single seed just sown' 'out~scoring: captures only; the seeds left on the board go to nobody (C1.8)' noerr -- sow show qelat
t show-qelat-options 0 'out~  no undo        off' 'out~(if four_capture=walda: off)' noerr -- sow show qelat --option no_undo=false --option four_capture=none
t show-nambayi 0 "out~  closed holes   a hand passes the mover's own closed holes by; each of the opponent's it reaches takes a seed out of play (C1.5, C1.13)" \
    "out~  lap end        count 4 in an opponent's hole: close the hole and sow its seeds on (NB.3)" \
    'out~  an endless move: a draw' noerr -- sow show nambayi
t show-sadeqa 0 'out~  reach          a hole holding at most 10 may be played only if its first lap ends in the opponent' \
    'out~  start          a set layout: as drawn when South starts a round; when North starts one:' \
    "out~  a row is empty after a move, the opponent's looked at first (before every other end rule): the player whose row is empty loses" \
    'out~Every round starts afresh, from the layout for its starter (layout when South starts, layout_north when North does). The first player to win 5 rounds wins the match.' noerr -- sow show sadeqa
t show-sadeqa-alternate 0 'out~from the layout for the player who did not start the last round' noerr -- sow show sadeqa --option layout=alternate
t show-jongkak 0 "out~  the mover's row is empty after a move (before every other end rule)" \
    "out~After a round only the loser's row is refilled" 'out~from the west end of each row (South a, b, ...; North G, F, ...)' noerr -- sow show jongkak
t show-tegre 0 'out~capture the opposite hole, then lift the seeds left in the last hole and sow on (TG.2)' \
    'out~the holes left unfilled stay empty and in play' \
    'out~scoring: captures; the seeds left on the board go to the player who moved last (C1.8)' noerr -- sow show tegre
t show-eson 0 'out~  start from     any hole of either row with 1 or more seeds' \
    'out~  lap end        count 2 or more, the next hole empty (if capture_hole=two_out: on): capture the hole after the next one (EX.3)' noerr -- sow show eson-xorgol
t show-oware 0 "out~  grand slam     a move whose captures would empty the opponent's whole row, which held seeds, captures nothing; the sowing stands" noerr -- sow show oware
t show-oware-forbid 0 "out~  grand slam     a move whose captures would empty the opponent's whole row, which held seeds, is not legal" noerr -- sow show oware --option grand_slam=forbid
# the readings other engines showed (issue 24; docs/rules-family.md OW, KA, TK)
t show-oware-readings 0 "out~  grand slam     a move whose captures would empty the opponent's whole row, whether or not it held seeds (feeding_slam), captures nothing; the sowing stands" 'out~  a player holds more than 24 (half of the 48 seeds) in store: they win at once, the seeds left given out as at any other end (C1.8)' noerr -- sow show oware --option feeding_slam=true --option threshold_sweep=true
t show-kalah-readings 0 'out~board: 2 rows of 4 holes, 24 seeds, a store for each player' "out~  a row is empty after a move, the opponent's looked at first (before every other end rule)" 'out~  a player holds more than 12 (half of the 24 seeds) in store: they win at once, nothing swept (C1.7)' noerr -- sow show kalah --option cleared=either --option holes=4 --option seeds=3
t show-toguz-no-tuzdik 0 'out~board: 2 rows of 5 holes, 50 seeds, a store for each player' "out~  lap end        count 3 in an opponent's hole (if tuzdik=true: off): claim the hole" noerr -- sow show toguz-kumalak --option tuzdik=false --option holes=5
t show-ouri 0 'out~  played last    a hole holding 1 seed, only when every non-empty own hole holds 1' 'out~captures, and the mover moves again (C1.3)' \
    'out~the player whose row is empty (with no row empty, each takes their own row' noerr -- sow show ouri

# ---- play, driven through stdin ---------------------------------------------
t play-computers 0 'out~Adji Kui I: South (computer) against North (computer).' 'outre=^game over after [0-9]+ moves: ' noerr -- sow play $V --south computer --north computer --seed 3
t play-randoms 0 'outre=^game over after [0-9]+ moves: ' noerr -- sow play $V --south random --north random --seed 5
input=$'z\nhelp\n8\n  c  \nquit\n' \
t play-human 0 "out~'z' is not a legal move. legal moves: a b c d e f" \
    'out~Adji Kui I: Afro-Cuban 2x6' 'out~  K1.5 ' \
    "out~'8' is not a legal move. legal moves: a b c d e f" \
    'out~move 1: South plays c' 'out~game left unfinished after 2 moves.' \
    out!~'game over' noerr -- sow play $V --seed 1
input=$'2\nq\n' t play-human-number 0 'out~move 1: South plays c' 'out~game left unfinished after 2 moves.' noerr -- sow play $V --seed 1
input=$'2\n' t play-eof 0 'out~move 1: South plays c' 'out~game left unfinished after 2 moves.' noerr -- sow play $V --seed 1
t play-eof-at-once 0 'out~game left unfinished after 0 moves.' noerr -- sow play $V --seed 1
# two people, fed a whole game (the reference's result: North 27-21)
input=${GAME1// /$'\n'} t play-humans-full-game 0 \
    'out~game over after 43 moves: neither player can move. South 21, North 27: North wins.' \
    out!~'not a legal move' noerr -- sow play $V --south human --north human
input=$'2\n2\n0\nhelp\nquit\n' t play-humans-illegal 0 \
    "out~'2' is not a legal move. legal moves: A B C D E F" \
    "out~'0' is not a legal move. legal moves: A B C D E F" \
    'out~game left unfinished after 1 move.' noerr -- sow play $V --south human --north human

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
t k2-nearest-match 0 noerr 'rec={"game":1,"starter":0,"owners":[0,0,0,0,0,0,1,1,1,1,1,1],"board":[4,4,4,4,4,4,4,4,4,4,4,4]}' lines=2 -- sow replay $V2 --moves 2 --option buy=nearest --option match=true --json

# replay: decision moves, legal and not
t k2-replay-match 0 noerr "last=$K2END" 'out~"move":"buy:9"' 'out~"move":"buy:8"' -- sow replay $V2 "${K2MO[@]}" --moves "$K2M" --json
t k2-replay-match-text 0 noerr 'out~match over after 2 games: the most games a match may have were played' -- sow replay $V2 "${K2MO[@]}" --moves "$K2M"
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
t k2-replay-after-match 1 "err=sow replay: game 2, token 120 ('3'): the match is already over after ply 78; nothing may follow" "last=$K2END" -- sow replay $V2 "${K2MO[@]}" --moves "$K2M 3" --json

# play: computers, and people buying through stdin
t k2-play-computers-match 0 noerr 'out~== game 1: South starts' 'out~== game 2: North starts' \
    'outre=^match over after 2 games: the most games a match may have were played\. Holes for a next game: South [0-9]+, North [0-9]+ \(unfinished\)\.$' \
    -- sow play $V2 --option match=true --option match_games=2 --south computer --north computer --seed 1
t k2-play-randoms-match 0 noerr 'outre=^match over after 3 games: ' -- sow play $V2 --option match=true --option match_games=3 --south random --north random --seed 4
# two people, fed the reference's match: South buys in game 2
input=$(printf '%s\n' $K2M) t k2-play-humans-match 0 noerr out!~'not a legal move' \
    'out~game over after 40 moves: 8 or fewer seeds on the board. South 36, North 12: South wins.' \
    "out~South, which of your opponent's holes do you buy? (K2.9)" \
    'out~  type buy:6 for hole A, buy:7 for hole B, buy:8 for hole C, buy:9 for hole D, buy:10 for hole E, or buy:11 for hole F' \
    'out~move 1: South answers "which of your opponent'"'"'s holes do you buy?": hole D' 'out~move 2: South answers "which of your opponent'"'"'s holes do you buy?": hole E' 'out~move 3: South answers "which of your opponent'"'"'s holes do you buy?": hole C' \
    'out~game over after 79 moves: 8 or fewer seeds on the board. South 17, North 31: North wins.' \
    'out~match over after 2 games: the most games a match may have were played. Holes for a next game: South 4, North 8 (unfinished).' \
    -- sow play $V2 "${K2MO[@]}" --south human --north human
# a person typing buys that are not legal, then one that is
input=$(printf '%s\n' $K2G1 buy:0 buy:x buy:99 6 buy:9 quit) t k2-play-human-bad-buys 0 noerr \
    "out~'buy:0' is not a legal move. legal moves: $K2BUYS" \
    "out~'buy:x' is not a legal move. legal moves: $K2BUYS" \
    "out~'buy:99' is not a legal move. legal moves: $K2BUYS" \
    "out~'6' is not a legal move. legal moves: $K2BUYS" \
    'out~move 1: South answers "which of your opponent'"'"'s holes do you buy?": hole D' 'out~  type buy:6 for hole A, buy:7 for hole B, buy:8 for hole C, buy:10 for hole E, or buy:11 for hole F' \
    'out~game left unfinished after 1 move.' \
    -- sow play $V2 "${K2MO[@]}" --south human --north human
input=$'buy:6\nquit\n' t k2-play-buy-single 0 noerr "out~'buy:6' is not a legal move. legal moves: a b c d e f" \
    'out~game left unfinished after 0 moves.' -- sow play $V2 --seed 1

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
t boto-replay-opening-again 1 'err=sow replay: ply 2: move 0 is not legal for South; the legal moves are: 1 2 3 4' "rec=$BPLY0" "last=$BPLY1" lines=2 -- sow replay $VB --moves "0 5 0" --json
t boto-replay-opening-again-north 1 'err=sow replay: ply 3: move 5 is not legal for North; the legal moves are: 6 7 8 9' "rec=$BPLY0" lines=3 -- sow replay $VB --moves "0 5 1 5" --json
t boto-replay-opening-tenth 1 'err=sow replay: ply 9: move 5 is not legal for North; the legal moves are: 9' lines=9 -- sow replay $VB --moves "0 5 1 6 2 7 3 8 4 5" --json
t boto-replay-opening-text 1 'err=sow replay: ply 2: move 0 is not legal for South; the legal moves are: 1 2 3 4' \
    'out~move 1: South plays a' 'out~opening: still to play: South b c d e, North A B C D E' \
    'out~opening: still to play: South b c d e, North B C D E' -- sow replay $VB --moves "0 5 0"
# B.3: after a player's fifth opening move nothing is due from them
t boto-replay-opening-done 0 noerr 'out~opening: still to play: South none, North E' \
    -- sow replay $VB --moves "0 5 1 6 2 7 3 8 4"
# after the opening (ply 10) every hole is legal again, hole 0 too
t boto-replay-after-opening 0 noerr lines=11 'out~"ply":10,"to_move":0,"legal":[0,1,2,3,4],"move":0,' -- sow replay $VB --moves "$BOPENING 0" --json
# the reference's game, replayed in full (B.5 passes, B.6 with the sweep)
t boto-replay-full-game 0 "last=$BOTO_RESULT" lines=78 noerr -- sow replay $VB --moves "$BOTO" --json
t boto-replay-full-game-text 0 'out~game over: neither player can move; 54-46, South wins' noerr -- sow replay $VB --moves "$BOTO"
t boto-replay-after-end 1 "err=sow replay: token 78 ('3'): the game is already over after ply 76; nothing may follow" "last=$BOTO_RESULT" lines=78 -- sow replay $VB --moves "$BOTO 3" --json

# play: computers (the opening shows the holes still due), randoms, people
t boto-play-computers 0 noerr 'out~Adji-Boto: South (computer) against North (computer).' \
    'outre=^opening: still to play: South( [a-e])+, North( [A-E])+$' \
    'outre=^game over after [0-9]+ moves: neither player can move\. South [0-9]+, North [0-9]+: ' \
    -- sow play $VB --south computer --north computer --seed 1
t boto-play-randoms 0 noerr 'outre=^opening: still to play: ' 'outre=^game over after [0-9]+ moves: ' -- sow play $VB --south random --north random --seed 5 --option empty_in_chain=skip
input=$'a\nA\na\nquit\n' t boto-play-humans-opening 0 noerr \
    'out~move 1: South plays a' 'out~opening: still to play: South b c d e, North B C D E' \
    "out~'a' is not a legal move. legal moves: b c d e" 'out~game left unfinished after 2 moves.' \
    -- sow play $VB --south human --north human
input=${BOTO// /$'\n'} t boto-play-humans-full-game 0 noerr out!~'not a legal move' \
    'out~game over after 77 moves: neither player can move. South 54, North 46: South wins.' \
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
t andada-replay-opening 0 noerr "rec=$APLY0" lines=1 -- sow replay $VA --moves 0 --json
t andada-replay-opening-north-hole 1 'err=sow replay: ply 0: move 12 is not legal for South; the legal moves are: 0 1 2 3 4 5 6 7 8 9 10 11' lines=0 -- sow replay $VA --moves 12 --json
t andada-replay-opening-decision 1 'err=sow replay: ply 0: move first:0 is not legal for South; the legal moves are: 0 1 2 3 4 5 6 7 8 9 10 11' lines=0 -- sow replay $VA --moves first:0 --json
t andada-replay-hole-not-decision 1 "err=sow replay: ply 1: move 4 is not legal for North; $ADECIDE" "rec=$APLY0" lines=1 -- sow replay $VA --moves "0 4" --json
t andada-replay-north-hole-not-decision 1 "err=sow replay: ply 1: move 13 is not legal for North; $ADECIDE" lines=1 -- sow replay $VA --moves "0 13" --json
t andada-replay-first-2 1 "err=sow replay: ply 1: move first:2 is not legal for North; $ADECIDE" lines=1 -- sow replay $VA --moves "0 first:2" --json
t andada-replay-first-x 1 "err=sow replay: ply 1: move 'first:x': the value after 'first:' must be a whole number from 0 to 255; $ADECIDE" lines=1 -- sow replay $VA --moves "0 first:x" --json
t andada-replay-other-decision 1 "err=sow replay: ply 1: move 'buy:3' is neither a hole number (0 to 23) nor a decision (first:N); $ADECIDE" lines=1 -- sow replay $VA --moves "0 buy:3" --json
t andada-replay-decision-again 1 'err~sow replay: ply 2: move first:0 is not legal for South; the legal moves are: ' lines=2 -- sow replay $VA --moves "0 first:0 first:0" --json
t andada-replay-decision-text 0 noerr 'out~move 1: South plays a' 'out~move 2: North answers "who makes the first regular move?": North' -- sow replay $VA --moves "0 first:1"
# P13: stops before the end: ply lines only, exit 0 (the last line is the
# reference's: tests/ref/andada.py replay --moves "0 first:1 13")
t andada-replay-p13 0 noerr lines=3 out!~result "rec=$APLY0" 'last={"ply":2,"to_move":1,"legal":[13,14,16,17,19,20,22,23],"move":13,"board":[1,3,3,0,3,3,0,3,3,0,3,3,0,0,4,1,0,4,1,4,0,1,4,4],"captured":[0,0]}' -- sow replay $VA --moves "0 first:1 13" --json
# the reference's game in full (A.6: North has no seeds, South wins, no score)
t andada-replay-full-game 0 noerr "last=$AGAME_RESULT" lines=66 -- sow replay $VA --moves "$AGAME" --json
t andada-replay-full-game-text 0 noerr 'out~game over: North has no seeds; South wins' out!~'South 0, North 0' -- sow replay $VA --moves "$AGAME"
t andada-replay-after-end 1 "err=sow replay: token 66 ('3'): the game is already over after ply 64; nothing may follow" "last=$AGAME_RESULT" lines=66 -- sow replay $VA --moves "$AGAME 3" --json

# play: computers to the end; a person answering North's decision
t andada-play-computers 0 noerr 'out~Andada: South (computer) against North (computer).' \
    'outre=^game over after [0-9]+ moves: (South|North) has no (seeds|legal move)\. (South|North) wins\.$' \
    'out~  type first:0 for South, or first:1 for North' \
    -- sow play $VA --south computer --north computer --seed 1
t andada-play-computers-24 0 noerr 'outre=^game over after [0-9]+ moves: .* wins\.$' -- sow play $VA --south computer --north computer --seed 2 --option holes=24 --option direction=cw
t andada-play-randoms 0 noerr 'outre=^game over after [0-9]+ moves: .* wins\.$' -- sow play $VA --south random --north random --seed 3 --option bearoff=dynamic
input=$'first:2\n4\nfirst:0\nquit\n' t andada-play-human-decides 0 noerr \
    'out~North, who makes the first regular move? (A.3)' \
    'out~  type first:0 for South, or first:1 for North' out!~'first:0 for South, first:1' \
    "out~'first:2' is not a legal move. legal moves: first:0 first:1" \
    "out~'4' is not a legal move. legal moves: first:0 first:1" \
    'out~move 2: North answers "who makes the first regular move?": South' 'outre=^move 3: South plays [a-l]( and takes [0-9]+)?$' \
    'out~game left unfinished after 3 moves.' \
    -- sow play $VA --south computer --north human --seed 1
input=$'first:1\nquit\n' t andada-play-human-north-starts 0 noerr \
    'out~move 2: North answers "who makes the first regular move?": North' 'out~game left unfinished after 2 moves.' \
    -- sow play $VA --south computer --north human --seed 1
input=${AGAME// /$'\n'} t andada-play-humans-full-game 0 noerr out!~'not a legal move' \
    'out~game over after 65 moves: North has no seeds. South wins.' \
    -- sow play $VA --south human --north human

# bench
t andada-bench 0 lines=1 'outre=games_per_s=[0-9]+ plies_per_s=[0-9]+ mean_plies=[0-9.]+ unfinished=[0-9]+' 'out~variant=andada' noerr -- sow bench $VA --seconds 0.2
t andada-bench-options 0 lines=1 'out~variant=andada' 'out~unfinished=0' noerr -- sow bench $VA --seconds 0.05 --seed 3 --option holes=24 --option direction=cw --option endless_move=end_game

# ---- computer players, sow search, sow selfplay, sow stats (issue 8) -------
for c in search solve selfplay stats; do
    t "$c-help" 0 "out~usage: sow $c" noerr -- sow "$c" --help
    t "$c-help-h" 0 "out~usage: sow $c" noerr -- sow "$c" -h
    t "$c-unknown-flag" 2 "err=sow $c: unknown flag '--bogus' (see 'sow $c --help')" lines=0 -- sow "$c" $V --bogus
done
PLAYERS_HELP='random[:by=decision], greedy, alphabeta[:depth=D][:ms=T][:tt=B][:db=DIR], mcts[:iter=N][:ms=T][:c=X][:playout=P][:db=DIR], perfect[:mib=M][:trust=1][:db=DIR]'

# play: the searching players, the decision moves of Andada included
t play-alphabeta-bad 2 "err=sow play: --south: player 'alphabeta:depth=0': depth takes a whole number from 1 to 64, not '0' (see 'sow play --help')" lines=0 -- sow play $V --south alphabeta:depth=0
t play-mcts-bad 2 "err=sow play: --north: player 'mcts:depth=3': mcts has no parameter 'depth'; its parameters: iter, ms, c, playout, db (see 'sow play --help')" lines=0 -- sow play $V --north mcts:depth=3
t play-alphabeta-mcts 0 noerr 'out~Adji Kui I: South (alphabeta:depth=2) against North (mcts:iter=30).' 'outre=^game over after [0-9]+ moves: ' -- sow play $V --south alphabeta:depth=2 --north mcts:iter=30 --seed 1
t play-andada-search-decides 0 noerr 'outre=^move 2: North answers "who makes the first regular move\?": (South|North)$' 'outre=^game over after [0-9]+ moves: .* wins\.$' -- sow play $VA --south mcts:iter=20 --north alphabeta:depth=2 --seed 2
t play-greedy-word 0 noerr 'out~South (computer) against North (random)' -- sow play $V --south greedy --north random --seed 1 --option max_plies=4

# search: the Andada 2x15 measurement; errors
t search-andada15-d7 0 noerr lines=1 'out~variant=andada player=alphabeta:depth=7 ply=2 to_move=South move=2 label=c score=53 depth=7 nodes=36716 ' 'outre= ms=[0-9.]+ nodes_per_s=[0-9]+$' -- sow search $VA --option holes=15 --moves "0 first:0" --player alphabeta:depth=7
t search-decision 0 noerr 'out~ply=1 to_move=North move=first:1 label=first:1 ' -- sow search $VA --moves 0 --player alphabeta:depth=4
t search-mcts 0 noerr 'outre=player=mcts:iter=100 ply=0 to_move=South move=[0-9]+ label=[a-l] win_rate=[0-9.]+ iterations=100 nodes=[0-9]+ ' -- sow search $VA --player mcts:iter=100 --seed 3
# a match's move list that ends a round: the search starts the next (C1.6)
t search-next-round 0 noerr 'out~variant=dakon player=random ply=0 to_move=North move=' -- sow search dakon --moves "0 1 0 7 2 5 1 10 9 0 7 3 12 8 3 12 2 7 4 9 10 5 13 5 10 3 12 4 9 5 10 6 11 12 13" --player random
t search-time 0 noerr 'outre=player=alphabeta:ms=30 .* depth=[0-9]+ ' -- sow search $VA --option holes=24 --moves "5 first:1" --player alphabeta:ms=30
t search-default 0 noerr 'out~player=alphabeta:depth=6 ply=0 to_move=South' -- sow search $V
t search-no-variant 2 "err=sow search: which variant? e.g. sow search andada --moves \"0 first:0\" (see 'sow search --help')" -- sow search
t search-player-bad 2 "err=sow search: --player: player 'minimax': no such player; players are $PLAYERS_HELP (see 'sow search --help')" -- sow search $V --player minimax
t search-player-no-value 2 "err=sow search: --player needs a value (--player SPEC) (see 'sow search --help')" -- sow search $V --player
t search-seed-bad 2 "err=sow search: --seed takes a whole number from 0 to 18446744073709551615, not '-1' (see 'sow search --help')" -- sow search $V --seed -1
t search-repeat-bad 2 "err=sow search: --repeat takes a whole number from 1 to 1000, not '0' (see 'sow search --help')" -- sow search $V --repeat 0
t search-bad-token 1 "err=sow search: --moves: ply 2: move 'x' is neither a hole label (a to f, A to F) nor a hole number (0 to 11); the legal moves are: 0 1 3 4 5" lines=0 -- sow search $V --moves "2 8 x"
t search-illegal 1 'err=sow search: --moves: ply 1: move 2 is not legal for North; the legal moves are: 6 7 8 9 10 11' lines=0 -- sow search $V --moves "2 2"
t search-game-over 1 "err=sow search: the game is over after ply 64: there is no move to search; give fewer moves" lines=0 -- sow search $VA --moves "$AGAME"
t search-no-variant-file 1 "err~sow search: no variant 'nope'" -- sow search nope

# selfplay: the summary, errors
t selfplay-text 0 noerr 'out~variant         adji-kui-1 (endless=repetition, skip_origin=false, max_plies=10000)' \
    'out~players         South random, North random; seed 1' 'out~games           200' \
    'outre=^South wins +[0-9.]+%  95% CI +[0-9.]+% to +[0-9.]+%  \([0-9]+ of 200\)$' \
    'outre=^first mover +[0-9.]+%  95% CI' 'outre=^draws +[0-9.]+%' 'outre=^unfinished +0\.00%' \
    'outre=^plies +mean [0-9.]+, median [0-9.]+, max [0-9]+ per game$' \
    'outre=^captures +[0-9.]+ seeds in [0-9.]+ capturing moves per game$' \
    'out~endless moves   0.000 left out per game (P6)' 'outre=^time +[0-9.]+ s, [0-9]+ games/s, 2 threads$' \
    -- sow selfplay $V --games 200 --threads 2
t selfplay-json 0 noerr lines=1 'out~{"format":"sow-selfplay","version":2,"sow_version":"'"$SOW_VERSION"'","variant":"adji-kui-1","options":{"endless":"repetition","skip_origin":"false","max_plies":"10000"},"players":["greedy","alphabeta:depth=2"],"seed":"7","games_requested":20,"unit":"game","interrupted":false,"shards":{"count":1,"done":[0]},"totals":{"games":20,' 'out~"plies_hist":[[' 'out~"summary":{"south_wins":{"count":' -- sow selfplay $V --games 20 --players greedy,alphabeta:depth=2 --seed 7 --json
t selfplay-andada-first-mover 0 noerr 'outre=^moved first +South in [0-9.]+% of 40 games$' -- sow selfplay $VA --games 40 --players random,mcts:iter=10
t selfplay-match 0 noerr 'out~matches         6' 'out~match length    2.00 games per match' -- sow selfplay $V2 --option match=true --option match_games=2 --games 6
t selfplay-endless 0 noerr 'outre=^endless moves +0\.[0-9]*[1-9][0-9]* left out per game \(P6\)$' -- sow selfplay $V2 --games 300
t selfplay-no-variant 2 "err=sow selfplay: which variant? e.g. sow selfplay adji-kui-1 --games 1000 (see 'sow selfplay --help')" -- sow selfplay
t selfplay-games-0 2 "err=sow selfplay: --games takes a whole number from 1 to 10000000000, not '0' (see 'sow selfplay --help')" -- sow selfplay $V --games 0
t selfplay-threads-bad 2 "err=sow selfplay: --threads takes a whole number from 0 (all cores) to 256, not '257' (see 'sow selfplay --help')" -- sow selfplay $V --threads 257
t selfplay-seed-bad 2 "err=sow selfplay: --seed takes a whole number from 0 to 18446744073709551615, not 'x' (see 'sow selfplay --help')" -- sow selfplay $V --seed x
t selfplay-shard-bad 2 "err=sow selfplay: --shard takes I/N with 0 <= I < N, e.g. --shard 0/4, not '4/4' (see 'sow selfplay --help')" -- sow selfplay $V --shard 4/4
t selfplay-shard-word 2 "err=sow selfplay: --shard takes I/N with 0 <= I < N, e.g. --shard 0/4, not 'two' (see 'sow selfplay --help')" -- sow selfplay $V --shard two
t selfplay-players-one 2 "err=sow selfplay: --players takes two players A,B (South, North), e.g. --players alphabeta:depth=4,random, not 'random' (see 'sow selfplay --help')" -- sow selfplay $V --players random
t selfplay-players-bad 2 "err=sow selfplay: --players: player 'alphabeta:depth=x': depth takes a whole number from 1 to 64, not 'x' (see 'sow selfplay --help')" -- sow selfplay $V --players random,alphabeta:depth=x
t selfplay-two-variants 2 "err=sow selfplay: one variant at a time ('adji-kui-1' and 'adji-kui-1') (see 'sow selfplay --help')" -- sow selfplay $V $V
t selfplay-no-such-variant 1 "err~sow selfplay: no variant 'nope'" -- sow selfplay nope
t selfplay-bad-option 1 "err=sow selfplay: option endless: 'sometimes' is not a value it takes; $ALLOWED_ENDLESS" -- sow selfplay $V --option endless=sometimes
# --jsonl: a line per game, in game order, replayable; nothing left on an error
SPJ="$cli_tmp/sp.jsonl"
t selfplay-jsonl 0 noerr "file=$SPJ" "nofile=$SPJ.tmp" -- sow selfplay $V --games 30 --threads 3 --jsonl "$SPJ"
t selfplay-jsonl-lines 0 noerr 'out=30 0 29' -- bash -c "echo \$(wc -l <'$SPJ') \$(head -1 '$SPJ' | sed 's/{\"game\":\\([0-9]*\\),.*/\\1/') \$(tail -1 '$SPJ' | sed 's/{\"game\":\\([0-9]*\\),.*/\\1/')"
# the moves are the record's tokens: joined with spaces they replay
t selfplay-jsonl-replays 0 noerr 'out~{"result":{"winner":' -- bash -c "$SOW replay $V --json --moves \"\$(head -1 '$SPJ' | $PYTHON -c 'import json, sys; print(\" \".join(map(str, json.loads(sys.stdin.read())[\"moves\"])))')\" | tail -1"
t selfplay-jsonl-fields 0 noerr 'outre=^\{"game":0,"seed":"[0-9]+","players":\["random","random"\],"result":\{"winner":(0|1|null),"unfinished":false,"reason":"[a-z ]+","score":\[[0-9]+,[0-9]+\]\},"first_mover":0,"plies":[0-9]+,"captured":\[[0-9]+,[0-9]+\],"moves":\[[0-9]+(,[0-9]+)*\],"variant":"adji-kui-1","options":\{\},"digest":"fnv1a64:[0-9a-f]{16}","sow":"[0-9.]+"\}$' -- head -1 "$SPJ"
t selfplay-jsonl-nodir 1 "err=sow selfplay: cannot write $cli_tmp/none/x.jsonl: No such file or directory; check that the directory exists and is writable" "nofile=$cli_tmp/none" -- sow selfplay $V --games 3 --jsonl "$cli_tmp/none/x.jsonl"
t selfplay-hook-error 1 "err~sow selfplay: game 0 (seed 8841707400507832957): tests/cli/hooks/runtime.lua:4: attempt to index a nil value" "nofile=$cli_tmp/rt.jsonl" "nofile=$cli_tmp/rt.jsonl.tmp" -- sow selfplay $H/runtime.yaml --games 10 --threads 2 --jsonl "$cli_tmp/rt.jsonl"
# the same numbers whatever the thread count; shards merged = the whole run
SP="$SOW selfplay $V --games 300 --seed 11 --players random,greedy --json"
t selfplay-threads-same 0 noerr 'out=same' -- bash -c "cmp <($SP --threads 1) <($SP --threads 4) && echo same"
SPA="$SOW selfplay $VA --games 12 --seed 3 --players alphabeta:depth=2,mcts:iter=15 --json"
t selfplay-threads-same-search 0 noerr 'out=same' -- bash -c "cmp <($SPA --threads 1) <($SPA --threads 3) && echo same"
for i in 0 1 2; do
    t "selfplay-shard-$i" 0 noerr lines=1 "out~\"shards\":{\"count\":3,\"done\":[$i]}" -- bash -c "$SP --threads 2 --shard $i/3 | tee '$cli_tmp/shard$i.json'"
done
$SP >"$cli_tmp/whole.json"
t stats-merge-equals-whole 0 noerr 'out=same' -- bash -c "cmp <($SOW stats '$cli_tmp/shard2.json' '$cli_tmp/shard0.json' '$cli_tmp/shard1.json' --json) '$cli_tmp/whole.json' && echo same"
t stats-text 0 'out~variant         adji-kui-1' 'out~games           300' 'out~players         South random, North greedy; seed 11' -- sow stats "$cli_tmp/shard0.json" "$cli_tmp/shard1.json" "$cli_tmp/shard2.json"
t stats-partial 0 'err=sow stats: 2 of 3 shards given; the totals cover those games only' 'out~(shards 0 2 of 3)' -- sow stats "$cli_tmp/shard0.json" "$cli_tmp/shard2.json"
t stats-partial-json 0 'out~"shards":{"count":3,"done":[0,1]}' -- sow stats "$cli_tmp/shard1.json" "$cli_tmp/shard0.json" --json
t stats-twice 1 "err=$cli_tmp/shard1.json: shard 1/3 is given twice: each shard's games may be counted once" lines=0 -- sow stats "$cli_tmp/shard1.json" "$cli_tmp/shard1.json"
$SOW selfplay $V --games 30 --seed 12 --players random,greedy --json --shard 1/3 >"$cli_tmp/other.json"
t stats-other-run 1 "err=$cli_tmp/other.json: the seeds differ: 12 here, 11 in the first file; merge only the shards of one run (the same variant, --option, --players, --seed, --games and N of --shard I/N)" -- sow stats "$cli_tmp/shard0.json" "$cli_tmp/other.json"
t stats-no-files 2 "err=sow stats: which files? e.g. sow stats shard-*.json, or sow stats - to read them from standard input (see 'sow stats --help')" -- sow stats
t stats-missing 1 "err=$cli_tmp/nope.json: cannot open: No such file or directory" -- sow stats "$cli_tmp/nope.json"
printf '{"format":"sow-selfplay",\n  "version": 1,\n  "variant": x}\n' >"$cli_tmp/bad.json"
t stats-not-json 1 "err=$cli_tmp/bad.json:3:14: expected a JSON value; is this the --json output of sow selfplay?" -- sow stats "$cli_tmp/bad.json"
t stats-other-json 1 "err=$cli_tmp/rec.json:1:1: field \"format\" is missing, expected a string; is this the --json output of sow selfplay?" -- bash -c "$SOW replay $V --moves 2 --json >'$cli_tmp/rec.json'; $SOW stats '$cli_tmp/rec.json'"
sed 's/"games":300,/"games":301,/' "$cli_tmp/whole.json" >"$cli_tmp/edited.json"
t stats-edited 1 "err~$cli_tmp/edited.json:1:" "err~the totals do not add up" -- sow stats "$cli_tmp/edited.json"

# ---- sow play for learners: watch, hint, undo (a terminal: tests/cli/play_pty.py)
t play-watch-delay-word 2 "err=sow play: --watch-delay takes a whole number of milliseconds from 0 to 10000, not 'x' (see 'sow play --help')" -- sow play $V --watch-delay x
input=$'hint\nc\nundo\nundo\nquit\n' t play-hint-undo 0 noerr \
    'out~what each legal move of South would do:' 'out~  c      1 sowing, ends in A' \
    'out~move 1: South plays c' 'out~undone: move 1: South plays c, and the moves after it; South to move.' \
    'out~nothing to undo: no move of yours yet.' \
    -- sow play $V --south human --north computer --seed 1
input=$'c\nquit\n' t play-watch-lines 0 noerr 'out~  South lifts the 4 seeds of c (K1.2)' 'out~  sows into d e f A' \
    -- sow play $V --south human --north computer --seed 1 --watch
input=$'watch\nhelp\nquit\n' t play-watch-toggle 0 noerr 'out~watch mode on' 'out~undo (take back your last move), watch (seed by seed: now on), help, quit' \
    -- sow play $V --south human --north computer --seed 1

# ---- sow trace: every step told, citing the variant's rules ---------------
t trace-no-variant 2 "err=sow trace: which variant? e.g. sow trace adji-kui-1 --moves \"2 8\" (see 'sow trace --help')" -- sow trace --moves 2
t trace-no-moves 2 "err=sow trace: --moves \"TOKENS\" is required (see 'sow trace --help')" -- sow trace $V
t trace-unknown-flag 2 "err=sow trace: unknown flag '--bogus' (see 'sow trace --help')" -- sow trace $V --moves 2 --bogus
t trace-illegal 1 "err~sow trace: ply 1: move 3 is not legal for North" 'out~move 1: South plays c' -- sow trace $V --moves "2 3" --no-board
t trace-after-end 1 "err~the game is already over" -- sow trace $V --moves "$GAME1 0" --no-board
# K1.2, K1.4: the lift, each drop, the lap end, each cited once per ply
t trace-kui1 0 noerr 'out=Adji Kui I (adji-kui-1), South to move' \
    'out~move 1: South plays c' 'out~  South lifts the 4 seeds of c' \
    'out~      K1.2: A move takes all seeds from one of the mover'"'"'s holes holding 2 or more; singletons are never sown.' \
    'out~  one seed into d, now 5' 'out~  one seed into A, now 5' \
    'out~  the last seed falls in A, which now holds 5: the move ends' \
    -- sow trace $V --moves "2 8"
t trace-kui1-brief 0 noerr 'out~  sows into d e f A' out!~'one seed into' -- sow trace $V --moves "2 8" --brief --no-board
# K1.5: a capture by the script's hook, told after the lap end; K1.8 the end
t trace-kui1-game 0 noerr 'out~  North takes the 3 seeds of a' \
    'out~      K1.5: Last seed in an opponent'"'"'s hole making 2 or 3 captures it, then the holes before it while they are the opponent'"'"'s and hold 2 or 3.' \
    'out~  the game ends: neither player can move (South 21, North 27); North wins' \
    'out~      K1.8: Each player adds the seeds in their own holes to their captures; more wins, 24-24 is a draw.' \
    -- sow trace $V --moves "$GAME1" --brief --no-board
# OW.3: the chain's sentence says what the rule does (the holes BEFORE
# the last one, the opponent's), as the chain of the variant reads
t trace-oware-chain 0 noerr \
    'out~  the last seed falls in c, which now holds 3: it is taken if it is the opponent'"'"'s and holds 2 or 3, then the holes before it, one after another, while each is the opponent'"'"'s and holds 2 or 3; then the move ends' \
    out!~'holes after it' -- sow trace oware --moves "2 8 5 11 1 8 4 8 5 7" --brief --no-board
# records that say which game they are (issue 27 D4, docs/record.md): the
# first line names the variant, the options off their defaults, the digest
# of the files and sow's version; --record replays a record on its own game
t record-names 0 noerr 'outre=^\{"ply":0,.*,"captured":\[0,0\],"variant":"wari","options":\{"max_plies":"50"\},"digest":"fnv1a64:[0-9a-f]{16}","sow":"[0-9]+\.[0-9]+\.[0-9]+"\}$' \
    -- sow replay wari --option max_plies=50 --moves "2 8" --json
REC_WARI=$cli_tmp/wari.jsonl
"$SOW" replay wari --option max_plies=50 --moves "2 8 1" --json >"$REC_WARI"
t record-replay 0 noerr "out=$(head -n 1 "$REC_WARI")" lines=3 -- sow replay --record "$REC_WARI" --json
t record-trace 0 noerr 'out~wari' 'out~move 3: South plays b' -- sow trace --record "$REC_WARI" --brief
t record-animate 0 noerr "file=$cli_tmp/wari.html" -- sow animate --record "$REC_WARI" --html "$cli_tmp/wari.html"
t record-other-id 2 "err=sow replay: $REC_WARI is a record of wari, not of oware: leave the variant out (sow replay --record $REC_WARI), or name wari or a file of it (see 'sow replay --help')" \
    -- sow replay oware --record "$REC_WARI"
mkdir -p "$cli_tmp/edited"
sed 's/^name: Wari/name: Wari (edited)/' variants/wari.yaml >"$cli_tmp/edited/wari.yaml"
t record-digest 1 "err~sow replay: $REC_WARI was played on other files of variant wari than $cli_tmp/edited/wari.yaml (the record's digest fnv1a64:" \
    'err~--ignore-digest' -- sow replay "$cli_tmp/edited/wari.yaml" --record "$REC_WARI" --json
t record-ignore-digest 0 noerr lines=3 -- sow replay "$cli_tmp/edited/wari.yaml" --record "$REC_WARI" --json --ignore-digest
# an older record (no names) still reads, its variant named
sed -E '1s/,"variant":.*$/}/' "$REC_WARI" >"$cli_tmp/old.jsonl"
t record-older 0 noerr lines=3 'out~"move":1' -- sow replay wari --record "$cli_tmp/old.jsonl" --json
t record-older-unnamed 2 "err=sow replay: $cli_tmp/old.jsonl names no variant (a record of an older sow): name it, e.g. sow replay oware --record $cli_tmp/old.jsonl (see 'sow replay --help')" \
    -- sow replay --record "$cli_tmp/old.jsonl"
t record-and-moves 2 "err=sow replay: --moves and --record both give the moves: give one of them (see 'sow replay --help')" \
    -- sow replay --record "$REC_WARI" --moves 2
printf '{"ply":0,"move":2}\n{"ply":1,"move":"x y"}\n' >"$cli_tmp/bad.jsonl"
t record-bad-move 1 "err=$cli_tmp/bad.jsonl:2:17: the move 'x y' is not a move token" -- sow replay oware --record "$cli_tmp/bad.jsonl"
t record-missing 1 "err~nowhere.jsonl" -- sow replay --record "$cli_tmp/nowhere.jsonl"
# OL.4's series and LL.5's extra holes are told, not only the first capture
t trace-olinda-series 0 noerr \
    'out~: the seeds of the hole after the next one are captured, then onward in the same way while the next hole is empty and the one after it holds seeds, and the move ends' \
    -- sow trace olinda --moves "dir:cw 2" --brief --no-board
t trace-lamlameta-pick 0 noerr \
    'out~: the seeds of the hole facing it are captured, and those of every other opponent'"'"'s hole holding 2, and the move ends' \
    -- sow trace lamlameta --moves "11 23 4" --brief --no-board
t trace-json 0 noerr 'out={"ply":0,"to_move":0,"move":2}' \
    'out~{"ply":0,"player":0,"event":"lift","hole":2,"label":"c","count":4,"extra":0,"text":"South lifts the 4 seeds of c","rule":"K1.2","rule_text":"A move takes all seeds from one of the mover'"'"'s holes holding 2 or more; singletons are never sown."}' \
    'out~{"ply":0,"player":0,"event":"drop","hole":3,"label":"d","count":5,"extra":0,"text":"one seed into d, now 5","rule":"K1.4",' \
    'out~{"ply":0,"after":{"board":[4,4,0,5,5,5,5,4,4,4,4,4],"captured":[0,0],"to_move":1,"over":false}}' \
    -- sow trace $V --moves "2" --json
# every event kind has its name in the JSON (a seed into a store was "?")
t trace-json-store 0 noerr 'out~{"ply":0,"player":0,"event":"store","hole":-1,"label":null,"count":1,' \
    -- sow trace kalah --moves "2" --json
# K2.3 relay laps, K2.4 endless moves left out and played (end_game)
KUI2_FORBID=$(sed -n 5p tests/golden/kui2_forbid_endless.args)
KUI2_END=$(sed -n 5p tests/golden/kui2_end_game.args)
t trace-kui2-relay 0 noerr 'out~  South lifts the 5 seeds of e and sows on' out!~relay: \
    'out~      K2.3: Sowing on: a last seed in an empty hole ends the move; making 4 in an opponent'"'"'s hole captures them and ends it; 4 in an own hole ends it; otherwise the seeds of that hole are lifted and sown on.' \
    -- sow trace adji-kui-2 --moves "0" --no-board
t trace-kui2-left-out 0 noerr 'out~  left out of North'"'"'s legal moves because they would never end: E' \
    'out~      K2.4: A move whose sowing would never end may not be played, or, with the option '"'"'A move that would never end'"'"', ends the game.' \
    -- sow trace adji-kui-2 --moves "$KUI2_FORBID" --brief --no-board
t trace-kui2-endless 0 noerr 'out~  this move would never end: after 105 sowings, one after another, it comes back to the same board, the same hole and the same seeds in hand' \
    'out~  the game ends: a move that would never end was played (South 23, North 25); North wins' \
    -- sow trace adji-kui-2 --moves "$KUI2_END" --option endless_move=end_game --brief --no-board
# K2.3: a four made en passant (not by the lap's last seed) stays
t trace-kui2-en-passant 0 noerr 'out~  sows into a b c d e f A B C' \
    'out~  c now holds 4, but the sowing goes on: only the hole where the last seed falls counts, so they stay' \
    -- sow trace adji-kui-2 --moves "0 6 0" --brief --no-board
# ... but a count that matches a rule looking across (MW.6: the facing
# hole and the one behind it) is not told for each seed that makes it
t trace-mweso-no-en-passant 0 noerr 'out~  South takes up the 2 seeds of g3, across from g2, to sow them again' \
    'out!~but the sowing goes on' \
    -- sow trace mweso --moves "$(cat tests/cli/games/mweso_random3.txt)" --brief --no-board
# C2.6: captures sown again count in selfplay's captures: the game of
# tests/cli/games/mweso_random3.txt (selfplay's seed 3), whose trace has 38
# "takes up the N seeds" lines adding to 86 seeds, in 15 plies
t selfplay-resown-captures 0 noerr 'out~captures        86.00 seeds in 15.00 capturing moves per game' \
    -- sow selfplay mweso --games 1 --seed 3
t trace-kui2-en-passant-full 0 noerr 'out~  one seed into c, now 4' \
    'out~  c now holds 4, but the sowing goes on: only the hole where the last seed falls counts, so they stay' \
    -- sow trace adji-kui-2 --moves "0 6 0" --no-board
# B.2 leave one, B.4 the chain (data), B.3 the opening
t trace-boto 0 noerr 'out~  South lifts 9 seeds from a and leaves 1 there' \
    'out~      B.2: A move takes all seeds but one from an own hole holding 2 or more and sows them once round, counter-clockwise.' \
    'out~      B.4: From move 11: the holes after the last one sown holding 1, 3 or 5 go to the mover'"'"'s store, on either side, until another count (never the last hole itself).' \
    -- sow trace adji-boto --moves "0 5 1 6 2 7 3 8 4 9 0" --brief --no-board
# A.2 the scripted opening, A.3 the decision, A.4 relay and the opposite
t trace-andada 0 noerr 'out~  South plays hole a, a move of the opening that is sown through to its end at once, as its rule says; North is to move' \
    'out~      A.2: South'"'"'s first move: from a chosen hole, lift the two seeds, sow them into the next two holes, go on from the hole after them, until every hole holds 3 or 0.' \
    'out~  North answers "who makes the first regular move?": North; North is to move' \
    'out~      A.3: Then North decides who makes the first regular move.' \
    'out~  North lifts the 4 seeds of E and sows on' \
    -- sow trace andada --moves "0 first:1 13" --brief --no-board


# ---- sow solve (issue 26; docs/solving.md) ---------------------------------
KS=tests/variants/kalah_small.yaml
KSO="--option holes=3 --option seeds=3 --option threshold_end=false"
KS3="$KSO --memory 8"
t solve-kalah33 0 noerr 'out~value      South wins by 2 (2)' 'out~moves      0:2 1:2 2:-4' -- sow solve $KS $KS3
t solve-kalah33-always 0 noerr 'out~value      South wins by 4 (4)' -- sow solve $KS $KS3 --option pick_own=always
t solve-kalah33-moves 0 noerr 'out~ply 1, North to move' 'out~value      North wins by 4 (-4)' 'out~moves      3:-4 4:-2 5:6' -- sow solve $KS $KS3 --moves 2
t solve-json 0 noerr lines=1 'outre=^\{"format":"sow-solve","version":1,"sow_version":"[0-9.]+","variant":"test-kalah-small","ply":0,"to_move":0,"scored":true,"value":2,"result":"south","moves":\[\{"move":0,"value":2,"result":"south"\},\{"move":1,"value":2,"result":"south"\},\{"move":2,"value":-4,"result":"north"\}\],"pv":\[0,' -- sow solve $KS $KS3 --json
t solve-no-variant 2 "err=sow solve: which variant? e.g. sow solve tests/variants/kalah_small.yaml --option holes=4 (see 'sow solve --help')" -- sow solve
t solve-no-variant-file 1 "err~sow solve: no variant 'nope'" -- sow solve nope
# the repetition rule (K1.7, C1.10): solved, the key holding the earlier
# positions that could recur (docs/solving.md); Oware 2x2 goes round for
# ever under cycle=none (an error), and ends at a recurrence under
# repetition; Adji Kui I's own rule, its script on one thread
t solve-repetition 0 noerr 'out~value      South wins by 5 (5)' 'out~moves      0:5 1:0' -- sow solve oware --option holes=2 --option seeds=2 --option cycle=repetition --threads 2
t solve-repetition-none 1 "err~variants/oware.yaml: a position recurs along a line" lines=0 -- sow solve oware --option holes=2 --option seeds=2
t solve-repetition-k1 0 noerr 'out~ply 31, North to move' 'out~value      North wins by 44 (-44)' 'out~moves      7:-44 8:-42 9:-44 11:-42' -- sow solve adji-kui-1 --trust-script --threads 2 --moves "2 6 3 8 0 10 3 9 5 6 4 9 0 10 1 7 3 8 0 10 4 9 2 7 3 11 5 10 4 6 3"
# a line of 1,000 plies (9 seeds going round before one recurs): an error,
# not an overflow of the stack (frames of 19 KiB did at 580 plies)
t solve-repetition-long 1 "err~variants/oware.yaml: a line of more than 1000 plies from the position: too long for sow solve" lines=0 -- sow solve oware --option cycle=repetition --memory 16 --threads 2 --moves "1 7 3 8 0 6 2 9 3 7 5 11 0 10 1 9 5 11 2 10 3 11 4 9 1 10 5 11 1 6 1 9 4 11 0 10 0 7 0 6 4 11 0 8 3 6 1 11 0 6 4 10 0 6 5 11 3 8 0 9 2 10 0 6 1 11 3 6 2 6 5 6 0 7 2 8 4 8 3 11 5 7 0 6 4 8 5 7 1 8 5 10 0 9 0 6 2 10 4 6 5 6 1 7 4 11 1 8 0 9 1 10 5 11 3 6 4 7 5 9 2 8 0 7"
# the perfect player leaves the game's history as it was (P4): both
# perfect, South wins by the solved 5, not at a false repetition
t solve-repetition-perfect 0 noerr 'out~South wins      100.00%' 'out~plies           mean 3.00' -- sow selfplay oware --option holes=2 --option seeds=2 --option cycle=repetition --players perfect:mib=4,perfect:mib=4 --games 2
t solve-repetition-phases 1 "err~variants/gabata.yaml: the repetition rule is on in a game with decisions or phases, whose history of positions starts again after them, which sow solve does not follow; option cycle turns it off: try --option cycle=none (now repetition;" lines=0 -- sow solve gabata --option cycle=repetition --trust-script
t solve-script 1 "err~variants/andada.yaml: the variant's script (andada.lua) could keep hidden state between hook calls" "err~give --trust-script if" lines=0 -- sow solve andada
t solve-cycle 1 "err~tests/variants/endless.yaml: a position recurs along a line (ply 3)" lines=0 -- sow solve tests/variants/endless.yaml --memory 1
t solve-max-plies 1 "err=tests/variants/kalah_small.yaml: a line reaches max_plies (20 plies) unfinished, so the value depends on max_plies; sow solve solves only games that end before it" lines=0 -- sow solve $KS $KS3 --option max_plies=20
# (with two threads, whichever finds it first reports the cap: a line
# that reaches it, or the proof's lines that look past it; both name it)
t solve-threads-error 1 "err~tests/variants/kalah_small.yaml: " "err~max_plies (20" lines=0 -- sow solve $KS $KS3 --option max_plies=20 --threads 2
t solve-value-only 0 noerr 'out~value      South wins by 2 (2)' 'out~moves      (not solved: --value-only)' -- sow solve $KS $KS3 --value-only --threads 2
t solve-value-only-json 0 noerr lines=1 'outre="value":2,"result":"south","moves":\[\],"value_only":true,"pv":\[' -- sow solve $KS $KS3 --value-only --json
t solve-threads 0 noerr 'out~value      South wins by 2 (2)' 'out~moves      0:2 1:2 2:-4' -- sow solve $KS $KS3 --threads 2
# the guesses' depth changes the positions, never the values (KA.4, KA.5)
t solve-guess-none 0 noerr 'out~value      South wins by 2 (2)' 'out~moves      0:2 1:2 2:-4' -- sow solve $KS $KS3 --guess-depth 0
t solve-guess-deep 0 noerr 'out~value      South wins by 2 (2)' 'out~moves      0:2 1:2 2:-4' -- sow solve $KS $KS3 --guess-depth 30 --threads 2
t solve-guess-range 2 "err=sow solve: --guess-depth takes a whole number of plies from 0 to 60, not '61' (see 'sow solve --help')" lines=0 -- sow solve $KS $KS3 --guess-depth 61
t solve-illegal 1 'err=sow solve: --moves: ply 1: move 2 is not legal for North; the legal moves are: 3 4 5' lines=0 -- sow solve $KS $KS3 --moves "2 2"
# (Kalah on 1 hole a row: South's seed goes into South's store, between
# holes 0 and 1 (C1.2), and South, with another turn and no seed, ends it)
t solve-game-over 1 "err=sow solve: the game is over after ply 0: there is no move to solve; give fewer moves" lines=0 -- sow solve $KS --option holes=1 --option seeds=1 --memory 1 --moves "0"
t solve-perfect-selfplay 0 noerr 'out~South wins      100.00%' -- sow selfplay $KS $KSO --players perfect:mib=4,random --games 10
t solve-perfect-search 0 noerr 'out~player=perfect:mib=4 ply=0 to_move=South ' 'out~ score=2 ' -- sow search $KS $KSO --player perfect:mib=4
t solve-perfect-script 1 "err~variants/andada.yaml: player 'perfect': the variant's script (andada.lua) could keep hidden state" "err~give perfect:trust=1 if" -- sow search andada --player perfect
t solve-perfect-trusted 0 noerr 'out~player=perfect:mib=1:trust=1 ply=' -- sow search andada --moves "$(echo $AGAME | cut -d' ' -f1-56)" --player perfect:mib=1:trust=1
t solve-andada-no-score 0 noerr 'outre="ply":56,"to_move":0,"scored":false,"value":1,"result":"south","moves":\[' -- sow solve andada --trust-script --memory 1 --json --moves "$(echo $AGAME | cut -d' ' -f1-56)"
t solve-perfect-bad 2 "err=sow search: --player: player 'perfect:depth=3': perfect has no parameter 'depth'; its parameters: mib, trust, db (see 'sow search --help')" -- sow search $KS --player perfect:depth=3
t solve-memory-bad 2 "err=sow solve: --memory takes a whole number of MiB from 1 to 1048576, not '0' (see 'sow solve --help')" -- sow solve $KS --memory 0

# ---- sow egdb (issue 26; docs/solving.md, endgame databases) ---------------
EG=$(mktemp -d /tmp/sow-cli-egdb.XXXXXX)
KSE="--option holes=3 --option seeds=2 --option threshold_end=false"
t egdb-help 0 noerr 'out~usage: sow egdb build VARIANT --seeds N' -- sow egdb --help
t egdb-build-help 0 noerr 'out~usage: sow egdb build VARIANT --seeds N' -- sow egdb build --help
t egdb-no-sub 2 "err~sow egdb: no subcommand: say build, merge, verify or info" lines=0 -- sow egdb
t egdb-bad-sub 2 "err~sow egdb: unknown subcommand 'make': say build, merge, verify or info" lines=0 -- sow egdb make
t egdb-no-seeds 2 "err~sow egdb build: --seeds N is needed" lines=0 -- sow egdb build $KS $KSE --db $EG
t egdb-seeds-range 2 "err~sow egdb build: --seeds takes a whole number of seeds from 0 to 100, not '101'" lines=0 -- sow egdb build $KS $KSE --seeds 101 --db $EG
# a threshold end (C1.7) reads the stores: they are indexed, and the
# values with the database of the whole game are those without it
t egdb-threshold 0 noerr "out~  stores      indexed: 12 seeds in the game, a threshold of 6 (exact margins)" -- bash -c "$SOW egdb build $KS --option holes=3 --option seeds=2 --seeds 12 --db $EG/thr >/dev/null && $SOW egdb info $EG/thr/*.egdb"
t egdb-threshold-solve 0 noerr 'out~value      South wins by 4 (4)' 'out~moves      0:-8 1:4 2:0' 'out~database   ' 'out~positions  0 ' -- sow solve $KS --option holes=3 --option seeds=2 --db $EG/thr
t egdb-script 1 "err~cannot have an endgame database: it has a script" lines=0 -- sow egdb build andada --seeds 4 --db $EG
# a game with cycles: the entries no cycle rule changes are exact, the
# others marked, and verify says which it cannot check
t egdb-cycle 0 noerr "outre=^$EG/cyc/test-endless-[0-9a-f]{16}\.egdb\$" -- sow egdb build tests/variants/endless.yaml --seeds 3 --db $EG/cyc
t egdb-cycle-verify 0 noerr "out~ not checked: their value, or one of their moves', depends on how an endless game ends)" -- sow egdb verify tests/variants/endless.yaml --db $EG/cyc
t egdb-cycle-info 0 noerr "out~  cycles      " -- bash -c "$SOW egdb info $EG/cyc/*.egdb"
# Oware: shards up to the first level with a cycle, then one machine goes on
OW="oware --option holes=2 --option seeds=2 --seeds 4 --db $EG/ow"
t egdb-cycle-shards 1 "err~variants/oware.yaml: level 2 of variant oware cannot be built in shards: a position of 2 seeds can recur (a cycle); build the level on one machine (sow egdb build without --shard goes on from FILE.part)" lines=0 -- bash -c "for L in 0 1; do $SOW egdb build $OW --level \$L --shard 0/2 >/dev/null && $SOW egdb build $OW --level \$L --shard 1/2 >/dev/null && $SOW egdb merge $OW --level \$L >/dev/null || exit 9; done; $SOW egdb build $OW --level 2 --shard 0/2"
t egdb-cycle-resume 0 "err~sow egdb: resumed a stopped build: 2 levels read back" "outre=^$EG/ow/oware-[0-9a-f]{16}\.egdb\$" -- sow egdb build $OW --progress
t egdb-cycle-threads 0 noerr -- bash -c "$SOW egdb build oware --option holes=3 --option seeds=2 --seeds 6 --db $EG/owt1 --threads 1 >/dev/null && $SOW egdb build oware --option holes=3 --option seeds=2 --seeds 6 --db $EG/owt3 --threads 3 >/dev/null && cmp $EG/owt1/*.egdb $EG/owt3/*.egdb"
# the players use Oware's database (its stores indexed: exact margins);
# sow solve takes it too, and stops where a position recurs (a cycle)
t egdb-oware-alphabeta 0 noerr "out~ player=alphabeta:depth=2:db=$EG/ow " -- sow search oware --option holes=2 --option seeds=2 --player alphabeta:depth=2:db=$EG/ow
t egdb-oware-solve 1 "err~variants/oware.yaml: a position recurs along a line" lines=0 -- sow search oware --option holes=2 --option seeds=2 --player perfect:db=$EG/ow
t egdb-build 0 "outre=^$EG/test-kalah-small-[0-9a-f]{16}\.egdb\$" "err~sow egdb: 0 of 12 seeds, 2 entries" -- sow egdb build $KS $KSE --seeds 12 --db $EG --progress
t egdb-threads 0 noerr -- bash -c "mkdir -p $EG/t1 $EG/t3 && $SOW egdb build $KS $KSE --seeds 12 --db $EG/t1 --threads 1 >/dev/null && $SOW egdb build $KS $KSE --seeds 12 --db $EG/t3 --threads 3 >/dev/null && cmp $EG/t1/*.egdb $EG/t3/*.egdb"
# a level of many chunks (Kalah 2x4: 25 of 4,096 entries at 12 seeds;
# Oware 2x3 with cycles: 2 at 10), its waiting entries tried again chunk by
# chunk on threads (retry_chunk in sow_egdb_level.c): the same file
t egdb-threads-chunks 0 noerr -- bash -c "mkdir -p $EG/c1 $EG/c3 && $SOW egdb build kalah --option holes=4 --option seeds=3 --option threshold_end=false --seeds 12 --db $EG/c1 --threads 1 >/dev/null && $SOW egdb build kalah --option holes=4 --option seeds=3 --option threshold_end=false --seeds 12 --db $EG/c3 --threads 3 >/dev/null && cmp $EG/c1/*.egdb $EG/c3/*.egdb"
t egdb-cycle-chunks 0 noerr -- bash -c "mkdir -p $EG/oc1 $EG/oc3 && $SOW egdb build oware --option holes=3 --option seeds=4 --seeds 10 --db $EG/oc1 --threads 1 >/dev/null && $SOW egdb build oware --option holes=3 --option seeds=4 --seeds 10 --db $EG/oc3 --threads 3 >/dev/null && cmp $EG/oc1/*.egdb $EG/oc3/*.egdb"
# shards (--level L --shard K/M, then sow egdb merge): level by level, three
# shards each, the merged file is the one-machine build byte for byte
SH="$SOW egdb build $KS $KSE --seeds 7 --db $EG/sh"
MG="$SOW egdb merge $KS $KSE --seeds 7 --db $EG/sh"
t egdb-shards 0 noerr -- bash -c "$SOW egdb build $KS $KSE --seeds 7 --db $EG/sh1 >/dev/null && for L in \$(seq 0 7); do for K in 0 1 2; do $SH --level \$L --shard \$K/3 >/dev/null || exit 1; done; $MG --level \$L >/dev/null || exit 1; done; cmp $EG/sh1/*.egdb $EG/sh/*.egdb && ! ls $EG/sh/*.shard 2>/dev/null"
t egdb-shard-out 0 noerr "outre=^$EG/sh2/test-kalah-small-[0-9a-f]{16}\.egdb\.L0\.1of2\.shard\$" -- sow egdb build $KS $KSE --seeds 3 --db $EG/sh2 --level 0 --shard 1/2
t egdb-shard-missing 1 "err~.egdb.L0.0of2.shard: shard 0/2 of level 0 is missing; build it with sow egdb build --level 0 --shard 0/2" lines=0 -- sow egdb merge $KS $KSE --seeds 3 --db $EG/sh2 --level 0
t egdb-shard-twice 1 "err~: shard 1/2 again (" "err~ has it too); remove one" lines=0 -- bash -c "f=\$(ls $EG/sh2/*.L0.1of2.shard) && cp \$f \${f%.shard}.copy.shard && $SOW egdb merge $KS $KSE --seeds 3 --db $EG/sh2 --level 0; s=\$?; rm \${f%.shard}.copy.shard; exit \$s"
t egdb-shard-split 1 "err~the shards of a level come from one split (--shard K/M, one M); remove those of the other" lines=0 -- bash -c "$SOW egdb build $KS $KSE --seeds 3 --db $EG/sh2 --level 0 --shard 0/3 >/dev/null && $SOW egdb merge $KS $KSE --seeds 3 --db $EG/sh2 --level 0; s=\$?; rm $EG/sh2/*.0of3.shard; exit \$s"
t egdb-shard-damaged 1 "err~.L0.1of2.shard: its checksum does not match (a damaged file); remove it, or build that shard again" lines=0 -- bash -c "f=\$(ls $EG/sh2/*.L0.1of2.shard) && printf '\\005' | dd of=\$f bs=1 seek=192 conv=notrunc 2>/dev/null && $SOW egdb merge $KS $KSE --seeds 3 --db $EG/sh2 --level 0"
t egdb-shard-foreign 1 "err~.L0.0of2.shard: a shard of other rules or seeds (variant test-kalah-small, 3 seeds, digest " "err~remove it, or build it again with these" lines=0 -- bash -c "$SOW egdb build $KS $KSE --seeds 3 --db $EG/sh2 --level 0 --shard 1/2 >/dev/null && $SOW egdb build $KS $KSE --option pick_own=always --seeds 3 --db $EG/sh3 --level 0 --shard 0/2 >/dev/null && cp $EG/sh3/*.shard $EG/sh2/\$(cd $EG/sh2 && ls *.L0.1of2.shard | sed 's/1of2/0of2/') && $SOW egdb merge $KS $KSE --seeds 3 --db $EG/sh2 --level 0"
t egdb-shard-not-shard 1 "err~.L0.0of2.shard: not a shard of an endgame database (no SOWEGSH header); remove it, or build that shard again" lines=0 -- bash -c "cp $EG/t1/*.egdb $EG/sh2/\$(cd $EG/sh2 && ls *.L0.1of2.shard | sed 's/1of2/0of2/') && $SOW egdb merge $KS $KSE --seeds 3 --db $EG/sh2 --level 0"
t egdb-shard-order 1 "err~.egdb.part: cannot open: No such file or directory; level 2 needs the levels below it built (sow egdb merge of each, or sow egdb build)" lines=0 -- sow egdb build $KS $KSE --seeds 3 --db $EG/sh2 --level 2 --shard 0/2
t egdb-shard-none 1 "err~/sh4: no shard of level 0 here (test-kalah-small-" "err~.egdb.L0.*.shard); build them with sow egdb build --level 0 --shard K/M" lines=0 -- bash -c "mkdir -p $EG/sh4 && $SOW egdb merge $KS $KSE --seeds 3 --db $EG/sh4 --level 0"
t egdb-shard-alone 2 "err~sow egdb build: --level L and --shard K/M go together: part K of M of level L" lines=0 -- sow egdb build $KS $KSE --seeds 3 --db $EG/sh2 --shard 0/2
t egdb-shard-bad 2 "err~sow egdb build: --shard takes I/N with 0 <= I < N, e.g. --shard 0/4, not '2/2'" lines=0 -- sow egdb build $KS $KSE --seeds 3 --db $EG/sh2 --level 0 --shard 2/2
t egdb-shard-many 2 "err~sow egdb build: --shard K/M: at most 65536 shards a level, not 65537" lines=0 -- sow egdb build $KS $KSE --seeds 3 --db $EG/sh2 --level 0 --shard 0/65537
t egdb-merge-needs 2 "err~sow egdb merge: --seeds N and --level L are needed" lines=0 -- sow egdb merge $KS $KSE --seeds 3 --db $EG/sh2
t egdb-unfinished 1 "err~an unfinished build (its levels are not all built); run sow egdb build again to finish it" lines=0 -- bash -c "f=\$(ls $EG/t1/*.egdb) && head -c 52 \$f > $EG/u.egdb && printf '\\003' >> $EG/u.egdb && tail -c +54 \$f >> $EG/u.egdb && $SOW egdb info $EG/u.egdb"
t egdb-verify 0 noerr "outre=^$EG/test-kalah-small-[0-9a-f]{16}\.egdb: sound \(37128 entries, up to 12 seeds\)\$" -- sow egdb verify $KS $KSE --db $EG
t egdb-info 0 noerr 'out~  variant     test-kalah-small' 'out~  seeds       at most 12 on the board' 'out~  entries     37128 (37320 bytes)' 'out~  stores      apart ' -- sow egdb info $EG/test-kalah-small-*.egdb
t egdb-info-json 0 noerr lines=1 'outre=^\{"file":".*","variant":"test-kalah-small","version":3,"holes":6,"seeds":12,"entries":37128,"digest":"[0-9a-f]{16}","checksum":"[0-9a-f]{16}","max_height":[0-9]+,"cycle_entries":0,"bytes":37320,"stores_indexed":false,"total":0,"threshold":-1\}$' -- sow egdb info --json $EG/test-kalah-small-*.egdb
t egdb-info-not-db 1 "err~tests/variants/kalah_small.yaml: not an endgame database (no SOWEGDB header)" lines=0 -- sow egdb info $KS
t egdb-verify-none 1 "err~: cannot open: No such file or directory" lines=0 -- sow egdb verify $KS $KSE --option pick_own=always --db $EG
# the whole game is in the database: the solver plays no move; the values
# are those of egdb-solve-plain, without it
t egdb-solve 0 noerr 'out~value      South wins by 4 (4)' 'out~moves      0:-8 1:4 2:0' 'out~positions  0 ' 'out~database   ' -- sow solve $KS $KSE --db $EG
t egdb-solve-plain 0 noerr 'out~value      South wins by 4 (4)' 'out~moves      0:-8 1:4 2:0' out!~database -- sow solve $KS $KSE
t egdb-solve-json 0 noerr 'outre="db_hits":[1-9][0-9]*\}$' -- sow solve $KS $KSE --db $EG --json
t egdb-perfect 0 noerr 'out~player=perfect:mib=4:db='"$EG"' ply=0 to_move=South ' 'out~ score=4 ' -- sow search $KS $KSE --player perfect:mib=4:db=$EG
t egdb-perfect-selfplay 0 noerr 'out~South wins      100.00%' -- sow selfplay $KS $KSE --players perfect:mib=4:db=$EG,random --games 10
t egdb-perfect-none 1 "err~player 'perfect': no endgame database of these rules (variant test-kalah-small and its option values) in $EG/none; sow egdb build with the same options and --db $EG/none makes one" lines=0 -- sow search $KS $KSE --player perfect:db=$EG/none
t egdb-perfect-empty 2 "err~perfect:db=': db takes a folder's path of 1 to 199 characters" lines=0 -- sow search $KS $KSE --player perfect:db=
# alphabeta and mcts with the database: the start is in it, a win for
# South by the one winning move 1 (egdb-solve-plain: 0:-8 1:4 2:0)
t egdb-alphabeta 0 noerr 'out~ move=1 label=b score=999970 depth=1 ' -- sow search $KS $KSE --player alphabeta:depth=1:db=$EG
t egdb-mcts 0 noerr 'out~ move=1 label=b ' -- sow search $KS $KSE --player mcts:iter=50:db=$EG
t egdb-mcts-without 0 noerr 'out~ move=0 label=a ' -- sow search $KS $KSE --player mcts:iter=50
t egdb-alphabeta-refused 1 "err~variants/oware.yaml: variant oware cannot have an endgame database: the repetition rule is on" lines=0 -- sow search oware --option cycle=repetition --player alphabeta:depth=1:db=$EG
t egdb-solve-none 0 'err~sow solve: note: no endgame database of these rules in' 'out~value ' -- sow solve $KS $KSE --option pick_own=always --db $EG
rm -rf "$EG"
# sow compare --exact: both readings solved (KA: pick_own, P20)
t compare-exact 0 noerr 'out~A (pick_own=on_capture): South wins by 2 (2)' 'out~  moves 0:2 1:2 2:-4' 'out~B (pick_own=always): South wins by 4 (4)' 'out~South does better under B' -- sow compare $KS $KS3 --a pick_own=on_capture --b pick_own=always --exact
t compare-exact-moves 0 noerr 'out~ply 1, North to move' 'out~A (pick_own=on_capture): North wins by 4 (-4)' 'out~B (pick_own=always): North wins by 2 (-2)' -- sow compare $KS $KS3 --a pick_own=on_capture --b pick_own=always --exact --moves 2
t compare-exact-json 0 noerr lines=1 'outre=^\{"format":"sow-compare-exact","version":1,"variant":"test-kalah-small","ply":0,"readings":\[\{"name":"A","options":"pick_own=on_capture","value":2,"result":"south","moves":\[\{"move":0,"value":2,"result":"south"\}' -- sow compare $KS $KS3 --a pick_own=on_capture --b pick_own=always --exact --json
t compare-exact-same 0 noerr 'out~the same value under both readings' -- sow compare $KS --option holes=3 --option seeds=2 --option threshold_end=false --a pick_own=on_capture --b pick_own=always --exact
t compare-exact-refused 1 "err~reading A (--a): the repetition rule is on in a game with decisions or phases" lines=0 -- sow compare gabata --a cycle=repetition --b cycle=none --exact --trust-script
t compare-exact-cycle 1 "err~variants/oware.yaml: reading B (--b): a position recurs along a line (ply 22)" lines=0 -- sow compare oware --option holes=2 --option seeds=2 --a cycle=repetition --b cycle=none --exact
t compare-exact-repetition 0 noerr 'out~A (grand_slam=no_capture): South wins by 5 (5)' 'out~  moves 0:5 1:0' 'out~B (grand_slam=forbid): South wins by 5 (5)' 'out~  moves 0:5' -- sow compare oware --option holes=2 --option seeds=2 --option cycle=repetition --a grand_slam=no_capture --b grand_slam=forbid --exact
t compare-exact-games 2 "err~sow compare: --exact solves one position: --games, --players" lines=0 -- sow compare $KS --a pick_own=always --b pick_own=on_capture --exact --games 3
t compare-memory-alone 2 "err~sow compare: --memory and --trust-script go with --exact" lines=0 -- sow compare $KS --a pick_own=always --b pick_own=on_capture --memory 3

# ---- --json of list, show, validate, bench, search (schemas/*.schema.json;
# tests/validate_schemas.py validates them whole) ---------------------------
t list-json 0 noerr lines=1 'out~{"format":"sow-list","version":1,"variants":[{"id":"abalalae","name":"Abalala'"'"'e",' 'out~{"id":"adji-boto","name":"Adji-Boto",' -- sow list --json
t show-json 0 noerr lines=1 'out~{"format":"sow-show","version":1,"id":"adji-kui-1","name":"Adji Kui I",' 'out~"options":[{"name":"endless","type":"enum","value":"no_capture_plies:7","default":"repetition","values":["repetition","unreachable","no_capture_plies:K"]' -- sow show $V --option endless=no_capture_plies:7 --json
t validate-json 1 'err=tests/cli/bad/holes_zero.yaml:6:10: holes is 0; it must be from 1 to 32' lines=1 'out={"format":"sow-validate","version":1,"files":[{"file":"variants/adji_kui_1.yaml","ok":true,"id":"adji-kui-1","error":null},{"file":"tests/cli/bad/holes_zero.yaml","ok":false,"id":null,"error":{"file":"tests/cli/bad/holes_zero.yaml","line":6,"col":10,"message":"holes is 0; it must be from 1 to 32"}}]}' -- sow validate variants/adji_kui_1.yaml tests/cli/bad/holes_zero.yaml --json
t bench-json 0 noerr lines=1 'outre=^\{"format":"sow-bench","version":1,"sow_version":"[0-9.]+","variant":"adji-kui-1","seed":"5","games":7,"seconds":[0-9.]+,.*"matches":null,"matches_per_s":null,"interrupted":false,"by_decision":false\}$' -- sow bench $V --games 7 --seed 5 --json
# C2.3: turns drawn decision by decision (Ludii's playouts): as long as
# Ludii's games of Bao la Kiswahili (about 29 turns), where each whole turn
# alike ends them in 12
t bench-by-decision 0 noerr lines=1 'outre="games":400,.*"mean_plies":(2[4-9]|3[0-4])\.[0-9]+,.*"by_decision":true\}$' -- sow bench bao-kiswahili --option reading=ludii --games 400 --seed 5 --json --by-decision
t bench-by-turn 0 noerr lines=1 'outre="games":400,.*"mean_plies":1[0-4]\.[0-9]+,.*"by_decision":false\}$' -- sow bench bao-kiswahili --option reading=ludii --games 400 --seed 5 --json
# the random player that draws a turn decision by decision: Ludii's length
t selfplay-random-by-decision 0 noerr 'outre=plies +mean 2[4-9]\.[0-9]+' -- sow selfplay bao-kiswahili --option reading=ludii --players random:by=decision,random:by=decision --games 300 --seed 3
t selfplay-random-by-turn 0 noerr 'outre=plies +mean 1[0-4]\.[0-9]+' -- sow selfplay bao-kiswahili --option reading=ludii --games 300 --seed 3
# the record's names: to_move a number, a decision move a string
t search-json 0 noerr lines=1 'outre=^\{"format":"sow-search","version":1,"sow_version":"[0-9.]+","variant":"andada","player":"alphabeta:depth=4","seed":"1","ply":1,"to_move":1,"move":"first:1","label":"first:1","score":-?[0-9]+,"depth":4,"win_rate":null,"iterations":null,"nodes":[0-9]+,' -- sow search andada --moves 0 --player alphabeta:depth=4 --json
t search-json-hole 0 noerr 'out~"ply":0,"to_move":0,"move":' out!~'"move":"' -- sow search $V --player alphabeta:depth=2 --json
t selfplay-csv-stdout 0 'out=game,seed,south,north,winner,unfinished,reason,south_score,north_score,plies,first_mover,south_captured,north_captured,games' 'outre=^0,8841707400507832957,"random","random",[01]?,false,"[a-z ]+",[0-9]+,[0-9]+,[0-9]+,0,[0-9]+,[0-9]+,1$' -- sow selfplay $V --games 3 --csv - --json
t selfplay-progress-bad 2 "err=sow selfplay: --progress takes a number of seconds from 0.1 to 86400, not 'x' (see 'sow selfplay --help')" -- sow selfplay $V --progress=x
t compare-shard-bad 2 "err=sow compare: --shard takes I/N with 0 <= I < N, e.g. --shard 0/4, not '3/3' (see 'sow compare --help')" -- sow compare $V --b skip_origin=true --shard 3/3

# ---- compare: two readings side by side; test: scenario files -------------
# compare, statistics: the table, its tests, the same numbers whatever the
# thread count, JSON, the SVG (FILE.tmp renamed), and the errors
CMP="$SOW compare $V --a endless=repetition --b endless=no_capture_plies:30 --games 60 --seed 5"
t compare-text 0 noerr 'out=compare         adji-kui-1; South random, North random; seed 5; 60 games a reading' \
    'out~both            skip_origin=false, max_plies=10000' 'out~A               endless=repetition' \
    'out~B               endless=no_capture_plies:30' \
    'outre=^South wins +[0-9.]+% +[0-9.]+% +[-+][0-9.]+% +z = [-+][0-9.]+ +[0-9.]+ +(yes|no)$' \
    'outre=^plies, mean +[0-9.]+ +[0-9.]+ +[-+][0-9.]+ +t = [-+][0-9.]+, df [0-9.]+ +(<0\.001|[0-9.]+) +(yes|no)$' \
    'outre=^plies, median +[0-9.]+ +[0-9.]+ +[-+][0-9.]+ +\(not tested\) *$' \
    'outre=^unfinished +0\.00% +0\.00% +\+0\.00% +\(no variation\) *$' \
    'out~tests: rates by the two-proportion z-test (pooled), means by Welch'"'"'s t-test;' \
    -- sow compare $V --a endless=repetition --b endless=no_capture_plies:30 --games 60 --seed 5
t compare-threads-same 0 noerr 'out=same' -- bash -c "cmp <($CMP --threads 1 --json) <($CMP --threads 3 --json) && echo same"
t compare-json 0 noerr lines=1 'out~{"format":"sow-compare","version":2,"sow_version":"'"$SOW_VERSION"'","a":{"format":"sow-selfplay","version":2,"sow_version":"'"$SOW_VERSION"'","variant":"adji-kui-1","options":{"endless":"repetition",' \
    'out~,"reading":"A","differs":["endless"]},"b":{' 'out~,"reading":"B","differs":["endless"]},"tests":[' 'out~{"statistic":"plies_mean","a":' 'out~"test":"Welch t"' 'out~"test":"two-proportion z"' \
    -- sow compare $V --a endless=repetition --b endless=no_capture_plies:30 --games 30 --json
t compare-option-both 0 noerr 'out~both            endless=no_capture_plies:9, max_plies=10000' 'out~B               skip_origin=true' \
    -- sow compare $V --option endless=no_capture_plies:9 --b skip_origin=true --games 20
t compare-match 0 noerr 'outre=^games per match +2\.000 +2\.000 ' -- sow compare $V2 --option match=true --option match_games=2 --b next_starter=loser --games 6
CSVG="$cli_tmp/cmp.svg"
t compare-svg 0 noerr "out~svg             $CSVG" "file=$CSVG" "nofile=$CSVG.tmp" -- sow compare $V --b skip_origin=true --games 30 --svg "$CSVG"
t compare-svg-xml 0 noerr 'out=ok' -- "$PYTHON" -c "import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); t = ''.join(r.itertext()); assert r.tag.endswith('svg') and 'plies per game' in t and 'share of games' in t and 'A skip_origin=false' in t and 'B skip_origin=true' in t; print('ok')" "$CSVG"
t compare-svg-nodir 1 "err=sow compare: cannot write $cli_tmp/none/c.svg: No such file or directory; check that the directory exists and is writable" lines=0 -- sow compare $V --b skip_origin=true --svg "$cli_tmp/none/c.svg"
t compare-no-variant 2 "err=sow compare: which variant? e.g. sow compare adji-kui-1 --a endless=repetition --b endless=no_capture_plies:30 (see 'sow compare --help')" -- sow compare
t compare-no-readings 2 "err=sow compare: give the two readings with --a \"NAME=VALUE ...\" and --b \"NAME=VALUE ...\" (see 'sow compare --help')" -- sow compare $V
t compare-same 2 "err=sow compare: --a and --b give the same reading; give options that differ (see 'sow compare --help')" -- sow compare $V --a endless=repetition --b "max_plies=10000"
t compare-not-pair 2 "err=sow compare: --b takes options NAME=VALUE separated by spaces, e.g. --b \"endless=repetition\", not 'skip_origin' (see 'sow compare --help')" -- sow compare $V --b "skip_origin true"
t compare-bad-value 1 "err=sow compare: reading B (--b): option endless: 'x' is not a value it takes; $ALLOWED_ENDLESS" -- sow compare $V --b endless=x
t compare-needs 1 "err=sow compare: reading B (--b): option remainder=winner_owns applies only with match=true; add --option match=true or leave remainder out" -- sow compare $V2 --b remainder=winner_owns
t compare-games-bad 2 "err=sow compare: --games takes a whole number from 1 to 10000000000, not '0' (see 'sow compare --help')" -- sow compare $V --b skip_origin=true --games 0
t compare-players-bad 2 "err=sow compare: --players: player 'minimax': no such player; players are $PLAYERS_HELP (see 'sow compare --help')" -- sow compare $V --b skip_origin=true --players minimax,random
t compare-moves-flags 2 "err=sow compare: --moves replays one move list: --games, --players, --threads, --seed, --shard, --svg and --json do not go with it (see 'sow compare --help')" -- sow compare $V --b skip_origin=true --moves 2 --games 5
t compare-unknown-flag 2 "err=sow compare: unknown flag '--c' (see 'sow compare --help')" -- sow compare $V --c x
t compare-help 0 noerr 'out~usage: sow compare VARIANT --a "NAME=VALUE ..." --b "NAME=VALUE ..."' 'out~Welch' -- sow compare --help
# compare --moves: where the readings part, both sides, the rules
t compare-moves-end 0 noerr 'out=compare adji-kui-1: A endless=repetition; B endless=no_capture_plies:4; 43 tokens' \
    "out~the readings part after token 4 ('8'); they differ in: whether the game is over" \
    'out~the game ends under B (4 plies without a capture) and goes on under A' \
    'out~A (endless=repetition), after ply 4:' 'out~South to move; legal moves: 1 2 3 4 5' \
    'out~game over: 4 plies without a capture; 28-20, South wins' \
    'out~  endless: A repetition, B no_capture_plies:4' \
    "out~    K1.7(b) 'seeds circle endlessly': end when a position (board, player to move) recurs, once no capture can be reached by any moves, or after K moves without a capture." \
    'outre=^    read by end\.repetition \(line [0-9]+\), end\.no_capture_plies \(line [0-9]+\), end\.capture_unreachable \(line [0-9]+\)$' \
    'out~  K1.7   The game ends when neither can move, or when the seeds circle endlessly with no capture possible.' \
    -- sow compare $V --a endless=repetition --b endless=no_capture_plies:4 --moves "$GAME1"
t compare-moves-board 0 noerr "out~the readings part after token 31 ('2'); they differ in: board (holes 0 2 9 10 11), captured, legal moves" \
    'out~  C0.4   A sowing that comes round the board drops a seed into the hole it was lifted from too, unless the option '"'"'Skip the starting hole'"'"' is on.' \
    -- sow compare $V --b skip_origin=true --moves "$GAME1"
t compare-moves-agree 0 noerr 'out~the readings agree on all 43 plies: the same boards, captures, players to move, legal moves and results' \
    'out~game over: neither player can move; 21-27, North wins' -- sow compare $V --b max_plies=5000 --moves "$GAME1"
t compare-moves-start 0 noerr 'out~the readings part at the start, before any move; they differ in: board, owners, legal moves' \
    'out~A (holes=12), at the start:' 'out~  A.1    Two rows of 12, 15, 18, 21 or 24 holes, 2 seeds each; counter-clockwise, or clockwise by agreement.' \
    -- sow compare $VA --b holes=15 --moves "0 first:0"
t compare-moves-legal 0 noerr "out~the readings part after token 36 ('8'); they differ in: legal moves" \
    'out~South to move; legal moves: 1 5' 'out~South to move; legal moves: 1 3 5' 'out~  P5     A move that would never end, where it ends the game, leaves the board as it was, and then the board is scored.' \
    -- sow compare $V2 --b endless_move=end_game --moves "0 10 3 8 0 9 2 10 3 8 5 11 4 10 4 10 2 7 0 9 3 7 2 7 5 10 4 7 5 10 0 9 5 6 1 8 3"
BOTO_G=$("$PYTHON" tests/ref/adji_boto.py random --seed 3)
t compare-moves-blame 0 noerr "out~the readings part after token 2 ('9'); they differ in: board (holes 0 9)" \
    'out~each option alone (A with B'"'"'s value of it):' \
    'out~  empty_in_chain=skip gives A'"'"'s result here: it changes nothing at this ply' \
    'out~  skip_origin=true gives B'"'"'s result here: this option makes the difference' \
    'outre=^    read by lap_end rule 1 \(line [0-9]+, do: chain, rule: B\.4\)$' 'outre=^    read by sowing\.skip_origin \(line [0-9]+\)$' \
    -- sow compare $VB --b "empty_in_chain=skip skip_origin=true" --moves "$BOTO_G"
t compare-moves-match 0 noerr "outre=^the readings part when the next game starts, after token [0-9]+ \('[0-9]+'\); they differ in: the starter of the game, the script's state \(starter\)$" \
    -- sow compare $V2 --a match=true --b "match=true next_starter=loser" --moves "$(sed -n 5p tests/golden/kui2_match.args)"
t compare-moves-illegal 1 "err=sow compare: token 2 ('2'): ply 1: move 2 is not legal for North; the legal moves are: 6 7 8 9 10 11 (under both readings)" \
    -- sow compare $V --b skip_origin=true --moves "2 2"
t compare-moves-same 2 "err=sow compare: --a and --b give the same reading; give options that differ (see 'sow compare --help')" -- sow compare $V --b skip_origin=false --moves 2

# test: the shipped scenarios by variant id and by path; failures with a
# diff; errors of a scenario file with file:line:col; coverage
t test-kui1 0 noerr 'out=variants/scenarios/adji_kui_1.yaml: adji-kui-1, 25 scenarios, 0 failed' \
    'out~  covers all 9 rule ids of the variant and all 6 option values (an int option counts when set)' 'last=25 scenarios, 0 failed' -- sow test adji-kui-1
t test-by-path 0 noerr 'out~variants/scenarios/adji_boto.yaml: adji-boto, 20 scenarios, 0 failed' -- sow test variants/adji_boto.yaml
t test-file 0 noerr 'last=24 scenarios, 0 failed' -- sow test variants/scenarios/andada.yaml
t test-all 0 noerr 'last=107 scenarios, 0 failed' -- sow test adji-kui-1 adji-kui-2 adji-boto andada
t test-verbose 0 noerr 'out=ok   the start' 'out~ok   max_plies ends the game unfinished, with no winner' -- sow test adji-kui-1 --verbose
cat >"$cli_tmp/fail.yaml" <<'YAML'
variant: adji-kui-1
scenarios:
  - name: right
    rules: [K1.4]
    moves: "2"
    expect: {board: [4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]}
  - name: wrong
    rules: [K1.5]
    moves: "2 8"
    expect:
      captured: [0, 2]
      to_move: north
      result: {winner: south}
YAML
t test-fail 1 noerr "out=FAIL $cli_tmp/fail.yaml:7:5: wrong" 'out~  captured (line 11)' 'out~    expected [0, 2]' 'out~    got      [0, 0]' \
    'out~    North: expected 2, got 0' 'out~  to_move (line 12)' 'out~    expected north' 'out~    got      south' \
    'out~  result (line 13)' 'out~    got      the game goes on' "out~$cli_tmp/fail.yaml: adji-kui-1, 2 scenarios, 1 failed" \
    'out~  not covered: rule K1.1, rule K1.2, rule K1.3, rule K1.6, rule K1.7, rule K1.8, rule C0.4, option endless=unreachable, option endless=no_capture_plies, option skip_origin=true, option max_plies (never set)' \
    'last=2 scenarios, 1 failed' -- sow test "$cli_tmp/fail.yaml"
printf 'variant: adji-kui-1\nscenarios:\n  - name: a\n    expect: {ovr: true}\n' >"$cli_tmp/badkey.yaml"
t test-bad-key 1 "err=$cli_tmp/badkey.yaml:4:14: unknown key 'ovr' in expect; the keys are: board, owners, claimed, captured, hand, to_move, legal, endless, over, ply, phase, game, state, result, match, error" \
    'last=0 scenarios, 0 failed; 1 file not run (errors above)' -- sow test "$cli_tmp/badkey.yaml"
printf 'variant: adji-kui-1\nscenarios:\n  - name: a\n    options: {skip_origin: sometimes}\n    expect: {over: false}\n' >"$cli_tmp/badopt.yaml"
t test-bad-option 1 "out=FAIL $cli_tmp/badopt.yaml:3:5: a" "err=$cli_tmp/badopt.yaml:4:28: option skip_origin: 'sometimes' is not a value it takes; use true, false" \
    'last=1 scenario, 1 failed' -- sow test "$cli_tmp/badopt.yaml"
printf 'variant: nope\nscenarios:\n  - name: a\n    expect: {over: false}\n' >"$cli_tmp/novar.yaml"
t test-no-variant 1 "err~$cli_tmp/novar.yaml:1:10: no variant 'nope'" -- sow test "$cli_tmp/novar.yaml"
printf 'variant: ../nope.yaml\nscenarios:\n  - name: a\n    expect: {over: false}\n' >"$cli_tmp/novar2.yaml"
t test-no-variant-file 1 "err=$cli_tmp/../nope.yaml: cannot open: No such file or directory" -- sow test "$cli_tmp/novar2.yaml"
t test-no-scenarios 1 "err=sow test: tests/cli/bad/good.yaml has no scenario file: looked for tests/cli/bad/scenarios/good.yaml (scenarios/NAME.yaml beside the variant's NAME.yaml)" -- sow test tests/cli/bad/good.yaml
t test-missing 1 "err=$cli_tmp/nope.yaml: cannot read: no such file, or not readable" -- sow test "$cli_tmp/nope.yaml"
t test-no-such-id 1 "err~sow test: no variant 'nope'" -- sow test nope
t test-no-args 2 "err=sow test: which variants or scenario files? e.g. sow test adji-kui-1, or sow test my.scenarios.yaml (see 'sow test --help')" -- sow test
t test-unknown-flag 2 "err=sow test: unknown flag '--all' (see 'sow test --help')" -- sow test --all
t test-help 0 noerr 'out=usage: sow test VARIANT|FILE... [--verbose] [--time-limit SECONDS]' -- sow test --help
# scenario files are not variants: sow list does not show them
t test-not-a-variant 0 noerr 'out!~scenario' -- sow list

# ---- make install into a temporary DESTDIR --------------------------------
# shellcheck source=tests/cli/install.sh
. "$here/install.sh"
# shellcheck source=tests/cli/flags.sh
. "$here/flags.sh"
# shellcheck source=tests/cli/tracks.sh
. "$here/tracks.sh"
# shellcheck source=tests/cli/seeds.sh
. "$here/seeds.sh"
# shellcheck source=tests/cli/rest_starter.sh
. "$here/rest_starter.sh"
# shellcheck source=tests/cli/positions.sh
. "$here/positions.sh"
# shellcheck source=tests/cli/directions.sh
. "$here/directions.sh"
# shellcheck source=tests/cli/udir.sh
. "$here/udir.sh"
# shellcheck source=tests/cli/points.sh
. "$here/points.sh"
# shellcheck source=tests/cli/pairs.sh
. "$here/pairs.sh"
# shellcheck source=tests/cli/gaps.sh
. "$here/gaps.sh"
# shellcheck source=tests/cli/claims.sh
. "$here/claims.sh"
# shellcheck source=tests/cli/changes.sh
. "$here/changes.sh"
# shellcheck source=tests/cli/sowing.sh
. "$here/sowing.sh"
# shellcheck source=tests/cli/ends.sh
. "$here/ends.sh"
# shellcheck source=tests/cli/rows.sh
. "$here/rows.sh"
# shellcheck source=tests/cli/gabata_adowa.sh
. "$here/gabata_adowa.sh"
# shellcheck source=tests/cli/howto.sh
. "$here/howto.sh"
# shellcheck source=tests/cli/unreachable.sh
. "$here/unreachable.sh"
# shellcheck source=tests/cli/layout.sh
. "$here/layout.sh"

# ---- draw and animate (issue 7: an SVG board, a page replaying a game) --
# the moves of a golden record (tests/golden/NAME.args: variant, --moves, moves)
gold() { grep -v '^#' "tests/golden/$1.args" | sed -n 3p; }
KUI2_MATCH=$(gold kui2_match)
KUI2_ENDLESS=$(gold kui2_end_game)
ANDADA=$(gold andada_game)
ANDADA24=$(gold andada_24)
BOTO=$(gold boto_game)
BOTO_SKIP=$(gold boto_skip_origin)
SVG="$cli_tmp/board.svg"
HTML="$cli_tmp/game.html"
t commands-draw-animate 2 'err~ draw ' 'err~ animate ' -- sow bogus
t help-draw-animate 0 'out~  draw      draw the board after a ply as an SVG picture' 'out~  animate   a web page replaying a game seed by seed' -- sow --help
for c in draw:--svg animate:--html; do
    out=${c#*:} c=${c%%:*}
    t "$c-help" 0 "out~usage: sow $c" noerr -- sow "$c" --help
    t "$c-unknown-flag" 2 "err=sow $c: unknown flag '--bogus' (see 'sow $c --help')" lines=0 -- sow "$c" $V --moves 2 --bogus
    t "$c-two-variants" 2 "err=sow $c: one variant at a time ('$V' and 'x') (see 'sow $c --help')" -- sow "$c" $V x
    t "$c-no-such-variant" 1 "err~sow $c: no variant 'nope'" -- sow "$c" nope --moves 2 "$out" -
    t "$c-bad-option" 1 "err=sow $c: option endless: 'sometimes' is not a value it takes; $ALLOWED_ENDLESS" -- sow "$c" $V --moves 2 --option endless=sometimes "$out" -
done
# draw: the picture, its parts, --ply, the file written whole
t draw-stdout 0 noerr 'out=<svg xmlns="http://www.w3.org/2000/svg" width="560" height="312" viewBox="0 0 560 312" font-family="DejaVu Sans, Verdana, Arial, sans-serif">' \
    'out~<title>Adji Kui I: after 3 moves; South plays b</title>' 'out~>North to move</text>' \
    'out~stroke="#d0021b" stroke-width="3.5"/>' 'last=</svg>' -- sow draw $V --moves "2 8 1" --svg -
t draw-file 0 noerr lines=0 "file=$SVG" "nofile=$SVG.tmp" -- sow draw $V --moves "2 8 1" --svg "$SVG"
t draw-file-xml 0 noerr 'out=ok' -- "$PYTHON" -c "import sys, xml.dom.minidom as m; d = m.parse(sys.argv[1]); print('ok' if d.documentElement.tagName == 'svg' else 'no')" "$SVG"
# the output path rules (tools/outfile.h; the hostile cases are in
# tests/hostile/cases/output.sh): a symbolic link at FILE is replaced by
# the file, not followed; a new file gets 0666 less the umask
echo "the victim" >"$cli_tmp/victim"
ln -s victim "$cli_tmp/link.svg"
t draw-link-replaced 0 noerr lines=0 -- sow draw $V --moves 2 --svg "$cli_tmp/link.svg"
t draw-link-victim 0 'out=the victim' -- cat "$cli_tmp/victim"
t draw-link-now-file 0 'out=regular file' -- stat -c %F "$cli_tmp/link.svg"
printf '#!/bin/sh\numask 027\nexec "%s" "$@"\n' "$SOW" >"$cli_tmp/sow-umask027"
chmod +x "$cli_tmp/sow-umask027"
t draw-umask 0 noerr -- "$cli_tmp/sow-umask027" draw $V --moves 2 --svg "$cli_tmp/mode.svg"
t draw-umask-mode 0 'out=640' -- stat -c %a "$cli_tmp/mode.svg"
t draw-ply0 0 noerr 'out~<title>Adji Kui I: the start</title>' 'out~>South to move</text>' 'out!~#d0021b' -- sow draw $V --moves "2 8 1" --ply 0 --svg -
t draw-ply1 0 noerr 'out~Adji Kui I: after 1 move; South plays c' -- sow draw $V --moves "2 8 1" --ply=1 --svg=-
t draw-start 0 noerr 'out~Adji Kui I: the start' -- sow draw $V --svg -
t draw-dots 0 noerr 'out~<g fill="#3d2b1f"><circle cx="92.0" cy="162.7" r="3.2"/>' -- sow draw $V --svg -
t draw-result 0 noerr 'out~>game over: neither player can move; 21-27, North wins</text>' -- sow draw $V --moves "$GAME1" --svg -
t draw-result-xml 0 noerr 'out=ok' -- bash -c "$SOW draw $V --moves '$GAME1' --svg - | $PYTHON -c 'import sys, xml.dom.minidom as m; m.parseString(sys.stdin.read()); print(\"ok\")'"
t draw-boto-stores 0 noerr 'out~Adji-Boto: after 30 moves; North plays B' 'out~>store</text>' -- sow draw $VB --moves "$BOTO" --ply 30 --svg -
t draw-boto-opening 0 noerr 'out~>North to move; opening: still to play: South b c d e, North A B C D E</text>' -- sow draw $VB --moves 0 --svg -
t draw-andada-24 0 noerr 'out~<title>Andada (holes=24): after 40 moves; North plays Q</title>' 'out~>x</text>' 'out~>X</text>' -- sow draw $VA --option holes=24 --moves "$ANDADA24" --ply 40 --svg -
t draw-andada-decide 0 noerr 'out~Andada: after 1 move; South plays c' 'out~>North to decide: who makes the first regular move?</text>' -- sow draw $VA --moves 2 --svg -
t draw-andada-decision 0 noerr 'out~Andada: after 2 moves; North answers &quot;who makes the first regular move?&quot;: South' -- sow draw $VA --moves "2 first:0" --svg -
t draw-kui2-owners 0 noerr 'out~Adji Kui II (match=true, match_games=3), game 3: after 40 moves; North plays E' 'out~>F*</text>' \
    'out~; match over after 3 games: match_games reached</text>' -- sow draw $V2 --option match=true --option match_games=3 --moves "$KUI2_MATCH" --svg -
t draw-ply-too-many 1 "err=sow draw: --ply 5, but the move list has 3 moves; give --ply 0 to 3, or more moves" "nofile=$cli_tmp/p.svg" -- sow draw $V --moves "2 8 1" --ply 5 --svg "$cli_tmp/p.svg"
t draw-ply-word 2 "err=sow draw: --ply takes a whole number of moves to play from 0 to 1000000, not 'x' (see 'sow draw --help')" -- sow draw $V --ply x --svg -
t draw-ply-negative 2 "err=sow draw: --ply takes a whole number of moves to play from 0 to 1000000, not '-1' (see 'sow draw --help')" -- sow draw $V --ply -1 --svg -
t draw-ply-no-value 2 "err=sow draw: --ply needs a value (--ply N) (see 'sow draw --help')" -- sow draw $V --svg - --ply
t draw-no-svg 2 "err=sow draw: --svg FILE is required (where to write the picture; '-' for standard output) (see 'sow draw --help')" -- sow draw $V --moves 2
t draw-svg-empty 2 "err=sow draw: --svg needs a file name (see 'sow draw --help')" -- sow draw $V --svg ''
t draw-no-variant 2 "err=sow draw: which variant? e.g. sow draw adji-kui-1 --moves \"2 8\" --svg board.svg (see 'sow draw --help')" -- sow draw
t draw-illegal 1 "err=sow draw: ply 1: move 2 is not legal for North; the legal moves are: 6 7 8 9 10 11" lines=0 "nofile=$cli_tmp/i.svg" "nofile=$cli_tmp/i.svg.tmp" -- sow draw $V --moves "2 2" --svg "$cli_tmp/i.svg"
t draw-bad-token 1 "err=sow draw: ply 1: move 'x' is neither a hole label (a to f, A to F) nor a hole number (0 to 11); the legal moves are: 6 7 8 9 10 11" -- sow draw $V --moves "2 x" --svg -
t draw-after-end 1 "err=sow draw: token 44 ('3'): the game is already over after ply 42; nothing may follow" -- sow draw $V --moves "$GAME1 3" --svg -
t draw-match-game 1 "err~sow draw: game 1, ply 0: move 6 is not legal for South" -- sow draw $V2 --option match=true --moves 6 --svg -
t draw-nodir 1 "err=sow draw: cannot write $cli_tmp/none/x.svg: No such file or directory; check that the directory exists and is writable" "nofile=$cli_tmp/none" -- sow draw $V --svg "$cli_tmp/none/x.svg"
# animate: the page, written whole; its data checked against sow replay --json
t animate-file 0 noerr lines=0 "file=$HTML" "nofile=$HTML.tmp" -- sow animate $VA --moves "$ANDADA" --html "$HTML"
t animate-page-record 0 noerr 'out=65 plies' -- bash -c "$SOW replay $VA --moves '$ANDADA' --json >'$cli_tmp/a.jsonl' && $PYTHON tests/html/check_page.py '$HTML' '$cli_tmp/a.jsonl'"
t animate-stdout 0 noerr 'out=<!DOCTYPE html>' 'last=</html>' 'out~<title>Adji Kui I - sow animate</title>' 'out~<span id="status">loading</span>' -- sow animate $V --moves "2 8" --html -
t animate-story 0 noerr 'out~[-1,"move 1: South plays c"],[0,"' 'out~[1,"one seed into each: d e f A","K1.4"],[5,"' -- sow animate $V --moves "2 8" --html -
t animate-events 0 noerr 'out~"ev":[[0,0,2,4,0],[1,0,3,5,0],[1,0,4,5,0],[1,0,5,5,0],[1,0,6,5,0],[3,0,6,5,0]],"trunc":0' -- sow animate $V --moves "2 8" --html -
t animate-rules 0 noerr 'out~"rules":{"K1.1":"2x6 holes, 4 seeds each (48), no stores; captures are kept off the board.",' -- sow animate $V --moves "2" --html -
# every kind of event in the page's data, each told (check_page.py)
page_case() { # NAME CHECK -- ARGS...
    local name=$1 check=$2
    shift 3
    t "animate-$name" 0 noerr "$check" -- sow animate "$@" --html -
    t "animate-$name-told" 0 noerr 'outre=^[0-9]+ plies$' -- bash -c "$SOW animate $(printf '%q ' "$@") --html '$cli_tmp/$name.html' && $SOW replay $(printf '%q ' "$@") --json >'$cli_tmp/$name.jsonl' && $PYTHON tests/html/check_page.py '$cli_tmp/$name.html' '$cli_tmp/$name.jsonl'"
}
page_case capture 'outre=\[4,[01],[0-9]+,[23],0\]' -- $V --moves "$GAME1"
page_case leave-one 'out~"ev":[[0,0,0,9,1],' -- $VB --moves 0
page_case pass 'outre=\[6,[01],-1,0,0\]' -- $VB --moves "$BOTO"
page_case skip 'outre=\[2,[01],[0-9]+,[0-9]+,0\]' -- $VB --option skip_origin=true --moves "$BOTO_SKIP"
page_case bearoff 'outre=\[4,[01],-1,[0-9]+,1\]' -- $VA --moves "$ANDADA"
page_case endless 'outre=\[5,0,[0-9]+,[0-9]+,[0-9]+\]' -- $V2 --option endless_move=end_game --moves "$KUI2_ENDLESS"
page_case opening 'out~"head":"move 1: South plays a, a move sown through to its end at once' -- $VA --moves "0 first:0"
# an endless move of 48,837,173 events: the first 20,000 are kept, the rest counted
limit=10 t animate-endless-long 0 noerr 'out~,"trunc":48837173,' 'outre=\[5,0,[0-9]+,[0-9]+,[0-9]+\]' -- sow animate $V2 --option endless_move=end_game --moves "5 6 4 11 5 10 0 11 2 11 0 6 2" --html -
t animate-match 0 noerr 'out~"head":"game 2: ' 'out~"end":"match over after 3 games: the most games a match may have were played; holes South ' 'out~[0,"hole F now belongs to South"]' -- sow animate $V2 --option match=true --option match_games=3 --moves "$KUI2_MATCH" --html -
t animate-no-moves 2 "err=sow animate: --moves \"TOKENS\" is required (the game to replay; sow replay takes the same) (see 'sow animate --help')" -- sow animate $V --html -
t animate-no-html 2 "err=sow animate: --html FILE is required (where to write the page; '-' for standard output) (see 'sow animate --help')" -- sow animate $V --moves 2
t animate-no-variant 2 "err=sow animate: which variant? e.g. sow animate adji-kui-1 --moves \"2 8 1\" --html game.html (see 'sow animate --help')" -- sow animate
t animate-illegal 1 "err=sow animate: ply 1: move 2 is not legal for North; the legal moves are: 6 7 8 9 10 11" lines=0 "nofile=$cli_tmp/i.html" "nofile=$cli_tmp/i.html.tmp" -- sow animate $V --moves "2 2" --html "$cli_tmp/i.html"
t animate-after-end 1 "err=sow animate: token 44 ('3'): the game is already over after ply 42; nothing may follow" "nofile=$cli_tmp/e.html" -- sow animate $V --moves "$GAME1 3" --html "$cli_tmp/e.html"
t animate-stdout-error 1 "err=sow animate: ply 1: move 2 is not legal for North; the legal moves are: 6 7 8 9 10 11" lines=0 -- sow animate $V --moves "2 2" --html -
t animate-nodir 1 "err=sow animate: cannot write $cli_tmp/none/x.html: No such file or directory; check that the directory exists and is writable" -- sow animate $V --moves 2 --html "$cli_tmp/none/x.html"
# an earlier page is left as it was when a new one fails
t animate-keeps-old 1 'err~sow animate: ply 1: move 2 is not legal' "file=$HTML" "nofile=$HTML.tmp" -- sow animate $V --moves "2 2" --html "$HTML"
t animate-old-intact 0 noerr 'out=65 plies' -- "$PYTHON" tests/html/check_page.py "$HTML" "$cli_tmp/a.jsonl"
# the pictures of docs/learning.md are what sow draw gives now
limit=10 t docs-pictures 0 noerr 'out=same' -- env SOW="$SOW" bash docs/pictures.sh --check

# tools/bench-builds.sh: two trees' sow bench in turn (here one tree twice,
# made of this sow and the shipped variants)
mkdir -p "$cli_tmp/tree/build" && ln -sf "$SOW" "$cli_tmp/tree/build/sow" && ln -sfn "$cli_root/variants" "$cli_tmp/tree/variants"
t bench-builds-help 0 noerr 'out~two builds of sow side by side' 'out~--rounds N' -- bash tools/bench-builds.sh --help
t bench-builds-missing 2 "err=bench-builds.sh: $cli_tmp/none/build/sow is missing: build it with 'make -C $cli_tmp/none build/sow'" -- bash tools/bench-builds.sh "$cli_tmp/none" "$cli_tmp/tree" adji-kui-1
t bench-builds-few 2 'err=bench-builds.sh: give OLD_TREE NEW_TREE and at least one variant (see --help)' -- bash tools/bench-builds.sh "$cli_tmp/tree" "$cli_tmp/tree"
t bench-builds-option 2 "err=bench-builds.sh: unknown option '--round' (see --help)" -- bash tools/bench-builds.sh --round 3 "$cli_tmp/tree" "$cli_tmp/tree" adji-kui-1
t bench-builds-number 2 'err=bench-builds.sh: --rounds and --seconds take numbers' -- bash tools/bench-builds.sh --rounds x "$cli_tmp/tree" "$cli_tmp/tree" adji-kui-1
t bench-builds-unknown 1 "err~sow bench: no variant 'nogame'" -- bash tools/bench-builds.sh --rounds 1 --seconds 0.1 "$cli_tmp/tree" "$cli_tmp/tree" nogame
t bench-builds-run 0 noerr 'out~variant             old_plies_s    new_plies_s  new/old' 'outre=^adji-boto +[0-9]+ +[0-9]+ +[0-9]+\.[0-9]{3}$' lines=2 -- bash tools/bench-builds.sh --rounds 2 --seconds 0.1 "$cli_tmp/tree" "$cli_tmp/tree" adji-boto

cli_summary cli
