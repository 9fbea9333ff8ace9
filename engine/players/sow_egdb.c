/* sow_egdb.c - endgame databases (sow_egdb.h; docs/solving.md).
 *
 * The build goes level by level: every board of 0 seeds, then of 1, ...
 * A move from a board of k seeds leads to a finished game, to a board of
 * fewer seeds (its level is built) or to one of k seeds (seeds only moved
 * round). Within a level the positions are solved depth first, on an
 * explicit stack: a child of the same level not yet known is solved
 * before its parent goes on; one that is on the stack is a cycle, which
 * the database cannot value (the game's value would depend on how the
 * variant ends it), and stops the build with an error. Each value is then
 * exactly the best of the moves' values, which is what verify checks
 * again, entry by entry. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sow_egdb.h"
#include "sow_file.h"
#include "sow_num.h"
#include "sow_solve.h"

#define HEADER 128
static const char MAGIC[8] = {'S', 'O', 'W', 'E', 'G', 'D', 'B', '\n'};
#define MAX_ENTRIES (1ULL << 36) /* 64 GiB: far past this machine */

struct sow_egdb {
    sow_egdb_info info;
    const int8_t *val;       /* the entries (mapped) */
    void *map;
    size_t map_len;
    /* ranking: f[n][m] boards of n seeds on m holes, off[k] the first
     * index of level k */
    uint64_t (*f)[SOW_MAX_HOLES + 1];
    uint64_t off[SOW_EGDB_MAX_SEEDS + 2];
};

/* h stepped over n bytes: 8-byte words, then the tail with the length. */
static uint64_t hash_bytes(uint64_t h, const void *p, uint64_t n)
{
    const unsigned char *c = p;
    uint64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, c + i, 8);
        h = sow_hash_step(h, w);
    }
    uint64_t tail = 0;
    memcpy(&tail, c + i, (size_t)(n - i));
    return sow_hash_step(h, tail ^ n << 56);
}

/* ---- what can have a database ------------------------------------------ */

int sow_egdb_check(const sow_setup *s, sow_error *err)
{
    const sow_variant *v = s->v;
    const char *why = NULL;
    if (v->script)
        why = "it has a script (a hook may read anything)";
    else if (s->match || s->rounds)
        why = "it is played as a match or in rounds (the stores carry over)";
    else if (!sow_solve_stores_apart(s))
        why = "its future depends on the stores (a threshold end, a "
              "winner not by the totals, or no scores)";
    else if (s->repetition)
        why = "the repetition rule is on (a value would depend on the "
              "positions before it)";
    else if (s->no_capture_plies > 0)
        why = "a no-capture limit is on (a value would depend on the plies "
              "since a capture)";
    else if (sow_solve_ply_until(s) > 0)
        why = "a rule reads the ply (an opening rule or phase)";
    else if (v->ndecisions > 0 || v->nphases > 0)
        why = "it has decision moves or phases";
    else if (s->dir_rule == SOW_DIR_CHOSEN)
        why = "the direction is chosen once per game";
    else if (s->no_undo || s->rest == SOW_REST_LAST_MOVER || s->row_empty_end)
        why = "a rule reads the last move (its mover or its seeds)";
    if (why)
        return sow_error_set(err, v->path, 0, 0,
                             "variant %s cannot have an endgame database: "
                             "%s; databases index the board and the player "
                             "to move alone (docs/solving.md)", v->id, why);
    return SOW_OK;
}

int sow_egdb_digest(const sow_setup *s, uint64_t *out, sow_error *err)
{
    char *text = NULL;
    size_t len = 0;
    if (sow_file_read(s->v->path, 4u << 20, "variant file", &text, &len, err))
        return SOW_ERR;
    uint64_t h = hash_bytes(0x6A09E667F3BCC908ULL, text, len);
    free(text);
    for (int k = 0; k < s->opts.n; k++) {
        char buf[128];
        sow_optval_format(&s->v->options[k], s->opts.val[k], buf, sizeof buf);
        for (const char *c = buf; *c; c++)
            h = sow_hash_step(h, (uint64_t)(unsigned char)*c);
        h = sow_hash_step(h, 0x100 + (uint64_t)k);
    }
    *out = sow_mix64(h);
    return SOW_OK;
}

