/* sow_game.h - the state of one game (sow_game), the rule interface the
 * sowing machine asks, and the engine that plays moves; with its parts, a
 * variant with its options chosen (sow_setup.h), how a move is coded
 * (sow_movecode.h) and the events the machine reports (sow_event.h).
 *
 * A sow_setup is immutable once made and may be shared by threads. A
 * sow_game is a flat struct: copying it is a memcpy, so a search can branch
 * by copying. A sow_engine holds what one running game needs besides the
 * state (the repetition history, the rule interface, an observer); it is
 * not shared between threads. Nothing here allocates per move. */
#ifndef SOW_GAME_H
#define SOW_GAME_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "sow_rng.h"
#include "sow_error.h"
#include "sow_variant.h"
#include "sow_setup.h"
#include "sow_movecode.h"
#include "sow_event.h"

/* ---- the state of one game --------------------------------------------- */

typedef enum {
    SOW_END_NONE = 0,
    SOW_END_NO_MOVES,       /* neither player can move (C0.5) */
    SOW_END_REPETITION,     /* a position recurred (K1.7 repetition) */
    SOW_END_NO_CAPTURE,     /* no capture for K plies */
    SOW_END_FEW_SEEDS,      /* seeds_at_most reached (K2.6) */
    SOW_END_ENDLESS,        /* an endless move was played (P5) */
    SOW_END_MAX_PLIES,      /* max_plies: unfinished (C0.7, P3) */
    SOW_END_CANNOT_MOVE,    /* the player to move cannot, and loses (A.6) */
    SOW_END_THRESHOLD,      /* a player captured more than the threshold
                               (C1.7) */
    SOW_END_ROW_EMPTY,      /* the mover's (or the opponent's) row is
                               empty (JK.3 (a)) */
    SOW_END_HOOK,           /* the script's game_end hook said so */
    SOW_END_LAP_CAP,        /* a move neither ended nor repeated within
                               the laps the proof follows (P2): the game
                               stops unfinished before it */
    SOW_END_CLAIMED_ONLY,   /* only claimed holes held seeds, and were
                               emptied into their claimants' stores
                               (end.claimed_only: GA.7) */
    SOW_END_UNREACHABLE,    /* no capture is reachable by legal moves
                               (end.capture_unreachable, K1.7) */
    SOW_END_UNDECIDED       /* too many positions to decide that rule:
                               the game stops unfinished, as at the lap
                               cap (P2) */
} sow_end_reason;

typedef struct sow_result {
    sow_end_reason reason;
    bool stuck_seeds;       /* CANNOT_MOVE: the player had seeds (but every
                               move was endless, P6) */
    int winner;             /* 0, 1, or -1 (draw or unfinished) */
    bool has_score;
    int32_t score[2];
    bool unfinished;
    int8_t next_starter;    /* rounds (C1.6): 1 + the player the game_end
                               hook named to start the next round, 0 as
                               the rounds' rules say */
    int8_t hook_rule;       /* SOW_END_HOOK: 1 + the index in the
                               variant's rules: of the rule the hook
                               named (rule = "ID"), 0 none */
} sow_result;

typedef struct sow_game {
    uint16_t board[SOW_MAX_HOLES]; /* seeds per hole, canonical order */
    uint8_t owner[SOW_MAX_HOLES];  /* player owning each hole (C0.6);
                                      change it with sow_game_set_owner */
    uint64_t owns[2];       /* the same as bits: hole h of player p is bit
                               h of owns[p] (so move generation visits
                               only the mover's holes) */
    int32_t captured[2];    /* seeds each player took off (stores) */
    int32_t on_board;       /* seeds on the board */
    int32_t ply;            /* moves played so far */
    int32_t since_capture;  /* plies since the last capture */
    uint8_t to_move;        /* player choosing the next move */
    bool over;              /* the game has ended; see result */
    bool last_endless;      /* the last move was endless (P5) */
    int8_t last_move_hole;  /* hole of the last sowing, -1 before any */
    uint8_t phase;          /* 0: sowing; else decision moves (script) */
    int8_t lap_origin;      /* P86 (mark_moved): the lap being sown, from */
    int16_t lap_seeds;      /*   this hole with this many seeds */
    int32_t state[SOW_MAX_STATE]; /* the script's named integers */
    /* a turn of several decisions (sow_ends.c; in what was padding) */
    uint8_t turn_bits;      /* the choices of the turn being sown */
    uint8_t turn_len;       /* how many of them are made (fewer while
                               the legal turns are listed) */
    uint8_t house_off;      /* bit p: player p's house is no longer
                               functional (BK.9, BK.L3) */
    uint8_t turn_parts;     /* choices met by the last turn sown */
    uint64_t endless_mask;  /* holes of to_move left out of legal as
                               endless moves (C0.7, K2.4 forbid) */
    uint64_t played[2];     /* holes each player has sown from in this
                               phase (phases with fresh_holes, B.3) */
    bool bearoff_on;        /* bear-off is on (A.5, sticky) */
    uint8_t move_flags;     /* what the last sowing did: SOW_MOVED_* */
    uint8_t move_dir;       /* the sow_dir of the last sowing */
    /* (placing, hand, claims, moved and last_lifted are ordered to fill
     * what was padding: the copies of the legal moves stay as long as
     * before seeds in hand and moved holes) */
    uint8_t placing;        /* the move places a seed from the hand
                               first: 1 + its sow_move_place_kind (set by
                               sow_move_aim, cleared by the sowing) */
    int16_t hand[2];        /* seeds each player still has to place
                               (C2.6 hand; MW.1) */
    uint64_t claims[2];     /* holes each player has claimed (C1.4) */
    uint64_t moved;         /* holes lifted or sown into since the game
                               (round) began (P86; kept only where a
                               lap-end rule reads it, mark_moved) */
    uint64_t blocked;       /* closed (blocked) holes (C1.5) */
    int8_t last_mover;      /* the player who made the last move, -1 */
    int8_t chosen_dir;      /* SOW_DIR_CHOSEN: the sow_dir chosen by
                               dir_chooser this game, -1 before (OL.2) */
    uint8_t dir_chooser;
    uint8_t pass_freed;     /* bit p: player p's sowing no longer passes
                               over their pass_over holes (IS.3) */
    uint8_t choice;         /* the hole the move chose to take after a
                               capture (NS.6), or SOW_NO_CHOICE */
    uint8_t quiet_by;       /* 1 + the player whose turn from the board
                               just captured nothing, else 0 (BA.5,
                               capture_from_ends.keep_threatened) */
    int16_t last_lifted;    /* seeds the last sowing lifted (QL.6) */
    /* (sow_legal_moves copies the fields above this line only) */
    int nlegal;             /* legal moves of to_move */
    uint16_t legal[SOW_MAX_LEGAL]; /* ascending (sow_move values); past
                                      nlegal not state: left unset by
                                      sow_game_init and the copies */
    sow_result result;
    /* where the last sowing's last seed fell (g.last, issue 24): a hole,
     * SOW_MOVE_STORE0 + p for player p's store, SOW_LAST_NONE where it
     * left play or nothing was sown; kept only for the setups whose
     * after-the-move hooks read it (SOW_ROUTE_WATCHED), and set back to
     * SOW_LAST_NONE once after_move and game_end have run. Last, so that
     * a search's copy (sow_game_branch) does not carry it: the sowing on
     * the copy writes it */
    uint8_t move_last;
} sow_game;

