#!/usr/bin/env bash
# Runs the benchmark against a release build: `make bench`, or, after
# `swift build -c release --static-swift-stdlib --product navsh` and `--product navsh-bench`:
#   bench/run.sh [--rows N] [--small N] [--edits N] [--runs N] [--address row|key] [--only sqlite-pace|million-rows]
# bench/README.md says what each number is and its target.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sqlite3 >/dev/null || { echo "bench needs the sqlite3 CLI: apt-get install sqlite3" >&2; exit 1; }
[ -x .build/release/navsh ] || { echo "no release build: make release (swift build -c release --static-swift-stdlib --product navsh)" >&2; exit 1; }
# The C peer of the "as fast as sqlite3" per-edit row, on the same libsqlite3 GRDB links (the system's).
command -v gcc >/dev/null || { echo "bench needs gcc for bench/edits.c: apt-get install gcc libsqlite3-dev" >&2; exit 1; }
gcc -O2 -o .build/release/bench-edits bench/edits.c -lsqlite3
exec python3 bench/bench.py .build/release/navsh --helper .build/release/navsh-bench \
    --peer .build/release/bench-edits "$@"
