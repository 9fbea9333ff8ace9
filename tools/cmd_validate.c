/* cmd_validate.c - `sow validate FILE...`: load and check variant files. */
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"

/* Check one file: 0 with its id in id[size], or 1 with the first
 * problem in *err. */
static int check_one(const char *path, const sow_budget *budget, char *id,
                     size_t size, sow_error *err)
{
    sow_variant *v = NULL;
    if (sow_variant_load(path, &v, err))
        return 1;
    sow_optset opts;
    sow_optset_defaults(v, &opts);
    sow_setup s;
    sow_lua *lua = NULL;
    int bad = 0;
    if (sow_setup_init(&s, v, &opts, err) ||
        sow_lua_open(&lua, v, &opts, err))
        bad = 1;
    if (lua)
        sow_lua_set_budget(lua, budget);
    /* every value of every enum and bool option must give a board */
    for (int i = 0; !bad && i < v->noptions; i++) {
        const sow_option_def *d = &v->options[i];
        int count = d->type == SOW_OPT_ENUM ? d->nvalues
                    : d->type == SOW_OPT_BOOL ? 2 : 0;
        for (int k = 0; k < count && !bad; k++) {
            sow_optset o2 = opts;
            o2.val[i].index = d->type == SOW_OPT_ENUM ? k : 0;
            o2.val[i].num = d->type == SOW_OPT_BOOL ? k
                            : d->param[k] ? 1 : 0;
            if (sow_setup_init(&s, v, &o2, err))
                bad = 1;
        }
    }
    snprintf(id, size, "%s", v->id);
    sow_lua_close(lua);
    sow_variant_free(v);
    return bad;
}

/* --json: one file's object of the "files" list. */
static void json_file(const char *path, int bad, const char *id,
                      const sow_error *err, bool first)
{
    printf("%s{\"file\":", first ? "" : ",");
    cli_json_string(stdout, path);
    printf(",\"ok\":%s,\"id\":", bad ? "false" : "true");
    cli_json_string(stdout, bad ? NULL : id);
    printf(",\"error\":");
    if (!bad) {
        printf("null}");
        return;
    }
    /* where (a file, line and column when known) and what */
    printf("{\"file\":");
    cli_json_string(stdout, err->path[0] ? err->path : NULL);
    printf(",\"line\":%d,\"col\":%d,\"message\":", err->line, err->col);
    cli_json_string(stdout, err->msg);
    printf("}}");
}

static void help(void)
{
    printf("usage: sow validate FILE... [--json] [--time-limit "
           "SECONDS]\n\n"
           "Load each variant file, "
           "its script and its hooks, and check every value\nof its "
           "options. Problems are printed as file:line:col: message; "
           "the exit\nstatus is 1 if any file has a problem.\n\n"
           "--json  one JSON object (schemas/validate.schema.json): "
           "\"files\", each with\n        ok, its id, and its first "
           "problem (file, line, col, message);\n        problems go "
           "to stderr too\n\n"
           CLI_TIME_LIMIT_HELP);
}

typedef struct validate_args {
    cli_opts o;
    bool json;
} validate_args;

/* --option is in the table only to be refused with the reason below */
static const flag_spec flags[] = {
    FL_BOOL("json", 0, validate_args, json),
    FLAGS_VARIANT(validate_args, o),
};
static const flag_cmd cmd = FLAGS_CMD("validate", help, flags);

int cmd_validate(int argc, char **argv)
{
    validate_args a = {0};
    flags_parsed p;
    if (!flags_parse(&cmd, argc, argv, &a, &p))
        return p.status;
    if (a.o.n)
        return cli_usage("validate", "--option is not taken: every "
                                     "value of every option is checked");
    if (!p.npos)
        return cli_usage("validate", "which files? e.g. sow validate "
                                     "variants/*.yaml");
    int nfiles = p.npos, bad = 0;
    char **files = p.pos;
    bool json = a.json;
    cli_opts o = a.o;
    sow_error err;
    double limit = cli_time_limit(&o, &err);
    if (limit < 0) {
        cli_error("validate", &err);
        return 1;
    }
    /* the whole run is bounded (issue 13 #11): each script has its 0.5 s,
     * and thousands of files add up */
    sow_budget budget;
    sow_budget_start(&budget, limit);
    if (json)
        printf("{\"format\":\"sow-validate\",\"version\":1,\"files\":[");
    for (int i = 0; i < nfiles; i++) {
        if (sow_budget_over(&budget)) {
            sow_budget_error(&budget, &err);
            cli_error("validate", &err);
            if (json)
                printf("]}\n"); /* still one whole JSON value */
            return 1;
        }
        char id[SOW_NAME_MAX + 64] = "";
        sow_error_clear(&err);
        int b = check_one(files[i], &budget, id, sizeof id, &err);
        if (b)
            cli_error("validate", &err);
        if (json)
            json_file(files[i], b, id, &err, i == 0);
        else if (!b)
            printf("%s: ok (%s)\n", files[i], id);
        bad |= b;
    }
    if (json)
        printf("]}\n");
    return bad;
}
