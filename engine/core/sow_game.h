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

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "sow_rng.h"
#include "sow_error.h"
#include "sow_variant.h"

/* ---- seeds ------------------------------------------------------------ */

/* The most seeds a game may hold, on the board and in the stores
 * (issue 13 #8). A hole is a uint16_t (sow_game.board, and the 16-bit
 * lanes of sow_setup.runs), and one hole can come to hold every seed in
 * play, so they must all fit in one: 65,535. Every path that builds a
 * position keeps to it: the loader (SOW_MAX_HOLE_SEEDS a hole at the start
 * on at most SOW_MAX_HOLES holes: 64,000, below it), sow_setup_init (a
 * count that an option gives), a scenario's start (sow_scenario.c), and
 * the engine wherever it takes a position (sow_seeds_check: the start of
 * every game, and a board a script hands back). */
#define SOW_MAX_SEEDS 65535
_Static_assert(SOW_MAX_SEEDS <= UINT16_MAX,
               "a hole must be able to hold every seed of a game");
_Static_assert((long)SOW_MAX_HOLE_SEEDS * SOW_MAX_HOLES <= SOW_MAX_SEEDS,
               "every start the loader accepts fits SOW_MAX_SEEDS");

/* ---- the variant with its options chosen ------------------------------ */

#define SOW_LAP_RULES 255 /* lap_action: conditions beyond count and owner */
/* lap_action and the sowing machine: the chain capture of lap-end rule i
 * (a chain's parameters belong to its rule) */
#define SOW_LAP_CHAIN_AT(i) (16 + (i))
/* lap_action and the sowing machine: capture the opposite hole, then lift
 * the seeds left in h and sow on (a rule with then: relay, TG.2) */
#define SOW_LAP_OPPOSITE_RELAY 15
/* ... capture the opposite hole, then every opponent hole holding
 * s->pick_extra (a rule with pick_extra:, LL.5) */
#define SOW_LAP_OPPOSITE_EXTRA 14
/* ... capture two out, in series (a capture_two_out rule with series:
 * true, OL.4) */
#define SOW_LAP_TWO_OUT_SERIES 13
/* ... capture two out, then lift the seeds of h and sow on (a
 * capture_two_out rule with then: relay); above the chains */
#define SOW_LAP_TWO_OUT_RELAY (SOW_LAP_CHAIN_AT(SOW_MAX_LAP_RULES))
/* ... claim the holes of lap-end rule i's claim.holes together (C1.4) */
#define SOW_LAP_CLAIM_AT(i) (33 + (i))
/* ... capture the pair, then go on over the mover's empty holes that
 * face seeds (a capture_pair rule with series: true) */
#define SOW_LAP_PAIR_SERIES 49
/* ... the across capture of lap-end rule i (its condition checked, its
 * resowing its own: C2.5) */
#define SOW_LAP_ACROSS_AT(i) (50 + (i))
/* ... take at most rule i's take: seeds of h into the mover's store (and
 * its then: extra_turn), each take rule its own count (GB.4, GA.5, GA.6) */
#define SOW_LAP_TAKE_AT(i) (66 + (i))
/* ... every hole of rule i's capture_all side holding one of its counts
 * (its counts and owner kept in the rule's chain) */
#define SOW_LAP_ALL_AT(i) (82 + (i))

