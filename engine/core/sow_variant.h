/* sow_variant.h - the immutable description of a variant, as read from its
 * YAML file, and the options that parameterise it.
 *
 * Data flow: variant file -> sow_variant (this header, filled by
 * sow_loader.c) -> sow_setup (sow_setup.h: the variant with one value chosen
 * for every option) -> sow_game. A sow_variant is never changed after
 * loading; every string it holds is owned by it and freed by
 * sow_variant_free. */
#ifndef SOW_VARIANT_H
#define SOW_VARIANT_H

#include <stdbool.h>
#include <stdint.h>

#include "sow_error.h"

/* Limits on what a variant file may ask for (documented in
 * docs/writing-variants.md, Limits). */
#define SOW_MAX_ROW 32          /* holes per row */
#define SOW_MAX_HOLES (2 * SOW_MAX_ROW)
#define SOW_MAX_HOLE_SEEDS 1000 /* seeds in one hole at the start */
#define SOW_MAX_OPTIONS 16
#define SOW_MAX_ENUM 16         /* values of one enum option */
#define SOW_MAX_LAP_RULES 16
#define SOW_MAX_RULE_IDS 64
#define SOW_NAME_MAX 32         /* option names and enum values */
#define SOW_MAX_PLIES_LIMIT 1000000
/* end.unreachable_positions (K1.7 unreachable): the positions the search
 * for a reachable capture keeps by default (about 24 MB on a board of 12
 * holes), and at most */
#define SOW_REACH_POSITIONS 1000000
#define SOW_REACH_POSITIONS_MAX 10000000
#define SOW_MAX_DECISIONS 8     /* kinds of decision move ("buy", "first") */
#define SOW_MAX_STATE 8         /* named integers a script keeps per game */

typedef enum { SOW_OPT_ENUM, SOW_OPT_BOOL, SOW_OPT_INT } sow_opt_type;

/* A value of one option. For enum options `index` is the value's position
 * in the option's `values`, and `num` its integer parameter (the K of a
 * value declared `word:K`). For bool and int options `num` is the value. */
typedef struct sow_optval {
    int index;
    long num;
} sow_optval;

typedef struct sow_option_def {
    char name[SOW_NAME_MAX];
    sow_opt_type type;
    int nvalues;                             /* enum: number of values */
    char values[SOW_MAX_ENUM][SOW_NAME_MAX]; /* enum: words, without ":K" */
    bool param[SOW_MAX_ENUM];                /* enum: value takes ":K" */
    long min, max;                           /* int: inclusive range */
    long step;                               /* int: values min + k*step */
    sow_optval def;                          /* default */
    int needs;                               /* a bool option that must be
                                                true for another value than
                                                the default, or -1 */
    char *doc;                               /* one line, cites the source */
    int line, col;                           /* where it is declared */
} sow_option_def;

/* A field that may be a constant or refer to an option ("$name",
 * "$name=value", "$name:value"; see docs/writing-variants.md). */
typedef enum {
    SOW_EXPR_CONST, /* value */
    SOW_EXPR_REF,   /* the option's value (num, or enum index) */
    SOW_EXPR_EQ,    /* 1 when the enum option's value is `word`, else 0 */
    SOW_EXPR_PARAM  /* the K of `word:K` when the option has that value */
} sow_expr_kind;

typedef struct sow_expr {
    sow_expr_kind kind;
    long value; /* CONST: the value */
    int opt;    /* REF/EQ/PARAM: index into sow_variant.options */
    int word;   /* EQ/PARAM: index of the enum value */
    bool is_enum;                /* REF to an enum option */
    signed char map[SOW_MAX_ENUM]; /* REF to enum: value index -> field word */
    int line, col;
} sow_expr;

typedef enum { SOW_DIR_CCW = 0, SOW_DIR_CW = 1 } sow_dir;

/* A direction that depends on the move: fixed (the variant's direction),
 * by the count lifted (odd counter-clockwise, even clockwise: XK.1), or by
 * the hole sown from (the holes listed sow clockwise: QL.2). */
/* ... or chosen (OL.2): the starter of each game (round) chooses a
 * direction with the decision move dir:ccw or dir:cw before their first
 * move, and sows that way; the other player sows the other way. */
/* ... or named by every move (MB.2): each move is a hole and a direction,
 * the token h/ccw or h/cw (sow_directed in sow_game.h). */
typedef enum {
    SOW_DIR_FIXED,
    SOW_DIR_BY_COUNT,
    SOW_DIR_BY_HOLE,
    SOW_DIR_CHOSEN,
    SOW_DIR_EACH_MOVE
} sow_dir_rule;
typedef enum { SOW_ENDLESS_FORBID = 0, SOW_ENDLESS_END_GAME = 1 } sow_endless;

/* Rule ids (`rules:` keys) are at most this long, with the terminator. */
#define SOW_RULE_ID_MAX 17

/* The mechanics a variant's `explain:` map ties to its rule ids, so that
 * narration (sow trace) cites the variant's own rules. */
typedef enum {
    SOW_CITE_MOVE,        /* a move: the seeds of an own hole are lifted */
    SOW_CITE_SOW,         /* they are sown one by one along the direction */
    SOW_CITE_LEAVE,       /* seeds left in the hole lifted from */
    SOW_CITE_SKIP_ORIGIN, /* a lap passes over its own hole */
    SOW_CITE_RELAY,       /* a lap's seeds lifted and sown on */
    SOW_CITE_STOP,        /* a lap that ends the move */
    SOW_CITE_PASS,        /* a player who cannot move is passed over */
    SOW_CITE_ENDLESS,     /* a move that never ends */
    SOW_CITE_BEAROFF,     /* seeds leaving the board */
    SOW_CITE_END,         /* the end of the game and its result */
    SOW_CITE_SOW_CAPTURE, /* seeds taken while sowing (sow_capture) */
    SOW_CITE_LAST_SEEDS,  /* the few seeds left taken (last_seeds) */
    SOW_CITE_SKIP_COUNT,  /* a hole passed over for its count */
    SOW_CITE_DIRECTION,   /* a direction chosen (direction: chosen) */
    SOW_CITE_ROUNDS,      /* a new round, or the end of the match */
    SOW_CITE_PASS_OVER,   /* a hole the mover's sowing passes over (IS.3) */
    SOW_CITE_PLACE,       /* a seed placed from the hand (MW.2) */
    SOW_CITE_CW_MOVES,    /* which moves may sow clockwise (MW.5) */
    SOW_CITE_GRAND_SLAM,  /* captures that would empty the opposing row */
    SOW_CITE_UNREACHABLE, /* the end once no capture can be reached
                             (end.capture_unreachable) */
    SOW_CITE_CAPTURE_BEFORE, /* seeds taken before the sowing
                                (sowing.capture_before) */
    SOW_CITE_COUNT
} sow_cite;

