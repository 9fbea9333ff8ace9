# shellcheck shell=bash
# tests/cli/pairs.sh - a hole and its facing hole holding as many, taken
# with more such pairs either way (when.opposite: same, pairs:; issue 24,
# MancalaGames' MATCH_OPP: Centering's CE.3), and g.last in the
# after-the-move hooks: what sow show says, the loader's messages, and the
# scenario files tests/unseen/scenarios/centering.yaml and
# crosscapt_seven.yaml (values worked out by hand). Sourced by
# tests/cli/run.sh (t and $cli_tmp as there).
CE=tests/unseen/centering.yaml
CE_WHEN=$(grep -n "^    - when: {opposite: same}" $CE | cut -d: -f1)  # its lines
CE_PAIRS=$(grep -n "^      pairs: {forward: 3, backward: 2}" $CE | cut -d: -f1)
t pairs-scenarios 0 "last=4 scenarios, 0 failed" -- sow test tests/unseen/scenarios/centering.yaml
t pairs-last-scenarios 0 "last=3 scenarios, 0 failed" -- sow test tests/unseen/scenarios/crosscapt_seven.yaml
t pairs-show 0 "out~  lap end        any count, as many in the opposite hole: capture the opposite hole and the last hole's seeds, then up to 3 more holes along the sowing and 2 against it that hold as many as the hole facing them, each with that hole, each way up to the first that does not (CE.3)" noerr -- sow show $CE
t pairs-json 0 'out~"opposite":"same"' 'out~"pairs":{"forward":3,"backward":2}' noerr -- sow show $CE --json
t pairs-json-none 0 'out~"series":false,"pairs":null' noerr -- sow show kalah --json
P3="s/^      pairs: {forward: 3, backward: 2}/      pairs:"
NOT_HERE="pairs: belongs to a rule that says do: capture_pair with when: {opposite: same} (and no series:): the further pairs hold as many as the holes facing them"
t_refused pairs-not-same $CE 's/^    - when: {opposite: same} /    - when: {opposite: seeds}/' "$CE_PAIRS:14" "$NOT_HERE"
t_refused pairs-not-pair $CE 's/^      do: capture_pair/      do: capture/' "$CE_PAIRS:14" "$NOT_HERE"
t_refused pairs-no-way $CE "$P3 {}/" "$CE_PAIRS:14" "pairs: needs forward: or backward: (the most pairs taken that way), e.g. pairs: {forward: 2, backward: 2}"
t_refused pairs-unknown-key $CE "$P3 {ahead: 3}/" "$CE_PAIRS:15" "unknown key 'ahead' in pairs; the keys are: forward, backward"
t_refused pairs-too-many $CE "$P3 {forward: 65}/" "$CE_PAIRS:24" "forward is 65; it must be from 0 to 64"
t_refused pairs-not-map $CE "$P3 3/" "$CE_PAIRS:14" "pairs must be a mapping (key: value lines), not a single value"
t_refused pairs-opposite-word $CE 's/^    - when: {opposite: same} /    - when: {opposite: equal}/' "$CE_WHEN:24" "opposite must be one of: any, seeds, empty, same (not 'equal')"
