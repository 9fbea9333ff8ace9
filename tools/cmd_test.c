/* cmd_test.c - `sow test VARIANT|FILE...`: run scenario files
 * (sow_scenario.h, schemas/SCENARIOS.md) and print a diff for each failing
 * case, what each file covers of its variant's rule ids and option
 * values, and "N scenarios, M failed".
 *
 * The scenario file of a variant file DIR/NAME.yaml is
 * DIR/scenarios/NAME.yaml: a directory the variant scanner (cli.c, which
 * reads the *.yaml files of a variant directory only) never looks into. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "sow_file.h"
#include "sow_kit.h"
#include "sow_scenario.h"

static const char *const C = "test";

static void help(void)
{
    printf(
        "usage: sow test VARIANT|FILE... [--verbose] [--time-limit SECONDS]\n\n"
        "Run scenario tests. A FILE is a scenario file (YAML with "
        "scenarios:, see\nschemas/SCENARIOS.md); a VARIANT (an id, or the "
        "path of its .yaml file) runs\nthe scenario file beside it: "
        "DIR/scenarios/NAME.yaml for DIR/NAME.yaml.\n\n"
        "For each failing case: its place (file:line:col) and name, then "
        "each field\nthat differs, expected against got. For each file: the "
        "variant, the count\nof cases and failures, and what the file does "
        "not cover: rule ids of the\nvariant's rules: that no case lists, "
        "values of enum and bool options that\nno case plays, int options "
        "that no case sets. Last, 'N scenarios, M failed'.\n\n"
        "A file's variant is loaded once, and its script run once for each "
        "set of\noption values its cases play. Each case starts from a new "
        "game, with the\nscript's global names as its top level left them; "
        "what a hook writes into\na table carries over (hooks must keep "
        "nothing of their own).\n\n"
        "--verbose, -v   also print a line for each case that passes\n\n"
        "Exit status: 0 when every case passed, 1 when one failed or a "
        "file or\nvariant has an error (file:line:col), 2 for a misused "
        "command line.\n");
    printf("\n" CLI_TIME_LIMIT_HELP);
}

static bool looks_like_path(const char *arg)
{
    size_t l = strlen(arg);
    return strchr(arg, '/') || (l > 5 && !strcmp(arg + l - 5, ".yaml")) ||
           (l > 4 && !strcmp(arg + l - 4, ".yml"));
}

/* The path to show for a file: relative to the working directory when it
 * is below it ("variants/scenarios/x.yaml", not ".../build/../variants"),
 * else as given. */
static char *display_path(const char *path)
{
    char *real = realpath(path, NULL);
    char *cwd = getcwd(NULL, 0); /* as long as it is (glibc) */
    size_t len = cwd ? strlen(cwd) : 0;
    const char *shown = real && len && strncmp(real, cwd, len) == 0 &&
                                real[len] == '/'
                            ? real + len + 1
                            : path;
    char *out = strdup(shown);
    free(cwd);
    free(real);
    return out;
}

/* DIR/scenarios/NAME.yaml for the variant file DIR/NAME.yaml, or false
 * when it does not fit out[size] (a cut path would name another file). */
static bool scenario_path_for(const char *variant, char *out, size_t size)
{
    const char *slash = strrchr(variant, '/');
    int n = slash ? snprintf(out, size, "%.*s/scenarios/%s",
                             (int)(slash - variant), variant, slash + 1)
                  : snprintf(out, size, "scenarios/%s", variant);
    return n >= 0 && (size_t)n < size;
}

typedef struct totals {
    int cases, failed, broken; /* broken: files not run */
    const sow_budget *budget;  /* the run's deadline */
} totals;

static void print_diff(const sow_scenario_diff *d)
{
    if (d->line)
        printf("  %s (line %d)\n", d->field, d->line);
    else
        printf("  %s\n", d->field);
    printf("    expected %s\n    got      %s\n", d->expected, d->got);
    if (d->note[0])
        printf("    %s\n", d->note);
}

/* What the file leaves uncovered of the variant: rule ids no case lists,
 * enum and bool values no case plays, int options no case sets. */