int sow_egdb_path(const sow_setup *s, const char *dir, char *buf,
                  size_t size, sow_error *err)
{
    uint64_t d;
    if (sow_egdb_digest(s, &d, err))
        return SOW_ERR;
    int n = snprintf(buf, size, "%s/%s-%016llx.egdb", dir, s->v->id,
                     (unsigned long long)d);
    if (n < 0 || (size_t)n >= size)
        return sow_error_set(err, NULL, 0, 0,
                             "the database folder's path is too long (%s)",
                             dir);
    return SOW_OK;
}

/* ---- ranking boards -------------------------------------------------------- */

/* The counts of db (holes and seeds in db->info): false when past
 * MAX_ENTRIES. */
static bool counts(sow_egdb *db)
{
    const int H = db->info.holes, N = db->info.seeds;
    db->f = calloc((size_t)N + 1, sizeof *db->f);
    if (!db->f)
        return false;
    for (int n = 0; n <= N; n++)
        for (int m = 0; m <= H; m++) {
            uint64_t c = m == 0 ? (n == 0) : m == 1 ? 1
                       : n == 0 ? 1
                                : db->f[n][m - 1] + db->f[n - 1][m];
            /* f(n, m) = f(n, m-1) + f(n-1, m): the last hole empty or not */
            db->f[n][m] = c > MAX_ENTRIES ? MAX_ENTRIES + 1 : c;
        }
    uint64_t total = 0;
    for (int k = 0; k <= N; k++) {
        db->off[k] = total;
        total += db->f[k][H];
        if (total > MAX_ENTRIES / 2)
            return false;
    }
    db->off[N + 1] = total;
    db->info.entries = 2 * total;
    return true;
}

/* The index of board b of k seeds (k <= the database's seeds). */
static inline uint64_t rank_of(const sow_egdb *db, const uint16_t *b, int k)
{
    const int H = db->info.holes;
    uint64_t idx = db->off[k];
    int r = k;
    for (int i = 0; i + 1 < H && r > 0; i++) {
        const int m = H - i;
        idx += db->f[r][m] - db->f[r - b[i]][m];
        r -= b[i];
    }
    return idx;
}

/* The next board of the same count in rank order; false after the last. */
static bool next_board(uint16_t *b, int H)
{
    if (H < 2)
        return false;
    if (b[H - 1] > 0) {
        b[H - 2]++;
        b[H - 1]--;
        return true;
    }
    int i = H - 2;
    while (i >= 0 && b[i] == 0)
        i--;
    if (i <= 0)
        return false;
    b[H - 1] = (uint16_t)(b[i] - 1);
    b[i] = 0;
    b[i - 1]++;
    return true;
}

bool sow_egdb_probe(const sow_egdb *db, const sow_game *g, int *margin)
{
    if (g->on_board > db->info.seeds || g->on_board < 0)
        return false;
    int8_t v = db->val[2 * rank_of(db, g->board, g->on_board) + g->to_move];
    if (v == SOW_EGDB_NONE)
        return false;
    *margin = v;
    return true;
}

/* ---- one position ---------------------------------------------------------- */

/* The fields of a game that the database does not index: a move that
 * changes one of them is beyond it. */
static const char *unindexed_change(const sow_game *t, const sow_game *c)
{
    if (c->owns[0] != t->owns[0] || c->owns[1] != t->owns[1])
        return "a move changed the owner of a hole";
    if (c->claims[0] | c->claims[1] | c->blocked)
        return "a move claimed or closed a hole";
    if (c->played[0] | c->played[1] || c->phase != t->phase ||
        c->bearoff_on != t->bearoff_on)
        return "a move changed the phase";
    if (memcmp(c->state, t->state, sizeof c->state))
        return "a move changed the game's state";
    return NULL;
}

/* The position (board b, player p to move) as a game: the setup's start
 * with b, nothing captured; false when p has no move. */
