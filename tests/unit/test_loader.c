/* test_loader.c - the variant loader (engine/load/sow_loader.c) and the setup
 * (engine/core/sow_setup.c): the shipped variant, and one error per rule of
 * docs/writing-variants.md, each checked for its line, column and wording. */
#include "unit.h"

#include "sow_game.h"
#include "sow_variant.h"

static char *tdir;

static int group_setup(void **state)
{
    (void)state;
    return unit_group_dir(&tdir);
}

static int group_teardown(void **state)
{
    (void)state;
    return unit_group_dir_done(&tdir);
}

/* The smallest valid variant, one key per line, so that the line of
 * anything appended is known: HEAD is lines 1-4, BOARD 5-7, SOWING 8-9,
 * and text after them starts on line 10. */
#define HEAD "id: t\nname: T\nsummary: s\nscript: t.lua\n"
#define BOARD "board:\n  holes: 6\n  seeds: 4\n"
#define SOWING "sowing:\n  laps: single\n"
/* Three options, lines 10-25 when they follow HEAD BOARD SOWING. */
#define OPTIONS                                                              \
    "options:\n"                                                             \
    "  endless:\n"                                                           \
    "    type: enum\n"                                                       \
    "    values: [repetition, \"no_capture_plies:K\"]\n"                      \
    "    default: repetition\n"                                              \
    "    doc: d\n"                                                           \
    "  max_plies:\n"                                                         \
    "    type: int\n"                                                        \
    "    min: 1\n"                                                           \
    "    max: 1000000\n"                                                     \
    "    default: 10000\n"                                                   \
    "    doc: d\n"                                                           \
    "  flag:\n"                                                              \
    "    type: bool\n"                                                       \
    "    default: false\n"                                                   \
    "    doc: d\n"

/* Write text as v.yaml in the temporary directory and load it. */
static int load(const char *text, sow_variant **v, sow_error *err)
{
    char path[512];
    unit_write(path, sizeof path, tdir, "v.yaml", text);
    sow_error_clear(err);
    return sow_variant_load(path, v, err);
}

/* text must be refused at line:col with phrase in the message. */
static void refused(const char *text, int line, int col, const char *phrase)
{
    sow_variant *v = (sow_variant *)1;
    sow_error err;
    if (load(text, &v, &err) == SOW_OK) {
        sow_variant_free(v);
        fail_msg("loaded, but should fail with \"%s\":\n%s", phrase, text);
    }
    assert_null(v);
    assert_error_at(&err, "/v.yaml", line, col);
    assert_contains(err.msg, phrase);
}

/* ---- the shipped variant --------------------------------------------- */

