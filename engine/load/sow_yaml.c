/* sow_yaml.c - libyaml events to a sow_ynode tree (see sow_yaml.h). */
#include "sow_yaml.h"

#include "sow_file.h"

#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

typedef struct builder {
    const char *path;
    sow_error *err;
    int nodes;
    const unsigned char *text; /* the input, for positions libyaml lacks */
    size_t len;
} builder;

static sow_ynode *node_new(builder *b, sow_ytype t, yaml_mark_t m)
{
    if (++b->nodes > SOW_YAML_MAX_NODES) {
        sow_error_set(b->err, b->path, (int)m.line + 1, (int)m.column + 1,
                      "too many YAML nodes (the limit is %d); a variant "
                      "file is far smaller",
                      SOW_YAML_MAX_NODES);
        return NULL;
    }
    sow_ynode *n = calloc(1, sizeof *n);
    if (!n) {
        sow_error_set(b->err, b->path, 0, 0, "out of memory");
        return NULL;
    }
    n->type = t;
    n->line = (int)m.line + 1;
    n->col = (int)m.column + 1;
    return n;
}

void sow_ynode_free(sow_ynode *n)
{
    if (!n)
        return;
    int count = n->type == SOW_Y_MAP ? 2 * n->n : n->n;
    for (int i = 0; i < count; i++)
        sow_ynode_free(n->items[i]);
    free(n->items);
    free(n->text);
    free(n);
}

/* Store child at items[count], growing the array. */
static int push_item(builder *b, sow_ynode *parent, sow_ynode *child,
                     int count, int *cap)
{
    if (count + 1 > *cap) {
        int nc = *cap ? *cap * 2 : 8;
        sow_ynode **ni = realloc(parent->items, (size_t)nc * sizeof *ni);
        if (!ni)
            return sow_error_set(b->err, b->path, 0, 0, "out of memory");
        parent->items = ni;
        *cap = nc;
    }
    parent->items[count] = child;
    return SOW_OK;
}

/* Errors for event kinds a variant file must not use. */
static int refuse_event(builder *b, const yaml_event_t *ev)
{
    int line = (int)ev->start_mark.line + 1, col = (int)ev->start_mark.column + 1;
    if (ev->type == YAML_ALIAS_EVENT)
        return sow_error_set(b->err, b->path, line, col,
                             "aliases (*name) are not allowed in a variant "
                             "file; write the value out");
    const yaml_char_t *anchor = NULL, *tag = NULL;
    if (ev->type == YAML_SCALAR_EVENT) {
        anchor = ev->data.scalar.anchor;
        tag = ev->data.scalar.tag;
    } else if (ev->type == YAML_SEQUENCE_START_EVENT) {
        anchor = ev->data.sequence_start.anchor;
        tag = ev->data.sequence_start.tag;
    } else if (ev->type == YAML_MAPPING_START_EVENT) {
        anchor = ev->data.mapping_start.anchor;
        tag = ev->data.mapping_start.tag;
    }
    if (anchor)
        return sow_error_set(b->err, b->path, line, col,
                             "anchors (&%s) are not allowed in a variant "
                             "file; write the value out",
                             (const char *)anchor);
    if (tag)
        return sow_error_set(b->err, b->path, line, col,
                             "tags (%s) are not allowed in a variant file; "
                             "remove the tag",
                             (const char *)tag);
    return SOW_OK;
}

/* The first control character of a scalar's text (U+0000-U+001F but tab
 * and line feed, U+007F, U+0080-U+009F), or -1. Double-quoted escapes
 * ("\e", "\x9b") can make them; printed in a message or by `sow show` they
 * would drive the terminal. */
static int control_char(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if ((*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7f)
            return *p;
        if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
            return p[1];
    }
    return -1;
}

/* Parse one node whose first event is `ev` (already taken). */
static int parse_node(builder *b, yaml_parser_t *p, yaml_event_t *ev,
                      int depth, sow_ynode **out);

/* The 1-based line and column of byte `off` of the input (columns count
 * characters, as libyaml's marks do). */
static void position_of(const builder *b, size_t off, int *line, int *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < off && i < b->len; i++) {
        if (b->text[i] == '\n') {
            (*line)++;
            *col = 1;
        } else if ((b->text[i] & 0xc0) != 0x80) {
            (*col)++;
        }
    }
}

/* The byte offset of 0-based line and column (in characters), or b->len. */
static size_t offset_of(const builder *b, size_t line, size_t col)
{
    size_t i = 0;
    for (; i < b->len && line > 0; i++)
        if (b->text[i] == '\n')
            line--;
    for (; i < b->len && col > 0; i++)
        if (i + 1 >= b->len || (b->text[i + 1] & 0xc0) != 0x80)
            col--; /* the last byte of a character */
    return i;
}

