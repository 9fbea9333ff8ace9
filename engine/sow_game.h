/* sow_game.h - a variant with its options chosen (sow_setup), the state of
 * one game (sow_game), the rule interface the sowing machine asks, the
 * events it reports, and the engine that plays moves.
 *
 * A sow_setup is immutable once made and may be shared by threads. A
 * sow_game is a flat struct: copying it is a memcpy, so a search can branch
 * by copying. A sow_engine holds what one running game needs besides the
 * state (the repetition history, the rule interface, an observer); it is
 * not shared between threads. Nothing here allocates per move. */
#ifndef SOW_GAME_H
#define SOW_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "sow_error.h"
#include "sow_variant.h"

/* ---- the variant with its options chosen ------------------------------ */

typedef struct sow_setup {
    const sow_variant *v;   /* borrowed; must outlive the setup */
    sow_optset opts;        /* the chosen option values */
    int n;                  /* holes per row */
    int holes;              /* 2n, canonical indices 0..holes-1 (C0.2) */
    uint16_t start[SOW_MAX_HOLES]; /* seeds at the start */
    int total;              /* seeds at the start */
    sow_dir dir;
    uint8_t next[SOW_MAX_HOLES]; /* next hole along the sowing direction */
    uint8_t prev[SOW_MAX_HOLES]; /* previous hole along it */
    int min_seeds, leave;
    bool relay, skip_origin, passing, stores;
    sow_endless endless_move;
    int seeds_at_most;      /* -1: off */
    bool repetition;
    int no_capture_plies;   /* 0: off */
    int max_plies;
} sow_setup;

/* Resolve the variant with option values. Errors (a layout that does not
 * fit the number of holes, too many seeds) name the variant file. */
int sow_setup_init(sow_setup *s, const sow_variant *v, const sow_optset *opts,
                   sow_error *err);

/* ---- moves ------------------------------------------------------------ */

/* A move is a hole index (0..holes-1). Values from SOW_MOVE_DECISION up
 * (below 0x8000) are reserved for decision moves (string tokens such as
 * "first:1"). */
typedef int32_t sow_move;
#define SOW_MOVE_DECISION 0x1000
#define SOW_MAX_LEGAL SOW_MAX_HOLES

/* ---- the state of one game --------------------------------------------- */

typedef enum {
    SOW_END_NONE = 0,
    SOW_END_NO_MOVES,       /* neither player can move (C0.5) */
    SOW_END_REPETITION,     /* a position recurred (K1.7 repetition) */
    SOW_END_NO_CAPTURE,     /* no capture for K plies */
    SOW_END_FEW_SEEDS,      /* seeds_at_most reached (K2.6) */
    SOW_END_ENDLESS,        /* an endless move was played (P5) */
    SOW_END_MAX_PLIES       /* max_plies: unfinished (C0.7, P3) */
} sow_end_reason;

typedef struct sow_result {
    sow_end_reason reason;
    int winner;             /* 0, 1, or -1 (draw or unfinished) */
    bool has_score;
    int32_t score[2];
    bool unfinished;
} sow_result;

typedef struct sow_game {
    uint16_t board[SOW_MAX_HOLES]; /* seeds per hole, canonical order */
    uint8_t owner[SOW_MAX_HOLES];  /* player owning each hole (C0.6) */
    int32_t captured[2];    /* seeds each player took off (stores) */
    int32_t on_board;       /* seeds on the board */
    int32_t ply;            /* moves played so far */
    int32_t since_capture;  /* plies since the last capture */
    uint8_t to_move;        /* player choosing the next move */
    bool over;              /* the game has ended; see result */
    bool last_endless;      /* the last move was endless (P5) */
    int8_t last_move_hole;  /* hole of the last sowing, -1 before any */
    int nlegal;             /* legal moves of to_move */
    uint16_t legal[SOW_MAX_LEGAL]; /* ascending (sow_move values) */
    sow_result result;
} sow_game;

/* ---- the rule interface --------------------------------------------- */

