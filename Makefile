# The front door: `make run` opens navsh on its demo store, `make test` runs
# every test. Both install the system packages navsh needs when missing.
SWIFT ?= swift
PYTHON ?= python3

.PHONY: run test test-steps build deps bench fuzz-smoke clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

run: build
	.build/debug/navsh $(ARGS)

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
	  $(PYTHON) Tests/Stress/pg_faults.py .build/debug/navsh; \
	fi

bench: deps
	$(SWIFT) build -c release
	bench/run.sh

# libFuzzer on the tokenizer and on whole sessions (see Fuzz/run.sh for long runs).
fuzz-smoke: deps
	Fuzz/run.sh smoke

clean:
	rm -rf .build .build-fuzz
