# shellcheck shell=bash
# tests/hostile/cases/inputs.sh - issue 13 #4, #6 and #8: which files a
# variant or a scenario file may make `sow` read, input files that are not
# regular files, and positions with more seeds than a game can hold.
# Sourced by tests/hostile/run.sh (t, $T, $cli_tmp as there).
#
# The inputs:
#   tests/hostile/paths/variant/NAME.yaml  variants whose script: line
#                                  leads outside their folder, is not a
#                                  .lua file, or names a .lua file that is
#                                  not source text; paths/outside/ is what
#                                  they reach for (a file of "secrets" that
#                                  must never be quoted)
#   tests/hostile/scenario/NAME.yaml       scenario files: starts with more
#                                  seeds than a game holds, and variant:
#                                  paths outside the folders allowed
#   tests/hostile/seeds/NAME.yaml          variants whose seeds come from an
#                                  option value, scripts whose play hook
#                                  returns boards no game can hold
#   made at run time               symlinks out of a folder, FIFOs and
#                                  devices as variant, scenario and
#                                  SOW_VARIANTS files
# The first comment line of each file says what is wrong with it.
#
# Most cases fail on the code before issue 13's fixes of these defects
# (7ccaf4b). Those marked "guard" were right there already (the bounded
# reader of sow_file.h came in that commit; some limits are older) and
# are kept so that they stay right: on main before 7ccaf4b the FIFO cases
# hung.

# ---- #4: a variant reads a .lua script beside it or below its folder -------
PV=tests/hostile/paths/variant
outside="is outside the variant's folder; put the script beside the .yaml file (or below its folder)"
not_lua="is not a .lua file; a variant's script is Lua source text named NAME.lua, beside the .yaml file (or below its folder)"
not_text="the script is not Lua source text (a byte that is not UTF-8, or a control character, on this line); save it as UTF-8 text"
# pv NAME SCRIPT WHY: `sow validate PV/NAME.yaml` refuses its script: line
pv() {
    t "path-$1" 1 "err=$PV/$1.yaml:14:9: script '$2' $3" -- sow validate "$PV/$1.yaml"
}
pv dotdot_secret ../outside/secret.yml "$outside"
pv dotdot_lua ../outside/helper.lua "$outside"
pv dotdot_inner sub/../ok.lua "$outside"
pv dotdot_deep sub/../../outside/helper.lua "$outside"
pv dotdot_only .. "$outside"
pv absolute_passwd /etc/passwd "$outside"
pv absolute_lua /usr/share/lua/5.4/helper.lua "$outside"
pv secret_beside secret.yml "$not_lua"
pv no_suffix ok "$not_lua"
pv upper_suffix OK.LUA "$not_lua"
# a .lua file that is not source text: its line, none of its bytes
t path-binary 1 "err=$PV/binary.lua:5: $not_text (variant hostile-binary)" -- sow validate "$PV/binary.yaml"
t path-escape 1 "err=$PV/escape.lua:3: $not_text (variant hostile-escape)" -- sow validate "$PV/escape.yaml"
t path-latin1 1 "err=$PV/latin1.lua:2: $not_text (variant hostile-latin1)" -- sow validate "$PV/latin1.yaml"
# the same refusals through the other commands, and by id
t path-replay-secret 1 "err=$PV/dotdot_secret.yaml:14:9: script '../outside/secret.yml' $outside" -- sow replay "$PV/dotdot_secret.yaml" --moves 2 --json
t path-show-secret 1 "err=$PV/secret_beside.yaml:14:9: script 'secret.yml' $not_lua" -- sow show "$PV/secret_beside.yaml"
t path-play-passwd 1 "err=$PV/absolute_passwd.yaml:14:9: script '/etc/passwd' $outside" -- sow play "$PV/absolute_passwd.yaml" --south random --north random
t path-by-id 1 "err~sow show: no variant 'hostile-dotdot-secret'" -- env SOW_VARIANTS=$PV sow show hostile-dotdot-secret

