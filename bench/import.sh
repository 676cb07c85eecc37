#!/usr/bin/env bash
# `import` of ROWS rows (default 100,000) of CSV against `sqlite3 .import`
# of the same file into the same schema, best of RUNS (default 3):
#   bench/import.sh [NAVSH] [ROWS] [RUNS]
# NAVSH defaults to the release build (`swift build -c release`), else the
# debug one (say which: debug is several times slower). The ratio is
# navsh's time over sqlite3's; bench/README.md says what it measures.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sqlite3 >/dev/null || { echo "bench needs the sqlite3 CLI: apt-get install sqlite3" >&2; exit 1; }
navsh=${1:-}
if [ -z "$navsh" ]; then
    if [ -x .build/release/navsh ]; then navsh=.build/release/navsh; else navsh=.build/debug/navsh; fi
fi
rows=${2:-100000}
runs=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
schema="CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, n INTEGER, r REAL, note TEXT);"
sqlite3 "$work/source.db" "$schema
WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $rows)
INSERT INTO t SELECT i, 'name ' || i || ', \"quoted\"', i * 3, i / 7.0,
  CASE WHEN i % 3 = 0 THEN NULL ELSE 'note ' || i END FROM k;"
"$navsh" "$work/source.db" -c "export $work/rows.csv" >/dev/null

best() { python3 -c "import sys; print(min(float(x) for x in sys.argv[1:]))" "$@"; }
now() { python3 -c "import time; print(time.monotonic())"; }
navsh_times=() sqlite_times=()
for _ in $(seq "$runs"); do
    rm -f "$work/a.db" "$work/b.db"
    sqlite3 "$work/a.db" "PRAGMA journal_mode=WAL; $schema" >/dev/null
    sqlite3 "$work/b.db" "PRAGMA journal_mode=WAL; $schema" >/dev/null
    start=$(now)
    "$navsh" "$work/a.db" -c "import $work/rows.csv" >/dev/null
    end=$(now)
    navsh_times+=("$(python3 -c "print($end - $start)")")
    start=$(now)
    sqlite3 "$work/b.db" ".import --csv --skip 1 $work/rows.csv t"
    end=$(now)
    sqlite_times+=("$(python3 -c "print($end - $start)")")
    [ "$(sqlite3 "$work/a.db" 'SELECT count(*) FROM t')" = "$rows" ] || { echo "navsh imported the wrong number of rows" >&2; exit 1; }
done
n=$(best "${navsh_times[@]}")
s=$(best "${sqlite_times[@]}")
python3 -c "
n, s = $n, $s
print(f'import of $rows CSV rows ($navsh): navsh {n:.2f} s, sqlite3 .import {s:.2f} s, ratio {n / s:.1f}x')"