static int position(sow_engine *e, const sow_game *tmpl, const uint16_t *b,
                    int k, int p, sow_game *g, sow_error *err)
{
    const sow_setup *s = e->setup;
    *g = *tmpl;
    memcpy(g->board, b, (size_t)s->holes * sizeof *b);
    g->on_board = k;
    g->to_move = (uint8_t)p;
    uint16_t legal[SOW_MAX_LEGAL];
    uint64_t endless = 0;
    int n = sow_legal_moves(s, &e->rules, g, p, legal, &endless, err);
    if (n < 0)
        return -1;
    memset(g->legal, 0, sizeof g->legal);
    memcpy(g->legal, legal, (size_t)n * sizeof *legal);
    g->nlegal = n;
    g->endless_mask = endless;
    return n > 0;
}

/* A build or a check in progress. */
typedef struct run {
    sow_egdb *db;
    sow_engine *e;
    sow_game tmpl;          /* the start with an empty board */
    int8_t *val;            /* values (the file's, or the build's) */
    uint8_t *mark;          /* build: 0 unknown, 1 on the stack, 2 known */
    uint16_t *height;       /* build: the longest line each value rests on */
    int max_height;
    sow_error *err;
} run;

#define UNKNOWN_CHILD 1 /* play_move: a child of the level, not known yet */

/* Play move i of g (a position of k seeds): its value (the margin from g
 * on) into *v and the longest line it rests on into *h; or UNKNOWN_CHILD
 * with the child's index in *idx. Errors: -1. */
static int play_move(run *r, const sow_game *g, int k, int i, int *v, int *h,
                     uint64_t *idx)
{
    const sow_setup *s = r->e->setup;
    sow_game c = *g;
    if (sow_engine_play(r->e, &c, g->legal[i], r->err))
        return -1;
    if (c.over) {
        if (c.result.unfinished)
            return sow_error_set(r->err, s->v->path, 0, 0,
                                 "a line reaches max_plies (%d) unfinished, "
                                 "so values would depend on it",
                                 s->max_plies);
        *v = c.result.score[0] - c.result.score[1];
        *h = 1;
        return 0;
    }
    const char *why = unindexed_change(&r->tmpl, &c);
    if (!why && c.on_board > k)
        why = "a move added seeds to the board";
    if (why)
        return sow_error_set(r->err, s->v->path, 0, 0,
                             "variant %s cannot have an endgame database: "
                             "%s, which the database does not index",
                             s->v->id, why);
    uint64_t j = 2 * rank_of(r->db, c.board, c.on_board) + c.to_move;
    if (r->mark && r->mark[j] != 2) {
        if (r->mark[j] == 1)
            return sow_error_set(r->err, s->v->path, 0, 0,
                                 "variant %s cannot have an endgame "
                                 "database: a position of %d seed%s can "
                                 "recur (a cycle), and its value would "
                                 "depend on how the game ends one",
                                 s->v->id, k, k == 1 ? "" : "s");
        *idx = j;
        return UNKNOWN_CHILD;
    }
    if (r->val[j] == SOW_EGDB_NONE)
        return sow_error_set(r->err, s->v->path, 0, 0,
                             "entry %llu: a move leads to a position the "
                             "database marks as without moves",
                             (unsigned long long)j);
    *v = c.captured[0] - c.captured[1] + r->val[j];
    *h = 1 + (r->height ? r->height[j] : 0);
    return 0;
}

/* ---- building ---------------------------------------------------------------- */

typedef struct frame {
    sow_game g;
    uint64_t idx;
    int i, best, height;
} frame;

typedef struct stack {
    frame *f;
    size_t n, cap;
} stack;

static frame *push(stack *st, sow_error *err)
{
    if (st->n == st->cap) {
        size_t cap = st->cap ? 2 * st->cap : 64;
        frame *f = realloc(st->f, cap * sizeof *f);
        if (!f) {
            sow_error_set(err, NULL, 0, 0, "out of memory");
            return NULL;
        }
        st->f = f;
        st->cap = cap;
    }
    return &st->f[st->n++];
}

/* Open a frame for entry idx (board b of k seeds, player p); a position
 * without moves is known at once. Returns -1, 0 (pushed) or 1 (known). */
static int open_entry(run *r, stack *st, const uint16_t *b, int k, int p,
                      uint64_t idx)
{
    sow_game g;
    int has = position(r->e, &r->tmpl, b, k, p, &g, r->err);
    if (has < 0)
        return -1;
    if (!has) {
        r->val[idx] = SOW_EGDB_NONE;
        r->mark[idx] = 2;
        return 1;
    }
    frame *f = push(st, r->err);
    if (!f)
        return -1;
    f->g = g;
    f->idx = idx;
    f->i = 0;
    f->best = p == 0 ? -1000000 : 1000000;
    f->height = 0;
    r->mark[idx] = 1;
    return 0;
}