/* A copy of g into c for playing one of g's moves on it (a search's
 * child): every field but the unused tail of the legal list, which is
 * most of the game (SOW_MAX_LEGAL: 2.3 KiB) and a move never reads (it
 * writes the new list; sow_game_is_legal reads 16 entries, masked by
 * nlegal). Copying the whole struct was 12% of a solve's instructions
 * (callgrind, Kalah 5x3; docs/solving.md). c's legal moves past
 * max(16, nlegal) are left as they were. */
static inline void sow_game_branch(sow_game *c, const sow_game *g)
{
    memcpy(c, g, offsetof(sow_game, legal));
    if (g->nlegal <= 16)
        memcpy(c->legal, g->legal, 16 * sizeof *g->legal);
    else
        memcpy(c->legal, g->legal, (size_t)g->nlegal * sizeof *g->legal);
    c->result = g->result;
}

/* Whether a and b are the same state: every field, the legal list up to
 * nlegal (the rest of it is not state: sow_game_branch). A failed move
 * leaves the game the same state (the fuzz harnesses and unit tests check
 * it). */
static inline bool sow_game_same(const sow_game *a, const sow_game *b)
{
    return memcmp(a, b, offsetof(sow_game, legal)) == 0 &&
           memcmp(a->legal, b->legal,
                  (size_t)a->nlegal * sizeof *a->legal) == 0 &&
           memcmp(&a->result, &b->result, sizeof a->result) == 0 &&
           a->move_last == b->move_last;
}

/* A copy of g into c to play a move on, as `*c = *g` but for the unused
 * tail of the legal list (sow_game_branch): the searches' and players'
 * copies, whose hooks may read g.last (move_last) after an endless move
 * too. */
static inline void sow_game_dup(sow_game *c, const sow_game *g)
{
    sow_game_branch(c, g);
    c->move_last = g->move_last;
}

/* sow_setup.fam_route (BARE: tracks of holes no drop rule looks at, the
 * dispatch's last test but WATCHED's, so the others pay nothing for it) */
enum { SOW_ROUTE_LAPS, SOW_ROUTE_SLAMMED, SOW_ROUTE_DROPPING, SOW_ROUTE_WATCHED,
       SOW_ROUTE_BARE };

/* SOW_EV_SKIP's extra when the drop hook passes a hole over, and
 * SOW_EV_OUT's when it takes a seed out of play (0: a closed hole, NB.2) */
#define SOW_SKIP_BY_SCRIPT 3
#define SOW_OUT_BY_SCRIPT 1
#define SOW_OUT_BY_CHANGE 2 /* a hook's `out` change: count seeds of hole */

/* SOW_EV_CAPTURE's extra for captures not made at a lap's end */
#define SOW_TAKEN_WHILE_SOWING 2 /* a count made while sowing (PL.4) */
#define SOW_TAKEN_LAST_SEEDS 3   /* the few seeds left (PL.6) */
#define SOW_TAKEN_BY_SCRIPT 4    /* a hook's capture change */
#define SOW_TAKEN_SWEPT 5        /* a claimed hole emptied into its
                                    claimant's store (GA.7) */
#define SOW_TAKEN_BEFORE 6       /* before the sowing (capture_before) */
/* SOW_EV_CLOSE's extra: 0 a rule closes the lap's hole (its seeds sown
 * on), or a hook's change closes (1) or opens (2) a hole */
