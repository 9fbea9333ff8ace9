/* web_main.c - the main() of the engine in the web page (web/web.mk).
 *
 * The page runs the `sow` command itself (tools/sow.c, its main renamed
 * sow_cli_main at compile time), so every answer it shows is what the
 * command prints. One request has no command of its own: the position a
 * move list leads to, with the moves legal there, which the game record
 * does not hold (its `legal` is that of the position before each move).
 *
 *   sow state VARIANT [--option NAME=VALUE]... [--moves "TOKENS"]
 *
 * prints one JSON line: ply, game, to_move, legal (tokens), their labels
 * and their words (sow_session_move_words: "South", "clockwise", "hole
 * C"), question (what the player to move is asked, or ""), board,
 * owner, captured, over, result (the record's last result line, or
 * null), moves (every token played), and the last ply line's hand, claimed and
 * blocked holes when the variant has them. It is built on the public API
 * only (include/sow/sow.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sow/sow.h"

int sow_cli_main(int argc, char **argv);

#define MAX_OPTIONS 64

static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static void int_array(const char *name, const int *v, int n)
{
    printf(",\"%s\":[", name);
    for (int i = 0; i < n; i++)
        printf(i ? ",%d" : "%d", v[i]);
    putchar(']');
}

/* The moves' tokens (label 0), labels (label 1) or words (label 2, as
 * sow_session_move_words gives them) as a JSON array. */
static void move_array(const sow_session *s, const char *name,
                       const int *moves, int n, int label)
{
    printf(",\"%s\":[", name);
    for (int i = 0; i < n; i++) {
        char text[256]; /* a move's words come from the question, at most
                           159 bytes (the loader refuses longer) */
        if (label == 2)
            sow_session_move_words(s, moves[i], text, sizeof text);
        else
            sow_session_move_text(s, moves[i], label, text, sizeof text);
        if (i)
            putchar(',');
        json_string(text);
    }
    putchar(']');
}

/* The text from `key` ("\"claimed\":") to the end of its array in line,
 * printed as a field; nothing when the line has no such field. */
static void copy_field(const char *line, const char *key)
{
    const char *p = strstr(line, key);
    if (!p)
        return;
    const char *end = strchr(p, ']');
    if (end)
        printf(",%.*s", (int)(end + 1 - p), p);
}

/* From the record: the last line that is a ply line, and the last result
 * line ({"result":...} or {"match_result":...}) if the record ends with
 * one (a match's last line is its match_result). Both point into rec;
 * *len their lengths without the newline. */
static void record_lines(const char *rec, const char **ply, int *ply_len,
                         const char **result, int *result_len)
{
    *ply = *result = NULL;
    *ply_len = *result_len = 0;
    const char *line = rec;
    while (*line) {
        const char *nl = strchr(line, '\n');
        int n = nl ? (int)(nl - line) : (int)strlen(line);
        if (!strncmp(line, "{\"ply\":", 7)) {
            *ply = line;
            *ply_len = n;
            *result = NULL;
        } else if (!strncmp(line, "{\"game\":", 8)) {
            *result = NULL; /* a match's next game has begun */
        } else if (!strncmp(line, "{\"result\":", 10) ||
                   !strncmp(line, "{\"match_result\":", 16)) {
            *result = line;
            *result_len = n;
        }
        line += n + (nl ? 1 : 0);
    }
}

/* The moves played, as the record's ply lines write them (a turn of
 * several decisions whole, its parts named: C2.3, which its number alone
 * does not say), as a JSON array of strings. */
static void played_tokens(const char *rec)
{
    printf(",\"moves\":[");
    int k = 0;
    for (const char *line = rec; *line;) {
        const char *nl = strchr(line, '\n');
        int n = nl ? (int)(nl - line) : (int)strlen(line);
        /* (searched within the line: a search to the record's end from
         * every line is quadratic where strstr measures its haystack,
         * as under ASan) */
        const char *m = !strncmp(line, "{\"ply\":", 7)
                            ? memmem(line, (size_t)n, ",\"move\":", 8)
                            : NULL;
        if (m) {
            m += 8;
            /* a bare number, or a string without quotes or escapes in it
             * (docs/record.md's tokens) */
            int len = *m == '"' ? (int)strcspn(m + 1, "\"\n")
                                : (int)strspn(m, "0123456789");
            printf(k++ ? ",\"%.*s\"" : "\"%.*s\"", len,
                   *m == '"' ? m + 1 : m);
        }
        line += n + (nl ? 1 : 0);
    }
    putchar(']');
}