/* Solve entry idx and every unknown entry of its level it leads to. */
static int solve_entry(run *r, stack *st, const uint16_t *b, int k, int p,
                       uint64_t idx)
{
    const sow_setup *s = r->e->setup;
    int rc = open_entry(r, st, b, k, p, idx);
    if (rc)
        return rc < 0 ? -1 : 0;
    while (st->n > 0) {
        frame *f = &st->f[st->n - 1];
        if (f->i == f->g.nlegal) {
            if (f->best < -127 || f->best > 127)
                return sow_error_set(r->err, s->v->path, 0, 0,
                                     "a margin of %d is past what a "
                                     "database entry holds (-127 to 127)",
                                     f->best);
            r->val[f->idx] = (int8_t)f->best;
            r->height[f->idx] = (uint16_t)(f->height > 65535 ? 65535
                                                             : f->height);
            if (f->height > r->max_height)
                r->max_height = f->height;
            r->mark[f->idx] = 2;
            st->n--;
            continue;
        }
        int v = 0, h = 0;
        uint64_t j = 0;
        int got = play_move(r, &f->g, k, f->i, &v, &h, &j);
        if (got < 0)
            return -1;
        if (got == UNKNOWN_CHILD) {
            /* the child's board, from its index's parity and a replay */
            sow_game c = f->g;
            if (sow_engine_play(r->e, &c, f->g.legal[f->i], r->err))
                return -1;
            uint16_t cb[SOW_MAX_HOLES];
            memcpy(cb, c.board, sizeof cb);
            if (open_entry(r, st, cb, k, c.to_move, j) < 0)
                return -1;
            continue; /* f may have moved: the loop takes the top again */
        }
        if (f->g.to_move == 0 ? v > f->best : v < f->best)
            f->best = v;
        if (h > f->height)
            f->height = h;
        f->i++;
    }
    return 0;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}
static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}
static uint32_t get32(const uint8_t *p)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint32_t)p[i] << 8 * i;
    return v;
}
static uint64_t get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << 8 * i;
    return v;
}

/* The checksum of n entries. */
static uint64_t checksum(const int8_t *val, uint64_t n)
{
    return sow_mix64(hash_bytes(0x9E3779B97F4A7C15ULL, val, n));
}

static void header(uint8_t *hd, const sow_egdb_info *in)
{
    memset(hd, 0, HEADER);
    memcpy(hd, MAGIC, 8);
    put32(hd + 8, SOW_EGDB_VERSION);
    put32(hd + 12, HEADER);
    put32(hd + 16, (uint32_t)in->holes);
    put32(hd + 20, (uint32_t)in->seeds);
    put64(hd + 24, in->entries);
    put64(hd + 32, in->digest);
    put64(hd + 40, in->checksum);
    put32(hd + 48, (uint32_t)in->max_height);
    memcpy(hd + 56, in->id, strnlen(in->id, 63));
}

/* Write the header and the values to path (by way of path.part). */
static int write_file(const char *path, const sow_egdb_info *in,
                      const int8_t *val, sow_error *err)
{
    char tmp[4200];
    int n = snprintf(tmp, sizeof tmp, "%s.part", path);
    if (n < 0 || (size_t)n >= sizeof tmp)
        return sow_error_set(err, NULL, 0, 0, "the path %s is too long",
                             path);
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return sow_error_set(err, tmp, 0, 0, "cannot write: %s",
                             strerror(errno));
    uint8_t hd[HEADER];
    header(hd, in);
    bool ok = fwrite(hd, 1, HEADER, f) == HEADER &&
              fwrite(val, 1, in->entries, f) == in->entries;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path)) {
        int e = errno;
        remove(tmp);
        return sow_error_set(err, path, 0, 0, "cannot write: %s",
                             strerror(e));
    }
    return SOW_OK;
}

/* A database object of holes and seeds with its counts; NULL (err set)
 * past the limits. */
