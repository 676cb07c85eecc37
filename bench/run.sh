#!/usr/bin/env bash
# Runs the benchmark against a release build: `make bench`, or, after
# `swift build -c release` (which builds navsh and bench/navsh-bench):
#   bench/run.sh [--rows N] [--small N] [--edits N] [--runs N] [--address row|key]
# bench/README.md says what each number is and its target.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sqlite3 >/dev/null || { echo "bench needs the sqlite3 CLI: apt-get install sqlite3" >&2; exit 1; }
[ -x .build/release/navsh ] || { echo "no release build: swift build -c release" >&2; exit 1; }
exec python3 bench/bench.py .build/release/navsh --helper .build/release/navsh-bench "$@"
