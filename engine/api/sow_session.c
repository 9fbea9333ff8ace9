/* sow_session.c - the public API of libsow (include/sow/sow.h): a variant
 * opened through the one opening sequence (sow_kit.h), a game or match on
 * it, and the moves played, from which undo and the record are rebuilt.
 *
 * The session keeps the list of moves played since the first game's
 * start. Undo and replay start again and play the list (games are short;
 * the engine plays millions of plies a second), so a session never needs
 * to copy the engine's history or the script's state. */
#include "sow/sow.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "sow_ask.h"
#include "sow_buf.h"
#include "sow_draw.h"
#include "sow_find.h"
#include "sow_kit.h"
#include "sow_layout.h"
#include "sow_move.h"
#include "sow_num.h"
#include "sow_player.h"
#include "sow_record.h"
#include "sow_stats.h"
#include "sow_text.h"

_Static_assert(SOW_STATE_MAX_HOLES == SOW_MAX_HOLES,
               "sow_state holds every hole");

struct sow_session {
    sow_kit k;
    sow_match m;
    sow_game g;
    sow_move *moves; /* moves played since the first game's start (a
                        layout with its counts, MW.2) */
    int nmoves, cap;
};

const char *sow_version(void)
{
    return SOW_VERSION_STRING;
}

/* ---- opening ------------------------------------------------------------ */

/* Whether the whole session is over: the game, or a match's last game. */
static bool session_over(const sow_session *s)
{
    return s->k.setup.match ? s->m.over : s->g.over;
}

/* A game of a match ended: set up the next one (or end the match). A game
 * may end before its first move (nobody can move): go on until a game
 * can be played or the match is over. */
static int next_games(sow_session *s, sow_error *err)
{
    while (s->k.setup.match && s->g.over && !s->m.over)
        if (sow_match_next(&s->k.eng, &s->m, &s->g, err))
            return SOW_ERR;
    return SOW_OK;
}

static int start(sow_session *s, sow_error *err)
{
    if (sow_match_start(&s->k.eng, &s->m, &s->g, err))
        return SOW_ERR;
    return next_games(s, err);
}

int sow_open(const char *variant, const char *const *options,
             sow_session **out, sow_error *err)
{
    sow_error_clear(err);
    *out = NULL;
    if (!variant)
        return sow_error_set(err, NULL, 0, 0,
                             "sow_open: no variant given (a variant id "
                             "as sow list shows, or the path of a .yaml file)");
    char path[PATH_MAX]; /* a longer one is an error (sow_find.h) */
    if (sow_find_variant(variant, false, path, sizeof path, err))
        return SOW_ERR;
    int n = 0;
    while (options && options[n])
        n++;
    sow_session *s = calloc(1, sizeof *s);
    if (!s)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    /* no run deadline: an embedding program decides how long it plays */
    if (sow_kit_open(&s->k, path, options, n, 0, err) || start(s, err)) {
        sow_session_close(s);
        return SOW_ERR;
    }
    *out = s;
    return SOW_OK;
}

void sow_session_close(sow_session *s)
{
    if (!s)
        return;
    sow_kit_close(&s->k);
    free(s->moves);
    free(s);
}

const char *sow_session_variant(const sow_session *s)
{
    return s->k.v->id;
}

const char *sow_session_name(const sow_session *s)
{
    return s->k.v->name;
}

/* ---- the state ---------------------------------------------------------- */

void sow_session_state(const sow_session *s, sow_state *out)
{
    const sow_setup *st = &s->k.setup;
    const sow_game *g = &s->g;
    memset(out, 0, sizeof *out);
    out->holes = st->holes;
    for (int h = 0; h < st->holes; h++) {
        out->board[h] = g->board[h];
        out->owner[h] = g->owner[h];
    }
    out->captured[0] = g->captured[0];
    out->captured[1] = g->captured[1];
    out->ply = g->ply;
    out->game = s->m.game;
    out->to_move = g->to_move;
    out->over = session_over(s);
    out->winner = -1;
    if (!out->over)
        return;
    const char *why;
    char buf[160];
    if (st->match) {
        out->winner = s->m.winner;
        out->unfinished = s->m.unfinished;
        why = s->m.reason;
    } else {
        out->winner = g->result.winner;
        out->unfinished = g->result.unfinished;
        out->has_score = g->result.has_score;
        out->score[0] = g->result.score[0];
        out->score[1] = g->result.score[1];
        why = sow_result_text(st, g, buf, (int)sizeof buf);
    }
    char score[40] = "";
    if (out->has_score)
        sow_text_fmt(score, sizeof score, " %d-%d", out->score[0],
                     out->score[1]);
    /* "South wins 27-21: 8 or fewer seeds on the board" */
    sow_text_fmt(out->result, sizeof out->result, "%s%s: %s",
                 out->unfinished    ? "unfinished"
                 : out->winner < 0  ? "a draw"
                 : out->winner == 0 ? "South wins"
                                    : "North wins",
                 score, why);
}