static sow_egdb *sized(const sow_setup *s, int holes, int seeds,
                       sow_error *err)
{
    if (seeds < 0 || seeds > SOW_EGDB_MAX_SEEDS || holes < 2 ||
        holes > SOW_MAX_HOLES) {
        sow_error_set(err, NULL, 0, 0,
                      "a database of %d seeds on %d holes: seeds are 0 to "
                      "%d, holes 2 to %d", seeds, holes, SOW_EGDB_MAX_SEEDS,
                      SOW_MAX_HOLES);
        return NULL;
    }
    sow_egdb *db = calloc(1, sizeof *db);
    if (!db) {
        sow_error_set(err, NULL, 0, 0, "out of memory");
        return NULL;
    }
    db->info.holes = holes;
    db->info.seeds = seeds;
    if (!counts(db)) {
        sow_error_set(err, s ? s->v->path : NULL, 0, 0,
                      "a database of %d seeds on %d holes has more than "
                      "%llu entries; give fewer seeds", seeds, holes,
                      (unsigned long long)MAX_ENTRIES);
        sow_egdb_close(db);
        return NULL;
    }
    return db;
}

int sow_egdb_build(sow_engine *e, int seeds, const char *path,
                   sow_egdb_progress_fn fn, void *ctx, sow_error *err)
{
    const sow_setup *s = e->setup;
    if (sow_egdb_check(s, err))
        return SOW_ERR;
    sow_egdb *db = sized(s, s->holes, seeds, err);
    if (!db)
        return SOW_ERR;
    snprintf(db->info.id, sizeof db->info.id, "%s", s->v->id);
    run r = {.db = db, .e = e, .err = err};
    sow_game_init(s, &r.tmpl);
    memset(r.tmpl.board, 0, sizeof r.tmpl.board);
    const uint64_t n = db->info.entries;
    r.val = malloc(n);
    r.mark = calloc(n, 1);
    r.height = calloc(n, sizeof *r.height);
    stack st = {0};
    int rc = SOW_OK;
    if (!r.val || !r.mark || !r.height || sow_egdb_digest(s, &db->info.digest, err)) {
        rc = r.val && r.mark && r.height ? SOW_ERR
                 : sow_error_set(err, NULL, 0, 0,
                                 "out of memory for %llu entries",
                                 (unsigned long long)n);
        goto out;
    }
    const double t0 = now_s();
    const int H = s->holes;
    for (int k = 0; k <= seeds && !rc; k++) {
        uint16_t b[SOW_MAX_HOLES] = {0};
        b[H - 1] = (uint16_t)k;
        uint64_t idx = db->off[k];
        do {
            for (int p = 0; p < 2 && !rc; p++)
                if (r.mark[2 * idx + p] != 2 &&
                    solve_entry(&r, &st, b, k, p, 2 * idx + p))
                    rc = SOW_ERR;
            idx++;
        } while (!rc && next_board(b, H));
        if (!rc && fn) {
            sow_egdb_progress pr = {k, seeds, 2 * db->off[k + 1], n,
                                    now_s() - t0};
            fn(ctx, &pr);
        }
    }
    if (!rc) {
        db->info.max_height = r.max_height;
        db->info.checksum = checksum(r.val, n);
        rc = write_file(path, &db->info, r.val, err);
    }
out:
    free(st.f);
    free(r.val);
    free(r.mark);
    free(r.height);
    sow_egdb_close(db);
    return rc;
}

/* ---- reading ------------------------------------------------------------------- */

