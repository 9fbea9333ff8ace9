/* cmd_list.c - `sow list`: the variants found, one line each. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int cmd_list(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: sow list\n\nList the variants found: id, name "
                   "and a one-line summary.\nSearched: $SOW_VARIANTS "
                   "(DIR[:DIR]), then the variants bundled beside\nthe "
                   "program and the installed ones. Files that do not load "
                   "are skipped\n(use 'sow validate FILE' to see why).\n");
            return 0;
        }
        return cli_usage("list", "unexpected argument '%s'", argv[i]);
    }
    char dirs[CLI_MAX_DIRS][1024];
    int nd = cli_variant_dirs(dirs, CLI_MAX_DIRS);
    char *seen[256];
    int nseen = 0;
    char *lines[256];
    int nlines = 0;
    for (int d = 0; d < nd; d++) {
        DIR *dir = opendir(dirs[d]);
        if (!dir)
            continue;
        struct dirent *de;
        while ((de = readdir(dir))) {
            size_t l = strlen(de->d_name);
            if (l < 6 || strcmp(de->d_name + l - 5, ".yaml") != 0)
                continue;
            char p[1400];
            snprintf(p, sizeof p, "%s/%s", dirs[d], de->d_name);
            sow_variant *v;
            sow_error e;
            if (sow_variant_load(p, &v, &e))
                continue;
            bool dup = false;
            for (int k = 0; k < nseen; k++)
                if (strcmp(seen[k], v->id) == 0)
                    dup = true;
            if (!dup && nseen < 256 && nlines < 256) {
                seen[nseen++] = strdup(v->id);
                char line[512];
                snprintf(line, sizeof line, "%-14s %-14s %s", v->id, v->name,
                         v->summary);
                lines[nlines++] = strdup(line);
            }
            sow_variant_free(v);
        }
        closedir(dir);
    }
    qsort(lines, (size_t)nlines, sizeof *lines, cmp);
    for (int i = 0; i < nlines; i++) {
        printf("%s\n", lines[i]);
        free(lines[i]);
    }
    for (int i = 0; i < nseen; i++)
        free(seen[i]);
    if (nlines == 0) {
        fprintf(stderr, "sow list: no variants found; set SOW_VARIANTS to a "
                        "directory of .yaml files\n");
        return 1;
    }
    return 0;
}