static void test_shipped_variant(void **state)
{
    (void)state;
    sow_variant *v = NULL;
    sow_error err;
    sow_error_clear(&err);
    if (sow_variant_load("variants/adji_kui_1.yaml", &v, &err))
        fail_msg("%s:%d:%d: %s", err.path, err.line, err.col, err.msg);
    assert_string_equal(v->path, "variants/adji_kui_1.yaml");
    assert_string_equal(v->dir, "variants");
    assert_string_equal(v->id, "adji-kui-1");
    assert_string_equal(v->name, "Adji Kui I");
    assert_non_null(v->summary);
    assert_contains(v->source, "Mancala World");
    /* K1.1: 2x6, 4 seeds, no stores */
    assert_int_equal(v->holes.kind, SOW_EXPR_CONST);
    assert_int_equal(v->holes.value, 6);
    assert_int_equal(v->seeds.kind, SOW_EXPR_CONST);
    assert_int_equal(v->seeds.value, 4);
    assert_false(v->has_layout);
    assert_false(v->stores);
    /* K1.2, K1.3, K1.4 */
    assert_int_equal(v->direction.kind, SOW_EXPR_CONST);
    assert_int_equal(v->direction.value, SOW_DIR_CCW);
    assert_int_equal(v->min_seeds, 2);
    assert_int_equal(v->leave, 0);
    assert_false(v->relay);
    assert_int_equal(v->passing.kind, SOW_EXPR_CONST);
    assert_true(v->passing.value);
    assert_int_equal(v->skip_origin.kind, SOW_EXPR_REF);
    assert_int_equal(v->skip_origin.opt, sow_variant_option(v, "skip_origin"));
    /* K1.5: one rule, opponent's hole at 2 or 3 asks the hook */
    assert_int_equal(v->nlap_rules, 1);
    assert_int_equal(v->lap_rules[0].action, SOW_LAP_HOOK);
    assert_int_equal(v->lap_rules[0].owner, SOW_OWNER_OPPONENT);
    assert_true(v->lap_rules[0].counts == ((1u << 2) | (1u << 3)));
    assert_false(v->lap_rules[0].counts_high);
    /* K1.7, C0.7 */
    assert_int_equal(v->repetition.kind, SOW_EXPR_EQ);
    assert_int_equal(v->no_capture_plies.kind, SOW_EXPR_PARAM);
    assert_int_equal(v->capture_unreachable.kind, SOW_EXPR_EQ);
    assert_int_equal(v->unreachable_positions.kind, SOW_EXPR_CONST);
    assert_int_equal(v->unreachable_positions.value, SOW_REACH_POSITIONS);
    assert_int_equal(v->max_plies.kind, SOW_EXPR_REF);
    assert_int_equal(v->seeds_at_most.kind, SOW_EXPR_CONST);
    assert_int_equal(v->seeds_at_most.value, -1);
    /* script and hooks */
    assert_string_equal(v->script, "adji_kui_1.lua");
    assert_string_equal(v->script_path, "variants/adji_kui_1.lua");
    assert_string_equal(v->hook_fn[SOW_HOOK_LAP_END], "capture");
    assert_null(v->hook_fn[SOW_HOOK_SCORE]); /* K1.8 is the default scoring */
    assert_true(v->hook_line[SOW_HOOK_LAP_END] > 0);
    /* options, in file order */
    assert_int_equal(v->noptions, 3);
    int e = sow_variant_option(v, "endless");
    int so = sow_variant_option(v, "skip_origin");
    int mp = sow_variant_option(v, "max_plies");
    assert_int_equal(e, 0);
    assert_int_equal(so, 1);
    assert_int_equal(mp, 2);
    assert_int_equal(sow_variant_option(v, "nope"), -1);
    const sow_option_def *d = &v->options[e];
    assert_int_equal(d->type, SOW_OPT_ENUM);
    assert_int_equal(d->nvalues, 3);
    assert_string_equal(d->values[0], "repetition");
    assert_string_equal(d->values[1], "unreachable"); /* K1.7 */
    assert_string_equal(d->values[2], "no_capture_plies");
    assert_false(d->param[0]);
    assert_false(d->param[1]);
    assert_true(d->param[2]);
    assert_int_equal(d->def.index, 0);
    assert_contains(d->doc, "K1.7");
    assert_int_equal(v->options[so].type, SOW_OPT_BOOL);
    assert_int_equal(v->options[so].def.num, 0);
    assert_int_equal(v->options[mp].type, SOW_OPT_INT);
    assert_int_equal(v->options[mp].min, 1);
    assert_int_equal(v->options[mp].max, 1000000);
    assert_int_equal(v->options[mp].def.num, 10000);
    /* rule texts */
    assert_contains(sow_variant_rule_text(v, "K1.5"), "2 or 3");
    assert_null(sow_variant_rule_text(v, "K9.9"));

    /* the setup with default options */
    sow_optset o;
    sow_optset_defaults(v, &o);
    assert_int_equal(o.n, 3);
    sow_setup s;
    assert_int_equal(sow_setup_init(&s, v, &o, &err), SOW_OK);
    assert_int_equal(s.n, 6);
    assert_int_equal(s.holes, 12);
    assert_int_equal(s.total, 48);
    for (int h = 0; h < 12; h++) {
        assert_int_equal(s.start[h], 4);
        assert_int_equal(s.next[h], (h + 1) % 12); /* C0.2 */
        assert_int_equal(s.prev[h], (h + 11) % 12);
    }
    assert_int_equal(s.min_seeds, 2);
    assert_false(s.relay);
    assert_false(s.skip_origin);
    assert_false(s.stores);
    assert_true(s.passing);
    assert_true(s.repetition);
    assert_false(s.unreachable); /* K1.7: endless=repetition */
    assert_int_equal(s.no_capture_plies, 0);
    assert_int_equal(s.max_plies, 10000);
    assert_int_equal(s.seeds_at_most, -1);
    sow_variant_free(v);
}

static void test_minimal_defaults(void **state)
{
    (void)state;
    sow_variant *v = NULL;
    sow_error err;
    assert_int_equal(load(HEAD BOARD SOWING, &v, &err), SOW_OK);
    assert_string_equal(v->id, "t");
    assert_null(v->source);
    assert_int_equal(v->min_seeds, 1);
    assert_int_equal(v->leave, 0);
    assert_int_equal(v->passing.kind, SOW_EXPR_CONST);
    assert_true(v->passing.value);
    assert_false(v->relay);
    assert_int_equal(v->nlap_rules, 0);
    assert_int_equal(v->noptions, 0);
    assert_null(v->hook_fn[SOW_HOOK_LAP_END]);
    assert_null(v->hook_fn[SOW_HOOK_SCORE]);
    char want[600];
    snprintf(want, sizeof want, "%s/t.lua", tdir);
    assert_string_equal(v->script_path, want);
    assert_int_equal(v->script_line, 4);
    assert_int_equal(v->script_col, 9);
    sow_optset o;
    sow_optset_defaults(v, &o);
    sow_setup s;
    assert_int_equal(sow_setup_init(&s, v, &o, &err), SOW_OK);
    assert_int_equal(s.dir, SOW_DIR_CCW);
    assert_int_equal(s.endless_move, SOW_ENDLESS_FORBID);
    assert_int_equal(s.max_plies, 10000);
    assert_int_equal(s.seeds_at_most, -1);
    assert_false(s.repetition);
    assert_int_equal(s.no_capture_plies, 0);
    assert_false(s.unreachable);
    assert_int_equal(s.reach_positions, SOW_REACH_POSITIONS);
    sow_variant_free(v);
}