#define SOW_CLOSED_BY_SCRIPT 1
#define SOW_OPENED_BY_SCRIPT 2

/* P86 (when.moved): whether hole h, where the lap being sown ends, was
 * neither lifted nor sown into since the game (round) began before the
 * lap's last seed fell in it (sow_sow.c; setup's mark_moved). */
bool sow_untouched(const sow_setup *s, const sow_game *g, int h);

/* sow_game.move_flags, set by sow_sow for the move it sowed */
#define SOW_MOVED_EXTRA_TURN 1 /* the mover moves again (C1.3) */
#define SOW_MOVED_GRAND_SLAM 2 /* it captured the whole opposing row, or
                                  would have (OW.4) */
#define SOW_MOVED_LAP_CAP 8 /* the sowing stopped at the lap cap (P2) */
#define SOW_MOVED_WANTS_CHOICE 4 /* it came to a choice (NS.6) with none
                                    made: legal moves name one */
#define SOW_MOVED_STUCK 64 /* the turn came to a lap it may not sow
                              (BA.L4): the mover loses */
#define SOW_MOVED_ROW_LIFTED 16 /* a lap lifted the last seeds of the
                                   mover's inner row (BA.6): the mover
                                   loses */
#define SOW_MOVED_SWEPT 32 /* only claimed holes held seeds after it, and
                              were emptied (end.claimed_only, GA.7) */

/* ---- the rule interface --------------------------------------------- */

/* The most moves of seeds one answer (lap_end, decide, play, after_move)
 * may make (a few are what a rule asks; the table of changes stays small
 * to clear and copy) */
#define SOW_MAX_MOVES 16
/* A store as an end of such a move: SOW_MOVE_STORE0 + p is player p's
 * store, SOW_MOVE_STORE0 + 2 the mover's (past every hole number) */
#define SOW_MOVE_STORE0 0xF0
#define SOW_LAST_NONE 0xFF /* sow_game.move_last: no hole or store */
/* One move of seeds a hook returns (issue 24): from a hole or store to
 * another, `seeds` of them (0: all that `from` holds then) */
typedef struct sow_seed_move {
    uint8_t from, to;
    uint16_t seeds;
} sow_seed_move;

/* What a lap-end hook decides: the holes to capture, then stop or relay,
 * and the other changes of its third value (docs/writing-variants.md,
 * "Changes a hook may return"). The arrays come last: a copy takes the
 * head, ncap holes of cap and, only with out_set, out. */
typedef struct sow_lap_decision {
    int ncap;
    bool relay;
    int8_t extra_turn;  /* -1 as the rules say; 0 or 1: the hook's say on
                           another turn for the mover (C1.3) */
    /* next = {from = h, direction = d} (issue 24): 0 none; else the move
     * goes on with a lap in sow_dir next - 2 (1: the move's direction so
     * far) from hole next_from - 1 (0: the lap's last hole, as "relay");
     * zero when cleared, as the rest of the head */
    uint8_t next, next_from;
    /* move = {{from, to, seeds}, ...} (issue 24): how many of moves[]
     * are given (an answer with moves is never kept by the cache) */
    uint8_t nmoves;
    /* C1.4: holes released (before the captures), then claimed: bit h of
     * claim_set claims h for North if it is set in claim_north, else for
     * South */
    uint64_t release, claim_set, claim_north;
    /* after the claims: holes opened (C1.5), taken into a named store
     * (bit h of take_north: North's, else South's), seeds out of play
     * (C1.13: out[h] of hole h), holes closed */
    uint64_t open_set, take_set, take_north, out_set, close_set;
    uint8_t cap[SOW_MAX_HOLES];
    uint16_t out[SOW_MAX_HOLES];
    sow_seed_move moves[SOW_MAX_MOVES];
} sow_lap_decision;
#define SOW_LAP_DECISION_HEAD offsetof(sow_lap_decision, cap)
/* what a cache of lap_end answers keeps of each: all but `out` (an answer
 * that takes seeds out of play is not kept, sow_lhooks.c) */
#define SOW_LAP_DECISION_KEPT offsetof(sow_lap_decision, out)


/* What a decision (or the set-up of a game) changes besides the board:
 * owners of some holes, the player to move, the phase, the script's state.
 * The engine checks every value before applying it. */
typedef struct sow_changes {
    bool has_board;                 /* a whole new board (scripted moves;
                                       the seeds on it must not change) */
    uint16_t board[SOW_MAX_HOLES];
    uint64_t owner_set;             /* bit h: owner[h] is given */
    uint8_t owner[SOW_MAX_HOLES];
    int to_move;                    /* -1: unchanged */
    int phase;                      /* -1: unchanged */
    uint32_t state_set;             /* bit i: state[i] is given */
    int32_t state[SOW_MAX_STATE];
    uint64_t claim_set;             /* bit h: hole h is claimed by ... */
    uint8_t claim[SOW_MAX_HOLES];   /* ... claim[h] (C1.4; GB.2) */
    uint64_t release_set;           /* bit h: hole h is no longer claimed
                                       (applied before claim_set) */
    uint64_t capture_set;           /* bit h: hole h's seeds go to ... */
    uint8_t capture_to[SOW_MAX_HOLES]; /* ... player capture_to[h] */
    uint64_t close_set, open_set;   /* holes closed and opened (C1.5;
                                       opened before captures, closed
                                       after) */
    uint64_t out_set;               /* bit h: out[h] seeds of hole h leave
                                       play, to the mover's captured
                                       (C1.13; after the captures) */
    uint16_t out[SOW_MAX_HOLES];
    int nmoves;                     /* a hook's move (issue 24): seeds
                                       carried from hole to hole, in order,
                                       after the changes above */
    sow_seed_move moves[SOW_MAX_MOVES];
} sow_changes;

