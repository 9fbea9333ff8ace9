#!/usr/bin/python3
"""Check the JSON Schemas of sow's variant files and game records.

    /usr/bin/python3 tests/validate_schemas.py [--records FILE...]

- checks schemas/variant.schema.json and schemas/record.schema.json against
  the JSON Schema 2020-12 meta-schema, and that every property has a
  description (editors show it);
- validates every variants/*.yaml against variant.schema.json;
- writes sample variants that use every key of docs/writing-variants.md into a
  temporary directory and checks that they are accepted;
- checks that a set of broken variants is rejected, each for the intended
  reason (the error is reported at the expected place);
- checks built-in record lines (from docs/record.md) and broken ones against
  record.schema.json, and with --records every line of the given JSON Lines
  files;
- checks the schemas of the other JSON outputs (selfplay, selfplay-game,
  compare, trace, list, show, validate, bench, search, solve; sow stats writes the
  selfplay format) the same way, and validates real outputs of each,
  made here by the built command (--sow, default build/sow): selfplay of
  single games and of matches, an interrupted selfplay (SIGINT), its
  --jsonl lines, stats of shards (from files and from standard input),
  compare, trace of games with decisions and scripted moves, list,
  show of every shipped variant, validate of a good and a broken file, bench, search and solve.

YAML is read with the subset of docs/writing-variants.md, not PyYAML's YAML 1.1
defaults: only `true`/`false` are booleans and only plain decimal numbers are
integers (so `yes`, `on`, `0x10`, `1_000`, `12.0` stay strings, which the
schema then rejects where a boolean or an integer is meant); anchors,
aliases, tags, duplicate keys and more than one document are errors.

Needs Debian's python3-jsonschema and python3-yaml. Exits 1 with one message
per problem, or prints a one-line summary.
"""

import argparse
import copy
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
import time

import jsonschema
import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCHEMA_DIR = ROOT / "schemas"
VARIANT_DIR = ROOT / "variants"
MODELINE = "# yaml-language-server: $schema=../schemas/variant.schema.json"

failures = []


def fail(msg):
    failures.append(msg)


# --------------------------------------------------------------------------
# YAML, read as docs/writing-variants.md says


class StrictLoader(yaml.SafeLoader):
    """SafeLoader restricted to the YAML subset the C loader accepts."""

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise yaml.composer.ComposerError(
                None, None, "aliases are not allowed", event.start_mark)
        if getattr(event, "anchor", None) is not None:
            raise yaml.composer.ComposerError(
                None, None, "anchors are not allowed", event.start_mark)
        if getattr(event, "tag", None) is not None:
            raise yaml.composer.ComposerError(
                None, None, "tags are not allowed", event.start_mark)
        return super().compose_node(parent, index)

    def construct_mapping(self, node, deep=False):
        if not isinstance(node, yaml.MappingNode):
            raise yaml.constructor.ConstructorError(
                None, None, "expected a mapping", node.start_mark)
        mapping = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise yaml.constructor.ConstructorError(
                    None, None, "mapping keys must be scalars",
                    key_node.start_mark)
            key = key_node.value  # as written: keys are always strings
            if key in mapping:
                raise yaml.constructor.ConstructorError(
                    None, None, "duplicate key %r" % key, key_node.start_mark)
            mapping[key] = self.construct_object(value_node, deep=deep)
        return mapping


# No YAML 1.1 implicit types (yes/on/null/0x10/1_000/12.0/dates/<<): only
# true/false and plain decimal integers; everything else is a string.
StrictLoader.yaml_implicit_resolvers = {}
StrictLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), list("tf"))
StrictLoader.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^-?[0-9]+$"), list("-0123456789"))
StrictLoader.add_constructor(
    "tag:yaml.org,2002:int",
    lambda loader, node: int(loader.construct_scalar(node), 10))


def load_yaml(text):
    """Return (data, root node) of a one-document YAML text."""
    loader = StrictLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
        return data, node
    finally:
        loader.dispose()


def yaml_error_text(name, err):
    mark = getattr(err, "problem_mark", None)
    where = "%s:%d:%d" % (name, mark.line + 1, mark.column + 1) if mark else name
    problem = getattr(err, "problem", None) or str(err)
    return "%s: %s" % (where, problem)


def node_at(node, path):
    """The YAML node at a JSON path (as far as it goes), for line numbers."""
    for step in path:
        if isinstance(node, yaml.MappingNode):
            nxt = [v for k, v in node.value if k.value == step]
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int):
            nxt = node.value[step:step + 1]
        else:
            nxt = []
        if not nxt:
            break
        node = nxt[0]
    return node


# --------------------------------------------------------------------------
# Schemas


def read_schema(name):
    path = SCHEMA_DIR / name
    try:
        schema = json.loads(path.read_text())
        jsonschema.Draft202012Validator.check_schema(schema)
    except (OSError, ValueError, jsonschema.SchemaError) as err:
        sys.exit("validate_schemas: %s: %s" % (path, err))
    return schema


def load_schema(name):
    schema = read_schema(name)
    check_patterns(name, schema)
    check_descriptions(name, schema, schema, "#")
    # a schema may refer to another of schemas/ by its file name
    # (compare.schema.json to selfplay.schema.json), as an editor resolves
    # it beside the file
    store = {(SCHEMA_DIR / other.name).as_uri(): read_schema(other.name)
             for other in SCHEMA_DIR.glob("*.schema.json")}
    resolver = jsonschema.RefResolver((SCHEMA_DIR / name).as_uri(), schema, store=store)
    return jsonschema.Draft202012Validator(schema, resolver=resolver)


def check_patterns(name, schema):
    """check_schema does not compile the regular expressions."""
    if isinstance(schema, dict):
        for key, sub in schema.items():
            if key == "pattern" and isinstance(sub, str):
                try:
                    re.compile(sub)
                except re.error as err:
                    fail("%s: bad pattern %r: %s" % (name, sub, err))
            else:
                check_patterns(name, sub)
    elif isinstance(schema, list):
        for sub in schema:
            check_patterns(name, sub)


def resolve(root, schema):
    while isinstance(schema, dict) and "$ref" in schema and "description" not in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/"):
            return schema
        schema = root
        for part in ref[2:].split("/"):
            schema = schema[part]
    return schema


def check_descriptions(name, root, schema, where):
    """Every property definition must carry a description.

    Walks the definitional parts of the schema (properties, items, unions,
    $defs), not the conditions and refinements of if/then/else, allOf, not,
    contains, where properties are only constrained further."""
    if not isinstance(schema, dict):
        return
    for key, sub in schema.get("properties", {}).items():
        if sub is False:
            continue
        target = resolve(root, sub)
        if not isinstance(target, dict) or "description" not in target:
            fail("%s: %s/properties/%s has no description" % (name, where, key))
        check_descriptions(name, root, sub, "%s/properties/%s" % (where, key))
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            check_descriptions(name, root, schema[key], "%s/%s" % (where, key))
    for key in ("anyOf", "oneOf"):
        for i, sub in enumerate(schema.get(key, [])):
            check_descriptions(name, root, sub, "%s/%s/%d" % (where, key, i))
    for key, sub in schema.get("$defs", {}).items():
        check_descriptions(name, root, sub, "%s/$defs/%s" % (where, key))


def path_text(path):
    return "/".join(str(p) for p in path) or "(top level)"


def errors_of(validator, doc):
    return sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.path)))