static void test_lap_rules_parsed(void **state)
{
    (void)state;
    sow_variant *v = NULL;
    sow_error err;
    const char *text = HEAD BOARD
        "sowing:\n"
        "  laps: relay\n"
        "  direction: cw\n"
        "  lap_end:\n"
        "    - when: {count: 1}\n"
        "      do: stop\n"
        "    - when: {count: [4], owner: opponent}\n"
        "      do: capture\n"
        "    - when: {count: {min: 5, max: 7}, owner: own}\n"
        "      do: relay\n"
        "    - when: {count: {min: 60}}\n"
        "      do: stop\n"
        "    - do: relay\n";
    if (load(text, &v, &err))
        fail_msg("%d:%d: %s", err.line, err.col, err.msg);
    assert_true(v->relay);
    assert_int_equal(v->direction.value, SOW_DIR_CW);
    assert_int_equal(v->nlap_rules, 5);
    const sow_lap_rule *r = v->lap_rules;
    assert_true(r[0].counts == 2u && !r[0].counts_high);
    assert_int_equal(r[0].owner, SOW_OWNER_ANY);
    assert_int_equal(r[0].action, SOW_LAP_STOP);
    assert_true(r[1].counts == 16u);
    assert_int_equal(r[1].owner, SOW_OWNER_OPPONENT);
    assert_int_equal(r[1].action, SOW_LAP_CAPTURE);
    assert_true(r[2].counts == (32u | 64u | 128u) && !r[2].counts_high);
    assert_int_equal(r[2].owner, SOW_OWNER_OWN);
    assert_int_equal(r[2].action, SOW_LAP_RELAY);
    /* {min: 60} with no max: 60, 61, 62 and every count from 63 on */
    assert_true(r[3].counts == ((uint64_t)7 << 60) && r[3].counts_high);
    /* no when: matches everything */
    assert_true(r[4].counts == ~(uint64_t)0 && r[4].counts_high);
    sow_variant_free(v);
}

/* ---- unknown keys, at every level --------------------------------------- */

static void test_unknown_keys(void **state)
{
    (void)state;
    refused(HEAD BOARD SOWING "bogus: 1\n", 10, 1,
            "unknown key 'bogus' in a variant file; the keys are: id, name, "
            "summary, source, rules, board, sowing, end, script, hooks, "
            "options");
    refused(HEAD "board:\n  holes: 6\n  seeds: 4\n  colour: red\n" SOWING, 8, 3,
            "unknown key 'colour' in board; the keys are: rows, holes, "
            "seeds, layout, row_seeds, layout_north, stores");
    refused(HEAD BOARD "sowing:\n  laps: single\n  speed: 2\n", 10, 3,
            "unknown key 'speed' in sowing");
    refused(HEAD BOARD "sowing:\n  lap_end:\n    - when: {count: 2}\n"
                       "      do: stop\n      after: relay\n",
            12, 7, "unknown key 'after' in a lap_end rule; the keys are: when, do");
    refused(HEAD BOARD "sowing:\n  lap_end:\n    - when: {count: 2}\n"
                       "      do: stop\n      then: relay\n",
            12, 13, "then: relay follows do: capture_opposite, "
                    "capture_two_out or capture_across only");
    refused(HEAD BOARD "sowing:\n  lap_end:\n"
                       "    - when: {count: 2, colour: red}\n      do: stop\n",
            10, 24, "unknown key 'colour' in when; the keys are: count, owner");
    refused(HEAD BOARD "sowing:\n  lap_end:\n"
                       "    - when: {count: {min: 2, top: 5}}\n      do: stop\n",
            10, 30, "unknown key 'top' in count; the keys are: min, max");
    refused(HEAD BOARD SOWING "end:\n  max_plies: 5\n  sudden_death: true\n",
            12, 3, "unknown key 'sudden_death' in end");
    refused(HEAD BOARD SOWING "hooks:\n  lap_end: f\n  start: g\n", 12, 3,
            "unknown key 'start' in hooks; the keys are: lap_end, score");
    refused(HEAD BOARD SOWING "options:\n  o:\n    type: bool\n"
                              "    default: false\n    doc: d\n    colour: red\n",
            15, 5, "unknown key 'colour' in option o");
}

/* ---- missing keys ------------------------------------------------------ */

