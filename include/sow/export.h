/* sow/export.h - SOW_API marks the functions libsow exports.
 *
 * libsow.so is built with hidden visibility: only what is marked here
 * (the functions of the public headers, all named sow_...) is exported;
 * the engine's internals stay private, as Lua's LUAI_FUNC keeps its own. */
#ifndef SOW_EXPORT_H
#define SOW_EXPORT_H

#if defined(__GNUC__)
#define SOW_API __attribute__((visibility("default")))
#else
#define SOW_API
#endif

#endif