# made at run time: symlinks that lead out of the folder, a folder that is a
# symlink, an absolute path back inside, a directory named x.lua
TP=$T/paths
mkdir -p "$TP/v/sub" "$TP/elsewhere"
cp "$PV/ok.lua" "$TP/v/ok.lua"
cp "$PV/ok.lua" "$TP/elsewhere/x.lua"
# vp NAME SCRIPT: $TP/v/NAME.yaml, a copy of inner_ok.yaml naming SCRIPT
vp() {
    sed "s|^script: .*|script: $2|" "$PV/inner_ok.yaml" >"$TP/v/$1.yaml"
}
ln -s ../elsewhere/x.lua "$TP/v/link.lua"
vp symlink_out link.lua
t made-path-symlink-out 1 "err=$TP/v/symlink_out.yaml:14:9: script 'link.lua' $outside" -- sow validate "$TP/v/symlink_out.yaml"
ln -s /etc/passwd "$TP/v/passwd.lua"
vp symlink_passwd passwd.lua
t made-path-symlink-passwd 1 "err=$TP/v/symlink_passwd.yaml:14:9: script 'passwd.lua' $outside" -- sow validate "$TP/v/symlink_passwd.yaml"
ln -s /dev/null "$TP/v/null.lua"
vp symlink_dev_null null.lua
t made-path-symlink-dev-null 1 "err=$TP/v/symlink_dev_null.yaml:14:9: script 'null.lua' $outside" -- sow validate "$TP/v/symlink_dev_null.yaml"
ln -s ../elsewhere "$TP/v/lib"
vp symlink_folder lib/x.lua
t made-path-symlink-folder 1 "err=$TP/v/symlink_folder.yaml:14:9: script 'lib/x.lua' $outside" -- sow validate "$TP/v/symlink_folder.yaml"
ln -s b.lua "$TP/v/a.lua"
ln -s ../elsewhere/x.lua "$TP/v/b.lua"
vp symlink_chain a.lua
t made-path-symlink-chain 1 "err=$TP/v/symlink_chain.yaml:14:9: script 'a.lua' $outside" -- sow replay "$TP/v/symlink_chain.yaml" --moves 2 --json
vp absolute_inside "$TP/v/ok.lua"
t made-path-absolute-inside 1 "err=$TP/v/absolute_inside.yaml:14:9: script '$TP/v/ok.lua' $outside" -- sow validate "$TP/v/absolute_inside.yaml"
mkdir -p "$TP/v/d.lua"
vp directory_lua d.lua
t made-path-directory-lua 1 "err=$TP/v/directory_lua.yaml:14:9: script '$TP/v/d.lua' is not a regular file: check the script: line" -- sow validate "$TP/v/directory_lua.yaml"  # guard

# ---- #6: only regular files are read; a FIFO or a device is refused in one
# line, without waiting for a writer ------------------------------------------
TF=$T/fifo
mkdir -p "$TF/sv/d.yaml" "$TF/fs" "$TF/vs/scenarios"
has_fifo=0
mkfifo "$TF/variant.yaml" "$TF/scenario.yaml" "$TF/fs/fifo.yaml" "$TF/vs/scenarios/v.yaml" "$TF/sv/x.yaml" 2>/dev/null && has_fifo=1
if [ $has_fifo = 1 ]; then
    fifo_variant="is a FIFO; give the path of a variant file (only regular files are read)"
    t made-fifo-validate 1 "err=$TF/variant.yaml: $fifo_variant" -- sow validate "$TF/variant.yaml"  # guard
    t made-fifo-replay 1 "err=$TF/variant.yaml: $fifo_variant" -- sow replay "$TF/variant.yaml" --moves 2  # guard
    t made-fifo-show 1 "err=$TF/variant.yaml: $fifo_variant" -- sow show "$TF/variant.yaml"  # guard
    # sow test: a FIFO given as the file is neither scenario nor variant
    t made-fifo-test 1 "err=$TF/scenario.yaml: is a FIFO; give the path of a scenario file or a variant file (only regular files are read)" -- sow test "$TF/scenario.yaml"
    t made-fifo-test-variant-file 1 "err=$TF/variant.yaml: is a FIFO; give the path of a scenario file or a variant file (only regular files are read)" -- sow test "$TF/variant.yaml"
    # the variant: of a scenario file
    printf 'variant: fifo.yaml\nscenarios:\n  - name: a\n    expect: {over: false}\n' >"$TF/fs/scn.yaml"
    t made-fifo-scenario-variant 1 "err=$TF/fs/fifo.yaml: $fifo_variant" -- sow test "$TF/fs/scn.yaml"  # guard
    ln -s fifo.yaml "$TF/fs/link.yaml"
    printf 'variant: link.yaml\nscenarios:\n  - name: a\n    expect: {over: false}\n' >"$TF/fs/scn_link.yaml"
    t made-fifo-scenario-variant-link 1 "err=$TF/fs/link.yaml: $fifo_variant" -- sow test "$TF/fs/scn_link.yaml"  # guard
    # the scenario file beside a variant (DIR/scenarios/NAME.yaml)
    cp variants/adji_boto.yaml "$TF/vs/v.yaml"
    t made-fifo-scenarios-of-variant 1 "err=$TF/vs/scenarios/v.yaml: is a FIFO; give the path of a scenario file (only regular files are read)" -- sow test "$TF/vs/v.yaml"
    # a *.yaml in a SOW_VARIANTS folder: skipped, never waited on (with a
    # device and a directory named *.yaml beside it)
    ln -s /dev/zero "$TF/sv/z.yaml"
    sed 's/^id: adji-boto/id: hostile-listed/' variants/adji_boto.yaml >"$TF/sv/listed.yaml"
    t made-fifo-list 0 'out~hostile-listed ' -- env "SOW_VARIANTS=$TF/sv" sow list  # guard
    t made-fifo-show-unknown 1 "err=sow show: no variant 'unknown-id'; 'sow list' shows the variants found, or give the path of a .yaml file" -- env "SOW_VARIANTS=$TF/sv" sow show unknown-id  # guard
    t made-fifo-show-fifo-id 1 "err=sow show: no variant 'x'; 'sow list' shows the variants found, or give the path of a .yaml file" -- env "SOW_VARIANTS=$TF/sv" sow show x  # guard
    t made-fifo-test-unknown 1 "err=sow test: no variant 'unknown-id'; 'sow list' shows the variants found, or give the path of a .yaml file" -- env "SOW_VARIANTS=$TF/sv" sow test unknown-id  # guard
    t made-fifo-dir-is-fifo 1 "err=sow show: no variant 'unknown-id'; 'sow list' shows the variants found, or give the path of a .yaml file" -- env "SOW_VARIANTS=$TF/sv/x.yaml" sow show unknown-id  # guard
