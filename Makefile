# sow - a mancala rules engine. See README.md.
#
# Targets: all, check, install, uninstall, clean, man, bench, hostile (the
# bad-input corpus), fuzz, fuzz-replay, fuzz-build (libFuzzer, clang), web
# and check-web (the page in a browser, web/web.mk).
# Variables: PREFIX, DESTDIR, CFLAGS (yours; project flags live in SOW_CFLAGS),
# SANITIZE=1 (AddressSanitizer + UndefinedBehaviorSanitizer build in
# build-san/), VALGRIND=1 (run the unit tests under valgrind),
# FUZZ_SECONDS, FUZZ_CC (make fuzz).

PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share/sow
LIBDIR = $(PREFIX)/lib
INCLUDEDIR = $(PREFIX)/include
MANDIR = $(PREFIX)/share/man
DOCDIR = $(PREFIX)/share/doc/sow
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR = $(PREFIX)/share/zsh/site-functions

CC ?= cc
PKG_CONFIG ?= pkg-config
PKGS = lua5.4 yaml-0.1

CFLAGS ?= -O2 -g
# The engine's rooms, lowest first (docs/design.md: Rooms): each includes only
# the rooms below it.
ENGINE_ROOMS = base core load lua open players observe lab api
ENGINE_INC = -Iinclude $(ENGINE_ROOMS:%=-Iengine/%)
SOW_CFLAGS = -std=c11 -D_GNU_SOURCE -pthread -Wall -Wextra -Wshadow -Wno-unused-parameter \
	$(ENGINE_INC) $(shell $(PKG_CONFIG) --cflags $(PKGS)) -MMD -MP \
	-DSOW_DATADIR='"$(DATADIR)"'
SOW_LIBS = $(shell $(PKG_CONFIG) --libs $(PKGS)) -lm -pthread
TEST_CFLAGS = $(shell $(PKG_CONFIG) --cflags cmocka)
TEST_LIBS = $(shell $(PKG_CONFIG) --libs cmocka)

ifeq ($(SANITIZE),1)
B = build-san
SOW_CFLAGS += -O1 -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all
SAN_LDFLAGS = -fsanitize=address,undefined
else
B = build
endif

