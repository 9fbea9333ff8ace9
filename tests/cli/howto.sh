# shellcheck shell=bash
# tests/cli/howto.sh - the words a learner reads (issue 27): a variant
# file's own how_to_play: (docs/writing-variants.md, "How to play: the game
# in plain words"), read, checked and shown by sow show; and the rule texts
# and sow trace's narration of every shipped game without the engine's
# words (tests/cli/plain_words.py), and sentences true to the rules they
# cite (D9). Sourced by tests/cli/run.sh (t and $cli_tmp as there).
HT=tests/cli/howto/plain.yaml
t howto-show 0 noerr 'out~how to play:' \
    'out~  The board. Two rows of 3 holes with 2 seeds in each. (HT.1)' \
    'out~  A move. Take all the seeds of one of your holes and sow them one a hole to your right. (HT.2)' \
    'out~  The end. The game ends when a player cannot move; more seeds wins.' -- sow show $HT
t howto-json 0 noerr 'out~"how_to_play":{"board":"Two rows of 3 holes with 2 seeds in each. (HT.1)","move":"Take all the seeds of one of your holes and sow them one a hole to your right. (HT.2)","capturing":"If your last seed makes a hole of your opponent'"'"'s 2 or 3 (but not 4), take it. (HT.2, HT.3)","end":"The game ends when a player cannot move; more seeds wins."}' \
    -- sow show $HT --json
# a shipped game keeps its words in docs/how-to-play.md: none in its file
t howto-none 0 noerr 'out~"how_to_play":null' 'out!~how to play:' -- sow show oware --json
t howto-none-text 0 noerr 'out!~how to play:' -- sow show oware
# each part is required, checked, and may cite only the file's rules
sed '/^  end: /d' $HT >"$cli_tmp/howto_missing.yaml"
t howto-missing 1 "err=$cli_tmp/howto_missing.yaml:13:3: how_to_play needs all four parts, board, move, capturing and end; 'end' is missing (a paragraph of plain words each)" \
    -- sow show "$cli_tmp/howto_missing.yaml"
sed 's/^  end: /  ending: /' $HT >"$cli_tmp/howto_key.yaml"
t howto-unknown-key 1 "err=$cli_tmp/howto_key.yaml:18:3: unknown key 'ending' in how_to_play; the keys are: board, move, capturing, end" \
    -- sow show "$cli_tmp/howto_key.yaml"
sed 's/(HT.2, HT.3)/(HT.2, HT.4)/' $HT >"$cli_tmp/howto_cite.yaml"
t howto-cite 1 "err=$cli_tmp/howto_cite.yaml:17:14: how_to_play.capturing cites rule HT.4, which rules: does not list; add it there with its one-line text, or correct the id" \
    -- sow show "$cli_tmp/howto_cite.yaml"
sed 's/^  end: .*/  end: "  "/' $HT >"$cli_tmp/howto_empty.yaml"
t howto-empty 1 "err=$cli_tmp/howto_empty.yaml:18:8: how_to_play.end must not be empty: write a few sentences of plain words" \
    -- sow show "$cli_tmp/howto_empty.yaml"
sed 's/^  end: .*/  end: [a, b]/' $HT >"$cli_tmp/howto_list.yaml"
t howto-not-text 1 "err=$cli_tmp/howto_list.yaml:18:8: how_to_play.end must be text, not a list" \
    -- sow show "$cli_tmp/howto_list.yaml"
sed 's/^how_to_play:$/how_to_play: plain/; /^  \(board\|move\|capturing\|end\): /d; /^    /d' $HT >"$cli_tmp/howto_scalar.yaml"
t howto-not-map 1 "err~$cli_tmp/howto_scalar.yaml:12:14: how_to_play must be a mapping" \
    -- sow show "$cli_tmp/howto_scalar.yaml"
long=$(printf 'word %.0s' $(seq 1 420))
sed "s/^  end: .*/  end: \"$long\"/" $HT >"$cli_tmp/howto_long.yaml"
t howto-too-long 1 "err=$cli_tmp/howto_long.yaml:18:8: how_to_play.end is 2099 bytes; a part holds at most 2000: say it more briefly (the precise rules are under rules:)" \
    -- sow show "$cli_tmp/howto_long.yaml"
