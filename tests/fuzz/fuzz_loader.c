/* fuzz_loader.c - libFuzzer harness: YAML text -> variant.
 *
 * The input is a variant file. It goes through sow_yaml and sow_loader
 * (sow_variant_load_text, nothing read from disk), and, when it loads,
 * through sow_setup_init for the defaults and for every value of each
 * enum and bool option (as `sow validate` does). A single-lap variant
 * that names no hooks is also played for a few random plies by the engine
 * alone (no script is needed). Findings: crashes, sanitizer reports, leaks, timeouts,
 * error messages that are empty or not one line, seeds not conserved. */
#include "fuzz.h"

static void play_plain(const sow_setup *s, uint64_t seed)
{
    sow_rules rules;
    memset(&rules, 0, sizeof rules);
    sow_engine e;
    sow_error err;
    if (sow_engine_init(&e, s, &rules, &err)) {
        fuzz_check_error(&err);
        return;
    }
    sow_match m;
    sow_game g;
    if (sow_match_start(&e, &m, &g, &err))
        fuzz_check_error(&err);
    else
        fuzz_play(&e, s, &m, &g, seed, 40);
    sow_engine_free(&e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sow_variant *v = NULL;
    sow_error err;
    if (sow_variant_load_text("fuzz/variant.yaml", (const char *)data, size,
                              &v, &err)) {
        fuzz_check_error(&err);
        return 0;
    }
    sow_optset o;
    sow_optset_defaults(v, &o);
    static sow_setup s; /* large: not on the stack */
    bool hooks = false;
    for (int h = 0; h < SOW_HOOK_COUNT; h++)
        hooks |= v->hook_fn[h] != NULL;
    if (sow_setup_init(&s, v, &o, &err) == SOW_OK) {
        /* relay laps without a rule that stops them take seconds to be
         * refused (the sowing machine's lap cap: tests/fuzz/crashes/), so
         * only single-lap variants are played here; fuzz_lua plays relay */
        if (!hooks && !v->relay)
            play_plain(&s, fuzz_hash(data, size));
    } else {
        fuzz_check_error(&err);
    }
    for (int i = 0; i < v->noptions; i++) {
        const sow_option_def *d = &v->options[i];
        int count = d->type == SOW_OPT_ENUM   ? d->nvalues
                    : d->type == SOW_OPT_BOOL ? 2
                                              : 0;
        for (int k = 0; k < count; k++) {
            sow_optset o2 = o;
            o2.val[i].index = d->type == SOW_OPT_ENUM ? k : 0;
            o2.val[i].num = d->type == SOW_OPT_BOOL ? k : d->param[k] ? 1 : 0;
            if (sow_setup_init(&s, v, &o2, &err))
                fuzz_check_error(&err);
        }
        char buf[128];
        sow_optval_format(d, d->def, buf, sizeof buf);
    }
    sow_variant_free(v);
    return 0;
}