def most_relevant(errors):
    """The error of a failed union (anyOf, oneOf) that most likely says what
    is wrong. The branch that got furthest into the instance wins, then the
    one missing the smallest share of its required keys, then the one with
    the fewest errors; within it (or among tied branches) not a mere
    type or missing-key mismatch, and for a string starting with `$`, the
    option reference pattern it does not match."""
    branches = {}
    for e in errors:
        branches.setdefault(e.relative_schema_path[0], []).append(e)

    def branch_rank(errs):
        missing = [e for e in errs if e.validator == "required" and not e.path]
        needed = max([len(e.validator_value) for e in missing], default=0)
        share = len(missing) / needed if needed else 0.0
        return (-max(len(e.absolute_path) for e in errs), share, len(errs))
    top = min(branch_rank(errs) for errs in branches.values())
    candidates = [e for errs in branches.values() if branch_rank(errs) == top for e in errs]

    def rank(e):
        looks_like_ref = isinstance(e.instance, str) and e.instance.startswith("$")
        return (-len(e.absolute_path), e.validator == "type", e.validator == "required",
                looks_like_ref != (e.validator == "pattern"))
    best = min(candidates, key=rank)
    return most_relevant(best.context) if best.context else best


def error_text(err):
    """One line for an error; a failed union says why its likeliest branch
    failed, rather than repeating the whole instance."""
    if err.validator in ("anyOf", "oneOf"):
        if err.context:
            best = most_relevant(err.context)
            return "at %s: %s" % (path_text(best.absolute_path), best.message)
        return "at %s: fits more than one alternative of %s" % (
            path_text(err.absolute_path), err.validator)
    return "at %s: %s" % (path_text(err.absolute_path), err.message)


# --------------------------------------------------------------------------
# Variants


def check_variant_text(validator, name, text, modeline=False):
    """Load and validate one variant; return its problems as strings."""
    try:
        doc, root = load_yaml(text)
    except yaml.YAMLError as err:
        return [yaml_error_text(name, err)]
    problems = []
    if modeline and text.splitlines()[:1] != [MODELINE]:
        problems.append("%s:1:1: the first line should be '%s'" % (name, MODELINE))
    for err in errors_of(validator, doc):
        mark = node_at(root, err.absolute_path).start_mark if root is not None else None
        where = "%s:%d:%d" % (name, mark.line + 1, mark.column + 1) if mark else name
        problems.append("%s: %s" % (where, error_text(err)))
    return problems


FULL = """\
# yaml-language-server: $schema=../schemas/variant.schema.json
id: sample-full-2
name: Sample Full
summary: Every key of the variant format, with literal values.
source: tests/validate_schemas.py
rules:
  C0.4: "Origin hole: a lap that comes round sows into it unless skip_origin."
  K1.5: "Capture 2 or 3 in an opponent's hole, then backwards."
  B.2: "A move leaves one seed in its hole."
  P13: "A move list that stops early prints no result line."
board:
  rows: 2
  holes: 3
  layout: [1, 2, 3, 4, 5, 6]
  stores: true
sowing:
  direction: cw
  min_seeds: 2
  leave: 1
  laps: relay
  skip_origin: true
  endless_move: end_game
  passing: false
  lap_end:
    - when: {count: 1}
      do: stop
    - when: {count: [2, 3], owner: opponent}
      do: hook
    - when: {count: {min: 4, max: 4}, owner: opponent}
      do: capture
    - when: {count: {min: 5}, owner: own}
      do: relay
    - when: {owner: any}
      do: relay
    - when: {}
      do: stop
    - do: stop
end:
  no_moves: end
  seeds_at_most: 8
  repetition: true
  no_capture_plies: 100
  max_plies: 5000
script: sample_full.lua
hooks:
  lap_end: capture
  score: Score_2
  filter: must_capture
  game_end: race
  after_move: note
options:
  endless:
    type: enum
    values: [repetition, unreachable, "no_capture_plies:K"]
    default: "no_capture_plies:30"
    doc: "K1.7 how circling seeds end the game."
  flag: {type: bool, default: false, doc: "C0.4 skip the origin hole."}
  limit: {type: int, min: 1, max: 1000000, default: 10000, doc: "C0.7 ply cap."}
"""

REFS = """\
# yaml-language-server: $schema=../schemas/variant.schema.json
id: sample-refs
name: Sample Refs
summary: Every field that may refer to an option, referring to one.
board: {holes: $size, seeds: $per_hole}
sowing:
  direction: $dir
  laps: relay
  skip_origin: $skip
  endless_move: $endless_move
end:
  seeds_at_most: $stop_at
  repetition: $endless=repetition
  no_capture_plies: $endless:no_capture_plies
  max_plies: $max_plies
script: sample_refs.lua
options:
  size: {type: int, min: 1, max: 32, default: 6, doc: "A.1 holes per row."}
  per_hole: {type: int, min: 0, max: 1000, default: 4, doc: "K1.1 seeds per hole."}
  dir: {type: enum, values: [ccw, cw], default: ccw, doc: "A.1 direction."}
  skip: {type: bool, default: true, doc: "C0.4 origin hole."}
  endless_move: {type: enum, values: [forbid, end_game], default: forbid, doc: "K2.4"}
  stop_at: {type: int, min: -1, max: 48, default: -1, doc: "K2.6 seeds left."}
  endless: {type: enum, values: [repetition, "no_capture_plies:K"], default: repetition, doc: "K1.7"}
  max_plies: {type: int, min: 1, max: 1000000, default: 10000, doc: "C0.7 ply cap."}
"""

REFS_OTHER_FORMS = """\
id: sample-refs-2
name: Sample Refs 2
summary: The other reference forms in the same fields.
board: {holes: "$rows:n", seeds: "$start:k"}
sowing: {skip_origin: "$mode=skip"}
end: {seeds_at_most: "$stop:at", repetition: $flag, no_capture_plies: $plies, max_plies: "$cap:k"}
script: x.lua
options:
  rows: {type: enum, values: ["n:K"], default: "n:6", doc: "A.1 holes per row."}
  start: {type: enum, values: [none, "k:K"], default: "k:4", doc: "K1.1 seeds per hole."}
  mode: {type: enum, values: [skip, keep], default: keep, doc: "C0.4 origin hole."}
  stop: {type: enum, values: [never, "at:K"], default: never, doc: "K2.6 seeds left."}
  flag: {type: bool, default: false, doc: "K1.7 repetition."}
  plies: {type: int, min: 0, max: 100, default: 0, doc: "K1.7 plies without capture."}
  cap: {type: enum, values: ["k:K"], default: "k:10000", doc: "C0.7 ply cap."}
"""

ADJI_KUI_1 = """\
# yaml-language-server: $schema=../schemas/variant.schema.json
id: adji-kui-1
name: Adji Kui I
summary: Single laps; capture 2 or 3 in the opponent's row, then backwards.
source: Mancala World, "Adji Kui I"; seed 001
rules:
  K1.2: "A move takes all seeds from an own hole holding 2 or more."
  K1.5: "Capture 2s and 3s made by the last seed in the opponent's row, backwards."
board: {rows: 2, holes: 6, seeds: 4, stores: false}
sowing:
  direction: ccw
  min_seeds: 2
  laps: single
  skip_origin: $skip_origin
  passing: true
  lap_end:
    - when: {owner: opponent, count: [2, 3]}
      do: hook
end:
  no_moves: end
  repetition: $endless=repetition
  no_capture_plies: $endless:no_capture_plies
  max_plies: $max_plies
script: adji_kui_1.lua
hooks: {lap_end: capture, score: score}
options:
  endless: {type: enum, values: [repetition, unreachable, "no_capture_plies:K"], default: repetition, doc: "K1.7 end of circling seeds"}
  skip_origin: {type: bool, default: false, doc: "C0.4 origin hole"}
  max_plies: {type: int, min: 1, max: 1000000, default: 10000, doc: "C0.7 ply cap"}
"""