/* Whether the captures, seeds out of play, closings and openings of c
 * cannot be made on g (a hole past the last, a claimed or closed hole
 * captured or emptied, more seeds out of play than a hole holds, a hole
 * opened that is not closed or closed that is): 1, with the reason in
 * why, else 0. */
int sow_holes_problem(const sow_setup *s, const sow_game *g,
                      const sow_changes *c, char *why, size_t size);

/* What the filter hook says of one candidate move: refused, or kept with
 * a rank (true is rank 0); of the moves kept, only those of the highest
 * rank stay legal ("you must capture if you can": 1 for a capture). */
typedef struct sow_filter_verdict {
    bool keep;
    int32_t rank;
} sow_filter_verdict;

/* What the game_end hook decides after a move. */
typedef struct sow_game_end {
    bool over;              /* the game ends now */
    int winner;             /* 0, 1, or -1: from the scores */
    bool has_score;         /* score given (else scored as at any end) */
    int32_t score[2];
    int next_starter;       /* rounds: 1 + who starts the next round
                               should this move end the round, 0 as the
                               rounds say (starter = p) */
    int rule;               /* 1 + the index of the variant's rule the
                               end applies (rule = "ID"), 0 none */
} sow_game_end;

/* What the new_game hook decides between the games of a match. */
typedef struct sow_next_game {
    bool over;              /* the match is over (the rest is for a game) */
    int winner;             /* over: the match winner, or -1 */
    char reason[128];       /* over: why, in a short sentence */
    int holes[2];           /* holes each player owns for the next game */
    sow_changes set;        /* owners, player to move, phase, state */
    int starter;            /* the player who starts (for the record) */
    bool unfinished;        /* over: the match stopped unfinished (a
                               round cut off by max_plies) */
    /* rounds: the next round's board, stores and blocked holes (C1.6) */
    bool has_start;
    uint16_t board[SOW_MAX_HOLES];
    int32_t captured[2];
    uint64_t blocked;
} sow_next_game;

/* What new_game is told about the game just played (prev NULL before the
 * first game). */
typedef struct sow_match_info {
    int game;               /* number of the game to set up, from 1 */
    int games_max;          /* the match_games cap */
    int prev_starter;       /* starter of the previous game, -1 */
    int wins[2];            /* games (rounds) each player has won so far,
                               the one just played included */
    int points[2];          /* match points so far (UR.6), likewise */
    long totals[2];         /* the rounds' totals (scores) added up,
                               likewise (rounds.totals_to_win) */
    /* rounds beside a new_game hook: the next round as the rounds lay
     * it out (the hook's m.round) */
    bool has_round;
    int round_starter, round_holes[2];
} sow_match_info;

/* The parts of the rules that are not data: implemented by the Lua bridge
 * (sow_lua.h) or by a C stub in tests. A NULL function means "the default":
 * no lap_end hook, and scoring by captures plus own holes. */
/* A move as the sowing machine takes it (sow_sow) and the lap_end hook
 * sees it: the hole it is played from, and the seeds of each hole and the
 * captures before it (before its origin was lifted). The engine's undo
 * record begins with one (sow_engine.c): a move saves its board there
 * anyway, so passing it costs the seed games one store (callgrind on `sow
 * bench`: pointers to the saved board, or one more argument to sow_sow,
 * cost several instructions a move). */
typedef struct sow_before {
    int32_t origin;
    uint16_t board[SOW_MAX_HOLES];
    int32_t captured[2]; /* last: the undo record's on_board, ply and
                            since_capture follow, as they do in sow_game,
                            so that save() copies the four at once */
} sow_before;

/* Fill *b with g's board and captures and the origin; returns b. */
static inline const sow_before *sow_before_of(sow_before *b,
                                              const sow_game *g, int origin)
{
    memcpy(b->board, g->board, sizeof b->board);
    b->captured[0] = g->captured[0];
    b->captured[1] = g->captured[1];
    b->origin = origin;
    return b;
}

/* Where in a sowing a hook runs (lap_end, drop): the hook's view shows
 * the lap and the seeds in hand (issue 24: views that see everything). */
typedef struct sow_at {
    int hole;   /* lap_end: the hole the last seed fell in; drop: the hole
                   the next seed is about to fall in */
    int count;  /* its seeds now (drop: before the seed) */
    int lap;    /* the lap of the move, from 1 */
    int hand;   /* seeds in hand: 0 at a lap's end; in drop, the seed
                   about to fall counted */
    int from;   /* the hole the lap's seeds were lifted from, -1 none
                   (seeds taken from across and sown again, C2.5) */
    int lifted; /* drop: the seeds the lap set out with (its hand as its
                   first seed was about to fall); 0 elsewhere */
} sow_at;

/* What the drop hook says of one seed (C1.13, C1.2): dropped where the
 * data would drop it, the position passed over with the seed kept in
 * hand, the seed put in a store, or taken out of play. */
typedef enum {
    SOW_DROP_SOW = 0,
    SOW_DROP_SKIP,
    SOW_DROP_STORE,
    SOW_DROP_OUT
} sow_drop_action;