typedef struct sow_setup {
    const sow_variant *v;   /* borrowed; must outlive the setup */
    sow_optset opts;        /* the chosen option values */
    int n;                  /* holes per row */
    int rows;               /* rows of holes: 2 (C0.2), 3 or 4 (C2.1) */
    int holes;              /* rows * n, canonical indices 0..holes-1:
                               C0.2 on two rows, C2.1 on more */
    /* board geometry (sow_setup.c, setup_geometry) */
    uint8_t home[SOW_MAX_HOLES];   /* who owns each hole at the start:
                                      by rows, and by halves of the
                                      middle row of three (C2.1) */
    uint8_t facing[SOW_MAX_HOLES]; /* the hole across from h in h's
                                      column towards the other side, or
                                      SOW_POS_NONE (two rows: 2n-1-h) */
    uint8_t behind[SOW_MAX_HOLES]; /* the hole after that one in the
                                      same column, or SOW_POS_NONE (C2.5) */
    uint64_t inner;                /* the inner rows (four rows: 1 and 2;
                                      three: the middle; two: both) */
    uint16_t start[SOW_MAX_HOLES]; /* seeds at the start */
    int total;              /* seeds at the start */
    sow_dir dir;
    uint8_t next[SOW_MAX_HOLES]; /* next hole along the sowing direction */
    uint8_t prev[SOW_MAX_HOLES]; /* previous hole along it */
    /* both directions, for variants whose direction depends on the move
     * (dir_rule): nexts[d], prevs[d], store_afters[d] for sow_dir d */
    int dir_rule;
    uint64_t cw_holes;
    uint8_t nexts[2][SOW_MAX_HOLES], prevs[2][SOW_MAX_HOLES];
    uint8_t store_afters[2][SOW_MAX_HOLES];
    int min_seeds, leave;
    bool relay, skip_origin, passing, stores;
    sow_endless endless_move;
    int seeds_at_most;      /* -1: off */
    bool repetition;
    int no_capture_plies;   /* 0: off */
    int max_plies;
    /* the lap-end rules as a table: [opponent's hole][count], counts 0-63
     * (larger counts go through the rules) */
    uint8_t lap_action[2][64]; /* SOW_LAP_RULES: ask the rules in full */
    uint32_t lap_rules_on;  /* bit i: lap-end rule i applies (its `if`) */
    bool chain_skip_empty[SOW_MAX_LAP_RULES]; /* rule i's chain skip_empty */
    uint64_t start_claims[2]; /* holes each player has claimed at the
                                 start (board.claimed, C1.4) */
    uint8_t chain_copy[SOW_MAX_LAP_RULES]; /* the copy of the chain code
                                              rule i runs: SOW_CHAIN_* */
    bool bearoff_sticky;    /* bear-off stays on once on (A.5, P12) */
    /* the two-row family (CATALOGUE C1.x) */
    int track;              /* sow_track: stores on the track (C1.2) */
    uint8_t store_after[SOW_MAX_HOLES]; /* the player whose store lies
                                           between h and next[h], or 255 */
    int grand_slam;         /* sow_slam (OW.4) */
    int must_feed;          /* sow_feed (OW.5) */
    bool no_moves_lose;     /* end.no_moves: lose (A.6) */
    bool cleared_each_lap;  /* end.cleared tested after every lap (C2.7) */
    long max_laps;          /* a relay followed this far neither ended nor
                               repeated stops the game (P2; SOW_MAX_LAPS,
                               lowered by tests) */
    bool round_rest_smaller; /* rounds.remainder: smaller (AB.7) */
    uint8_t track_first[2]; /* the first position of each player's track */
    bool own_circuits;      /* each player's track passes only their own
                               holes (and stores): C2.5 on four rows */
    bool no_score;          /* end.score: none */
    bool singletons_last;   /* OU.2 */
    bool singles_to_empty;  /* TS.3, NS.3: ... into an empty next hole */
    bool choices;           /* a lap-end rule's extra: chosen (NS.6): legal
                               moves name their choices */
    bool no_sides;          /* EX.1: moves from any hole */
    bool claims;            /* some lap-end rule claims holes (C1.4) */
    bool claim_to_store;    /* TK.5 store */
    bool origin_first;      /* TK.2 */
    bool no_undo;           /* QL.6 */
    bool closes;            /* holes may close (C1.5): a lap-end rule
                               closes them, or the script (board.closes) */
    int8_t store_rule[2];   /* the first rule in force for a lap that ends
                               in the mover's store [0] or the opponent's
                               [1], or -1 (C1.3) */
    uint32_t hole_rules_on; /* lap_rules_on without the store rules */
    uint32_t family_rules;  /* rules with an opposite, even or claim
                               condition */
    bool plain_holes;       /* every own hole may be an origin: no claims,
                               no closed holes, sides (sow_candidates) */
    bool hole_filters;      /* a filter of the holes alone is on (no undo,
                               count_last, singles to empty, reach,
                               first_move keep, not_opposite) */
    bool filters;           /* some legal-move filter is on (must feed,
                               a forbidden grand slam, singletons, no
                               undo) */
    bool plain_turns;       /* none of the rules above changes who moves
                               next, which moves are legal, when the game
                               ends or how seeds are sown beyond the four
                               seed games' rules: sow_sow takes its plain
                               path, and the search may make its last
                               plies by sowing alone (sow_search.c) */
    int threshold;          /* C1.7; -1: off */
    int rest;               /* sow_rest (C1.8) */
    int rest_odd;           /* sow_rest_odd (rest: divided) */
    bool plain_drops;       /* sowing drops only into holes: the quick
                               drop paths of sow_sow apply */
    bool match;             /* play a match of games (new_game hook) */
    bool move_hooks;        /* an after_move or game_end hook runs after
                               every move (sow_hooks.c) */
    bool filter_hook;       /* a filter hook follows the filters of data
                               (filters is set too) */
    bool force_general;     /* tests: never take sow_sow's fast path */
    /* boards of up to 16 holes: runs[first][len] adds 1 to the len holes
     * from `first` on (wrapping), as four words of 16-bit lanes */
    uint64_t runs[16][17][4];
    int match_games;        /* at most this many games in a match */
    /* rounds (C1.6, sow_rounds.c) */
    bool rounds;            /* the match is played in rounds of data */
    int round_seeds, round_min_holes, round_fill, round_starter;
    int start_decided, start_draw; /* sow_start_rule after a round won
                                      and after a draw (P40) */
    bool round_block, round_loser_only, round_fresh;
    int round_layout, round_wins;
    int round_points, round_double_from; /* UR.6: points to win, and the
                                            total that scores 2 (0 off) */
    uint16_t start_north[SOW_MAX_HOLES]; /* SQ.1: when North starts */
    /* the family's sowing, continued */
    bool relay_next;        /* PL.3: relay from the hole after h */
    int sow_capture;        /* PL.4: a count made while sowing, 0 off */
    bool sow_capture_last;  /* ... by the lap's last seed too */
    bool sow_capture_own;   /*   only in the mover's row (ENPAS_SOW_SOWER) */
    uint8_t first_dir;      /* 1 + the direction of the first two plies
                               under each_move (NO_UDIR_FIRSTS), 0 none */
    int last_seeds;         /* PL.6: at most this many left: taken; 0 */
    int row_empty_end;      /* JK.3 (a): 1 the mover's row, 2 the
                               opponent's, empty ends the game; 0 off */
    int count_last, skip_count, first_keep, pick_extra, reach_max;
    uint64_t not_opposite;  /* sowing.not_opposite: the facing counts that
                               refuse a move (NOT_XFROM_1S) */
    bool not_opposite_high; /*   63 and more too */
    uint8_t capture_before; /* sowing.capture_before (presowcapt): 0 off,
                               SOW_BEFORE_LIFTED, SOW_BEFORE_OWN; an odd
                               turn (sow_sow's one test) */
    bool before_high;
    uint64_t before_counts;
    bool pass_on;           /* sowing.pass_over (IS.3) */
    bool pass_until;        /*   ends for a player lifting pass_key */
    uint64_t pass_over[2];
    uint8_t pass_key[2];
    int skip_count_owner;   /* sow_owner_sel: whose holes skip_count
                               passes over (LL.4 opponent; a cap: any) */
    bool drop_hook;         /* the script's drop hook is asked of each
                               seed (issue 24) */
    uint8_t fam_route;      /* SOW_ROUTE_*: the family's laps as they
                               are, with a grand-slam reading, or with a
                               drop hook (a copy of their own) */
    bool first_to_store;    /* every lap's first seed to the mover's
                               store (first_seed: store) */
    bool claim_rules;       /* some lap-end rule has a claimed: condition */
    bool round_territory;   /* GB.7: owners recomputed from the totals */
    int round_loser_below;  /* GB.7: a loser's total below it ends */
    bool first_plain;       /* LL.2, LL.3, LL.4, LL.5 */
    uint8_t rule_action[SOW_MAX_LAP_RULES]; /* what lap-end rule i does:
                               its action, SOW_LAP_CHAIN_AT(i), or a
                               combined one (SOW_LAP_OPPOSITE_RELAY, ...) */
    bool rule_family;       /* lap-end rules are matched with the family's
                               conditions (family_rules, claims or
                               look_blocked) */
    bool look_blocked;      /* next-hole look-ups step over blocked holes
                               (C1.5; not NB's closed holes) */
    /* the sowing tracks (issue 24, sow_circuit): tracks[p][d][pos] is the
     * position after pos (a hole, or SOW_POS_STORE + player) on player
     * p's track in direction d, SOW_POS_NONE where pos is not on it. The
     * family's sowing reads them; the seed games' plain path keeps next
     * (last in the struct: the fields before keep their offsets) */
    int circuit;
    bool track_sow;         /* sowing reads tracks: stores on the track
                               or a track other than the ring */
    uint8_t tracks[2][2][SOW_POS_STRIDE];
    /* (last, off the seed games' path) */
    bool feeding_slam;      /* OW.4 read for a row empty before the move
                               too (sowing.feeding_slam) */
    bool feed_by_hole;      /* OW.5 read hole by hole: a hole stays legal
                               in both directions when one of its moves
                               feeds (sowing.feed_by_hole) */
    bool threshold_sweep;   /* C1.7 with the rest given out (C1.8) */
    int cleared_winner;     /* sow_cleared_winner (end.cleared_winner) */
    bool no_moves_either;   /* M3.4: either player without a legal move
                               after a move ends the game */
    int hand;               /* seeds each player starts with in hand
                               (MW.1); 0: none */
    bool lay_out;           /* board.placing: layout: a hand is placed
                               whole in one ply (MW.2, sow_layout.c) */
    bool odd_turns;         /* seeds in hand, or a direction chosen
                               (dir_rule >= SOW_DIR_CHOSEN): legal moves
                               that are not plain holes */
    bool cw_limited;        /* sowing.cw_moves (MW.5): */
    uint64_t cw_from[2];    /*   holes each player may sow clockwise */
    int cw_test;            /*   sow_cw_test */
    uint8_t from_left[SOW_MAX_HOLES]; /* a hole's place in its row from
                               its owner's left, 0 the leftmost */
    uint8_t resow_then[SOW_MAX_LAP_RULES]; /* SOW_RESOW_THEN_* of lap-end
                               rule i's resow (C2.5, MW.7, MW.9) */
    /* Gabata (Adowa) (issue 25), at the end: */
    uint32_t moved_rules;   /* rules whose when.moved is on (P86) */
    uint32_t last_hole_rules; /* rules with when.last_hole (GA.5) */
    bool mark_moved;        /* the laps keep sow_game.moved (P86) */
    bool after_laps;        /* claim_to_store, mark_moved or
                               claimed_only: sow_sow.c's after_laps */
    uint8_t relay_watch;    /* a relay looks at cleared_each_lap (1,
                               C2.7) or at mark_moved too (2) */
    bool claimed_only;      /* GA.7: end.claimed_only: sweep */
    bool keep_empty_claims; /* GA.L2: ... empty claimed holes stay */
    bool round_owned;       /* GA.9: rounds.refill: owned */
    bool round_borrow;      /* GA.9: seeds - 1 left borrow one seed */
    bool round_borrow_alone; /* ... also a whole total of seeds - 1 */
    int round_lose_at_most; /* GA.8: a total of at most this loses; -1 */
    /* turns of several decisions (issue 25, BK; sow_ends.c) */
    uint8_t ends_turns;   /* SOW_ENDS_*: 0 off */
    uint8_t end_hole[2][2]; /* each player's [left, right] kichwa: the
                               ends of their inner row (BK.1) */
    uint8_t house[2];       /* each player's nyumba (BK.1), or
                               SOW_POS_NONE */
    bool end_inner;         /* end.cleared looks at the inner rows only
                               (BK.10) */
    bool ends_back_alone; /* BA.2, BA.L4: a lap from a kichwa into the
                               back row only when it is the only occupied
                               inner hole */
    bool ends_from_empty; /* BA.L2: mtaji turns from empty holes too */
    bool ends_place_occupied; /* BA.L3: a placement captures only from
                                   an occupied hole, feeds only the own
                                   nyumba, which is then lifted whole */
    /* the sources' reading's other keys (BA.1-BA.6) */
    bool ends_single_always; /* BA.1: a seed into a single only where no
                                inner hole holds two, the nyumba too */
    bool ends_house_one;    /* BA.1: a seed placed in the working nyumba
                               is sown alone, the nyumba kept working */
    bool ends_back_forbid;  /* BA.2: a relay from a kichwa into the back
                               row makes the turn not legal (else the
                               mover loses, BA.L4) */
    int16_t ends_start_min, ends_start_max; /* BA.3: a turn from the
                               board starts from a hole of this many */
    bool ends_takasa_inner; /* BA.3: a takasa turn from the inner row
                               where one may start */
    bool ends_keep_threatened; /* BA.5: after a takasa turn, not from a
                                  hole its mover threatens */
    bool ends_lift_loses;   /* BA.6: a lap lifting the last seeds of the
                               mover's inner row loses */
    uint8_t ends_prefer_n;  /* BA.4: the kichwa chosen by these tests, */
    uint8_t ends_prefer[3]; /*   SOW_PREFER_*, in order */
    /* K1.7 unreachable (sow_reach.c), at the end: */
    bool unreachable;       /* the game ends once no capture is reachable
                               by legal moves (end.capture_unreachable) */
    bool plain_reach;       /* plain_turns but for `unreachable` (which
                               keeps the seed games' copy of the move out
                               of it): the search's own setup takes it */
    long reach_positions;   /* the most positions that search keeps */
    int late_ply;           /* the engine's last end rules are tested from
                               this ply on: 0 with `unreachable`, else
                               max_plies */
} sow_setup;

