/* sow_egdb_verify.c - the check of every entry of an endgame database
 * against its moves one ply later (sow_egdb.h; docs/solving.md). */
#include <string.h>

#include "sow_egdb_run.h"

int sow_egdb_verify(const sow_egdb *db, sow_engine *e, uint64_t *bad,
                    uint64_t *unchecked, sow_error *err)
{
    const sow_setup *s = e->setup;
    *bad = *unchecked = 0;
    if (db->info.holes != s->holes)
        return sow_error_set(err, s->v->path, 0, 0,
                             "the database has %d holes, the variant %d",
                             db->info.holes, s->holes);
    run r = {.db = (sow_egdb *)db, .s = s, .val = (int8_t *)db->val};
    sow_game_init(s, &r.tmpl);
    memset(r.tmpl.board, 0, sizeof r.tmpl.board);
    sow_error first = {0};
    for (int k = 0; k <= db->info.seeds; k++) {
        uint16_t b[SOW_MAX_HOLES];
        int s0;
        uint64_t idx = db->off[k];
        for (bool more = sow_egdb_first(db, k, b, &s0); more;
             more = sow_egdb_next(db, b, &s0, k)) {
            for (int p = 0; p < 2; p++) {
                const uint64_t j = 2 * idx + (uint64_t)p;
                int want, wh, h, got = 2;
                if (db->val[j] != SOW_EGDB_CYCLE &&
                    (got = sow_egdb_best_of(&r, e, NULL, b, k, s0, j, &want, &wh, &h,
                                   err)) < 0)
                    return SOW_ERR;
                if (got == 2)
                    (*unchecked)++;
                else if (db->val[j] != want && (*bad)++ == 0)
                    sow_error_set(&first, NULL, 0, 0,
                                  "entry %llu (%d seeds, %s to move) holds "
                                  "%d, its moves give %d",
                                  (unsigned long long)j, k,
                                  p ? "North" : "South", db->val[j], want);
            }
            idx++;
        }
    }
    if (*bad)
        *err = first;
    return SOW_OK;
}
