/* record_in.c - a game record read back as the game to replay (see
 * record_in.h). */
#include "record_in.h"
#include "sow_move.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sow_file.h"
#include "sow_json.h"

#define RECORD_MAX (64u << 20) /* a record of a very long match fits */
#define HINT "is it a record written by sow replay --json or the page's Save record?"

/* A move of a ply line: a number (a hole) or a string (a decision, a
 * directed move), appended to r->moves. */
static int read_move(sow_json *j, record_in *r)
{
    char tok[256]; /* (a layout names a count per own hole, MW.2) */
    if (sow_json_peek(j) == SOW_JSON_NUMBER) {
        uint64_t h;
        if (sow_json_uint(j, "field \"move\"", 0, 1000000, &h))
            return SOW_ERR;
        snprintf(tok, sizeof tok, "%llu", (unsigned long long)h);
    } else if (sow_json_string(j, "field \"move\"", tok, sizeof tok))
        return SOW_ERR;
    /* one token as sow_move_tokens reads a move list: no space, and no
     * comma but that of a turn's part (NS.6: "13,x32"; C2.3, BK:
     * "+11,k15,k8", "8/cw,k8,stop") or of a layout ("layout:2,2", MW.2) */
    char copy[sizeof tok], *save = NULL;
    memcpy(copy, tok, sizeof tok);
    const char *t = sow_move_tokens(copy, &save);
    bool one = t == copy && strcmp(t, tok) == 0;
    if (!one)
        return sow_json_fail(j, j->at, "the move '%s' is not a move token", tok);
    sow_buf_add(&r->moves, r->moves.len ? " %s" : "%s", tok);
    return SOW_OK;
}

/* The "options" object of the first line: "name": "value" strings. */
static int read_options(sow_json *j, record_in *r)
{
    if (sow_json_peek(j) != SOW_JSON_OBJECT)
        return sow_json_fail(j, j->at, "field \"options\" is %s; it is an "
                             "object of option names and values as text",
                             sow_json_noun(sow_json_peek(j)));
    if (sow_json_enter(j))
        return SOW_ERR;
    char name[SOW_NAME_MAX], value[128];
    int more;
    while ((more = sow_json_next(j, name, sizeof name)) == 1) {
        if (sow_json_string(j, "an option's value", value, sizeof value))
            return SOW_ERR;
        if (r->nopt >= CLI_MAX_OPTION_ARGS / 2)
            return sow_json_fail(j, j->at, "more options than a variant has");
        sow_buf_add(&r->opts, "%s=%s", name, value);
        sow_buf_put(&r->opts, "", 1); /* the NUL that ends it */
        r->nopt++;
    }
    return more < 0 ? SOW_ERR : SOW_OK;
}

/* One line (an object): the first line's names, every ply line's move. */
static int read_line(const char *text, size_t len, const char *file,
                     int line, bool first, record_in *r, sow_error *err)
{
    sow_json j;
    sow_json_init(&j, text, len, file, HINT, err);
    j.line = line; /* the reader sees one line; errors name the file's */
    sow_json_kind k = sow_json_peek(&j);
    if (k != SOW_JSON_OBJECT)
        return sow_json_fail(&j, j.at, "a record's line is a JSON object; "
                             "this is %s", k == SOW_JSON_NONE
                                               ? "not JSON"
                                               : sow_json_noun(k));
    if (sow_json_enter(&j))
        return SOW_ERR;
    char key[32];
    bool ply = false;
    int more;
    size_t at = r->moves.len;
    bool moved = false;
    while ((more = sow_json_next(&j, key, sizeof key)) == 1) {
        int rc;
        if (!strcmp(key, "ply"))
            ply = true, rc = sow_json_skip(&j);
        else if (!strcmp(key, "move"))
            moved = true, rc = read_move(&j, r);
        else if (first && !strcmp(key, "variant"))
            rc = sow_json_string(&j, "field \"variant\"", r->variant,
                                 sizeof r->variant);
        else if (first && !strcmp(key, "digest"))
            rc = sow_json_string(&j, "field \"digest\"", r->digest,
                                 sizeof r->digest);
        else if (first && !strcmp(key, "options"))
            rc = read_options(&j, r);
        else
            rc = sow_json_skip(&j);
        if (rc)
            return SOW_ERR;
    }
    if (more < 0 || sow_json_end(&j))
        return SOW_ERR;
    if (moved && !ply) { /* a "move" outside a ply line is not a move */
        r->moves.len = at;
        if (r->moves.s)
            r->moves.s[at] = '\0';
    }
    return SOW_OK;
}

