# libsgf: one non-recursive GNU makefile.
#   make            library (lib/) and tools (bin/)
#   make run        install missing build dependencies, build, validate samples/
#   make check      install missing build dependencies, every test (ASan+UBSan)
#   make bench      speed figures (parse, floors) on ../shared/corpus or a
#                   generated corpus
#   make fuzz FUZZ_SECONDS=600   libFuzzer runs of the parser and of the
#                   XML reader, one after the other (clang; fuzz-parse and
#                   fuzz-xml run one)
#   make install / uninstall     honour PREFIX and DESTDIR

# The release (one source: SGF_VERSION_STRING in sgf/version.h) and the
# soname's number, raised for an incompatible change of the ABI.
VERSION      := $(shell sed -n 's/^\#define SGF_VERSION_STRING "\(.*\)"/\1/p' \
                  libsgf/include/sgf/version.h)
SOVERSION    := 1
PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
MANDIR       ?= $(PREFIX)/share/man
DATADIR      ?= $(PREFIX)/share
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig

CC       ?= cc
OPT      ?= -O2 -g
WARN     := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
            -Wmissing-prototypes -Wold-style-definition -Wformat=2 -Wundef \
            -Wwrite-strings -Wcast-qual -Wvla
ifneq ($(WERROR),)
WARN     += -Werror
endif
STD      := -std=c11 -D_POSIX_C_SOURCE=200809L
CPPFLAGS ?=
CFLAGS   ?= $(OPT)
LDFLAGS  ?=
LDLIBS   ?=
# libxml2 (the xml module only); evaluated when a rule runs, after
# scripts/deps.sh has installed it
XML_CFLAGS = $(shell pkg-config --cflags libxml-2.0 2>/dev/null)
XML_LIBS   = $(shell pkg-config --libs libxml-2.0 2>/dev/null || echo -lxml2)
# jansson: the tools' JSON output only (tools/json.c); the library does
# not use it
JSON_CFLAGS = $(shell pkg-config --cflags jansson 2>/dev/null)
JSON_LIBS   = $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson)
# libarchive: the tools' archive and compressed inputs (tools/cli-archive.c)
ARCHIVE_CFLAGS = $(shell pkg-config --cflags libarchive 2>/dev/null)
ARCHIVE_LIBS   = $(shell pkg-config --libs libarchive 2>/dev/null || echo -larchive)
TOOL_LIBS   = $(JSON_LIBS) $(ARCHIVE_LIBS)
ALL_CFLAGS = $(STD) $(WARN) -Ilibsgf/include -Ilibsgf/src $(XML_CFLAGS) \
             $(JSON_CFLAGS) $(ARCHIVE_CFLAGS) $(CPPFLAGS) $(CFLAGS)
LIBS_ALL   = $(XML_LIBS) -lm -pthread
SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=undefined

ifeq ($(V),)
Q := @
E := @printf '  %-7s %s\n'
else
Q :=
E := @true
endif

