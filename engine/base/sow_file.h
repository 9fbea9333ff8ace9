/* sow_file.h - the one bounded reader of input files (variant files,
 * scripts, scenario files, selfplay shards): files that may come from
 * strangers (issue 13).
 *
 * Only a regular file is read. A FIFO, a device (/dev/zero, /dev/tty), a
 * socket or a directory is refused with an error, without waiting: the
 * file is opened with O_NONBLOCK, so that opening a FIFO with no writer
 * returns at once, and its type is checked on the open descriptor (no
 * race between a check and the open). A file larger than the caller's
 * limit is refused after reading at most limit + 1 bytes. */
#ifndef SOW_FILE_H
#define SOW_FILE_H

#include <stddef.h>

#include "sow_error.h"

/* What went wrong, for a caller that words its own message (the error is
 * filled in any case). */
enum {
    SOW_FILE_OK = 0,
    SOW_FILE_OPEN = 1,  /* cannot open (no such file, permission) */
    SOW_FILE_DIR = 2,   /* a directory */
    SOW_FILE_SPECIAL = 3, /* a FIFO, device or socket */
    SOW_FILE_BIG = 4,   /* over the limit */
    SOW_FILE_READ = 5,  /* a read error, or out of memory */
    SOW_FILE_LINK = 6,  /* a symbolic link out of its folder
                           (sow_file_read_own) */
};

/* Read the regular file at `path` whole: *out (malloc'd, NUL-terminated,
 * the caller frees it) and *len. `what` names such a file in messages ("a
 * variant file", "a script"). Returns SOW_FILE_OK, or one of the codes
 * above with err set at `path` ("is a directory; give the path of a variant
 * file", "is a FIFO; give the path of a variant file (only regular files
 * are read)", "is larger than a variant file may be: at most N bytes"). */
int sow_file_read(const char *path, size_t limit, const char *what,
                  char **out, size_t *len, sow_error *err);

/* sow_file_read for a file named on its own, which may come from a
 * stranger's folder (a variant or a scenario file): a symbolic link is
 * followed only when it leads to a file in the folder the link lies in
 * or below it, as a variant's script must (issue 23: a variant file that
 * linked to /etc/shadow was parsed and its lines quoted in errors); one
 * that leads elsewhere is refused with SOW_FILE_LINK, without saying
 * where it leads. The folders on the way may be links (the folder named
 * is the reader's choice). */
int sow_file_read_own(const char *path, size_t limit, const char *what,
                      char **out, size_t *len, sow_error *err);

/* The same checks without reading: SOW_FILE_OK when `path` is a regular
 * file that can be opened, else a code above with err set as
 * sow_file_read sets it. (A later read checks again: this only words an
 * early answer, such as whether a command line names a file at all.) */
int sow_file_probe(const char *path, const char *what, sow_error *err);

/* Where `path` leads from the folder `dir`, both resolved with realpath
 * (symlinks and `..` followed) (issue 13 #4: a variant reads files in its
 * own folder only): SOW_FILE_INSIDE when it is below dir, with *resolved
 * the resolved path (malloc'd; read that one, not `path`, so that what
 * was checked is what is read); SOW_FILE_OUTSIDE; or SOW_FILE_MISSING when
 * either does not resolve (no such file: the reader then says so).
 * *resolved is NULL but for SOW_FILE_INSIDE. */
enum { SOW_FILE_INSIDE = 0, SOW_FILE_OUTSIDE = 1, SOW_FILE_MISSING = 2 };
int sow_file_resolve_in(const char *dir, const char *path, char **resolved);

#endif