# D15, D9: what a learner reads of every shipped game is in plain words
limit=120 t plain-words 0 noerr 'out~none with the engine'"'"'s words' -- "$PYTHON" tests/cli/plain_words.py "$SOW"
# the page gives a new variant the words of the game it came from as its
# how_to_play: (docs/how-to-play.md): they load, for every shipped game
limit=60 t howto-docs 0 noerr "out~shipped games' words load as their files' how_to_play:" -- "$PYTHON" tests/cli/howto_docs.py "$SOW"
# D9: each sentence true to the rule it cites. OW.4: a grand slam's
# captures, told as they are found, are not made after all; the rule
# cited is the grand slam's, not the end's (explain: grand_slam)
OW_SLAM="3 10 2 9 1 7 4 10 0 9 2 8 3 8 5 7 1 8 2 6 0 9 1 8 4 10 3 9 1 7 5 9 2 7 5 8 1 6 4 8 5 9 0 11 5 9 4 11 1 8 3 10 1 8 3 6 4 7 2 7 5 7 4 6 0 8 2 7 3 11 1 8 4 10 5 7 2 8 3 11 5 9 1 6 2 10 5 11 4"
t trace-grand-slam 0 noerr "out~  grand slam: South's captures of 5 seeds empty the whole opposing row: those captures are not made after all (the seeds go back to their holes), the sowing stands" \
    "out~      OW.4: Grand slam: captures that would empty the opponent's whole row, which held seeds, are not made (the sowing stands)." \
    'out~N[ 19]  0  0  0  0  3  2 ' -- sow trace oware --moves "$OW_SLAM" --brief
# GB.4: a last seed in the opponent's weg takes from it and moves again,
# citing GB.4 (the rules for claimed holes are looked up apart, C1.4)
t trace-gabata-weg 0 noerr "out~  the last seed falls in C, which now holds 8: it is the opponent's claimed hole: the mover takes seeds from it and moves again" \
    'out~      GB.4: A move ending in the opponent'"'"'s weg takes 2 seeds' -- sow trace gabata --moves "3 10 5 7" --brief --no-board
# UR.2: a hole of 17 is passed over in either row, the mover's own too
t trace-urim-17-own 0 noerr 'out~  c holds 17: passed over without a seed' out!~"c, the opponent's, holds 17" \
    -- sow trace urim --moves "3 10 5 8 1 10 5 9 1 11 2 9 3 8 1 6 3 11 4 11 0 6 3 7 1 6 3 10 0 11 3 8 1 9 1 10 4 10 5 10 4 9 1 10 5 11 1" --no-board
# B.4: the chain's counts are told, and with empty_in_chain=skip the empty
# holes it passes over
t trace-boto-chain-counts 0 noerr 'out~: the holes after it are taken, one after another, while each holds 1, 3 or 5 (an empty hole is passed over); then the move ends' \
    -- sow trace adji-boto --moves "$(grep -v "^#" tests/golden/boto_skip.args | sed -n 3p)" --option empty_in_chain=skip --brief --no-board
# a rule the variant does not list is not cited (a link to nothing, D15):
# Nambayi's C1.13, named by the closed holes themselves, left out
sed '/^  C1.13:/d' variants/nambayi.yaml >"$cli_tmp/nambayi.yaml"
t trace-unlisted-rule 0 noerr 'out~"event":"out","hole":11,"label":"D","count":1,"extra":0,"text":"D is closed: the seed sown into it leaves play","rule":null,"rule_text":null}' \
    -- sow trace "$cli_tmp/nambayi.yaml" --moves "4 13 7" --json
t trace-listed-rule 0 noerr 'out~"text":"D is closed: the seed sown into it leaves play","rule":"C1.13","rule_text":"Seeds taken out of play' \
    -- sow trace nambayi --moves "4 13 7" --json
# the perfect level's list is decided by positions searched, not by time:
# the shipped file is what web/perfect.py computes, on any machine
limit=300 t perfect-json 0 noerr 'out~as web/perfect.py computes them within' -- "$PYTHON" tests/cli/perfect_json.py "$SOW"
# D15: a move's header in words, never its token (tokens stay in --json):
# a seed placed from the hand (MW.2), a hole taken after a capture (NS.6),
# the round's direction (C1.12), a phase's decision (A.3)
t head-place 0 noerr 'out~move 1: South puts a seed from the hand into b2' 'out!~+9' -- sow trace mweso --moves "+9" --no-board --brief
t head-chosen 0 noerr 'out~move 1: South plays c1 and takes h4' 'out!~2,x37' -- sow trace nsolo --moves "2,x37" --no-board --brief
input=$'dir:cw\nquit\n' t head-direction 0 noerr 'out~South, which way do you sow this round? (C1.12)' \
    'out~  type dir:ccw for counter-clockwise, or dir:cw for clockwise' \
    'out~move 1: South chooses to sow clockwise this round' -- sow play olinda --south human --north human
t head-decision 0 noerr 'out~move 2: North answers "who makes the first regular move?": South' 'out!~first:0' \
    -- sow replay andada --moves "0 first:0"
# hint names a decision's words beside the token typed for it
input=$'a\nhint\nquit\n' t hint-decision 0 noerr 'out~  first:0 South: a choice, not a sowing' \
    'out~  first:1 North: a choice, not a sowing' -- sow play andada --south human --north human
# a decision may be typed in the words it is shown in, as well as its token
input=$'a\nnorth\nquit\n' t decision-words 0 noerr 'out~move 2: North answers "who makes the first regular move?": North' \
    'last=to replay them: sow replay andada --moves "0 first:1"' -- sow play andada --south human --north human
input=$'Clockwise\nquit\n' t decision-words-direction 0 noerr 'out~move 1: South chooses to sow clockwise this round' \
    -- sow play olinda --south human --north human
