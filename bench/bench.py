#!/usr/bin/env python3
"""navsh against the sqlite3 CLI doing the same work, side by side in one run.

Usage: bench.py PATH/TO/navsh [--rows N] [--edits N] [--runs N]

Measures, on a fresh table of --rows rows:
  startup   open the file and print the first page (navsh -c show vs sqlite3 SELECT … LIMIT 20)
  edits     --edits saves of one field each, one transaction per save, from a piped script
            (navsh: open N / set value V / save; sqlite3: UPDATE … WHERE id = N, autocommit)
  memory    peak RSS showing the first page and the last page, on a small and on the big table
Reports medians over --runs runs and navsh/sqlite3 ratios. Nothing here is a
pass/fail timer: it prints numbers to compare between commits.
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

SCHEMA = """
CREATE TABLE items (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  serial TEXT,
  value INTEGER NOT NULL DEFAULT 0 CHECK (value >= 0),
  created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now'))
);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < {rows})
INSERT INTO items (name, serial, value) SELECT 'Item ' || i, 'SN-' || i, i % 1000 FROM c;
"""


def make_db(path, rows):
    subprocess.run(["sqlite3", path], input=SCHEMA.format(rows=rows), text=True, check=True)


def timed(cmd, stdin_text=None):
    start = time.perf_counter()
    subprocess.run(cmd, input=stdin_text, text=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True, env={"LANG": "C.UTF-8", "HOME": tempfile.gettempdir()})
    return time.perf_counter() - start


def peak_rss_kib(cmd, stdin_text=None):
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, input=stdin_text, text=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True)
    return int(result.stderr.strip().splitlines()[-1])


def median_of(runs, fn):
    return statistics.median(fn() for _ in range(runs))


def row(label, navsh, peer, unit, scale=1.0):
    ratio = navsh / peer if peer else float("nan")
    print(f"{label:<34} {navsh * scale:>10.1f} {peer * scale:>10.1f} {unit:<5} {ratio:>6.2f}x")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("navsh")
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--edits", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    navsh = os.path.abspath(args.navsh)
    if not shutil.which("sqlite3"):
        sys.exit("bench needs the sqlite3 CLI (apt-get install sqlite3)")

    work = tempfile.mkdtemp(prefix="navsh-bench-")
    try:
        big = os.path.join(work, "big.sqlite")
        small = os.path.join(work, "small.sqlite")
        make_db(big, args.rows)
        make_db(small, 1_000)
        rng = random.Random(42)
        rows_to_edit = [rng.randint(1, args.rows) for _ in range(args.edits)]
        counter = iter(range(1_000, 10**9))

        # Every run writes values no row holds yet: writing a value a row
        # already has costs SQLite no real I/O and would flatter whoever ran second.
        def nav_script():
            return "".join(f"open {n}\nset value {next(counter)}\nsave\n" for n in rows_to_edit)

        def sql_script():
            return "".join(f"UPDATE items SET value = {next(counter)} WHERE id = {n};\n" for n in rows_to_edit)
        last_page = (args.rows + 19) // 20

        print(f"navsh vs sqlite3 CLI: {args.rows:,} rows, {args.edits} edits, median of {args.runs} runs")
        print(f"{'':<34} {'navsh':>10} {'sqlite3':>10} {'':<5} {'ratio':>7}")
        row("startup + first page", median_of(args.runs, lambda: timed([navsh, big, "-c", "show"])),
            median_of(args.runs, lambda: timed(["sqlite3", big, "SELECT * FROM items ORDER BY id LIMIT 20"])),
            "ms", 1000)
        nav_edits = median_of(args.runs, lambda: timed([navsh, big], nav_script()))
        sql_edits = median_of(args.runs, lambda: timed(["sqlite3", big], sql_script()))
        row(f"{args.edits} saves (one txn each)", nav_edits, sql_edits, "ms", 1000)
        row("  per save", nav_edits / args.edits, sql_edits / args.edits, "ms", 1000)
        row("last page", median_of(args.runs, lambda: timed([navsh, big, "-c", f"page {last_page}"])),
            median_of(args.runs, lambda: timed(
                ["sqlite3", big, f"SELECT * FROM items ORDER BY id LIMIT 20 OFFSET {(last_page - 1) * 20}"])),
            "ms", 1000)
        for label, db in (("peak RSS, first page, 1,000 rows", small), (f"peak RSS, first page, {args.rows:,} rows", big)):
            row(label, peak_rss_kib([navsh, db, "-c", "show"]),
                peak_rss_kib(["sqlite3", db, "SELECT * FROM items ORDER BY id LIMIT 20"]), "MiB", 1 / 1024)
        row(f"peak RSS, last page, {args.rows:,} rows",
            peak_rss_kib([navsh, big, "-c", f"page {last_page}"]),
            peak_rss_kib(["sqlite3", big, f"SELECT * FROM items ORDER BY id LIMIT 20 OFFSET {(last_page - 1) * 20}"]),
            "MiB", 1 / 1024)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
