#!/usr/bin/env python3
"""navsh against the sqlite3 CLI doing the same work, side by side in one run.

Usage: bench.py PATH/TO/navsh [--rows N] [--small N] [--edits N] [--runs N]
                [--address row|key] [--helper PATH/TO/navsh-bench]

Makes two fresh WAL files, --rows rows (1,000,000 by default: one INSERT
from a recursive CTE, seconds) and --small rows (1,000), and measures, as
medians over --runs runs, the "same speed at a million rows" targets
(--only million-rows):

  edits      per-edit cost of a piped script of --edits random edits
             (open #KEY or open N / set value V / save; sqlite3: UPDATE … WHERE id = K),
             at --rows against --small rows. Per edit = (script − empty
             script) / edits, so process start-up is not spread over edits.
  far rows   `page N` and `open N` (+ `back`) at random places in --rows
             rows, per command in a script, against sqlite3 fetching that
             row by key (SELECT … WHERE id = K) the same way; and once in
             a fresh process (`page LAST`, anchors built from nothing).
  first page `navsh FILE -c show` against `sqlite3 FILE "SELECT … LIMIT 20"`,
             whole processes; and the same less each tool's start-up
             (navsh -c where, sqlite3 SELECT 1), which is the work itself.
  Tab        `open Item 9999<Tab>` through the session's completion API
             (bench/navsh-bench), without an index on the title (a scan
             bounded in time that says when it stopped early) and with one.
  memory     peak RSS (/usr/bin/time -f %M) of the edit script and of the
             first page, --rows against --small.

--address key|row: how the edit script names rows: `open #KEY` (the
default; the way scripts should) or `open N` (row N is id N in
these tables: no row is ever deleted), which reaches far rows by anchors.

Nothing here is a pass/fail timer: it prints numbers to compare between
commits, each with its target.
"""
import argparse
import json
import os
import random
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

SCHEMA = """
PRAGMA journal_mode = WAL;
CREATE TABLE items (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  serial TEXT,
  value INTEGER NOT NULL DEFAULT 0 CHECK (value >= 0),
  created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now'))
);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < {rows})
INSERT INTO items (name, serial, value) SELECT 'Item ' || i, 'SN-' || i, i % 1000 FROM c;
PRAGMA wal_checkpoint(TRUNCATE);
"""
ENV = {"LANG": "C.UTF-8", "HOME": tempfile.gettempdir(), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}


def make_db(path, rows):
    subprocess.run(["sqlite3", path], input=SCHEMA.format(rows=rows), text=True, check=True,
                   stdout=subprocess.DEVNULL)


def timed(cmd, stdin_text=None):
    return timed_cpu(cmd, stdin_text)[0]


