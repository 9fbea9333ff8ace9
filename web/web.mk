# web/web.mk - make web: the engine, Lua 5.4 and libyaml compiled to
# WebAssembly with emscripten (Debian's package), and the static page of
# build/web/ (web/README.md). Included by the Makefile.
#
#   make web           build/web/: index.html, sow-engine.js (the wasm
#                      inside), the page's sow-*.js (sow-page.js starts
#                      it), sow-howto.js, sow.css, variants/
#   make check-web     the browser tests (tests/web/run.sh)
#
# The `sow` command itself is what runs in the page (in a Web Worker):
# each request is one run of its main() with the arguments a terminal
# would give it, so the page shows exactly what `sow show`, `sow trace`,
# `sow replay --json`, `sow validate`, `sow test` and `sow search` print.

EMCC ?= emcc
# Debian's emscripten runs its JavaScript tools with /usr/bin/node, which
# finds Debian's node modules (acorn) only through NODE_PATH when it is
# not Debian's own node
WEB_ENV = NODE_PATH=$${NODE_PATH:+$$NODE_PATH:}/usr/share/nodejs
WEB_B = build/web-obj
WEB_OUT = build/web
WEB_SRC = build/web-src
LUA_DIR = $(WEB_SRC)/lua/src
YAML_DIR = $(WEB_SRC)/yaml

LUA_CORE = lapi lcode lctype ldebug ldo ldump lfunc lgc llex lmem lobject \
	lopcodes lparser lstate lstring ltable ltm lundump lvm lzio lauxlib \
	lbaselib lcorolib ldblib liolib lmathlib loadlib loslib lstrlib \
	ltablib lutf8lib linit
YAML_CORE = api dumper emitter loader parser reader scanner writer

WEB_OPT = -O3
WEB_CFLAGS = -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wshadow -Wno-unused-parameter \
	$(ENGINE_INC) -I$(LUA_DIR) -I$(YAML_DIR)/include -MMD -MP \
	-DSOW_DATADIR='"/sow"' $(WEB_OPT)
WEB_LUA_CFLAGS = -std=gnu99 -DLUA_COMPAT_5_3 $(WEB_OPT)
WEB_YAML_CFLAGS = -I$(YAML_DIR)/include -DYAML_VERSION_MAJOR=0 \
	-DYAML_VERSION_MINOR=2 -DYAML_VERSION_PATCH=5 \
	-DYAML_VERSION_STRING='"0.2.5"' $(WEB_OPT)

WEB_ENGINE_OBJ = $(ENGINE_SRC:engine/%.c=$(WEB_B)/engine/%.o)
WEB_TOOL_OBJ = $(TOOL_SRC:tools/%.c=$(WEB_B)/tools/%.o)
WEB_LUA_OBJ = $(LUA_CORE:%=$(WEB_B)/lua/%.o)
WEB_YAML_OBJ = $(YAML_CORE:%=$(WEB_B)/yaml/%.o)

# SINGLE_FILE: the wasm travels inside the .js, so that file:// pages (where
# fetch() cannot read a file) and Blob workers load it; variants are
# embedded in it too (no .data file to fetch)
WEB_LDFLAGS = $(WEB_OPT) -sMODULARIZE=1 -sEXPORT_NAME=SowEngine \
	-sINVOKE_RUN=0 -sEXIT_RUNTIME=0 -sALLOW_MEMORY_GROWTH=1 \
	-sSINGLE_FILE=1 -sFORCE_FILESYSTEM=1 -sENVIRONMENT=web,worker,node \
	-sEXPORTED_RUNTIME_METHODS=callMain,FS -sEXPORTED_FUNCTIONS=_main,_fflush \
	--embed-file variants@/sow/variants

$(WEB_B)/lua/%.o: $(LUA_DIR)/%.c
	@mkdir -p $(dir $@)
	$(WEB_ENV) $(EMCC) $(WEB_LUA_CFLAGS) -c -o $@ $<

$(WEB_B)/yaml/%.o: $(YAML_DIR)/src/%.c
	@mkdir -p $(dir $@)
	$(WEB_ENV) $(EMCC) $(WEB_YAML_CFLAGS) -c -o $@ $<

$(WEB_B)/engine/%.o: engine/%.c
	@mkdir -p $(dir $@)
	$(WEB_ENV) $(EMCC) $(WEB_CFLAGS) -c -o $@ $<

$(WEB_B)/tools/%.o: tools/%.c
	@mkdir -p $(dir $@)
	$(WEB_ENV) $(EMCC) $(WEB_CFLAGS) -c -o $@ $<

# the command's main() is called by web/web_main.c's (the `state` request)
$(WEB_B)/tools/sow.o: tools/sow.c
	@mkdir -p $(dir $@)
	$(WEB_ENV) $(EMCC) $(WEB_CFLAGS) -Dmain=sow_cli_main -c -o $@ $<

$(WEB_B)/web_main.o: web/web_main.c
	@mkdir -p $(dir $@)
	$(WEB_ENV) $(EMCC) $(WEB_CFLAGS) -c -o $@ $<

WEB_VARIANTS = $(wildcard variants/*.yaml variants/*.lua variants/scenarios/*.yaml)

$(WEB_B)/sow-engine.js: $(WEB_B)/web_main.o $(WEB_ENGINE_OBJ) $(WEB_TOOL_OBJ) $(WEB_LUA_OBJ) $(WEB_YAML_OBJ) $(WEB_VARIANTS)
	$(WEB_ENV) $(EMCC) $(WEB_LDFLAGS) -o $@ $(WEB_B)/web_main.o $(WEB_TOOL_OBJ) $(WEB_ENGINE_OBJ) \
		$(WEB_LUA_OBJ) $(WEB_YAML_OBJ) -lm

WEB_PAGE = $(wildcard web/page/*)

# the page's folder: the engine wrapped for a Blob worker, the page, and the
# variants as plain files (to read and download; the engine has its own copy)
$(WEB_OUT)/index.html: $(WEB_B)/sow-engine.js $(WEB_PAGE) web/assemble.sh web/howto.py web/perfect.json \
		docs/how-to-play.md $(WEB_VARIANTS)
	bash web/assemble.sh $(WEB_B)/sow-engine.js $(WEB_OUT)

# the sources first, in a make of their own: the rules for Lua's and
# libyaml's objects need their .c files to be there when make reads them
web:
	bash web/fetch.sh $(WEB_SRC)
	$(MAKE) --no-print-directory $(WEB_OUT)/index.html

check-web: $(B)/sow
	SOW=$(B)/sow MAKE="$(MAKE)" bash tests/web/run.sh

.PHONY: web check-web

-include $(WEB_ENGINE_OBJ:.o=.d) $(WEB_TOOL_OBJ:.o=.d) $(WEB_B)/web_main.d
