# The front door: `make run` opens navsh on its demo store, `make test` runs
# every test. Both install the system packages navsh needs when missing.
SWIFT ?= swift
PYTHON ?= python3
# The build users get (make run, and what an install copies): optimized, the
# Swift runtime and Foundation linked into the binary, which starts in a
# quarter of the time loading them as shared libraries takes (bench/README.md).
# `make install` builds with these same flags, so it reuses this build.
RELEASE_BUILD_FLAGS ?= --static-swift-stdlib $(METADATA_FLAGS) $(EXCLUSIVITY_FLAGS) $(LAYOUT_FLAGS)
RELEASE_FLAGS ?= -c release $(RELEASE_BUILD_FLAGS)
# Exclusive access to class properties and globals is checked when the code
# is built for tests (debug) and not in the release build (bench/README.md):
# the runtime's check on every such access was 3% of an edit's
# instructions. A conflicting access is a bug of navsh's, which every test
# run would stop on; nothing a file or a user does changes which accesses happen.
EXCLUSIVITY_FLAGS ?= -Xswiftc -enforce-exclusivity=unchecked
# Type metadata reached through accessors the compiler writes, not by
# demangling a type's name at run time (bench/README.md): a
# `Dictionary` of a new key type made that way has the runtime check the
# key is `Hashable` by scanning all 6,400 conformances in the binary,
# 380,000 instructions each time, a fifth of start-up for four of GRDB's.
METADATA_FLAGS ?= -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# How the release binaries are laid out (bench/README.md): each
# function in a section of its own, the functions a session runs placed
# together (scripts/navsh.order, which scripts/make-order-file.sh writes),
# linked by lld with compact relocations (DT_RELR). A session then touches
# a few hundred kilobytes of code, not pages spread over 18 MB: about 5 MB
# less memory and a fifth off start-up. Only the link flags name the file,
# so writing it anew relinks without recompiling.
ORDER_FILE ?= $(CURDIR)/scripts/navsh.order
LAYOUT_FLAGS ?= -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker -z -Xlinker keep-text-section-prefix \
  $(if $(wildcard $(ORDER_FILE)),-Xlinker --symbol-ordering-file=$(ORDER_FILE) -Xlinker --no-warn-symbol-ordering,) \
  $(LOADING_FLAGS)
# What the dynamic loader does before main (bench/README.md): the
# C++ runtime the Swift runtime needs (libstdc++, libgcc) linked in rather
# than loaded, which saves relocating its 4,300 symbols at every start; no
# symbol of navsh's exported (the toolchain exports all 9,600 of them, and
# every symbol the libraries look up is tried against them first) but
# `kill` (CTerminal); no $$ORIGIN rpath, which sent the loader probing 17
# paths beside the binary for libraries that are never there.
# SQLite is linked in too, from the same Debian package's libsqlite3.a (the
# same version and options as its libsqlite3.so): loading and relocating the
# shared library, and binding each of its functions on first call, was a
# fifth of start-up. The directory holds only these archives, and is
# searched before the system's, so the linker takes them over the .so files.
STATIC_CXX_DIR := $(CURDIR)/.build/static-cxx
STATIC_CXX := $(shell clang -print-file-name=libstdc++.a 2>/dev/null)
STATIC_SQLITE := $(wildcard $(shell pkg-config --variable=libdir sqlite3 2>/dev/null)/libsqlite3.a)
LOADING_FLAGS ?= --disable-local-rpath -Xlinker --no-export-dynamic -Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
  $(if $(filter /%,$(STATIC_CXX) $(STATIC_SQLITE)),-Xlinker -L$(STATIC_CXX_DIR),)

.PHONY: run test test-steps build release deps static-cxx bench fuzz-smoke clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

# Only the products: the test support target needs the Testing module, which
# a build with the runtime linked statically does not find. navsh-postgres
# (what navsh runs, from its own folder, for a PostgreSQL target) is built too.
release: deps static-cxx
	$(SWIFT) build $(RELEASE_FLAGS) --product navsh
	$(SWIFT) build $(RELEASE_FLAGS) --product navsh-postgres

# A folder holding only libstdc++.a, searched first: `-lstdc++` then finds
# the archive, where the compiler's own folder would give the shared library.
static-cxx:
	@$(if $(filter /%,$(STATIC_CXX)),mkdir -p $(STATIC_CXX_DIR) && ln -sf $(STATIC_CXX) $(STATIC_CXX_DIR)/libstdc++.a,true)
	@$(if $(STATIC_SQLITE),mkdir -p $(STATIC_CXX_DIR) && ln -sf $(STATIC_SQLITE) $(STATIC_CXX_DIR)/libsqlite3.a,true)

run: release
	.build/release/navsh $(ARGS)

# Swift tests (core, storage, end-to-end on the built binary; the PostgreSQL
# store's against a throwaway server that scripts/pg-test-server starts and
# removes), the pseudo-terminal tests of the interactive prompt, then a short
# multi-process stress run (scripts/stress-lost-updates.sh runs the long one).
test:
	@NAVSH_NEED_PEXPECT=1 scripts/install-deps.sh
	$(SWIFT) build
	scripts/pg-test-server run $(MAKE) --no-print-directory test-steps

