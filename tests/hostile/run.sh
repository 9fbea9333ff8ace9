#!/bin/bash
# tests/hostile/run.sh - the bad-input corpus (issues 6 and 13): variant
# files, scripts, scenario files, shards, output paths and command lines
# that a stranger (or a slip) could hand to `sow`. Every case must finish
# within its time (2 seconds unless it says otherwise) with the expected
# exit status (non-zero for a refusal) and FIRST line of stderr (exact, or
# a stable part of it where the line holds a temporary path), or with what
# must hold afterwards (an output file, a victim left alone), and must not
# crash, hang or leak: under
# `make check SANITIZE=1` the binary is built with ASan+UBSan (LeakSanitizer
# included), and a sanitizer report changes the exit status, which fails
# the case.
#
#   SOW=build/sow bash tests/hostile/run.sh     (from anywhere; `make check`
#                                              and `make hostile` run it)
#   VALGRIND=1 SOW=build/sow bash tests/hostile/run.sh   (`make hostile
#                                              VALGRIND=1`: under valgrind)
#
# The inputs:
#   tests/hostile/yaml/NAME.yaml   broken variant files, checked with
#                                  `sow validate` (the first comment line of
#                                  each says what is wrong with it; ok.lua
#                                  is the valid script they name)
#   tests/hostile/lua/NAME.yaml    a small valid variant whose script
#   tests/hostile/lua/NAME.lua     NAME.lua misbehaves, replayed with
#                                  `sow replay ... --moves M --json`
#   the command lines below        misuse of the command line
#   made at run time               files too large, too many nodes, a FIFO
#
# A case is a line of the table runner of tests/cli/lib.sh:
#   t NAME STATUS err=FIRST-LINE -- sow ARGS...
# (see that file). Known defects whose fix belongs in a file outside the
# loader, options and Lua bridge are listed at the end as expected to fail
# (XFAIL): they are run and reported, and do not fail the suite; one that
# starts passing is reported as XPASS so it can move up into the table.
set -u
export LC_ALL=C
unset SOW_VARIANTS
# a sanitizer report (a leak at exit included) must change the exit status:
# by default it is 1, the status most cases expect
export ASAN_OPTIONS="exitcode=86${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="exitcode=87:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
here=$(cd "$(dirname "$0")" && pwd)
cli_root=$(cd "$here/../.." && pwd)
SOW=${SOW:-build/sow}
case $SOW in /*) ;; *) SOW="$cli_root/$SOW" ;; esac
if [ ! -x "$SOW" ]; then
    echo "hostile: no sow binary at $SOW (build it, or set SOW)" >&2
    exit 2
fi
# shellcheck source=tests/cli/lib.sh
. "$cli_root/tests/cli/lib.sh"
cd "$cli_root" || exit 2
# VALGRIND=1: every case under valgrind (memory errors and leaks give exit
# status 99), with 120 s instead of 2 s a case
if [ "${VALGRIND:-}" = 1 ]; then
    cat >"$cli_tmp/sow-valgrind" <<VG
#!/bin/sh
exec valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect "$SOW" "\$@"
VG
    chmod +x "$cli_tmp/sow-valgrind"
    SOW=$cli_tmp/sow-valgrind
    limit=120
fi

Y=tests/hostile/yaml
L=tests/hostile/lua

# yv NAME REST: `sow validate Y/NAME.yaml` exits 1, first line Y/NAME.yaml:REST
yv() {
    t "yaml-$1" 1 "err=$Y/$1.yaml:$2" lines=0 -- sow validate "$Y/$1.yaml"
}
# lv NAME MOVES LINE: `sow replay L/NAME.yaml --moves MOVES --json` exits 1
lv() {
    t "lua-$1" 1 "err=$3" lines=0 -- sow replay "$L/$1.yaml" --moves "$2" --json
}
# lv_sub NAME MOVES PART...: the same, the first line containing each PART
# (the limits: on a loaded machine the time limit may trip before the
# instruction or memory limit, so those cases check the parts that do not
# depend on which trips first)
lv_sub() {
    local n=$1 m=$2
    shift 2
    local c=() p
    for p in "$@"; do c+=("err~$p"); done
    t "lua-$n" 1 "${c[@]}" lines=0 -- sow replay "$L/$n.yaml" --moves "$m" --json
}

# ---- YAML: syntax, anchors and aliases, tags, duplicate keys, implicit
# types, documents, nesting, bytes, boards and values out of range -------
yv syntax_unclosed_flow_map "6:7: YAML syntax error: did not find expected ',' or '}' while parsing a flow mapping that begins at 5:8; the mistake is between 5:8 and 6:7"
yv syntax_mapping_in_value "3:14: YAML syntax error: mapping values are not allowed in this context"
yv syntax_unclosed_quote "16:1: YAML syntax error: found unexpected end of stream while scanning a quoted scalar that begins at 3:7; the mistake is between 3:7 and 16:1"
yv syntax_bad_indent "7:2: YAML syntax error: did not find expected key while parsing a block mapping that begins at 2:1; the mistake is between 2:1 and 7:2"
yv syntax_seq_in_map "8:3: YAML syntax error: did not find expected key while parsing a block mapping that begins at 6:3; the mistake is between 6:3 and 8:3"
yv syntax_bad_escape "3:16: YAML syntax error: found unknown escape character while parsing a quoted scalar that begins at 3:7; the mistake is between 3:7 and 3:16"
yv tab_before_item "11:1: YAML syntax error: found character that cannot start any token while scanning for the next token; a tab: YAML indents with spaces only"
yv anchor_in_list "11:39: anchors (&two) are not allowed in a variant file; write the value out"
yv alias_undefined "9:14: aliases (*name) are not allowed in a variant file; write the value out"
yv merge_key_alias "5:7: anchors (&base) are not allowed in a variant file; write the value out"
yv merge_key_plain "6:3: unknown key '<<' in board; the keys are: rows, holes, seeds, layout, row_seeds, layout_north, stores, stores_on_track, claims, closes, hand, placing, claimed"
yv tag_int "6:10: tags (tag:yaml.org,2002:int) are not allowed in a variant file; remove the tag"
yv tag_custom "5:8: tags (!ruby/object) are not allowed in a variant file; remove the tag"
yv duplicate_top_key "5:1: duplicate key 'name' (first at line 3); keep one"
yv duplicate_quoted_key "8:3: duplicate key 'holes' (first at line 6); keep one"
yv duplicate_flow_key "11:31: duplicate key 'owner' (first at line 11); keep one"
yv bool_on "10:12: passing must be true or false, not 'on'"
yv bool_no "8:11: stores must be true or false, not 'no'"
yv bool_as_text "3:7: name is 'yes', which YAML reads as true or false; write it in quotes if you mean the text"
yv int_hex "9:14: min_seeds must be a whole number written in decimal digits, not '0x2'"
yv int_octal_leading_zero "7:10: seeds is written '010' with a leading zero, which some YAML readers take as octal; write it without the leading zeros"
yv int_octal_0o "7:10: seeds must be a whole number written in decimal digits, not '0o17'"
yv int_exponent "7:10: seeds must be a whole number written in decimal digits, not '1e3'"
yv int_inf "7:10: seeds must be a whole number written in decimal digits, not '.inf'"
yv int_nan "9:14: min_seeds must be a whole number written in decimal digits, not '.nan'"
yv int_underscore "7:10: seeds must be a whole number written in decimal digits, not '1_000'"
yv int_float "6:10: holes must be a whole number written in decimal digits, not '6.5'"
yv int_quoted "6:10: holes must be a whole number written in decimal digits, not '6' (in quotes: write it without them)"
yv null_tilde "7:10: seeds is '~', which YAML reads as null (no value); write a whole number from 0 to 1000"
yv null_empty "7:9: seeds has no value; write a whole number from 0 to 1000"
yv null_word_text "4:10: summary is 'null', which YAML reads as null (no value); write the text"
yv two_documents_markers "17:1: a second YAML document; a variant file holds exactly one"
yv document_end_then_more "17:1: YAML syntax error: did not find expected <document start>"
yv nesting_20 "8:25: nesting deeper than 16 levels; a variant file needs far fewer"
yv nesting_5000 "2:19: nesting deeper than 16 levels; a variant file needs far fewer"
yv non_utf8 "3:15: the file is not UTF-8 text (invalid trailing UTF-8 octet at byte 0xE9); save it as UTF-8"
yv nul_byte "3:14: a control character (byte 0x00) in the file; a variant file is printable UTF-8 text: remove it"
yv escaped_nul "3:7: a NUL character in a value; remove it"
yv escape_sequence "3:7: a control character (U+001B) in a value; a variant file holds printable text only (tabs and line breaks aside)"
yv c1_control "4:10: a control character (U+009B) in a value; a variant file holds printable text only (tabs and line breaks aside)"
yv only_comments "1:1: the file is empty; a variant needs id, name, summary, board, sowing and script"
yv only_marker "1:1: the file is empty; a variant needs id, name, summary, board, sowing and script"
yv root_scalar "2:1: a variant file must be a mapping (key: value lines), not a single value"
yv root_list "2:1: a variant file must be a mapping (key: value lines), not a list"
yv complex_key "14:3: a mapping key must be a plain word"
yv key_line_break "8:3: a mapping key must be a plain word"
yv holes_negative "6:10: holes is -6; it must be from 1 to 32"
yv holes_33 "6:10: holes is 33; it must be from 1 to 32"
yv holes_2_32 "6:10: holes is 4294967302, too many decimal digits; it must be from 1 to 32"
yv seeds_2_40 "7:10: seeds is 1099511627776, too many decimal digits; it must be from 0 to 1000"
yv seeds_1001 "7:10: seeds is 1001; it must be from 0 to 1000"
yv layout_wrong_length "7:11: layout has 11 counts but the board has 12 holes (2 rows of 6)"
yv layout_negative "7:27: a layout count is -4; it must be from 0 to 1000"
yv layout_65 "7:11: layout must be a list of 2 to 64 seed counts in canonical hole order"
yv layout_map "7:11: layout must be a list of 2 to 64 seed counts in canonical hole order"
yv rows_3 "7:10: a board of 3 rows needs sowing.track: a list for each player (the ring of two rows has no meaning here; C2.5)"
yv rows_5 "6:9: rows is 5; it must be from 2 to 4"
yv unknown_key_top "13:1: unknown key 'scripts' in a variant file; the keys are: id, name, summary, source, rules, board, sowing, end, script, hooks, options, decisions, state, match, phases, start_phase, explain, rounds, how_to_play"
yv unknown_key_rule "13:7: unknown key 'thereafter' in a lap_end rule; the keys are: when, do, if, chain, rule, claim, then, pick_extra, series, take, resow, take_last, extra, capture_all, pairs"
yv missing_sowing "2:1: missing key 'sowing' at the top level"
yv min_seeds_zero "9:14: min_seeds is 0; it must be from 1 to 1000"
yv leave_all "10:10: leave must be below min_seeds, or a move could sow nothing"
yv count_63 "11:38: count is 63; it must be from 1 to 62"
yv count_empty_list "11:38: count: [] matches nothing; list counts"
yv options_17 "17:3: at most 16 options"
yv enum_17_values "19:13: values must be a list of 1 to 16 words"
yv option_default_bad "17:31: default: option flag: 'maybe' is not a value it takes; use true, false"
yv option_min_above_max "17:31: max is below min"
yv option_needs_itself "17:53: needs: must name a bool option declared before this one"
yv max_plies_too_big "17:14: max_plies is 1000001; it must be from 1 to 1000000"
yv id_too_long "2:5: id 'hostile-id-too-long-abcdefghijkl' must be lower-case letters, digits and dashes, at most 31 characters"
yv name_two_lines "3:7: name must be a single line (no line breaks or other control characters)"
yv hook_name_code "15:12: hook lap_end must name a Lua function (letters, digits, _)"
yv script_dev_zero "13:9: script '/dev/zero' is outside the variant's folder; put the script beside the .yaml file (or below its folder)"
yv script_directory "13:9: script '.' is not a .lua file; a variant's script is Lua source text named NAME.lua, beside the .yaml file (or below its folder)"
yv script_null "13:9: script is '~', which YAML reads as null (no value); write the text"
yv phase_question_two_lines "17:15: question must be a single line (no line breaks or other control characters)"

# ---- scripts: sandbox escapes, patterns, loops (also inside pcall and
# xpcall), memory bombs, recursion, errors of every shape, scripts that are
# not source text, hooks returning what they must not ----------------------
lv io_open "2" "$L/io_open.lua:2: attempt to index a nil value (global 'io'); io is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-io-open, while running the script)"
lv os_execute "2" "$L/os_execute.lua:2: attempt to index a nil value (global 'os'); os is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-os-execute, while running the script)"
lv require_os "2" "$L/require_os.lua:2: attempt to call a nil value (global 'require'); require is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-require-os, while running the script)"
lv package_loadlib "2" "$L/package_loadlib.lua:2: attempt to index a nil value (global 'package'); package is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-package-loadlib, while running the script)"
lv load_binary_chunk "2" "$L/load_binary_chunk.lua:2: attempt to call a nil value (field 'dump'); string.dump is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-load-binary-chunk, while running the script)"
lv load_mode_b "2" "$L/load_mode_b.lua:2: attempt to call a nil value (global 'load'); load is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-load-mode-b, while running the script)"
lv string_dump "2" "$L/string_dump.lua:2: attempt to call a nil value (field 'dump'); string.dump is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-string-dump, while running the script)"
lv debug_sethook "2" "$L/debug_sethook.lua:2: attempt to index a nil value (global 'debug'); debug is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-debug-sethook, while running the script)"
lv dofile_passwd "2" "$L/dofile_passwd.lua:2: attempt to call a nil value (global 'dofile'); dofile is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-dofile-passwd, while running the script)"
lv loadfile_passwd "2" "$L/loadfile_passwd.lua:2: attempt to call a nil value (global 'loadfile'); loadfile is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-loadfile-passwd, while running the script)"
lv collectgarbage_stop "2" "$L/collectgarbage_stop.lua:2: attempt to call a nil value (global 'collectgarbage'); collectgarbage is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-collectgarbage-stop, while running the script)"
lv getmetatable_string "2" "$L/getmetatable_string.lua:2: attempt to call a nil value (global 'getmetatable'); getmetatable is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-getmetatable-string, while running the script)"
lv setmetatable_string "2" "$L/setmetatable_string.lua:2: attempt to call a nil value (global 'setmetatable'); setmetatable is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-setmetatable-string, while running the script)"
lv rawset_global "2" "$L/rawset_global.lua:2: attempt to call a nil value (global 'rawset'); rawset is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-rawset-global, while running the script)"
lv rawset_view "2" "$L/rawset_view.lua:3: attempt to call a nil value (global 'rawset'); rawset is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-rawset-view, hook lap_end)"
lv view_write "2" "$L/view_write.lua:3: the board view is read-only; copy what you need into a table of your own (variant hostile-view-write, hook lap_end)"
lv view_pairs_backing "2" "$L/view_pairs_backing.lua:4: the board view is read-only; copy what you need into a table of your own (variant hostile-view-pairs-backing, hook lap_end)"
lv coroutine_wrap "2" "$L/coroutine_wrap.lua:2: attempt to index a nil value (global 'coroutine'); coroutine is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-coroutine-wrap, while running the script)"
lv coroutine_close_chain "2" "$L/coroutine_close_chain.lua:5: attempt to index a nil value (global 'coroutine'); coroutine is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-coroutine-close-chain, while running the script)"
lv print_global "2" "$L/print_global.lua:2: attempt to call a nil value (global 'print'); print is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-print-global, while running the script)"
lv pattern_find "2" "$L/pattern_find.lua:2: attempt to call a nil value (field 'find'); string.find is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-pattern-find, while running the script)"
lv pattern_method "2" "$L/pattern_method.lua:2: attempt to call a nil value (method 'match'); string.match is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-pattern-method, while running the script)"
lv pattern_gsub "2" "$L/pattern_gsub.lua:2: attempt to call a nil value (field 'gsub'); string.gsub is not available to variant scripts (see docs/hostile-input.md, The sandbox) (variant hostile-pattern-gsub, while running the script)"
lv_sub string_rep_bomb "2" "$L/string_rep_bomb.lua" "limit reached (" "(variant hostile-string-rep-bomb, while running the script)"
lv string_rep_too_large "2" "$L/string_rep_too_large.lua:2: resulting string too large (variant hostile-string-rep-too-large, while running the script)"
lv_sub string_rep_loop "2" "$L/string_rep_loop.lua" "limit reached (" "(variant hostile-string-rep-loop, while running the script)"
lv format_width "2" "$L/format_width.lua:2: invalid conversion specification: '%99999d' (variant hostile-format-width, while running the script)"
lv format_missing_arg "2" "$L/format_missing_arg.lua:2: bad argument #3 to 'string.format' (no value) (variant hostile-format-missing-arg, while running the script)"
lv_sub format_bomb "2" "$L/format_bomb.lua" "limit reached (" "(variant hostile-format-bomb, while running the script)"
lv_sub loop_goto "2" "$L/loop_goto.lua:3: " "limit reached (" "(variant hostile-loop-goto, while running the script)"
lv_sub loop_in_pcall "2" "$L/loop_in_pcall.lua:3: " "limit reached (" "(variant hostile-loop-in-pcall, while running the script)"
lv_sub loop_xpcall_swallow "2" "$L/loop_xpcall_swallow.lua:2: " "limit reached (" "(variant hostile-loop-xpcall-swallow, while running the script)"
lv_sub loop_in_handler "2" "$L/loop_in_handler.lua:2: " "limit reached (" "(variant hostile-loop-in-handler, while running the script)"
lv_sub loop_hook_pcall "2" "$L/loop_hook_pcall.lua:4: " "limit reached (" "(variant hostile-loop-hook-pcall, hook lap_end)"
lv_sub error_in_pcall_loop "2" "$L/error_in_pcall_loop.lua" "limit reached (" "(variant hostile-error-in-pcall-loop, while running the script)"
lv_sub memory_table "2" "$L/memory_table.lua" "limit reached (" "(variant hostile-memory-table, while running the script)"
lv_sub memory_concat "2" "$L/memory_concat.lua" "limit reached (" "(variant hostile-memory-concat, while running the script)"
lv_sub memory_pcall "2" "$L/memory_pcall.lua" "limit reached (" "(variant hostile-memory-pcall, while running the script)"
lv_sub memory_table_concat "2" "$L/memory_table_concat.lua" "limit reached (" "(variant hostile-memory-table-concat, while running the script)"
lv unpack_huge "2" "$L/unpack_huge.lua:2: too many results to unpack (variant hostile-unpack-huge, while running the script)"
lv_sub recursion_deep "2" "$L/recursion_deep.lua" "limit reached (" "(variant hostile-recursion-deep, while running the script)"
lv recursion_sort "2" "$L/recursion_sort.lua:3: C stack overflow (variant hostile-recursion-sort, while running the script)"
lv recursion_xpcall "2" "$L/recursion_xpcall.lua:6: survived: error in error handling (variant hostile-recursion-xpcall, while running the script)"
lv recursion_pcall "2" "$L/recursion_pcall.lua:6: survived: true (variant hostile-recursion-pcall, while running the script)"
lv syntax_nesting "2" "$L/syntax_nesting.lua: the script nests expressions or blocks too deeply for Lua to read it (C stack overflow); write it flatter (variant hostile-syntax-nesting)"
lv const_env "2" "$L/const_env.yaml:16:12: hook lap_end names 'capture', but the script const_env.lua defines no such global function"
lv sort_bad_order "2" "$L/sort_bad_order.lua:4: invalid order function for sorting (variant hostile-sort-bad-order, while running the script)"
lv error_table "2" "$L/error_table.lua:2: an error with a table value (use error(\"text\")) (variant hostile-error-table, while running the script)"
lv error_control_chars "2" "$L/error_control_chars.lua:2: line one line two  [2J [31m (variant hostile-error-control-chars, while running the script)"
lv_sub error_huge "2" "$L/error_huge.lua:2: xxxxxxxxxx" "xxxxxxxx (variant hostile-error-huge, while running the script)"
lv runtime_in_hook "2" "$L/runtime_in_hook.lua:3: attempt to perform arithmetic on a nil value (field 'nothing') (variant hostile-runtime-in-hook, hook lap_end)"
lv bytecode "2" "$L/bytecode.lua: the script is compiled Lua bytecode; only source text is accepted (variant hostile-bytecode)"
lv nul_in_source "2" "$L/nul_in_source.lua: the script contains NUL bytes; it must be Lua source text"
lv blank_script "2" "$L/blank_script.yaml:16:12: hook lap_end names 'capture', but the script blank_script.lua defines no such global function"
lv hook_not_function "2" "$L/hook_not_function.yaml:16:12: hook lap_end names 'capture', but the script hook_not_function.lua defines it as something other than a function"
lv lap_returns_number "2" "$L/lap_returns_number.lua:2: function capture returned something other than a list of holes (or nil) (variant hostile-lap-returns-number, hook lap_end)"
lv lap_returns_float "2" "$L/lap_returns_float.lua:2: function capture returned a list with an item that is not a hole number (variant hostile-lap-returns-float, hook lap_end)"
lv lap_returns_string_hole "2" "$L/lap_returns_string_hole.lua:2: function capture returned a list with an item that is not a hole number (variant hostile-lap-returns-string-hole, hook lap_end)"
lv lap_hole_missing "2" "$L/lap_hole_missing.lua:2: function capture returned hole 99, which does not exist (variant hostile-lap-hole-missing, hook lap_end)"
lv lap_hole_negative "2" "$L/lap_hole_negative.lua:2: function capture returned hole -1, which does not exist (variant hostile-lap-hole-negative, hook lap_end)"
lv lap_hole_twice "2" "$L/lap_hole_twice.lua:2: function capture returned hole 6 twice (variant hostile-lap-hole-twice, hook lap_end)"
lv lap_too_many "2" "$L/lap_too_many.lua:2: function capture returned more holes than the board has (variant hostile-lap-too-many, hook lap_end)"
lv lap_bad_word "2" "$L/lap_bad_word.lua:2: function capture returned a second value other than \"stop\" or \"relay\" (variant hostile-lap-bad-word, hook lap_end)"
lv score_nil "2" "$L/score_nil.lua:2: function score returned something other than two whole numbers (variant hostile-score-nil, hook score)"
lv score_huge "2" "$L/score_huge.lua:2: function score returned something other than two whole numbers (variant hostile-score-huge, hook score)"
lv decisions_not_list "pick:1" "$L/decisions_not_list.lua:2: function choices returned something other than a list of decision tokens (variant hostile-decisions-not-list, hook decisions)"
lv decisions_undeclared "pick:1" "$L/decisions_undeclared.lua:2: function choices returned the token 'steal:3', which is not a declared decision (variant hostile-decisions-undeclared, hook decisions)"
lv decisions_twice "pick:1" "$L/decisions_twice.lua:2: function choices returned the same decision twice (variant hostile-decisions-twice, hook decisions)"
lv decisions_too_many "pick:1" "$L/decisions_too_many.lua:2: function choices returned more than 128 decision moves (variant hostile-decisions-too-many, hook decisions)"
lv decide_owner_missing "pick:1" "$L/decide_owner_missing.lua:5: function choose returned hole 99, which does not exist (variant hostile-decide-owner-missing, hook decide)"
lv decide_to_move_2 "pick:1" "$L/decide_to_move_2.lua:5: function choose returned a table whose to_move is not a player (0 or 1) (variant hostile-decide-to-move-2, hook decide)"
lv decide_unknown_field "pick:1" "$L/decide_unknown_field.lua:5: function choose returned a table with the unknown field 'board' (variant hostile-decide-unknown-field, hook decide)"
lv decide_state_undeclared "pick:1" "$L/decide_state_undeclared.lua:5: function choose returned a state name the variant does not declare under state: (variant hostile-decide-state-undeclared, hook decide)"
lv play_conservation "2" "$L/play_conservation.lua:2: function opening returned a board of 148 seeds, but 48 are on the board: a move may not make or lose seeds (variant hostile-play-conservation, hook play)"
lv play_board_short "2" "$L/play_board_short.lua:2: function opening returned a board without a count from 0 to 65535 for hole 1 (variant hostile-play-board-short, hook play)"
lv play_board_negative "2" "$L/play_board_negative.lua:2: function opening returned a board without a count from 0 to 65535 for hole 1 (variant hostile-play-board-negative, hook play)"
lv new_game_nil "2" "$L/new_game_nil.lua:2: function new_game returned something other than a table (variant hostile-new-game-nil, hook new_game)"
lv new_game_starter_3 "2" "$L/new_game_starter_3.lua:2: function new_game returned a table whose starter is not a player (0 or 1) (variant hostile-new-game-starter-3, hook new_game)"
lv new_game_reason_escape "2" "$L/new_game_reason_escape.lua:2: function new_game returned a reason that is not one line of printable UTF-8 text of 1 to 127 bytes (variant hostile-new-game-reason-escape, hook new_game)"
# the move hooks (filter runs at the start, for South's legal moves)
lv filter_table "2" "$L/filter_table.lua:2: function hook returned something other than true (keep the move), false (refuse it) or a rank (a whole number) (variant hostile-filter-table, hook filter)"
lv filter_reason_escape "2" "$L/filter_reason_escape.lua:2: function hook returned a reason that is not one line of printable UTF-8 text of 1 to 127 bytes (variant hostile-filter-reason-escape, hook filter)"
lv game_end_winner_3 "2" "$L/game_end_winner_3.lua:2: function hook returned a table whose winner is not a player (0 or 1) (variant hostile-game-end-winner-3, hook game_end)"
lv game_end_score_huge "2" "$L/game_end_score_huge.lua:2: function hook returned a score that is not two whole numbers {[0] = n, [1] = n} (variant hostile-game-end-score-huge, hook game_end)"
lv after_move_board "2" "$L/after_move_board.lua:2: function hook returned a table with the unknown field 'board' (variant hostile-after-move-board, hook after_move)"
lv_sub filter_loop "2" "$L/filter_loop.lua:3: " "limit reached" "(variant hostile-filter-loop, hook filter)"
lv_sub after_move_bomb "2" "$L/after_move_bomb.lua" "limit reached" "(variant hostile-after-move-bomb, hook after_move)"
# library functions that loop inside C without running an instruction or
# allocating (issue 23 #1): before, each ran for hours (string.rep,
# table.move, insert, remove, sort) or for many times the limit (tonumber,
# the utf8.codes iterator); now each stops at the limit, also inside pcall,
# at the top level (sow validate) and in a hook (sow replay). A call's
# time limit is 0.5 s of processor time, or 1.5 s on the wall clock on a
# loaded machine: those cases get 3 s (the old code never ended, or took
# over 5 s for tonumber; for the utf8.codes iterator, which took about
# 1.7 s of processor time, test_lua's test_library_loops is the proof)
# lvv NAME STATUS CHECK...: `sow validate L/NAME.yaml`
lvv() {
    local n=$1 s=$2
    shift 2
    t "lua-validate-$n" "$s" "$@" -- sow validate "$L/$n.yaml"
}
lvv lib_rep_empty 0 noerr "out=$L/lib_rep_empty.yaml: ok (hostile-lib-rep-empty)"
lvv lib_rep_empty_sep 0 noerr "out=$L/lib_rep_empty_sep.yaml: ok (hostile-lib-rep-empty-sep)"
t lua-lib_rep_empty_hook 0 noerr lines=1 -- sow replay "$L/lib_rep_empty_hook.yaml" --moves 2 --json
limit=3 lvv lib_move_range 1 "err=$L/lib_move_range.lua:2: time limit reached (0.5 s) (variant hostile-lib-move-range, while running the script)"
limit=3 lvv lib_move_string 1 "err=$L/lib_move_string.lua:2: time limit reached (0.5 s) (variant hostile-lib-move-string, while running the script)"
limit=3 lvv lib_move_pcall 1 "err~$L/lib_move_pcall.lua:" "err~time limit reached (0.5 s)" "err~(variant hostile-lib-move-pcall, while running the script)"
limit=3 lvv lib_insert_long 1 "err=$L/lib_insert_long.lua:4: time limit reached (0.5 s) (variant hostile-lib-insert-long, while running the script)"
limit=3 lvv lib_sort_c_compare 1 "err=$L/lib_sort_c_compare.lua:4: time limit reached (0.5 s) (variant hostile-lib-sort-c-compare, while running the script)"
limit=3 lvv lib_tonumber_long 1 "err~$L/lib_tonumber_long.lua:4: time limit reached (0.5 s)" "err~(variant hostile-lib-tonumber-long, while running the script)"
limit=3 lvv lib_codes_by_hand 1 "err~$L/lib_codes_by_hand.lua:6: time limit reached (0.5 s)" "err~(variant hostile-lib-codes-by-hand, while running the script)"
limit=3 lv lib_move_board_hook "2" "$L/lib_move_board_hook.lua:3: time limit reached (0.5 s) (variant hostile-lib-move-board-hook, hook lap_end)"
limit=3 lv_sub lib_move_pcall_hook "2" "$L/lib_move_pcall_hook.lua:3: time limit reached (0.5 s)" "(variant hostile-lib-move-pcall-hook, hook lap_end)"
limit=3 lv_sub lib_remove_long_hook "2" "$L/lib_remove_long_hook.lua:6: time limit reached (0.5 s)" "(variant hostile-lib-remove-long-hook, hook lap_end)"
# the run's deadline, shorter than a call's limit, stops such a hook too
t lua-lib-selfplay-time-limit 1 "err~sow selfplay: game 0 (seed " "err~lib_move_board_hook.lua:3: the run's time limit reached (--time-limit, SOW_TIME_LIMIT) (variant hostile-lib-move-board-hook, hook lap_end)" -- sow selfplay "$L/lib_move_board_hook.yaml" --games 20 --time-limit 0.2
mkdir -p "$cli_tmp/lib"
cp "$L/lib_move_board_hook.yaml" "$L/lib_move_board_hook.lua" "$cli_tmp/lib/"
printf 'variant: lib_move_board_hook.yaml\nscenarios:\n  - name: one\n    moves: "2"\n    expect:\n      to_move: north\n' >"$cli_tmp/lib/move.scenarios.yaml"
t lua-lib-test-time-limit 1 "out~got      the run's time limit reached (--time-limit, SOW_TIME_LIMIT) (variant hostile-lib-move-board-hook, hook lap_end)" -- sow test "$cli_tmp/lib/move.scenarios.yaml" --time-limit 0.2
# the same script through validate (no hook runs: the error is at load)
t lua-validate-coroutine-close 1 "err~$L/coroutine_close_chain.lua:5: attempt to index a nil value (global 'coroutine')" -- sow validate "$L/coroutine_close_chain.yaml"
# found by id through SOW_VARIANTS, as a stranger's folder would be
t lua-by-id 1 "err~$L/loop_in_handler.lua:2: " "err~limit reached (" "err~(variant hostile-loop-in-handler, while running the script)" -- env SOW_VARIANTS=tests/hostile/lua sow replay hostile-loop-in-handler --moves 2

# ---- made at run time: sizes at and over the limits, a FIFO ---------------
T=$cli_tmp/hostile
mkdir -p "$T"
# a file of exactly 256 KiB is read (and is empty of content); one byte more
# is refused before it is parsed
{ printf '#'; head -c $((262144 - 2)) /dev/zero | tr '\0' ' '; printf '\n'; } >"$T/limit.yaml"
{ cat "$T/limit.yaml"; printf ' '; } >"$T/over.yaml"
t made-yaml-at-limit 1 "err=$T/limit.yaml:1:1: the file is empty; a variant needs id, name, summary, board, sowing and script" -- sow validate "$T/limit.yaml"
t made-yaml-over-limit 1 "err=$T/over.yaml: is larger than a variant file may be: at most 262144 bytes" -- sow validate "$T/over.yaml"
# 20,001 nodes: a list of 20,000 numbers (a key, the list, its items)
{ printf 'x: ['; for _ in $(seq 1999); do printf '0,0,0,0,0,0,0,0,0,0,'; done; printf '0,0,0,0,0,0,0,0,0,0]\n'; } >"$T/nodes.yaml"
t made-yaml-nodes 1 "err~$T/nodes.yaml:1:" "err~too many YAML nodes (the limit is 20000); a variant file is far smaller" -- sow validate "$T/nodes.yaml"
# a script over 256 KiB
sed 's/^script: .*/script: big.lua/' "$L/io_open.yaml" >"$T/big.yaml"
{ printf 'function capture(g, h, c) return {} end\n'; head -c 300000 /dev/zero | tr '\0' '-' ; printf '\n'; } >"$T/big.lua"
t made-script-over-limit 1 "err=$T/big.lua: the script is over 262144 bytes; a rules script is far smaller" -- sow validate "$T/big.yaml"
# a script that is a FIFO: opening it must not wait for a writer
sed 's/^script: .*/script: fifo.lua/' "$L/io_open.yaml" >"$T/fifo.yaml"
if mkfifo "$T/fifo.lua" 2>/dev/null; then
    t made-script-fifo 1 "err=$T/fifo.yaml:14:9: script '$T/fifo.lua' is not a regular file: check the script: line" -- sow validate "$T/fifo.yaml"