fi
# devices and directories as scenario files
t made-test-dev-zero 1 "err=/dev/zero: is a device; give the path of a scenario file or a variant file (only regular files are read)" -- sow test /dev/zero
t made-test-dev-null 1 "err=/dev/null: is a device; give the path of a scenario file or a variant file (only regular files are read)" -- sow test /dev/null
input=moves t made-test-stdin-pipe 1 "err=/dev/stdin: is a FIFO; give the path of a scenario file or a variant file (only regular files are read)" -- sow test /dev/stdin
t made-test-directory 1 "err=$TF/sv/d.yaml: is a directory; give the path of a scenario file or a variant file" -- sow test "$TF/sv/d.yaml"
t made-test-directory-slash 1 "err=$TF/: is a directory; give the path of a scenario file or a variant file" -- sow test "$TF/"
ln -s /dev/zero "$TF/vs/scenarios/zero.yaml"
cp variants/adji_boto.yaml "$TF/vs/zero.yaml"
# a link out of the folder is refused before what it leads to is opened (issue 23)
t made-test-scenarios-dev-zero 1 "err=$TF/vs/scenarios/zero.yaml: is a symbolic link that leads out of its folder; a scenario file is read only if it lies in that folder or below it (copy the file there, or name the file itself)" -- sow test "$TF/vs/zero.yaml"

# ---- #4 for scenario files: a variant: path names a .yaml file in the
# scenario file's folder (or below), or directly in the folder above -------
S=tests/hostile/scenario
scn_outside="is outside the folders a scenario file may read: its own (and below) and the one just above it (DIR/NAME.yaml for DIR/scenarios/NAME.yaml); move the files so, or name the variant by its id"
scn_not_yaml="is neither an id nor the path of a .yaml file; name the variant's .yaml file (or give its id, as sow list shows it)"
# sp NAME VARIANT WHY: `sow test S/NAME.yaml` refuses its variant: line
sp() {
    t "scenario-$1" 1 "err=$S/$1.yaml:3:10: variant '$2' $3" -- sow test "$S/$1.yaml"
}
sp variant_two_up ../../../variants/adji_kui_1.yaml "$scn_outside"
sp variant_sibling_folder ../paths/variant/inner_ok.yaml "$scn_outside"
sp variant_secret_yml ../paths/outside/secret.yml "$scn_outside"
sp variant_passwd /etc/passwd "$scn_not_yaml"
sp variant_dotdot_passwd ../../../../../../../../../../etc/passwd "$scn_not_yaml"
sp variant_dev_zero /dev/zero "$scn_not_yaml"
# made at run time: symlinks out of the folders, an absolute path outside
TS=$T/scn
mkdir -p "$TS/game/scenarios" "$TS/elsewhere/deeper"
cp variants/adji_boto.yaml "$TS/elsewhere/v.yaml"
cp variants/adji_boto.yaml "$TS/elsewhere/deeper/v.yaml"
ln -s ../elsewhere/v.yaml "$TS/game/linked.yaml"
ln -s ../../elsewhere "$TS/game/scenarios/sub"
ln -s /dev/zero "$TS/game/zero.yaml"
# ts NAME VARIANT: $TS/game/scenarios/NAME.yaml naming VARIANT
ts() {
    printf 'variant: %s\nscenarios:\n  - name: a\n    expect: {over: false}\n' "$2" >"$TS/game/scenarios/$1.yaml"
    t "made-scenario-$1" 1 "err=$TS/game/scenarios/$1.yaml:1:10: variant '$2' $scn_outside" -- sow test "$TS/game/scenarios/$1.yaml"
}
ts symlink_out ../linked.yaml
ts symlink_folder sub/v.yaml
ts symlink_folder_deeper sub/deeper/v.yaml
ts symlink_dev_zero ../zero.yaml
ts absolute_outside "$TS/elsewhere/v.yaml"
ts two_up ../../elsewhere/v.yaml

