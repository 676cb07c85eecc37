# The front door: `make run` opens navsh on its demo store, `make test` runs
# every test. Both install the system packages navsh needs when missing.
SWIFT ?= swift
PYTHON ?= python3
# The build users get (make run, and what an install copies): optimized, the
# Swift runtime and Foundation linked into the binary, which starts in a
# quarter of the time loading them as shared libraries takes (bench/README.md).
RELEASE_FLAGS ?= -c release --static-swift-stdlib

.PHONY: run test build release deps bench fuzz-smoke clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

# Only the products: the test support target needs the Testing module, which
# a build with the runtime linked statically does not find.
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product navsh

run: release
	.build/release/navsh $(ARGS)

# Swift tests (core, storage, end-to-end on the built binary), the
# pseudo-terminal tests of the interactive prompt, then a short multi-process
# stress run (scripts/stress-lost-updates.sh runs the long one).
test:
	@NAVSH_NEED_PEXPECT=1 scripts/install-deps.sh
	$(SWIFT) build
	$(SWIFT) test
	$(PYTHON) Tests/Interactive/test_prompt.py .build/debug/navsh
	$(PYTHON) Tests/Stress/lost_updates.py .build/debug/navsh --processes 6 --saves 10
	$(PYTHON) Tests/Stress/row_identity.py .build/debug/navsh

bench: release
	$(SWIFT) build $(RELEASE_FLAGS) --product navsh-bench
	bench/run.sh

# libFuzzer on the tokenizer and on whole sessions (see Fuzz/run.sh for long runs).
fuzz-smoke: deps
	Fuzz/run.sh smoke

clean:
	rm -rf .build .build-fuzz
