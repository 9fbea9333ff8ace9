/* outfile.h - an output file of a command (sow draw --svg, sow animate
 * --html, sow selfplay --jsonl, sow compare --svg): one set of rules for
 * all of them (issue 13 #2 and #3).
 *
 * What PATH may be, and what happens:
 *
 *   "-"         standard output. The text is gathered in an anonymous
 *               temporary file and copied out when complete, so standard
 *               output gets the whole file or nothing (a write error there
 *               is said by sow.c, see outfile_stdout_open).
 *   /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N (or another
 *               symbolic link to /proc/self/fd/N)
 *               sow's own descriptor N, as the shell reads these names:
 *               1 is standard output as "-"; another is written directly
 *               (sow draw --svg /dev/fd/3 3>out.svg). Never replaced (as
 *               root, a rename would replace /dev/stdout itself).
 *   a FIFO or a character device (/dev/null, a terminal, a named pipe;
 *               also through a symbolic link, as /dev/stderr)
 *               written directly: opened without O_CREAT or O_TRUNC and
 *               never replaced. The open does not wait: a FIFO that no
 *               process is reading is an error at once. What was written
 *               before an error stays written.
 *   a directory, a socket, a block device
 *               refused (nothing sensible can be written there).
 *   anything else: a regular file, a path that does not exist yet, a
 *               symbolic link to either, a dangling symbolic link
 *               written whole into a new temporary file in PATH's
 *               directory (".NAME.XXXXXX", made by mkstemp: a name that
 *               did not exist, so a file or symbolic link planted there by
 *               someone else is never opened, followed or reused; mode
 *               0666 less the umask), then renamed over PATH. A symbolic
 *               link at PATH is replaced by the new file, not followed (as
 *               `sed -i` does): what it pointed to is left as it was. On
 *               an error the temporary file is removed and PATH is left as
 *               it was. The data is not fsync'ed.
 *
 * Every error, a failed write included (a full disk: checked through
 * ferror, fflush and fclose), is one line on stderr, "sow CMD: cannot
 * write PATH: <why>", and the functions return 1 (the command exits 1). */
#ifndef SOW_OUTFILE_H
#define SOW_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

typedef struct outfile_sink outfile_sink;

typedef struct outfile {
    FILE *f;          /* write the file here */
    const char *cmd;  /* for messages: "draw" (borrowed) */
    const char *path; /* as given (borrowed) */
    char *tmp;        /* owned: the temporary file to rename, or NULL */
    bool std;         /* standard output: f is copied to it at the end */
    outfile_sink *sink; /* owned: under f, keeps the first write error */
    FILE *stdio;      /* outfile_stdout_open: the stdout it replaced */
} outfile;

/* Open PATH for writing by the rules above. Returns 0, or 1 after
 * printing the error (then nothing is to be closed). */
int outfile_open(outfile *o, const char *cmd, const char *path);

/* Finish the file: with ok, check that every write went through and put
 * the file in place (copy, rename); without ok (the command failed and
 * said why) throw the temporary file away silently. Returns 0, or 1 (a
 * write error printed, or !ok). */
int outfile_close(outfile *o, bool ok);

/* Standard output of the whole command (issue 13 #7: a write error on it
 * was ignored, `sow replay ... >/dev/full` exited 0). sow.c calls
 * outfile_stdout_open before a command runs: stdout becomes a stream over
 * descriptor 1 that keeps the errno of its first failed write
 * (stdio's ferror only says that one failed), line-buffered on a terminal
 * and fully buffered elsewhere, as stdout is. A command that prints in a
 * loop stops early when ferror(stdout) is set. outfile_stdout_close(o,
 * cmd, rc) flushes and closes it, puts the old stdout back, and returns
 * rc; or, when rc is 0 and a write failed, 1 after printing "sow CMD:
 * cannot write to standard output: <why>" ("sow: ..." when cmd is
 * NULL). If the stream cannot be made
 * (out of memory) stdout is left as it is and only ferror is checked. */
void outfile_stdout_open(outfile *o);
int outfile_stdout_close(outfile *o, const char *cmd, int rc);

#endif
