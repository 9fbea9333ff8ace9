/* sow_move.c - move tokens: the text of a move ("3", "buy:8") and back.
 * The core owns them, so that the engine's errors, the record, the Lua
 * bridge and the command line all speak the same tokens. */
#include "sow_move.h"
#include "sow_layout.h"
#include "sow_num.h"
#include "sow_text.h"

#include <stdio.h>
#include <string.h>

int sow_move_format(char *buf, size_t size, const sow_setup *s, sow_move m)
{
    if (sow_move_is_laid(m)) /* MW.2: "layout:2,2,...", C2.3 */
        return sow_layout_format(buf, size, m);
    if (m == SOW_MOVE_LAYOUT) /* the pattern the legal list holds */
        return sow_layout_pattern(buf, size, s, NULL);
    if (sow_move_is_turn(m)) {
        /* a turn of several decisions, written without its game: the
         * first decision and the bits of its choices (its C2.3 token
         * needs the game: sow_turn_format) */
        char first[32];
        sow_move_format(first, sizeof first, s, sow_turn_start(m));
        return snprintf(buf, size, "%s,t%d", first,
                        (int)((m - SOW_MOVE_TURN) & 255));
    }
    if (sow_move_is_decision(m)) {
        int k = sow_decision_kind(m);
        if (s->v->dir_rule == SOW_DIR_CHOSEN && k == s->v->dir_kind)
            /* C1.12: dir:ccw, dir:cw */
            return snprintf(buf, size, "dir:%s",
                            sow_decision_value(m) == SOW_DIR_CW ? "cw"
                                                                : "ccw");
        return snprintf(buf, size, "%s:%d",
                        k < s->v->ndecisions ? s->v->decisions[k] : "?",
                        sow_decision_value(m));
    }
    if (sow_move_is_place(m)) { /* MW.2: "+h", or "+h/D" */
        int k = sow_move_place_kind(m);
        return snprintf(buf, size, "+%d%s", sow_move_hole(m),
                        k == SOW_PLACE_ONLY        ? ""
                        : k - 1 == SOW_DIR_CW      ? "/cw"
                                                   : "/ccw");
    }
    if (sow_move_is_chosen(m)) /* NS.6: the hole and the hole chosen */
        return snprintf(buf, size, "%d,x%d", sow_move_hole(m),
                        (int)((m - SOW_MOVE_CHOSEN) & 63));
    if (sow_move_is_directed(m) && s &&
        !sow_hole_chooses(s, sow_move_hole(m))) /* its one way: "h" */
        return snprintf(buf, size, "%d", sow_move_hole(m));
    if (sow_move_is_directed(m)) /* MB.2: the hole and its direction */
        return snprintf(buf, size, "%d/%s", sow_move_hole(m),
                        sow_move_dir(m) == SOW_DIR_CW ? "cw" : "ccw");
    return snprintf(buf, size, "%d", (int)m);
}

/* The hole of a token: a canonical hole index in decimal. */
static int parse_hole(const sow_setup *s, const char *token, size_t len,
                      const char *dir, uint64_t *h, sow_error *err)
{
    char num[8];
    if (len > 6)
        return sow_error_set(err, NULL, 0, 0,
                             "move '%.*s%s' is not a hole number (0 to %d)",
                             SOW_CLIP(token, 40),
                             strlen(token) > 40 ? "..." : "", s->holes - 1);
    memcpy(num, token, len);
    num[len] = 0;
    if (sow_parse_u64(num, h))
        return sow_error_set(err, NULL, 0, 0,
                             "move '%s' is not a hole number (0 to %d)",
                             token, s->holes - 1);
    if (*h >= (uint64_t)s->holes)
        return sow_error_set(err, NULL, 0, 0,
                             "move %d%s: there is no such hole; holes are 0 "
                             "to %d",
                             (int)*h, dir, s->holes - 1);
    return SOW_OK;
}

/* "h/ccw" or "h/cw": a hole and the direction it is sown in, in a variant
 * whose every move names one (direction: each_move, MB.2). */
