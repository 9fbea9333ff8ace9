/* term.h - what reaches a terminal (issue 13 #5).
 *
 * sow prints text from strangers: variant files, scripts, scenario files,
 * and values typed on the command line or at the `sow play` prompt. A
 * control character among them (ESC, BEL, CSI U+009B, OSC U+009D, raw
 * 8-bit bytes) would let that text drive the terminal: clear it, move the
 * cursor, write the clipboard (OSC 52). Errors are made safe where they
 * are made (sow_error_set, sow_text.h); as the one guard for everything
 * else, standard error and standard output go through a filter with the
 * same rule: control characters other than line feed, tab and carriage
 * return become spaces and bytes that are not UTF-8 become '?'. Standard
 * output is filtered when it is a pipe or a file too: what is written
 * there is read on a terminal later (`cat`), and none of sow's formats
 * (text, JSON records, SVG, HTML) holds a raw control character (JSON
 * escapes them). Output files (--svg, --jsonl, --html) are written by
 * the same code through FILE streams of their own: their text is escaped
 * by the writers, and the sources refuse control characters. */
#ifndef SOW_TERM_H
#define SOW_TERM_H

#include <stdio.h>

/* The streams the filters stand in front of. */
typedef struct term {
    FILE *out_below, *err_below;
} term;

/* Put the filters in front of stderr and stdout as they are (sow.c calls
 * it after outfile_stdout_open, so that the filtered text goes through
 * that checked stream). A failed write below sets ferror() of the filter
 * too; the stream below keeps the reason. */
void term_guard(term *t);

/* Flush the filters and take them away: stdout and stderr are the streams
 * below again (before outfile_stdout_close checks them). */
void term_release(term *t);

/* Write one of sow's own control sequences (clearing the screen of `sow
 * play --watch`) to standard output past the filter. */
void term_control(const char *seq);

#endif
