#!/bin/bash
# The command-line conventions of issue 14 (section 4) and the flag table
# (tools/flags.c): getopt_long's semantics in every command, sow --version
# and sow help CMD, the nearest command or flag suggested, hole labels in
# every --moves, sow play's move list and --record, --threads 0. Run by
# tests/cli/run.sh (sourced: its cases count there); on its own:
#
#   SOW=build/sow bash tests/cli/flags.sh     (from the repository root)
set -u
if [ -z "${cli_root:-}" ]; then
    # shellcheck source=tests/cli/lib.sh
    . "$(cd "$(dirname "$0")" && pwd)/lib.sh"
    cli_standalone
    flags_standalone=1
fi
FV=adji-kui-1
PLY0='{"ply":0,"to_move":0,"legal":[0,1,2,3,4,5],"move":2,"board":[4,4,0,5,5,5,5,4,4,4,4,4],"captured":[0,0]}'
FT=$cli_tmp/flags
mkdir -p "$FT"
VERSION=$(sed -n 's/^#define SOW_VERSION_STRING "\(.*\)"$/\1/p' include/sow/version.h)

# ---- version and help ------------------------------------------------------
t version-flag 0 "out=sow $VERSION" lines=1 noerr -- sow --version
t version-word 0 "out=sow $VERSION" lines=1 noerr -- sow version
t version-help 0 'out=usage: sow version' noerr -- sow version --help
t version-extra 2 "err=sow version: unexpected argument 'x' (see 'sow version --help')" -- sow version x
t help-no-command 0 'out=usage: sow COMMAND [ARGS]' 'out~  version ' noerr -- sow help
t help-help 0 'out=usage: sow help [COMMAND]' noerr -- sow help --help
t help-unknown 2 "err~sow: unknown command 'bogus'; the commands are: list " lines=0 -- sow help bogus
t help-two 2 "err=sow help: one command at a time ('play' and 'show') (see 'sow help --help')" -- sow help play show
# sow help CMD is the very text of sow CMD --help, for every command
for c in list show validate play replay trace bench search solve selfplay stats compare test draw animate help version; do
    t "help-$c-same" 0 noerr 'out=same' -- bash -c "cmp -s <('$SOW' help $c) <('$SOW' $c --help) && '$SOW' help $c | grep -q '^usage: sow $c' && echo same"
done

# ---- the nearest command, the nearest flag --------------------------------
t near-command 2 "err=sow: unknown command 'selfply'; did you mean \`selfplay\`? (see 'sow --help')" lines=0 -- sow selfply
t near-command-case 2 "err=sow: unknown command 'Trace'; did you mean \`trace\`? (see 'sow --help')" -- sow Trace
t near-version 2 "err=sow: unknown command '--versio'; did you mean \`--version\`? (see 'sow --help')" -- sow --versio
t near-help-word 2 "err=sow: unknown command 'hlep'; did you mean \`help\`? (see 'sow --help')" -- sow hlep
t near-flag 2 "err=sow selfplay: unknown flag '--game'; did you mean --games? (see 'sow selfplay --help')" lines=0 -- sow selfplay $FV --game 3
t near-flag-eq 2 "err=sow replay: unknown flag '--mvoes=2'; did you mean --moves? (see 'sow replay --help')" -- sow replay $FV --mvoes=2
t near-flag-short 2 "err=sow trace: unknown flag '--no-bord'; did you mean --no-board? (see 'sow trace --help')" -- sow trace $FV --moves 2 --no-bord
t far-flag 2 "err=sow play: unknown flag '--colour' (see 'sow play --help')" -- sow play $FV --colour

# ---- values: after the flag or after '=', ranges named --------------------
t value-eq 0 'out~ games=3 ' -- sow bench $FV --games=3
t value-next 0 'out~ games=3 ' -- sow bench $FV --games 3
t value-eq-time 0 'out~ games=3 ' -- sow bench $FV --games 3 --time-limit=60
t value-eq-empty 2 "err=sow bench: --games takes a whole number from 1 to 1000000000, not '' (see 'sow bench --help')" -- sow bench $FV --games=
t value-short-glued 0 'out~  max_plies = 7   (default 10000; 1 to 1000000)' -- sow show $FV -omax_plies=7
t value-short-next 0 'out~  max_plies = 8   (default 10000; 1 to 1000000)' -- sow show $FV -o max_plies=8
t value-negative-taken 2 "err=sow search: --repeat takes a whole number from 1 to 1000, not '-3' (see 'sow search --help')" -- sow search $FV --repeat -3
t value-range-high 2 "err=sow search: --repeat takes a whole number from 1 to 1000, not '1001' (see 'sow search --help')" -- sow search $FV --repeat 1001
t value-range-open 2 "err=sow bench: --seconds takes a number above 0 and at most 3600, not '0' (see 'sow bench --help')" -- sow bench $FV --seconds 0
t value-range-zero 2 "err=sow replay: --time-limit takes a number of seconds from 0 (no limit) to 604800, not '-1' (see 'sow replay --help')" -- sow replay $FV --moves 2 --time-limit=-1
t value-seed-max 0 'out~ games=2 ' -- sow bench $FV --games 2 --seed 18446744073709551615
t value-seed-over 2 "err=sow bench: --seed takes a whole number from 0 to 18446744073709551615, not '18446744073709551616' (see 'sow bench --help')" -- sow bench $FV --seed 18446744073709551616
t value-missing 2 "err=sow draw: --svg needs a value (--svg FILE) (see 'sow draw --help')" -- sow draw $FV --svg
t bool-no-value 2 "err=sow play: --watch takes no value; give --watch alone, not '--watch=1' (see 'sow play --help')" -- sow play $FV --watch=1
t bool-short-glued 2 "err=sow test: unknown flag '-vx' (see 'sow test --help')" -- sow test $FV -vx
t bool-short 0 'out~ok ' -- sow test $FV -v