ENGINE_SRC = $(wildcard engine/*/*.c)
ENGINE_OBJ = $(ENGINE_SRC:engine/%.c=$(B)/engine/%.o)
TOOL_SRC = $(wildcard tools/*.c)
TOOL_OBJ = $(TOOL_SRC:tools/%.c=$(B)/tools/%.o)
TEST_SRC = $(wildcard tests/unit/test_*.c)
TEST_BIN = $(TEST_SRC:tests/unit/%.c=$(B)/tests/%)

all: $(B)/sow lib

# (a fresh archive: `ar rcs` into the old one would keep the objects of
# source files since renamed or removed, and their symbols twice)
$(B)/libsow.a: $(ENGINE_OBJ)
	rm -f $@
	ar rcs $@ $^

# ---- libsow as a shared library ------------------------------------------
# The same sources again, position-independent and with hidden visibility:
# only the functions the public headers mark SOW_API (include/sow/) are
# exported (tests/lib/run.sh checks the list). The soname carries the major
# version (include/sow/version.h).
SOW_VERSION := $(shell sed -n 's/^\#define SOW_VERSION_STRING "\(.*\)"/\1/p' include/sow/version.h)
SOW_SOMAJOR := $(firstword $(subst ., ,$(SOW_VERSION)))
PIC_OBJ = $(ENGINE_SRC:engine/%.c=$(B)/pic/engine/%.o)

$(B)/pic/engine/%.o: engine/%.c
	@mkdir -p $(dir $@)
	$(CC) $(SOW_CFLAGS) $(CFLAGS) -fPIC -fvisibility=hidden -c -o $@ $<
$(B)/pic/engine/open/sow_find.o: $(B)/datadir.stamp

$(B)/libsow.so.$(SOW_VERSION): $(PIC_OBJ)
	$(CC) $(CFLAGS) $(SAN_LDFLAGS) $(LDFLAGS) -shared \
		-Wl,-soname,libsow.so.$(SOW_SOMAJOR) -Wl,--no-undefined \
		-o $@ $(PIC_OBJ) $(SOW_LIBS)

$(B)/libsow.so: $(B)/libsow.so.$(SOW_VERSION)
	ln -sf libsow.so.$(SOW_VERSION) $(B)/libsow.so.$(SOW_SOMAJOR)
	ln -sf libsow.so.$(SOW_VERSION) $@

# pkg-config's description of the installed library. The folders under
# PREFIX are written from ${prefix}, so that `pkg-config --define-prefix`
# can relocate a staged install (a folder set outside PREFIX stays as it is).
pc_rel = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))
$(B)/sow.pc: tools/sow.pc.in include/sow/version.h $(B)/datadir.stamp
	@mkdir -p $(B)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(call pc_rel,$(LIBDIR))|' \
		-e 's|@INCLUDEDIR@|$(call pc_rel,$(INCLUDEDIR))|' -e 's|@VERSION@|$(SOW_VERSION)|' \
		-e 's|@DATADIR@|$(call pc_rel,$(DATADIR))|' $< > $@

lib: $(B)/libsow.a $(B)/libsow.so $(B)/sow.pc

$(B)/sow: $(TOOL_OBJ) $(B)/libsow.a
	$(CC) $(CFLAGS) $(SAN_LDFLAGS) $(LDFLAGS) -o $@ $(TOOL_OBJ) $(B)/libsow.a $(SOW_LIBS)

# The installed data directory is compiled into sow_find.o: rebuild it
# when PREFIX or DATADIR change (make install PREFIX=/usr after a plain
# make).
$(B)/datadir.stamp: FORCE
	@mkdir -p $(B)
	@echo '$(DATADIR)' | cmp -s - $@ || echo '$(DATADIR)' > $@
$(B)/engine/open/sow_find.o: $(B)/datadir.stamp

$(B)/engine/%.o: engine/%.c
	@mkdir -p $(dir $@)
	$(CC) $(SOW_CFLAGS) $(CFLAGS) -c -o $@ $<

$(B)/tools/%.o: tools/%.c
	@mkdir -p $(dir $@)
	$(CC) $(SOW_CFLAGS) $(CFLAGS) -c -o $@ $<

$(B)/tests/%: tests/unit/%.c $(B)/libsow.a
	@mkdir -p $(dir $@)
	$(CC) $(SOW_CFLAGS) $(TEST_CFLAGS) $(CFLAGS) $(SAN_LDFLAGS) $(LDFLAGS) -o $@ $< \
		$(B)/libsow.a $(SOW_LIBS) $(TEST_LIBS)

tests: $(TEST_BIN)

ifeq ($(VALGRIND),1)
RUN_UNIT = valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect
else
RUN_UNIT =
endif

# The whole suite: unit tests, rule and golden tests through the command,
# schema validation, the cross-check against the reference implementation.
# The unit tests alone (with VALGRIND=1 under valgrind).
unit: $(TEST_BIN)
	@set -e; for t in $(TEST_BIN); do echo "== $$t"; $(RUN_UNIT) ./$$t; done

check: $(B)/sow lib $(TEST_BIN)
	bash tests/layout/layers.sh
	bash tests/layout/long_functions.sh
	bash tests/layout/tracked.sh
	@set -e; for t in $(TEST_BIN); do echo "== $$t"; $(RUN_UNIT) ./$$t; done
	SOW=$(B)/sow bash tests/cli/run.sh
	/usr/bin/python3 tests/cli/long_runs.py $(B)/sow
	SOW=$(B)/sow bash tests/hostile/run.sh
	/usr/bin/python3 tests/cli/play_pty.py $(B)/sow
	SOW=$(B)/sow bash tests/golden/run.sh
	SOW=$(B)/sow PYTHON=/usr/bin/python3 bash tests/scenarios/run.sh
	/usr/bin/python3 tests/validate_schemas.py --sow $(B)/sow
	/usr/bin/python3 tests/ref/test_adji_kui_1_ref.py
	/usr/bin/python3 tests/ref/test_adji_kui_2_ref.py
	/usr/bin/python3 tests/ref/test_adji_boto_ref.py
	/usr/bin/python3 tests/ref/test_andada_ref.py
	@set -e; for v in $(CROSSCHECK_VARIANTS); do \
		SOW=$(B)/sow PYTHON=/usr/bin/python3 bash tests/crosscheck.sh $$v $(CROSSCHECK_GAMES); done
	SOW=$(B)/sow bash tests/html/run.sh
	SOW=$(B)/sow MAKE="$(MAKE)" SANITIZE=$(SANITIZE) bash tests/web/run.sh
	SOW=$(B)/sow bash tests/docs/run.sh
	SOW=$(B)/sow /usr/bin/python3 tests/mg/crosscheck.py --games $(MG_CHECK_GAMES) --matches $(MG_CHECK_MATCHES)
ifeq ($(SANITIZE),1)
	@echo "tests/lib/run.sh skipped in the sanitizer build: the installed library is checked by the plain make check (the session API runs under ASan in build-san/tests/test_session)"
else
	MAKE="$(MAKE)" B=$(B) bash tests/lib/run.sh
endif
	@echo "make check: all passed ($(B))"

CROSSCHECK_GAMES ?= 120
# one per file in tests/crosscheck/ (what each variant varies)
CROSSCHECK_VARIANTS = adji-kui-1 adji-kui-2 adji-boto andada

# The two-row family against MancalaGames (issue 15): MG's random games
# replayed through sow replay ply by ply (tests/mg/crosscheck.py). It needs
# the MancalaGames references beside the project and Python's
# tkinter; without them it says so and passes. make check replays
# MG_CHECK_GAMES a game, make crosscheck-mg MG_GAMES (500).
MG_GAMES ?= 500
MG_CHECK_GAMES ?= 40
# games in rounds (issue 16): whole matches, 200 (make check: 6)
MG_MATCHES ?= 200
MG_CHECK_MATCHES ?= 6
crosscheck-mg: $(B)/sow
	SOW=$(B)/sow /usr/bin/python3 tests/mg/crosscheck.py --games $(MG_GAMES) --matches $(MG_MATCHES)

# The three- and four-row games against Ludii (issue 25): Ludii's seeded
# random games, each turn's whole decision tree, replayed through sow replay
# ply by ply (tests/ludii/crosscheck.py, its driver tests/ludii/SowLudii.java
# compiled into $(B)/../build/ludii). It needs Java and a Ludii built outside
# the project (LUDII_DIR, default ../ludii; docs/testing.md says how); without
# them it says so and passes. Not part of make check. The driver's self-test
# (the catalogue's worked examples under Ludii) runs first; games sow does not have yet are skipped.
LUDII_GAMES ?= 300
crosscheck-ludii: $(B)/sow
	SOW=$(B)/sow /usr/bin/python3 tests/ludii/crosscheck.py --games $(LUDII_GAMES)

# The manual pages: sow.1 is made from the built program's --help texts
# (tools/man/sow1.sh), so it cannot drift from them; sow-variant.5 is
# written by hand (tools/man/sow-variant.5).
SOW_VERSION := $(shell sed -n 's/.*SOW_VERSION_STRING "\(.*\)".*/\1/p' include/sow/version.h)

man: $(B)/man/sow.1 $(B)/man/sow-variant.5

$(B)/man/sow.1: $(B)/sow tools/man/sow1.sh include/sow/version.h
	@mkdir -p $(dir $@)
	bash tools/man/sow1.sh $(B)/sow $(SOW_VERSION) > $@.tmp && mv $@.tmp $@

$(B)/man/sow-variant.5: tools/man/sow-variant.5
	@mkdir -p $(dir $@)
	cp tools/man/sow-variant.5 $@

bench: $(B)/sow
	./$(B)/sow bench adji-kui-1 --seconds 3

# Kalah's published values solved (issue 26; minutes: a benchmark, never a
# test): BOARDS="5x4 6x3" for a quick run (docs/solving.md, "Measured")
bench-solve: $(B)/sow
	bash tools/bench-solve.sh --sow $(B)/sow $(BOARDS)

# make install: the command, its data (variants, scenarios, schemas), the
# library (install-lib) and the documents (install-docs), each its own
# target so that packagers can take parts.
install: install-bin install-data install-lib install-docs

install-bin: $(B)/sow
	install -d $(DESTDIR)$(BINDIR)
	install -m 755 $(B)/sow $(DESTDIR)$(BINDIR)/sow

install-data:
	install -d $(DESTDIR)$(DATADIR)/variants \
		$(DESTDIR)$(DATADIR)/variants/scenarios $(DESTDIR)$(DATADIR)/schemas
	install -m 644 variants/*.yaml variants/*.lua $(DESTDIR)$(DATADIR)/variants/
	install -m 644 variants/scenarios/*.yaml $(DESTDIR)$(DATADIR)/variants/scenarios/
	install -m 644 schemas/*.json $(DESTDIR)$(DATADIR)/schemas/

# libsow: the static and shared library, public headers, sow.pc
install-lib: lib
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR)/sow
	install -m 644 $(B)/libsow.a $(DESTDIR)$(LIBDIR)/libsow.a
	install -m 755 $(B)/libsow.so.$(SOW_VERSION) $(DESTDIR)$(LIBDIR)/
	ln -sf libsow.so.$(SOW_VERSION) $(DESTDIR)$(LIBDIR)/libsow.so.$(SOW_SOMAJOR)
	ln -sf libsow.so.$(SOW_SOMAJOR) $(DESTDIR)$(LIBDIR)/libsow.so
	install -m 644 include/sow/*.h $(DESTDIR)$(INCLUDEDIR)/sow/
	install -m 644 $(B)/sow.pc $(DESTDIR)$(LIBDIR)/pkgconfig/sow.pc

# manual pages, shell completion, LICENSE, README.md and docs/ (share/doc/sow;
# docs/ keeps its folder so that the README's links still resolve)
install-docs: man
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(DOCDIR)/docs
	install -m 644 $(B)/man/sow.1 $(DESTDIR)$(MANDIR)/man1/sow.1
	install -m 644 $(B)/man/sow-variant.5 $(DESTDIR)$(MANDIR)/man5/sow-variant.5
	install -m 644 tools/completion/sow.bash $(DESTDIR)$(BASHCOMPDIR)/sow
	install -m 644 tools/completion/_sow $(DESTDIR)$(ZSHCOMPDIR)/_sow
	install -m 644 LICENSE README.md $(DESTDIR)$(DOCDIR)/
	install -m 644 docs/*.md docs/*.svg docs/*.png $(DESTDIR)$(DOCDIR)/docs/

uninstall: uninstall-lib uninstall-docs
	rm -f $(DESTDIR)$(BINDIR)/sow
	rm -rf $(DESTDIR)$(DATADIR)

uninstall-lib:
	rm -f $(DESTDIR)$(LIBDIR)/libsow.a $(DESTDIR)$(LIBDIR)/libsow.so \
		$(DESTDIR)$(LIBDIR)/libsow.so.$(SOW_SOMAJOR) \
		$(DESTDIR)$(LIBDIR)/libsow.so.$(SOW_VERSION) \
		$(DESTDIR)$(LIBDIR)/pkgconfig/sow.pc
	rm -rf $(DESTDIR)$(INCLUDEDIR)/sow

uninstall-docs:
	rm -f $(DESTDIR)$(MANDIR)/man1/sow.1 $(DESTDIR)$(MANDIR)/man5/sow-variant.5 \
		$(DESTDIR)$(BASHCOMPDIR)/sow $(DESTDIR)$(ZSHCOMPDIR)/_sow
	rm -rf $(DESTDIR)$(DOCDIR)

.PHONY: install install-bin install-data install-lib install-docs \
	uninstall uninstall-lib uninstall-docs

# ---- fuzzing: libFuzzer harnesses (tests/fuzz/, clang) --------------------
# make fuzz FUZZ_SECONDS=N   build, then run each harness for N seconds
#                            (FUZZ_JOBS at a time, default: the cores)
# make fuzz-replay           run each harness once over its saved corpus
#                            (tests/fuzz/corpus/<harness>/): a regression test
# make fuzz-build            build build/fuzz/fuzz_{loader,lua,moves,scenario,json}
# The engine is built again with clang, ASan+UBSan and libFuzzer's
# coverage, and with small Lua budgets so that a looping script costs
# milliseconds (the limits still trip the same way).
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_B = build/fuzz
FUZZ_HARNESSES = loader lua moves scenario json egdb
FUZZ_CFLAGS = -g -O1 -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=all \
	-DSOW_LUA_INSN_LIMIT=200000L -DSOW_LUA_TIME_LIMIT_MS=100 \
	-DSOW_LUA_MEM_LIMIT=4194304u -DSOW_MAX_LAPS=2000000L
FUZZ_ENGINE_OBJ = $(ENGINE_SRC:engine/%.c=$(FUZZ_B)/engine/%.o)
FUZZ_BIN = $(FUZZ_HARNESSES:%=$(FUZZ_B)/fuzz_%)

$(FUZZ_B)/engine/%.o: engine/%.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(SOW_CFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_B)/libsow.a: $(FUZZ_ENGINE_OBJ)
	rm -f $@
	ar rcs $@ $^

$(FUZZ_B)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZ_B)/libsow.a
	$(FUZZ_CC) $(SOW_CFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< \
		$(FUZZ_B)/libsow.a $(SOW_LIBS)

.SECONDARY: $(FUZZ_ENGINE_OBJ) $(FUZZ_B)/libsow.a

fuzz-build: $(FUZZ_BIN)

fuzz: $(FUZZ_BIN)
	FUZZ_HARNESSES="$(FUZZ_HARNESSES)" bash tests/fuzz/run.sh run $(FUZZ_SECONDS)

fuzz-replay: $(FUZZ_BIN)
	FUZZ_HARNESSES="$(FUZZ_HARNESSES)" bash tests/fuzz/run.sh replay

# The bad-input corpus alone (make check runs it too); with VALGRIND=1
# every case runs under valgrind.
hostile: $(B)/sow
	SOW=$(B)/sow VALGRIND=$(VALGRIND) bash tests/hostile/run.sh

# make web, make check-web: the page in a browser (web/web.mk)
include web/web.mk

clean:
	rm -rf build build-san

.PHONY: all lib check unit tests install uninstall clean man bench bench-solve FORCE fuzz \
	crosscheck-mg crosscheck-ludii \
	fuzz-build fuzz-replay hostile

-include $(ENGINE_OBJ:.o=.d) $(PIC_OBJ:.o=.d) $(TOOL_OBJ:.o=.d) $(FUZZ_ENGINE_OBJ:.o=.d) $(TEST_BIN:=.d)
