/* cmd_list.c - `sow list`: the variants found, one line each. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "flags.h"
#include "sow_text.h"

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

typedef struct list_ctx {
    int n;
    bool json;
    char *ids[256];
    char *lines[256];
} list_ctx;

/* One line per id: the first file found for an id wins, as in lookup. */
static int add_line(void *ctx, const char *path, const sow_variant *v)
{
    list_ctx *lc = ctx;
    for (int k = 0; k < lc->n; k++)
        if (strcmp(lc->ids[k], v->id) == 0)
            return 0;
    if (lc->n >= 256)
        return 1;
    /* the whole summary, however long (issue 13 #7: no line cut short) */
    sow_buf line = {0};
    if (lc->json) {
        /* an object of the "variants" list; the id first, so that the
         * lines sort by it as the text ones do */
        sow_buf_add(&line, "{\"id\":\"");
        sow_text_escape(v->id, SOW_ESC_JSON, sow_buf_put, &line);
        sow_buf_add(&line, "\",\"name\":\"");
        sow_text_escape(v->name, SOW_ESC_JSON, sow_buf_put, &line);
        sow_buf_add(&line, "\",\"summary\":\"");
        sow_text_escape(v->summary, SOW_ESC_JSON, sow_buf_put, &line);
        sow_buf_add(&line, "\",\"file\":\"");
        sow_text_escape(path, SOW_ESC_JSON, sow_buf_put, &line);
        sow_buf_add(&line, "\"}");
    } else {
        sow_buf_add(&line, "%-14s %-14s %s", v->id, v->name, v->summary);
    }
    char *id = strdup(v->id);
    if (line.oom || !id) {
        sow_buf_free(&line);
        free(id);
        return 1;
    }
    lc->ids[lc->n] = id;
    lc->lines[lc->n++] = line.s;
    return 0;
}

static void help(void)
{
    printf("usage: sow list [--json]\n\nList the variants found: "
           "id, name and a one-line summary.\nSearched: "
           "$SOW_VARIANTS (DIR[:DIR]), then the variants bundled "
           "beside\nthe program and the installed ones. Files that "
           "do not load are skipped\n(use 'sow validate FILE' to see "
           "why).\n\n--json  one JSON object (schemas/"
           "list.schema.json): \"variants\", a list of\n        id, "
           "name, summary and file, by id\n");
}

typedef struct list_args {
    bool json;
} list_args;

static const flag_spec flags[] = {
    FL_BOOL("json", 0, list_args, json),
};
static const flag_cmd cmd = FLAGS_CMD("list", help, flags);

int cmd_list(int argc, char **argv)
{
    list_args a = {0};
    flags_parsed p;
    if (!flags_parse(&cmd, argc, argv, &a, &p))
        return p.status;
    if (p.npos)
        return cli_usage("list", "unexpected argument '%s'", p.pos[0]);
    list_ctx lc = {0};
    lc.json = a.json;
    cli_scan_variants(add_line, &lc);
    char **lines = lc.lines;
    int nlines = lc.n;
    qsort(lines, (size_t)nlines, sizeof *lines, cmp);
    if (lc.json)
        printf("{\"format\":\"sow-list\",\"version\":1,\"variants\":[");
    for (int i = 0; i < nlines; i++) {
        if (lc.json)
            printf("%s%s", i ? "," : "", lines[i]);
        else
            printf("%s\n", lines[i]);
        free(lines[i]);
        free(lc.ids[i]);
    }
    if (lc.json)
        printf("]}\n");
    if (nlines == 0) {
        fprintf(stderr, "sow list: no variants found; set SOW_VARIANTS to a "
                        "directory of .yaml files\n");
        return 1;
    }
    return 0;
}
