#!/bin/bash
# The scenario tests of the shipped variants (variants/scenarios/*.yaml):
#   1. sow test runs every one of them, by variant id (so the naming
#      convention scenarios/NAME.yaml beside NAME.yaml is used): no case may
#      fail, and each file must cover every rule id of its variant's rules:
#      and every value of its enum and bool options (and set each int one),
#      but for the waivers of uncovered.txt, each with its reason;
#   2. the files validate against schemas/scenario.schema.json;
#   3. every expected value agrees with the independent references in
#      tests/ref/ (check_ref.py), so that no expectation was copied from sow.
#
#   SOW=build/sow bash tests/scenarios/run.sh   (make check runs it)
set -u
export LC_ALL=C
unset SOW_VARIANTS
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
SOW=${SOW:-build/sow}
case $SOW in /*) ;; *) SOW="$root/$SOW" ;; esac
PYTHON=${PYTHON:-/usr/bin/python3}
cd "$root" || exit 2
fail=0
ids=()
for f in variants/scenarios/*.yaml; do
    base=$(basename "$f" .yaml)
    ids+=("${base//_/-}")
done
out=$("$SOW" test "${ids[@]}") || {
    echo "$out"
    echo "scenarios: sow test failed"
    fail=1
}
# what each file leaves uncovered, "FILE: WHAT" a line, against the
# waivers of uncovered.txt (each with its reason)
got=$(awk '/^[^ ].*: .*, [0-9]+ scenarios?, [0-9]+ failed$/ { file = $1; sub(/:$/, "", file) }
           /^  not covered: / { sub(/^  not covered: /, ""); n = split($0, w, ", ");
                                for (i = 1; i <= n; i++) print file ": " w[i] }' <<<"$out" | sort)
want=$(grep -v '^#' "$here/uncovered.txt" | sed 's/ *--.*//' | grep . | sort)
if [ "$got" != "$want" ]; then
    comm -23 <(echo "$got") <(echo "$want") | grep . |
        sed 's/^/scenarios: not covered (nor waived in uncovered.txt): /'
    comm -13 <(echo "$got") <(echo "$want") | grep . |
        sed 's/^/scenarios: waived in uncovered.txt but covered: /'
    fail=1
fi
files=$(grep -c ", [0-9]* scenarios\?, [0-9]* failed$" <<<"$out")
if [ "$files" -ne "${#ids[@]}" ]; then
    echo "scenarios: $files of ${#ids[@]} scenario files ran"
    fail=1
fi
tail -n 1 <<<"$out" | sed 's/^/scenarios: /'
"$PYTHON" "$here/validate.py" || fail=1
"$PYTHON" "$here/check_ref.py" || fail=1
exit $fail
