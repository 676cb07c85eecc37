#!/usr/bin/env bash
# `import` of ROWS rows (default 100,000) of CSV, and its `--dry-run`,
# against `sqlite3 .import` of the same file into the same schema, the
# median of RUNS (default 3), with each one's peak memory:
#   bench/import.sh [NAVSH] [ROWS] [RUNS]
# NAVSH defaults to the release build (`swift build -c release`), else the
# debug one (say which: debug is several times slower). The ratios are
# navsh's times over sqlite3's, and the dry run's over the real one's;
# bench/README.md says what it measures.
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
"$navsh" "$work/source.db" -c "export --plain $work/rows.csv" >/dev/null

median() { python3 -c "import statistics, sys; print(statistics.median(float(x) for x in sys.argv[1:]))" "$@"; }
# Seconds and peak resident KiB of a command, from GNU time.
timed() {
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null
    cat "$work/time"
}
navsh_times=() dry_times=() sqlite_times=() navsh_kib=() dry_kib=()
for _ in $(seq "$runs"); do
    rm -f "$work/a.db" "$work/b.db" "$work/c.db"
    for db in a b c; do sqlite3 "$work/$db.db" "PRAGMA journal_mode=WAL; $schema" >/dev/null; done
    read -r seconds kib < <(timed "$navsh" "$work/a.db" -c "import $work/rows.csv")
    navsh_times+=("$seconds") navsh_kib+=("$kib")
    read -r seconds kib < <(timed "$navsh" --dry-run "$work/c.db" -c "import $work/rows.csv")
    dry_times+=("$seconds") dry_kib+=("$kib")
    read -r seconds _ < <(timed sqlite3 "$work/b.db" ".import --csv --skip 1 $work/rows.csv t")
    sqlite_times+=("$seconds")
    [ "$(sqlite3 "$work/a.db" 'SELECT count(*) FROM t')" = "$rows" ] || { echo "navsh imported the wrong number of rows" >&2; exit 1; }
    [ "$(sqlite3 "$work/c.db" 'SELECT count(*) FROM t')" = 0 ] || { echo "the dry run wrote rows" >&2; exit 1; }
done
n=$(median "${navsh_times[@]}") d=$(median "${dry_times[@]}") s=$(median "${sqlite_times[@]}")
nk=$(median "${navsh_kib[@]}") dk=$(median "${dry_kib[@]}")
python3 -c "
n, d, s, nk, dk = $n, $d, $s, $nk, $dk
print(f'import of $rows CSV rows ($navsh), median of $runs:')
print(f'  navsh import {n:.2f} s ({nk / 1024:.0f} MiB peak), sqlite3 .import {s:.2f} s: ratio {n / s:.1f}x')
print(f'  navsh --dry-run import {d:.2f} s ({dk / 1024:.0f} MiB peak): {d / n:.2f}x the real import')"