fi
# a variant file that is a directory, and /dev/zero (never ends: refused
# as a device before any read)
t made-yaml-directory 1 "err=$Y: is a directory; give the path of a variant file" -- sow replay "$Y" --moves 2
t made-yaml-dev-zero 1 "err=/dev/zero: is a device; give the path of a variant file (only regular files are read)" -- sow validate /dev/zero

# ---- the command line -------------------------------------------------------
V=adji-kui-1
# (the list of commands is checked by tests/cli/run.sh; here only the rest)
t cli-command-empty 2 "err~sow: unknown command ''; the commands are: list show validate play replay " "err~ (see 'sow --help')" -- sow ""
t cli-command-case 2 "err=sow: unknown command 'REPLAY'; did you mean \`replay\`? (see 'sow --help')" -- sow REPLAY $V --moves 2
t cli-flag-value-glued 2 "err=sow replay: --json takes no value; give --json alone, not '--json=yes' (see 'sow replay --help')" -- sow replay $V --moves 2 --json=yes
# '--' ends the flags (getopt): what follows is positional, so '--moves'
# here is a second variant
t cli-flag-double-dash 2 "err=sow replay: one variant at a time ('adji-kui-1' and '--moves') (see 'sow replay --help')" -- sow replay $V -- --moves 2
t cli-list-dash 2 "err=sow list: unexpected argument '-' (see 'sow list --help')" -- sow list -
t cli-moves-last-no-value 2 "err=sow replay: --moves needs a value (--moves \"TOKENS\") (see 'sow replay --help')" -- sow replay $V --moves 2 --json --moves
t cli-show-option-no-value 2 "err=sow show: --option needs a value (--option NAME=VALUE) (see 'sow show --help')" -- sow show $V --option
t cli-play-south-no-value 2 "err=sow play: --south needs a value (--south WHO) (see 'sow play --help')" -- sow play $V --south
options65=()
for _ in $(seq 65); do options65+=(--option max_plies=5); done
t cli-option-65-flags 2 "err=sow replay: too many --option flags (at most 64) (see 'sow replay --help')" -- sow replay $V --moves 2 "${options65[@]}"
t cli-bench-seconds-nan 2 "err=sow bench: --seconds takes a number above 0 and at most 3600, not 'nan' (see 'sow bench --help')" -- sow bench $V --seconds nan
t cli-bench-seconds-inf 2 "err=sow bench: --seconds takes a number above 0 and at most 3600, not 'inf' (see 'sow bench --help')" -- sow bench $V --seconds inf
t cli-bench-seconds-1e999 2 "err=sow bench: --seconds takes a number above 0 and at most 3600, not '1e999' (see 'sow bench --help')" -- sow bench $V --seconds 1e999
t cli-bench-seconds-negative 2 "err=sow bench: --seconds takes a number above 0 and at most 3600, not '-1' (see 'sow bench --help')" -- sow bench $V --seconds -1
t cli-play-delay-negative 2 "err=sow play: --delay takes a whole number of milliseconds from 0 to 60000, not '-1' (see 'sow play --help')" -- sow play $V --delay -1
t cli-validate-empty-path 1 "err=sow validate: cannot open: No such file or directory" -- sow validate ""
# option values
t cli-option-negative 1 "err=sow replay: option max_plies: '-1' is not a value it takes; use an integer from 1 to 1000000" -- sow replay andada --moves 2 --option max_plies=-1
t cli-option-overflow 1 "err=sow replay: option max_plies: '99999999999999999999' is not a value it takes; use an integer from 1 to 1000000" -- sow replay andada --moves 2 --option max_plies=99999999999999999999
t cli-option-step 1 "err=sow replay: option holes: '13' is not a value it takes; use one of 12 to 24 in steps of 3" -- sow replay andada --moves 2 --option holes=13
t cli-option-case 1 "err=sow replay: option direction: 'CW' is not a value it takes; use ccw, cw" -- sow replay andada --moves 2 --option direction=CW
t cli-option-equals-only 1 "err=sow replay: --option '==': write it as NAME=VALUE" -- sow replay andada --moves 2 --option ==
t cli-option-empty-value 1 "err=sow replay: option skip_origin: '' is not a value it takes; use true, false" -- sow replay $V --moves 2 --option skip_origin=
t cli-option-k-too-big 1 "err=sow replay: option endless: 'no_capture_plies:1000001' needs a whole number K from 1 to 1000000 after 'no_capture_plies:'" -- sow replay $V --moves 2 --option endless=no_capture_plies:1000001
t cli-option-k-overflow 1 "err=sow replay: option endless: 'no_capture_plies:99999999999999999999' needs a whole number K from 1 to 1000000 after 'no_capture_plies:'" -- sow replay $V --moves 2 --option endless=no_capture_plies:99999999999999999999
t cli-option-match-games-zero 1 "err=sow replay: option match_games: '0' is not a value it takes; use an integer from 1 to 100000" -- sow replay adji-kui-2 --option match=true --option match_games=0 --moves 2
# move tokens
t cli-token-fullwidth 1 "err=sow replay: ply 0: move '２' is neither a hole label (a to f, A to F) nor a hole number (0 to 11); the legal moves are: 0 1 2 3 4 5" lines=0 -- sow replay $V --moves "２" --json
t cli-token-long-zeros 1 "err=sow replay: ply 1: move '000000000000000000002' is not a hole number (0 to 11); the legal moves are: 6 7 8 9 10 11" lines=1 -- sow replay $V --moves "2 000000000000000000002" --json
t cli-token-plus 1 "err=sow replay: ply 0: move '+2': in variant adji-kui-1 no seeds are held in hand, so none can be placed; type a hole number; the legal moves are: 0 1 2 3 4 5" -- sow replay $V --moves "+2" --json
t cli-token-hex 1 "err=sow replay: ply 0: move '0x2' is neither a hole label (a to f, A to F) nor a hole number (0 to 11); the legal moves are: 0 1 2 3 4 5" -- sow replay $V --moves "0x2" --json
t cli-token-minus-zero 1 "err=sow replay: ply 0: move '-0' is neither a hole label (a to f, A to F) nor a hole number (0 to 11); the legal moves are: 0 1 2 3 4 5" -- sow replay $V --moves "-0" --json
t cli-decision-value-2 1 "err=sow replay: ply 1: move first:2 is not legal for North; the legal moves are: first:0 first:1" lines=1 -- sow replay andada --moves "5 first:2" --json
t cli-decision-value-256 1 "err=sow replay: ply 1: move 'first:256': the value after 'first:' must be a whole number from 0 to 255; the legal moves are: first:0 first:1" -- sow replay andada --moves "5 first:256" --json
t cli-decision-value-empty 1 "err=sow replay: ply 1: move 'first:': the value after 'first:' must be a whole number from 0 to 255; the legal moves are: first:0 first:1" -- sow replay andada --moves "5 first:" --json
t cli-decision-value-negative 1 "err=sow replay: ply 1: move 'first:-1': the value after 'first:' must be a whole number from 0 to 255; the legal moves are: first:0 first:1" -- sow replay andada --moves "5 first:-1" --json
t cli-decision-two-colons 1 "err=sow replay: ply 1: move 'first:1:1': the value after 'first:' must be a whole number from 0 to 255; the legal moves are: first:0 first:1" -- sow replay andada --moves "5 first:1:1" --json
t cli-decision-no-kind 1 "err=sow replay: ply 1: move ':1' is neither a hole number (0 to 23) nor a decision (first:N); the legal moves are: first:0 first:1" -- sow replay andada --moves "5 :1" --json
t cli-decision-unknown-kind 1 "err=sow replay: ply 1: move 'bogus:1' is neither a hole number (0 to 23) nor a decision (first:N); the legal moves are: first:0 first:1" -- sow replay andada --moves "5 bogus:1" --json
t cli-decision-too-early 1 "err=sow replay: ply 0: move first:1 is not legal for South; the legal moves are: 0 1 2 3 4 5 6 7 8 9 10 11" lines=0 -- sow replay andada --moves "first:1" --json
t cli-token-after-end 1 "err=sow replay: token 2 ('first:0'): the game is already over after ply 0; nothing may follow" -- sow replay andada --option max_plies=1 --moves "5 first:0" --json
# the variant file given where a move list is expected, and so on
t cli-moves-a-path 1 "err~sow replay: ply 0: move 'variants/adji_kui_1.yaml' is neither a hole label (a to f, A to F) nor a hole number (0 to 11)" -- sow replay $V --moves variants/adji_kui_1.yaml --json