static int fail(const sow_error *err)
{
    char line[SOW_PATH_MAX + SOW_MSG_MAX + 32];
    sow_error_format(err, line, sizeof line);
    fprintf(stderr, "sow state: %s\n", line);
    return 1;
}

static int cmd_state(int argc, char **argv)
{
    const char *options[MAX_OPTIONS + 1];
    int nopt = 0;
    const char *variant = NULL, *moves = "";
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--option") && i + 1 < argc && nopt < MAX_OPTIONS)
            options[nopt++] = argv[++i];
        else if (!strcmp(argv[i], "--moves") && i + 1 < argc)
            moves = argv[++i];
        else if (!variant && argv[i][0] != '-')
            variant = argv[i];
        else {
            fprintf(stderr, "sow state: unexpected argument '%s' (usage: sow "
                            "state VARIANT [--option N=V]... [--moves "
                            "\"TOKENS\"])\n", argv[i]);
            return 2;
        }
    }
    options[nopt] = NULL;
    sow_session *s;
    sow_error err;
    if (sow_open(variant, options, &s, &err) != SOW_OK)
        return fail(&err);
    if (sow_session_replay(s, moves, &err) != SOW_OK) {
        sow_session_close(s);
        return fail(&err);
    }
    sow_state st;
    sow_session_state(s, &st);
    /* as many as the session has: a shared link may hold any number of
     * moves, so no fixed-size array (issue 23) */
    int nlegal = sow_session_legal(s, NULL, 0);
    int *legal = malloc(sizeof *legal * (size_t)(nlegal + 1));
    if (!legal) {
        fprintf(stderr, "sow state: out of memory for %d moves\n", nlegal);
        sow_session_close(s);
        return 1;
    }
    char *rec = sow_session_record(s, &err);
    if (!rec) {
        free(legal);
        sow_session_close(s);
        return fail(&err);
    }
    nlegal = sow_session_legal(s, legal, nlegal);
    printf("{\"ply\":%d,\"game\":%d,\"to_move\":%d", st.ply, st.game,
           st.to_move);
    move_array(s, "legal", legal, nlegal, 0);
    move_array(s, "labels", legal, nlegal, 1);
    move_array(s, "words", legal, nlegal, 2);
    char question[512];
    sow_session_question(s, question, sizeof question);
    printf(",\"question\":");
    json_string(question);
    int_array("board", st.board, st.holes);
    int_array("owner", st.owner, st.holes);
    int_array("captured", st.captured, 2);
    printf(",\"over\":%s,\"result\":", st.over ? "true" : "false");
    const char *ply, *result;
    int ply_len, result_len;
    record_lines(rec, &ply, &ply_len, &result, &result_len);
    if (st.over && result)
        printf("%.*s", result_len, result);
    else
        printf("null");
    printf(",\"result_text\":");
    json_string(st.over ? st.result : "");
    played_tokens(rec);
    if (ply) {
        char *last = strndup(ply, (size_t)ply_len);
        if (last) {
            copy_field(last, "\"claimed\":");
            copy_field(last, "\"blocked\":");
            copy_field(last, "\"hand\":"); /* C2.6: seeds in hand (MW.1) */
            free(last);
        }
    }
    printf("}\n");
    free(legal);
    free(rec);
    sow_session_close(s);
    return 0;
}

/* `--stdout FILE` before the command: what it prints goes to FILE (in
 * the page's memory file system), which the worker reads back whole. A
 * long trace is two megabytes of JSON: written line by line to the page's
 * console callbacks it would cost most of a second. */
static int run_to_file(const char *path, int argc, char **argv)
{
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (saved < 0 || fd < 0) {
        fprintf(stderr, "sow: --stdout %s: %s\n", path, strerror(errno));
        return 2;
    }
    dup2(fd, STDOUT_FILENO);
    close(fd);
    int rc = argc >= 2 && !strcmp(argv[1], "state") ? cmd_state(argc, argv)
                                                  : sow_cli_main(argc, argv);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && !strcmp(argv[1], "--stdout")) {
        char *path = argv[2];
        argv[2] = argv[0]; /* the command's argv[0]: the program's name */
        return run_to_file(path, argc - 2, argv + 2);
    }
    if (argc >= 2 && !strcmp(argv[1], "state"))
        return cmd_state(argc, argv);
    return sow_cli_main(argc, argv);
}