/* sowing.capture_from_ends.reading (BK.11): the sources' rules (BK.4-BK.9) or the
 * Ludii program's (BK.L1-BK.L7) */
enum { SOW_ENDS_OFF, SOW_ENDS_SOURCES, SOW_ENDS_LUDII };
/* capture_from_ends.prefer (BA.4): a kichwa whose sowing captures again,
 * ends in the working nyumba, ends in an occupied hole */
enum { SOW_PREFER_CAPTURES, SOW_PREFER_HOUSE, SOW_PREFER_OCCUPIED };

/* Resolve the variant with option values. Errors (a layout that does not
 * fit the number of holes, too many seeds) name the variant file. */
int sow_setup_init(sow_setup *s, const sow_variant *v, const sow_optset *opts,
                   sow_error *err);

/* The ply below which a rule of data reads the ply (an opening rule, a
 * phase, bear-off from a ply; 0: none does): from it on, positions that
 * differ in their ply alone play alike (a script's hooks aside). */
int sow_setup_ply_until(const sow_setup *s);

/* ---- moves ------------------------------------------------------------ */

/* A move is a hole index (0..holes-1), or a decision move (a token
 * "name:value", such as "buy:8"): SOW_MOVE_DECISION + 256 * k + value,
 * where k is the index of the name in the variant's sorted `decisions` and
 * value is 0..255. So decisions sort after holes, by name, then by value,
 * as docs/record.md orders legal moves. */