static void coverage(const sow_variant *v, const sow_scenario_file *f,
                     const bool *ran, const sow_optset *opts)
{
    int n = sow_scenario_count(f);
    char miss[4096] = "", extra[1024] = "";
    size_t lm = 0, le = 0;
    int nrules = 0, nvals = 0;
    for (int i = 0; i < v->nrules; i++) {
        bool cov = false;
        for (int k = 0; k < n && !cov; k++) {
            const char *ids[SOW_SCN_MAX_RULES];
            int m = sow_scenario_rules(f, k, ids, SOW_SCN_MAX_RULES);
            for (int j = 0; j < m && !cov; j++)
                cov = !strcmp(ids[j], v->rules[i].id);
        }
        nrules++;
        if (!cov && lm < sizeof miss)
            lm += (size_t)snprintf(miss + lm, sizeof miss - lm, "%srule %s",
                                   lm ? ", " : "", v->rules[i].id);
    }
    for (int k = 0; k < n; k++) {
        const char *ids[SOW_SCN_MAX_RULES];
        int m = sow_scenario_rules(f, k, ids, SOW_SCN_MAX_RULES);
        for (int j = 0; j < m; j++) {
            if (sow_variant_rule_text(v, ids[j]))
                continue;
            char word[24];
            snprintf(word, sizeof word, " %s ", ids[j]);
            char padded[sizeof extra + 2];
            snprintf(padded, sizeof padded, " %s ", extra);
            if (!strstr(padded, word) && le < sizeof extra)
                le += (size_t)snprintf(extra + le, sizeof extra - le, "%s%s",
                                       le ? " " : "", ids[j]);
        }
    }
    for (int i = 0; i < v->noptions; i++) {
        const sow_option_def *d = &v->options[i];
        int nv = d->type == SOW_OPT_ENUM ? d->nvalues
                 : d->type == SOW_OPT_BOOL ? 2
                                           : 1;
        for (int x = 0; x < nv; x++) {
            bool cov = false;
            for (int k = 0; k < n && !cov; k++) {
                if (!ran[k])
                    continue;
                const sow_optval *o = &opts[k].val[i];
                cov = d->type == SOW_OPT_ENUM   ? o->index == x
                      : d->type == SOW_OPT_BOOL ? o->num == x
                                                : o->num != d->def.num;
            }
            nvals++;
            if (cov || lm >= sizeof miss)
                continue;
            if (d->type == SOW_OPT_INT)
                lm += (size_t)snprintf(miss + lm, sizeof miss - lm,
                                       "%soption %s (never set)",
                                       lm ? ", " : "", d->name);
            else
                lm += (size_t)snprintf(miss + lm, sizeof miss - lm,
                                       "%soption %s=%s", lm ? ", " : "",
                                       d->name,
                                       d->type == SOW_OPT_ENUM ? d->values[x]
                                       : x                     ? "true"
                                                               : "false");
        }
    }
    if (miss[0])
        printf("  not covered: %s\n", miss);
    else
        printf("  covers all %d rule ids of the variant and all %d option "
               "values (an int option counts when set)\n",
               nrules, nvals);
    if (extra[0])
        printf("  also cites: %s (not among the variant's rules:)\n", extra);
}