static void test_missing_keys(void **state)
{
    (void)state;
    const char *lines[] = {"id: t\n", "name: T\n", "summary: s\n",
                           "script: t.lua\n", BOARD, SOWING};
    const char *names[] = {"id", "name", "summary", "script", "board",
                           "sowing"};
    for (int skip = 0; skip < 6; skip++) {
        char text[512] = "";
        for (int i = 0; i < 6; i++)
            if (i != skip)
                strcat(text, lines[i]);
        if (skip == 3) {
            /* no script: a variant of data alone loads (no hooks) ... */
            sow_variant *v = NULL;
            sow_error err;
            assert_int_equal(load(text, &v, &err), SOW_OK);
            assert_null(v->script_path);
            sow_variant_free(v);
            /* ... but hooks need one */
            strcat(text, "hooks:\n  score: s\n");
            refused(text, 1, 1, "hooks: names script functions, so the "
                                "variant needs script:");
            continue;
        }
        char phrase[64];
        snprintf(phrase, sizeof phrase, "missing key '%s' at the top level",
                 names[skip]);
        refused(text, 1, 1, phrase); /* at the top-level mapping */
    }
    refused(HEAD "board:\n  seeds: 4\n" SOWING, 6, 3,
            "board needs holes: (holes per row)");
    refused(HEAD "board:\n  holes: 6\n" SOWING, 6, 3,
            "board needs seeds: (per hole), row_seeds: [...] (per row) or layout: [...]");
    refused(HEAD BOARD "sowing:\n  lap_end:\n    - when: {count: 2}\n", 10, 7,
            "a lap_end rule needs do:");
    refused(HEAD BOARD SOWING "options:\n  o:\n    type: bool\n    default: false\n",
            12, 5, "option o needs type, default and doc");
    refused(HEAD BOARD SOWING "options:\n  o:\n    type: int\n    min: 1\n"
                              "    default: 1\n    doc: d\n",
            12, 5, "int option o needs min and max");
    refused(HEAD BOARD SOWING "options:\n  o:\n    type: enum\n"
                              "    default: a\n    doc: d\n",
            12, 5, "enum option o needs values: [...]");
}

/* relay laps with no rule that ends a lap: no move could ever end */
static void test_relay_needs_a_stop(void **state)
{
    (void)state;
    refused(HEAD BOARD "sowing:\n  laps: relay\n", 9, 9,
            "laps: relay needs a lap_end rule that ends a lap");
    refused(HEAD BOARD "sowing:\n  laps: relay\n  lap_end:\n"
                       "    - when: {count: 4}\n      do: relay\n",
            9, 9, "without one no move ever ends");
}

/* ---- rule citations (explain:, rule:) ------------------------------- */

static void test_citations(void **state)
{
    (void)state;
#define RULES "rules:\n  K1.5: \"capture\"\n"
    sow_variant *v = NULL;
    sow_error err;
    assert_int_equal(
        load(HEAD RULES BOARD
             "sowing:\n  lap_end:\n    - do: stop\n      rule: K1.5\n"
             "explain:\n  move: K1.5\n  end: K1.5\n",
             &v, &err),
        SOW_OK);
    assert_string_equal(v->cite[SOW_CITE_MOVE], "K1.5");
    assert_string_equal(v->cite[SOW_CITE_END], "K1.5");
    assert_string_equal(v->cite[SOW_CITE_PASS], "");
    assert_string_equal(v->lap_rules[0].cite, "K1.5");
    sow_variant_free(v);
    refused(HEAD RULES BOARD SOWING "explain:\n  move: K9\n", 13, 9,
            "rule 'K9' is not listed under rules:");
    refused(HEAD RULES BOARD SOWING "explain:\n  jump: K1.5\n", 13, 3,
            "unknown key 'jump' in explain; the keys are: move, sow");
    refused(HEAD RULES BOARD
            "sowing:\n  lap_end:\n    - do: stop\n      rule: X1\n",
            13, 13, "rule 'X1' is not listed under rules:");
#undef RULES
}

/* ---- wrong types ------------------------------------------------------- */

