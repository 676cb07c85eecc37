#!/usr/bin/env python3
"""`import FILE --update` beside sqlite3 doing the same with `.import` and one UPDATE … FROM.

Usage: bench/update.py NAVSH_BINARY [--rows N] [--runs N]

Makes a SQLite file of ROWS tracks and exports it with navsh (its
`navsh_version` column included), then fixes one field in every row of
the file, as a spreadsheet would. RUNS times each, on a fresh copy of
the file: navsh running `import FILE --update`, and the sqlite3 CLI
running `.import` of the same file into a temporary table and one
`UPDATE … FROM` by key. Prints the medians, the median of the pair
ratios (target: at most 2x) and each side's peak RSS.
"""
import argparse
import csv
import os
import shutil
import sqlite3
import subprocess
import tempfile

from processes import make_tracks, report, timed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        original = os.path.join(scratch, "tracks.sqlite")
        make_tracks(original, options.rows, lambda i: f"Composer {i % 997}")
        exported = os.path.join(scratch, "tracks.csv")
        subprocess.run([options.binary, original, "-c", "open tracks", "-c", f"export {exported}"],
                       check=True, stdout=subprocess.DEVNULL)
        fixed = os.path.join(scratch, "fixed.csv")
        with open(exported, newline="") as source, open(fixed, "w", newline="") as target:
            rows = csv.reader(source)
            out = csv.writer(target, lineterminator="\r\n")
            header = next(rows)
            out.writerow(header)
            composer = header.index("composer")
            for row in rows:
                row[composer] = row[composer].replace("Composer", "Writer")
                out.writerow(row)
        peer = (".mode csv\n.import " + fixed + " fixed\n"
                "UPDATE tracks SET composer = fixed.composer FROM fixed WHERE tracks.id = CAST(fixed.id AS INTEGER);\n")
        work = os.path.join(scratch, "work.sqlite")
        runs = []
        for _ in range(options.runs):
            shutil.copyfile(original, work)
            navsh = timed([options.binary, work, "-c", "open tracks", "-c", f"import {fixed} --update"],
                          name="bench/update.py")
            shutil.copyfile(original, work)
            sqlite = timed(["sqlite3", work], stdin=peer, name="bench/update.py")
            runs.append((navsh, sqlite))
        check = sqlite3.connect(work)
        changed = check.execute("SELECT count(*) FROM tracks WHERE composer LIKE 'Writer%'").fetchone()[0]
        check.close()
        if changed != options.rows:
            raise SystemExit(f"bench/update.py: sqlite3 changed {changed} rows, not {options.rows}")
        report("bench/update.py", f"{options.rows:,} rows, every one changed", runs,
               "navsh import --update", "sqlite3 .import + UPDATE")

if __name__ == "__main__":
    main()