# ---- #8: a game holds at most 65,535 seeds, on the board and in the stores
seeds_over="a game holds at most 65535, since one hole may come to hold them all: use fewer seeds"
# ss NAME LINE:COL MESSAGE: `sow test S/NAME.yaml` refuses its start
ss() {
    t "seeds-$1" 1 "err=$S/$1.yaml:$2: $3" -- sow test "$S/$1.yaml"
}
ss boto_ten_60000 7:14 "start: the position holds 600000 seeds (600000 on the board, 0 and 0 in the stores); $seeds_over"
ss kui1_total_65536 7:14 "start: the position holds 65536 seeds (65536 on the board, 0 and 0 in the stores); $seeds_over"
ss kui1_total_65535_and_store 7:14 "start: the position holds 65536 seeds (65535 on the board, 1 and 0 in the stores); $seeds_over"
ss andada_24_holes_over 7:14 "start: the position holds 65544 seeds (65544 on the board, 0 and 0 in the stores); $seeds_over"
ss kui2_match_game_over 9:14 "start: the position holds 70000 seeds (70000 on the board, 0 and 0 in the stores); $seeds_over"
ss boto_captured_huge 7:17 "start: the position holds 1000000099 seeds (100 on the board, 999999999 and 0 in the stores); $seeds_over"
ss boto_captured_65500 7:17 "start: the position holds 65600 seeds (100 on the board, 0 and 65500 in the stores); $seeds_over"
ss kui1_hole_65536 7:15 "a value of board is 65536; it must be from 0 to 65535"
ss expect_board_70000 7:15 "a value of board is 70000; it must be from 0 to 65535"
ss board_negative 7:15 "a value of board is -4; it must be from 0 to 65535"
ss captured_negative 7:18 "a value of captured is -1; it must be from 0 to 1000000000"  # guard
# a variant's seeds from an option value (start=per_hole:K)
SD=tests/hostile/seeds
t seeds-option-k-70000 1 "err=$SD/start_k.yaml:21:10: seeds per hole is 70000 with these options; it must be from 0 to 1000" -- sow replay "$SD/start_k.yaml" --option start=per_hole:70000 --moves 0 --json
t seeds-option-k-1001 1 "err=$SD/start_k.yaml:21:10: seeds per hole is 1001 with these options; it must be from 0 to 1000" -- sow show "$SD/start_k.yaml" --option start=per_hole:1001
t seeds-option-k-65536 1 "err=$SD/start_k.yaml:21:10: seeds per hole is 65536 with these options; it must be from 0 to 1000" -- sow play "$SD/start_k.yaml" --option start=per_hole:65536 --south random --north random
# boards a play hook returns: conserved, and each count one a hole holds
t seeds-play-overflow 1 "err=$SD/play_overflow.lua:2: function opening returned a board of 786420 seeds, but 48 are on the board: a move may not make or lose seeds (variant hostile-play-overflow, hook play)" -- sow replay "$SD/play_overflow.yaml" --moves 2 --json  # guard
t seeds-play-hole-65536 1 "err=$SD/play_hole_65536.lua:3: function opening returned a board without a count from 0 to 65535 for hole 2 (variant hostile-play-hole-65536, hook play)" -- sow replay "$SD/play_hole_65536.yaml" --moves 2 --json  # guard
t seeds-play-wrap-sum 1 "err=$SD/play_wrap_sum.lua:3: function opening returned a board of 65584 seeds, but 48 are on the board: a move may not make or lose seeds (variant hostile-play-wrap-sum, hook play)" -- sow replay "$SD/play_wrap_sum.yaml" --moves 2 --json  # guard