typedef int64_t sow_move; /* (64 bits for a layout's counts, below) */
#define SOW_MOVE_DECISION 0x1000
#define SOW_MAX_LEGAL 512 /* a turn that names its choices (NS.6: 6,x32) may have hundreds */
#define SOW_MAX_DECISION_MOVES 128 /* decisions a script may offer */

/* A move with a choice made during the turn (C2.3's ",xH": the extra
 * hole taken after a capture, NS.6): SOW_MOVE_CHOSEN + 64 * hole + x, the
 * token "h,xK". They sort after the decisions; a record lists a turn's
 * tokens in C2.3's order (sow_record.c). */
#define SOW_MOVE_CHOSEN 0x2000
#define SOW_NO_CHOICE 255 /* sow_game.choice: none made */

/* A placement of one seed from the hand (C2.3's "+H", MW.2; "+H/D" where
 * the hole is then lifted and sown that way): SOW_MOVE_PLACE + 4 * hole +
 * k, k 0 for "+H" (nothing sown), 1 + a sow_dir for "+H/D". They sort
 * after the choices, by hole. */
#define SOW_MOVE_PLACE 0x3000
#define SOW_PLACE_ONLY 0 /* sow_move_place_kind: the seed alone */

static inline bool sow_move_is_decision(sow_move m)
{
    return m >= SOW_MOVE_DECISION && m < SOW_MOVE_CHOSEN;
}
static inline sow_move sow_place(int hole, int k)
{
    return SOW_MOVE_PLACE + 4 * hole + k;
}
/* A whole setup in one ply (board.placing: layout; MW.2, C2.3's
 * "layout:N,...,N"): the legal list holds the pattern SOW_MOVE_LAYOUT
 * alone (the arrangements cannot be listed: C(47,15) in Omweso), and a
 * move played is SOW_MOVE_LAID + its counts as stars and bars: from bit
 * 0 up, a 0 is one seed into the current hole, a 1 moves on to the
 * player's next hole (own holes in increasing number), and a last 1
 * closes the list. So the move carries its counts (a history, an undo,
 * a search replays it alone), and the ordinary moves keep their values
 * and their paths (sow_layout.c). The pattern is the last 16-bit value,
 * past every turn (SOW_MOVE_TURN below), so one comparison, m >=
 * SOW_MOVE_LAYOUT, tells both from every ordinary move. */