static void test_wrong_types(void **state)
{
    (void)state;
    refused(HEAD "board: 6\n" SOWING, 5, 8,
            "board must be a mapping (key: value lines), not a single value");
    refused(HEAD "board:\n  - 6\n" SOWING, 6, 3,
            "board must be a mapping (key: value lines), not a list");
    refused("id: t\nname: [T]\nsummary: s\nscript: t.lua\n" BOARD SOWING, 2, 7,
            "name must be text, not a list");
    refused("id: Bad_Id\nname: T\nsummary: s\nscript: t.lua\n" BOARD SOWING, 1,
            5, "id 'Bad_Id' must be lower-case letters, digits and dashes");
    refused(HEAD "board:\n  holes: [6]\n  seeds: 4\n" SOWING, 6, 10,
            "holes must be a whole number, not a list");
    refused(HEAD "board:\n  holes: \"6\"\n  seeds: 4\n" SOWING, 6, 10,
            "holes must be a whole number written in decimal digits, not '6'");
    refused(HEAD "board:\n  rows: 5\n  holes: 6\n  seeds: 4\n" SOWING, 6, 9,
            "rows is 5; it must be from 2 to 4");
    refused(HEAD "board:\n  holes: 6\n  seeds: 1001\n" SOWING, 7, 10,
            "seeds is 1001; it must be from 0 to 1000");
    /* the keys of the readings other engines showed (issue 24) */
    refused(HEAD BOARD "sowing:\n  feeding_slam: 1\n", 9, 17,
            "feeding_slam must be true or false");
    /* OW.5 read hole by hole (tests/unseen/four_capture.yaml) */
    refused(HEAD BOARD "sowing:\n  feed_by_hole: yes\n", 9, 17,
            "feed_by_hole must be true or false");
    refused(HEAD BOARD SOWING "end:\n  threshold: {more_than: 24, "
                              "sweep: yes}\n",
            11, 37, "sweep must be true or false");
    refused(HEAD "board:\n  holes: 6\n  layout: [4, -1]\n" SOWING, 7, 15,
            "a layout count is -1; it must be from 0 to 1000");
    refused(HEAD "board:\n  holes: 6\n  seeds: 4\n  layout: [1, 1]\n" SOWING, 8,
            11, "give one of seeds, layout and row_seeds");
    refused(HEAD BOARD "sowing:\n  laps: double\n", 9, 9,
            "laps must be one of: single, relay (not 'double')");
    /* every form of the key, not only the two words */
    refused(HEAD BOARD "sowing:\n  direction: up\n", 9, 14,
            "direction must be one of: ccw, cw, by_count, chosen, "
            "each_move, a map of {cw_holes, cw_at, chosen_at, otherwise}, "
            "or an enum option $name of ccw and cw (not 'up')");
    refused(HEAD BOARD "sowing:\n  direction: [ccw]\n", 9, 14,
            "direction must be one of: ccw, cw, by_count, chosen, "
            "each_move, a map of {cw_holes, cw_at, chosen_at, otherwise}");
    refused(HEAD BOARD "sowing:\n  passing: 1\n", 9, 12,
            "passing must be true or false, not '1'");
    refused(HEAD BOARD "sowing:\n  min_seeds: 0\n", 9, 14,
            "min_seeds is 0; it must be from 1 to 1000");
    refused(HEAD BOARD "sowing:\n  min_seeds: 2\n  leave: 2\n", 10, 10,
            "leave must be below min_seeds");
    refused(HEAD BOARD "sowing:\n  lap_end: {do: stop}\n", 9, 12,
            "lap_end must be a list of rules");
    refused(HEAD BOARD "sowing:\n  lap_end:\n    - when: {owner: mine}\n"
                       "      do: stop\n",
            10, 21, "owner must be one of: any, own, opponent (not 'mine')");
    refused(HEAD BOARD "sowing:\n  lap_end:\n    - when: {count: 63}\n"
                       "      do: stop\n",
            10, 21, "count is 63; it must be from 1 to 62");
    refused(HEAD BOARD "sowing:\n  lap_end:\n    - do: jump\n", 10, 11,
            "do must be one of: stop, relay, capture, hook, chain, "
            "capture_opposite, capture_pair, extra_turn, capture_two_out, "
            "claim, capture_to_claim, close, take, capture_across, capture_all (not "
            "'jump')");
    refused(HEAD BOARD "sowing:\n  endless_move: loop\n", 9, 17,
            "endless_move must be one of: forbid, end_game");
    refused(HEAD BOARD SOWING "hooks: [f]\n", 10, 8, "hooks must be a mapping");
    refused(HEAD BOARD SOWING "hooks:\n  lap_end: 'not a name'\n", 11, 12,
            "hook lap_end must name a Lua function");
    refused(HEAD BOARD SOWING "end:\n  max_plies: 0\n", 11, 14,
            "max_plies is 0; it must be from 1 to 1000000");
    refused(HEAD BOARD SOWING "end:\n  no_moves: continue\n", 11, 13,
            "no_moves must be one of: end, lose (not 'continue')");
    refused(HEAD BOARD SOWING "options:\n  o:\n    type: float\n"
                              "    default: 1\n    doc: d\n",
            12, 11, "type must be one of: enum, bool, int (not 'float')");
}

static void test_integers_and_bools(void **state)
{
    (void)state;
    refused(HEAD "board:\n  holes: 0\n  seeds: 4\n" SOWING, 6, 10,
            "holes is 0; it must be from 1 to 32");
    refused(HEAD "board:\n  holes: 33\n  seeds: 4\n" SOWING, 6, 10,
            "holes is 33; it must be from 1 to 32");
    refused(HEAD "board:\n  holes: 0x10\n  seeds: 4\n" SOWING, 6, 10,
            "holes must be a whole number written in decimal digits, not "
            "'0x10'");
    refused(HEAD "board:\n  holes: 6\n  seeds: 1e3\n" SOWING, 7, 10,
            "seeds must be a whole number written in decimal digits, not "
            "'1e3'");
    refused(HEAD "board:\n  holes: 6\n  seeds: 1_000\n" SOWING, 7, 10,
            "not '1_000'");
    refused(HEAD "board:\n  holes: 12.0\n  seeds: 4\n" SOWING, 6, 10,
            "not '12.0'");
    refused(HEAD "board:\n  holes: 99999999999999999999\n  seeds: 4\n" SOWING,
            6, 10, "decimal digits");
    refused(HEAD "board:\n  holes: 6\n  seeds: 4\n  stores: yes\n" SOWING, 8,
            11, "stores must be true or false, not 'yes'");
    refused(HEAD "board:\n  holes: 6\n  seeds: 4\n  stores: True\n" SOWING, 8,
            11, "stores must be true or false, not 'True'");
    refused(HEAD "board:\n  holes: 6\n  seeds: 4\n  stores: \"true\"\n" SOWING,
            8, 11, "stores must be true or false");
    /* the edges of the range load */
    sow_variant *v = NULL;
    sow_error err;
    assert_int_equal(load(HEAD "board:\n  holes: 32\n  seeds: 1000\n" SOWING,
                          &v, &err),
                     SOW_OK);
    assert_int_equal(v->holes.value, 32);
    assert_int_equal(v->seeds.value, 1000);
    sow_variant_free(v);
    assert_int_equal(load(HEAD "board:\n  holes: 1\n  seeds: 0\n  stores: true\n"
                          SOWING, &v, &err),
                     SOW_OK);
    assert_true(v->stores);
    sow_variant_free(v);
}

