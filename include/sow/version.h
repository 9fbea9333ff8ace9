/* sow/version.h - the version of libsow and of the sow command.
 *
 * SOW_VERSION_* are the version of the headers an embedder compiled
 * against; sow_version() (sow/sow.h) is the version of the library it
 * runs with. The minor number grows with additions to the public API,
 * the major number with changes that break it (the shared library's
 * soname is libsow.so.MAJOR). */
#ifndef SOW_VERSION_H
#define SOW_VERSION_H

#define SOW_VERSION_MAJOR 0
#define SOW_VERSION_MINOR 10
#define SOW_VERSION_PATCH 0
#define SOW_VERSION_STRING "0.10.0"

#endif
