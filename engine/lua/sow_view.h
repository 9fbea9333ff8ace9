/* sow_view.h - the board view `g` a hook reads (part of the Lua bridge,
 * sow_lua.c): read-only proxies over tables only C writes, updated with
 * what changed since the last call, and the recording view a miss of the
 * answer caches runs with (sow_memo.h). Internal to engine/lua/. */
#ifndef SOW_VIEW_H
#define SOW_VIEW_H

#include <stdint.h>

#include <lua.h>

#include "sow_game.h"
#include "sow_lua_int.h"

/* Push the view g of game g under setup s (the recording view while
 * x->recording), the tables brought up to date. Inside a protected call. */
void sow_view_push(sow_lua *x, const sow_setup *s, const sow_game *g);

/* Set g.lap and g.hand from at (NULL, or at->lap 0: no sowing runs,
 * both nil) and g.choice from g. */
void sow_view_sowing(sow_lua *x, const sow_game *g, const sow_at *at);

/* (Re)build the view's proxies and geometry for setup s. */
void sow_view_geometry(sow_lua *x, const sow_setup *s);

/* Bring the backing table `ref` (n values of `width` bytes at src,
 * 0-based keys) up to date, writing only what differs from cache when
 * the table is fresh, all of it otherwise. */
void sow_view_sync(lua_State *L, int ref, uint16_t *cache, const void *src,
                   int n, int width, bool fresh);

/* Log a read of the recording view: location and value (sow_memo.h). */
void sow_view_log(sow_lua *x, int32_t loc, int32_t val);

#endif
