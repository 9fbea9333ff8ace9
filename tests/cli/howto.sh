# shellcheck shell=bash
# tests/cli/howto.sh - the words a learner reads (issue 27): a variant
# file's own how_to_play: (docs/writing-variants.md, "How to play: the game
# in plain words"), read, checked and shown by sow show; and the rule texts
# and sow trace's narration of every shipped game without the engine's
# words (tests/cli/plain_words.py). Sourced by tests/cli/run.sh (t and
# $cli_tmp as there).
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
