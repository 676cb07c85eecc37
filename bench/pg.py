#!/usr/bin/env python3
"""navsh against PostgreSQL beside psql: start-up, first page and per edit.

Usage: bench/pg.py NAVSH_BINARY [--url SERVER_URL] [--rows N] [--small N] [--edits N] [--runs N] [--only WHAT]
                   [--batch-rows N]

Every row times navsh and psql in turn on the same server, RUNS pairs,
and prints each one's median and the median of the pair ratios:

- start-up: `navsh URL -c quit` (connects, reads the schema) against
  `psql -c '\\q'` (connects). Target <= 1.5x.
- first page, SMALL and ROWS rows: `navsh URL -c "open TABLE"` (the list's
  first 20 rows, laid out) against `psql -c "SELECT * FROM TABLE ORDER BY
  id LIMIT 20"`, whole processes. Target at ROWS: <= 2x, and flat from
  SMALL to ROWS.
- per edit: one navsh script (`--quiet`, as psql -q prints nothing) doing
  EDITS times `open #KEY`, `set value V`, `save` (each save one
  conflict-checked UPDATE in its own transaction) against one psql session
  running `BEGIN; UPDATE ...; COMMIT;` EDITS times; wall clock and CPU
  (user + system of the client process). Target <= 1.15x.
- batch: a table of BATCH_ROWS tracks, one in ten with a misspelt
  composer; navsh's script `where composer = …`, `open *`, `set
  composer …`, `save` against psql's one `UPDATE … WHERE composer = …`.
  The misspelling is put back before each run, untimed. Target <= 2x.

Without --url it starts a throwaway server (scripts/pg-test-server) and
removes it after. Every navsh edit run writes values no row holds yet.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def psql(url, sql):
    command = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-A", "-t", "-d", url, "-c", sql]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def timed(command, env, name):
    """Wall clock and CPU (user + system) of one run of `command`."""
    before = os.times()
    start = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    wall = time.monotonic() - start
    after = os.times()
    if result.returncode != 0:
        sys.exit(f"bench/pg.py: {name} failed: {result.stderr[-500:]}")
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def pairs(runs, navsh, peer):
    """RUNS (navsh, peer) pairs of (wall, cpu), run in turn."""
    return [(navsh(), peer()) for _ in range(runs)]


def report(label, measured, target, scale=1000.0, unit="ms", per=1):
    navsh = statistics.median(n[0] for n, _ in measured) / per * scale
    peer = statistics.median(p[0] for _, p in measured) / per * scale
    ratio = statistics.median(n[0] / p[0] for n, p in measured)
    cpu = statistics.median(n[1] / max(p[1], 1e-9) for n, p in measured)
    print(f"  {label:<28} navsh {navsh:8.3f} {unit}  psql {peer:8.3f} {unit}  ratio {ratio:5.2f}x"
          f"  (CPU {cpu:4.2f}x)  target {target}")
    return ratio


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--url")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--small", type=int, default=1_000)
    parser.add_argument("--edits", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--batch-rows", type=int, default=1_000_000)
    parser.add_argument("--only", choices=["startup", "page", "edits", "batch"])
    options = parser.parse_args()
    server_dir = None
    url = options.url
    if not url:
        started = subprocess.run([os.path.join(ROOT, "scripts/pg-test-server"), "start"], capture_output=True,
                                 text=True, check=True)
        env = dict(line.removeprefix("export ").split("=", 1) for line in started.stdout.splitlines())
        url, server_dir = env["NAVSH_TEST_POSTGRES_URL"].strip("'"), env["NAVSH_TEST_POSTGRES_DIR"].strip("'")
    try:
        for table, rows in (("bench_small", options.small), ("bench_items", options.rows)):
            psql(url, f"DROP TABLE IF EXISTS {table}")
            psql(url, f"CREATE TABLE {table} (id integer PRIMARY KEY, name text NOT NULL, value integer)")
            psql(url, f"INSERT INTO {table} SELECT i, 'Item ' || i, i FROM generate_series(1, {rows}) i")
            psql(url, f"VACUUM ANALYZE {table}")
        with tempfile.TemporaryDirectory() as scratch:
            env = {"HOME": scratch, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"}
            quiet = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url]
            print(f"bench/pg.py: median of {options.runs} pairs, navsh and psql in turn")
            if options.only in (None, "startup"):
                report("start and quit", pairs(options.runs,
                       lambda: timed([options.binary, url, "-c", "quit"], env, "navsh"),
                       lambda: timed(quiet + ["-c", "\\q"], env, "psql")), "<= 1.5x")
            if options.only in (None, "page"):
                for table, rows in (("bench_small", options.small), ("bench_items", options.rows)):
                    report(f"first page, {rows:,} rows", pairs(options.runs,
                           lambda: timed([options.binary, url, "-c", f"open {table}"], env, "navsh"),
                           lambda: timed(quiet + ["-A", "-c", f"SELECT * FROM {table} ORDER BY id LIMIT 20"], env, "psql")),
                           "<= 2x" if rows == options.rows else "(flat)")
            if options.only in (None, "edits"):
                keys = [1 + (i * 7919) % options.small for i in range(options.edits)]
                script, sql = os.path.join(scratch, "edits.nav"), os.path.join(scratch, "edits.sql")
                runs = []
                for run in range(options.runs):
                    base = (run + 1) * options.edits * 2 + 10 * options.rows
                    with open(script, "w") as f:
                        f.write("open bench_small\n" + "".join(f"open #{key}\nset value {base + n}\nsave\n" for n, key in enumerate(keys)))
                    with open(sql, "w") as f:
                        f.write("".join(f"BEGIN; UPDATE bench_small SET value = {base + options.edits + n} WHERE id = {key}; COMMIT;\n"
                                        for n, key in enumerate(keys)))
                    runs.append((timed([options.binary, url, "--quiet", "-f", script], env, "navsh"),
                                 timed(quiet + ["-f", sql], env, "psql")))
                report("per edit", runs, "<= 1.15x", per=options.edits)
            if options.only in (None, "batch"):
                batch(options, url, env, quiet)
    finally:
        if server_dir:
            subprocess.run([os.path.join(ROOT, "scripts/pg-test-server"), "stop", server_dir])


WRONG, RIGHT = "Jimmy Page/Robert Plnt", "Jimmy Page/Robert Plant"


def batch(options, url, env, quiet):
    """A batch set on one row in ten beside psql's one UPDATE."""
    rows = options.batch_rows
    psql(url, "DROP TABLE IF EXISTS bench_tracks")
    psql(url, "CREATE TABLE bench_tracks (id integer PRIMARY KEY, name text NOT NULL, composer text, ms integer NOT NULL)")
    psql(url, f"INSERT INTO bench_tracks SELECT i, 'Track ' || i, 'Composer ' || (i % 997), 180000 + i % 120000 "
              f"FROM generate_series(1, {rows}) i")
    with tempfile.TemporaryDirectory() as scratch:
        script = os.path.join(scratch, "batch.nav")
        with open(script, "w") as f:
            f.write(f'open bench_tracks\nwhere composer = "{WRONG}"\nopen *\nset composer {RIGHT}\nsave\n')
        misspell = f"UPDATE bench_tracks SET composer = '{WRONG}' WHERE id % 10 = 0"
        runs = []
        for _ in range(options.runs):
            psql(url, misspell)
            psql(url, "VACUUM ANALYZE bench_tracks")
            navsh = timed([options.binary, url, "--quiet", "-f", script], env, "navsh")
            psql(url, misspell)
            psql(url, "VACUUM ANALYZE bench_tracks")
            peer = timed(quiet + ["-c", f"UPDATE bench_tracks SET composer = '{RIGHT}' WHERE composer = '{WRONG}'"],
                         env, "psql")
            runs.append((navsh, peer))
        report(f"batch, {rows // 10:,} of {rows:,} rows", runs, "<= 2x")


if __name__ == "__main__":
    main()