MINIMAL = """\
id: m
name: M
summary: Only the required keys.
board: {holes: 1, seeds: 0}
sowing: {}
script: m.lua
"""

GOOD_SAMPLES = {
    "sample_full.yaml": FULL,
    "sample_refs.yaml": REFS,
    "sample_refs_2.yaml": REFS_OTHER_FORMS,
    "sample_adji_kui_1.yaml": ADJI_KUI_1,
    "sample_minimal.yaml": MINIMAL,
}


def set_(path, value):
    def change(doc):
        *head, last = path.split("/")
        for step in head:
            doc = doc[int(step)] if isinstance(doc, list) else doc[step]
        doc[int(last) if isinstance(doc, list) else last] = value
    return change


def del_(path):
    def change(doc):
        *head, last = path.split("/")
        for step in head:
            doc = doc[int(step)] if isinstance(doc, list) else doc[step]
        del doc[int(last) if isinstance(doc, list) else last]
    return change


def both(*changes):
    def change(doc):
        for c in changes:
            c(doc)
    return change


def text(old, new):
    """A change of the YAML text of FULL (old must occur exactly once)."""
    assert FULL.count(old) == 1, old

    def change(source):
        return source.replace(old, new)
    change.on_text = True
    return change


# Changes to FULL that must still be accepted (the edges of the format).
GOOD_CHANGES = [
    ("holes: 32 with 64 counts",
     both(set_("board/holes", 32), set_("board/layout", [1000] * 64))),
    ("holes an option with any layout length",
     both(set_("board/holes", "$size"), set_("board/layout", [0] * 10),
          set_("options/size", {"type": "int", "min": 1, "max": 32, "default": 5,
                                "doc": "A.1 holes per row."}))),
    ("seeds instead of layout", both(del_("board/layout"), set_("board/seeds", 1000))),
    ("seeds: 0", both(del_("board/layout"), set_("board/seeds", 0))),
    ("count range with only max", set_("sowing/lap_end/0/when/count", {"max": 3})),
    ("lap_end empty", both(set_("sowing/lap_end", []), del_("hooks/lap_end"))),
    ("16 lap-end rules", set_("sowing/lap_end", [{"do": "stop"}] * 16)),
    ("a chain with every key", set_("sowing/lap_end/5", {
        "when": {"count": 1}, "do": "chain",
        "chain": {"counts": [1, 3, 5], "start": "last", "direction": "backward",
                  "owner": "opponent", "skip_empty": "$flag"}})),
    ("explain and rule: citations", both(
        set_("explain", {"move": "K1.5", "end": "K1.6"}),
        set_("sowing/lap_end/1/rule", "K1.5"))),
    ("pairs holding as many (issue 24)", set_("sowing/lap_end/5", {
        "when": {"opposite": "same"}, "do": "capture_pair",
        "pairs": {"forward": 3, "backward": 2}})),
    ("a chain with counts only", set_("sowing/lap_end/5", {
        "do": "chain", "chain": {"counts": {"min": 2, "max": 3}}})),
    ("seeds_at_most: -1", set_("end/seeds_at_most", -1)),
    ("no_capture_plies: 0", set_("end/no_capture_plies", 0)),
    ("max_plies: 1000000", set_("end/max_plies", 1000000)),
    ("no hooks or options", both(del_("hooks"), del_("options"),
                                 set_("sowing/lap_end/1/do", "capture"))),
    ("16 options", set_("options", {"o%d" % i: {"type": "bool", "default": True, "doc": "x"}
                                    for i in range(16)})),
    ("31-character option name", set_("options/" + "x" * 31,
                                      {"type": "int", "min": -9, "max": 9, "default": -5,
                                       "doc": "x"})),
    ("64 rule ids", set_("rules", {"R%d.%d" % (i, i): "x" for i in range(64)})),
    ("enum default with the largest K", set_("options/endless/default",
                                             "no_capture_plies:1000000")),
    ("no script and no hooks", both(del_("script"), del_("hooks"),
                                    set_("sowing/lap_end/1/do", "capture"))),
    ("single laps without endless_move", both(set_("sowing/laps", "single"),
                                              del_("sowing/endless_move"))),
]

YAML_ERROR = "YAML"

