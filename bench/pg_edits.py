#!/usr/bin/env python3
"""Per-edit cost of navsh against PostgreSQL, next to psql doing the same edits.

Usage: bench/pg_edits.py NAVSH_BINARY [--url SERVER_URL] [--rows N] [--edits N]

One navsh script (`--quiet`: psql -q prints nothing either, as in issue
12's bench) opens a row by key, sets a field and saves, EDITS times
(each save one conflict-checked UPDATE in its own transaction); one psql
session runs the same EDITS edits as BEGIN; UPDATE …; COMMIT over the same
connection settings. Prints each one's time per edit and the ratio (issue
13's target: at most 1.5x). Without --url it starts a throwaway server
(scripts/pg-test-server) and removes it after.
"""
import argparse
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--url")
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--edits", type=int, default=500)
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
        with tempfile.TemporaryDirectory() as scratch:
            script = os.path.join(scratch, "edits.nav")
            with open(script, "w") as f:
                f.write("open bench_items\n")
                for n, key in enumerate(keys):
                    f.write(f"open #{key}\nset value {n}\nsave\n")
            sql = os.path.join(scratch, "edits.sql")
            with open(sql, "w") as f:
                for n, key in enumerate(keys):
                    f.write(f"BEGIN; UPDATE bench_items SET value = {n + 1} WHERE id = {key}; COMMIT;\n")
            env = {"HOME": scratch, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"}
            start = time.monotonic()
            result = subprocess.run([options.binary, url, "--quiet", "-f", script], capture_output=True, text=True, env=env)
            navsh_time = time.monotonic() - start
            if result.returncode != 0:
                sys.exit(f"pg_edits: navsh failed: {result.stderr[-500:]}")
            start = time.monotonic()
            psql(url, file=sql)
            psql_time = time.monotonic() - start
        per = lambda seconds: seconds / options.edits * 1000
        print(f"pg_edits: {options.edits} edits on {options.rows} rows")
        print(f"  navsh  {per(navsh_time):7.3f} ms per edit (open #KEY, set, save; one process)")
        print(f"  psql   {per(psql_time):7.3f} ms per edit (BEGIN; UPDATE; COMMIT; one session)")
        print(f"  ratio  {navsh_time / psql_time:.2f}x (target <= 1.5x)")
    finally:
        if server_dir:
            subprocess.run([os.path.join(ROOT, "scripts/pg-test-server"), "stop", server_dir])


if __name__ == "__main__":
    main()
