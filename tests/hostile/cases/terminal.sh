# shellcheck shell=bash
# tests/hostile/cases/terminal.sh - issue 13 #5 and #9: nothing that could
# drive a terminal reaches one, and text cut to fit is cut between
# characters. Sourced by tests/hostile/run.sh (t, lv, $L, $T, $V there).
#
# The check `clean` (tests/cli/lib.sh) fails a case whose stdout or stderr
# holds a control character (C0 but tab and line feed, DEL, C1 as UTF-8)
# or a byte that is not UTF-8. C1 controls matter as much as ESC: U+009B is
# CSI and U+009D is OSC to many terminals, and so are the raw bytes 0x9B
# and 0x9D to some.

# ---- text from scripts: error() messages, field names, decision tokens ---
t term-lua-error-c1 1 clean "err=$L/error_c1.lua:2: a 2J b?c  ]52;c;aGk=  d x (variant hostile-error-c1, while running the script)" -- sow replay "$L/error_c1.yaml" --moves 2 --json
t term-lua-error-c1-validate 1 clean "err~$L/error_c1.lua:2: a 2J b?c" -- sow validate "$L/error_c1.yaml"
t term-lua-error-c1-trace 1 clean "err~$L/error_c1.lua:2: a 2J b?c" -- sow trace "$L/error_c1.yaml" --moves 2
t term-lua-error-long-utf8 1 clean "err~$L/error_long_utf8.lua:2: xééé" "err~é (variant hostile-error-long-utf8, while running the script)" -- sow replay "$L/error_long_utf8.yaml" --moves 2 --json
t term-lua-field-name 1 clean "err=$L/field_name_escape.lua:5: function choose returned a table with the unknown field ' [2J 31m ]52;c;aGk= ' (variant hostile-field-name-escape, hook decide)" -- sow replay "$L/field_name_escape.yaml" --moves pick:1 --json
t term-lua-token 1 clean "err=$L/token_escape.lua:2: function choices returned the token 'pick: [2J?31m', which is not a declared decision (variant hostile-token-escape, hook decisions)" -- sow replay "$L/token_escape.yaml" --moves pick:1 --json
t term-lua-token-play 1 clean "err~function choices returned the token 'pick: [2J?31m'" -- sow play "$L/token_escape.yaml" --south random --north random

# ---- values from the command line -----------------------------------------
t term-cmd-name 2 clean "err~sow: unknown command ' [2J'; the commands are: " -- sow $'\e[2J'
t term-cmd-name-c1 2 clean "err~sow: unknown command ' 52;c;aGk= '" -- sow $'\xc2\x9d52;c;aGk=\a'
t term-flag 2 clean "err=sow replay: unknown flag '-- [2J' (see 'sow replay --help')" -- sow replay $V $'--\e[2J'
t term-variant-show 1 clean "err=sow show: no variant ' ]52;c;aGk= '; 'sow list' shows the variants found, or give the path of a .yaml file" -- sow show $'\e]52;c;aGk=\a'
t term-variant-raw-c1 1 clean "err~sow replay: no variant '?2J'" -- sow replay $'\x9b2J' --moves 2
t term-variant-path 1 clean "err=nowhere [2J.yaml: cannot open: No such file or directory" -- sow validate $'nowhere\e[2J.yaml'
t term-option-name 1 clean "err=sow replay: variant adji-kui-1 has no option ' [2J'; its options: endless, skip_origin, max_plies" -- sow replay $V --moves 2 --option $'\e[2J=1'
t term-option-value 1 clean "err=sow replay: option direction: ' [2J ' is not a value it takes; use ccw, cw" -- sow replay andada --moves 2 --option $'direction=\e[2J\xc2\x9b'
t term-option-value-raw 1 clean "err~sow show: option direction: '?" -- sow show andada --option $'direction=\x9b2J'
t term-player-selfplay 2 clean "err~sow selfplay: --players: player 'random [31m': no such player" -- sow selfplay $V --players $'random\e[31m,random' --games 1
t term-player-search 2 clean "err~sow search: --player: player '?2J': no such player" -- sow search $V --player $'\x9b2J'
t term-player-play 2 clean "err~, not ' ]52;c;aGk= ' (see 'sow play --help')" -- sow play $V --south $'\e]52;c;aGk=\a' --north random
t term-token-c1 1 clean "err=sow replay: ply 1: move ' 31m' is neither a hole label (a to f, A to F) nor a hole number (0 to 11); the legal moves are: 6 7 8 9 10 11" -- sow replay $V --moves $'2 \xc2\x9b31m' --json
t term-token-raw-c1 1 clean "err=sow trace: ply 0: move '?' is neither a hole label (a to f, A to F) nor a hole number (0 to 11); the legal moves are: 0 1 2 3 4 5" -- sow trace $V --moves $'\x9b'
t term-token-bel 1 clean "err~a move token holds a control character" -- sow replay $V --moves $'2\a'
t term-token-draw 1 clean "err~move ' [2J' is neither a hole label (a to f, A to F) nor a hole number" -- sow draw $V --moves $'\xc2\x9b[2J' --svg -
t term-token-search 1 clean "err~--moves: ply 0: " -- sow search $V --moves $'\e]52;c;aGk=\a'
t term-seed 2 clean "err=sow bench: --seed takes a whole number from 0 to 18446744073709551615, not '1 [2J' (see 'sow bench --help')" -- sow bench $V --seed $'1\e[2J'
# 40 bytes of a token are quoted: 20 characters of two bytes, or x and 19
e20=$(printf 'é%.0s' $(seq 20))
t term-token-long-utf8 1 clean "err=sow replay: ply 0: move '$e20...' is neither a hole label (a to f, A to F) nor a hole number (0 to 11); the legal moves are: 0 1 2 3 4 5" -- sow replay $V --moves "$(printf 'é%.0s' $(seq 100))"
t term-token-long-utf8-odd 1 clean "err=sow replay: ply 0: move 'x${e20#é}...' is neither a hole label (a to f, A to F) nor a hole number (0 to 11); the legal moves are: 0 1 2 3 4 5" -- sow replay $V --moves "x$(printf 'é%.0s' $(seq 100))"
# the `sow play` prompt: what was typed is quoted back, made safe
input=$'\e[2J\xc2\x9b31m\x9b\nquit\n' t term-play-prompt 0 clean "out~' [2J 31m?' is not a legal move" -- sow play $V --south human --north random