/* ---- options and references to them ------------------------------------ */

static void test_option_references(void **state)
{
    (void)state;
    /* OPTIONS are lines 10-25; end: is line 26, its key line 27 */
    refused(HEAD BOARD SOWING OPTIONS "end:\n  repetition: $nope\n", 27, 15,
            "repetition refers to option 'nope', which is not declared");
    refused(HEAD BOARD SOWING OPTIONS "end:\n  repetition: $endless=nope\n", 27,
            15, "'$endless=nope': option endless has no such value");
    refused(HEAD BOARD SOWING OPTIONS "end:\n  repetition: $max_plies\n", 27,
            15, "repetition is true or false, but option max_plies is not a "
                "bool option");
    refused(HEAD BOARD SOWING OPTIONS "end:\n  max_plies: $flag\n", 27, 14,
            "max_plies needs a number, but option flag is not an int option");
    refused(HEAD BOARD SOWING OPTIONS
            "end:\n  max_plies: $endless=repetition\n",
            27, 14, "max_plies needs a number or word, but "
                    "'$endless=repetition' is true or false");
    refused(HEAD BOARD SOWING OPTIONS "end:\n  repetition: $flag=true\n", 27,
            15, "only an enum option can be compared with a value");
    refused(HEAD BOARD SOWING OPTIONS
            "end:\n  no_capture_plies: $endless:repetition\n",
            27, 21, "that value takes no :K number");
    refused(HEAD BOARD SOWING OPTIONS
            "end:\n  repetition: $endless:no_capture_plies\n",
            27, 15, "repetition is not a number field");
    refused(HEAD BOARD SOWING OPTIONS "end:\n  repetition: $\n", 27, 15,
            "is not an option reference");
    /* K1.7 unreachable: a bool, and a count of positions from 1 */
    refused(HEAD BOARD SOWING OPTIONS "end:\n  capture_unreachable: 2\n", 27,
            24, "capture_unreachable");
    refused(HEAD BOARD SOWING OPTIONS
            "end:\n  capture_unreachable: $max_plies\n",
            27, 24, "capture_unreachable is true or false, but option "
                    "max_plies is not a bool option");
    refused(HEAD BOARD SOWING OPTIONS "end:\n  unreachable_positions: 0\n",
            27, 26, "unreachable_positions");
    refused(HEAD BOARD SOWING OPTIONS "end:\n  repetition: $endless=\n", 27, 15,
            "a value must follow");
    /* an int option whose range does not fit the field */
    refused("id: t\nname: T\nsummary: s\nscript: t.lua\n"
            "board:\n  holes: $max_plies\n  seeds: 4\n" SOWING OPTIONS,
            6, 10, "option max_plies ranges over 1..1000000, but holes must "
                   "be from 1 to 32");
    /* an enum option for a word field must only hold that field's words */
    refused(HEAD BOARD "sowing:\n  direction: $endless\n" OPTIONS, 9, 14,
            "option endless has the value 'repetition', which this field "
            "does not take");
    refused(HEAD BOARD "sowing:\n  direction: $flag\n" OPTIONS, 9, 14,
            "direction takes a word, but option flag is not an enum option");
}

static void test_option_definitions(void **state)
{
    (void)state;
    refused(HEAD BOARD SOWING "options:\n  o:\n    type: enum\n"
                              "    values: [a, b, a]\n    default: a\n    doc: d\n",
            13, 20, "option value 'a' is listed twice");
    /* "a" and "a:K" are the same word */
    refused(HEAD BOARD SOWING "options:\n  o:\n    type: enum\n"
                              "    values: [a, \"a:K\"]\n    default: a\n    doc: d\n",
            13, 17, "option value 'a' is listed twice");
    refused(HEAD BOARD SOWING "options:\n  o:\n    type: enum\n"
                              "    values: [a, b]\n    default: c\n    doc: d\n",
            14, 14, "default: option o: 'c' is not a value it takes; use a, b");
    refused(HEAD BOARD SOWING "options:\n  o:\n    type: int\n    min: 1\n"
                              "    max: 5\n    default: 6\n    doc: d\n",
            15, 14, "default: option o: '6' is not a value it takes; use an "
                    "integer from 1 to 5");
    refused(HEAD BOARD SOWING "options:\n  o:\n    type: int\n    min: 5\n"
                              "    max: 1\n    default: 1\n    doc: d\n",
            14, 10, "max is below min");
    refused(HEAD BOARD SOWING "options:\n  o:\n    type: bool\n"
                              "    default: \"true\"\n    doc: d\n",
            13, 14, "default must be written without quotes");
    refused(HEAD BOARD SOWING "options:\n  o:\n    type: bool\n"
                              "    values: [a]\n    default: true\n    doc: d\n",
            13, 13, "values: is for enum options");
    refused(HEAD BOARD SOWING "options:\n  Big:\n    type: bool\n"
                              "    default: true\n    doc: d\n",
            11, 3, "option name 'Big' must be lower-case");
    refused(HEAD BOARD SOWING "options:\n  o:\n    type: enum\n"
                              "    values: [Yes]\n    default: Yes\n    doc: d\n",
            13, 14, "option value 'Yes' must be a lower-case word");
}

