/* sow_text.h - one rule for text that reaches a person: a terminal, an
 * SVG file, an HTML page, a JSON record (issue 13: control characters,
 * truncation).
 *
 * Text is shown as it is when it is valid UTF-8 with no control
 * character; a control character (C0 U+0000-U+001F, DEL U+007F, C1
 * U+0080-U+009F) becomes a space and a byte that is not part of valid
 * UTF-8 (a raw 0x9B, a stray continuation byte) becomes '?', so that no
 * escape sequence (CSI, OSC 52 clipboard writes, BEL) can be formed. This is
 * the rule of the YAML loader, which refuses the same characters in a
 * variant file. Text is cut on character boundaries only. */
#ifndef SOW_TEXT_H
#define SOW_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Decode one UTF-8 character of s[0..len): its length in bytes (1 to 4)
 * and *cp, or 0 when the bytes there are not a valid, shortest UTF-8
 * sequence (surrogates and code points over U+10FFFF included) or len is
 * 0. */
int sow_utf8_decode(const char *s, size_t len, uint32_t *cp);

/* True when c is a control character: C0, DEL or C1. */
bool sow_is_control(uint32_t c);

/* True when s[0..len) is valid UTF-8 without control characters (tab and
 * line feed are control characters here too: the text is one line). */
bool sow_text_is_safe(const char *s, size_t len);

/* The length of the longest prefix of s[0..len) of at most max bytes that
 * does not end inside a UTF-8 sequence: the place to cut s to fit max. */
size_t sow_utf8_cut(const char *s, size_t len, size_t max);

/* Make the NUL-terminated s safe in place (the rule above; the result is
 * never longer). A sequence cut short at the very end (by an earlier
 * truncation) is dropped, not replaced. */
void sow_text_scrub(char *s);

/* The arguments of "%.*s" that print at most max bytes of the string s cut
 * on a character boundary: printf("'%.*s'", SOW_CLIP(token, 40)). */
#define SOW_CLIP(s, max) (int)sow_utf8_cut((s), strlen(s), (max)), (s)

/* Drop a UTF-8 sequence cut short at the very end of s (the mark of an
 * snprintf or %.Ns that cut a character): after a cut, call this. */
void sow_utf8_mend(char *s);

/* snprintf for text shown to a person: the same result, but a cut never
 * falls inside a character (a sequence cut short at the end is dropped).
 * Returns what snprintf returns. */
int sow_text_fmt(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The one escaper of text written into JSON strings, XML, HTML and CSV (SVG
 * boards and plots, the animate page, records). It writes the text of s
 * (without quotes) through put(ctx, bytes, n):
 *  - SOW_ESC_JSON: '"' and '\\' escaped, control characters as \u00XX
 *    (C1 too: a JSON reader keeps them, a terminal would obey them);
 *  - SOW_ESC_JSON_HTML: the same, and '<', '>', '&' as \u00XX so that the
 *    string is safe inside an HTML <script> element;
 *  - SOW_ESC_XML: '<', '>', '&', '"', '\'' as entities, control characters
 *    (which XML 1.0 forbids) as spaces;
 *  - SOW_ESC_CSV: the inside of a quoted CSV field (RFC 4180, sow
 *    selfplay --csv): '"' doubled, control characters (a line break
 *    would split the row for line-based tools) as spaces.
 * A byte that is not part of valid UTF-8 becomes U+FFFD, and a sequence
 * cut short at the end of s is dropped, so the output is always valid
 * UTF-8: an SVG stays well-formed whatever a variant's name holds. */
enum { SOW_ESC_JSON, SOW_ESC_JSON_HTML, SOW_ESC_XML, SOW_ESC_CSV };
void sow_text_escape(const char *s, int mode,
                     void (*put)(void *ctx, const char *p, size_t n),
                     void *ctx);

/* sow_text_escape into a FILE (a convenience for writers on stdio). */
void sow_text_escape_file(FILE *f, const char *s, int mode);

#endif
