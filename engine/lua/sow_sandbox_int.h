/* sow_sandbox_int.h - what the sandbox's library (sow_sandbox.c) uses of
 * its limits (sow_sandbox_limits.c), inside engine/lua: the wrappers that
 * check a budget, and the clock read of a library function's charged
 * work. Each is described where it is defined. */
#ifndef SOW_SANDBOX_INT_H
#define SOW_SANDBOX_INT_H

#include "sow_sandbox.h"

/* table.concat's wrapper (upvalue 1: Lua's), which checks the time budget
 * when the call returns */
int sow_sandbox_budgeted(lua_State *L);
/* xpcall's replacement (upvalue 1: Lua's), its handler guarded */
int sow_sandbox_guarded_xpcall(lua_State *L);
/* called every WORK_STEP units a library function charges; raises a
 * tripped limit */
void sow_sandbox_charge_slow(lua_State *L, sow_lua *x);

#endif