typedef struct sow_drop {
    uint8_t action; /* sow_drop_action */
    uint8_t player; /* SOW_DROP_STORE: whose store */
} sow_drop;

typedef struct sow_rules {
    void *ctx;
    /* A lap ended with its last seed in at->hole, which now holds
     * at->count; `g` is the state at that moment, g->to_move the mover;
     * `mv` the move being sown (NULL: not known, the hook sees no move
     * fields). */
    int (*lap_end)(void *ctx, const sow_setup *s, const sow_game *g,
                   const sow_before *mv, const sow_at *at,
                   sow_lap_decision *out, sow_error *err);
    /* A seed of the hand is about to fall in hole at->hole, where the
     * rules of data would drop it (asked where sow_setup.drop_hook is
     * set, by the laps' copy of their own): what becomes of it. Where it
     * is set, lap_end must be too (it may fail if called): sow_move_of
     * fills the move's board for both when lap_end is set. */
    int (*drop)(void *ctx, const sow_setup *s, const sow_game *g,
                const sow_before *mv, const sow_at *at, sow_drop *out,
                sow_error *err);
    /* The game is over: fill each player's total. */
    int (*score)(void *ctx, const sow_setup *s, const sow_game *g,
                 int32_t out[2], sow_error *err);
    /* A match: set up game info->game; prev is the game just played (its
     * result filled), NULL before the first. */
    int (*new_game)(void *ctx, const sow_setup *s, const sow_game *prev,
                    const sow_match_info *info, sow_next_game *out,
                    sow_error *err);
    /* g->phase != 0: the decision moves g->to_move may make, ascending. */
    int (*decisions)(void *ctx, const sow_setup *s, const sow_game *g,
                     uint16_t *out, int *n, sow_error *err);
    /* Apply decision move m of g->to_move. */
    int (*decide)(void *ctx, const sow_setup *s, const sow_game *g,
                  sow_move m, sow_changes *out, sow_error *err);
    /* The effect of sowing move `hole` in a scripted phase (A.2). */
    int (*play)(void *ctx, const sow_setup *s, const sow_game *g, int hole,
                sow_changes *out, sow_error *err);
    /* The filter hook (P42): candidate move `hole` of before->to_move
     * would leave `after` (a copy; the real game is untouched); the
     * verdict keeps or refuses it. A reason for a refusal may be written
     * into why (NULL: not wanted; "" when the hook gave none). */
    int (*filter)(void *ctx, const sow_setup *s, const sow_game *before,
                  const sow_game *after, int hole, sow_filter_verdict *out,
                  char *why, int why_size, sow_error *err);
    /* After a move (hole `origin`, -1 for a decision) turned `before`
     * into `after`: the changes it brings besides the board (owners,
     * player to move, phase, state). */
    int (*after_move)(void *ctx, const sow_setup *s, const sow_game *before,
                      const sow_game *after, int origin, sow_changes *out,
                      sow_error *err);
    /* After a move, once after_move's changes are applied: whether the
     * game is over, and its winner or score. */
    int (*game_end)(void *ctx, const sow_setup *s, const sow_game *before,
                    const sow_game *after, int origin, sow_game_end *out,
                    sow_error *err);
} sow_rules;

/* ---- the engine -------------------------------------------------------- */

typedef struct sow_history sow_history;

struct sow_budget;

typedef struct sow_engine {
    const sow_setup *setup; /* borrowed */
    sow_rules rules;        /* copied */
    sow_observer obs;       /* on_event NULL: no events */
    sow_history *hist;      /* owned; positions of the current game */
    const struct sow_budget *budget; /* the run's deadline, or NULL */
    unsigned budget_tick;   /* plies since the clock was last read */
    sow_game_end hook_end;  /* what game_end decided (SOW_END_HOOK) */
    struct sow_reach *reach; /* owned; the search of K1.7 unreachable
                                (end.capture_unreachable), or NULL */
    sow_rng lay_rng;        /* draws the layout played where the legal
                               list's pattern is (MW.2: random playouts,
                               a search's lines); seeded 0, or by the run
                               (sow_layout.h) */
    bool leaf;              /* the positions played are only evaluated
                               (a search's horizon): their legal list may
                               hold only its first move (sow_legal_first) */
} sow_engine;

int sow_engine_init(sow_engine *e, const sow_setup *s, const sow_rules *rules,
                    sow_error *err);
void sow_engine_free(sow_engine *e);

/* Start a game: the board of the setup, South to move (C0.1). */
int sow_engine_start(sow_engine *e, sow_game *g, sow_error *err);

/* The two halves of sow_engine_start, for set-ups in between (matches):
 * the setup's board with owners by rows and South to move; then, once
 * owners, phase and player to move are final, the legal moves (the player
 * to move tried first, then the other) and the initial position. */
void sow_game_init(const sow_setup *s, sow_game *g);
int sow_engine_begin(sow_engine *e, sow_game *g, sow_error *err);

/* Bound the engine's plays by a run's deadline (sow_budget.h; borrowed,
 * NULL for none): every 64 plies sow_engine_play reads the clock, and once
 * the deadline has passed it plays no more (issue 13 #11). */
void sow_engine_set_budget(sow_engine *e, const struct sow_budget *b);

/* Play one move. An illegal move is an error that lists the legal ones.
 * On any error the game is left as it was. */
int sow_engine_play(sow_engine *e, sow_game *g, sow_move m, sow_error *err);

