#!/usr/bin/env python3
"""A batch `set` (`open *`) beside the sqlite3 CLI's one UPDATE doing the same.

Usage: bench/batch.py NAVSH_BINARY [--rows N] [--every K] [--runs N]

Makes a SQLite file of ROWS tracks, one in EVERY with a misspelt composer,
and times, RUNS times each on a fresh copy of the file: navsh running
`where composer = …`, `open *`, `set composer …`, `save` as a script,
and the sqlite3 CLI running `UPDATE … WHERE composer = …`. Prints the
medians, the median of the pair ratios (target: at most 2x) and each
side's peak RSS. Then `open *` on every row of the table, for its peak
RSS (target: at most 64 MiB).
"""
import argparse
import os
import shutil
import tempfile

from processes import make_tracks, report, timed

WRONG = "Jimmy Page/Robert Plnt"
RIGHT = "Jimmy Page/Robert Plant"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        original = os.path.join(scratch, "tracks.sqlite")
        make_tracks(original, options.rows, lambda i: WRONG if i % options.every == 0 else f"Composer {i % 997}")
        work = os.path.join(scratch, "work.sqlite")
        script = os.path.join(scratch, "batch.nav")
        with open(script, "w") as f:
            f.write(f'where composer = "{WRONG}"\nopen *\nset composer {RIGHT}\nsave\n')
        update = f"UPDATE tracks SET composer = '{RIGHT}' WHERE composer = '{WRONG}'"
        runs = []
        for _ in range(options.runs):
            shutil.copyfile(original, work)
            navsh = timed([options.binary, work, "-f", script], name="bench/batch.py")
            shutil.copyfile(original, work)
            peer = timed(["sqlite3", work, update], name="bench/batch.py")
            runs.append((navsh, peer))
        changed = options.rows // options.every
        report("bench/batch.py", f"{options.rows:,} rows, {changed:,} changed", runs,
               "navsh open * / set / save", "sqlite3 UPDATE … WHERE")
        shutil.copyfile(original, work)
        _, whole = timed([options.binary, work, "-c", "open tracks", "-c", "open *"], name="bench/batch.py")
        print(f"  open * on all {options.rows:,} rows: peak RSS {whole:.1f} MiB (target <= 64 MiB)")


if __name__ == "__main__":
    main()