# ---- a flag given twice ---------------------------------------------------
t twice 2 "err=sow bench: --games is given twice; give it once (see 'sow bench --help')" lines=0 -- sow bench $FV --games 3 --games 4
t twice-eq 2 "err=sow replay: --moves is given twice; give it once (see 'sow replay --help')" -- sow replay $FV --moves=2 --moves 8
t twice-bool 2 "err=sow replay: --json is given twice; give it once (see 'sow replay --help')" -- sow replay $FV --moves 2 --json --json
t twice-option-ok 0 'out~  max_plies = 5 ' 'out~  endless = no_capture_plies:4 ' -- sow show $FV -o max_plies=5 --option endless=no_capture_plies:4

# ---- '--' ends the flags --------------------------------------------------
t dashdash-variant 0 'out=Adji Kui I (adji-kui-1)' -- sow show -- $FV
t dashdash-after 2 "err=sow replay: one variant at a time ('adji-kui-1' and '--json') (see 'sow replay --help')" -- sow replay $FV --moves 2 -- --json
t dashdash-help 2 "err=sow show: one variant at a time ('adji-kui-1' and '--help') (see 'sow show --help')" -- sow show $FV -- --help
t dashdash-files 1 "err=--json: cannot open: No such file or directory" -- sow validate -- --json
t flags-first 0 noerr "rec=$PLY0" lines=1 -- sow replay --moves 2 --json $FV
t dash-positional 1 'err~-: ' -- sow validate -

# ---- hole labels in every --moves ------------------------------------------
t labels-replay 0 noerr 'out=same' -- bash -c "cmp -s <('$SOW' replay $FV --moves 'c C b' --json) <('$SOW' replay $FV --moves '2 8 1' --json) && echo same"
t labels-mixed 0 noerr 'out=same' -- bash -c "cmp -s <('$SOW' replay $FV --moves 'c,8 b' --json) <('$SOW' replay $FV --moves '2 8 1' --json) && echo same"
t labels-trace 0 noerr 'out=same' -- bash -c "cmp -s <('$SOW' trace $FV --moves 'c C b' --json) <('$SOW' trace $FV --moves '2 8 1' --json) && echo same"
t labels-draw 0 noerr 'out=same' -- bash -c "cmp -s <('$SOW' draw $FV --moves 'c C b' --svg -) <('$SOW' draw $FV --moves '2 8 1' --svg -) && echo same"
t labels-animate 0 noerr 'out=same' -- bash -c "cmp -s <('$SOW' animate $FV --moves 'c C b' --html -) <('$SOW' animate $FV --moves '2 8 1' --html -) && echo same"
t labels-search 0 noerr 'out~ ply=3 to_move=North ' -- sow search $FV --moves 'c C b' --player greedy
t labels-compare 0 'out=compare adji-kui-1: A max_plies=10000; B max_plies=5; 7 tokens' "out~the readings part after token 5 ('d')" -- sow compare $FV --b max_plies=5 --moves 'c C b B d D e'
t labels-compare-same 0 'outre=^the readings part after token 5 \(.[0-9]+.\)' -- sow compare $FV --b max_plies=5 --moves '2 8 1 7 3 9 4'
t labels-andada-24 0 noerr 'out~"move":23' -- sow replay andada --option holes=24 --moves x --json
t labels-decision 0 noerr 'out~"move":2' -- sow replay andada --moves 'c first:0' --json
t label-illegal 1 "err=sow replay: ply 1: move 2 is not legal for North; the legal moves are: 6 7 8 9 10 11" -- sow replay $FV --moves 'c c'
t label-no-hole 1 "err=sow replay: ply 0: move 'g' is neither a hole label (a to f, A to F) nor a hole number (0 to 11); the legal moves are: 0 1 2 3 4 5" -- sow replay $FV --moves g
t label-two-letters 1 "err=sow trace: ply 0: move 'cc' is neither a hole label (a to f, A to F) nor a hole number (0 to 11); the legal moves are: 0 1 2 3 4 5" -- sow trace $FV --moves cc