/* board.placing's values (MW.2) */
enum { SOW_PLACING_ALTERNATE, SOW_PLACING_LAYOUT };

/* The `explain:` key of each sow_cite, in order. */
extern const char *const sow_cite_names[SOW_CITE_COUNT];

/* What a lap-end rule does (see docs/writing-variants.md, `lap_end`). */
typedef enum {
    SOW_LAP_STOP,
    SOW_LAP_RELAY,
    SOW_LAP_CAPTURE,
    SOW_LAP_HOOK,
    SOW_LAP_CHAIN,  /* capture along the track (the rule's `chain`) */
    SOW_LAP_CAPTURE_OPPOSITE, /* capture the hole facing h (A.4, P10) */
    SOW_LAP_CAPTURE_PAIR,     /* the hole facing h, then h itself (KA.4) */
    SOW_LAP_EXTRA_TURN,       /* the move ends; the mover moves again (C1.3) */
    SOW_LAP_CAPTURE_TWO_OUT,  /* the hole after the next one (EX.3, PL.5) */
    SOW_LAP_CLAIM,            /* h becomes the mover's claimed hole (C1.4:
                                 TK.3, QL.3) */
    SOW_LAP_CAPTURE_TO_CLAIM, /* h's seeds go into the mover's lowest
                                 claimed hole, if any (QL.4) */
    SOW_LAP_CLOSE,            /* h is closed (blocked, C1.5) and its seeds
                                 are lifted and sown on (NB.3) */
    SOW_LAP_TAKE,             /* take at most `take` seeds of h into the
                                 mover's store (a weg, GB.4) */
    SOW_LAP_CAPTURE_ACROSS,   /* the opponent's holes across from h (the
                                 facing one and the one behind it, C2.5:
                                 MO.4, TS.5, HU.5, AB.5) */
    SOW_LAP_CAPTURE_ALL       /* every hole of one side holding one of a
                                 set of counts, wherever it lies (the
                                 rule's `capture_all`, read into its
                                 chain's counts and owner: MancalaGames'
                                 PICKOPPBASIC, Kara) */
} sow_lap_action;

/* Stores on the track (CATALOGUE C1.2): none (stores, if any, are off the
 * track), the mover's own store is sown and the opponent's passed over
 * (own), or both are sown (both). South's store lies between holes N-1
 * and N, North's between 2N-1 and 0. */
typedef enum { SOW_TRACK_NONE, SOW_TRACK_OWN, SOW_TRACK_BOTH } sow_track;

/* The sowing track (issue 24): the positions a player's seeds travel, in
 * counter-clockwise order (clockwise sowing runs it backwards). A
 * position is a hole 0..holes-1 or a store, SOW_POS_STORE + player.
 * ring: every hole of both rows, with the stores on it as
 * stores_on_track says (C1.2) — the default, and every game before issue
 * 24; own: the player's own row, with their own store after it where
 * stores are on the track; list: the positions given for each player. */