#define SOW_MOVE_LAYOUT 0xFFFF
#define SOW_MOVE_LAID ((sow_move)1 << 62)
#define SOW_LAYOUT_BITS 61 /* hand + own holes - 1 at most */
static inline bool sow_move_is_place(sow_move m)
{
    return m >= SOW_MOVE_PLACE && m < 0x4000 /* SOW_MOVE_TURN */;
}
static inline bool sow_move_is_laid(sow_move m)
{
    return m >= SOW_MOVE_LAID;
}
/* SOW_PLACE_ONLY, or 1 + the sow_dir the placed-in hole is sown in */
static inline int sow_move_place_kind(sow_move m)
{
    return (m - SOW_MOVE_PLACE) & 3;
}
static inline sow_move sow_chosen(int hole, int x)
{
    return SOW_MOVE_CHOSEN + 64 * hole + x;
}
static inline bool sow_move_is_chosen(sow_move m)
{
    return m >= SOW_MOVE_CHOSEN && m < SOW_MOVE_PLACE;
}
static inline sow_move sow_decision(int kind, int value)
{
    return SOW_MOVE_DECISION + 256 * kind + value;
}
static inline int sow_decision_kind(sow_move m)
{
    return (m - SOW_MOVE_DECISION) / 256;
}
static inline int sow_decision_value(sow_move m)
{
    return (m - SOW_MOVE_DECISION) % 256;
}

