#!/usr/bin/env python3
"""`find` with text beyond ASCII against `find` with ASCII text, and sqlite3's LIKE.

Usage: bench/find.py NAVSH_BINARY [--rows N] [--runs N]

Makes a SQLite file of ROWS people (names, cities, notes; one in fifty
a Müller, one in fifty a Muller) and times, in turn, RUNS times each:
`navsh FILE -c "open people" -c "find müller"`, the same with `find
muller`, and the sqlite3 CLI's `SELECT count(*) … LIKE '%muller%'` over
the same columns. Prints medians and the median of the pair ratios.
Target: the non-ASCII find at most 2x the ASCII one. Each process's
start-up (`-c quit`) is measured too and left out of the ratio.
"""
import argparse
import os
import sqlite3
import statistics
import subprocess
import tempfile
import time


def timed(command):
    start = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"bench/find.py: {command[0]} failed: {result.stderr[-300:]}")
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--rows", type=int, default=40_000)
    parser.add_argument("--runs", type=int, default=11)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "people.sqlite")
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE people (id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, city TEXT, notes TEXT)")
        last = ["Smith", "Jones", "Garcia", "Nguyen", "Okafor", "Rossi", "Dubois", "Kowalski", "Tanaka", "Silva"]
        db.executemany("INSERT INTO people VALUES (?, ?, ?, ?, ?)", [
            (i, f"Person{i}", "Müller" if i % 50 == 0 else "Muller" if i % 50 == 1 else last[i % 10],
             ["Berlin", "Zürich", "Lyon", "Porto", "Oslo"][i % 5], f"customer since {2000 + i % 25}")
            for i in range(1, options.rows + 1)])
        db.commit()
        db.close()
        navsh = lambda *commands: [options.binary, path] + [arg for c in commands for arg in ("-c", c)]
        like = ("SELECT count(*) FROM people WHERE first_name LIKE '%muller%' OR last_name LIKE '%muller%'"
                " OR city LIKE '%muller%' OR notes LIKE '%muller%'")
        runs = []
        for _ in range(options.runs):
            runs.append((timed(navsh("quit")), timed(navsh("open people", "find müller")),
                         timed(navsh("open people", "find muller")), timed(["sqlite3", path, like])))
        start = statistics.median(r[0] for r in runs)
        wide = statistics.median(r[1] for r in runs)
        ascii_ = statistics.median(r[2] for r in runs)
        peer = statistics.median(r[3] for r in runs)
        ratio = statistics.median((r[1] - r[0]) / max(r[2] - r[0], 1e-6) for r in runs)
        print(f"bench/find.py: {options.rows:,} rows, median of {options.runs} runs, whole processes")
        print(f"  navsh start and quit   {start * 1000:8.1f} ms")
        print(f"  find müller            {wide * 1000:8.1f} ms")
        print(f"  find muller            {ascii_ * 1000:8.1f} ms")
        print(f"  sqlite3 LIKE           {peer * 1000:8.1f} ms")
        print(f"  ratio, start-up left out: {ratio:.2f}x (target <= 2x)")


if __name__ == "__main__":
    main()
