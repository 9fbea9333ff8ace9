# shellcheck shell=bash
# tests/hostile/cases/round3.sh - issue 23 (the third hostile corpus):
# long paths, many SOW_VARIANTS folders, variant and scenario files that
# are symbolic links, and files that are not variants at all. Sourced by
# tests/hostile/run.sh (t, $T, $cli_tmp as there). Each case fails on the
# code before issue 23's fixes (18669cb) unless marked "guard".

# ---- #4: a path longer than a buffer is an error, never another file ------
# "./" repeated keeps a path valid at any length: 1,424 bytes passed the old
# 1,400-byte buffer, which opened the cut prefix
dots=$(printf './%.0s' $(seq 700))
long_ok="variants/${dots}adji_kui_1.yaml"
t long-path-opens 0 "out~{\"ply\":0," -- sow replay "$long_ok" --moves 2 --json
# the same with two more bytes names no file: the old code cut them off
# and played Adji Kui I
t long-path-not-cut 1 "err~: cannot open: No such file or directory" "lines=0" -- sow replay "${long_ok}xx" --moves 2 --json
# over PATH_MAX: refused as too long, with the start of the path and a "..."
dots3=$(printf './%.0s' $(seq 3000))
t long-path-too-long 1 "err~sow replay: the path 'variants/././" "err~' is too long (6024 bytes; at most 4095): name a file with a shorter path" -- sow replay "variants/${dots3}adji_kui_1.yaml" --moves 2 --json  # guard (other text before)
# an error's path that does not fit the error is marked as cut
t long-path-error-marked 1 "err~/././....: cannot open: No such file or directory" -- sow validate "${long_ok}xx"

# ---- #5: every SOW_VARIANTS folder is searched, the shipped ones too ------
missing8=/nope/1:/nope/2:/nope/3:/nope/4:/nope/5:/nope/6:/nope/7:/nope/8
t variants-dirs-ninth 0 "out~{\"ply\":0," -- env SOW_VARIANTS=$missing8:tests/variants sow replay test-endless --moves 0 --json
t variants-dirs-shipped-after-8 0 "out~{\"ply\":0," -- env SOW_VARIANTS=$missing8 sow replay adji-kui-1 --moves 2 --json
many=$(printf '/nope/%s:' $(seq 200))
t variants-dirs-200 0 "out~{\"ply\":0," -- env SOW_VARIANTS=${many}tests/variants sow replay test-endless --moves 0 --json
t variants-dirs-empty-entries 0 "out~{\"ply\":0," -- env SOW_VARIANTS=::tests/variants:: sow replay test-endless --moves 0 --json  # guard
t variants-dirs-list 0 "out~test-endless" -- env SOW_VARIANTS=$missing8:tests/variants sow list