int sow_session_legal(const sow_session *s, int *moves, int max)
{
    if (session_over(s))
        return 0;
    for (int i = 0; moves && i < s->g.nlegal && i < max; i++)
        moves[i] = s->g.legal[i];
    return s->g.nlegal;
}

int sow_session_move_text(const sow_session *s, int move, int label,
                          char *buf, size_t size)
{
    const sow_setup *st = &s->k.setup;
    if (sow_move_is_turn(move) || move == SOW_MOVE_LAYOUT)
        /* C2.3: a legal turn of the game, whole; MW.2: the pattern of a
         * layout, the player to move's holes and hand */
        return sow_turn_format(buf, size, st, &s->g, move);
    if (label && ((move >= 0 && move < st->holes) ||
                  sow_move_is_directed(move))) { /* "c", "c/cw" (MB.2) */
        char l[24];
        sow_move_label(st, move, l, sizeof l);
        return sow_text_fmt(buf, size, "%s", l);
    }
    return sow_move_format(buf, size, st, move);
}

int sow_session_question(const sow_session *s, char *buf, size_t size)
{
    if (session_over(s))
        return sow_text_fmt(buf, size, "%s", "");
    return sow_question(&s->k.setup, &s->g, buf, size);
}

int sow_session_move_words(const sow_session *s, int move, char *buf,
                           size_t size)
{
    return sow_move_words(&s->k.setup, &s->g, move, buf, size);
}

int sow_session_moves(const sow_session *s, int *moves, int max)
{
    for (int i = 0; moves && i < s->nmoves && i < max; i++)
        /* (a layout's counts fit no int: its pattern, MW.2) */
        moves[i] = sow_move_is_laid(s->moves[i]) ? SOW_MOVE_LAYOUT
                                                 : (int)s->moves[i];
    return s->nmoves;
}

/* ---- playing ------------------------------------------------------------ */

/* Play m on the session's game, then go on to a match's next game. No
 * bookkeeping of the move list. */
static int play_one(sow_session *s, sow_move m, sow_error *err)
{
    if (session_over(s))
        return sow_error_set(err, NULL, 0, 0,
                             "the %s is over; no move may follow",
                             s->k.setup.match ? "match" : "game");
    if (sow_engine_play(&s->k.eng, &s->g, m, err))
        return SOW_ERR;
    return next_games(s, err);
}

static int remember(sow_session *s, sow_move m, sow_error *err)
{
    if (s->nmoves == s->cap) {
        int cap = s->cap ? 2 * s->cap : 256;
        sow_move *p = realloc(s->moves, sizeof *p * (size_t)cap);
        if (!p)
            return sow_error_set(err, NULL, 0, 0, "out of memory");
        s->moves = p;
        s->cap = cap;
    }
    s->moves[s->nmoves++] = m;
    return SOW_OK;
}

/* Start again and play moves[0..n-1]. */
static int rebuild(sow_session *s, const sow_move *moves, int n,
                   sow_error *err)
{
    s->nmoves = 0;
    if (start(s, err))
        return SOW_ERR;
    for (int i = 0; i < n; i++)
        if (play_one(s, moves[i], err) || remember(s, moves[i], err))
            return SOW_ERR;
    return SOW_OK;
}

/* Put the session back as it was before a failed call that may have
 * changed it: the list it had, played again. */
static void restore(sow_session *s, sow_move *saved, int n)
{
    sow_error ignored;
    rebuild(s, saved, n, &ignored);
}

/* Play the session's first n moves again from the start: after its
 * engine was used for something else (a record, self-play games), or to
 * drop moves from the end. SOW_ERR only when out of memory. */
static int put_back(sow_session *s, int n, sow_error *err)
{
    sow_move *saved = malloc(sizeof *saved * (size_t)(s->nmoves + 1));
    if (!saved)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    if (s->nmoves) /* (s->moves is NULL before the first move) */
        memcpy(saved, s->moves, sizeof *saved * (size_t)s->nmoves);
    restore(s, saved, n);
    free(saved);
    return SOW_OK;
}

static int play_move(sow_session *s, sow_move move, sow_error *err);

int sow_session_play_move(sow_session *s, int move, sow_error *err)
{
    sow_error_clear(err);
    if (move == SOW_MOVE_LAYOUT && !session_over(s) &&
        sow_game_is_legal(&s->g, move))
        /* MW.2: the pattern of the legal list plays a layout drawn
         * uniformly from the engine's generator (as a random player's),
         * kept with its counts so the record and undo replay it */
        return play_move(s, sow_layout_draw(&s->g, &s->k.eng.lay_rng), err);
    return play_move(s, move, err);
}