typedef enum { SOW_CIRCUIT_RING, SOW_CIRCUIT_OWN, SOW_CIRCUIT_LIST } sow_circuit;
#define SOW_POS_STORE SOW_MAX_HOLES          /* + player: a store */
#define SOW_POS_COUNT (SOW_MAX_HOLES + 2)    /* holes and both stores */
#define SOW_POS_STRIDE 128 /* a track's table: a power of two past
                              SOW_POS_COUNT, so that finding the mover's
                              is a shift (the sowing machine's hot path) */
#define SOW_POS_NONE 255                     /* not on the track */
#define SOW_POS_REACH 16 /* when.position: places counted from either end */

/* A capture that would empty the opponent's whole row, which held seeds
 * before the move (OW.4, WA.1, OU.3): it stands (capture), is undone
 * (no_capture: the sowing stands), makes the move illegal (forbid),
 * stands and gives the mover another turn (extra_turn), or stands but
 * for one hole when it took two or more: the one taken first from the
 * mover's right-hand end of the opposing row (leave_right: MancalaGames'
 * LEAVE_RIGHT, Olowuka). */
typedef enum {
    SOW_SLAM_CAPTURE,
    SOW_SLAM_NO_CAPTURE,
    SOW_SLAM_FORBID,
    SOW_SLAM_EXTRA_TURN,
    SOW_SLAM_LEAVE_RIGHT
} sow_slam;

/* Must feed (OW.5, PL.7): when the opponent's row is empty at the start
 * of a turn, only moves that leave it seeds are legal (only); when none
 * does, no move is legal (only) or every move is (else_all). */
typedef enum { SOW_FEED_OFF, SOW_FEED_ONLY, SOW_FEED_ELSE_ALL } sow_feed;

/* Where the seeds still on the board go when a game ends other than by
 * the threshold (C1.8): to the owners of their holes (own_row), to the
 * player who moved last (last_mover), to the player whose row is empty
 * (unfed), or to nobody. */
typedef enum {
    SOW_REST_OWN_ROW,
    SOW_REST_LAST_MOVER,
    SOW_REST_UNFED,
    SOW_REST_NOBODY,
    SOW_REST_DIVIDED  /* shared evenly; the odd seed as rest_odd says */
} sow_rest;

/* rest: divided: who gets the odd seed (issue 24): the player behind
 * after the even split, North when they are level (as
 * MancalaGames reads it), South, North, the last mover, or nobody. */
typedef enum {
    SOW_ODD_BEHIND,
    SOW_ODD_SOUTH,
    SOW_ODD_NORTH,
    SOW_ODD_LAST_MOVER,
    SOW_ODD_NOBODY
} sow_rest_odd;

/* Rounds (CATALOGUE C1.6): which end of each row a refill starts from:
 * right (South N-1 down to 0, North 2N-1 down to N), left (South 0 up,
 * North N up) or west (South 0 up, North 2N-1 down: JK.4). */
typedef enum {
    SOW_FILL_RIGHT,
    SOW_FILL_LEFT,
    SOW_FILL_WEST,
    SOW_FILL_TRACK = 4 /* the player's own holes in the order of their
                          track, from its first position (AB.7) */
} sow_fill;

/* Who wins when a row left empty ends the game (end.cleared_winner): the
 * totals (score; without scores, the player whose row is empty loses),
 * the player whose row is empty (emptied, TR.5), or the other player
 * (not_emptied). */
typedef enum {
    SOW_CLEARED_SCORE,
    SOW_CLEARED_EMPTIED,
    SOW_CLEARED_NOT_EMPTIED
} sow_cleared_winner;

/* Who starts the next round (P40): the player who did not start the last
 * (alternate), the loser of the last round (after a draw, its last mover),
 * its last mover, or its winner. */
typedef enum {
    SOW_START_ALTERNATE,
    SOW_START_LOSER,
    SOW_START_LAST_MOVER,
    SOW_START_WINNER,
    /* only in a starter: {decided: X, draw: Y} mapping (issue 24) */
    SOW_START_NOT_LAST_MOVER, /* the player who did not move last */
    SOW_START_SOUTH,
    SOW_START_NORTH,
    SOW_START_NOT_TO_MOVE     /* the player other than the one to move
                                 when the round ended: its last mover,
                                 or after an extra turn the other (LG.7) */
} sow_start_rule;

/* A chain capture (B.4 and kin): from the hole after the lap's last hole
 * h (or h itself), along the sowing direction (or against it, or one
 * fixed direction whatever the move's: MB.4), the mover
 * takes every hole whose count is in `counts`, and stops at the first
 * other count, at a hole of the wrong side, or before coming back to h.
 * With skip_empty an empty hole is passed over instead of stopping it;
 * with max, it stops once it has taken that many holes; with and_last,
 * h is taken after it where it took any. */
typedef struct sow_chain {
    uint64_t counts;      /* bit c set: count c is taken (1 <= c < 63) */
    bool counts_high;     /* counts of 63 and more are taken */
    bool from_last;       /* start: last (h itself), else next */
    bool backward;        /* direction: backward (against the sowing) */
    uint8_t fixed_dir;    /* direction: cw or ccw, 1 + its sow_dir (MB.4);
                             0: relative to the sowing (forward, backward) */
    uint8_t owner;        /* sow_owner_sel: whose holes the chain may take */
    uint8_t max;          /* the most holes it takes (MancalaGames'
                             multicapt N: Mandoli); 0: no cap (both bytes
                             fit where an int owner stood: a lap-end rule
                             stays 256 bytes) */
    bool and_last;        /* and_last: the lap's last hole h taken too,
                             after the chain, once it took a hole
                             (MancalaGames' PICKFINAL: Je ki n je; in
                             the padding before skip_empty) */
    sow_expr skip_empty;  /* bool, may name an option */
} sow_chain;

typedef enum { SOW_OWNER_ANY, SOW_OWNER_OWN, SOW_OWNER_OPPONENT } sow_owner_sel;

/* sowing.capture_before: before a move's seeds are lifted, the mover takes
 * the hole facing the hole lifted when it holds one of the counts
 * (lifted: Achochodi's single seed), or the hole facing every own hole
 * that does (own: Huroy's and Gelech's singles). */
#define SOW_BEFORE_LIFTED 1
#define SOW_BEFORE_OWN 2

/* Where a hole may be claimed (the rule's `claim:` map; TK.3, QL.3): at
 * most `limit` claimed holes a player (0: no limit), not the opponent's
 * last hole (not_last), not the hole with the same number in the other
 * row as the opponent's own claim (not_mirror), and only the holes of
 * `eligible[mover]` (all when has_eligible is false). */
typedef struct sow_claim {
    int limit;
    bool not_last, not_mirror;
    bool has_eligible;
    uint8_t holes;        /* SOW_CLAIM_*: the holes claimed together (0:
                             the last hole alone); each must be claimable */
    uint64_t eligible[2];
} sow_claim;

/* The holes a claim rule claims together (claim.holes, C1.4), named from
 * the lap's last hole h: h itself, the hole facing it, the hole before
 * it and the hole after it along the sowing (blocked holes stepped
 * over). */
#define SOW_CLAIM_LAST 1
#define SOW_CLAIM_OPPOSITE 2
#define SOW_CLAIM_PREVIOUS 4
#define SOW_CLAIM_NEXT 8

#define SOW_ROW_INNER 1
#define SOW_ROW_OUTER 2
#define SOW_ACROSS_FACING 1 /* the facing hole holds seeds (MO.4, TS.5) */
#define SOW_ACROSS_BOTH 2   /* it and the hole behind it do (MW.6, HU.5) */
#define SOW_ACROSS_EITHER 3 /* one of them does (IS.5, AB.5) */
#define SOW_RESOW_ORIGIN 1       /* into the lap's origin first (IS.5) */
#define SOW_RESOW_AFTER_ORIGIN 2 /* into the hole after it (MW.6) */
#define SOW_RESOW_AFTER_LAST 3   /* into the hole after h (HU.5) */
#define SOW_RESOW_THEN_LAP_END 0 /* their last seed ends a lap (HU.5) */
#define SOW_RESOW_THEN_STOP 1    /* the move ends (IS.5) */
#define SOW_RESOW_THEN_RELAY 2   /* h is lifted and sown on (MW.7) */

/* One lap-end rule: when the last seed of a lap makes hole h hold c seeds,
 * the first rule whose condition holds says what happens. */
/* sow_lap_rule.store_of: the store a lap ends in, the mover's or the
 * opponent's, as bits (C1.3) */
#define SOW_STORE_OWN 1
#define SOW_STORE_OPPONENT 2

typedef struct sow_lap_rule {
    uint64_t counts;      /* bit c set: count c matches (c < 63) */
    bool counts_high;     /* counts of 63 and more match */
    bool look_back;       /* has_next: the counts are those of the hole
                             before h (when.previous_count) */
    sow_owner_sel owner;  /* whose hole h must be, seen from the mover */
    uint8_t on_claimed;   /* 0: the rule matches unclaimed holes; 1 the
                             mover's claimed holes, 2 the opponent's, 3
                             either's (GB.3, GB.4) */
    /* pairs: (issue 24, MancalaGames' MATCH_OPP with multicapt): after
     * a capture_pair of opposite: same, up to pairs_fwd more holes along
     * the sowing and pairs_back against it that hold as many as the hole
     * facing them, each taken with it, each way up to the first that
     * does not (in the struct's padding: it stays 256 bytes) */
    uint8_t pairs_fwd, pairs_back;
    int take;             /* SOW_LAP_TAKE: at most this many seeds */
    bool then_extra;      /* then: extra_turn (GB.4) */
    bool series;          /* capture_two_out repeats: empty, then full,
                             again (OL.4); capture_pair goes on over the
                             mover's empty holes facing seeds */
    bool then_relay;      /* after its captures the seeds left in h are
                             lifted and sown on (TG.2, P37) */
    bool has_next;        /* the next hole's count must match too: */
    uint64_t next_counts; /*   bit k set: count k matches (k < 63) */
    bool next_high;       /*   counts of 63 and more match */
    int min_ply;          /* the rule applies from this ply on (0: always) */
    bool in_store;        /* the lap ended in a store (C1.2, C1.3); such
                             a rule matches no hole, and no other rule
                             matches a store */
    uint8_t store_of;     /* whose store: SOW_STORE_OWN, SOW_STORE_OPPONENT
                             or both bits (any) */
    uint8_t opposite;     /* the hole facing h: 0 any, 1 holding seeds,
                             2 empty, 3 holding exactly opposite_count,
                             4 holding as many as h (issue 24) */
    int opposite_count;
    int16_t pick_extra;   /* > 0: after the capture, also every opponent
                             hole holding exactly this many (LL.5) */
    /* boards of more rows (C2.5): h in an inner or outer row (row: 0
     * any, SOW_ROW_INNER, SOW_ROW_OUTER); the opponent's holes across
     * from h holding seeds (across: SOW_ACROSS_*); do: capture_across
     * sends their seeds to the store, or sows them again (resow: 0 no,
     * else SOW_RESOW_* where the first goes; resow_dir 0 the move's
     * direction, else 1 + a sow_dir; resow_then SOW_RESOW_THEN_*) */
    uint8_t row, across;
    uint8_t resow : 2, resow_dir : 2; /* (its then: sow_setup.resow_then) */
    uint8_t take_last : 1; /* capture_across takes h's seeds too */
    uint8_t then_next : 1; /* then: next: the hole after h is lifted and
                              sown on if it holds min_seeds (HU.5 ludii) */
    uint8_t extra_choice;  /* extra: chosen: after taking both holes
                              across, one more opponent hole of the
                              mover's choice (NS.6; the move's ,xH) */
    bool has_if;          /* the rule exists only when `cond` is true */
    sow_expr cond;        /*   (an option reference, `if: $name=value`) */
    sow_lap_action action;
    sow_chain chain;      /* action SOW_LAP_CHAIN: what it takes */
    sow_claim claim;      /* action SOW_LAP_CLAIM: where it may claim */
    uint8_t even;         /* bit 0: the count must be even (TK.4); bit
                             1: when.moved or when.last_hole, read from
                             the variant's lap_moved and lap_last_hole
                             (P86, GA.5: tested here at no cost to the
                             rules without them) */
    /* positions named in data (issue 24): where h lies in its row, seen
     * from that row's player (their leftmost is 1): bit i of pos_left is
     * the (i+1)-th from their left, of pos_right from their right (16 from
     * each end reach every hole of a row of 32). The rule holds only there
     * (position), or only elsewhere (not_position). (16 bits: they fit the
     * struct's padding, which keeps it 256 bytes, a stride the rule loops
     * index by a shift) */
    uint8_t position;     /* 0 none, 1 position:, 2 not_position: */
    uint16_t pos_left, pos_right;
    char cite[SOW_RULE_ID_MAX]; /* `rule:` the rule id it applies ("") */
    int line, col;        /* where the rule is written */
} sow_lap_rule;
/* Whether rule r acts on the hole facing h, which an outer hole of a
 * board of four rows lacks (C2.5): such a rule is checked in full there. */
static inline bool sow_rule_acts_on_facing(const sow_lap_rule *r)
{
    return r->action == SOW_LAP_CAPTURE_OPPOSITE ||
           r->action == SOW_LAP_CAPTURE_PAIR ||
           (r->action == SOW_LAP_CLAIM && (r->claim.holes & SOW_CLAIM_OPPOSITE));
}

_Static_assert(sizeof(sow_lap_rule) == 256 || sizeof(long) == 4,
               "a lap-end rule is 256 bytes on 64-bit machines: the rule "
               "loops index by a shift (wasm32's longs make it smaller)");

/* A phase of a game other than ordinary play (phase 0): its number is its
 * position in `phases` plus one. */
typedef struct sow_phase {
    char name[SOW_NAME_MAX];
    bool decisions;       /* moves are decision moves, else sowings */
    bool scripted;        /* sowing moves whose effect the play hook
                             computes (an opening such as A.2) */
    bool fresh_holes;     /* sowings only from own holes not yet played in
                             this phase (all again once all are played) */
    int until_ply;        /* the phase ends after this many plies (0: no) */
    char question[160];   /* what a person is asked in it ("" if none) */
    char cite[SOW_RULE_ID_MAX]; /* `rule:` the rule id it applies ("") */
} sow_phase;
#define SOW_MAX_PHASES 8

/* Hooks a script may provide; the names of the Lua functions are in
 * sow_variant.hook_fn. */
typedef enum {
    SOW_HOOK_LAP_END,   /* a lap ended where a lap_end rule says hook */
    SOW_HOOK_SCORE,     /* the game ended: each player's total */
    SOW_HOOK_NEW_GAME,  /* a match: set up the next game, or end the match */
    SOW_HOOK_DECISIONS, /* the decision moves legal now (phase != 0) */
    SOW_HOOK_DECIDE,    /* apply a decision move */
    SOW_HOOK_PLAY,      /* the effect of a move in a scripted phase */
    SOW_HOOK_FILTER,    /* keep or refuse a candidate move, seeing its
                           outcome on a copy (P42) */
    SOW_HOOK_GAME_END,  /* after a move: is the game over, who won */
    SOW_HOOK_AFTER_MOVE,/* after a move: changes (owners, state, ...) */
    SOW_HOOK_DROP,      /* each seed sown: drop it, pass the hole, send it
                           to a store or out of play */
    SOW_HOOK_COUNT
} sow_hook;

typedef struct sow_rule_text {
    char *id;   /* e.g. "K1.5" */
    char *text; /* its one line */
} sow_rule_text;

/* how_to_play: the game in plain words for a learner, in the four parts
 * docs/how-to-play.md gives every shipped game. */
typedef enum {
    SOW_HOWTO_BOARD,     /* the board and the start */
    SOW_HOWTO_MOVE,      /* a move */
    SOW_HOWTO_CAPTURING, /* capturing */
    SOW_HOWTO_END,       /* the end and who wins */
    SOW_HOWTO_PARTS
} sow_howto_part;
#define SOW_HOWTO_MAX 2000 /* bytes of one part */

typedef struct sow_variant {
    char *path;    /* the YAML file it was read from */
    char *dir;     /* that file's directory */
    char *id, *name, *summary, *source;
    char *how_to_play[SOW_HOWTO_PARTS]; /* all NULL, or each one paragraph */

    /* board */
    int rows;                     /* board.rows: 2 (C0.2), 3 or 4 (C2.1) */
    sow_expr holes;               /* per row */
    sow_expr seeds;               /* per hole, unless has_layout */
    bool has_layout;
    bool has_row_seeds;           /* board.row_seeds: seeds per row */
    uint16_t row_seeds[4];
#define SOW_MAX_ENDS 16 /* holes listed from a row's end (row_seeds) */
    uint16_t row_ends[4][2][SOW_MAX_ENDS]; /* [row][0 right, 1 left] */
    uint8_t row_ends_len[4][2];           /*   seeds from that end */
    int layout_len;
    uint16_t layout[SOW_MAX_HOLES];
    int layout_by;                /* 1 + the enum option whose value
                                     chooses the layout (layouts[value]),
                                     0: layout itself */
    uint16_t layouts[SOW_MAX_ENUM][SOW_MAX_HOLES];
    int layout_line, layout_col;
    bool has_layout_north;        /* SQ.1: the start when North starts */
    uint16_t layout_north[SOW_MAX_HOLES];
    bool stores;
    sow_expr stores_on_track;     /* sow_track (C1.2) */
    int circuit;                  /* sow_circuit: the sowing track */
    int circuit_len[2];           /* SOW_CIRCUIT_LIST: each player's */
    uint8_t circuit_list[2][SOW_POS_COUNT]; /* positions, ccw order */
    int circuit_line, circuit_col; /* where the track was given */
    bool claims;                  /* board.claims: holes may be claimed
                                     (C1.4) though no lap-end rule claims
                                     one: a script's hooks do */
    int claimed_len;              /* board.claimed: the claimant of each
                                     hole at the start (C1.4; -1 none),
                                     as scenario files give it; 0: none */
    int8_t claimed[SOW_MAX_HOLES];
    int claimed_line, claimed_col;
    uint16_t claimed_left,        /* board.claimed: {own: positions}: */
        claimed_right;            /* each player's holes at these places
                                     in their rows, bits as a lap-end
                                     rule's pos_left and pos_right */
    bool closes;                  /* board.closes: holes may be closed
                                     (C1.5) by the script's hooks though
                                     no lap-end rule closes one */

    /* sowing */
    sow_expr direction;           /* sow_dir */
    int dir_rule;                 /* sow_dir_rule: per-move directions */
    uint64_t cw_holes;            /* SOW_DIR_BY_HOLE: holes sown clockwise */
    /* direction: {cw_at: positions, chosen_at: positions, otherwise: D}
     * (issue 24, MancalaGames' udir_holes): each player's holes at these
     * places in their rows (bits as a lap-end rule's pos_left and
     * pos_right; *_mid the middle hole of an odd row) sow clockwise, or
     * name their direction with the move (h/cw, h/ccw; the others are
     * plain h); the holes named nowhere sow `otherwise` (dir_others, a
     * sow_dir). chosen_at makes dir_rule SOW_DIR_EACH_MOVE with
     * dir_some set: not every hole chooses. */
    uint16_t cwat_left, cwat_right, chosen_left, chosen_right;
    bool cw_mid, chosen_mid, dir_some;
    uint8_t dir_others;
    int dir_line, dir_col;        /* the direction map, for setup's errors */
    int min_seeds;
    int leave;
    bool relay;
    sow_expr skip_origin;         /* bool */
    sow_expr endless_move;        /* sow_endless */
    sow_expr passing;             /* bool: a player who cannot move
                                     passes (C0.5) */
    int nlap_rules;
    sow_lap_rule lap_rules[SOW_MAX_LAP_RULES];
    sow_expr grand_slam;          /* sow_slam (OW.4) */
    sow_expr feeding_slam;        /* bool: grand_slam also reads a capture
                                     of the whole opposing row when that
                                     row was empty before the move (the
                                     reading of OW.4 against P17) */
    sow_expr must_feed;           /* sow_feed (OW.5) */
    sow_expr feed_by_hole;        /* bool: must_feed keeps every move of a
                                     hole one of whose moves feeds (the
                                     hole, not the move, is what feeds) */
    bool no_sides;                /* either player may move from any hole
                                     (EX.1) */
    bool singles_to_empty;        /* singletons: last_to_empty or
                                     to_empty: a single seed only into an
                                     empty next hole along the track
                                     (TS.3, NS.3; SINGLE_TO_ZERO) */
    bool singletons_last;         /* a 1-seed hole is playable only when
                                     every non-empty own hole holds 1
                                     (OU.2) */

    /* end */
    sow_expr seeds_at_most;       /* -1: off */
    sow_expr repetition;          /* bool */
    sow_expr no_capture_plies;    /* 0: off */
    sow_expr capture_unreachable; /* bool: the game ends once no capture
                                     is reachable (K1.7 unreachable) */
    sow_expr unreachable_positions; /* the most positions that search
                                       keeps before it gives up */
    sow_expr max_plies;
    sow_expr no_moves_lose;       /* the player to move who cannot, loses
                                     (1: lose, 0: end) */
    sow_expr no_score;            /* no scoring: results have score null */
    sow_expr threshold;           /* C1.7: a player who has captured more
                                     than this wins at once; -1: off */
    sow_expr threshold_if;        /* bool: the threshold applies */
#define SOW_THRESHOLD_HALF (-2)   /* threshold: half of all the seeds */
#define SOW_THRESHOLD_REFILL (-3) /* threshold: all the seeds less those
                                     that fill rounds.min_holes (P41) */
    sow_expr rest;                /* sow_rest (C1.8) */
    sow_expr rest_odd;            /* sow_rest_odd (rest: divided) */
    sow_expr rest_fed;            /* sow_rest: under rest: unfed, the rest
                                     where the player without seeds could
                                     be fed, or no row is empty (unfed:
                                     the rule of rest: unfed alone) */
    sow_expr threshold_sweep;     /* bool: at a threshold end the seeds
                                     left are given out by `rest` as at
                                     any other end (C1.7 reads: none) */
    bool threshold_both;          /* also end when both totals equal the
                                     threshold (TK.6 (a)) */
    bool threshold_round;         /* in rounds, the threshold ends the
                                     round only, not the match (UR.5) */
    bool few_seeds_unclaimed;     /* seeds_at_most applies only while no
                                     hole is claimed (TK.6 (b)) */
    sow_expr claim_seeds;         /* bool: a claimed hole's seeds go to
                                     its claimant's store (TK.5 store) */
    bool origin_first;            /* a hand of 2 or more drops its first
                                     seed back into the origin (TK.2) */
    bool closed_out_of_play;      /* sowing into an opponent's closed hole
                                     takes the seed out of play, into the
                                     mover's own closed holes passes over
                                     (NB.2); else closed holes are stepped
                                     over (C1.5) */
    bool endless_draw;            /* without scores, an endless move draws
                                     (NB.5) rather than losing (P5) */
    sow_expr no_undo;             /* bool: a single seed just sown into
                                     a hole of the player to move may not
                                     be sown straight back (QL.6, ZZ.6) */
    bool no_undo_capture;         /* no_undo: {unless_captured: true}: the
                                     rule lapses after a capture (ZZ.6) */

    /* bear-off (A.5): once every hole holds at most bearoff_max seeds at
     * the start of a move from ply bearoff_from on, a seed about to cross
     * from the mover's row into the other is removed with those in hand */
    bool bearoff;
    int bearoff_max, bearoff_from;
    sow_expr bearoff_sticky;      /* bool: stays on once on (P12) */

    /* script */
    char *script;                 /* path as written in the file */
    char *script_path;            /* resolved against dir */
    int script_line, script_col;
    char *hook_fn[SOW_HOOK_COUNT];/* Lua function names, NULL when absent */
    int hook_line[SOW_HOOK_COUNT], hook_col[SOW_HOOK_COUNT];

    int noptions;
    sow_option_def options[SOW_MAX_OPTIONS];

    int nrules;
    sow_rule_text rules[SOW_MAX_RULE_IDS];
    char cite[SOW_CITE_COUNT][SOW_RULE_ID_MAX]; /* `explain:` ("": none) */

    /* decision moves: tokens "name:value", names sorted (docs/record.md orders
     * decision tokens by name) */
    int ndecisions;
    char decisions[SOW_MAX_DECISIONS][SOW_NAME_MAX];

    /* per-game integers the script reads as g.state.NAME and sets by
     * returning state = {...} from its hooks */
    int nstate;
    char state[SOW_MAX_STATE][SOW_NAME_MAX];

    /* phases other than ordinary play; a game starts in start_phase */
    int nphases;
    sow_phase phases[SOW_MAX_PHASES];
    int start_phase;

    /* matches: a game-to-game loop driven by the new_game hook, or by
     * the rounds below */
    sow_expr match;               /* bool: play a match */
    sow_expr match_games;         /* at most this many games */

    /* rounds (C1.6): a match whose next round the engine sets up from the
     * last one's totals, refilling holes from the stores */
    bool rounds;
    sow_expr round_seeds;         /* seeds a refilled hole receives */
    sow_expr round_min_holes;     /* a total that fills fewer holes ends
                                     the match */
    sow_expr round_fill;          /* sow_fill */
    sow_expr round_block;         /* bool: unfilled holes are blocked */
    bool round_loser_only;        /* only the loser's row is refilled; the
                                     winner's stays as it is (JK.4) */
    bool round_fresh;             /* every round starts from the start
                                     layout, afresh (SQ.6) */
    sow_expr round_layout;        /* fresh: 0 the layout for the starter,
                                     1 for the player who did not start
                                     the last round (SQ.6 alternate) */
    bool round_territory;         /* owners recomputed from the totals,
                                     every hole refilled (GB.7) */
    int round_loser_below;        /* a loser's total below this ends the
                                     match (GB.7); 0 off */
    int round_wins;               /* > 0: the first to win this many
                                     rounds wins the match (SQ.6) */
    bool round_points;            /* a round won scores points (UR.6) */
    sow_expr round_to_win;        /* points: the first to this many wins
                                     the match */
    sow_expr round_double_from;   /* points: a round won with a total of
                                     at least this scores 2; 0 never */
    bool round_totals;            /* totals_to_win: the rounds' totals
                                     added up win the match (issue 24) */
    sow_expr round_totals_to_win; /* ... the first to this many wins it */
    sow_expr round_starter;       /* sow_start_rule */
    int round_start_decided;      /* -1, or the starter: mapping's rule */
    int round_start_draw;         /* after a decided round and a draw */
    int rounds_line, rounds_col;

    /* sowing of the family, continued (CATALOGUE section 1) */
    bool relay_next;              /* a relay lifts the hole after h
                                     (PL.3), or stops when it is empty */
    int sow_capture;              /* > 0: a seed other than a lap's last
                                     that makes its hole hold this many
                                     gives them to the hole's owner
                                     (PL.4) */
    bool sow_capture_last;        /* sow_capture.last: the lap's last
                                     seed too (ENPAS_ALL_OWNER_OWN) */
    bool sow_capture_own;         /* sow_capture.owner: own: only in the
                                     mover's row (MancalaGames'
                                     ENPAS_SOW_SOWER: Four-Capture) */
    uint8_t first_dir;            /* sowing.first_direction: 1 + the
                                     sow_dir of each player's first move
                                     under each_move (NO_UDIR_FIRSTS);
                                     0: none */
    sow_expr last_seeds;          /* >= 1: when at most this many seeds
                                     are left on the board after a move,
                                     the mover takes them (PL.6); 0 off */
    sow_expr last_seeds_if;       /* bool: last_seeds applies */
    int count_last;               /* > 0: a hole holding exactly this many
                                     may be played only when every
                                     playable hole does (LL.2; OU.2 is 1) */
    /* sowing.pass_over (IS.3): holes each player's sowing passes over,
     * for the whole game, or (until_played) until the player lifts the
     * first hole of their list */
    bool has_pass_over;
    uint64_t pass_over[2];
    uint8_t pass_key[2];
    sow_expr pass_until;
    int skip_count;               /* > 0: a hole holding exactly this
                                     many gets no seed and is passed over
                                     (LL.4: an opponent's; a cap: any) */
    int skip_count_owner;         /* sow_owner: whose holes skip_count
                                     passes over (default opponent) */
    bool first_to_store;          /* the first seed of every lap goes to
                                     the mover's store (first_seed:
                                     store) */
    int dir_kind;                 /* SOW_DIR_CHOSEN: the index of "dir"
                                     in decisions */
    int reach_max;                /* > 0: a hole holding at most this many
                                     may be played only if its first lap
                                     ends in the opponent's row or in an
                                     own empty hole (SQ.4) */
    uint64_t not_opposite;        /* bit c: a move may not start from a
                                     hole whose facing hole holds c
                                     (sowing.not_opposite: MancalaGames'
                                     NOT_XFROM_1S, Gelech); 0: off */
    bool not_opposite_high;       /*   nor one facing 63 or more */
    uint8_t capture_before;       /* sowing.capture_before (MancalaGames'
                                     presowcapt): 0 off, SOW_BEFORE_LIFTED
                                     or SOW_BEFORE_OWN */
    bool before_high;             /*   counts of 63 and more match */
    uint64_t before_counts;       /*   bit c: a hole of c seeds */
    int first_keep;               /* > 0: a round's first move is one of
                                     the K highest-numbered legal holes
                                     (LL.2) */
    bool first_plain;             /* a round's first move relays with no
                                     capture and no skip (LL.3) */
    sow_expr row_empty;           /* end: 0 off, 1 the mover's row, 2 the
                                     opponent's row empty ends the game,
                                     before every other end rule (JK.3) */
    sow_expr cleared_winner;      /* sow_cleared_winner: who wins when a
                                     row left empty ends the game */
    bool round_rest_smaller;      /* rounds.remainder: smaller: the
                                     smaller total's remainder fills one
                                     more hole (AB.7) */
    sow_expr cleared_each_lap;    /* bool: the cleared-row end is also
                                     tested after every lap, and ends the
                                     move there (C2.7, AB.6) */
    sow_expr either_stuck;        /* bool: the game ends as soon as either
                                     player has no legal move (M3.4) */
    /* seeds in hand (board.hand, MW.1, C2.6): each player starts with
     * this many off the board; while a player holds some, their turn
     * places one into an own hole (the token +h, MW.2) */
    sow_expr hand;
    /* board.placing (MW.2): how a hand is put on the board: alternate
     * (one seed a ply, "+h", SOW_PLACING_ALTERNATE), or layout (the
     * player's whole hand in one ply, "layout:N,...", SOW_PLACING_LAYOUT) */
    sow_expr placing;
    /* sowing.cw_moves (MW.5): with direction: each_move, a clockwise
     * move only from these positions of the player's rows (bit i of
     * cw_left: the (i+1)-th from their left; cw_right from their
     * right), and only if its first lap passes cw_test (sow_cw_test) */
    bool cw_limited;
    uint16_t cw_left, cw_right;
    sow_expr cw_test;
    /* sowing.capture_from_ends (BK.3-BK.9): turns of several decisions, captures
     * sown from an end hole; ends_reading 1 sources, 2 ludii
     * (SOW_ENDS_*), 0 off; ends_house the house's place in the
     * owner's inner row from their left, 1-based (0: none) */
    sow_expr ends_reading;
    int ends_house;
    /* capture_from_ends.words: what the game calls an end hole of the
     * inner row and the house (BK.1, BK.6), in narration, questions and
     * descriptions; "end hole" and "house" if not given */
#define SOW_ENDS_WORD_MAX 24
    char ends_words[2][SOW_ENDS_WORD_MAX];
    /* sowing.capture_from_ends's other keys (BA.2, BA.L2, BA.L3): back_row: alone,
     * from_empty, placement: occupied (bools, 0 when absent) */
    sow_expr ends_back_alone, ends_from_empty, ends_place_occupied;
    /* ... and the sources' reading's (BA.1-BA.6): single_seed: always,
     * house_sows: one, back_row_relay: not_legal, no_capture_from: inner,
     * keep_threatened, lift_loses (bools, 0 when absent); start_seeds'
     * min and max; prefer: SOW_PREFER_* in order */
    sow_expr ends_single_always, ends_house_one, ends_back_forbid;
    sow_expr ends_quiet_inner, ends_keep_threatened, ends_lift_loses;
    sow_expr ends_start_min, ends_start_max;
    int ends_prefer_n;
    uint8_t ends_prefer[3];
    sow_expr cleared_inner;       /* end.cleared_rows: inner (BK.10) */
    /* lap-end rule i's resow.then: a word of load_resow's list, or an
     * option (MW.9); sow_setup.resow_then holds its SOW_RESOW_THEN_* */
    sow_expr resow_then[SOW_MAX_LAP_RULES];
    /* claims and rounds of Gabata (Adowa) (issue 25), as data: */
#define SOW_MAX_IF_MORE 3
    sow_expr lap_if_more[SOW_MAX_LAP_RULES][SOW_MAX_IF_MORE]; /* rule i's
                                     if: list past its first reference
                                     (all must hold: GA.L1) */
    uint8_t lap_if_more_n[SOW_MAX_LAP_RULES];
    sow_expr lap_moved[SOW_MAX_LAP_RULES]; /* bool, rule i's when.moved:
                                     h was lifted or sown into this round
                                     before the lap's last seed (P86) */
    uint32_t lap_last_hole;       /* bit i: rule i's when.last_hole: h is
                                     the only unclaimed hole its owner
                                     owns (GA.5 take3) */
    bool claimed_only;            /* end.claimed_only: sweep: a move that
                                     leaves seeds only in claimed holes
                                     empties them into their claimants'
                                     stores and ends the game (GA.7) */
    sow_expr keep_empty_claims;   /* bool: ... claimed holes that are
                                     empty then stay claimed, into the
                                     next round (GA.L2) */
    bool round_owned;             /* rounds.refill: owned: the players fill
                                     in turn along their tracks and own
                                     the holes they fill (GA.9) */
    sow_expr round_borrow;        /* bool: a player left with seeds - 1
                                     after a fill fills one more hole, the
                                     missing seed from the other's store */
    sow_expr round_borrow_alone;  /* bool: ... also when their whole total
                                     is seeds - 1 (GA.9, not GA.L3) */
    int round_lose_at_most;       /* a total of at most this loses the
                                     match (GA.8); -1 off */
} sow_variant;

/* sowing.cw_moves.test (MW.5): what a clockwise first lap must do */
typedef enum {
    SOW_CW_CAPTURE = 0, /* end where a capturing lap-end rule holds */
    SOW_CW_FACING = 1   /* end in a hole where such a rule's conditions
                           other than the count hold (Ludii's reading) */
} sow_cw_test;

/* Names of hooks as written under `hooks:` in a variant file. */
extern const char *const sow_hook_names[SOW_HOOK_COUNT];

/* Read and validate a variant file. On success *out is a new variant the
 * caller frees with sow_variant_free. On failure *out is NULL and err says
 * what and where (file:line:col). */
int sow_variant_load(const char *path, sow_variant **out, sow_error *err);

/* The same for the text of a variant file in memory (tests, fuzzing):
 * `path` names it in errors and its directory is where the script is
 * looked for; no file is read (the script's path is resolved, to check
 * where it leads). */
int sow_variant_load_text(const char *path, const char *text, size_t len,
                          sow_variant **out, sow_error *err);
void sow_variant_free(sow_variant *v);

/* The files a variant may read (issue 13 #4): its script must be a .lua
 * file beside the variant file or in a folder below it. A path that is
 * absolute, has a `..` component, or leads elsewhere once symlinks are
 * resolved (realpath of the script and of the variant's folder) is an
 * error at the script: line, as is a name not ending in .lua. The loader
 * checks it, and the Lua bridge again just before it reads the script,
 * reading *resolved (malloc'd, NULL when the script does not exist: the
 * reader then says so; pass NULL to only check). */
int sow_variant_script_check(const sow_variant *v, char **resolved,
                             sow_error *err);

/* Whether s is a name of a variant file: lower-case letters, digits and
 * '_' starting with a letter or '_' (options, enum values, phases), or
 * with dash true lower-case letters, digits and '-' (a variant id); at
 * most SOW_NAME_MAX - 1 characters. */
bool sow_name_valid(const char *s, bool dash);

/* Index of option `name`, or -1. */
int sow_variant_option(const sow_variant *v, const char *name);

/* The one-line text of rule id `id`, or NULL. */
const char *sow_variant_rule_text(const sow_variant *v, const char *id);

/* Option values: one per option of the variant, defaults first. */
typedef struct sow_optset {
    int n;
    sow_optval val[SOW_MAX_OPTIONS];
} sow_optset;

void sow_optset_defaults(const sow_variant *v, sow_optset *set);

/* Apply "NAME=VALUE" (as given to --option). Errors name the option and
 * list what is allowed. */
int sow_optset_apply(const sow_variant *v, sow_optset *set, const char *arg,
                     sow_error *err);

/* Check that the chosen values fit together: an option declared with
 * `needs: OTHER` may differ from its default only when OTHER is true. */
int sow_optset_check(const sow_variant *v, const sow_optset *set,
                     sow_error *err);

/* Write an option value as text ("repetition", "no_capture_plies:30",
 * "true", "10000"). */
void sow_optval_format(const sow_option_def *d, sow_optval val, char *buf,
                       int size);

/* Parse an option value written as text. */
int sow_optval_parse(const sow_option_def *d, const char *text,
                     sow_optval *out, sow_error *err);

/* Evaluate a field with the chosen options. */
long sow_expr_eval(const sow_expr *e, const sow_optset *set);

#endif
