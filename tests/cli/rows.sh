# shellcheck shell=bash
# tests/cli/rows.sh - what a person sees of a board of four rows (issue 25,
# Moruba: variants/moruba.yaml): hole labels as C2.2 (a1 .. l4) read and
# written, the text board row over row, sow show's words for the track and
# the lap-end rules of more rows, the narration of an across capture (to
# the store, or sown again: tests/variants/moruba_resow.yaml) and the SVG.
# Sourced by tests/cli/run.sh (t and $cli_tmp as there).
RV=tests/variants/moruba_resow.yaml
# South's k1 (hole 10): 4 seeds into l1, l2, k2, j2 (C2.5: the outer row
# west to east, then the inner row back); j2 is an inner hole, so the 4
# seeds of j3 facing it and the 4 of j4 behind it go to the store (MO.4)
t rows-show-board 0 'out~board: 4 rows of 12 holes, 192 seeds, a store for each player' \
  'out~N[  0]  4 | 4  4  4  4  4  4  4  4  4  4  4  4 ' \
  'out~        1 | 4  4  4  4  4  4  4  4  4  4  4  4  [  0]S' \
  'out~            a  b  c  d  e  f  g  h  i  j  k  l ' noerr -- sow show moruba
t rows-show-track 0 "out~  track          each player's own two rows, round and round: counter-clockwise, South's outer row from the left and their inner row back, North's inner row from the left and their outer row back; no seed goes into the other player's rows" \
  noerr -- sow show moruba
t rows-show-lap-end 0 "out~  lap end        any count in an own inner hole, the opponent's hole facing it holds seeds (if capture_when=any: on): take the seeds facing it and behind it into the store (MO.4)" \
  'out!~(null)' noerr -- sow show moruba
t rows-show-resow 0 "out~  lap end        any count in an own inner hole, the opponent's hole facing it holds seeds (if capture_when=any: on): take the seeds facing it and behind it and sow them again from the hole after the lap's origin, along the mover's track; then the capturing hole's seeds are lifted and sown on (MO.4)" \
  noerr -- sow show $RV
t rows-show-json 0 'out~"board":{"rows":4,"holes_per_row":12,' 'out~"labels":["a1","b1",' \
  'out~"do":"capture_across","hook":null' 'out~"row":"inner","across":"facing"' noerr -- sow show moruba --json
t rows-show-json-resow 0 'out~"resow":{"from":"after_origin","direction":"move","then":"relay"}' \
  noerr -- sow show $RV --json
t rows-trace 0 'out~move 1: South plays k1' 'out~  sows into l1 l2 k2 j2' \
  "out~  the last seed falls in j2, which now holds 5: the opponent's seeds facing it and behind it go to the mover's store, and the move ends" \
  'out~  South takes the 4 seeds of j3' 'out~  South takes the 4 seeds of j4' \
  'out~        1 | 4  4  4  4  4  4  4  4  4  4  0< 5  [  8]S' \
  'out~N[  0]  4 | 4  4  4  4  4  4  4  4  4  0  4  4 ' noerr -- sow trace moruba --moves k1 --brief
t rows-trace-json 0 'out~"event":"capture","hole":33,"label":"j3","count":4' 'out~"rule":"MO.4"' \
  noerr -- sow trace moruba --moves 10 --json
t rows-trace-resow 0 \
  "out~  the last seed falls in j2, which now holds 5: the opponent's seeds facing it and behind it are taken up and sown again from the hole after k1, the hole this sowing started from; then j2's seeds are lifted and sown on" \
  'out~  South takes up the 4 seeds of j3, across from j2, to sow them again' \
  'out~  South lifts the 6 seeds of j2 and sows on' noerr -- sow trace $RV --moves k1 --brief
# labels are read as C2.2 writes them: k1 is hole 10, e3 hole 28
t rows-labels-read 0 \
  'last={"ply":1,"to_move":1,"legal":[24,25,26,27,28,29,30,31,32,34,35,36,37,38,39,40,41,42,43,44,46,47],"move":28,"board":[4,4,4,4,4,4,4,4,0,4,0,5,4,4,4,4,4,4,4,4,0,5,5,5,4,4,4,4,0,5,5,5,5,0,4,4,4,4,4,4,4,4,4,4,4,0,4,4],"captured":[8,8]}' \
  noerr -- sow replay moruba --moves "k1 e3" --json