def timed_cpu(cmd, stdin_text=None):
    """(wall seconds, CPU seconds: user + system) of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, input=stdin_text, text=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True, env=ENV)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def peak_rss_kib(cmd, stdin_text=None):
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, input=stdin_text, text=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True, env=ENV)
    return int(result.stderr.strip().splitlines()[-1])


def sqlite_first_statement(db, sql):
    """SQLite's time for the first statement on a connection just opened (the
    schema is read then, as navsh's first show reads its page), in seconds:
    through Python's sqlite3 module, in process (the CLI's .timer counts
    whole milliseconds)."""
    connection = sqlite3.connect(db)
    try:
        start = time.perf_counter()
        connection.execute(sql).fetchall()
        return time.perf_counter() - start
    finally:
        connection.close()


def median_of(runs, fn):
    return statistics.median(fn() for _ in range(runs))


def line(label, navsh, peer, unit, target="", scale=1000.0):
    ratio = f"{navsh / peer:6.2f}x" if peer else "      "
    peer_text = f"{peer * scale:10.2f}" if peer else " " * 10
    print(f"{label:<46} {navsh * scale:10.2f} {peer_text} {unit:<4} {ratio}  {target}")


def sqlite_pace(args, navsh, peer, big, small, counter):
    """The "as fast as sqlite3" table: start and quit, the first page, the
    per-edit cost of a script of --script-edits edits against the sqlite3
    CLI (BEGIN; UPDATE; COMMIT) and against bench-edits (the same
    transactions on the SQLite API, statements prepared once), peak RSS."""
    rng = random.Random(12)
    print(f"as fast as sqlite3: navsh vs sqlite3 CLI, {args.small:,} and {args.rows:,} rows, WAL files, median of {args.runs} runs")
    print(f"{'':<46} {'navsh':>10} {'peer':>10} {'':<4} {'ratio':>7}  target")
    start = median_of(args.runs, lambda: timed([navsh, small, "-c", "quit"]))
    sql_start = median_of(args.runs, lambda: timed(["sqlite3", small, ".quit"]))
    line("start and quit (sqlite3 FILE .quit)", start, sql_start, "ms", "≤ 2.5x")
    first = median_of(args.runs, lambda: timed([navsh, small, "-c", "show"]))
    sql_first = median_of(args.runs, lambda: timed(["sqlite3", small, "SELECT * FROM items ORDER BY id LIMIT 20"]))
    line(f"first page, {args.small:,} rows (whole process)", first, sql_first, "ms", "≤ 2.5x")

    # Per edit: (script − empty script) / edits, wall clock and CPU, in
    # turns (navsh, sqlite3, C) so a busy machine slows all alike. Every
    # commit is synced as the file's default says (FULL: one fsync per
    # commit), which dominates the wall clock; CPU is the work itself.
    n = args.script_edits
    keys = [rng.randint(1, args.small) for _ in range(n)]
    tools = {
        "navsh": ([navsh, small, "--quiet"],
                  lambda: "".join(f"open #{k}\nset value {next(counter)}\nsave\n" for k in keys)),
        "navsh (frames laid out)": ([navsh, small],
                                    lambda: "".join(f"open #{k}\nset value {next(counter)}\nsave\n" for k in keys)),
        "sqlite3": (["sqlite3", small],
                    lambda: "".join(f"BEGIN; UPDATE items SET value = {next(counter)} WHERE id = {k}; COMMIT;\n"
                                    for k in keys)),
    }
    if os.path.exists(peer):
        tools["C"] = ([peer, small], lambda: "".join(f"{k} {next(counter)}\n" for k in keys))
    walls = {name: [] for name in tools}
    cpus = {name: [] for name in tools}
    for _ in range(args.runs):
        for name, (cmd, script) in tools.items():
            full_wall, full_cpu = timed_cpu(cmd, script())
            empty_wall, empty_cpu = timed_cpu(cmd, "")
            walls[name].append(max(0.0, full_wall - empty_wall) / n)
            cpus[name].append(max(0.0, full_cpu - empty_cpu) / n)
    wall = {name: statistics.median(v) for name, v in walls.items()}
    cpu = {name: statistics.median(v) for name, v in cpus.items()}
    line(f"per edit, {n:,}-edit script, --quiet vs sqlite3", wall["navsh"], wall["sqlite3"], "ms", "≤ 1.2x (BEGIN; UPDATE; COMMIT)")
    line("  CPU per edit (user + system)", cpu["navsh"], cpu["sqlite3"], "ms")
    line("  frames laid out (no --quiet) vs sqlite3", wall["navsh (frames laid out)"], wall["sqlite3"], "ms")
    line("  CPU per edit, frames laid out", cpu["navsh (frames laid out)"], cpu["sqlite3"], "ms")
    if "C" in tools:
        line("per edit, --quiet vs C on the SQLite API", wall["navsh"], wall["C"], "ms", "≤ 3x (same transactions, pragmas)")
        line("  CPU per edit (user + system)", cpu["navsh"], cpu["C"], "ms")
    else:
        print(f"(no {peer}: bench/run.sh compiles bench/edits.c)")
    for db, rows in ((small, args.small), (big, args.rows)):
        script = "".join(f"open #{rng.randint(1, rows)}\nset value {next(counter)}\nsave\n" for _ in range(200))
        nav = statistics.median(peak_rss_kib([navsh, db], script) for _ in range(3))
        sql = statistics.median(peak_rss_kib(["sqlite3", db, "SELECT * FROM items LIMIT 20"]) for _ in range(3))
        line(f"peak RSS, 200-edit script, {rows:,} rows", nav, sql, "MiB", "≤ 16 MiB", scale=1 / 1024)
    print()


def main():
    parser = argparse.ArgumentParser(description="navsh against the sqlite3 CLI at a million rows (bench/README.md)")
    parser.add_argument("navsh")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--small", type=int, default=1_000)
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--address", choices=["row", "key"], default="key")
    parser.add_argument("--helper", help="navsh-bench (default: next to navsh)")
    parser.add_argument("--peer", help="bench-edits, the C program (bench/edits.c; default: next to navsh)")
    parser.add_argument("--script-edits", type=int, default=1_000, help="edits in the sqlite-pace edit script (1,000)")
    parser.add_argument("--only", choices=["all", "sqlite-pace", "million-rows"], default="all",
                        help='sqlite-pace ("as fast as sqlite3") or million-rows '
                             '("the same speed at a million rows"): only that table')
    args = parser.parse_args()
    navsh = os.path.abspath(args.navsh)
    helper = os.path.abspath(args.helper or os.path.join(os.path.dirname(navsh), "navsh-bench"))
    peer = os.path.abspath(args.peer or os.path.join(os.path.dirname(navsh), "bench-edits"))
    if not shutil.which("sqlite3"):
        sys.exit("bench needs the sqlite3 CLI (apt-get install sqlite3)")

    work = tempfile.mkdtemp(prefix="navsh-bench-")
    try:
        big, small = os.path.join(work, "big.sqlite"), os.path.join(work, "small.sqlite")
        start = time.perf_counter()
        make_db(big, args.rows)
        made = time.perf_counter() - start
        make_db(small, args.small)
        rng = random.Random(42)
        counter = iter(range(1_000, 10**9))

        # Every run writes values no row holds yet: writing a value a row
        # already has costs SQLite no real I/O and would flatter whoever ran second.
        def address(n):
            return f"#{n}" if args.address == "key" else str(n)

        def edit_scripts(rows):
            keys = [rng.randint(1, rows) for _ in range(args.edits)]
            nav = lambda: "".join(f"open {address(n)}\nset value {next(counter)}\nsave\n" for n in keys)
            sql = lambda: "".join(f"UPDATE items SET value = {next(counter)} WHERE id = {n};\n" for n in keys)
            return nav, sql

        def per_command(cmd, script, count, before=""):
            """(script − empty script) / count, medians over runs; `before`
            (lines run first, in both) is left out of the cost."""
            full = median_of(args.runs, lambda: timed(cmd, before + script()))
            empty = median_of(args.runs, lambda: timed(cmd, before))
            return max(0.0, full - empty) / count

        if args.only != "million-rows":
            sqlite_pace(args, navsh, peer, big, small, counter)
        if args.only == "sqlite-pace":
            return

        print(f"navsh vs sqlite3 CLI: {args.rows:,} rows (made in {made:.1f} s) and {args.small:,} rows, WAL files, "
              f"median of {args.runs} runs; edit script: open {'#KEY' if args.address == 'key' else 'N'}")
        print(f"{'':<46} {'navsh':>10} {'sqlite3':>10} {'':<4} {'ratio':>7}  target")

        # Edits: per edit at both sizes, measured in turns (big, small, big,
        # …) so a busy machine slows both alike; the ratio is the median of
        # each turn's ratio.
        scripts = {label: edit_scripts(rows) for label, rows in (("big", args.rows), ("small", args.small))}
        dbs = {"big": big, "small": small}
        turns = {(tool, label): [] for tool in ("navsh", "sqlite3") for label in dbs}
        for _ in range(args.runs):
            for label, db in dbs.items():
                nav, sql = scripts[label]
                for tool, cmd, script in (("navsh", [navsh, db], nav), ("sqlite3", ["sqlite3", db], sql)):
                    full, empty = timed(cmd, script()), timed(cmd, "")
                    turns[(tool, label)].append(max(0.0, full - empty) / args.edits)
        per_edit = {key: statistics.median(values) for key, values in turns.items()}
        for label, rows in (("big", args.rows), ("small", args.small)):
            line(f"per edit, {rows:,} rows", per_edit[("navsh", label)], per_edit[("sqlite3", label)], "ms")
        ratio = statistics.median(b / s for b, s in zip(turns[("navsh", "big")], turns[("navsh", "small")]) if s)
        print(f"{f'per edit, {args.rows:,} vs {args.small:,} rows (navsh)':<46} {'':>10} {'':>10} {'':<4} "
              f"{ratio:6.2f}x  ≤ 1.3x (median of {args.runs} turns)")

        # Far rows: page N and open N anywhere, against a fetch by key. The
        # first far command in a script builds the anchors up to it (one pass
        # over the rows before it, as sqlite3's own OFFSET would step), so
        # the script's per-command cost carries a share of one pass over the
        # table that depends on the script's length; "anchors built" runs the
        # same commands after a `page LAST` and leaves that out: what each
        # command costs once the list is known. `page N` shows 20 rows, so
        # it is also set against sqlite3 reading those 20 rows by key.
        pages = (args.rows + 19) // 20
        # A thousand commands at least: 200 were 8 ms a script, where a
        # process's start varies by a millisecond (±15% a command).
        far = [rng.randint(1, args.rows) for _ in range(max(args.edits, 1000))]
        by_key = per_command(["sqlite3", big],
                             lambda: "".join(f"SELECT * FROM items WHERE id = {n};\n" for n in far), len(far))
        page_by_key = per_command(["sqlite3", big], lambda: "".join(
            f"SELECT * FROM items WHERE id > {(n + 19) // 20 * 20 - 20} ORDER BY id LIMIT 20;\n" for n in far), len(far))
        page_script = lambda: "".join(f"page {(n + 19) // 20}\n" for n in far)
        open_script = lambda: "".join(f"open {n}\nback\n" for n in far)
        page_each = per_command([navsh, big], page_script, len(far))
        open_each = per_command([navsh, big], open_script, len(far))
        page_warm = per_command([navsh, big], page_script, len(far), before=f"page {pages}\n")
        open_warm = per_command([navsh, big], open_script, len(far), before=f"page {pages}\n")
        line("page N anywhere, per command (script)", page_each, by_key, "ms", "≤ 3x (vs by key)")
        line("open N + back anywhere, per pair (script)", open_each, by_key, "ms", "≤ 3x (vs by key)")
        line("  page N, anchors built", page_warm, by_key, "ms", "≤ 3x (vs by key)")
        line("  page N, anchors built, vs its 20 rows by key", page_warm, page_by_key, "ms", "(same rows printed)")
        line("  open N + back, anchors built", open_warm, by_key, "ms", "≤ 3x (vs by key; two commands)")
        cold = median_of(args.runs, lambda: timed([navsh, big, "-c", f"page {pages}"]))
        cold_key = median_of(args.runs, lambda: timed(["sqlite3", big, f"SELECT * FROM items WHERE id = {args.rows}"]))
        line("page LAST, fresh process", cold, cold_key, "ms", "(whole processes)")
        floor = per_command([navsh, big], lambda: "where\n" * len(far), len(far))
        line("  a command that reads nothing (where)", floor, 0, "ms", "(navsh's per-command floor)")
        shown = per_command([navsh, big], lambda: "show\n" * len(far), len(far))
        line("  show, the page cached (layout only)", shown, 0, "ms")

        # First page: whole processes, and less each one's start-up.
        for label, db, rows in (("big", big, args.rows), ("small", small, args.small)):
            nav_first = median_of(args.runs, lambda: timed([navsh, db, "-c", "show"]))
            sql_first = median_of(args.runs, lambda: timed(["sqlite3", db, "SELECT * FROM items ORDER BY id LIMIT 20"]))
            nav_start = median_of(args.runs, lambda: timed([navsh, db, "-c", "where"]))
            sql_start = median_of(args.runs, lambda: timed(["sqlite3", db, "SELECT 1"]))
            line(f"first page, {rows:,} rows (whole process)", nav_first, sql_first, "ms")
            line(f"first page, {rows:,} rows, less start-up", max(0.0, nav_first - nav_start),
                 max(1e-6, sql_first - sql_start), "ms", "≤ 2x" if label == "big" else "")
            line(f"  start-up alone (navsh -c where / SELECT 1)", nav_start, sql_start, "ms")

        # First page inside each process: navsh's first `show` on a store
        # just opened (navsh-bench), SQLite's first statement on a fresh
        # connection: the work itself, without start-up noise.
        if os.path.exists(helper):
            for db, rows in ((big, args.rows), (small, args.small)):
                out = subprocess.run([helper, db, "--first-page", "--runs", "21"], capture_output=True, text=True,
                                     check=True).stdout
                nav_in = json.loads(out)["median_ms"] / 1000
                sql_in = median_of(max(args.runs, 9), lambda: sqlite_first_statement(db, "SELECT * FROM items ORDER BY id LIMIT 20"))
                line(f"first page, {rows:,} rows, in process", nav_in, sql_in, "ms", "≤ 2x" if db == big else "")

        # Tab completion, through the session's API.
        if os.path.exists(helper):
            for label in ("no index on name", "index on name"):
                if label == "index on name":
                    subprocess.run(["sqlite3", big, "CREATE INDEX items_name ON items(name)"], check=True)
                out = subprocess.run([helper, big, "open Item 9999", "--runs", "21"], capture_output=True, text=True,
                                     check=True).stdout
                result = json.loads(out)
                note = (f"{result['candidates']} candidates" + (", stopped early (says so)" if result["stopped_early"] else ""))
                line(f"Tab: open Item 9999, {args.rows:,} rows, {label}", result["median_ms"] / 1000, 0, "ms",
                     f"≤ 10 ms; max {result['max_ms']:.1f} ms; {note}")
        else:
            print(f"(no {helper}: build it with swift build -c release for the Tab numbers)")

        # Memory: the same work at both sizes.
        rss = {}
        for label, db, rows in (("big", big, args.rows), ("small", small, args.small)):
            nav, _ = edit_scripts(rows)
            rss[label] = (peak_rss_kib([navsh, db], nav()), peak_rss_kib(["sqlite3", db, "SELECT * FROM items LIMIT 20"]))
            line(f"peak RSS, edit script, {rows:,} rows", rss[label][0], rss[label][1], "MiB", scale=1 / 1024)
        line(f"peak RSS, {args.rows:,} vs {args.small:,} rows (navsh)", rss["big"][0], rss["small"][0], "MiB", "≤ 1.2x",
             scale=1 / 1024)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