/* Play g->legal[i]: for players that pick from the legal list (random
 * playouts, MCTS), which need no search of the list for their move. An
 * index outside the list is an error. */
int sow_engine_play_at(sow_engine *e, sow_game *g, int i, sow_error *err);

/* Play m, a move the caller knows is legal without the legal list
 * (sow_turn_random's turn, where the engine's `leaf` keeps only the
 * first of each list): not looked up in g->legal. */
int sow_engine_play_known(sow_engine *e, sow_game *g, sow_move m,
                          sow_error *err);

/* g's position added to e's history of the game (the repetition rule,
 * K1.7, P4), as a move that reaches it adds it: for a search that makes
 * its children on copies and keeps the history of its line itself
 * (sow_solve). 1: it was there before; 0: added; -1: out of memory; 0
 * and nothing added where the rule is off. */
int sow_engine_hist_push(sow_engine *e, const sow_game *g);

bool sow_game_is_legal(const sow_game *g, sow_move m);

/* Sow move mv->origin on g without any end-of-game bookkeeping: the
 * sowing machine alone (sow_sow.c). mv's board and captures (g's before
 * the move: not g itself, which the sowing writes) are read only by a
 * lap_end or drop hook, and need be filled only when r->lap_end is set
 * (a rule interface with a drop hook sets lap_end too)
 * (sow_move_of). Sets *endless when the sowing never ends (the board is
 * then unspecified). Exposed for search and tests. */
int sow_sow(const sow_setup *s, const sow_rules *r, const sow_observer *obs,
            sow_game *g, const sow_before *mv, bool *endless,
            sow_error *err);

/* Turns of several decisions (sow_ends.c, BK.3-BK.10): sow the turn
 * whose first decision g was aimed at (sow_move_aim) from `hole`, its
 * choices read from g->turn_bits; where a choice beyond g->turn_len
 * comes, the sowing stops with SOW_MOVED_WANTS_CHOICE set (the legal
 * turns are being listed). A turn past the lap cap is an error with
 * SOW_MOVED_LAP_CAP set (C2.9: the engine stops the game unfinished). */
int sow_ends_sow(const sow_setup *s, const sow_observer *obs, sow_game *g,
                 int hole, bool *endless, sow_error *err);

/* The leaves of one turn's tree of choices as they are listed: each
 * choice the sowing meets is tried both ways on copies, from where it
 * comes (the turn's laps before it are sown once), and every whole turn
 * is appended to out (sow_turn(first, its bits)) where it is legal
 * (sow_ends_leaf_ok); full when out has no room. */
typedef struct sow_turn_leaves {
    uint16_t *out;
    int n, first;
    bool full;
} sow_turn_leaves;

/* Whether a turn sown on g (sow_ends_sow; `endless` its answer) is a
 * legal one, as the listing keeps its leaves: not endless under forbid
 * (C1.9), not a stuck turn BA.2 forbids, within the choices a token
 * holds (SOW_TURN_CHOICES). */
static inline bool sow_ends_leaf_ok(const sow_setup *s, const sow_game *g,
                                    bool endless)
{
    return !(endless && s->endless_move == SOW_ENDLESS_FORBID) &&
           !((g->move_flags & SOW_MOVED_STUCK) && s->ends_back_forbid) &&
           !(g->move_flags & SOW_MOVED_WANTS_CHOICE);
}

/* sow_ends_sow listing the leaves of the turn g was aimed at into lv
 * (g->turn_len 0): g is left somewhere in the turn. */
void sow_ends_leaves(const sow_setup *s, sow_game *g, int hole,
                       sow_turn_leaves *lv);

/* BA.2, BA.L4: whether player p may sow a lap from h in direction d
 * (a lap from an end hole into the back row only where the end hole is the
 * only occupied inner hole, under sowing.capture_from_ends.back_row: alone). */
bool sow_ends_back_ok(const sow_setup *s, const sow_game *g, int p, int h,
                        int d);

/* The legal turns of `player` (BK.5, BK.8; BK.L2, BK.L7), every leaf of
 * each turn's tree of choices, or with `one` only the first found (a
 * search's horizon: sow_legal_first). Returns the count, or -1. */
int sow_ends_legal(const sow_setup *s, const sow_game *g, int player,
                   bool one, uint16_t *out, sow_error *err);

/* A turn of g->to_move (not in a decision phase) chosen at random
 * decision by decision, as a random playout of Ludii's chooses: the
 * first decision alike among the legal ones, then each choice of the
 * turn alike between its two answers; a leaf that is not legal
 * (sow_ends_leaf_ok) is drawn again. Into *m; returns 1, 0 where the
 * player has no turn, or -1. */
struct sow_rng;
int sow_turn_random(const sow_setup *s, const sow_game *g,
                    struct sow_rng *rng, sow_move *m, sow_error *err);

/* The token of turn m on g (C2.3): its first decision and a part for each
 * capture's end hole and each go or stop, in the order they come. Any other
 * move (or g NULL) is written as sow_move_format writes it: use it
 * wherever a move of a known position is written for people. */
int sow_turn_format(char *buf, size_t size, const sow_setup *s,
                    const sow_game *g, sow_move m);

/* The legal turn of g whose token is `token` (C2.3), or -1. */
sow_move sow_turn_parse(const sow_setup *s, const sow_game *g,
                        const char *token);

/* The move `hole` of g for sow_sow, in *b: its board and captures copied
 * only when a lap_end or drop hook may read them. Returns b. */