/* A move that names its direction (direction: each_move, MB.2): hole h
 * sown counter-clockwise or clockwise, the token "h/ccw" or "h/cw":
 * SOW_MOVE_DIRECTED + 2 * h + d (d a sow_dir). They sort after the holes
 * and before the decisions, by hole, then ccw before cw, as the legal
 * list gives them. Plain hole moves stay the hole itself: the variants
 * whose moves name no direction never meet one. */
#define SOW_MOVE_DIRECTED 0x800
_Static_assert(SOW_MOVE_DIRECTED + 2 * SOW_MAX_HOLES <= SOW_MOVE_DECISION,
               "directed moves sort below the decisions");

static inline sow_move sow_directed(int hole, int dir)
{
    return SOW_MOVE_DIRECTED + 2 * hole + dir;
}
static inline bool sow_move_is_directed(sow_move m)
{
    return m >= SOW_MOVE_DIRECTED && m < SOW_MOVE_DECISION;
}
/* The hole a sowing move is played from (a plain move is its hole). */
static inline int sow_move_hole(sow_move m)
{
    if (m < SOW_MOVE_DIRECTED) /* a plain move: most moves */
        return (int)m;
    if (m >= 0x4000) { /* SOW_MOVE_TURN (below) */
        if (m >= SOW_MOVE_LAYOUT) /* a layout has no hole */
            return -1;
        int f = (m - 0x4000) >> 8;
        return f < 64 ? f >> 1 : (f - 64) >> 2;
    }
    return sow_move_is_directed(m) ? (m - SOW_MOVE_DIRECTED) >> 1
           : sow_move_is_place(m)  ? (m - SOW_MOVE_PLACE) >> 2
           : sow_move_is_chosen(m) ? (m - SOW_MOVE_CHOSEN) >> 6
                                   : (int)m;
}
/* The sow_dir a directed move names. */
static inline int sow_move_dir(sow_move m)
{
    return (m - SOW_MOVE_DIRECTED) & 1;
}