sow_egdb *sow_egdb_open(const char *path, const sow_setup *s, sow_error *err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        sow_error_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    struct stat st;
    uint8_t hd[HEADER];
    const char *bad = NULL;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode))
        bad = "not a regular file";
    else if (st.st_size < HEADER || pread(fd, hd, HEADER, 0) != HEADER ||
             memcmp(hd, MAGIC, 8))
        bad = "not an endgame database (no SOWEGDB header)";
    else if (get32(hd + 8) != SOW_EGDB_VERSION || get32(hd + 12) != HEADER)
        bad = "a database of another format version; build it again "
              "with this sow";
    if (bad) {
        close(fd);
        sow_error_set(err, path, 0, 0, "%s", bad);
        return NULL;
    }
    uint32_t holes = get32(hd + 16), seeds = get32(hd + 20);
    sow_egdb *db = sized(NULL, holes > 4096 ? 4096 : (int)holes,
                         seeds > 4096 ? 4096 : (int)seeds, err);
    if (!db) {
        close(fd);
        sow_error_reword(err, "%s: its header names %s", path, err->msg);
        return NULL;
    }
    sow_egdb_info *in = &db->info;
    memcpy(in->id, hd + 56, 63);
    in->id[63] = '\0';
    for (char *c = in->id; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = '?'; /* a stranger's file: never echo control bytes */
    in->digest = get64(hd + 32);
    in->checksum = get64(hd + 40);
    in->max_height = (int)(get32(hd + 48) & 0xFFFF);
    in->bytes = (long long)st.st_size;
    if (get64(hd + 24) != in->entries ||
        (uint64_t)st.st_size != HEADER + in->entries)
        bad = "its size does not match its header (a truncated or damaged "
              "file)";
    if (!bad) {
        db->map_len = (size_t)st.st_size;
        db->map = mmap(NULL, db->map_len, PROT_READ, MAP_PRIVATE, fd, 0);
        if (db->map == MAP_FAILED) {
            db->map = NULL;
            bad = "cannot map it into memory";
        } else {
            db->val = (const int8_t *)db->map + HEADER;
            if (checksum(db->val, in->entries) != in->checksum)
                bad = "its checksum does not match (a damaged file)";
        }
    }
    close(fd);
    uint64_t digest = 0;
    if (!bad && s) {
        if (sow_egdb_digest(s, &digest, err)) {
            sow_egdb_close(db);
            return NULL;
        }
        if (in->holes != s->holes || digest != in->digest ||
            strcmp(in->id, s->v->id))
            bad = "it was built for other rules (another variant, file or "
                  "option values); build one for these with sow egdb build";
    }
    if (bad) {
        sow_error_set(err, path, 0, 0, "%s", bad);
        sow_egdb_close(db);
        return NULL;
    }
    return db;
}

void sow_egdb_close(sow_egdb *db)
{
    if (!db)
        return;
    if (db->map)
        munmap(db->map, db->map_len);
    free(db->f);
    free(db);
}

const sow_egdb_info *sow_egdb_about(const sow_egdb *db) { return &db->info; }

/* ---- verifying --------------------------------------------------------------- */

int sow_egdb_verify(const sow_egdb *db, sow_engine *e, uint64_t *bad,
                    sow_error *err)
{
    const sow_setup *s = e->setup;
    *bad = 0;
    if (db->info.holes != s->holes)
        return sow_error_set(err, s->v->path, 0, 0,
                             "the database has %d holes, the variant %d",
                             db->info.holes, s->holes);
    run r = {.db = (sow_egdb *)db, .e = e, .val = (int8_t *)db->val,
             .err = err};
    sow_game_init(s, &r.tmpl);
    memset(r.tmpl.board, 0, sizeof r.tmpl.board);
    sow_error first = {0};
    const int H = s->holes;
    for (int k = 0; k <= db->info.seeds; k++) {
        uint16_t b[SOW_MAX_HOLES] = {0};
        b[H - 1] = (uint16_t)k;
        uint64_t idx = db->off[k];
        do {
            for (int p = 0; p < 2; p++) {
                const uint64_t j = 2 * idx + p;
                sow_game g;
                int has = position(e, &r.tmpl, b, k, p, &g, err);
                if (has < 0)
                    return SOW_ERR;
                int best = p == 0 ? -1000000 : 1000000;
                for (int i = 0; i < g.nlegal && has; i++) {
                    int v = 0, h = 0;
                    uint64_t u;
                    if (play_move(&r, &g, k, i, &v, &h, &u))
                        return SOW_ERR;
                    if (p == 0 ? v > best : v < best)
                        best = v;
                }
                int want = has ? best : SOW_EGDB_NONE;
                if (db->val[j] != want && (*bad)++ == 0)
                    sow_error_set(&first, NULL, 0, 0,
                                  "entry %llu (%d seeds, %s to move) holds "
                                  "%d, its moves give %d",
                                  (unsigned long long)j, k,
                                  p ? "North" : "South", db->val[j], want);
            }
            idx++;
        } while (next_board(b, H));
    }
    if (*bad)
        *err = first;
    return SOW_OK;
}