# (what is wrong, the change to FULL, where the error must be reported:
#  a JSON path, "" for the top level, or YAML_ERROR for the YAML reader)
BAD_VARIANTS = [
    # top level
    ("unknown top-level key", set_("colour", "red"), ""),
    ("missing id", del_("id"), ""),
    ("missing name", del_("name"), ""),
    ("missing summary", del_("summary"), ""),
    ("missing board", del_("board"), ""),
    ("missing sowing", del_("sowing"), ""),
    ("hooks without a script", del_("script"), ""),
    ("id with upper case and space", set_("id", "Adji Kui"), "id"),
    ("id starting with a dash", set_("id", "-adji"), "id"),
    ("name is a number", set_("name", 12), "name"),
    ("empty name", set_("name", ""), "name"),
    ("name on two lines", set_("name", "Adji\nKui"), "name"),
    ("summary on two lines", set_("summary", "one\ntwo"), "summary"),
    ("empty summary", set_("summary", ""), "summary"),
    ("source is a list", set_("source", ["a"]), "source"),
    ("script is a number", set_("script", 5), "script"),
    ("empty script", set_("script", ""), "script"),
    # rules
    ("rule id in lower case", set_("rules/k1.5", "x"), "rules"),
    ("rule id without a number", set_("rules/K", "x"), "rules"),
    ("rule text is a number", set_("rules/K1.6", 3), "rules/K1.6"),
    ("rule text on two lines", set_("rules/K1.6", "a\nb"), "rules/K1.6"),
    ("empty rule text", set_("rules/K1.6", ""), "rules/K1.6"),
    ("65 rule ids", set_("rules", {"R%d" % i: "x" for i in range(65)}), "rules"),
    ("rules is a list", set_("rules", ["K1.5"]), "rules"),
    # board
    ("board is a string", set_("board", "2x6"), "board"),
    ("unknown board key", set_("board/cols", 6), "board"),
    ("holes: 0", set_("board/holes", 0), "board/holes"),
    ("holes: 33", set_("board/holes", 33), "board/holes"),
    ("holes is a quoted number", set_("board/holes", "6"), "board/holes"),
    ("holes is a boolean", set_("board/holes", True), "board/holes"),
    ("holes missing", del_("board/holes"), "board"),
    ("rows: 5", set_("board/rows", 5), "board/rows"),
    ("seeds and layout both given", set_("board/seeds", 4), "board"),
    ("neither seeds nor layout", del_("board/layout"), "board"),
    ("seeds: -1", both(del_("board/layout"), set_("board/seeds", -1)), "board/seeds"),
    ("seeds: 1001", both(del_("board/layout"), set_("board/seeds", 1001)), "board/seeds"),
    ("layout of 5 counts for 3 holes", set_("board/layout", [1, 2, 3, 4, 5]),
     "board/layout"),
    ("layout of 8 counts for 3 holes", set_("board/layout", [1] * 8), "board/layout"),
    ("layout of 62 counts for 32 holes",
     both(set_("board/holes", 32), set_("board/layout", [0] * 62)), "board/layout"),
    ("layout of 66 counts, holes an option",
     both(set_("board/holes", "$size"), set_("board/layout", [0] * 66)), "board/layout"),
    ("layout of 1 count, holes an option",
     both(set_("board/holes", "$size"), set_("board/layout", [0])), "board/layout"),
    ("layout count over 1000", set_("board/layout/0", 1001), "board/layout/0"),
    ("layout count negative", set_("board/layout/0", -1), "board/layout/0"),
    ("layout is a number", set_("board/layout", 4), "board/layout"),
    ("stores: yes", text("  stores: true\n", "  stores: yes\n"), "board/stores"),
    ("stores: True", text("  stores: true\n", "  stores: True\n"), "board/stores"),
    ("stores: on", text("  stores: true\n", "  stores: on\n"), "board/stores"),
    ("holes: 0x10", text("  holes: 3\n", "  holes: 0x10\n"), "board/holes"),
    ("holes: 3.0", text("  holes: 3\n", "  holes: 3.0\n"), "board/holes"),
    ("holes: 1_0", text("  holes: 3\n", "  holes: 1_0\n"), "board/holes"),
    ("holes: 1e1", text("  holes: 3\n", "  holes: 1e1\n"), "board/holes"),
    ("holes: ~", text("  holes: 3\n", "  holes: ~\n"), "board/holes"),
    ("holes with no value", text("  holes: 3\n", "  holes:\n"), "board/holes"),
    # option references
    ("bad option ref: upper case", set_("board/holes", "$Size"), "board/holes"),
    ("bad option ref: digit first", set_("board/holes", "$1size"), "board/holes"),
    ("bad option ref: bare $", set_("board/holes", "$"), "board/holes"),
    ("bad option ref: no $", set_("board/holes", "size"), "board/holes"),
    ("bad option ref: two operators", set_("end/max_plies", "$a=b=c"), "end/max_plies"),
    ("bad option ref: numeric value", set_("end/max_plies", "$a:5"), "end/max_plies"),
    ("bad option ref: space", set_("end/max_plies", "$max plies"), "end/max_plies"),
    ("boolean ref in an integer field", set_("end/no_capture_plies", "$endless=x"),
     "end/no_capture_plies"),
    ("integer ref in a boolean field", set_("end/repetition", "$endless:x"),
     "end/repetition"),
    ("parameter ref in an enum field", set_("sowing/direction", "$dir:x"),
     "sowing/direction"),
    ("equality ref in an enum field", set_("sowing/endless_move", "$mode=x"),
     "sowing/endless_move"),
    ("ref where none is allowed: min_seeds", set_("sowing/min_seeds", "$min"),
     "sowing/min_seeds"),
    ("ref where none is allowed: stores", set_("board/stores", "$stores"), "board/stores"),
    ("ref where none is allowed: laps", set_("sowing/laps", "$laps"), "sowing/laps"),
    ("ref where none is allowed: passing, an int", set_("sowing/passing", 3),
     "sowing/passing"),
    ("ref where none is allowed: layout", set_("board/layout", "$layout"), "board/layout"),
    # sowing
    ("sowing is a list", set_("sowing", []), "sowing"),
    ("unknown sowing key", set_("sowing/relay", True), "sowing"),
    ("direction: left", set_("sowing/direction", "left"), "sowing/direction"),
    ("min_seeds: 0", set_("sowing/min_seeds", 0), "sowing/min_seeds"),
    ("min_seeds: 1001", set_("sowing/min_seeds", 1001), "sowing/min_seeds"),
    ("leave: -1", set_("sowing/leave", -1), "sowing/leave"),
    ("leave: 1001", set_("sowing/leave", 1001), "sowing/leave"),
    ("laps: double", set_("sowing/laps", "double"), "sowing/laps"),
    ("skip_origin: 1", set_("sowing/skip_origin", 1), "sowing/skip_origin"),
    ("skip_origin: \"true\"", set_("sowing/skip_origin", "true"), "sowing/skip_origin"),
    ("endless_move: loop", set_("sowing/endless_move", "loop"), "sowing/endless_move"),
    ("endless_move with single laps", set_("sowing/laps", "single"),
     "sowing/endless_move"),
    ("endless_move with default laps", del_("sowing/laps"), "sowing/endless_move"),
    ("passing: no", text("  passing: false\n", "  passing: no\n"), "sowing/passing"),
    # lap_end
    ("lap_end is a mapping", set_("sowing/lap_end", {"do": "stop"}), "sowing/lap_end"),
    ("lap-end rule without do", del_("sowing/lap_end/0/do"), "sowing/lap_end/0"),
    ("lap-end do: explode", set_("sowing/lap_end/0/do", "explode"),
     "sowing/lap_end/0/do"),
    ("unknown lap-end rule key", set_("sowing/lap_end/0/otherwise", "stop"),
     "sowing/lap_end/0"),
    ("unknown when key", set_("sowing/lap_end/0/when/hole", 3), "sowing/lap_end/0/when"),
    ("explain: an unknown mechanic", set_("explain", {"jump": "K1.5"}), "explain"),
    ("explain: not a rule id", set_("explain", {"move": "k1"}), "explain/move"),
    ("lap-end rule: a number", set_("sowing/lap_end/1/rule", 15),
     "sowing/lap_end/1/rule"),
    ("do: chain without chain", set_("sowing/lap_end/5/do", "chain"), "sowing/lap_end/5"),
    ("pairs beside do: capture", set_("sowing/lap_end/5", {
        "when": {"opposite": "same"}, "do": "capture",
        "pairs": {"forward": 1}}), "sowing/lap_end/5/do"),
    ("pairs without opposite: same", set_("sowing/lap_end/5", {
        "when": {"opposite": "seeds"}, "do": "capture_pair",
        "pairs": {"forward": 1}}), "sowing/lap_end/5/when/opposite"),
    ("pairs with no way", set_("sowing/lap_end/5", {
        "when": {"opposite": "same"}, "do": "capture_pair", "pairs": {}}),
     "sowing/lap_end/5/pairs"),
    ("chain beside do: stop", set_("sowing/lap_end/5/chain", {"counts": [1]}),
     "sowing/lap_end/5/do"),
    ("chain without counts", both(set_("sowing/lap_end/5/do", "chain"),
                                  set_("sowing/lap_end/5/chain", {"start": "next"})),
     "sowing/lap_end/5/chain"),
    ("chain direction: up", both(set_("sowing/lap_end/5/do", "chain"),
                                 set_("sowing/lap_end/5/chain",
                                      {"counts": [1], "direction": "up"})),
     "sowing/lap_end/5/chain/direction"),
    ("unknown chain key", both(set_("sowing/lap_end/5/do", "chain"),
                               set_("sowing/lap_end/5/chain",
                                    {"counts": [1], "colour": "red"})),
     "sowing/lap_end/5/chain"),
    ("when is a list", set_("sowing/lap_end/0/when", [1]), "sowing/lap_end/0/when"),
    ("when is null", set_("sowing/lap_end/0/when", None), "sowing/lap_end/0/when"),
    ("owner: mine", set_("sowing/lap_end/0/when/owner", "mine"),
     "sowing/lap_end/0/when/owner"),
    ("count: 0", set_("sowing/lap_end/0/when/count", 0), "sowing/lap_end/0/when/count"),
    ("count: []", set_("sowing/lap_end/0/when/count", []),
     "sowing/lap_end/0/when/count"),
    ("count: [2, 2]", set_("sowing/lap_end/0/when/count", [2, 2]),
     "sowing/lap_end/0/when/count"),
    ("count list with 0", set_("sowing/lap_end/0/when/count", [0, 1]),
     "sowing/lap_end/0/when/count"),
    ("count range min 0", set_("sowing/lap_end/0/when/count", {"min": 0}),
     "sowing/lap_end/0/when/count"),
    ("count range max 0", set_("sowing/lap_end/0/when/count", {"max": 0}),
     "sowing/lap_end/0/when/count"),
    ("count: \"2\"", set_("sowing/lap_end/0/when/count", "2"),
     "sowing/lap_end/0/when/count"),
    ("count range with a step", set_("sowing/lap_end/0/when/count", {"min": 2, "step": 1}),
     "sowing/lap_end/0/when/count"),
    ("empty count range", set_("sowing/lap_end/0/when/count", {}),
     "sowing/lap_end/0/when/count"),
    ("count: option ref", set_("sowing/lap_end/0/when/count", "$c"),
     "sowing/lap_end/0/when/count"),
    ("17 lap-end rules", set_("sowing/lap_end", [{"do": "stop"}] * 17), "sowing/lap_end"),
    ("do: hook without hooks", del_("hooks"), ""),
    ("do: hook without a lap_end hook", del_("hooks/lap_end"), "hooks"),
    # end
    ("end is a string", set_("end", "no_moves"), "end"),
    ("unknown end key", set_("end/max_moves", 10), "end"),
    ("no_moves: pass", set_("end/no_moves", "pass"), "end/no_moves"),
    ("seeds_at_most: -2", set_("end/seeds_at_most", -2), "end/seeds_at_most"),
    ("repetition: 1", set_("end/repetition", 1), "end/repetition"),
    ("no_capture_plies: -1", set_("end/no_capture_plies", -1), "end/no_capture_plies"),
    ("no_capture_plies over the engine's limit", set_("end/no_capture_plies", 1000001),
     "end/no_capture_plies"),
    ("max_plies: 0", set_("end/max_plies", 0), "end/max_plies"),
    ("max_plies over the engine's limit", set_("end/max_plies", 1000001), "end/max_plies"),
    # hooks
    ("unknown hook", set_("hooks/capture", "capture"), "hooks"),
    ("a filter hook that is not a Lua name", set_("hooks/filter", "keep-it"), "hooks/filter"),
    ("hook name with a space", set_("hooks/score", "my score"), "hooks/score"),
    ("hook name starting with a digit", set_("hooks/score", "2score"), "hooks/score"),
    ("hook name a Lua keyword", set_("hooks/score", "end"), "hooks/score"),
    ("hook name a number", set_("hooks/score", 3), "hooks/score"),
    # options
    ("options is a list", set_("options", ["endless"]), "options"),
    ("option name in upper case",
     set_("options/Flag", {"type": "bool", "default": True, "doc": "x"}), "options"),
    ("option name too long",
     set_("options/" + "x" * 32, {"type": "bool", "default": True, "doc": "x"}), "options"),
    ("option type float", set_("options/flag/type", "float"), "options/flag/type"),
    ("option without type", del_("options/flag/type"), "options/flag"),
    ("option without default", del_("options/flag/default"), "options/flag"),
    ("option without doc", del_("options/flag/doc"), "options/flag"),
    ("unknown option key", set_("options/flag/help", "x"), "options/flag"),
    ("option doc on two lines", set_("options/flag/doc", "a\nb"), "options/flag/doc"),
    ("enum option without values", del_("options/endless/values"), "options/endless"),
    ("enum value with a dash", set_("options/endless/values/0", "no-capture"),
     "options/endless/values/0"),
    ("enum value with parameter N", set_("options/endless/values/2", "no_capture_plies:N"),
     "options/endless/values/2"),
    ("enum values repeated", set_("options/endless/values", ["a", "a"]),
     "options/endless/values"),
    ("17 enum values", set_("options/endless/values", ["v%d" % i for i in range(17)]),
     "options/endless/values"),
    ("empty option doc", set_("options/flag/doc", ""), "options/flag/doc"),
    ("enum values empty", set_("options/endless/values", []), "options/endless/values"),
    ("enum default a number", set_("options/endless/default", 3), "options/endless/default"),
    ("enum default with parameter K", set_("options/endless/default", "no_capture_plies:K"),
     "options/endless/default"),
    ("enum option with min", set_("options/endless/min", 1), "options/endless/min"),
    ("bool default a string", set_("options/flag/default", "false"), "options/flag/default"),
    ("bool option with values", set_("options/flag/values", ["true", "false"]),
     "options/flag/values"),
    ("bool option with max", set_("options/flag/max", 1), "options/flag/max"),
    ("int default a string", set_("options/limit/default", "10"), "options/limit/default"),
    ("int min a string", set_("options/limit/min", "1"), "options/limit/min"),
    ("int option without min", del_("options/limit/min"), "options/limit"),
    ("int option without max", del_("options/limit/max"), "options/limit"),
    ("int option with values", set_("options/limit/values", ["1"]), "options/limit/values"),
    ("17 options", set_("options", {"o%d" % i: {"type": "bool", "default": True, "doc": "x"}
                                    for i in range(17)}), "options"),
    # YAML outside the subset
    ("duplicate key", text("  leave: 1\n", "  leave: 1\n  leave: 2\n"), YAML_ERROR),
    ("anchor and alias", text("  rows: 2\n  holes: 3\n", "  rows: &two 2\n  holes: *two\n"),
     YAML_ERROR),
    ("tag", text("  holes: 3\n", "  holes: !!int \"3\"\n"), YAML_ERROR),
    ("two documents", text("script: sample_full.lua\n", "script: sample_full.lua\n---\n"),
     YAML_ERROR),
]