static inline const sow_before *sow_move_of(sow_before *b, const sow_rules *r,
                                            const sow_game *g, int hole)
{
    if (r && r->lap_end) /* (set where a drop hook is too) */
        return sow_before_of(b, g, hole);
    b->origin = hole;
    return b;
}

/* Ready g to sow move m, whose hole it returns (sow_sow sows mv->origin,
 * a hole): a move that names its direction puts it in g->move_dir, which
 * the sowing of direction: each_move follows (MB.2). */
static inline int sow_move_aim(sow_game *g, sow_move m)
{
    if (m < SOW_MOVE_DIRECTED) /* a plain move: most moves */
        return (int)m;
    if (m >= SOW_MOVE_TURN) { /* C2.3: the turn's choices, then its first */
        g->turn_bits = (uint8_t)((m - SOW_MOVE_TURN) & 255);
        g->turn_len = SOW_TURN_CHOICES;
        m = sow_turn_start(m);
    }
    if (sow_move_is_directed(m)) {
        g->move_dir = (uint8_t)sow_move_dir(m);
    } else if (sow_move_is_place(m)) { /* MW.2: "+h", "+h/D" */
        int k = sow_move_place_kind(m);
        g->placing = (uint8_t)(1 + k);
        if (k)
            g->move_dir = (uint8_t)(k - 1);
    } else if (sow_move_is_chosen(m))
        g->choice = (uint8_t)((m - SOW_MOVE_CHOSEN) & 63); /* NS.6 */
    return sow_move_hole(m);
}

/* Whether a lap ending in hole h, which then holds c seeds, captures
 * for g->to_move: the lap-end rule that holds there takes seeds; with
 * any_count, some capturing rule's conditions other than the count hold
 * (MW.5; sow_lapmatch.c). */
bool sow_lap_captures(const sow_setup *s, const sow_game *g, int h, int c,
                      bool any_count);

/* Candidate moves of `player` by the data rules (own hole, min_seeds),
 * before the endless-move check. Returns the count. */
int sow_candidates(const sow_setup *s, const sow_game *g, int player,
                   uint16_t *out);

/* Legal moves of `player` on g: in phase 0 the candidates, minus endless
 * moves when they are forbidden (their holes set in *endless, if not NULL);
 * in another phase the decision moves the script offers. Returns the
 * count, -1 on a rule error, or SOW_LEGAL_LAP_CAP (err set, and *endless
 * SOW_ENDLESS_UNDECIDED) when a candidate sown on a copy (to tell whether
 * it ends, feeds, slams or comes to a choice) reached the lap cap (P2):
 * the engine then stops the game unfinished there (C2.9), as before a
 * move played that reaches it. */
#define SOW_LEGAL_LAP_CAP (-2)
#define SOW_ENDLESS_UNDECIDED (~(uint64_t)0)
int sow_legal_moves(const sow_setup *s, const sow_rules *r, const sow_game *g,
                    int player, uint16_t *out, uint64_t *endless,
                    sow_error *err);

/* As sow_legal_moves, where only whether `player` has a legal move is
 * read (a search's leaf): the list may hold only the first one found
 * (a turn's tree of choices is listed until one leaf is legal). */
int sow_legal_first(const sow_setup *s, const sow_rules *r,
                    const sow_game *g, int player, uint16_t *out,
                    uint64_t *endless, sow_error *err);

/* ---- the script's move hooks (sow_hooks.c) ---------------------------- */

/* The filter hook over candidate moves out[0..n) of `player` (P42): each
 * is sown on a copy and the hook keeps or refuses it, and of those kept
 * only the ones of the highest rank stay; an endless move is not shown to
 * the hook and counts as kept with rank 0. Returns the count kept, or -1
 * on an error. */
int sow_hook_filter(const sow_setup *s, const sow_rules *r, const sow_game *g,
                    int player, uint16_t *out, int n, sow_error *err);

/* Whether the filter hook is what refuses hole `hole` to g->to_move
 * (the rules of data allow it, g's legal moves do not), and why (the
 * hook's reason for it, or ""): 1 refused, 0 not, -1 on an error. For
 * sow play's explanation. */
int sow_hook_refusal(const sow_setup *s, const sow_rules *r,
                     const sow_game *g, int hole, char *why, int why_size,
                     sow_error *err);

/* After move `origin` (-1: a decision) turned `before` into g: run the
 * after_move hook and apply its changes (a player it names to move goes
 * to *next, else *next is left alone), then the game_end hook (into
 * e->hook_end). Only for setups with move_hooks. On an error g may be
 * half changed: the caller restores it. */
int sow_hook_after_move(sow_engine *e, const sow_game *before, sow_game *g,
                        int origin, int *next, sow_error *err);

/* SOW_EV_INTO's player for seeds a hook's move change carries (issue
 * 24): count seeds of hole go into hole extra */
#define SOW_INTO_BY_SCRIPT (-1)

/* Whether hole h is claimed (C1.4), and by whom (-1: nobody). */
static inline int sow_claimant(const sow_game *g, int h)
{
    return (g->claims[0] >> h) & 1 ? 0 : (g->claims[1] >> h) & 1 ? 1 : -1;
}

/* What a game of the match is called: a round in games played in rounds
 * (C1.6), else a game. */
static inline const char *sow_game_word(const sow_setup *s)
{
    return s->rounds ? "round" : "game";
}

/* The holes `player` owns, as bits. */
static inline uint64_t sow_owned_mask(const sow_game *g, int player)
{
    return g->owns[player & 1];
}