static int read_record(const char *file, record_in *r, sow_error *err)
{
    char *text = NULL;
    size_t len = 0;
    if (sow_file_read_own(file, RECORD_MAX, "record", &text, &len, err))
        return SOW_ERR;
    int rc = SOW_OK, line = 0;
    bool first = true;
    for (char *p = text; rc == SOW_OK && p < text + len;) {
        char *nl = memchr(p, '\n', (size_t)(text + len - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(text + len - p);
        line++;
        size_t k = 0;
        while (k < n && (p[k] == ' ' || p[k] == '\t' || p[k] == '\r'))
            k++;
        if (k < n) {
            rc = read_line(p, n, file, line, first, r, err);
            first = false;
        }
        p += n + (nl ? 1 : 0);
    }
    free(text);
    if (rc == SOW_OK && (r->moves.oom || r->opts.oom))
        rc = sow_error_set(err, file, 0, 0, "out of memory for the record");
    if (rc == SOW_OK && !r->moves.len)
        rc = sow_error_set(err, file, 0, 0,
                           "no ply lines ({\"ply\":...,\"move\":...}) in it; "
                           "a record is the JSON Lines of sow replay --json");
    return rc;
}

const char *record_in_use(const char *cmd, const char *file, flags_parsed *p,
                          cli_opts *o, const char **moves, record_in *r)
{
    if (*moves) {
        p->status = cli_usage(cmd, "--moves and --record both give the moves: "
                                   "give one of them");
        return NULL;
    }
    if (p->npos > 1) {
        p->status = cli_usage(cmd, "one variant at a time ('%s' and '%s')",
                              p->pos[0], p->pos[1]);
        return NULL;
    }
    sow_error err;
    if (read_record(file, r, &err)) {
        cli_error(cmd, &err);
        p->status = 1;
        return NULL;
    }
    const char *variant = p->npos ? p->pos[0] : r->variant;
    /* a variant named by its id that is not the record's: the record's
     * options and moves would be read as another game's */
    if (p->npos && r->variant[0] && !strchr(variant, '/') &&
        !strstr(variant, ".yaml") && strcmp(variant, r->variant) != 0) {
        p->status = cli_usage(cmd, "%s is a record of %s, not of %s: leave "
                                   "the variant out (sow %s --record %s), or "
                                   "name %s or a file of it",
                              file, r->variant, variant, cmd, file,
                              r->variant);
        return NULL;
    }
    if (!variant[0]) {
        p->status = cli_usage(cmd, "%s names no variant (a record of an older "
                                   "sow): name it, e.g. sow %s oware --record "
                                   "%s", file, cmd, file);
        return NULL;
    }
    /* the record's options, unless the command line chose its own */
    if (o->n == 0)
        for (const char *s = r->opts.s; s && s < r->opts.s + r->opts.len;
             s += strlen(s) + 1)
            o->arg[o->n++] = s;
    *moves = r->moves.s;
    return variant;
}

const char *record_in_variant(const flag_cmd *c, int argc, char **argv,
                              void *args, flags_parsed *p,
                              const char *example, const char *const *record,
                              cli_opts *o, const char **moves, record_in *r)
{
    if (!flags_parse(c, argc, argv, args, p))
        return NULL;
    if (*record)
        return record_in_use(c->name, *record, p, o, moves, r);
    const char *v = flags_variant(p, example);
    if (!v)
        p->status = 2;
    return v;
}

int record_in_check(const char *cmd, const char *file, const record_in *r,
                    const sow_setup *s, bool ignore)
{
    if (ignore)
        return 0;
    if (r->variant[0] && strcmp(r->variant, s->v->id) != 0) {
        fprintf(stderr, "sow %s: %s is a record of %s, and %s is %s: give "
                        "a file of %s, or --ignore-digest to replay it on %s "
                        "anyway\n",
                cmd, file, r->variant, s->v->path, s->v->id, r->variant,
                s->v->id);
        return 1;
    }
    if (!r->digest[0])
        return 0;
    char here[SOW_RECORD_DIGEST_MAX];
    sow_error err;
    if (sow_record_digest(s->v, here, &err)) {
        cli_error(cmd, &err);
        return 1;
    }
    if (!strcmp(here, r->digest))
        return 0;
    fprintf(stderr,
            "sow %s: %s was played on other files of variant %s than %s%s%s "
            "(the record's digest %s, these files' %s): an edited copy or "
            "another version of them, whose rules may differ; replay it on "
            "the files it was played on, or give --ignore-digest to replay "
            "it on these anyway\n",
            cmd, file, r->variant[0] ? r->variant : s->v->id, s->v->path,
            s->v->script_path ? " and " : "",
            s->v->script_path ? s->v->script_path : "", r->digest, here);
    return 1;
}

void record_in_free(record_in *r)
{
    sow_buf_free(&r->moves);
    sow_buf_free(&r->opts);
}