/* A turn of several decisions (C2.3, C2.4; BK.5-BK.7): its first
 * decision (a directed move or a placement, `first` below) and the
 * choices the player makes as it goes, one bit each in the order they
 * come (a kichwa: 0 left, 1 right; at a functional nyumba: 0 go, 1
 * stop): SOW_MOVE_TURN + 256 * first + bits. A turn has at most 8 choices:
 * each capture empties one of the opponent's 8 inner holes, which no
 * sowing of the mover refills (sow_ends.c). Its token also names the
 * forced parts, so it is written with the game (sow_turn_format). */
#define SOW_MOVE_TURN 0x4000
#define SOW_TURN_CHOICES 8
_Static_assert(SOW_MOVE_TURN + 256 * (64 + 4 * 31 + 2) + 255 < SOW_MOVE_LAYOUT,
               "turns sort below the layout pattern");
static inline bool sow_move_is_turn(sow_move m)
{
    return m >= SOW_MOVE_TURN && m < SOW_MOVE_LAYOUT;
}
/* first: 2 * hole + dir for "h/D" (hole < 32), 64 + 4 * hole + kind for
 * a placement "+h", "+h/D" (kind as sow_move_place_kind) */
static inline int sow_turn_first(sow_move m)
{
    return (m - SOW_MOVE_TURN) >> 8;
}
static inline sow_move sow_turn(int first, int bits)
{
    return SOW_MOVE_TURN + 256 * first + bits;
}
static inline sow_move sow_turn_start(sow_move m) /* the first decision */
{
    int f = sow_turn_first(m);
    return f < 64 ? sow_directed(f >> 1, f & 1)
                  : sow_place((f - 64) >> 2, (f - 64) & 3);
}

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
    uint8_t house_off;      /* bit p: player p's nyumba is no longer
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
    uint8_t takasa_by;      /* 1 + the player whose turn from the board
                               just captured nothing, else 0 (BA.5,
                               capture_from_ends.keep_threatened) */
    int16_t last_lifted;    /* seeds the last sowing lifted (QL.6) */
    /* (sow_legal_moves copies the fields above this line only) */
    int nlegal;             /* legal moves of to_move */
    uint16_t legal[SOW_MAX_LEGAL]; /* ascending (sow_move values) */
    sow_result result;
} sow_game;

/* A copy of g into c for playing one of g's moves on it (a search's
 * child): every field but the unused tail of the legal list, which is
 * 1 KiB of a 1.4 KiB game (SOW_MAX_LEGAL) that a move never reads (it
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

/* sow_setup.fam_route */
enum { SOW_ROUTE_LAPS, SOW_ROUTE_SLAMMED, SOW_ROUTE_DROPPING };

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

/* ---- events, for observers (records, narration, drawing) --------------- */