def check_variants(validator, tmp):
    shipped = sorted(VARIANT_DIR.glob("*.yaml"))
    for path in shipped:
        try:
            source = path.read_text()
        except (OSError, UnicodeDecodeError) as err:
            fail("%s: %s" % (path, err))
            continue
        for problem in check_variant_text(validator, str(path.relative_to(ROOT)), source,
                                          modeline=True):
            fail(problem)

    for name, source in GOOD_SAMPLES.items():
        path = tmp / name
        path.write_text(source)
        for problem in check_variant_text(validator, str(path), path.read_text()):
            fail("valid sample rejected: %s" % problem)

    base, _ = load_yaml(FULL)
    for what, change in GOOD_CHANGES:
        doc = copy.deepcopy(base)
        change(doc)
        for err in errors_of(validator, doc):
            fail("valid change '%s' rejected: %s" % (what, error_text(err)))
    for what, change, where in BAD_VARIANTS:
        if getattr(change, "on_text", False):
            try:
                doc, _ = load_yaml(change(FULL))
            except yaml.YAMLError as err:
                if where != YAML_ERROR:
                    fail("bad variant '%s': YAML error instead of a schema error at %s: %s"
                         % (what, where or "(top level)", yaml_error_text("", err)))
                continue
        else:
            doc = copy.deepcopy(base)
            change(doc)
        errors = errors_of(validator, doc)
        if where == YAML_ERROR:
            fail("bad variant '%s': the YAML reader accepted it" % what)
        elif not errors:
            fail("bad variant '%s': accepted" % what)
        elif not any(path_text(e.absolute_path) == (where or "(top level)") for e in errors):
            fail("bad variant '%s': rejected, but not at %s: %s"
                 % (what, where or "(top level)", "; ".join(error_text(e) for e in errors)))
    return len(shipped)