# ---- #6: a variant file that is a link leads only into its own folder -----
TL=$T/links
mkdir -p "$TL/v/sub" "$TL/secret"
# a "shadow" file outside the folder: none of its text may be quoted
printf 'root:$6$saltsalt$SECRETHASHSECRETHASHSECRETHASH:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n' >"$TL/secret/shadow"
printf 'api_token: SECRETTOKEN0123456789\n' >"$TL/secret/config.yaml"
ln -s ../secret/shadow "$TL/v/shadow.yaml"
ln -s "$TL/secret/config.yaml" "$TL/v/config.yaml"
ln -s /etc/passwd "$TL/v/passwd.yaml"
cp variants/kalah.yaml "$TL/v/sub/kalah.yaml"
ln -s sub/kalah.yaml "$TL/v/inner.yaml"
ln -s ../secret/nothere.yaml "$TL/v/dangling.yaml"
link_out="is a symbolic link that leads out of its folder; a variant file is read only if it lies in that folder or below it (copy the file there, or name the file itself)"
t link-variant-shadow 1 "err=$TL/v/shadow.yaml: $link_out" -- sow validate "$TL/v/shadow.yaml"
t link-variant-absolute 1 "err=$TL/v/config.yaml: $link_out" -- sow replay "$TL/v/config.yaml" --moves 2 --json
t link-variant-passwd 1 "err=$TL/v/passwd.yaml: $link_out" -- sow show "$TL/v/passwd.yaml"
t link-variant-dangling 1 "err=$TL/v/dangling.yaml: cannot open: a symbolic link to a file that is not there; give the path of a variant file" -- sow validate "$TL/v/dangling.yaml"
# a link into the folder (or below) is read, as a script's may be
t link-variant-inside 0 "out=$TL/v/inner.yaml: ok (kalah)" -- sow validate "$TL/v/inner.yaml"  # guard
# found by id: a folder with links out lists only what lies in it, and says
# nothing of the rest
t link-variant-list 0 "out!~SECRET" "out~kalah" -- env SOW_VARIANTS=$TL/v sow list  # guard
t link-variant-list-err 0 noerr -- env SOW_VARIANTS=$TL/v sow list  # guard
# a scenario file too (the same reader)
ln -s ../secret/shadow "$TL/v/scn.yaml"
t link-scenario-shadow 1 "err=$TL/v/scn.yaml: is a symbolic link that leads out of its folder; a scenario file is read only if it lies in that folder or below it (copy the file there, or name the file itself)" -- sow test "$TL/v/scn.yaml"
# a file that is no variant at all, named by its real path: nothing of it
# is quoted back
t not-variant-shadow 1 "err=$TL/secret/shadow:1:1: this is not a variant file: none of its 2 top-level keys is a variant's (id, name, summary, board, sowing...); check the path" -- sow validate "$TL/secret/shadow"
t not-variant-config 1 "err=$TL/secret/config.yaml:1:1: this is not a variant file: none of its 1 top-level keys is a variant's (id, name, summary, board, sowing...); check the path" -- sow validate "$TL/secret/config.yaml"
# an unknown key in a variant is quoted to 40 bytes at most
{ printf 'id: x\n'; printf 'k%.0s' $(seq 300); printf ': 1\n'; } >"$TL/longkey.yaml"
t unknown-key-clipped 1 "err=$TL/longkey.yaml:2:1: unknown key '$(printf 'k%.0s' $(seq 40))...' in a variant file; the keys are: id, name, summary, source, rules, board, sowing, end, script, hooks, options, decisions, state, match, phases, start_phase, explain, rounds, how_to_play" -- sow validate "$TL/longkey.yaml"
# sow test: a scenario file named by a path longer than the old 1,600-byte
# buffer, and a variant file whose scenario file's path was cut (the old
# code read "variants/scenarios", a directory)
dots850=$(printf './%.0s' $(seq 850))
t long-path-test-scenario 0 "last=15 scenarios, 0 failed" -- sow test "variants/${dots850}scenarios/kalah.yaml"  # guard
t long-path-test-variant 0 "last=15 scenarios, 0 failed" -- sow test "variants/${dots850}kalah.yaml"
# a phase's question longer than the 159 bytes it is kept in is an error,
# not cut (issue 23: too long is an error, everywhere)
mkdir -p "$T/q"
cp variants/andada.lua "$T/q/"
long_q=$(printf 'who moves first? %.0s' $(seq 12))
sed "s|^    question: .*|    question: \"$long_q\"|" variants/andada.yaml >"$T/q/andada.yaml"
t long-question 1 "err~$T/q/andada.yaml:52:15: question is 204 bytes; a question may have at most 159: shorten it" -- sow validate "$T/q/andada.yaml"
# a cap every hole reaches: from [6, 1, 1, 1, 1, 1], hole 0's first seed
# passes the five holes of 1 and drops back into hole 0; the other five
# find every hole at 1 for ever. Found by the loader's fuzzer: the loop was
# inside one lap, where neither the lap cap nor --time-limit looked
printf 'id: hostile-cap-full\nname: Full cap\nsummary: Every hole reaches the cap.\nboard:\n  holes: 3\n  layout: [6, 1, 1, 1, 1, 1]\nsowing:\n  skip_count: {count: 1, owner: any}\n' >"$T/cap_full.yaml"
t cap-full-no-hole 1 "err=$T/cap_full.yaml: the seeds in hand can drop nowhere: every hole they reach holds 1 and is passed over (skip_count); give the count more room than the seeds of the game can fill" -- sow replay "$T/cap_full.yaml" --moves 0 --json
t cap-full-selfplay 1 "err~the seeds in hand can drop nowhere" -- sow selfplay "$T/cap_full.yaml" --games 3
