/* cli.c - shared helpers of the `sow` subcommands (see cli.h). */
#include "cli.h"
#include "sow_text.h"

#include "sow_draw.h"
#include "sow_record.h"

#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef SOW_DATADIR
#define SOW_DATADIR "/usr/local/share/sow"
#endif

void cli_json_string(FILE *f, const char *s)
{
    if (!s) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    sow_text_escape_file(f, s, SOW_ESC_JSON);
    fputc('"', f);
}

void cli_json_field(FILE *f, const char *key, const char *s)
{
    fprintf(f, ",\"%s\":", key);
    cli_json_string(f, s);
}

void cli_error(const char *cmd, const sow_error *err)
{
    char buf[SOW_PATH_MAX + SOW_MSG_MAX + 64];
    sow_error_format(err, buf, sizeof buf);
    if (err->path[0])
        fprintf(stderr, "%s\n", buf);
    else
        fprintf(stderr, "sow %s: %s\n", cmd, buf);
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "sow %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see 'sow %s --help')\n", cmd);
    return 2;
}

const char *cli_value(const char *cmd, int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        cli_usage(cmd, "%s needs a value", argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

/* A number of seconds from 0 to SOW_TIME_LIMIT_MAX: 0, or -1. */
static int parse_seconds(const char *v, double *out)
{
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    if (!*v || *end || errno || !(x >= 0 && x <= SOW_TIME_LIMIT_MAX))
        return -1;
    *out = x;
    return 0;
}

double cli_time_limit(const cli_opts *o, sow_error *err)
{
    if (o && o->time_set)
        return o->time_limit;
    const char *env = getenv("SOW_TIME_LIMIT");
    double t;
    if (!env || !*env)
        return SOW_TIME_LIMIT_DEFAULT;
    if (parse_seconds(env, &t)) {
        sow_error_set(err, NULL, 0, 0,
                      "SOW_TIME_LIMIT is '%s'; set it to a number of seconds "
                      "from 0 (no limit) to %.0f",
                      env, SOW_TIME_LIMIT_MAX);
        return -1;
    }
    return t;
}

int cli_take_option(const char *cmd, int argc, char **argv, int *i,
                    cli_opts *o)
{
    const char *a = argv[*i];
    const char *val = NULL;
    if (strcmp(a, "--option") == 0 || strcmp(a, "-o") == 0) {
        val = cli_value(cmd, argc, argv, i);
        if (!val)
            return -1;
    } else if (strncmp(a, "--option=", 9) == 0) {
        val = a + 9;
    } else if (strcmp(a, "--time-limit") == 0) {
        const char *v = cli_value(cmd, argc, argv, i);
        if (!v)
            return -1;
        if (parse_seconds(v, &o->time_limit)) {
            cli_usage(cmd, "--time-limit takes a number of seconds from 0 "
                           "(no limit) to %.0f, not '%s'",
                      SOW_TIME_LIMIT_MAX, v);
            return -1;
        }
        o->time_set = true;
        return 1;
    } else {
        return 0;
    }
    if (o->n >= CLI_MAX_OPTION_ARGS) {
        cli_usage(cmd, "too many --option flags (at most %d)",
                  CLI_MAX_OPTION_ARGS);
        return -1;
    }
    o->arg[o->n++] = val;
    return 1;
}

int cli_variant_dirs(char dirs[][1024], int max)
{
    int n = 0;
    const char *env = getenv("SOW_VARIANTS");
    if (env && *env) {
        char *copy = strdup(env), *save = NULL;
        for (char *d = copy ? strtok_r(copy, ":", &save) : NULL; d && n < max;
             d = strtok_r(NULL, ":", &save))
            snprintf(dirs[n++], 1024, "%s", d);
        free(copy);
    }
    char exe[1024];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        exe[len] = 0;
        char *dir = dirname(exe);
        if (n < max)
            snprintf(dirs[n++], 1024, "%.900s/../variants", dir);
        if (n < max)
            snprintf(dirs[n++], 1024, "%.900s/../share/sow/variants", dir);
    }
    if (n < max)
        snprintf(dirs[n++], 1024, "%s/variants", SOW_DATADIR);
    return n;
}

static bool looks_like_path(const char *arg)
{
    size_t l = strlen(arg);
    return strchr(arg, '/') ||
           (l > 5 && (strcmp(arg + l - 5, ".yaml") == 0)) ||
           (l > 4 && strcmp(arg + l - 4, ".yml") == 0);
}

/* Read just the id: of a YAML file, cheaply and without failing. */
static bool file_has_id(const char *path, const char *id)
{
    sow_variant *v = NULL;
    sow_error e;
    if (sow_variant_load(path, &v, &e))
        return false;
    bool same = strcmp(v->id, id) == 0;
    sow_variant_free(v);
    return same;
}

typedef struct find_ctx {
    const char *id;
    char *path;
    size_t size;
    bool found;
} find_ctx;

static int match_id(void *ctx, const char *path, const sow_variant *v)
{
    find_ctx *fc = ctx;
    if (strcmp(v->id, fc->id) != 0)
        return 0;
    snprintf(fc->path, fc->size, "%s", path);
    fc->found = true;
    return 1;
}

int cli_scan_variants(int (*fn)(void *ctx, const char *path,
                                const sow_variant *v),
                      void *ctx)
{
    char dirs[CLI_MAX_DIRS][1024];
    int nd = cli_variant_dirs(dirs, CLI_MAX_DIRS);
    for (int d = 0; d < nd; d++) {
        struct dirent **names;
        /* sorted, so that the same files always give the same answer */
        int nn = scandir(dirs[d], &names, NULL, alphasort);
        if (nn < 0)
            continue;
        int stop = 0;
        for (int k = 0; k < nn; k++) {
            const char *name = names[k]->d_name;
            size_t l = strlen(name);
            if (!stop && l >= 6 && strcmp(name + l - 5, ".yaml") == 0) {
                char p[1400];
                snprintf(p, sizeof p, "%.1000s/%.255s", dirs[d], name);
                sow_variant *v;
                sow_error e;
                if (sow_variant_load(p, &v, &e) == SOW_OK) {
                    stop = fn(ctx, p, v);
                    sow_variant_free(v);
                }
            }
            free(names[k]);
        }
        free(names);
        if (stop)
            return 1;
    }
    return 0;
}

int cli_find_variant(const char *arg, char *path, size_t size,
                     sow_error *err)
{
    if (looks_like_path(arg)) {
        snprintf(path, size, "%s", arg);
        return SOW_OK;
    }
    char dirs[CLI_MAX_DIRS][1024];
    int nd = cli_variant_dirs(dirs, CLI_MAX_DIRS);
    /* the usual file name first (id with _ for -), then every file */
    for (int d = 0; d < nd; d++) {
        char guess[1200];
        snprintf(guess, sizeof guess, "%.1000s/%.100s.yaml", dirs[d], arg);
        for (char *p = strrchr(guess, '/') + 1; *p; p++)
            if (*p == '-')
                *p = '_';
        /* no access() first: loading reads regular files only, without
         * waiting on a FIFO (sow_file.h), and fails on a missing one */
        if (file_has_id(guess, arg)) {
            snprintf(path, size, "%s", guess);
            return SOW_OK;
        }
    }
    find_ctx fc = {arg, path, size, false};
    cli_scan_variants(match_id, &fc);
    if (fc.found)
        return SOW_OK;
    return sow_error_set(err, NULL, 0, 0,
                         "no variant '%s'; 'sow list' shows the variants "
                         "found, or give the path of a .yaml file",
                         arg);
}

int cli_open(cli_game *cg, const char *variant, const cli_opts *o,
             sow_error *err)
{
    memset(cg, 0, sizeof *cg);
    double limit = cli_time_limit(o, err);
    if (limit < 0)
        return SOW_ERR;
    /* the run's clock starts here: loading and the script count too */
    sow_budget_start(&cg->budget, limit);
    char path[1400];
    if (cli_find_variant(variant, path, sizeof path, err))
        return SOW_ERR;
    if (sow_variant_load(path, &cg->v, err))
        return SOW_ERR;
    sow_optset_defaults(cg->v, &cg->opts);
    for (int i = 0; o && i < o->n; i++)
        if (sow_optset_apply(cg->v, &cg->opts, o->arg[i], err))
            goto fail;
    if (sow_optset_check(cg->v, &cg->opts, err) ||
        sow_setup_init(&cg->setup, cg->v, &cg->opts, err))
        goto fail;
    if (sow_lua_open(&cg->lua, cg->v, &cg->opts, err))
        goto fail;
    sow_lua_set_budget(cg->lua, &cg->budget);
    sow_rules rules = sow_lua_rules(cg->lua);
    if (sow_engine_init(&cg->eng, &cg->setup, &rules, err))
        goto fail;
    sow_engine_set_budget(&cg->eng, &cg->budget);
    cg->eng_ready = true;
    return SOW_OK;
fail:
    cli_close(cg);
    return SOW_ERR;
}

void cli_close(cli_game *cg)
{
    if (cg->eng_ready)
        sow_engine_free(&cg->eng);
    sow_lua_close(cg->lua);
    sow_variant_free(cg->v);
    memset(cg, 0, sizeof *cg);
}

void cli_put_moves(sow_buf *b, const sow_setup *s, const uint16_t *moves,
                   int n, bool labels)
{
    if (n == 0)
        sow_buf_add(b, "(none)");
    for (int i = 0; i < n; i++) {
        char tok[64];
        sow_move m = moves[i];
        if (labels && !sow_move_is_decision(m))
            sow_hole_label(s, m, tok, sizeof tok);
        else
            sow_move_format(tok, sizeof tok, s, m);
        sow_buf_add(b, "%s%s", i ? " " : "", tok);
    }
}

void cli_format_moves(const sow_setup *s, const uint16_t *moves, int n,
                      bool labels, char *buf, size_t size)
{
    sow_buf b = {0};
    cli_put_moves(&b, s, moves, n, labels);
    const char *t = b.s && !b.oom ? b.s : "...";
    size_t len = b.s && !b.oom ? b.len : 3;
    if (len >= size && size > 4) {
        /* the tokens that fit whole before " ..." */
        len = size - 5;
        while (len > 0 && t[len] != ' ')
            len--;
        snprintf(buf, size, "%.*s%s...", (int)len, t, len ? " " : "");
    } else {
        snprintf(buf, size, "%s", t);
    }
    sow_buf_free(&b);
}

void cli_phase_due(const sow_setup *s, const sow_game *g, char *buf,
                   size_t size)
{
    buf[0] = 0;
    if (g->over || g->phase == 0 || g->phase > s->v->nphases)
        return;
    const sow_phase *ph = &s->v->phases[g->phase - 1];
    if (!ph->fresh_holes)
        return;
    size_t len = (size_t)snprintf(buf, size, "%s: still to play:", ph->name);
    for (int p = 0; p < 2 && len < size; p++) {
        len += (size_t)snprintf(buf + len, size - len, "%s %s",
                                p ? "," : "", p ? "North" : "South");
        int due = 0;
        for (int h = 0; h < s->holes && len < size; h++)
            if (g->owner[h] == p && !((g->played[p] >> h) & 1)) {
                char l[8];
                sow_hole_label(s, h, l, sizeof l);
                len += (size_t)snprintf(buf + len, size - len, " %s", l);
                due++;
            }
        if (!due && len < size)
            len += (size_t)snprintf(buf + len, size - len, " none");
    }
}

int cli_split_moves(char *buf, char **tok, int max)
{
    int n = 0;
    char *save = NULL;
    for (char *t = strtok_r(buf, " \t\n,", &save); t;
         t = strtok_r(NULL, " \t\n,", &save)) {
        if (n >= max)
            return -1;
        tok[n++] = t;
    }
    return n;
}

int cli_token_move(const sow_setup *s, const sow_game *g, const char *tok,
                   int i, sow_move *mv, sow_error *err)
{
    if (g->over)
        return sow_error_set(err, NULL, 0, 0,
                             "token %d ('%.*s'): the %s is already over "
                             "after ply %d; nothing may follow",
                             i + 1, SOW_CLIP(tok, 40), s->match ? "match" : "game", g->ply);
    if (sow_move_parse(s, tok, mv, err)) {
        char msg[SOW_MSG_MAX], legal[481]; /* %.480s below */
        cli_format_moves(s, g->legal, g->nlegal, false, legal, sizeof legal);
        snprintf(msg, sizeof msg,
                 "ply %d: %.*s; the legal moves are: %.*s", g->ply,
                 SOW_CLIP(err->msg, 500), SOW_CLIP(legal, 480));
        snprintf(err->msg, sizeof err->msg, "%s", msg);
        return SOW_ERR;
    }
    return SOW_OK;
}