# --------------------------------------------------------------------------
# Records


def reject_constant(name):
    raise ValueError("%s is not JSON" % name)


def no_duplicates(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise ValueError("duplicate key %r" % key)
        obj[key] = value
    return obj


def parse_record_line(line):
    # Floats are kept as their text: the record has none, and 12.0 must not
    # pass as the integer 12.
    return json.loads(line, parse_float=str, parse_constant=reject_constant,
                      object_pairs_hook=no_duplicates)


GOOD_RECORD_LINES = [
    '{"ply":0,"to_move":0,"legal":[0,1,2,3,4,5],"move":2,'
    '"board":[4,4,0,5,5,5,5,4,4,4,4,4],"captured":[0,0]}',
    '{"result":{"winner":0,"score":[27,21],"reason":"neither player can move",'
    '"unfinished":false}}',
    '{"result":{"winner":null,"score":[24,24],"reason":"draw","unfinished":false}}',
    '{"result":{"winner":null,"score":[30,18],"reason":"max_plies reached",'
    '"unfinished":true}}',
    '{"result":{"winner":1,"score":null,"reason":"South cannot move","unfinished":false}}',
    '{"game":1,"starter":0,"owners":[0,0,0,0,0,0,1,1,1,1,1,1],'
    '"board":[4,4,4,4,4,4,4,4,4,4,4,4]}',
    '{"ply":0,"to_move":0,"legal":["buy:6","buy:7","buy:8"],"move":"buy:8",'
    '"board":[4,4,4,4,4,4,4,4,4,4,4,4],"captured":[0,0]}',
    '{"ply":1,"to_move":1,"legal":["first:0","first:1"],"move":"first:1",'
    '"board":[3,3,0,3,3,0],"captured":[0,0]}',
    '{"ply":3,"to_move":1,"legal":[6,7,"buy:10"],"move":6,"board":[0,0],'
    '"captured":[0,0],"note":"extra fields are allowed"}',
    # a ply of toguz-kumalak with a tuzdik (claimed, docs/rules-family.md
    # C1.4): sow replay toguz-kumalak --moves "5 10 4 14" --json, ply 3
    '{"ply":3,"to_move":1,"legal":[9,10,11,13,14,15,16,17],"move":14,'
    '"board":[11,1,10,10,2,3,11,11,11,11,2,12,0,1,1,11,11,11],"captured":[22,10],'
    '"claimed":[-1,-1,-1,-1,-1,1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1]}',
    # a ply of nambayi that closes two holes (blocked, C1.5):
    # sow replay nambayi --moves "2" --json
    '{"ply":0,"to_move":0,"legal":[0,1,2,3,4,5,6,7],"move":2,'
    '"board":[4,0,1,5,5,1,4,4,4,0,4,4,4,0,4,4],"captured":[0,0],"blocked":[9,13]}',
    # a walda of qelat not yet made: sow replay qelat --moves "3" --json
    '{"ply":0,"to_move":0,"legal":[0,1,2,3,4,5],"move":3,'
    '"board":[4,4,4,0,5,5,5,5,4,4,4,4],"captured":[0,0],'
    '"claimed":[-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1]}',
    '{"match_result":{"winner":0,"games":4,"holes":[12,0],"unfinished":false,'
    '"reason":"North owns no hole"}}',
    '{"match_result":{"winner":null,"games":50,"holes":[7,5],"unfinished":true,'
    '"reason":"match_games reached"}}',
    # the header of round 2 of a dakon match (C1.6: captured and blocked),
    # its first ply and the match result (docs/record.md, Games in rounds)
    '{"game":2,"starter":0,"owners":[0,0,0,0,0,0,0,1,1,1,1,1,1,1],'
    '"board":[7,7,7,7,7,7,7,0,7,7,7,7,7,7],"captured":[4,3],"blocked":[7]}',
    '{"ply":0,"to_move":0,"legal":["dir:ccw","dir:cw"],"move":"dir:cw",'
    '"board":[4,4,4,4,4,4,4,4,4,4,4,4,4,4],"captured":[0,0],"blocked":[]}',
    '{"match_result":{"winner":0,"games":1,"holes":[13,0],"unfinished":false,'
    '"reason":"North\'s total (3) cannot fill 1 hole of 4 seeds"}}',
    # MB.2: moves that name their direction
    '{"ply":0,"to_move":0,"legal":["0/ccw","0/cw","3/ccw","3/cw"],"move":"3/cw",'
    '"board":[9,9,9,0,8,9,9,9,9,9],"captured":[0,0]}',
]

GOOD_PLY = json.loads(GOOD_RECORD_LINES[0])
GOOD_RESULT = json.loads(GOOD_RECORD_LINES[1])


def ply_with(**fields):
    return json.dumps(dict(GOOD_PLY, **fields))


def ply_without(key):
    return json.dumps({k: v for k, v in GOOD_PLY.items() if k != key})


def result_with(**fields):
    return json.dumps({"result": dict(GOOD_RESULT["result"], **fields)})


GOOD_GAME = json.loads(GOOD_RECORD_LINES[5])
GOOD_MATCH = json.loads(GOOD_RECORD_LINES[12])


def game_with(**fields):
    return json.dumps(dict(GOOD_GAME, **fields))


def match_with(**fields):
    return json.dumps({"match_result": dict(GOOD_MATCH["match_result"], **fields)})


BAD_RECORD_LINES = [
    ("ply without board", ply_without("board")),
    ("ply without legal", ply_without("legal")),
    ("ply -1", ply_with(ply=-1)),
    ("ply 1.0", '{"ply": 1.0' + ply_with(ply=1)[len('{"ply": 1'):]),
    ("to_move 2", ply_with(to_move=2)),
    ("to_move true", ply_with(to_move=True)),
    ("move a bare word", ply_with(move="south")),
    ("move a hole index out of range", ply_with(move=64)),
    ("move a direction that is none", ply_with(move="3/up")),
    ("move a direction without its hole", ply_with(move="/cw")),
    ("move a turn ending in a comma", ply_with(move="+3,")),
    ("move a turn with an unknown choice", ply_with(move="12/cw,k8,jump")),
    ("move a bare hole as a string", ply_with(move="5")),
    ("move a kichwa without its hole", ply_with(move="+14,k")),
    ("move null", ply_with(move=None)),
    ("legal empty", ply_with(legal=[])),
    ("legal repeated", ply_with(legal=[1, 1])),
    ("board with a negative count", ply_with(board=[-1, 4])),
    ("board of one hole", ply_with(board=[4])),
    ("captured of three players", ply_with(captured=[0, 0, 0])),
    ("ply line that also has a result", ply_with(result=GOOD_RESULT["result"])),
    ("result without reason", json.dumps({"result": {"winner": 0, "score": [1, 2],
                                                     "unfinished": False}})),
    ("result winner 2", result_with(winner=2)),
    ("result unfinished with a winner", result_with(unfinished=True)),
    ("result score of one number", result_with(score=[48])),
    ("result score a string", result_with(score="27-21")),
    ("result unfinished \"no\"", result_with(unfinished="no")),
    ("result a string", json.dumps({"result": "South wins"})),
    ("move -1", ply_with(move=-1)),
    ("board of 65 holes", ply_with(board=[0] * 65)),
    ("captured of one player", ply_with(captured=[0])),
    ("captured negative", ply_with(captured=[-1, 0])),
    ("result score of three numbers", result_with(score=[1, 2, 3])),
    ("result score negative", result_with(score=[-1, 49])),
    ("result reason empty", result_with(reason="")),
    ("game 0", game_with(game=0)),
    ("game starter 2", game_with(starter=2)),
    ("game owner 2", game_with(owners=[0] * 11 + [2])),
    ("game owners of one hole", game_with(owners=[0])),
    ("game owners of 65 holes", game_with(owners=[0] * 65)),
    ("game without owners", json.dumps({"game": 1, "starter": 0, "board": [4, 4]})),
    ("match_result without holes",
     json.dumps({"match_result": {"winner": 0, "games": 4, "unfinished": False,
                                  "reason": "x"}})),
    ("match_result games 0", match_with(games=0)),
    ("match_result winner 2", match_with(winner=2)),
    ("match_result holes of one player", match_with(holes=[12])),
    ("match_result holes of three players", match_with(holes=[6, 6, 0])),
    ("match_result holes negative", match_with(holes=[13, -1])),
    ("match_result reason empty", match_with(reason="")),
    ("claimed 2", ply_with(claimed=[-1] * 11 + [2])),
    ("claimed a word", ply_with(claimed=["south"] + [-1] * 11)),
    ("claimed of one hole", ply_with(claimed=[0])),
    ("blocked 64", ply_with(blocked=[64])),
    ("blocked negative", ply_with(blocked=[-1])),
    ("blocked repeated", ply_with(blocked=[9, 9])),
    ("blocked a number", ply_with(blocked=9)),
    ("round header blocked 64", game_with(blocked=[64])),
    ("round header blocked repeated", game_with(blocked=[7, 7])),
    ("round header captured of three players", game_with(captured=[4, 3, 0])),
    ("round header captured negative", game_with(captured=[-4, 3])),
    ("an array", "[0, 1]"),
    ("an empty object", "{}"),
]


def check_records(validator, files):
    for i, line in enumerate(GOOD_RECORD_LINES):
        for err in errors_of(validator, parse_record_line(line)):
            fail("valid record line %d rejected: %s" % (i + 1, error_text(err)))
    for what, line in BAD_RECORD_LINES:
        try:
            doc = parse_record_line(line)
        except ValueError:
            continue
        if validator.is_valid(doc):
            fail("bad record line '%s': accepted: %s" % (what, line))

    lines = 0
    for name in files:
        try:
            content = pathlib.Path(name).read_text()
        except (OSError, UnicodeDecodeError) as err:
            fail("%s: %s" % (name, err))
            continue
        for number, line in enumerate(content.splitlines(), 1):
            lines += 1
            if not line.strip():
                fail("%s:%d: empty line" % (name, number))
                continue
            try:
                doc = parse_record_line(line)
            except ValueError as err:
                fail("%s:%d: not a JSON value: %s" % (name, number, err))
                continue
            for err in errors_of(validator, doc):
                fail("%s:%d: %s" % (name, number, error_text(err)))
    return lines


# --------------------------------------------------------------------------
# The other outputs: real ones, made by the built command


OUTPUT_SCHEMAS = ["selfplay", "selfplay-game", "compare", "trace", "list",
                  "show", "validate", "bench", "search", "solve", "compare-exact"]


class Outputs:
    """Runs sow and validates what it prints against a schema."""

    def __init__(self, sow, tmp):
        self.sow, self.tmp, self.count = sow, tmp, 0
        self.validators = {n: load_schema(n + ".schema.json") for n in OUTPUT_SCHEMAS}
        self.validators["record"] = load_schema("record.schema.json")

    def run(self, args, status=0, stdin=None):
        out = subprocess.run([self.sow] + args, cwd=ROOT, input=stdin,
                             capture_output=True, text=True, timeout=120)
        if out.returncode != status:
            fail("sow %s: exit status %d, expected %d: %s"
                 % (" ".join(args), out.returncode, status, out.stderr.strip()[:300]))
        return out.stdout

    def check(self, schema, what, text, lines=False):
        docs = text.splitlines() if lines else [text]
        if not docs or not text.strip():
            fail("%s: no output" % what)
        for number, doc in enumerate(docs, 1):
            self.count += 1
            try:
                # numbers as JSON readers take them (rates, times are
                # fractions); no NaN, no key twice
                value = json.loads(doc, parse_constant=reject_constant,
                                   object_pairs_hook=no_duplicates)
            except ValueError as err:
                fail("%s:%d: not JSON: %s" % (what, number, err))
                continue
            for err in errors_of(self.validators[schema], value):
                fail("%s:%d: %s" % (what, number, error_text(err)))
        return [json.loads(d) for d in docs if d.strip()]

    def interrupted(self):
        """A selfplay stopped by SIGINT: its summary validates too."""
        jsonl = os.path.join(self.tmp, "stopped.jsonl")
        proc = subprocess.Popen([self.sow, "selfplay", "adji-kui-1", "--games", "10000000",
                                 "--players", "alphabeta:depth=2,random", "--json",
                                 "--jsonl", jsonl], cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        time.sleep(0.7)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        if proc.returncode != 130:
            fail("selfplay stopped by SIGINT: exit status %d, expected 130: %s"
                 % (proc.returncode, err.strip()[:300]))
        doc = self.check("selfplay", "selfplay (interrupted)", out.strip())
        if doc and doc[0].get("interrupted") is not True:
            fail("selfplay stopped by SIGINT: \"interrupted\" is not true")
        self.check("selfplay-game", jsonl, pathlib.Path(jsonl).read_text(), lines=True)

    def all(self):
        V, V2 = "adji-kui-1", "adji-kui-2"
        single = self.run(["selfplay", V, "--games", "12", "--players",
                           "greedy,alphabeta:depth=2", "--seed", "7", "--json"])
        doc = self.check("selfplay", "selfplay --json", single.strip())[0]
        # and the schema refuses what the formats left behind: a seed as a
        # number (not exact past 2^53), no program version, the old format
        for what, change in [("seed a number", {"seed": 7}),
                             ("version 1", {"version": 1}),
                             ("sow_version empty", {"sow_version": ""}),
                             ("interrupted \"no\"", {"interrupted": "no"})]:
            if self.validators["selfplay"].is_valid(dict(doc, **change)):
                fail("selfplay.schema.json accepts a summary with %s" % what)
        bad = dict(doc)
        del bad["sow_version"]
        if self.validators["selfplay"].is_valid(bad):
            fail("selfplay.schema.json accepts a summary without sow_version")
        for what, line in [("player instead of to_move", {"ply": 0, "player": 0, "move": 2}),
                           ("a hole as a string", {"ply": 0, "to_move": 0, "move": "2"})]:
            if self.validators["trace"].is_valid(line):
                fail("trace.schema.json accepts a move line with %s" % what)
        matches = os.path.join(self.tmp, "matches.jsonl")
        text = self.run(["selfplay", V2, "--option", "match=true", "--option", "match_games=2",
                         "--games", "3", "--json", "--jsonl", matches])
        self.check("selfplay", "selfplay of matches", text.strip())
        self.check("selfplay-game", matches, pathlib.Path(matches).read_text(), lines=True)
        andada = os.path.join(self.tmp, "andada.jsonl")
        self.run(["selfplay", "andada", "--games", "4", "--jsonl", andada])
        self.check("selfplay-game", andada, pathlib.Path(andada).read_text(), lines=True)
        self.interrupted()
        shards = []
        for i in range(3):
            shards.append(self.run(["selfplay", V, "--games", "30", "--shard", "%d/3" % i, "--json"]))
            path = os.path.join(self.tmp, "shard%d.json" % i)
            pathlib.Path(path).write_text(shards[-1])
        self.check("selfplay", "stats --json", self.run(
            ["stats", "--json"] + [os.path.join(self.tmp, "shard%d.json" % i) for i in range(3)]).strip())
        self.check("selfplay", "stats - --json", self.run(
            ["stats", "-", "--json"], stdin="".join(shards[:2])).strip())
        self.check("compare", "compare --json", self.run(
            ["compare", V, "--b", "skip_origin=true", "--games", "20", "--json"]).strip())
        self.check("compare", "compare --shard --json", self.run(
            ["compare", V2, "--option", "match=true", "--b", "next_starter=loser",
             "--games", "4", "--shard", "1/2", "--json"]).strip())
        # trace: whole games played by selfplay (its moves replay as the
        # record's tokens): captures, decisions, scripted openings, the end
        # (kalah: laps ending in North's store, hole -2; SimpleCapt_PCapt:
        # a hook's move from store to store, both ends stores)
        for variant in (V, "andada", "adji-boto", "mbangbi", "kalah",
                        "tests/unseen/simplecapt_pcapt.yaml"):
            path = os.path.join(self.tmp, os.path.basename(variant) + "-1.jsonl")
            self.run(["selfplay", variant, "--games", "1", "--seed", "3", "--jsonl", path])
            game = json.loads(pathlib.Path(path).read_text())
            moves = " ".join(str(m) for m in game["moves"])
            self.check("trace", "trace --json (%s)" % variant,
                       self.run(["trace", variant, "--moves", moves, "--json"]), lines=True)
        self.check("list", "list --json", self.run(["list", "--json"]).strip())
        # every shipped variant (sow list), then readings chosen by options
        for line in self.run(["list"]).splitlines():
            variant = line.split()[0]
            self.check("show", "show %s --json" % variant,
                       self.run(["show", variant, "--json"]).strip())
        # records of games whose tokens carry a turn's choices (C2.3):
        # Bao la Kiswahili's +h,kH,go, Nsolo's h,xH, Omweso's h/cw
        for variant, seed in (("bao-kiswahili", "1"), ("nsolo", "2"), ("mweso", "3")):
            path = os.path.join(self.tmp, variant + "-record.jsonl")
            self.run(["selfplay", variant, "--games", "1", "--seed", seed, "--jsonl", path])
            game = json.loads(pathlib.Path(path).read_text())
            moves = " ".join(str(m) for m in game["moves"])
            self.check("record", "replay %s --json" % variant,
                       self.run(["replay", variant, "--moves", moves, "--json"]), lines=True)
        # keys no shipped variant uses yet (issue 24's unseen games)
        for variant in ("achochodi", "gelech", "four_capture", "bule_perga_data"):
            path = os.path.join("tests", "unseen", variant + ".yaml")
            self.check("show", "show %s --json" % path,
                       self.run(["show", path, "--json"]).strip())
        for args in (["andada", "--option", "holes=15"],
                     ["kalah", "--option", "pick_own=always", "--option", "threshold_end=false"],
                     ["sadeqa", "--option", "layout=alternate", "--option", "match=false"],
                     ["dakon", "--option", "holes=5", "--option", "fill_from=left"],
                     ["qelat", "--option", "no_undo=true"]):
            self.check("show", "show --json with options (%s)" % " ".join(args), self.run(
                ["show"] + args + ["--json"]).strip())
        self.check("validate", "validate --json", self.run(
            ["validate", "variants/adji_kui_1.yaml", "tests/cli/bad/holes_zero.yaml", "--json"],
            status=1).strip())
        self.check("bench", "bench --json", self.run(["bench", V, "--games", "20", "--json"]).strip())
        self.check("bench", "bench --json (matches)", self.run(
            ["bench", V2, "--option", "match=true", "--games", "20", "--json"]).strip())
        self.check("search", "search --json", self.run(
            ["search", "andada", "--moves", "0", "--player", "alphabeta:depth=3", "--json"]).strip())
        self.check("search", "search --json (mcts)", self.run(
            ["search", V, "--player", "mcts:iter=50", "--json"]).strip())
        self.check("search", "search --json (a move that names its direction)", self.run(
            ["search", "mbangbi", "--player", "alphabeta:depth=3", "--json"]).strip())
        self.check("solve", "solve --json (moves that name their direction)", self.run(
            ["solve", "tests/variants/each_move.yaml", "--memory", "4", "--json"]).strip())
        self.check("solve", "solve --json", self.run(
            ["solve", "tests/variants/kalah_small.yaml", "--option", "holes=3",
             "--option", "seeds=3", "--option", "threshold_end=false", "--memory", "8",
             "--json"]).strip())
        self.check("solve", "solve --json --value-only", self.run(
            ["solve", "tests/variants/kalah_small.yaml", "--option", "holes=3",
             "--option", "seeds=3", "--option", "threshold_end=false", "--memory", "8",
             "--value-only", "--threads", "2", "--json"]).strip())
        self.check("compare-exact", "compare --exact --json", self.run(
            ["compare", "tests/variants/kalah_small.yaml", "--option", "holes=3",
             "--option", "seeds=3", "--option", "threshold_end=false", "--a",
             "pick_own=on_capture", "--b", "pick_own=always", "--exact", "--memory", "8",
             "--json"]).strip())
        self.check("solve", "solve --json (andada: no scores, a script)", self.run(
            ["solve", "andada", "--trust-script", "--memory", "1", "--json", "--moves",
             "2 first:0 6 14 7 21 10 21 4 13 10 12 5 19 1 23 7 17 11 12 4 13 0 15 1 19 5 21 "
             "0 18 7 23 8 13 3 14 11 14 10 18 0 21 6 16 11 17 7 20 10 23 11 18 3 21 6 23"]).strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", nargs="+", default=[], metavar="FILE",
                        help="JSON Lines game records to validate line by line")
    parser.add_argument("--sow", default=os.environ.get("SOW", str(ROOT / "build" / "sow")),
                        help="the sow command whose outputs are validated (default: $SOW, "
                             "else build/sow)")
    args = parser.parse_args()

    variant = load_schema("variant.schema.json")
    record = load_schema("record.schema.json")
    with tempfile.TemporaryDirectory(prefix="sow-schemas-") as tmp:
        shipped = check_variants(variant, pathlib.Path(tmp))
    lines = check_records(record, args.records)
    sow = os.path.abspath(args.sow)
    if not os.access(sow, os.X_OK):
        sys.exit("validate_schemas: no sow command at %s (build it, or give --sow)" % sow)
    with tempfile.TemporaryDirectory(prefix="sow-outputs-") as tmp:
        outputs = Outputs(sow, tmp)
        outputs.all()

    if failures:
        for msg in failures:
            print("validate_schemas: " + msg, file=sys.stderr)
        print("validate_schemas: FAILED: %d problem(s)" % len(failures), file=sys.stderr)
        return 1
    print("validate_schemas: ok: %d schemas; %d variant file(s), %d samples accepted, "
          "%d changes accepted, %d bad variants rejected; %d+%d record samples, %d line(s) in %d record file(s); "
          "%d output(s) of sow validated"
          % (2 + len(OUTPUT_SCHEMAS), shipped, len(GOOD_SAMPLES), len(GOOD_CHANGES), len(BAD_VARIANTS),
             len(GOOD_RECORD_LINES), len(BAD_RECORD_LINES), lines, len(args.records), outputs.count))
    return 0


if __name__ == "__main__":
    sys.exit(main())
