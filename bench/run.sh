#!/usr/bin/env bash
# Runs the benchmark against a release build: `make bench`, or
# bench/run.sh [--rows N] [--edits N] [--runs N] after `swift build -c release`.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sqlite3 >/dev/null || { echo "bench needs the sqlite3 CLI: apt-get install sqlite3" >&2; exit 1; }
exec python3 bench/bench.py .build/release/navsh "$@"