static int parse_directed(const sow_setup *s, const char *token,
                          sow_move *out_move, sow_error *err)
{
    const char *slash = strchr(token, '/'), *d = slash + 1;
    if (s->v->dir_rule != SOW_DIR_EACH_MOVE)
        return sow_error_set(err, NULL, 0, 0,
                             "move '%.*s': the moves of variant %s do not "
                             "name a direction; type the hole number alone",
                             SOW_CLIP(token, 40), s->v->id);
    if (strcmp(d, "ccw") && strcmp(d, "cw"))
        return sow_error_set(err, NULL, 0, 0,
                             "move '%.*s': a direction is cw or ccw (as in "
                             "3/cw)",
                             SOW_CLIP(token, 40));
    uint64_t h;
    if (parse_hole(s, token, (size_t)(slash - token), slash, &h, err))
        return SOW_ERR;
    if (!sow_hole_chooses(s, (int)h)) /* direction.chosen_at: not h */
        return sow_error_set(err, NULL, 0, 0,
                             "move '%.*s': hole %d of variant %s does not "
                             "choose its direction (it sows %s); type %d "
                             "alone",
                             SOW_CLIP(token, 40), (int)h, s->v->id,
                             (s->cw_holes >> h) & 1 ? "clockwise"
                                                    : "counter-clockwise",
                             (int)h);
    *out_move = sow_directed((int)h, d[1] == 'w' ? SOW_DIR_CW : SOW_DIR_CCW);
    return SOW_OK;
}

/* "+h" (MW.2): one seed from the hand placed into hole h; "+h/D" where
 * the hole is then sown in direction D. */
static int parse_place(const sow_setup *s, const char *token,
                       sow_move *out_move, sow_error *err)
{
    if (s->hand <= 0)
        return sow_error_set(err, NULL, 0, 0,
                             "move '%.*s': in variant %s no seeds are held "
                             "in hand, so none can be placed; type a hole "
                             "number",
                             SOW_CLIP(token, 40), s->v->id);
    const char *slash = strchr(token, '/');
    size_t len = slash ? (size_t)(slash - token - 1) : strlen(token + 1);
    uint64_t h;
    if (parse_hole(s, token + 1, len, "", &h, err))
        return SOW_ERR;
    int k = SOW_PLACE_ONLY;
    if (slash) {
        if (strcmp(slash + 1, "ccw") && strcmp(slash + 1, "cw"))
            return sow_error_set(err, NULL, 0, 0,
                                 "move '%.*s': a direction is cw or ccw "
                                 "(as in +12/cw)",
                                 SOW_CLIP(token, 40));
        k = 1 + (slash[2] == 'w' ? SOW_DIR_CW : SOW_DIR_CCW);
    }
    *out_move = sow_place((int)h, k);
    return SOW_OK;
}

/* "name:value" with a declared name and a value 0..255. */
static int parse_decision(const sow_setup *s, const char *token,
                          sow_move *out_move, sow_error *err)
{
    const char *colon = strchr(token, ':');
    size_t nl = (size_t)(colon - token);
    const sow_variant *v = s->v;
    for (int k = 0; k < v->ndecisions; k++) {
        if (strlen(v->decisions[k]) != nl ||
            strncmp(v->decisions[k], token, nl) != 0)
            continue;
        const char *d = colon + 1;
        size_t dl = strlen(d);
        if (v->dir_rule == SOW_DIR_CHOSEN && k == v->dir_kind) {
            if (strcmp(d, "ccw") && strcmp(d, "cw"))
                return sow_error_set(err, NULL, 0, 0,
                                     "move '%.*s': a direction is dir:ccw "
                                     "or dir:cw",
                                     SOW_CLIP(token, 40));
            *out_move = sow_decision(k, d[1] == 'w' ? SOW_DIR_CW
                                                    : SOW_DIR_CCW);
            return SOW_OK;
        }
        uint64_t val = 0;
        if (dl > 3 || sow_parse_u64(d, &val) || val > 255)
            return sow_error_set(err, NULL, 0, 0,
                                 "move '%.*s': the value after '%s:' must "
                                 "be a whole number from 0 to 255",
                                 SOW_CLIP(token, 40), v->decisions[k]);
        *out_move = sow_decision(k, (int)val);
        return SOW_OK;
    }
    if (v->ndecisions == 0)
        return sow_error_set(err, NULL, 0, 0,
                             "move '%.*s' is not a hole number (0 to %d); "
                             "variant %s has no decision moves",
                             SOW_CLIP(token, 40), s->holes - 1, v->id);
    char list[256] = "";
    size_t len = 0;
    for (int k = 0; k < v->ndecisions && len + 40 < sizeof list; k++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s:N",
                                k ? ", " : "", v->decisions[k]);
    return sow_error_set(err, NULL, 0, 0,
                         "move '%.*s' is neither a hole number (0 to %d) "
                         "nor a decision (%s)",
                         SOW_CLIP(token, 40), s->holes - 1, list);
}