/* What a lap-end hook decides: the holes to capture, then stop or relay. */
typedef struct sow_lap_decision {
    int ncap;
    uint8_t cap[SOW_MAX_HOLES];
    bool relay;
} sow_lap_decision;

/* The parts of the rules that are not data: implemented by the Lua bridge
 * (sow_lua.h) or by a C stub in tests. A NULL function means "the default":
 * no lap_end hook, and scoring by captures plus own holes. */
typedef struct sow_rules {
    void *ctx;
    /* A lap ended with its last seed in `hole`, which now holds `count`;
     * `g` is the state at that moment, g->to_move the mover. */
    int (*lap_end)(void *ctx, const sow_setup *s, const sow_game *g,
                   int hole, int count, sow_lap_decision *out,
                   sow_error *err);
    /* The game is over: fill each player's total. */
    int (*score)(void *ctx, const sow_setup *s, const sow_game *g,
                 int32_t out[2], sow_error *err);
} sow_rules;

/* ---- events, for observers (records, narration, drawing) --------------- */

typedef enum {
    SOW_EV_LIFT,      /* hole, count = seeds lifted, extra = seeds left */
    SOW_EV_DROP,      /* hole, count = its seeds after the drop */
    SOW_EV_SKIP,      /* hole skipped (origin, C0.4) */
    SOW_EV_LAP_END,   /* hole, count, extra = sow_lap_action decided */
    SOW_EV_CAPTURE,   /* hole, count = seeds taken, player = taker */
    SOW_EV_ENDLESS,   /* the move never ends (P2); extra = laps seen */
    SOW_EV_PASS,      /* player cannot move and is skipped (C0.5) */
    SOW_EV_END        /* the game ended; see the game's result */
} sow_event_kind;

typedef struct sow_event {
    sow_event_kind kind;
    int player;
    int hole;
    int count;
    int extra;
} sow_event;

typedef struct sow_observer {
    void *ctx;
    void (*on_event)(void *ctx, const sow_event *ev);
} sow_observer;

/* ---- the engine -------------------------------------------------------- */

typedef struct sow_history sow_history;

typedef struct sow_engine {
    const sow_setup *setup; /* borrowed */
    sow_rules rules;        /* copied */
    sow_observer obs;       /* on_event NULL: no events */
    sow_history *hist;      /* owned; positions of the current game */
} sow_engine;

int sow_engine_init(sow_engine *e, const sow_setup *s, const sow_rules *rules,
                    sow_error *err);
void sow_engine_free(sow_engine *e);

/* Start a game: the board of the setup, South to move (C0.1). */
int sow_engine_start(sow_engine *e, sow_game *g, sow_error *err);

/* Play one move. An illegal move is an error that lists the legal ones.
 * On any error the game is left as it was. */
int sow_engine_play(sow_engine *e, sow_game *g, sow_move m, sow_error *err);

bool sow_game_is_legal(const sow_game *g, sow_move m);

/* Sow move m on g without any end-of-game bookkeeping: the sowing machine
 * alone (sow_sow.c). Sets *endless when the sowing never ends (the board is
 * then unspecified). Exposed for search and tests. */
int sow_sow(const sow_setup *s, const sow_rules *r, const sow_observer *obs,
            sow_game *g, int hole, bool *endless, sow_error *err);

/* Candidate moves of `player` by the data rules (own hole, min_seeds),
 * before the endless-move check. Returns the count. */
int sow_candidates(const sow_setup *s, const sow_game *g, int player,
                   uint16_t *out);

/* Legal moves of `player` on g (candidates, minus endless moves when they
 * are forbidden). Returns the count, or -1 on a rule error. */
int sow_legal_moves(const sow_setup *s, const sow_rules *r, const sow_game *g,
                    int player, uint16_t *out, sow_error *err);

/* A short English sentence for an end reason ("neither player can move"). */
const char *sow_end_reason_text(const sow_setup *s, sow_end_reason r,
                                char *buf, int size);

#endif
