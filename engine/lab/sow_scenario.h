/* sow_scenario.h - scenario tests for variant authors (sow test).
 *
 * A scenario file (YAML, schemas/scenario.schema.json, documented in
 * schemas/SCENARIOS.md) names a variant and holds named cases: options, a
 * start (the variant's, or a position given field by field), a move list,
 * and what must come of it (board, captured, legal moves, player to move,
 * over, result, match result, or the error the last move must give), with
 * the rule ids each case covers.
 *
 * Loading checks the file's shape (keys, types) with file:line:col from
 * the YAML tree (sow_yaml.h, whose limits apply). Running a case checks
 * what needs the variant (option names and values, board lengths, phase
 * and state names, expected move tokens); such a problem is an error with
 * file:line:col too. An expectation that does not hold is not an error:
 * the outcome lists each field that differs, expected against got.
 *
 * The file owns its YAML tree; every string a case hands out is borrowed
 * from the file and lives until sow_scenario_free. */
#ifndef SOW_SCENARIO_H
#define SOW_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>

#include "sow_error.h"
#include "sow_variant.h"

#define SOW_SCN_MAX_CASES 1000
#define SOW_SCN_MAX_DIFFS 16
#define SOW_SCN_MAX_RULES 32    /* rule ids of one case */
#define SOW_SCN_TEXT 1200       /* one side of a difference */

typedef struct sow_scenario_file sow_scenario_file;

/* Read a scenario file. On failure *out is NULL and err says what and
 * where (file:line:col). */
int sow_scenario_load(const char *path, sow_scenario_file **out,
                      sow_error *err);

/* The same for text in memory (tests); `path` names it in errors, and a
 * variant path in it is taken relative to path's directory. */
int sow_scenario_load_text(const char *path, const char *text, size_t len,
                           sow_scenario_file **out, sow_error *err);
void sow_scenario_free(sow_scenario_file *f);

/* Whether a parsed YAML file looks like a scenario file (a mapping with a
 * `scenarios` key) rather than a variant: reads the file. */
bool sow_scenario_is_file(const char *path);

const char *sow_scenario_path(const sow_scenario_file *f);

/* The variant the file names, as written: an id, or a path (`is_path`),
 * then also resolved against the file's directory into `path`. *line and
 * *col locate it. */
const char *sow_scenario_variant(const sow_scenario_file *f, bool *is_path,
                                 char *path, size_t size, int *line,
                                 int *col);

/* The variant file the scenario file names by path (as
 * sow_scenario_variant puts it in `path`), checked before it is read
 * (issue 13 #4): resolved with realpath (symlinks and `..` followed), it
 * must be in the scenario file's folder or below it, or directly in the
 * folder above (DIR/NAME.yaml for DIR/scenarios/NAME.yaml); anything
 * else is an error at the variant: line. The path must also end in .yaml
 * or .yml (checked when the file is loaded). SOW_OK for a variant named
 * by id (path is then the id) and for a path that does not resolve
 * (loading it says that it is missing). */
int sow_scenario_variant_file(const sow_scenario_file *f, char *path,
                              size_t size, sow_error *err);

int sow_scenario_count(const sow_scenario_file *f);

/* Case k (0-based): its name and where it starts. */
const char *sow_scenario_name(const sow_scenario_file *f, int k, int *line,
                              int *col);

/* The rule ids case k covers; returns their number (at most max). */
int sow_scenario_rules(const sow_scenario_file *f, int k, const char **ids,
                       int max);

/* One field whose expectation does not hold. */
typedef struct sow_scenario_diff {
    char field[48];                 /* "board", "result.winner", "moves" */
    int line;                       /* where the expectation is written */
    char expected[SOW_SCN_TEXT];
    char got[SOW_SCN_TEXT];
    char note[SOW_SCN_TEXT];        /* "" or what differs ("hole 8: ...") */
} sow_scenario_diff;

typedef struct sow_scenario_outcome {
    bool passed;
    int ndiffs;                     /* shown; more may have differed */
    int nmore;                      /* differences not shown */
    sow_scenario_diff diffs[SOW_SCN_MAX_DIFFS];
    sow_optset opts;                /* the option values it ran with */
    int plies;                      /* moves played */
} sow_scenario_outcome;

/* Run case k of f on variant v (loaded by the caller; borrowed), within
 * the run's budget (sow_budget.h; borrowed, NULL for none: a case whose
 * deadline has passed is not started, and the engine and the script stop
 * at it). Returns SOW_ERR for a problem of the case itself
 * (file:line:col), of the variant's script (its file and line) or for the
 * budget; else SOW_OK with out->passed telling whether every expectation
 * held. */
struct sow_budget;
int sow_scenario_run(const sow_scenario_file *f, int k, const sow_variant *v,
                     const struct sow_budget *budget,
                     sow_scenario_outcome *out, sow_error *err);

/* The same with the variant's script taken from `scripts` (sow_kit.h;
 * NULL: opened for this case alone, as sow_scenario_run does). Running the
 * cases of a file with one cache runs the script's top level once per
 * option set the file plays, not once per case. What a case starts from
 * is the same either way: a new set-up, engine, match and game; the
 * script as just after opening (its global names as its top level left
 * them, the hooks' caches empty, a state a tripped limit left rebuilt);
 * the run's budget. What a hook wrote into a table or into a local of
 * the script's top level is not undone: hooks must keep nothing of their
 * own (docs/writing-variants.md). */
struct sow_kit_scripts;
int sow_scenario_run_cached(const sow_scenario_file *f, int k,
                            const sow_variant *v,
                            const struct sow_budget *budget,
                            struct sow_kit_scripts *scripts,
                            sow_scenario_outcome *out, sow_error *err);

#endif