# ---- long names in several scripts, cut to fit (issue 13 #9) --------------
# a variant whose name, summary and a rule text are long runs of two- and
# three-byte characters, with an odd ASCII prefix so that byte limits fall
# inside characters
U=$T/utf8
mkdir -p "$U"
e200=$(printf 'é%.0s' $(seq 400))
k300=$(printf '€%.0s' $(seq 300))
sed -e "s/^id: .*/id: long-names/" -e "s/^name: .*/name: \"x$e200\"/" \
    -e "s/^summary: .*/summary: \"y$k300\"/" \
    -e "s/^  K1.1: .*/  K1.1: \"z$k300\"/" variants/adji_kui_1.yaml >"$U/long.yaml"
cp variants/adji_kui_1.lua "$U/"
t term-long-show 0 clean "out~x$(printf 'é%.0s' $(seq 20))" -- sow show "$U/long.yaml"
t term-long-trace 0 clean "out~move 3: South plays" -- sow trace "$U/long.yaml" --moves 2,7,3
t term-long-replay 0 clean -- sow replay "$U/long.yaml" --moves 2,7 --json
t term-long-play 0 clean -- sow play "$U/long.yaml" --south random --north random --seed 3
t term-long-draw-svg 0 clean "file=$U/long.svg" -- sow draw "$U/long.yaml" --moves 2,7 --svg "$U/long.svg"
t term-long-animate 0 clean "file=$U/long.html" -- sow animate "$U/long.yaml" --moves 2,7,3 --html "$U/long.html"
t term-long-draw-stdout 0 clean -- sow draw "$U/long.yaml" --moves 2 --svg -
# the files: valid UTF-8, and the SVG well-formed XML
for f in "$U/long.svg" "$U/long.html"; do
    cli_cases=$((cli_cases + 1))
    if ! iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1; then
        echo "FAIL term-long-file: $f is not valid UTF-8"
        cli_failed=$((cli_failed + 1))
    elif LC_ALL=C grep -qaP '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xef\xbf\xbd' "$f"; then
        echo "FAIL term-long-file: $f holds a control character or U+FFFD (a character cut in two)"
        cli_failed=$((cli_failed + 1))
    fi
done
cli_cases=$((cli_cases + 1))
if ! /usr/bin/python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' "$U/long.svg" 2>"$cli_tmp/xml.err"; then
    echo "FAIL term-long-svg-xml: $U/long.svg is not well-formed XML: $(tail -n 1 "$cli_tmp/xml.err")"
    cli_failed=$((cli_failed + 1))
fi
