#!/usr/bin/env python3
"""Per-edit cost of navsh against PostgreSQL, next to psql doing the same edits.

Usage: bench/pg_edits.py NAVSH_BINARY [--url SERVER_URL] [--rows N] [--edits N] [--runs N]

One navsh script (`--quiet`: psql -q prints nothing either, as in issue
12's bench) opens a row by key, sets a field and saves, EDITS times
(each save one conflict-checked UPDATE in its own transaction); one psql
session runs the same EDITS edits as BEGIN; UPDATE …; COMMIT over the same
connection settings. The two run in turn, RUNS times each (every navsh run
writes values no row holds yet); prints each one's median time per edit,
wall clock and CPU (user + system of the client process), and the ratios
(issue 13's target: at most 1.5x, wall clock). Without --url it starts a throwaway server
(scripts/pg-test-server) and removes it after.
"""
import argparse
import statistics
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def psql(url, sql=None, file=None):
    command = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-A", "-t", "-d", url]
    command += ["-f", file] if file else ["-c", sql]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def timed(command, env, name):
    """Wall clock and CPU (user + system) of one run of `command`."""
    before = os.times()
    start = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    wall = time.monotonic() - start
    after = os.times()
    if result.returncode != 0:
        sys.exit(f"pg_edits: {name} failed: {result.stderr[-500:]}")
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--url")
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--edits", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    server_dir = None
    url = options.url
    if not url:
        started = subprocess.run([os.path.join(ROOT, "scripts/pg-test-server"), "start"], capture_output=True,
                                 text=True, check=True)
        env = dict(line.removeprefix("export ").split("=", 1) for line in started.stdout.splitlines())
        url, server_dir = env["NAVSH_TEST_POSTGRES_URL"].strip("'"), env["NAVSH_TEST_POSTGRES_DIR"].strip("'")
    try:
        psql(url, "DROP TABLE IF EXISTS bench_items, bench_notes")
        psql(url, "CREATE TABLE bench_items (id integer PRIMARY KEY, name text NOT NULL, value integer);"
                  "CREATE TABLE bench_notes (id integer PRIMARY KEY)")
        psql(url, f"INSERT INTO bench_items SELECT i, 'Item ' || i, i FROM generate_series(1, {options.rows}) i")
        keys = [1 + (i * 7919) % options.rows for i in range(options.edits)]
        navsh_runs, psql_runs = [], []
        with tempfile.TemporaryDirectory() as scratch:
            env = {"HOME": scratch, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"}
            for run in range(options.runs):
                base = (run + 1) * options.edits * 2
                script = os.path.join(scratch, "edits.nav")
                with open(script, "w") as f:
                    f.write("open bench_items\n")
                    for n, key in enumerate(keys):
                        f.write(f"open #{key}\nset value {base + n}\nsave\n")
                sql = os.path.join(scratch, "edits.sql")
                with open(sql, "w") as f:
                    for n, key in enumerate(keys):
                        f.write(f"BEGIN; UPDATE bench_items SET value = {base + options.edits + n} WHERE id = {key}; COMMIT;\n")
                navsh_runs.append(timed([options.binary, url, "--quiet", "-f", script], env, "navsh"))
                psql_runs.append(timed(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-f", sql], env, "psql"))
        per = lambda seconds: seconds / options.edits * 1000
        navsh_wall, navsh_cpu = (statistics.median(r[i] for r in navsh_runs) for i in (0, 1))
        psql_wall, psql_cpu = (statistics.median(r[i] for r in psql_runs) for i in (0, 1))
        print(f"pg_edits: {options.edits} edits on {options.rows} rows, median of {options.runs} runs each")
        print(f"  navsh  {per(navsh_wall):7.3f} ms per edit, CPU {per(navsh_cpu):.3f} (open #KEY, set, save; one process)")
        print(f"  psql   {per(psql_wall):7.3f} ms per edit, CPU {per(psql_cpu):.3f} (BEGIN; UPDATE; COMMIT; one session)")
        print(f"  ratio  {navsh_wall / psql_wall:.2f}x wall (target <= 1.5x), {navsh_cpu / psql_cpu:.2f}x CPU")
    finally:
        if server_dir:
            subprocess.run([os.path.join(ROOT, "scripts/pg-test-server"), "stop", server_dir])


if __name__ == "__main__":
    main()