/* ---- hooks ------------------------------------------------------------- */

static void test_hook_rule_without_hook(void **state)
{
    (void)state;
    /* the error points at the rule that says hook */
    refused(HEAD BOARD "sowing:\n  laps: single\n  lap_end:\n    - do: hook\n",
            11, 7,
            "this lap_end rule says do: hook, but hooks: names no lap_end "
            "function");
    refused(HEAD BOARD "sowing:\n  laps: single\n  lap_end:\n"
                       "    - when: {count: 2}\n      do: stop\n"
                       "    - do: hook\n"
                       "hooks:\n  score: sc\n",
            13, 7, "hooks: names no lap_end function");
    /* with the hook named, it loads */
    sow_variant *v = NULL;
    sow_error err;
    assert_int_equal(load(HEAD BOARD
                          "sowing:\n  laps: single\n  lap_end:\n    - do: hook\n"
                          "hooks:\n  lap_end: cap\n",
                          &v, &err),
                     SOW_OK);
    assert_string_equal(v->hook_fn[SOW_HOOK_LAP_END], "cap");
    assert_int_equal(v->hook_line[SOW_HOOK_LAP_END], 13);
    assert_int_equal(v->hook_col[SOW_HOOK_LAP_END], 12);
    sow_variant_free(v);
}

/* ---- layouts: the length is checked when the options are known -------- */

static void test_layout_mismatch(void **state)
{
    (void)state;
    sow_variant *v = NULL;
    sow_error err;
    /* holes is an option: 2 rows of 2 fit the layout, 2 rows of 3 do not */
    const char *text = HEAD
        "board:\n  holes: $n\n  layout: [1, 2, 3, 4]\n" SOWING
        "options:\n  n:\n    type: int\n    min: 2\n    max: 3\n"
        "    default: 3\n    doc: d\n";
    assert_int_equal(load(text, &v, &err), SOW_OK);
    assert_true(v->has_layout);
    assert_int_equal(v->layout_len, 4);
    sow_optset o;
    sow_optset_defaults(v, &o);
    sow_setup s;
    sow_error_clear(&err);
    assert_int_equal(sow_setup_init(&s, v, &o, &err), SOW_ERR);
    assert_error_at(&err, "/v.yaml", 7, 11);
    assert_contains(err.msg, "layout has 4 counts but the board has 6 holes "
                             "(2 rows of 3)");
    assert_int_equal(sow_optset_apply(v, &o, "n=2", &err), SOW_OK);
    assert_int_equal(sow_setup_init(&s, v, &o, &err), SOW_OK);
    assert_int_equal(s.holes, 4);
    assert_int_equal(s.total, 10);
    assert_int_equal(s.start[0], 1);
    assert_int_equal(s.start[3], 4);
    sow_variant_free(v);

    /* a constant size: the loader accepts it, the setup names the file */
    assert_int_equal(load(HEAD "board:\n  holes: 6\n  layout: [1, 2, 3]\n" SOWING,
                          &v, &err),
                     SOW_OK);
    sow_optset_defaults(v, &o);
    assert_int_equal(sow_setup_init(&s, v, &o, &err), SOW_ERR);
    assert_error_at(&err, "/v.yaml", 7, 11);
    assert_contains(err.msg, "layout has 3 counts but the board has 12 holes");
    sow_variant_free(v);
}

/* ---- $option:value and $option=value ----------------------------------- */

static void test_param_reference(void **state)
{
    (void)state;
    sow_variant *v = NULL;
    sow_error err;
    sow_error_clear(&err);
    assert_int_equal(sow_variant_load("variants/adji_kui_1.yaml", &v, &err),
                     SOW_OK);
    sow_optset o;
    sow_optset_defaults(v, &o);
    /* endless=repetition: $endless:no_capture_plies is 0, the EQ is 1 */
    assert_int_equal(sow_expr_eval(&v->no_capture_plies, &o), 0);
    assert_int_equal(sow_expr_eval(&v->repetition, &o), 1);
    sow_setup s;
    assert_int_equal(sow_setup_init(&s, v, &o, &err), SOW_OK);
    assert_int_equal(s.no_capture_plies, 0);
    assert_true(s.repetition);
    /* endless=no_capture_plies:30: K is 30, repetition off */
    assert_int_equal(sow_optset_apply(v, &o, "endless=no_capture_plies:30", &err),
                     SOW_OK);
    assert_int_equal(sow_expr_eval(&v->no_capture_plies, &o), 30);
    assert_int_equal(sow_expr_eval(&v->repetition, &o), 0);
    assert_int_equal(sow_setup_init(&s, v, &o, &err), SOW_OK);
    assert_int_equal(s.no_capture_plies, 30);
    assert_false(s.repetition);
    /* $max_plies and $skip_origin follow their options */
    assert_int_equal(sow_optset_apply(v, &o, "max_plies=77", &err), SOW_OK);
    assert_int_equal(sow_optset_apply(v, &o, "skip_origin=true", &err), SOW_OK);
    assert_int_equal(sow_setup_init(&s, v, &o, &err), SOW_OK);
    assert_int_equal(s.max_plies, 77);
    assert_true(s.skip_origin);
    sow_variant_free(v);
}