/* Play move and keep it in the move list. */
static int play_move(sow_session *s, sow_move move, sow_error *err)
{
    if (remember(s, move, err))
        return SOW_ERR;
    s->nmoves--; /* room made first: a played move is always recorded */
    sow_game g = s->g;
    sow_match m = s->m;
    if (play_one(s, move, err)) {
        if (s->g.ply != g.ply || s->m.game != m.game) {
            /* the move was played but the next game of a match could not
             * be set up: start again without it */
            sow_error ignored;
            put_back(s, s->nmoves, &ignored);
        }
        return SOW_ERR;
    }
    s->moves[s->nmoves++] = move;
    return SOW_OK;
}

int sow_session_play(sow_session *s, const char *move, sow_error *err)
{
    sow_error_clear(err);
    sow_move m;
    if (!move)
        return sow_error_set(err, NULL, 0, 0, "no move given");
    if (sow_move_read(&s->k.setup, move, &m, err))
        return SOW_ERR;
    sow_error_clear(err);
    return play_move(s, m, err);
}

int sow_session_undo(sow_session *s, sow_error *err)
{
    sow_error_clear(err);
    if (s->nmoves == 0)
        return sow_error_set(err, NULL, 0, 0,
                             "no move to take back: none has been played");
    return put_back(s, s->nmoves - 1, err);
}

/* A token of a move list: a turn of several decisions (C2.3, BK) is the
 * legal turn of that whole token; other moves as sow_move_read reads. */
static int session_token(const sow_session *s, const char *t, sow_move *m,
                         sow_error *err)
{
    if (!s->k.setup.ends_turns)
        return sow_move_read(&s->k.setup, t, m, err);
    if ((*m = sow_turn_read(&s->k.setup, &s->g, t)) >= 0)
        return SOW_OK;
    return sow_error_set(err, NULL, 0, 0,
                         "not a legal turn; a turn is written whole, with a "
                         ",kH part for each capture's %s and go or stop "
                         "where asked (C2.3)",
                         s->k.setup.v->ends_words[0]);
}

int sow_session_reset(sow_session *s, sow_error *err)
{
    sow_error_clear(err);
    return rebuild(s, NULL, 0, err);
}

int sow_session_replay(sow_session *s, const char *moves, sow_error *err)
{
    sow_error_clear(err);
    if (!moves)
        return sow_error_set(err, NULL, 0, 0, "no move list given");
    int old_n = s->nmoves;
    sow_move *saved = malloc(sizeof *saved * (size_t)(old_n + 1));
    char *buf = strdup(moves);
    if (!saved || !buf) {
        free(saved);
        free(buf);
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    }
    if (old_n)
        memcpy(saved, s->moves, sizeof *saved * (size_t)old_n);
    int rc = rebuild(s, NULL, 0, err);
    char *save = NULL;
    int i = 0;
    for (char *t = sow_move_tokens(buf, &save); !rc && t;
         t = sow_move_tokens(NULL, &save), i++) {
        sow_move m;
        if (session_token(s, t, &m, err) || play_move(s, m, err)) {
            rc = sow_error_reword(err, "move %d ('%.*s'): %s", i + 1,
                                  SOW_CLIP(t, 40), err->msg);
        }
    }
    if (rc)
        restore(s, saved, old_n);
    free(saved);
    free(buf);
    return rc;
}

/* ---- the record --------------------------------------------------------- */

/* The record lines of moves[0..n-1] played from the start on a scratch
 * game of the session's engine, in the order `sow replay --json` writes
 * them: a match's game line, ply lines, a game's result line, the match
 * line. */
static int write_record(sow_session *s, sow_buf *b, sow_error *err)
{
    const sow_setup *st = &s->k.setup;
    sow_match m;
    sow_game g;
    if (sow_match_start(&s->k.eng, &m, &g, err))
        return SOW_ERR;
    int i = 0;
    for (;;) {
        if (st->match && sow_record_game(b, st, &m, &g))
            break;
        /* the first line names the game (docs/record.md) */
        if (st->match && m.game == 1 && sow_record_identify(b, st, err))
            return SOW_ERR;
        while (!g.over && i < s->nmoves) {
            sow_game before = g;
            if (sow_engine_play(&s->k.eng, &g, s->moves[i], err))
                return SOW_ERR;
            if (sow_record_ply(b, st, &before, s->moves[i], &g))
                break;
            if (!st->match && i == 0 && sow_record_identify(b, st, err))
                return SOW_ERR;
            i++;
        }
        if (!g.over || b->oom)
            break;
        if (sow_record_result(b, st, &g))
            break;
        if (!st->match)
            break;
        if (sow_match_next(&s->k.eng, &m, &g, err))
            return SOW_ERR;
        if (m.over) {
            sow_record_match(b, &m);
            break;
        }
    }
    if (b->oom)
        return sow_error_set(err, NULL, 0, 0, "out of memory");
    return SOW_OK;
}