# ---- sow play: the move list at the end, --record -------------------------
PLAY=(sow play $FV --south random --north random --seed 1 --option max_plies=3)
t play-moves 0 noerr 'out~moves: 3 10 5' 'last=to replay them: sow replay adji-kui-1 --option max_plies=3 --moves "3 10 5"' -- "${PLAY[@]}"
t play-record 0 noerr "file=$FT/r.jsonl" 'last=to replay them: sow replay adji-kui-1 --option max_plies=3 --moves "3 10 5"' -- "${PLAY[@]}" --record "$FT/r.jsonl"
t play-record-same 0 noerr 'out=same' -- bash -c "'$SOW' replay $FV --option max_plies=3 --moves '3 10 5' --json | cmp -s - '$FT/r.jsonl' && echo same"
t play-record-lines 0 noerr 'rec={"ply":0,"to_move":0,"legal":[0,1,2,3,4,5],"move":3,"board":[4,4,4,0,5,5,5,5,4,4,4,4],"captured":[0,0]}' 'last={"result":{"winner":null,"score":[20,28],"reason":"max_plies reached","unfinished":true}}' lines=4 -- cat "$FT/r.jsonl"
t play-record-stdout 0 noerr 'last={"result":{"winner":null,"score":[20,28],"reason":"max_plies reached","unfinished":true}}' 'out~moves: 3 10 5' -- "${PLAY[@]}" --record -
t play-record-nodir 1 "err=sow play: cannot write $FT/none/r.jsonl: No such file or directory; check that the directory exists and is writable" lines=0 "nofile=$FT/none" -- "${PLAY[@]}" --record "$FT/none/r.jsonl"
# the printed command replays the game: the same result as sow play showed
t play-moves-replay 0 noerr 'out=same' -- bash -c "cmd=\$('$SOW' play $FV --south greedy --north random --seed 5 | sed -n 's/^to replay them: sow //p') && [ -n \"\$cmd\" ] && eval \"'$SOW' \$cmd --json\" | tail -n 1 | grep -q '\"unfinished\":false' && echo same"
# a match: the moves of every game, and a record of the whole match
limit=20 t play-match-record 0 noerr "file=$FT/m.jsonl" 'out~match over after 3 games' -- sow play adji-kui-2 --option match=true --option match_games=3 --south random --north greedy --seed 2 --record "$FT/m.jsonl"
limit=20 t play-match-same 0 noerr 'out=same' -- bash -c "cmd=\$('$SOW' play adji-kui-2 --option match=true --option match_games=3 --south random --north greedy --seed 2 | sed -n 's/^to replay them: sow //p') && eval \"'$SOW' \$cmd --json\" | cmp -s - '$FT/m.jsonl' && tail -n 1 '$FT/m.jsonl' | grep -q '^{\"match_result\":' && echo same"
# a person who leaves: the moves so far, and a record without a result
input=$'c\nquit\n' t play-quit-moves 0 noerr 'out~game left unfinished after 2 moves.' 'last=to replay them: sow replay adji-kui-1 --moves "2 9"' -- sow play $FV --seed 1 --record "$FT/q.jsonl"
t play-quit-record 0 noerr lines=2 'out~"move":2,' 'last={"ply":1,"to_move":1,"legal":[6,7,8,9,10,11],"move":9,"board":[5,5,0,5,5,5,5,4,4,0,5,5],"captured":[0,0]}' -- cat "$FT/q.jsonl"
input=$'quit\n' t play-quit-at-once 0 noerr 'out!~moves:' "file=$FT/e.jsonl" -- sow play $FV --seed 1 --record "$FT/e.jsonl"
t play-empty-record 0 lines=0 -- cat "$FT/e.jsonl"
# a variant path with a space and a quote is quoted for the shell
mkdir -p "$FT/it's here"
cp variants/adji_kui_1.yaml variants/adji_kui_1.lua "$FT/it's here/"
QV="$FT/it's here/adji_kui_1.yaml"
t play-moves-quoted 0 noerr "last=to replay them: sow replay '$FT/it'\\''s here/adji_kui_1.yaml' --option max_plies=3 --moves \"3 10 5\"" -- sow play "$QV" --south random --north random --seed 1 --option max_plies=3
t play-moves-quoted-runs 0 noerr 'out=same' -- bash -c "cmd=\$('$SOW' play \"\$1\" --south random --north random --seed 1 --option max_plies=3 | sed -n 's/^to replay them: sow //p') && eval \"'$SOW' \$cmd --json\" | cmp -s - '$FT/r.jsonl' && echo same" _ "$QV"
t play-help-record 0 'out~--record FILE' noerr -- sow play --help

# ---- --threads 0: every core ----------------------------------------------
cores=$(nproc)
[ "$cores" -gt 40 ] && cores=40
t threads-zero 0 noerr "outre=games/s, $cores threads?\$" -- sow selfplay $FV --games 40 --threads 0
t threads-zero-same 0 noerr 'out=same' -- bash -c "cmp -s <('$SOW' selfplay $FV --games 30 --threads 0 --json) <('$SOW' selfplay $FV --games 30 --threads 1 --json) && echo same"
t threads-zero-compare 0 noerr 'out~plies' -- sow compare $FV --b max_plies=30 --games 20 --threads 0
t threads-help 0 noerr 'out~--threads 0' -- sow selfplay --help

if [ -n "${flags_standalone:-}" ]; then
    cli_summary flags
fi
