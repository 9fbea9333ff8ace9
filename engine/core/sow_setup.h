/* sow_setup.h - a variant with its options chosen (sow_setup): the
 * board's geometry, tracks, the lap-end table and every rule as the
 * machine reads it, made once by sow_setup_init and immutable after, so
 * that threads may share it; and the most seeds a game may hold. Part of
 * sow_game.h, which includes it. */
#ifndef SOW_SETUP_H
#define SOW_SETUP_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

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
 * face seeds (a capture_pair rule with series: true), or, for a rule
 * with pairs: (issue 24), over the pairs holding as many (one code for
 * both, so that the laps' code is the same as before it: the rule is
 * found again where the capture is made, capture_pairs) */
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
    uint8_t end_hole[2][2]; /* each player's [left, right] end hole: the
                               ends of their inner row (BK.1) */
    uint8_t house[2];       /* each player's house (BK.1), or
                               SOW_POS_NONE */
    bool end_inner;         /* end.cleared looks at the inner rows only
                               (BK.10) */
    bool ends_back_alone; /* BA.2, BA.L4: a lap from an end hole into the
                               back row only when it is the only occupied
                               inner hole */
    bool ends_from_empty; /* BA.L2: turns from the board from empty holes too */
    bool ends_place_occupied; /* BA.L3: a placement captures only from
                                   an occupied hole, feeds only the own
                                   house, which is then lifted whole */
    /* the sources' reading's other keys (BA.1-BA.6) */
    bool ends_single_always; /* BA.1: a seed into a single only where no
                                inner hole holds two, the house too */
    bool ends_house_one;    /* BA.1: a seed placed in the working house
                               is sown alone, the house kept working */
    bool ends_back_forbid;  /* BA.2: a relay from an end hole into the back
                               row makes the turn not legal (else the
                               mover loses, BA.L4) */
    int16_t ends_start_min, ends_start_max; /* BA.3: a turn from the
                               board starts from a hole of this many */
    bool ends_quiet_inner;  /* BA.3: a quiet turn (no capture) from the
                               inner row where one may start */
    bool ends_keep_threatened; /* BA.5: after a quiet turn, not from a
                                  hole its mover threatens */
    bool ends_lift_loses;   /* BA.6: a lap lifting the last seeds of the
                               mover's inner row loses */
    uint8_t ends_prefer_n;  /* BA.4: the end hole chosen by these tests, */
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
    /* (issue 24's fields last: put among the others, they moved the
     * fields the legal moves read, and adji-kui-2's sow_legal_moves ran
     * 0.9% more instructions, callgrind on sow bench) */
    uint32_t pairs_rules;   /* bit i: rule i is a capture_pair with pairs:
                               (issue 24; its action SOW_LAP_PAIR_SERIES) */
    int round_totals;       /* the sum of a player's round totals that
                               wins the match (totals_to_win), 0 off */
    uint64_t chosen_holes;  /* the holes whose moves name their direction
                               (h/cw, h/ccw): every hole under each_move,
                               those of direction.chosen_at; the others'
                               moves are plain h, sown their cw_holes way */
    bool no_undo_capture;   /* ZZ.6: no_undo lapses after a capture */
    bool every_hole_chooses; /* chosen_holes holds every hole (each_move):
                                the legal list's quick doubling */
    int rest_fed;           /* sow_rest (end.rest_fed, issue 24) */
    bool track_bare;        /* the tracks hold holes only and no drop
                               rule looks at the holes sown (pass_over,
                               skip_origin, skip_count, sow_capture, a
                               drop hook): a lap on a track drops seed
                               after seed with no test (sow_sow), where
                               no hole is closed and no observer watches */
    /* Each player's track unrolled twice in each direction, for laps that
     * drop seed after seed with no test (sow_ends.c's quiet_laps): the
     * position k steps along d from track_run[p][d][0] is
     * track_run[p][d][k], k < 2 * track_len[p], and pos is
     * track_run[p][d][track_at[p][d][pos]] (SOW_POS_NONE off the track).
     * The seeds of a lap then fall in holes found each on its own, where
     * the next-position chain made each wait for the last. */
    int track_len[2];
    uint8_t track_run[2][2][2 * SOW_POS_COUNT];
    uint8_t track_at[2][2][SOW_POS_STRIDE];
    long word_laps;         /* a takasa relay goes on with its track held
                               in words after this many laps (sow_ends.c;
                               SOW_WORD_LAPS, lowered by tests) */
} sow_setup;

/* sowing.capture_from_ends.reading (BK.11): the sources' rules (BK.4-BK.9) or the
 * Ludii program's (BK.L1-BK.L7) */
enum { SOW_ENDS_OFF, SOW_ENDS_SOURCES, SOW_ENDS_LUDII };
/* capture_from_ends.prefer (BA.4): an end hole whose sowing captures again,
 * ends in the working house, ends in an occupied hole */
enum { SOW_PREFER_CAPTURES, SOW_PREFER_HOUSE, SOW_PREFER_OCCUPIED };

/* Resolve the variant with option values. Errors (a layout that does not
 * fit the number of holes, too many seeds) name the variant file. */
int sow_setup_init(sow_setup *s, const sow_variant *v, const sow_optset *opts,
                   sow_error *err);

/* The ply below which a rule of data reads the ply (an opening rule, a
 * phase, bear-off from a ply; 0: none does): from it on, positions that
 * differ in their ply alone play alike (a script's hooks aside). */
/* sow_setup_dir.c: s->dir_rule, s->cw_holes and s->chosen_holes from
 * the variant's direction (after the geometry: places in rows); an error
 * at the direction's line for a place that does not fit the board. */
int sow_setup_directions(sow_setup *s, const sow_variant *v, sow_error *err);
/* Whether the moves from hole h name their direction (h/cw, h/ccw): under
 * each_move every hole's, under direction.chosen_at those holes'. */
static inline bool sow_hole_chooses(const sow_setup *s, int h)
{
    return (s->chosen_holes >> h) & 1;
}
int sow_setup_ply_until(const sow_setup *s);


/* sow_setup.chain_copy: which copy of the chain code a rule runs (the
 * tests of claimed holes, C1.4, and of chain.max only where needed) */
#define SOW_CHAIN_PLAIN 0
#define SOW_CHAIN_CLAIMS 1
#define SOW_CHAIN_CAPPED 2

#endif