char *sow_session_record(const sow_session *s, sow_error *err)
{
    sow_error_clear(err);
    sow_session *w = (sow_session *)s;
    sow_buf b = {0};
    /* the record replays the moves on the session's engine, which moves
     * its history: play the session's list again afterwards */
    int rc = write_record(w, &b, err);
    sow_error e2;
    if (put_back(w, s->nmoves, rc ? &e2 : err) || rc) {
        sow_buf_free(&b);
        return NULL;
    }
    if (!b.s) /* no line at all: an empty string, not NULL */
        return strdup("");
    return b.s;
}

/* ---- computer players --------------------------------------------------- */

int sow_session_think(sow_session *s, const char *player, uint64_t seed,
                      int *move, sow_error *err)
{
    sow_error_clear(err);
    sow_player_spec sp;
    if (!player)
        return sow_error_set(err, NULL, 0, 0, "no player given");
    if (sow_player_spec_parse(player, &sp, err))
        return SOW_ERR;
    if (session_over(s))
        return sow_error_set(err, NULL, 0, 0,
                             "the %s is over: there is no move to choose",
                             s->k.setup.match ? "match" : "game");
    sow_player *p = sow_player_new(&sp, &s->k.setup, seed, err);
    if (!p)
        return SOW_ERR;
    sow_move m;
    int rc = sow_player_move(p, &s->k.eng, &s->g, &m, NULL, err);
    sow_player_free(p);
    if (rc == SOW_OK) /* (a layout's counts fit no int: its pattern, which
                         sow_session_play_move draws, MW.2) */
        *move = sow_move_is_laid(m) ? SOW_MOVE_LAYOUT : (int)m;
    return rc;
}

/* One game (or match) of a self-play run into *st. */
static int selfplay_game(sow_session *s, sow_player *pl[2], uint64_t gseed,
                         sow_selfplay_stats *st, sow_error *err)
{
    const sow_setup *set = &s->k.setup;
    sow_player_seed(pl[0], sow_mix64(gseed ^ 1));
    sow_player_seed(pl[1], sow_mix64(gseed ^ 2));
    sow_match m;
    sow_game g;
    if (sow_match_start(&s->k.eng, &m, &g, err))
        return SOW_ERR;
    long plies = 0;
    int winner;
    bool unfinished;
    for (;;) {
        while (!g.over) {
            sow_move mv;
            if (sow_player_move(pl[g.to_move], &s->k.eng, &g, &mv, NULL,
                                err) ||
                sow_engine_play(&s->k.eng, &g, mv, err))
                return SOW_ERR;
        }
        plies += g.ply;
        if (!set->match) {
            winner = g.result.winner;
            unfinished = g.result.unfinished;
            break;
        }
        if (sow_match_next(&s->k.eng, &m, &g, err))
            return SOW_ERR;
        if (m.over) {
            winner = m.winner;
            unfinished = m.unfinished;
            break;
        }
    }
    st->games++;
    st->plies += plies;
    if (plies > st->plies_max)
        st->plies_max = plies;
    if (unfinished)
        st->unfinished++;
    else if (winner < 0)
        st->draws++;
    else
        st->wins[winner]++;
    return SOW_OK;
}

int sow_session_selfplay(sow_session *s, const char *south,
                         const char *north, long games, uint64_t seed,
                         sow_selfplay_stats *out, sow_error *err)
{
    sow_error_clear(err);
    memset(out, 0, sizeof *out);
    if (games < 0 || (long long)games > SOW_STATS_MAX_GAMES)
        return sow_error_set(err, NULL, 0, 0,
                             "games must be from 0 to %lld, not %ld",
                             (long long)SOW_STATS_MAX_GAMES, games);
    const char *spec[2] = {south, north};
    sow_player *pl[2] = {NULL, NULL};
    int rc = SOW_OK;
    for (int p = 0; p < 2 && !rc; p++) {
        sow_player_spec sp;
        if (!spec[p])
            rc = sow_error_set(err, NULL, 0, 0, "no player given for %s",
                               p ? "North" : "South");
        else if (sow_player_spec_parse(spec[p], &sp, err) ||
                 !(pl[p] = sow_player_new(&sp, &s->k.setup, 0, err)))
            rc = SOW_ERR;
    }
    for (long i = 0; !rc && i < games; i++)
        rc = selfplay_game(s, pl, sow_game_seed(seed, i), out, err);
    sow_player_free(pl[0]);
    sow_player_free(pl[1]);
    /* the games ran on the session's engine: put its own game back */
    sow_error e2;
    if (put_back(s, s->nmoves, rc ? &e2 : err))
        return SOW_ERR;
    return rc;
}