static int next_event(builder *b, yaml_parser_t *p, yaml_event_t *ev)
{
    if (!yaml_parser_parse(p, ev)) {
        const char *what = p->problem ? p->problem : "malformed YAML";
        int line = (int)p->problem_mark.line + 1;
        int col = (int)p->problem_mark.column + 1;
        if (p->error == YAML_READER_ERROR) {
            /* bytes that are not text: libyaml gives an offset, no mark */
            size_t off = p->problem_offset;
            if (strstr(what, "trailing") && off > 0 && off <= b->len &&
                b->text[off - 1] >= 0xc0)
                off--; /* point at the sequence's first byte */
            position_of(b, off, &line, &col);
            unsigned byte = off < b->len ? b->text[off] : 0;
            if (strstr(what, "control"))
                return sow_error_set(b->err, b->path, line, col,
                                     "a control character (byte 0x%02X) "
                                     "in the file; a variant file is "
                                     "printable UTF-8 text: remove it",
                                     byte);
            return sow_error_set(b->err, b->path, line, col,
                                 "the file is not UTF-8 text (%s at byte "
                                 "0x%02X); save it as UTF-8",
                                 what, byte);
        }
        const char *tab = "";
        size_t at = offset_of(b, p->problem_mark.line, p->problem_mark.column);
        if (at < b->len && b->text[at] == '\t' && !strstr(what, "tab"))
            tab = "; a tab: YAML indents with spaces only";
        /* the location is libyaml's problem_mark, where it found the
         * problem; its context_mark is where the construct it was reading
         * (a flow sequence, a quoted scalar, a mapping) began, and the
         * mistake is between the two */
        int cline = (int)p->context_mark.line + 1;
        int ccol = (int)p->context_mark.column + 1;
        if (p->context && cline == line && ccol == col)
            return sow_error_set(b->err, b->path, line, col,
                                 "YAML syntax error: %s %s%s", what,
                                 p->context, tab);
        if (p->context) {
            return sow_error_set(b->err, b->path, line, col,
                                 "YAML syntax error: %s %s that begins at "
                                 "%d:%d; the mistake is between %d:%d and "
                                 "%d:%d%s",
                                 what, p->context, cline, ccol, cline, ccol,
                                 line, col, tab);
        }
        return sow_error_set(b->err, b->path, line, col,
                             "YAML syntax error: %s%s", what, tab);
    }
    return SOW_OK;
}

/* Read the items of a sequence, or the key/value pairs of a mapping, up to
 * the end event. */
static int parse_children(builder *b, yaml_parser_t *p, sow_ynode *n,
                          yaml_event_type_t end, int depth)
{
    int cap = 0;
    for (;;) {
        yaml_event_t ev;
        if (next_event(b, p, &ev))
            return SOW_ERR;
        if (ev.type == end) {
            yaml_event_delete(&ev);
            return SOW_OK;
        }
        sow_ynode *child = NULL;
        if (parse_node(b, p, &ev, depth + 1, &child))
            return SOW_ERR;
        if (push_item(b, n, child,
                      n->type == SOW_Y_MAP ? 2 * n->n : n->n, &cap)) {
            sow_ynode_free(child);
            return SOW_ERR;
        }
        if (n->type == SOW_Y_SEQ) {
            n->n++;
            continue;
        }
        /* a mapping: child is a key; it must be a new plain word (no line
         * break or tab either: keys are quoted in messages) */
        if (child->type != SOW_Y_SCALAR || strpbrk(child->text, "\t\n")) {
            sow_error_set(b->err, b->path, child->line, child->col,
                          "a mapping key must be a plain word");
            sow_ynode_free(child); /* not counted in n->n */
            return SOW_ERR;
        }
        for (int i = 0; i < n->n; i++) {
            sow_ynode *k = n->items[2 * i];
            if (strcmp(k->text, child->text) == 0) {
                sow_error_set(b->err, b->path, child->line, child->col,
                              "duplicate key '%s' (first at line %d); "
                              "keep one",
                              k->text, k->line);
                sow_ynode_free(child);
                return SOW_ERR;
            }
        }
        yaml_event_t vev;
        sow_ynode *val = NULL;
        int rc = next_event(b, p, &vev);
        if (rc == SOW_OK)
            rc = parse_node(b, p, &vev, depth + 1, &val);
        if (rc == SOW_OK)
            rc = push_item(b, n, val, 2 * n->n + 1, &cap);
        if (rc) {
            sow_ynode_free(val);
            sow_ynode_free(child);
            return SOW_ERR;
        }
        n->n++;
    }
}