LIB_SRC   := $(sort $(wildcard libsgf/src/*.c))
LIB_OBJ   := $(LIB_SRC:libsgf/src/%.c=build/lib/%.o)
ASAN_OBJ  := $(LIB_SRC:libsgf/src/%.c=build/asan/lib/%.o)
TOOLS     := $(patsubst tools/%.c,%,$(filter tools/sgf-%.c,$(wildcard tools/*.c)))
# tool-only helpers shared by the tools (cli.c, ...), linked from an archive
CLI_SRC   := $(filter-out tools/sgf-%.c,$(wildcard tools/*.c))
CLI_OBJ   := $(CLI_SRC:tools/%.c=build/tools/%.o)
ASAN_CLI_OBJ := $(CLI_SRC:tools/%.c=build/asan/tools/%.o)
TOOL_BINS := $(TOOLS:%=bin/%)
ASAN_BINS := $(TOOLS:%=build/asan/bin/%)
UNIT_SRC  := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BINS := $(UNIT_SRC:tests/unit/%.c=build/asan/test/%)
HEADERS   := $(wildcard libsgf/include/sgf/*.h libsgf/include/sgf/*.def)
MANPAGES  := $(wildcard man/*.1 man/*.3)

STATIC := lib/libsgf.a
SHARED := lib/libsgf.so.$(VERSION)

# Objects that only tools and tests are made from are kept, not removed
# as intermediate files (make would print an "rm" after each build).
.SECONDARY:

.PHONY: all run check test-repair test-unit test-cli test-fuzz-replay test-man test-abi \
        test-parallel test-xml-growth test-html test-tsan test-limits \
        test-jobs test-modules abi-update abi-check \
        bench fuzz fuzz-parse fuzz-xml install uninstall clean deps
.DEFAULT_GOAL := all

all: $(STATIC) $(SHARED) $(TOOL_BINS)

# The README's two commands. Each first makes sure the Debian packages the
# build needs are present (installing them as root), then runs in a sub-make
# so that nothing is evaluated before they exist.
# samples/faulty/ holds records with faults on purpose, so the tour shows
# diagnostics and the exit status is 1; only trouble (2 or more) fails.
run: deps
	$(Q)$(MAKE) -s --no-print-directory all
	@echo '$$ bin/sgf-validate -r samples'
	@bin/sgf-validate -r samples; status=$$?; \
	case $$status in \
	0) ;; \
	1) echo "(exit status 1: samples/faulty/ has errors on purpose)" ;; \
	*) exit $$status ;; \
	esac

check: deps
	$(Q)$(MAKE) -s --no-print-directory all test-unit test-cli test-fuzz-replay \
	    test-man test-abi test-parallel test-xml-growth test-html test-tsan \
	    test-limits test-jobs test-modules test-repair
	@echo "make check: all test suites passed"

deps:
	$(Q)sh scripts/deps.sh

# --- library ------------------------------------------------------------
build/lib/%.o: libsgf/src/%.c
	$(E) CC $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) -fPIC -fvisibility=hidden -DSGF_BUILDING \
	    -MMD -MP -c -o $@ $<

build/asan/lib/%.o: libsgf/src/%.c
	$(E) CC $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) $(SANITIZE) -fvisibility=hidden -DSGF_BUILDING \
	    -MMD -MP -c -o $@ $<

$(STATIC): $(LIB_OBJ)
	$(E) AR $@
	@mkdir -p $(@D)
	$(Q)rm -f $@ && ar rcs $@ $^

# The version script exports the sgf_* functions under the node SGF_1 and
# keeps every other symbol local.
$(SHARED): $(LIB_OBJ) libsgf/libsgf.map
	$(E) LD $@
	@mkdir -p $(@D)
	$(Q)$(CC) -shared -Wl,-soname,libsgf.so.$(SOVERSION) \
	    -Wl,--version-script=libsgf/libsgf.map $(LDFLAGS) \
	    -o $@ $(LIB_OBJ) $(LDLIBS) $(LIBS_ALL)
	$(Q)ln -sf libsgf.so.$(VERSION) lib/libsgf.so.$(SOVERSION)
	$(Q)ln -sf libsgf.so.$(SOVERSION) lib/libsgf.so

build/asan/libsgf.a: $(ASAN_OBJ)
	$(Q)rm -f $@ && ar rcs $@ $^

# ThreadSanitizer objects of the library, for test-tsan only
TSAN     := -fsanitize=thread -fno-omit-frame-pointer
TSAN_OBJ := $(LIB_SRC:libsgf/src/%.c=build/tsan/lib/%.o)
build/tsan/lib/%.o: libsgf/src/%.c
	$(E) CC $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) -O1 $(TSAN) -fvisibility=hidden -DSGF_BUILDING \
	    -MMD -MP -c -o $@ $<

build/tsan/libsgf.a: $(TSAN_OBJ)
	$(Q)rm -f $@ && ar rcs $@ $^

# --- tools --------------------------------------------------------------
build/tools/%.o: tools/%.c
	$(E) CC $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) -Itools -MMD -MP -c -o $@ $<

build/asan/tools/%.o: tools/%.c
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) $(SANITIZE) -Itools -MMD -MP -c -o $@ $<

build/tools/libcli.a: $(CLI_OBJ)
	$(Q)rm -f $@ && ar rcs $@ $^

build/asan/tools/libcli.a: $(ASAN_CLI_OBJ)
	$(Q)rm -f $@ && ar rcs $@ $^

bin/%: build/tools/%.o build/tools/libcli.a $(STATIC)
	$(E) LD $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(TOOL_LIBS) \
	    $(LIBS_ALL)

build/asan/bin/%: build/asan/tools/%.o build/asan/tools/libcli.a build/asan/libsgf.a
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS) $(SANITIZE) $(LDFLAGS) -o $@ $^ $(LDLIBS) \
	    $(TOOL_LIBS) $(LIBS_ALL)

# The tools linked against the shared library, as a program built on an
# installed libsgf is: the golden tests run against them too, so what is
# shipped is what is tested (and a tool needing a hidden symbol fails to
# link).
SHARED_BINS := $(TOOLS:%=build/shared/bin/%)
build/shared/bin/%: build/tools/%.o build/tools/libcli.a $(SHARED)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< build/tools/libcli.a \
	    -Llib -lsgf -Wl,-rpath,'$$ORIGIN/../../../lib' $(LDLIBS) \
	    $(TOOL_LIBS) -lm

# --- tests --------------------------------------------------------------
build/asan/test/%: tests/unit/%.c build/asan/libsgf.a
	$(E) CC $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) $(SANITIZE) -Wno-missing-prototypes -MMD -MP \
	    -o $@ $< build/asan/libsgf.a $(LDFLAGS) -lcmocka $(LDLIBS) \
	    $(LIBS_ALL)

# Programs run by .ci/run over ../shared/corpus (extra checks)
build/test/boardref: tests/boardref.c tests/filelist.h $(STATIC)
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) -Itests -o $@ tests/boardref.c $(STATIC) $(LIBS_ALL)

test-unit: $(UNIT_BINS)
	$(Q)set -e; for t in $(UNIT_BINS); do \
	    echo "== $$t"; ASAN_OPTIONS=detect_leaks=1 $$t; done

test-cli: $(ASAN_BINS) $(TOOL_BINS) $(SHARED_BINS)
	$(Q)sh tests/run-cli.sh build/asan/bin
	$(Q)sh tests/figure/run.sh build/asan/bin/sgf-convert
	@echo "== golden tests, optimized build (bin/)"
	$(Q)sh tests/run-cli.sh bin
	@echo "== golden tests, tools linked against lib/libsgf.so"
	$(Q)sh tests/run-cli.sh build/shared/bin
	$(Q)sh tests/figure/run.sh build/shared/bin/sgf-convert

# The parser's harness also runs the tools' own output code.
FUZZ_TOOL_SRC = tools/json.c tools/html.c
build/asan/test/fuzz-standalone: tests/fuzz/fuzz_parse.c tests/fuzz/standalone.c \
                                 tests/treecmp.h tests/filelist.h \
                                 $(FUZZ_TOOL_SRC) tools/json.h tools/html.h \
                                 build/asan/libsgf.a
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) $(JSON_CFLAGS) $(SANITIZE) -Wno-missing-prototypes \
	    -o $@ tests/fuzz/fuzz_parse.c tests/fuzz/standalone.c \
	    $(FUZZ_TOOL_SRC) build/asan/libsgf.a $(LIBS_ALL) $(JSON_LIBS)

build/asan/test/fuzz-xml-standalone: tests/fuzz/fuzz_xml.c \
                                     tests/fuzz/standalone.c \
                                     tests/treecmp.h tests/filelist.h \
                                     build/asan/libsgf.a
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) $(SANITIZE) -Wno-missing-prototypes -o $@ \
	    tests/fuzz/fuzz_xml.c tests/fuzz/standalone.c build/asan/libsgf.a \
	    $(LIBS_ALL)

test-fuzz-replay: build/asan/test/fuzz-standalone \
                  build/asan/test/fuzz-xml-standalone
	$(Q)build/asan/test/fuzz-standalone tests/fuzz/corpus tests/fuzz/crashes \
	    samples tests/cli
	$(Q)build/asan/test/fuzz-xml-standalone tests/fuzz/xml-corpus \
	    tests/fuzz/xml-crashes

# The writer's round trip over files or directories (*.sgf):
#   build/asan/test/roundtrip ../shared/corpus
build/asan/test/roundtrip: tests/roundtrip.c tests/treecmp.h \
                           tests/filelist.h build/asan/libsgf.a
	$(E) CC $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) $(SANITIZE) -o $@ tests/roundtrip.c \
	    build/asan/libsgf.a $(LDFLAGS) $(LDLIBS) $(LIBS_ALL)

# The XML module's round trip over files or directories (*.sgf), every
# document validated against the schema:
#   build/asan/test/xmlroundtrip ../shared/corpus
build/asan/test/xmlroundtrip: tests/xmlroundtrip.c tests/treecmp.h \
                              tests/filelist.h build/asan/libsgf.a
	$(E) CC $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) $(SANITIZE) -o $@ tests/xmlroundtrip.c \
	    build/asan/libsgf.a $(LDFLAGS) $(LDLIBS) $(LIBS_ALL)

# -j N: the same output as one process, every tool, several formats;
# also on the ASan+UBSan build, whose workers stop at any fault.
test-jobs: $(TOOL_BINS) $(ASAN_BINS)
	$(Q)sh tests/jobs.sh bin samples tests/cli
	$(Q)sh tests/jobs.sh build/asan/bin samples tests/cli

# The README's GNU parallel recipe: split runs merged equal one run.
test-parallel: $(TOOL_BINS)
	$(Q)sh tests/parallel.sh bin samples tests

# Growth of the XML reader's and writer's cost (instructions, peak memory)
test-xml-growth: $(TOOL_BINS)
	$(Q)sh tests/xml-growth.sh bin

# The HTML reports: valid (tidy) and rendered as meant (headless
# Chromium); build/html/report.png is a screenshot to look at.
test-html: $(TOOL_BINS)
	$(Q)sh tests/html/check.sh bin

# One collection read from four threads (positions, replay, score, XML
# out and in) under ThreadSanitizer: any report fails the run. Eight
# runs: a race in a library's first use (libxml2's initialisation) can
# happen only once per process, and shows in about half of them.
build/tsan/test/threads: tests/tsan/threads.c build/tsan/libsgf.a
	$(E) CC $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) -O1 $(TSAN) -o $@ tests/tsan/threads.c \
	    build/tsan/libsgf.a $(LDFLAGS) $(LDLIBS) $(LIBS_ALL)

test-tsan: build/tsan/test/threads
	$(Q)for run in 1 2 3 4 5 6 7 8; do \
	    TSAN_OPTIONS="halt_on_error=1 exitcode=66 $(TSAN_OPTIONS)" \
	    build/tsan/test/threads samples/*.sgf samples/faulty/*.sgf \
	    tests/tsan/*.sgf > build/tsan/test/threads.out || exit 1; \
	done; cat build/tsan/test/threads.out

# Growth and limit tests on hostile shapes (tests/limits.sh): bytes
# (peak RSS of each tool run) and steps (valgrind), never seconds.
build/test/gen: tests/growth/gen.c
	@mkdir -p $(@D)
	$(Q)$(CC) $(STD) $(WARN) -O2 -o $@ tests/growth/gen.c

build/test/rss: tests/growth/rss.c
	@mkdir -p $(@D)
	$(Q)$(CC) $(STD) $(WARN) -O2 -o $@ tests/growth/rss.c

test-limits: $(TOOL_BINS) build/test/gen build/test/rss
	$(Q)sh tests/limits.sh bin build/test

# sgf-convert --repair over ../shared/corpus (skipped without it); .ci/run
# runs it again with the ASan+UBSan tools.
test-repair: $(TOOL_BINS)
	$(Q)BIN=bin sh tests/repair-corpus.sh

test-man: $(TOOL_BINS)
	$(Q)sh tests/check-man-help.sh

# No two library objects call each other, directly or round a circle.
test-modules: $(LIB_OBJ)
	$(Q)sh tests/check-modules.sh $(LIB_OBJ)

test-abi: $(SHARED)
	$(Q)sh tests/check-abi.sh $(SHARED)
	$(Q)sh tests/check-abi-values.sh
	$(Q)sh tests/check-abidiff.sh $(SHARED)

# The recorded ABI of the shared library (libabigail's XML), compared by
# tests/check-abidiff.sh. Regenerate it on purpose only, after a change
# that is meant to change the ABI (new functions; incompatible changes
# also need a new SOVERSION).
abi-update: $(SHARED)
	$(Q)sh tests/check-abidiff.sh -u $(SHARED)

abi-check: $(SHARED)
	$(Q)sh tests/check-abidiff.sh $(SHARED)

# --- bench and fuzz -----------------------------------------------------
build/bench/%: tests/bench/%.c $(STATIC)
	@mkdir -p $(@D)
	$(Q)$(CC) $(ALL_CFLAGS) -O2 -MMD -MP -o $@ $< $(STATIC) $(LIBS_ALL)

bench: all build/bench/bench_parse build/bench/scan_floor \
       build/bench/bench_board build/bench/bench_score \
       build/bench/bench_convert build/bench/cputime
	$(Q)sh tests/bench/run.sh

FUZZ_SECONDS ?= 60
build/fuzz/fuzz_parse: tests/fuzz/fuzz_parse.c tests/treecmp.h $(LIB_SRC) \
                       $(HEADERS) $(FUZZ_TOOL_SRC) tools/json.h tools/html.h
	@mkdir -p $(@D)
	$(Q)clang $(STD) -Ilibsgf/include -Ilibsgf/src $(XML_CFLAGS) \
	    $(JSON_CFLAGS) -g -O1 -fsanitize=fuzzer,address,undefined -o $@ \
	    tests/fuzz/fuzz_parse.c $(LIB_SRC) $(FUZZ_TOOL_SRC) $(LIBS_ALL) \
	    $(JSON_LIBS)

build/fuzz/fuzz_xml: tests/fuzz/fuzz_xml.c tests/treecmp.h $(LIB_SRC) \
                     $(HEADERS)
	@mkdir -p $(@D)
	$(Q)clang $(STD) -Ilibsgf/include -Ilibsgf/src $(XML_CFLAGS) -g -O1 \
	    -fsanitize=fuzzer,address,undefined -o $@ tests/fuzz/fuzz_xml.c \
	    $(LIB_SRC) $(LIBS_ALL)

fuzz: fuzz-parse fuzz-xml

fuzz-parse: build/fuzz/fuzz_parse
	@mkdir -p build/fuzz/work tests/fuzz/crashes
	$(Q)build/fuzz/fuzz_parse -max_total_time=$(FUZZ_SECONDS) \
	    -artifact_prefix=tests/fuzz/crashes/ -max_len=65536 \
	    build/fuzz/work tests/fuzz/corpus samples

# The XML reader's harness: new inputs go to build/fuzz/xml-work, crashes
# to tests/fuzz/xml-crashes/; seeds in tests/fuzz/xml-corpus/.
fuzz-xml: build/fuzz/fuzz_xml
	@mkdir -p build/fuzz/xml-work tests/fuzz/xml-crashes
	$(Q)build/fuzz/fuzz_xml -max_total_time=$(FUZZ_SECONDS) \
	    -artifact_prefix=tests/fuzz/xml-crashes/ -max_len=65536 \
	    build/fuzz/xml-work tests/fuzz/xml-corpus

# --- install ------------------------------------------------------------
# libsgf.pc is written at install time, from this run's PREFIX, LIBDIR
# and INCLUDEDIR (a file made once would keep the paths of an earlier
# install).
install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) \
	    $(DESTDIR)$(INCLUDEDIR)/sgf $(DESTDIR)$(PKGCONFIGDIR) \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3 \
	    $(DESTDIR)$(DATADIR)/libsgf
	install -m 755 $(TOOL_BINS) $(DESTDIR)$(BINDIR)/
	install -m 644 $(STATIC) $(DESTDIR)$(LIBDIR)/
	install -m 755 $(SHARED) $(DESTDIR)$(LIBDIR)/
	ln -sf libsgf.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libsgf.so.$(SOVERSION)
	ln -sf libsgf.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libsgf.so
	install -m 644 $(HEADERS) $(DESTDIR)$(INCLUDEDIR)/sgf/
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|; s|@VERSION@|$(VERSION)|' \
	    libsgf/libsgf.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/libsgf.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/libsgf.pc
	install -m 644 libsgf/schema/sgf.rng $(DESTDIR)$(DATADIR)/libsgf/
	install -m 644 $(filter %.1,$(MANPAGES)) $(DESTDIR)$(MANDIR)/man1/
	install -m 644 $(filter %.3,$(MANPAGES)) $(DESTDIR)$(MANDIR)/man3/

uninstall:
	rm -f $(TOOLS:%=$(DESTDIR)$(BINDIR)/%)
	rm -f $(DESTDIR)$(LIBDIR)/libsgf.a $(DESTDIR)$(LIBDIR)/libsgf.so*
	rm -f $(patsubst libsgf/include/sgf/%,$(DESTDIR)$(INCLUDEDIR)/sgf/%,$(HEADERS))
	-rmdir $(DESTDIR)$(INCLUDEDIR)/sgf 2>/dev/null
	rm -f $(DESTDIR)$(PKGCONFIGDIR)/libsgf.pc
	rm -f $(DESTDIR)$(DATADIR)/libsgf/sgf.rng
	-rmdir $(DESTDIR)$(DATADIR)/libsgf 2>/dev/null
	rm -f $(patsubst man/%,$(DESTDIR)$(MANDIR)/man1/%,$(filter %.1,$(MANPAGES)))
	rm -f $(patsubst man/%,$(DESTDIR)$(MANDIR)/man3/%,$(filter %.3,$(MANPAGES)))

clean:
	rm -rf build bin lib

-include $(wildcard build/*/*.d build/asan/*/*.d build/tsan/*/*.d)