/* An enum option mapped onto a word field (direction: $dir). */
static void test_enum_reference_to_word(void **state)
{
    (void)state;
    sow_variant *v = NULL;
    sow_error err;
    const char *text = HEAD BOARD
        "sowing:\n  direction: $dir\n  laps: relay\n  endless_move: $em\n"
        "  lap_end:\n    - when: {count: 1}\n      do: stop\n"
        "options:\n"
        "  dir:\n    type: enum\n    values: [cw, ccw]\n    default: ccw\n"
        "    doc: d\n"
        "  em:\n    type: enum\n    values: [end_game, forbid]\n"
        "    default: end_game\n    doc: d\n";
    if (load(text, &v, &err))
        fail_msg("%d:%d: %s", err.line, err.col, err.msg);
    sow_optset o;
    sow_optset_defaults(v, &o);
    sow_setup s;
    assert_int_equal(sow_setup_init(&s, v, &o, &err), SOW_OK);
    assert_int_equal(s.dir, SOW_DIR_CCW);
    assert_int_equal(s.endless_move, SOW_ENDLESS_END_GAME);
    assert_int_equal(s.next[0], 1);
    assert_int_equal(sow_optset_apply(v, &o, "dir=cw", &err), SOW_OK);
    assert_int_equal(sow_optset_apply(v, &o, "em=forbid", &err), SOW_OK);
    assert_int_equal(sow_setup_init(&s, v, &o, &err), SOW_OK);
    assert_int_equal(s.dir, SOW_DIR_CW);
    assert_int_equal(s.endless_move, SOW_ENDLESS_FORBID);
    /* cw mirrors next and prev, the indices stay canonical */
    assert_int_equal(s.next[0], 11);
    assert_int_equal(s.next[5], 4);
    assert_int_equal(s.prev[11], 0);
    sow_variant_free(v);
}

/* ---- texts, rule ids, counts ----------------------------------------- */

static void test_texts_and_counts(void **state)
{
    (void)state;
    refused("id: t\nname: \"\"\nsummary: s\nscript: t.lua\n" BOARD SOWING, 2,
            7, "name must not be empty");
    refused("id: t\nname: T\nsummary: \"two\\nlines\"\nscript: t.lua\n" BOARD
            SOWING,
            3, 10, "summary must be a single line");
    refused(HEAD BOARD SOWING "rules:\n  k1.5: \"text\"\n", 11, 3,
            "rule id 'k1.5' must be capital letters then digits and dots");
    refused(HEAD BOARD SOWING "rules:\n  K1.: \"text\"\n", 11, 3,
            "rule id 'K1.'");
    refused(HEAD BOARD SOWING "rules:\n  K1.5: \"\"\n", 11, 9,
            "must not be empty");
    refused(HEAD BOARD "sowing:\n  lap_end:\n    - when: {count: [2, 3, 2]}\n"
                       "      do: stop\n",
            10, 28, "count 2 is listed twice");
    refused(HEAD BOARD "sowing:\n  lap_end:\n    - when: {count: 0}\n"
                       "      do: stop\n",
            10, 21, "count is 0; it must be from 1 to 62");
    refused(HEAD BOARD "sowing:\n  lap_end:\n    - when: {count: {}}\n"
                       "      do: stop\n",
            10, 21, "a count range needs min:, max: or both");
    refused(HEAD BOARD "sowing:\n  endless_move: forbid\n", 9, 17,
            "endless_move applies only to relay laps");
    /* rule ids of every shape docs/rules.md uses load */
    sow_variant *v = NULL;
    sow_error err;
    assert_int_equal(load(HEAD BOARD SOWING
                          "rules:\n  K1.5: a\n  C0.4: b\n  B.2: c\n"
                          "  P13: d\n  K2.9: e\n",
                          &v, &err),
                     SOW_OK);
    assert_int_equal(v->nrules, 5);
    assert_string_equal(sow_variant_rule_text(v, "B.2"), "c");
    assert_string_equal(sow_variant_rule_text(v, "P13"), "d");
    sow_variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shipped_variant),
        cmocka_unit_test(test_minimal_defaults),
        cmocka_unit_test(test_lap_rules_parsed),
        cmocka_unit_test(test_unknown_keys),
        cmocka_unit_test(test_missing_keys),
        cmocka_unit_test(test_citations),
        cmocka_unit_test(test_relay_needs_a_stop),
        cmocka_unit_test(test_wrong_types),
        cmocka_unit_test(test_integers_and_bools),
        cmocka_unit_test(test_option_references),
        cmocka_unit_test(test_option_definitions),
        cmocka_unit_test(test_hook_rule_without_hook),
        cmocka_unit_test(test_layout_mismatch),
        cmocka_unit_test(test_param_reference),
        cmocka_unit_test(test_enum_reference_to_word),
        cmocka_unit_test(test_texts_and_counts),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
