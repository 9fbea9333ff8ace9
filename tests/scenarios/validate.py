#!/usr/bin/python3
"""Check schemas/scenario.schema.json and validate the shipped scenario
files (variants/scenarios/*.yaml) against it.

    /usr/bin/python3 tests/scenarios/validate.py [FILE...]

The schema is checked against the JSON Schema 2020-12 meta-schema, with a
description on every property (as tests/validate_schemas.py checks the
other schemas, whose YAML reader, the subset of docs/writing-variants.md, is
used
here too); each file must start with the yaml-language-server modeline and
validate; a few broken samples must be rejected. Needs python3-jsonschema
and python3-yaml. Exits 1 with one line per problem.
"""

import importlib.util
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
spec = importlib.util.spec_from_file_location(
    "validate_schemas", ROOT / "tests" / "validate_schemas.py")
vs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(vs)

MODELINE = "# yaml-language-server: $schema=../../schemas/scenario.schema.json"

# Broken samples: each must be rejected by the schema.
BAD = {
    "no variant": "scenarios: [{name: a, expect: {over: false}}]\n",
    "no expect": "variant: x\nscenarios: [{name: a}]\n",
    "empty expect": "variant: x\nscenarios: [{name: a, expect: {}}]\n",
    "unknown key": "variant: x\nscenarios: [{name: a, expect: {over: false}, "
                   "expct: {}}]\n",
    "player word": "variant: x\nscenarios: [{name: a, expect: {to_move: "
                   "west}}]\n",
    "board of words": "variant: x\nscenarios: [{name: a, expect: {board: "
                      "[a, b]}}]\n",
    "yes for a boolean": "variant: x\nscenarios: [{name: a, expect: {over: "
                         "yes}}]\n",
    "a rule id in lower case": "variant: x\nscenarios: [{name: a, rules: "
                               "[k1.5], expect: {over: false}}]\n",
    "three captured": "variant: x\nscenarios: [{name: a, expect: {captured: "
                      "[1, 2, 3]}}]\n",
}


def main(argv):
    schema = vs.load_schema("scenario.schema.json")
    files = [pathlib.Path(p) for p in argv] or sorted(
        (ROOT / "variants" / "scenarios").glob("*.yaml"))
    cases = 0
    for path in files:
        text = path.read_text()
        try:
            name = str(path.resolve().relative_to(ROOT))
        except ValueError:
            name = str(path)
        if text.splitlines()[:1] != [MODELINE]:
            vs.fail("%s:1:1: the first line should be '%s'" % (name, MODELINE))
        try:
            data, node = vs.load_yaml(text)
        except Exception as err:  # a YAML error, with its mark
            vs.fail(vs.yaml_error_text(name, err))
            continue
        for err in schema.iter_errors(data):
            at = vs.node_at(node, list(err.absolute_path))
            vs.fail("%s:%d:%d: %s" % (name, at.start_mark.line + 1,
                                      at.start_mark.column + 1, err.message))
        cases += len(data.get("scenarios", [])) if isinstance(data, dict) else 0
    for what, text in BAD.items():
        data, _ = vs.load_yaml(text)
        if schema.is_valid(data):
            vs.fail("bad sample accepted by the schema: %s" % what)
    if vs.failures:
        for msg in vs.failures:
            print("validate scenarios: " + msg, file=sys.stderr)
        return 1
    print("validate scenarios: ok: %d file(s), %d scenarios; %d bad samples "
          "rejected" % (len(files), cases, len(BAD)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