t rows-label-bad 1 "err~move 'm1' is neither a hole label (a column a to l and a row 1 to 4: a1 to l4) nor a hole number (0 to 47)" \
  -- sow replay moruba --moves m1
t rows-label-row-bad 1 "err~move 'a5' is neither a hole label (a column a to l and a row 1 to 4" -- sow replay moruba --moves a5
# the SVG: a4 over a1 in the same column, North's outer row at the top
t rows-svg 0 'out~<text x="112" y="67" text-anchor="middle" font-size="14" fill="#555">a4</text>' \
  'out~<text x="112" y="343" text-anchor="middle" font-size="14" fill="#555">a1</text>' \
  'out~hole c3: column c from South' noerr -- sow draw moruba --moves 10 --svg -
# the lap-end words of Hus (HU.5, capture=ludii: the last hole's own seeds
# too, then the hole after it) and Tsoro's single seeds (TS.3)
t rows-show-hus-ludii 0 "out~take the seeds facing it and behind it, and the last hole's own, into the store, then lift the seeds of the hole after it and sow on, if they are enough for a move (HU.5)" \
  noerr -- sow show hus --option capture=ludii
t rows-show-hus-json 0 'out~"take_last":true' 'out~"then":"next","pick_extra":null' noerr -- sow show hus --option capture=ludii --json
t rows-show-tsoro 0 "out~  single seed    a hole holding 1 seed may be played only when the next hole along the mover's track is empty" \
  noerr -- sow show tsoro
# a hook sees the board of four rows: g.opposite[h] (the facing hole),
# g.behind[h] and g.rows (C2.5); its capture of both is MO.4's: the same
# board as the data rule's after k1, and nothing facing an outer hole
t rows-hook-view 0 \
  'out~"board":[4,4,4,4,4,4,4,4,4,4,4,0,4,4,4,4,4,4,4,4,5,5,5,5,4,4,4,4,4,4,4,4,0,4,4,4,4,4,4,4,4,4,4,4,0,4,4,4],"captured":[8,0]' \
  noerr -- sow replay tests/variants/moruba_hook.yaml --moves 11 --json
# Turns of several decisions (C2.3, BA under Ludii's reading, BA.7): the header
# names the turn's parts in words, the placement's lap goes the way the
# token says (+13/ccw: counter-clockwise, though the capture's sowing from
# the left kichwa turns the turn clockwise, BK.3), and the seeds sown one
# by one cite the sowing rule BK.3
t rows-turn-trace 0 noerr 'out~move 1: South puts a seed from the hand into f2 and sows it counter-clockwise; sows the captured seeds from a2' \
    'out~  South lifts the 3 seeds of f2 and sows counter-clockwise' \
    'out~      BK.3: Seeds are sown round' \
    -- sow trace bao --option reading=ludii --moves "+13/ccw,k8" --no-board
# C2.2, C2.3: a turn typed with hole labels is the turn of those holes
# numbers, in a list separated by commas too: "+e2,ka2" is "+12,k8", and
# NS.6's "c1,xf3" is "2,x25"
t rows-turn-labels 0 noerr 'outre=^\{"ply":2,.*"move":"\+12,k8"' \
    -- sow replay bao-kiswahili --moves "+f2/cw,+b3/ccw,+e2,ka2" --json
t rows-turn-labels-x 0 noerr 'out~"move":"2,x25"' -- sow replay nsolo --moves "c1,xf3" --json
input=$'hint\nquit\n' t rows-turn-hint 0 noerr 'out~  +9,k8,k8 3 sowings, ends in e2, takes 4' \
    -- sow play bao-kiswahili --option reading=ludii --north human
# A value chosen by an option's value ({$name: {value: ...}}, BA.7): every
# value of an enum option given, each a constant the field takes; board
# layouts of one length. (Bao's file with one thing broken.)
sed 's/cleared: {$reading: {sources: either, ludii: none}}/cleared: {$reading: {sources: either}}/' \
    variants/bao.yaml > "$cli_tmp/byopt_missing.yaml"
