/* fuzz_scenario.c - libFuzzer harness: scenario files (sow_scenario.h).
 *
 * The input is a scenario file. It is loaded from memory
 * (sow_scenario_load_text) and up to four of its cases are run
 * (sow_scenario_run) on the shipped variant its `variant:` line names
 * (Adji Kui II when it mentions kui_2 or kui-2, Andada when it mentions
 * andada, Adji-Boto when it mentions boto, else Adji Kui I), with the
 * variant's own script. Findings: crashes, sanitizer reports, leaks,
 * timeouts, error messages that are empty or not one line. */
#include "fuzz.h"
#include "sow_scenario.h"

#define MAX_CASES 4

enum { KUI1, KUI2, ANDADA, BOTO, NVAR };
static fuzz_variant var[NVAR];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_open(&var[KUI1], "adji_kui_1.yaml", NULL, 0);
    fuzz_open(&var[KUI2], "adji_kui_2.yaml", NULL, 0);
    fuzz_open(&var[ANDADA], "andada.yaml", NULL, 0);
    fuzz_open(&var[BOTO], "adji_boto.yaml", NULL, 0);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sow_scenario_file *f = NULL;
    sow_error err;
    if (sow_scenario_load_text("fuzz/scenarios/s.yaml", (const char *)data,
                               size, &f, &err)) {
        fuzz_check_error(&err);
        return 0;
    }
    bool is_path = false;
    char path[1024];
    int line, col;
    const char *name = sow_scenario_variant(f, &is_path, path, sizeof path,
                                            &line, &col);
    name = name ? name : "";
    int which = strstr(name, "kui_2") || strstr(name, "kui-2") ? KUI2
                : strstr(name, "andada")                      ? ANDADA
                : strstr(name, "boto")                        ? BOTO
                                                              : KUI1;
    int n = sow_scenario_count(f);
    for (int k = 0; k < n && k < MAX_CASES; k++) {
        static sow_scenario_outcome out; /* large: not on the stack */
        const char *ids[SOW_SCN_MAX_RULES];
        sow_scenario_name(f, k, &line, &col);
        sow_scenario_rules(f, k, ids, SOW_SCN_MAX_RULES);
        if (sow_scenario_run(f, k, var[which].k.v, NULL, &out, &err))
            fuzz_check_error(&err);
    }
    sow_scenario_free(f);
    return 0;
}