static int parse_node(builder *b, yaml_parser_t *p, yaml_event_t *ev,
                      int depth, sow_ynode **out)
{
    *out = NULL;
    int rc = refuse_event(b, ev);
    if (rc == SOW_OK && depth > SOW_YAML_MAX_DEPTH)
        rc = sow_error_set(b->err, b->path, (int)ev->start_mark.line + 1,
                           (int)ev->start_mark.column + 1,
                           "nesting deeper than %d levels; a variant file "
                           "needs far fewer",
                           SOW_YAML_MAX_DEPTH);
    if (rc) {
        yaml_event_delete(ev);
        return SOW_ERR;
    }
    sow_ynode *n = NULL;
    switch (ev->type) {
    case YAML_SCALAR_EVENT:
        n = node_new(b, SOW_Y_SCALAR, ev->start_mark);
        if (!n)
            break;
        n->text = malloc(ev->data.scalar.length + 1);
        if (!n->text) {
            sow_error_set(b->err, b->path, 0, 0, "out of memory");
            free(n);
            n = NULL;
            break;
        }
        memcpy(n->text, ev->data.scalar.value, ev->data.scalar.length);
        n->text[ev->data.scalar.length] = 0;
        if (strlen(n->text) != ev->data.scalar.length) {
            sow_error_set(b->err, b->path, n->line, n->col,
                          "a NUL character in a value; remove it");
            sow_ynode_free(n);
            n = NULL;
            break;
        }
        int ctl = control_char(n->text);
        if (ctl >= 0) {
            sow_error_set(b->err, b->path, n->line, n->col,
                          "a control character (U+%04X) in a value; a "
                          "variant file holds printable text only (tabs "
                          "and line breaks aside)",
                          ctl);
            sow_ynode_free(n);
            n = NULL;
            break;
        }
        n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
        yaml_event_delete(ev);
        *out = n;
        return SOW_OK;
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT: {
        bool seq = ev->type == YAML_SEQUENCE_START_EVENT;
        n = node_new(b, seq ? SOW_Y_SEQ : SOW_Y_MAP, ev->start_mark);
        yaml_event_delete(ev);
        if (!n)
            return SOW_ERR;
        if (parse_children(b, p, n,
                           seq ? YAML_SEQUENCE_END_EVENT
                               : YAML_MAPPING_END_EVENT,
                           depth)) {
            sow_ynode_free(n);
            return SOW_ERR;
        }
        *out = n;
        return SOW_OK;
    }
    default:
        sow_error_set(b->err, b->path, (int)ev->start_mark.line + 1,
                      (int)ev->start_mark.column + 1,
                      "unexpected YAML structure");
        break;
    }
    yaml_event_delete(ev);
    return SOW_ERR;
}

int sow_yaml_parse_text(const char *path, const char *text, size_t len,
                        sow_ynode **root, sow_error *err)
{
    *root = NULL;
    if (len > SOW_YAML_MAX_BYTES)
        return sow_error_set(err, path, 0, 0,
                             "the text is %zu bytes; a variant file may "
                             "have at most %d (256 KiB)",
                             len, SOW_YAML_MAX_BYTES);
    builder b = {path, err, 0, (const unsigned char *)text, len};
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p))
        return sow_error_set(err, path, 0, 0, "out of memory");
    yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
    int rc = SOW_OK;
    int docs = 0;
    sow_ynode *doc = NULL;
    for (;;) {
        yaml_event_t ev;
        if (next_event(&b, &p, &ev)) {
            rc = SOW_ERR;
            break;
        }
        yaml_event_type_t t = ev.type;
        if (t == YAML_STREAM_END_EVENT) {
            yaml_event_delete(&ev);
            break;
        }
        if (t == YAML_DOCUMENT_START_EVENT) {
            if (++docs > 1) {
                rc = sow_error_set(err, path, (int)ev.start_mark.line + 1,
                                   (int)ev.start_mark.column + 1,
                                   "a second YAML document; a variant file "
                                   "holds exactly one");
                yaml_event_delete(&ev);
                break;
            }
            yaml_event_delete(&ev);
            continue;
        }
        if (t == YAML_STREAM_START_EVENT || t == YAML_DOCUMENT_END_EVENT) {
            yaml_event_delete(&ev);
            continue;
        }
        if (parse_node(&b, &p, &ev, 1, &doc)) {
            rc = SOW_ERR;
            break;
        }
    }
    yaml_parser_delete(&p);
    if (rc) {
        sow_ynode_free(doc);
        return SOW_ERR;
    }
    *root = doc;
    return SOW_OK;
}

int sow_yaml_parse_file(const char *path, sow_ynode **root, sow_error *err)
{
    return sow_yaml_read_file(path, "a variant file", root, err);
}

int sow_yaml_read_file(const char *path, const char *what, sow_ynode **root,
                       sow_error *err)
{
    *root = NULL;
    char *buf;
    size_t len;
    if (sow_file_read_own(path, SOW_YAML_MAX_BYTES, what, &buf, &len, err))
        return SOW_ERR;
    int rc = sow_yaml_parse_text(path, buf, len, root, err);
    free(buf);
    return rc;
}

sow_ynode *sow_ynode_get(const sow_ynode *map, const char *key)
{
    if (!map || map->type != SOW_Y_MAP)
        return NULL;
    for (int i = 0; i < map->n; i++)
        if (strcmp(map->items[2 * i]->text, key) == 0)
            return map->items[2 * i + 1];
    return NULL;
}