typedef enum {
    SOW_EV_LIFT,      /* hole, count = seeds lifted, extra = seeds left */
    SOW_EV_DROP,      /* hole, count = its seeds after the drop */
    SOW_EV_SKIP,      /* hole skipped: extra 0 the origin (C0.4), 1 an
                         opponent's hole for its count (LL.4), 2 a hole
                         the mover's sowing passes over (IS.3), 3 the
                         drop hook's (SOW_SKIP_BY_SCRIPT) */
    SOW_EV_LAP_END,   /* hole, count, extra = sow_lap_action decided;
                         a lap ending in player p's store: hole -1 - p */
    SOW_EV_CAPTURE,   /* hole, count = seeds taken, player = taker;
                         extra: 0 a lap-end capture, 1 bear-off (hole
                         -1), SOW_TAKEN_WHILE_SOWING, SOW_TAKEN_LAST_SEEDS */
    SOW_EV_ENDLESS,   /* the move never ends (P2); extra = laps seen */
    SOW_EV_PASS,      /* player cannot move and is skipped (C0.5) */
    SOW_EV_END,       /* the game ended; see the game's result */
    SOW_EV_STORE,     /* a seed sown into player's store on the track
                         (C1.2); count = the store's seeds after it */
    SOW_EV_GRAND_SLAM,/* the move captured the whole opposing row; extra
                         = the sow_slam reading applied (OW.4) */
    SOW_EV_CLAIM,     /* player claims hole (C1.4); count = its seeds */
    SOW_EV_CLOSE,     /* player closes hole (C1.5, NB.3); count = its
                         seeds, lifted next */
    SOW_EV_OUT,       /* a seed sown into the closed hole leaves play
                         (NB.2, C1.13); player = the mover; extra 1: the
                         drop hook took it out (SOW_OUT_BY_SCRIPT), or
                         count seeds a hook's `out` change took */
    SOW_EV_INTO,      /* the count seeds of hole go into player's claimed
                         hole extra (QL.4); player SOW_INTO_BY_SCRIPT: a
                         hook's move, whose ends may be stores, -1 - p
                         as a lap end in a store is */
    SOW_EV_PLACE      /* player places a seed from the hand into hole
                         (MW.2); count = its seeds after, extra = the
                         seeds left in hand */,
    SOW_EV_END_SOW,    /* the count seeds player captured are sown from
                         the kichwa `hole` (BK.6); extra 1 where the
                         player chose it, 0 where the rules did */
    SOW_EV_HOUSE,     /* a lap ends at player's functional nyumba `hole`
                         in a capturing turn (BK.7(c)): extra 1 the
                         player sows on (go), 0 ends the turn (stop) */
    SOW_EV_NEXT_LAP   /* a lap_end hook's next (issue 24): the next lap
                         of player's move lifts `hole`, holding count,
                         and sows in sow_dir extra */
} sow_event_kind;

typedef struct sow_event {
    sow_event_kind kind;
    int player;
    int hole;
    int count;
    int extra;
    int rule; /* LAP_END: 1 + the index of the lap_end rule that decided;
                 0: none matched (the default relay or stop) */
} sow_event;

typedef struct sow_observer {
    void *ctx;
    void (*on_event)(void *ctx, const sow_event *ev);
    bool captures_only;     /* only SOW_EV_CAPTURE is wanted (the sowing
                               tells nothing else, nor works out which
                               rule ended a lap: OW.4's watch) */
} sow_observer;

/* sow_setup.chain_copy: which copy of the chain code a rule runs (the
 * tests of claimed holes, C1.4, and of chain.max only where needed) */
#define SOW_CHAIN_PLAIN 0
#define SOW_CHAIN_CLAIMS 1
#define SOW_CHAIN_CAPPED 2

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
 * is appended to out (sow_turn(first, its bits)); full when out has no
 * room. Endless turns are left out where forbid (C1.9). */
typedef struct sow_turn_leaves {
    uint16_t *out;
    int n, first;
    bool forbid, full;
} sow_turn_leaves;

/* sow_ends_sow listing the leaves of the turn g was aimed at into lv
 * (g->turn_len 0): g is left somewhere in the turn. */
void sow_ends_leaves(const sow_setup *s, sow_game *g, int hole,
                       sow_turn_leaves *lv);

/* BA.2, BA.L4: whether player p may sow a lap from h in direction d
 * (a lap from a kichwa into the back row only where the kichwa is the
 * only occupied inner hole, under sowing.capture_from_ends.back_row: alone). */
bool sow_ends_back_ok(const sow_setup *s, const sow_game *g, int p, int h,
                        int d);

/* The legal turns of `player` (BK.5, BK.8; BK.L2, BK.L7), every leaf of
 * each turn's tree of choices. Returns the count, or -1. */
int sow_ends_legal(const sow_setup *s, const sow_game *g, int player,
                     uint16_t *out, sow_error *err);

/* The token of turn m on g (C2.3): its first decision and a part for each
 * capture's kichwa and each go or stop, in the order they come. Any other
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
 * count, or -1 on a rule error. */
int sow_legal_moves(const sow_setup *s, const sow_rules *r, const sow_game *g,
                    int player, uint16_t *out, uint64_t *endless,
                    sow_error *err);

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