/* Run one scenario file. */
static void run_file_at(const char *path, bool verbose, totals *t)
{
    sow_scenario_file *f;
    sow_error err;
    if (sow_scenario_load(path, &f, &err)) {
        cli_error(C, &err);
        t->broken++;
        return;
    }
    char vpath[PATH_MAX];
    bool is_path;
    int vl, vc;
    const char *vname = sow_scenario_variant(f, &is_path, vpath, sizeof vpath,
                                             &vl, &vc);
    sow_variant *v = NULL;
    if (is_path && sow_scenario_variant_file(f, vpath, sizeof vpath, &err)) {
        cli_error(C, &err);
        t->broken++;
        sow_scenario_free(f);
        return;
    }
    if (!is_path && cli_find_variant(vname, vpath, sizeof vpath, &err)) {
        char msg[SOW_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", err.msg);
        sow_error_set(&err, path, vl, vc, "%s", msg);
        cli_error(C, &err);
        t->broken++;
        sow_scenario_free(f);
        return;
    }
    if (sow_variant_load(vpath, &v, &err)) {
        cli_error(C, &err);
        sow_error_set(&err, path, vl, vc,
                      "the variant '%s' does not load (the error above)",
                      vname);
        cli_error(C, &err);
        t->broken++;
        sow_scenario_free(f);
        return;
    }
    int n = sow_scenario_count(f), failed = 0;
    bool *ran = calloc((size_t)n, sizeof *ran);
    sow_optset *opts = calloc((size_t)n, sizeof *opts);
    sow_scenario_outcome *out = malloc(sizeof *out);
    /* the script runs once per option set of the file, not per case
     * (issue 23): a slow top level costs its time once */
    sow_kit_scripts *scripts = sow_kit_scripts_new();
    if (!ran || !opts || !out || !scripts) {
        fprintf(stderr, "sow %s: out of memory\n", C);
        t->broken++;
        goto done;
    }
    /* a write error on standard output stops the run: sow.c reports it
     * (issue 13 #7) */
    for (int k = 0; k < n && !ferror(stdout); k++) {
        int line, col;
        const char *name = sow_scenario_name(f, k, &line, &col);
        fflush(stdout);
        if (sow_budget_over(t->budget)) {
            /* the whole run is bounded (issue 13 #11): no case starts
             * after its deadline; the rest are not run */
            sow_budget_error(t->budget, &err);
            cli_error(C, &err);
            t->broken++;
            break;
        }
        if (sow_scenario_run_cached(f, k, v, t->budget, scripts, out,
                                    &err)) {
            printf("FAIL %s:%d:%d: %s\n", path, line, col, name);
            fflush(stdout);
            cli_error(C, &err);
            failed++;
            continue;
        }
        ran[k] = true;
        opts[k] = out->opts;
        if (out->passed) {
            if (verbose)
                printf("ok   %s\n", name);
            continue;
        }
        failed++;
        printf("FAIL %s:%d:%d: %s\n", path, line, col, name);
        for (int i = 0; i < out->ndiffs; i++)
            print_diff(&out->diffs[i]);
        if (out->nmore)
            printf("  (%d more differences)\n", out->nmore);
    }
    printf("%s: %s, %d scenario%s, %d failed\n", path, v->id, n,
           n == 1 ? "" : "s", failed);
    coverage(v, f, ran, opts);
    t->cases += n;
    t->failed += failed;
done:
    sow_kit_scripts_free(scripts);
    free(ran);
    free(opts);
    free(out);
    sow_variant_free(v);
    sow_scenario_free(f);
}

/* Run one scenario file, named as display_path shows it. */
static void run_file(const char *given, bool verbose, totals *t)
{
    char *path = display_path(given);
    if (!path) {
        fprintf(stderr, "sow %s: out of memory\n", C);
        t->broken++;
        return;
    }
    run_file_at(path, verbose, t);
    free(path);
}

typedef struct test_args {
    cli_opts o;
    bool verbose;
} test_args;

/* --option is in the table only to be refused with the reason below */
static const flag_spec flags[] = {
    FL_BOOL("verbose", 'v', test_args, verbose),
    FLAGS_VARIANT(test_args, o),
};
static const flag_cmd cmd = FLAGS_CMD("test", help, flags);

int cmd_test(int argc, char **argv)
{
    test_args ta = {0};
    flags_parsed p;
    if (!flags_parse(&cmd, argc, argv, &ta, &p))
        return p.status;
    if (ta.o.n)
        return cli_usage(C, "--option is not taken: each scenario sets "
                            "the options it runs with");
    if (!p.npos)
        return cli_usage(C, "which variants or scenario files? e.g. sow "
                            "test adji-kui-1, or sow test my.scenarios.yaml");
    bool verbose = ta.verbose;
    sow_error lerr;
    double limit = cli_time_limit(&ta.o, &lerr);
    if (limit < 0) {
        cli_error(C, &lerr);
        return 1;
    }
    sow_budget budget;
    sow_budget_start(&budget, limit);
    totals t = {0, 0, 0, &budget};
    for (int i = 0; i < p.npos; i++) {
        const char *a = p.pos[i];
        char vpath[PATH_MAX], spath[PATH_MAX];
        sow_error err;
        if (looks_like_path(a)) {
            /* a FIFO or a device is refused at once, in one line, rather
             * than taken for a variant without scenarios (sow_file.h) */
            int fr = sow_file_probe(a, "a scenario file or a variant file",
                                    &err);
            if (fr == SOW_FILE_OPEN)
                fprintf(stderr, "%s: cannot read: no such file, or not "
                                "readable\n",
                        a);
            else if (fr)
                cli_error(C, &err);
            if (fr) {
                t.broken++;
                continue;
            }
            if (sow_scenario_is_file(a)) {
                run_file(a, verbose, &t);
                continue;
            }
            if (strlen(a) >= sizeof vpath) {
                fprintf(stderr, "sow %s: the path '%.60s...' is too long "
                                "(%zu bytes; at most %zu)\n",
                        C, a, strlen(a), sizeof vpath - 1);
                t.broken++;
                continue;
            }
            snprintf(vpath, sizeof vpath, "%s", a);
        } else if (cli_find_variant(a, vpath, sizeof vpath, &err)) {
            cli_error(C, &err);
            t.broken++;
            continue;
        }
        if (!scenario_path_for(vpath, spath, sizeof spath)) {
            fprintf(stderr, "sow %s: %s: the path of its scenario file is "
                            "too long (at most %zu bytes)\n",
                    C, a, sizeof spath - 1);
            t.broken++;
            continue;
        }
        if (sow_file_probe(spath, "a scenario file", &err) == SOW_FILE_OPEN) {
            fprintf(stderr, "sow %s: %s has no scenario file: looked for %s "
                            "(scenarios/NAME.yaml beside the variant's "
                            "NAME.yaml)\n",
                    C, a, spath);
            t.broken++;
            continue;
        }
        run_file(spath, verbose, &t);
    }
    printf("%d scenario%s, %d failed", t.cases, t.cases == 1 ? "" : "s",
           t.failed);
    if (t.broken)
        printf("; %d file%s not run (errors above)", t.broken,
               t.broken == 1 ? "" : "s");
    printf("\n");
    return t.failed || t.broken ? 1 : 0;
}