/* Give hole h to player p (0 or 1), keeping owner[] and owns[] in step. */
static inline void sow_game_set_owner(sow_game *g, int h, int p)
{
    uint64_t bit = (uint64_t)1 << h;
    g->owner[h] = (uint8_t)p;
    g->owns[p] |= bit;
    g->owns[1 - p] &= ~bit;
}

/* Whether g is in a phase of decision moves (a phase declared with
 * moves: decisions, or any phase but 0 of a variant declaring none). */
static inline bool sow_decision_phase(const sow_setup *s, const sow_game *g)
{
    if (g->phase == 0)
        return false;
    if (g->phase > s->v->nphases)
        return true;
    return s->v->phases[g->phase - 1].decisions;
}

/* The seeds on the holes of a board (the one sum, so that every check of
 * conservation counts alike). */
static inline long sow_board_seeds(const sow_setup *s, const uint16_t *board)
{
    long sum = 0;
    for (int h = 0; h < s->holes; h++)
        sum += board[h];
    return sum;
}

/* Check a position the engine is handed (issue 13 #8): its holes add up
 * to g->on_board, the stores are not negative, and board and stores hold
 * at most SOW_MAX_SEEDS. An error (naming the variant file), never an
 * abort: the position may come from a scenario file or a script. */
int sow_seeds_check(const sow_setup *s, const sow_game *g, sow_error *err);

/* Apply changes (from a decision or a game's set-up) to g, after checking
 * every value (a new board must hold the seeds on the board). */
/* C1.4, C1.5: whether a script may make these changes of claimed holes
 * on g: every hole released is claimed now; a hole taken (captured) or
 * claimed is not claimed unless released with it; a hole claimed is not
 * closed. 0, or -1 with `why` set to what is wrong, a phrase that names
 * the hole and how to fix it ("a claim of hole 3, which is ..."). */
int sow_claims_problem(const sow_game *g, uint64_t claim_set,
                       uint64_t release, uint64_t taken, char *why,
                       size_t size);

int sow_apply_changes(const sow_setup *s, sow_game *g, const sow_changes *c,
                      sow_error *err);
/* The same, telling obs (NULL: nobody) of the holes it captures, closes
 * and opens, for the narration. */
/* The changes of a lap_end hook's third value other than its claims
 * (opened, taken, out of play, closed) as a table of changes, to be
 * checked and applied as a decide hook's. */
void sow_lap_changes(const sow_lap_decision *d, sow_changes *ch);

int sow_apply_changes_seen(const sow_setup *s, sow_game *g,
                           const sow_changes *c, const sow_observer *obs,
                           sow_error *err);
/* The moves of seeds of a hook's answer (issue 24: lap_end, decide,
 * play, after_move), made in order once its other changes are: each
 * checked on the board and stores as they are then (no closed end, C1.5;
 * no more seeds than `from` holds; the seeds of board and stores together
 * the same), an impossible one an error at the line of hook `hook` (the
 * caller restores the game). "store" is the store of `mover`. */
int sow_apply_moves(const sow_setup *s, sow_game *g, const sow_seed_move *m,
                    int n, int hook, int mover, const sow_observer *obs,
                    sow_error *err);

/* ---- matches (K2.9 and any variant with a new_game hook) ---------------- */

typedef struct sow_match {
    int game;               /* number of the game being played, from 1 */
    int starter;            /* who starts it (for the record) */
    uint8_t owners[SOW_MAX_HOLES]; /* owners when it starts, before any
                                      decision move (for the record) */
    bool over;              /* the match has ended */
    int winner;             /* over: 0, 1, or -1 */
    bool unfinished;        /* over: stopped by the match_games cap */
    int holes[2];           /* over: holes each would own next */
    char reason[128];       /* over: why */
    int wins[2];            /* games each player has won (SQ.6) */
    int points[2];          /* match points of the rounds won (UR.6) */
    long totals[2];         /* the games' scores added up */
    int32_t captured[2];    /* stores when the game starts (C1.6) */
    uint64_t blocked;       /* blocked holes when it starts (C1.6) */
} sow_match;

/* Rounds (C1.6) as data: the next round's set-up from the last one's
 * final position (prev NULL before the first), or the end of the match;
 * the C counterpart of a new_game hook (sow_rounds.c). */
int sow_rounds_next(const sow_setup *s, const sow_game *prev,
                    const sow_match_info *info, sow_next_game *out,
                    sow_error *err);

/* Start the first game (a single game when the setup is not a match). */
int sow_match_start(sow_engine *e, sow_match *m, sow_game *g, sow_error *err);

/* g is over: start the next game of the match in g, or end the match
 * (m->over). A single game always ends the "match". */
int sow_match_next(sow_engine *e, sow_match *m, sow_game *g, sow_error *err);

/* The scoring of a variant without a score hook: each player's captures
 * (store) plus the seeds in the holes they own (K1.8, K2.6, B.6). */
void sow_default_score(const sow_setup *s, const sow_game *g, int32_t out[2]);

/* The short English sentence of a finished game's result ("neither player
 * can move", "North has no seeds"). */
const char *sow_result_text(const sow_setup *s, const sow_game *g, char *buf,
                            int size);

/* A short English sentence for an end reason ("neither player can move"). */
const char *sow_end_reason_text(const sow_setup *s, sow_end_reason r,
                                char *buf, int size);

#endif