# What `make test` runs with the test server's URL exported (when there is one).
test-steps:
	$(SWIFT) test
	$(PYTHON) Tests/Interactive/test_prompt.py .build/debug/navsh
	$(PYTHON) Tests/Stress/lost_updates.py .build/debug/navsh --processes 6 --saves 10
	$(PYTHON) Tests/Stress/row_identity.py .build/debug/navsh
	@if [ -n "$${NAVSH_TEST_POSTGRES_URL:-}" ]; then \
	  $(PYTHON) Tests/Stress/lost_updates.py .build/debug/navsh --postgres "$$NAVSH_TEST_POSTGRES_URL" \
	    --processes 8 --saves 10 --rows 20 && \
	  $(PYTHON) Tests/Stress/pg_faults.py .build/debug/navsh && \
	  $(PYTHON) Tests/Stress/lost_updates.py .build/debug/navsh --processes 8 --saves 60 --rows 20 \
	    --max-sleep 0.2 --failovers 3; \
	fi

bench: release
	$(SWIFT) build $(RELEASE_FLAGS) --product navsh-bench
	bench/run.sh

# libFuzzer on the tokenizer and on whole sessions (see Fuzz/run.sh for long runs).
fuzz-smoke: deps
	Fuzz/run.sh smoke

clean:
	rm -rf .build .build-fuzz

# ---- Installing: `make install` (PREFIX=~/.local) builds the
# release binaries (navsh, and navsh-postgres, which navsh runs from its own
# folder for a PostgreSQL target) and installs them with the man page and the bash, zsh and
# fish completions; `make uninstall` removes them. BUILD=debug installs a
# debug build instead (CI does: a release build costs minutes on 2 cores).
PREFIX ?= $(HOME)/.local
BUILD ?= release
# Extra `swift build` flags for the installed binaries: a release build
# uses `make release`'s, so the binary installed is the one benchmarked
# and nothing is compiled twice. Installed release binaries are stripped.
INSTALL_SWIFT_FLAGS ?= $(if $(filter release,$(BUILD)),$(RELEASE_BUILD_FLAGS),)
INSTALL_STRIP ?= $(if $(filter release,$(BUILD)),-s,)
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
INSTALLED = $(BINDIR)/navsh $(BINDIR)/navsh-postgres $(MANDIR)/navsh.1 $(BASHDIR)/navsh $(ZSHDIR)/_navsh $(FISHDIR)/navsh.fish

.PHONY: install uninstall man check-man docs check-docs test-install

install: deps $(if $(filter release,$(BUILD)),static-cxx,)
	$(SWIFT) build -c $(BUILD) --product navsh $(INSTALL_SWIFT_FLAGS)
	$(SWIFT) build -c $(BUILD) --product navsh-postgres $(INSTALL_SWIFT_FLAGS)
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(INSTALL_STRIP) .build/$(BUILD)/navsh $(BINDIR)/navsh
	install -m 755 $(INSTALL_STRIP) .build/$(BUILD)/navsh-postgres $(BINDIR)/navsh-postgres
	install -m 644 docs/navsh.1 $(MANDIR)/navsh.1
	.build/$(BUILD)/navsh --generate-completion-script bash > $(BASHDIR)/navsh
	.build/$(BUILD)/navsh --generate-completion-script zsh > $(ZSHDIR)/_navsh
	.build/$(BUILD)/navsh --generate-completion-script fish > $(FISHDIR)/navsh.fish
	@echo "installed navsh in $(BINDIR) (man page, bash/zsh/fish completions under $(DESTDIR)$(PREFIX)/share)"

uninstall:
	rm -f $(INSTALLED)

# The man page, docs/navsh.1, is generated from the same source as --help
# (ArgumentParser's generate-manual reads `navsh --experimental-dump-help`)
# and checked in; `make check-man` (run by .ci/run) fails when it is out of
# date with the options and help text. MAN_DATE is the page's date: fixed,
# so regenerating changes nothing unless the help did.
MAN_DATE ?= 2026-11-23

man:
	$(SWIFT) build --product navsh
	$(SWIFT) build --product generate-manual
	rm -rf .build/man && mkdir -p .build/man
	.build/debug/generate-manual .build/debug/navsh --date $(MAN_DATE) --output-directory .build/man
	cp .build/man/navsh.1 docs/navsh.1

check-man:
	$(SWIFT) build --product navsh
	$(SWIFT) build --product generate-manual
	rm -rf .build/man-check && mkdir -p .build/man-check
	.build/debug/generate-manual .build/debug/navsh --date $(MAN_DATE) --output-directory .build/man-check
	@diff -u docs/navsh.1 .build/man-check/navsh.1 || { echo "docs/navsh.1 is out of date with --help: run make man" >&2; exit 1; }

# docs/commands.md is made from the command table, as `help` words it;
# `make check-docs` (run by .ci/run) also checks the guides against the
# writing rule and the example transcripts (scripts/check-docs).
docs:
	$(SWIFT) build --product navsh
	.build/debug/navsh --experimental-dump-commands > docs/commands.md

check-docs:
	$(SWIFT) build --product navsh
	scripts/check-docs .build/debug/navsh

# make install into a temporary PREFIX, then checks what it installed
# (scripts/test-install.sh). BUILD=debug by default here: it reuses the
# test build instead of spending minutes on a release one.
test-install:
	@NAVSH_NEED_MAN=1 scripts/install-deps.sh
	BUILD=$${BUILD:-debug} scripts/test-install.sh