# capture_from_ends.words (issue 25): the game's names of its holes in
# the words of trace, play and show; without them plain words
t rows-ends-words 0 noerr "out~  North sows the 1 seed taken from the kichwa a3 (their choice)" -- sow trace bao-kiswahili --moves "+13/ccw +18,k16"
grep -v "words: {end: kichwa" variants/bao_kiswahili.yaml > "$cli_tmp/ends_plain.yaml"
t rows-ends-plain 0 noerr "out~  North sows the 1 seed taken from the end hole a3 (their choice)" -- sow trace "$cli_tmp/ends_plain.yaml" --moves "+13/ccw +18,k16"
t rows-ends-plain-show 0 noerr "out~from an end hole (,kH) and the house, one in each inner row, may stop a turn" -- sow show "$cli_tmp/ends_plain.yaml"
t rows-ends-words-bad 1 "err=tests/cli/bad/ends_words.yaml:10:64: words.end must be a word or two of letters (at most 23 characters), such as \"end hole\"" -- sow validate tests/cli/bad/ends_words.yaml
# no_capture_from (BA.3): the key has one name, the general one; a game's
# word for it (Bao's takasa) is refused with the keys it may give
sed 's/no_capture_from: inner        # BA.3 (a takasa turn)/takasa_from: inner/' variants/bao.yaml > "$cli_tmp/takasa_word.yaml"
t rows-takasa-word 1 "err~takasa_word.yaml:80:5: unknown key 'takasa_from' in capture_from_ends; the keys are: " "err~ no_capture_from, " -- sow validate "$cli_tmp/takasa_word.yaml"
# sow show cites a mechanism's game rule (BA.4) only in a variant that
# lists it: renamed BZ.4, the line stands without a citation
sed 's/BA\.4/BZ.4/g' variants/bao.yaml > "$cli_tmp/bao_ba4.yaml"
t rows-show-own-cite 0 noerr "out~  which kichwa   one whose sowing captures again" "out!~(BA.4)" -- sow show "$cli_tmp/bao_ba4.yaml"
t rows-show-cite 0 noerr "out~  which kichwa   one whose sowing captures again (BA.4)" -- sow show bao
t rows-byopt-missing 1 "err=$cli_tmp/byopt_missing.yaml:93:23: cleared: give a value for reading: ludii too" \
    -- sow validate "$cli_tmp/byopt_missing.yaml"
sed 's/cleared: {$reading: {sources: either, ludii: none}}/cleared: {$max_plies: {sources: either, ludii: none}}/' \
    variants/bao.yaml > "$cli_tmp/byopt_int.yaml"
t rows-byopt-not-enum 1 "err~byopt_int.yaml:93:13: cleared: '\$max_plies' must name an enum option declared under options:" \
    -- sow validate "$cli_tmp/byopt_int.yaml"
sed 's/cleared: {$reading: {sources: either, ludii: none}}/cleared: {$reading: {sources: either, ludii: nothing}}/' \
    variants/bao.yaml > "$cli_tmp/byopt_word.yaml"
t rows-byopt-word 1 "err~byopt_word.yaml:93:48: cleared must be one of: none, cleared_own, cleared_opp, no_moves, either (not 'nothing')" \
    -- sow validate "$cli_tmp/byopt_word.yaml"
sed 's/      ludii: \[0, 0, 0, 0, 0, 0, 0, 0,/      ludii: [0, 0, 0, 0, 0, 0, 0,/' \
    variants/bao.yaml > "$cli_tmp/byopt_layout.yaml"
t rows-byopt-layout 1 "err~byopt_layout.yaml:53:14: layout for ludii: 31 counts, but the one for sources has 32" \
    -- sow validate "$cli_tmp/byopt_layout.yaml"
# the start by the reading (BA.7): BK.2's 64 seeds, or BA.L1's 60
t rows-byopt-start 0 noerr 'out~board: 4 rows of 8 holes, 64 seeds' 'out~  start from     with an empty hand, an own hole with 2 to 15 seeds (BA.3)' \
    -- sow show bao
t rows-byopt-start-ludii 0 noerr 'out~board: 4 rows of 8 holes, 60 seeds' \
    -- sow show bao --option reading=ludii
# NS.1, NS.6: Nsolo on 4x16 lists 591 whole turns at its first ply (each
# capture with each extra hole); the machine once listed at most 512 and
# refused the board at ply 0.
t rows-nsolo-16-legal 0 noerr 'out~"30,x63"]' -- sow replay nsolo --option holes=16 --moves "a1" --json
t rows-nsolo-16-selfplay 0 noerr 'out~games           2' -- sow selfplay nsolo --option holes=16 --games 2 --seed 1