/* "h,xK": hole h, then hole K taken by the player's choice (NS.6). */
static int parse_chosen(const sow_setup *s, const char *token,
                        sow_move *out_move, sow_error *err)
{
    const char *comma = strchr(token, ',');
    if (!s->choices)
        return sow_error_set(err, NULL, 0, 0,
                             "move '%.*s': the moves of variant %s make no "
                             "choice after a capture; type the hole number "
                             "alone",
                             SOW_CLIP(token, 40), s->v->id);
    uint64_t h, x;
    if (comma[1] != 'x' ||
        parse_hole(s, token, (size_t)(comma - token), "", &h, err))
        return comma[1] != 'x'
                   ? sow_error_set(err, NULL, 0, 0,
                                   "move '%.*s': a choice is written ,xK "
                                   "(as in 6,x32: the hole K taken)",
                                   SOW_CLIP(token, 40))
                   : SOW_ERR;
    if (parse_hole(s, comma + 2, strlen(comma + 2), "", &x, err))
        return SOW_ERR;
    *out_move = sow_chosen((int)h, (int)x);
    return SOW_OK;
}

char *sow_move_tokens(char *s, char **save)
{
    char *p = s ? s : *save;
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' || *p == ',')
        p++;
    if (!*p) {
        *save = p;
        return NULL;
    }
    char *start = p;
    /* C2.3: a layout's counts are one token ("layout:2,2,0") */
    const bool laid = strncmp(p, "layout:", 7) == 0;
    for (; *p; p++) {
        if (*p == ',' && laid)
            continue;
        if (*p == ',' && (p[1] == 'x' || p[1] == 'k') &&
            ((p[2] >= '0' && p[2] <= '9') ||
             (p[2] >= 'a' && p[2] <= 'p' && p[3] >= '1' && p[3] <= '4')))
            continue; /* a turn's part: ",x12", ",k8", ",ka2" (C2.2) */
        if (*p == ',' && (strncmp(p + 1, "go", 2) == 0 ||
                          strncmp(p + 1, "stop", 4) == 0))
            continue; /* ",go", ",stop" (BK.7(c)) */
        if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' ||
            *p == ',')
            break;
    }
    if (*p)
        *p++ = 0;
    *save = p;
    return start;
}

int sow_move_parse(const sow_setup *s, const char *token, sow_move *out_move,
                   sow_error *err)
{
    size_t len = strlen(token);
    if (len == 0)
        return sow_error_set(err, NULL, 0, 0, "an empty move token");
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)token[i] < 0x20 || token[i] == 0x7f)
            /* not echoed: it could drive the terminal */
            return sow_error_set(err, NULL, 0, 0,
                                 "a move token holds a control character "
                                 "(byte %zu of it); type a hole number or "
                                 "a decision such as buy:8",
                                 i + 1);
    if (strncmp(token, "layout:", 7) == 0) {
        /* MW.2, C2.3: a whole setup; whether it fits the player is told
         * when it is played (sow_layout_problem) */
        if (!s->lay_out)
            return sow_error_set(err, NULL, 0, 0,
                                 "move '%.*s': in variant %s with these "
                                 "options no player lays out a whole "
                                 "hand (board.placing: layout)",
                                 SOW_CLIP(token, 40), s->v->id);
        return sow_layout_parse(s, token, out_move, err);
    }
    if (token[0] == '+' && len <= 48)
        return parse_place(s, token, out_move, err);
    if (strchr(token, ':') && len <= 48)
        return parse_decision(s, token, out_move, err);
    if (strchr(token, '/') && len <= 48)
        return parse_directed(s, token, out_move, err);
    if (strchr(token, ',') && len <= 48)
        return parse_chosen(s, token, out_move, err);
    uint64_t h;
    if (parse_hole(s, token, len, "", &h, err))
        return SOW_ERR;
    if (s->v->dir_rule == SOW_DIR_EACH_MOVE && sow_hole_chooses(s, (int)h))
        return sow_error_set(err, NULL, 0, 0,
                             "move '%s': in variant %s %s names its "
                             "direction; type %d/ccw or %d/cw",
                             token, s->v->id,
                             s->v->dir_some ? "a move from this hole"
                                            : "every move",
                             (int)h, (int)h);
    if (s->v->dir_rule == SOW_DIR_EACH_MOVE) /* its one way (issue 24) */
        *out_move = sow_directed((int)h, (s->cw_holes >> h) & 1
                                             ? SOW_DIR_CW
                                             : SOW_DIR_CCW);
    else
        *out_move = (sow_move)h;
    return SOW_OK;
}