# ---- round 2 (issue 13): a file of cases for each class of defect, in
# tests/hostile/cases/ (shard files, output paths, control characters,
# FIFOs, seeds, limits...); each uses t, yv, lv, $T and $cli_tmp as above
for cases in "$here"/cases/*.sh; do
    [ -e "$cases" ] || continue
    # shellcheck source=/dev/null
    . "$cases"
done

# ---- expected to fail: known defects outside the files this corpus may fix -
# xfail WHY -- CASE...: run the case; its failure is reported, not counted
xfail() {
    local why=$1
    shift 2
    local before=$cli_failed
    t "$@" >"$cli_tmp/xfail.out"
    if [ "$cli_failed" -gt "$before" ]; then
        cli_failed=$before
        echo "XFAIL $1 ($why)"
    else
        echo "XPASS $1: it passes now; move it up into the table"
    fi
}
# tools/cmd_bench.c, tools/cmd_play.c: strtoull saturates and the flag takes
# the overflowed number
t cli-bench-seed-overflow 2 "err=sow bench: --seed takes a whole number from 0 to 18446744073709551615, not '99999999999999999999999' (see 'sow bench --help')" -- sow bench $V --seconds 0.01 --seed 99999999999999999999999
t cli-play-seed-overflow 2 "err=sow play: --seed takes a whole number from 0 to 18446744073709551615, not '99999999999999999999999' (see 'sow play --help')" -- sow play $V --south random --north random --seed 99999999999999999999999
# engine/core/sow_move.c (sow_move_parse) quotes a token as typed: control
# characters (here ESC [2J, "clear the screen") reach the terminal
t cli-token-escape 1 "err=sow replay: ply 0: a move token holds a control character (byte 2 of it); type a hole number or a decision such as buy:8; the legal moves are: 0 1 2 3 4 5" -- sow replay $V --moves $'2\e[2J' --json
# relay laps that no rule ends: refused when the variant is loaded
t lua-relay_no_stop_big 1 "err=$L/relay_no_stop_big.yaml:12:9: laps: relay needs a lap_end rule that ends a lap (do: stop, capture, capture_opposite, chain or hook), e.g. - when: {count: 1} do: stop; without one no move ever ends" -- sow replay "$L/relay_no_stop_big.yaml" --moves 0 --json
# engine/core/sow_sow.c (sow_laps): a lap_end hook that says "relay" in a
# variant of single laps (which the loader cannot foresee) is followed, its
# laps not watched for a move that never ends (P2): the run's time limit,
# which the Lua bridge reads every 1024 hook calls, ends it; a hand that
# finds every hole closed (each lap closing its last hole) is an error
t laps-hook-relay-single 1 'err=tests/hostile/lua/hook_relay_single.lua: the run'"'"'s time limit reached (--time-limit, SOW_TIME_LIMIT) (variant hostile-hook-relay-single, hook lap_end)' lines=0 -- sow replay tests/hostile/lua/hook_relay_single.yaml --moves 0 --json --time-limit 1
t laps-close-origin 1 "err=tests/hostile/laps/close_origin.yaml: the seeds in hand can drop nowhere: every hole they reach is closed; a rule that closes holes must leave one open to sow into" -- sow replay tests/hostile/laps/close_origin.yaml --moves 0 --json
t laps-close-all 1 "err=tests/hostile/laps/close_all.yaml: the seeds in hand can drop nowhere: every hole they reach is closed; a rule that closes holes must leave one open to sow into" -- sow replay tests/hostile/laps/close_all.yaml --moves 0 --json

cli_summary hostile
