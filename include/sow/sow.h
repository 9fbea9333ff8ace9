/* sow/sow.h - libsow, a mancala rules engine: the public API.
 *
 * One open call gives a session: a variant (a YAML board description and
 * its Lua script) with its options chosen, and one game (or match) being
 * played on it. Everything an embedder needs goes through the session:
 * the legal moves, playing a move by its token, the state, undo, replaying
 * a move list, the game record, a computer player's move, and statistics
 * of self-play games. docs/embedding.md walks through a whole program.
 *
 *   sow_session *s;
 *   sow_error err;
 *   if (sow_open("adji-kui-1", NULL, &s, &err) != SOW_OK) {
 *       char line[SOW_PATH_MAX + SOW_MSG_MAX + 32];
 *       sow_error_format(&err, line, sizeof line);
 *       fprintf(stderr, "%s\n", line);
 *       return 1;
 *   }
 *   sow_session_play(s, "3", &err);
 *   ...
 *   sow_session_close(s);
 *
 * Conventions. Functions that can fail return SOW_OK or SOW_ERR and fill
 * the caller's sow_error (never NULL); on an error the session is as it
 * was before the call. Players are numbered 0 (South, who starts) and 1
 * (North). Holes are numbered 0 to holes-1 in the canonical order of
 * docs/rules.md C0.2 (South's row left to right, then North's row right
 * to left from South's view). A move is an int: a hole number, or a
 * decision (values from SOW_MOVE_DECISION up) such as Adji Kui II's
 * "buy:8"; its text (a token) is what records and command lines use. In
 * a variant whose every move names its direction (direction: each_move),
 * a sowing move is SOW_MOVE_DIRECTED + 2 * hole + (1 for clockwise, 0 for
 * counter-clockwise), the token "3/cw" or "3/ccw".
 *
 * Threads: a session is used by one thread at a time; different
 * sessions may be used by different threads at once. Nothing in libsow is
 * global. Strings returned as const char * belong to the session and live
 * as long as it does. */
#ifndef SOW_PUBLIC_SOW_H
#define SOW_PUBLIC_SOW_H

#include <stddef.h>
#include <stdint.h>

#include "sow/error.h"
#include "sow/export.h"
#include "sow/version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version of the library at run time, "MAJOR.MINOR.PATCH" (compare
 * with SOW_VERSION_STRING, the headers' version). */
SOW_API const char *sow_version(void);

typedef struct sow_session sow_session;

/* ---- opening --------------------------------------------------------- */

/* Open `variant` and start its first game.
 *
 * variant: an id ("adji-kui-1"), looked up in the folders of the
 *   environment variable SOW_VARIANTS (separated by ':'), then in the
 *   installed data folder (PREFIX/share/sow/variants); or the path of a
 *   variant file (a name holding '/' or ending in .yaml).
 * options: NULL, or a NULL-terminated list of "NAME=VALUE" strings (the
 *   variant's options, as `sow show ID` lists them), applied in order.
 * out: the new session, to be freed with sow_session_close; NULL on
 *   error.
 * Errors: no such variant, a variant file or script with a mistake (err
 *   says file:line:col), an option that does not exist or a value out of
 *   its range, out of memory. The script runs under the sandbox's limits
 *   (instructions, memory, time per call); a session has no overall time
 *   limit. */
SOW_API int sow_open(const char *variant, const char *const *options,
                     sow_session **out, sow_error *err);

/* Free the session and everything it holds. NULL is fine. */
SOW_API void sow_session_close(sow_session *s);

/* The variant's id ("adji-kui-1") and its name ("Adji Kui I"). */
SOW_API const char *sow_session_variant(const sow_session *s);
SOW_API const char *sow_session_name(const sow_session *s);

/* ---- the state ------------------------------------------------------- */

#define SOW_STATE_MAX_HOLES 64
#define SOW_MOVE_DECISION 0x1000 /* moves from here on are decisions */
#define SOW_MOVE_DIRECTED 0x800  /* ... below them, moves that name their
                                    direction: 2 * hole + (1 if cw) */

/* A position, as sow_session_state gives it. A match (Adji Kui II) is a
 * series of games: `game` counts them, `over` is set when the whole
 * match is over, and the result fields describe the last game ended
 * (game_over) or the match (over). */
typedef struct sow_state {
    int holes;                        /* holes on the board (2 rows) */
    int board[SOW_STATE_MAX_HOLES];   /* seeds in each hole */
    int owner[SOW_STATE_MAX_HOLES];   /* player owning each hole */
    int captured[2];                  /* seeds each player has taken */
    int ply;                          /* moves played in this game */
    int game;                         /* number of the game, from 1 */
    int to_move;                      /* the player to move */
    int over;                         /* 1: no more moves (game or match) */
    int winner;                       /* over: 0 or 1, -1 for a draw or an
                                         unfinished game */
    int unfinished;                   /* over: stopped by a ply cap */
    int has_score;                    /* over: score is set */
    int score[2];                     /* over: each player's total */
    char result[192];                 /* over: the result in words */
} sow_state;

/* Fill *out with the current position. */
SOW_API void sow_session_state(const sow_session *s, sow_state *out);

/* The legal moves of the player to move, ascending: writes up to `max`
 * of them to moves (which may be NULL when max is 0) and returns how
 * many there are (0 once the game is over). */
SOW_API int sow_session_legal(const sow_session *s, int *moves, int max);

/* The token of a move ("3", "3/cw", "buy:8"), or with `label` non-zero the
 * hole's label as boards show it ("c", "A", "d/cw"; a decision keeps its
 * token), into
 * buf. Returns the length the text has (as snprintf does). */
SOW_API int sow_session_move_text(const sow_session *s, int move, int label,
                                  char *buf, size_t size);

/* The question the player to move is asked now, into buf: in a phase of
 * decisions the phase's `question:` from the variant file ("who makes
 * the first regular move? first:0 for South, first:1 for North (A.3)"),
 * while a round's direction is to be chosen the direction's question;
 * "" when the move to make is an ordinary one or the game is over.
 * Returns the length the text has (as snprintf does). */
SOW_API int sow_session_question(const sow_session *s, char *buf,
                                 size_t size);

/* A legal move in a few words a person understands, into buf, for a
 * button or a menu: "South" for Andada's first:0 (a decision the question
 * names as "TOKEN for WORDS"), "counter-clockwise" for dir:ccw, "hole C"
 * for Adji Kui II's buy:8 (a question asking for "NAME:<hole number>")
 * and for a hole move, "hole d clockwise" for 3/cw; any other decision
 * keeps its token. Returns the
 * length the text has (as snprintf does). */
SOW_API int sow_session_move_words(const sow_session *s, int move,
                                   char *buf, size_t size);

/* ---- playing --------------------------------------------------------- */

/* Play a move given as text: a token ("3", "buy:8") or a hole label
 * ("c"). Errors: not a move of this variant, not legal now (the message
 * lists the legal moves), the game is over, a script error. */
SOW_API int sow_session_play(sow_session *s, const char *move,
                             sow_error *err);

/* Play a move given as a number (from sow_session_legal). Where the
 * player sets out a whole hand in one move (a layout, MW.2), the legal
 * list holds one number, the layout's pattern ("layout:16*N=32"): played
 * by number it is a layout drawn at random; sow_session_play with the
 * token "layout:N,...,N" plays the one named. */
SOW_API int sow_session_play_move(sow_session *s, int move, sow_error *err);

/* The moves played so far in the session (all games of a match, in
 * order): writes up to max to moves (which may be NULL when max is 0) and
 * returns how many there are; a caller sizes its array from a first call
 * with max 0, since a move list may be of any length. */
SOW_API int sow_session_moves(const sow_session *s, int *moves, int max);
/* (a layout played is given as its pattern: its counts are in the
 * record, sow_session_record) */

/* Take back the last move (SOW_ERR when none was played). */
SOW_API int sow_session_undo(sow_session *s, sow_error *err);

/* Start again from the first game's start. */
SOW_API int sow_session_reset(sow_session *s, sow_error *err);

/* Start again and play a move list: tokens or labels separated by spaces
 * or commas. On an error (err says which token and why) the session is as
 * it was before the call. */
SOW_API int sow_session_replay(sow_session *s, const char *moves,
                               sow_error *err);

/* ---- the record ------------------------------------------------------ */

/* The game record of the moves played so far: JSON Lines as
 * `sow replay --json` writes them (docs/record.md), one line a ply, with
 * result lines (and a match's game and match lines). Returns a string
 * the caller frees with free(), or NULL with err set (out of memory). */
SOW_API char *sow_session_record(const sow_session *s, sow_error *err);

/* ---- computer players ------------------------------------------------ */

/* Choose a move for the player to move with the computer player `player`
 * (a spec as `sow play --south` takes: "random", "greedy",
 * "alphabeta:depth=6", "mcts:iter=1000"; the grammar is in
 * docs/players-and-lab.md), seeded with `seed` (the same seed, position
 * and spec give the same move, unless the spec has a time limit ms=).
 * The move is not played: pass it to sow_session_play_move. Errors: a
 * bad spec, the game is over, a script error. */
SOW_API int sow_session_think(sow_session *s, const char *player,
                              uint64_t seed, int *move, sow_error *err);

/* What sow_session_selfplay counts. */
typedef struct sow_selfplay_stats {
    long games;           /* games (or matches) played */
    long wins[2];         /* won by South, by North */
    long draws;           /* drawn (not unfinished) */
    long unfinished;      /* stopped by a ply or game cap */
    long long plies;      /* plies of all games */
    long plies_max;       /* the longest game */
} sow_selfplay_stats;

/* Play `games` games (whole matches for a match variant) between `south`
 * and `north` (player specs as above) from the start of the variant,
 * with the options of s, seeded as `sow selfplay --seed SEED` seeds its
 * games (game i with the seed it gives game i), so the totals agree with
 * `sow selfplay VARIANT --players SOUTH,NORTH --games N --seed SEED`.
 * The session's own game is not touched. */
SOW_API int sow_session_selfplay(sow_session *s, const char *south,
                                 const char *north, long games,
                                 uint64_t seed, sow_selfplay_stats *out,
                                 sow_error *err);

#ifdef __cplusplus
}
#endif

#endif
