#!/usr/bin/env python3
"""Many processes saving the same few rows: no save may overwrite a value its process was not shown.

Usage: lost_updates.py NAVSH_BINARY [--processes N] [--saves M] [--rows R] [--seed S] [--max-sleep SECONDS]
                        [--postgres SERVER_URL] [--failovers K]

With --failovers K the rows live on a primary and a synchronous standby
that scripts/pg-test-server starts; every navsh opens both hosts, and the
primary crashes K times while the workers save (the lost node rejoins as a
standby each time). A save said done must be in the audit log once; one
said refused must not be there.

With --postgres the rows live in a database of their own on that
server (created and dropped with psql), the audit trigger is PL/pgSQL, and
every navsh opens the database's URL: the same checks hold there.

What it proves (no lost updates under load): a save's expectation is
the values the user was shown. A temporary WAL database holds 5 rows
`items(id, name, value, writer)`; an AFTER UPDATE trigger writes every
committed change into `audit(seq, row_id, old_value, new_value, writer)`.
N workers run at once, each making M save attempts on a random row with a
value and a writer tag (`wI:J`) no other attempt uses, in two patterns:

- pipe: one long-lived `navsh --keep-going --echo` per worker on pipes.
  `open K` (the record shows `value`), a random sleep while other workers
  commit, `set value V`, `set writer wI:J`, `save`. A refused save must
  print an error; the worker then `cancel`s and goes on.
- -c: one `navsh FILE -c 'open items' -c 'open K' -c 'set value V' ...
  -c save` per attempt. A refused save must exit non-zero.

The value a worker was SHOWN is the last `value` printed for that row by
`open`/`show`, or by a `value: A → B (changed elsewhere)` notice. At the
end, from the audit log:

- every save reported as saved has its audit row, and that row's old value
  is the value the worker was shown; otherwise it overwrote a value its
  process never showed: a lost update (a violation);
- no save reported as refused (or that never reported) wrote anything;
- every refused -c save exited non-zero, every saved one exited 0.

Prints a summary and exits 1 on any violation. A correct navsh passes
every run; timing changes only how many saves are refused.
"""
import argparse
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from navsh_pipe import TIMEOUT, Coprocess, NavshDied, environment  # noqa: E402

ROWS = 5
POSTGRES_SCHEMA = """
CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL, value bigint, writer text);
CREATE TABLE audit (seq bigserial PRIMARY KEY, row_id integer, old_value bigint, new_value bigint, writer text);
CREATE FUNCTION items_audit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO audit (row_id, old_value, new_value, writer) VALUES (old.id, old.value, new.value, new.writer);
    RETURN new;
END $$;
CREATE TRIGGER items_audit AFTER UPDATE ON items FOR EACH ROW EXECUTE FUNCTION items_audit();
"""
SCHEMA = """
CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, value INTEGER, writer TEXT);
CREATE TABLE audit (seq INTEGER PRIMARY KEY, row_id INTEGER, old_value INTEGER,
                    new_value INTEGER, writer TEXT);
CREATE TRIGGER items_audit AFTER UPDATE ON items BEGIN
    INSERT INTO audit (row_id, old_value, new_value, writer)
    VALUES (old.id, old.value, new.value, new.writer);
END;
"""

# A record frame's field line ("   value  120", maybe with a note after it),
# and the notice a frame prints when it takes values committed elsewhere.
VALUE_LINE = re.compile(r"^ +value +(-?\d+)(?: |$)", re.MULTILINE)
NOTICE = re.compile(r"\bvalue: (-?\d+|NULL) (?:→|->) (-?\d+) \(changed elsewhere\)")
SAVED = re.compile(r"^saved ", re.MULTILINE)


def psql(url, sql):
    """Runs SQL with psql (stopping at the first error); returns its unaligned rows."""
    result = subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-A", "-t", "-F", "|", "-d", url, "-c", sql],
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"lost_updates: psql failed: {result.stderr.strip()}")
    return [line.split("|") for line in result.stdout.splitlines() if line]


def database_url(server, name):
    """The server's URL naming database `name` instead."""
    from urllib.parse import urlsplit, urlunsplit
    parts = urlsplit(server)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


def create_postgres_database(server, name):
    psql(server, f"CREATE DATABASE {name}")
    url = database_url(server, name)
    psql(url, POSTGRES_SCHEMA)
    rows = ", ".join(f"({i}, 'row{i}', {100 * i}, 'init')" for i in range(1, ROWS + 1))
    psql(url, f"INSERT INTO items (id, name, value, writer) VALUES {rows}")
    return url


def int_or_none(text):
    return None if text == "" else int(text)


def create_database(path):
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode = WAL")
        db.executescript(SCHEMA)
        db.executemany("INSERT INTO items (id, name, value, writer) VALUES (?, ?, ?, 'init')",
                       [(i, f"row{i}", 100 * i) for i in range(1, ROWS + 1)])
    # Leave the file in WAL mode; navsh opens it as the users' files are opened.


def shown_value(text, shown):
    """The last value of `value` that `text` showed, else `shown`."""
    events = [(m.start(), int(m.group(1))) for m in VALUE_LINE.finditer(text)]
    events += [(m.start(), int(m.group(2))) for m in NOTICE.finditer(text)]
    return max(events)[1] if events else shown


class Attempt:
    def __init__(self, worker, number, pattern, row, value):
        self.worker, self.number, self.pattern = worker, number, pattern
        self.row, self.value = row, value
        self.tag = f"w{worker}:{number}"
        self.shown = None       # the value this worker was last shown for the row before saving
        self.outcome = None     # "saved", "refused", "open failed", or a problem (see PROBLEMS)
        self.detail = ""
        self.status = None      # exit status (-c pattern)
        self.said = ""          # what navsh printed for the save, for a violation's report


# Outcomes that are violations by themselves (whatever the audit log says).
PROBLEMS = {"no report", "saved and refused", "saved with exit status",
            "set failed", "navsh died", "shown no value"}


class Worker(threading.Thread):
    """One simulated user: a pipe coprocess plus occasional one-shot -c runs."""

    def __init__(self, index, options, database, home):
        super().__init__(daemon=True)
        self.index, self.options, self.database, self.home = index, options, database, home
        self.random = random.Random(f"{options.seed}:{index}")
        self.attempts = []
        self.navsh = None
        self.list_prompt = None
        self.error = None

    def run(self):
        try:
            self.attempt_all()
        except Exception as error:  # a harness bug must fail the run, not shorten it
            self.error = repr(error)
            self.stop_navsh()

    def attempt_all(self):
        for number in range(1, self.options.saves + 1):
            pattern = "-c" if self.random.random() < 0.25 else "pipe"
            row = self.random.randint(1, ROWS)
            value = 1_000_000 * (self.index + 1) + number  # unique across all attempts
            attempt = Attempt(self.index, number, pattern, row, value)
            self.attempts.append(attempt)
            try:
                (self.one_shot if pattern == "-c" else self.through_pipe)(attempt)
            except NavshDied as error:
                attempt.outcome, attempt.detail = "navsh died", str(error)[-300:]
                self.stop_navsh()
        self.stop_navsh()

    def start_navsh(self):
        self.navsh = Coprocess(self.options.binary, self.database, self.home)
        reply = self.navsh.run("open items")
        if reply.failed():
            raise NavshDied(f"open items: {reply.errors}")
        self.list_prompt = reply.prompt

    def stop_navsh(self):
        if self.navsh:
            self.navsh.process.kill()
            self.navsh.process.wait()
            self.navsh = None

    def through_pipe(self, attempt):
        if self.navsh is None:
            self.start_navsh()
        navsh = self.navsh
        reply = navsh.run(f"open {attempt.row}")
        if reply.failed():
            # Allowed: a list may refuse a row number once it changed. Show it again and go on.
            attempt.outcome, attempt.detail = "open failed", "; ".join(reply.errors[0])
            self.back_to_list(reply.prompt, failed=True)
            return
        attempt.shown = shown_value(reply.stdout[0], None)
        if attempt.shown is None:
            attempt.outcome, attempt.detail = "shown no value", reply.stdout[0][-300:]
            self.back_to_list()
            return
        time.sleep(self.random.uniform(0, self.options.max_sleep))  # others commit meanwhile
        if self.random.random() < 0.2:
            attempt.shown = shown_value(navsh.run("show").stdout[0], attempt.shown)
        reply = navsh.run(f"set value {attempt.value}", f"set writer {attempt.tag}", "save")
        # A notice printed by the `set` lines was shown before the save ran.
        attempt.shown = shown_value(reply.stdout[0] + reply.stdout[1], attempt.shown)
        saved, refused = bool(SAVED.search(reply.stdout[2])), reply.failed(2)
        # What navsh said, for a violation's report: the save's output and its notices.
        attempt.said = (reply.stdout[2] + " ".join(reply.errors[2] + reply.notices[2])).strip()[-400:]
        if reply.failed(0) or reply.failed(1):
            attempt.outcome, attempt.detail = "set failed", "; ".join(reply.errors[0] + reply.errors[1])
        elif saved and refused:
            attempt.outcome = "saved and refused"
        elif saved:
            attempt.outcome = "saved"
        elif refused:
            attempt.outcome, attempt.detail = "refused", reply.errors[2][0]
        else:
            attempt.outcome, attempt.detail = "no report", reply.stdout[2][-300:]
        self.back_to_list(reply.prompt)

    def back_to_list(self, prompt=None, failed=False):
        """Discards whatever a refused save left and returns to the items list.

        After a failed line, --keep-going skips the lines that may count on
        it until a `top`: that is how a driving program goes on."""
        if prompt == self.list_prompt and not failed:
            return
        reply = self.navsh.run("top!", "open items")
        if reply.failed(0) or reply.failed(1) or reply.prompt != self.list_prompt:
            raise NavshDied(f"cannot get back to the list; prompt {reply.prompt!r}, errors {reply.errors}")

    def one_shot(self, attempt):
        arguments = [self.options.binary, self.database, "-c", "open items", "-c", f"open {attempt.row}",
                     "-c", f"set value {attempt.value}", "-c", f"set writer {attempt.tag}", "-c", "save"]
        try:
            result = subprocess.run(arguments, capture_output=True, text=True, timeout=TIMEOUT,
                                    env=environment(self.home))
        except subprocess.TimeoutExpired as error:
            raise NavshDied(f"-c run timed out: {error}")
        attempt.status = result.returncode
        report = SAVED.search(result.stdout)
        attempt.said = (result.stdout[-200:] + " " + result.stderr[-200:]).strip()
        # What was shown before the save ran (a conflict report after it does not count).
        attempt.shown = shown_value(result.stdout[:report.start()] if report else result.stdout, None)
        if report and attempt.shown is None:
            attempt.outcome = "shown no value"
        elif report:
            attempt.outcome = "saved" if result.returncode == 0 else "saved with exit status"
        elif result.returncode == 0:
            attempt.outcome, attempt.detail = "no report", result.stdout[-300:]
        elif attempt.shown is None:
            attempt.outcome, attempt.detail = "open failed", result.stderr.strip()[-300:]
        else:
            attempt.outcome, attempt.detail = "refused", result.stderr.strip()[-300:]
        # 66 is "the store cannot be opened": a failover under way. It is
        # judged as any unsaved attempt is, by the audit log.
        if result.returncode < 0 or result.returncode > 3 and result.returncode != 66:
            attempt.outcome, attempt.detail = "navsh died", f"exit {result.returncode}: {result.stderr[-300:]}"


def check(attempts, database):
    """Compares what each worker was told with what the audit log recorded; returns violation lines."""
    if database.startswith(("postgres://", "postgresql://")):
        audit = [(int(r[0]), int(r[1]), int_or_none(r[2]), int_or_none(r[3]), r[4])
                 for r in psql(database, "SELECT seq, row_id, old_value, new_value, writer FROM audit ORDER BY seq")]
        final = {int(r[0]): int_or_none(r[1]) for r in psql(database, "SELECT id, value FROM items")}
    else:
        with sqlite3.connect(database) as db:
            audit = db.execute("SELECT seq, row_id, old_value, new_value, writer FROM audit ORDER BY seq").fetchall()
            final = dict(db.execute("SELECT id, value FROM items").fetchall())
    by_writer = defaultdict(list)
    for row in audit:
        by_writer[row[4]].append(row)
    writer_of_value = {row[3]: row[4] for row in audit}
    violations = defaultdict(list)
    for a in attempts:
        rows = by_writer.pop(a.tag, [])
        where = f"{a.tag} ({a.pattern}) row {a.row}"
        if a.outcome in PROBLEMS:
            violations[a.outcome].append(f"{where}: {a.detail}")
        if a.outcome == "saved":
            if len(rows) != 1 or rows[0][1] != a.row or rows[0][3] != a.value:
                violations["reported saved, not in the audit log as such"].append(f"{where}: {rows}; navsh said {a.said!r}")
            elif rows[0][2] != a.shown:
                overwritten = rows[0][2]
                violations["lost update"].append(
                    f"{where}: shown {a.shown}, overwrote {overwritten} "
                    f"(written by {writer_of_value.get(overwritten, 'init')})")
        elif rows:
            violations[f"{a.outcome}, but written"].append(f"{where}: {rows}; navsh said {a.said!r}")
    for writer, rows in by_writer.items():
        violations["written by nobody's attempt"].append(f"{writer}: {rows}")
    for row_id, value in final.items():
        last = [r for r in audit if r[1] == row_id]
        if last and last[-1][3] != value:
            violations["final value is not the last audited one"].append(f"row {row_id}: {value} vs {last[-1]}")
    return violations


PG_TEST_SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "pg-test-server")
FAILOVERS_DONE = [0]


def start_pair():
    """A primary and a synchronous standby; their exports as a dict."""
    result = subprocess.run([PG_TEST_SERVER, "pair"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, text=True, timeout=120, close_fds=True)
    if result.returncode != 0:
        sys.exit(f"lost_updates: pg-test-server pair failed: {result.stderr.strip()}")
    return dict(re.findall(r"export (\w+)='([^']*)'", result.stdout))


def crash_primary(pair, count, workers):
    """Crashes the primary `count` times while any worker still saves."""
    for _ in range(count):
        time.sleep(1.0)
        if not any(worker.is_alive() for worker in workers):
            return
        subprocess.run([PG_TEST_SERVER, "failover", pair["NAVSH_TEST_PAIR_DIR"]], check=True,
                       stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        FAILOVERS_DONE[0] += 1
        time.sleep(0.5)
        subprocess.run([PG_TEST_SERVER, "rejoin", pair["NAVSH_TEST_PAIR_DIR"]], check=True,
                       stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)


def main():
    global ROWS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--processes", type=int, default=20)
    parser.add_argument("--saves", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-sleep", type=float, default=0.05, help="longest pause between open and save")
    parser.add_argument("--keep", action="store_true", help="keep the database and print its path")
    parser.add_argument("--rows", type=int, default=5, help="rows the saves share")
    parser.add_argument("--postgres", metavar="SERVER_URL", help="run against a new database on this PostgreSQL server")
    parser.add_argument("--failovers", type=int, default=0, help="crash a cluster's primary this many times meanwhile")
    options = parser.parse_args()
    ROWS = options.rows
    options.binary = os.path.abspath(options.binary)
    if not os.access(options.binary, os.X_OK):
        sys.exit(f"lost_updates: {options.binary} is not an executable")

    scratch = tempfile.mkdtemp(prefix="navsh-stress-")
    pair = start_pair() if options.failovers else None
    if pair:
        options.postgres = pair["NAVSH_TEST_PAIR_URL"]
    postgres_name = None
    if options.postgres:
        postgres_name = f"navsh_stress_{os.getpid()}_{random.randrange(10**9)}"
        database = create_postgres_database(options.postgres, postgres_name)
    else:
        database = os.path.join(scratch, "stress.sqlite")
        create_database(database)
    started = time.monotonic()
    workers = []
    for index in range(options.processes):
        home = os.path.join(scratch, f"home{index}")
        os.makedirs(home)
        workers.append(Worker(index, options, database, home))
    for worker in workers:
        worker.start()
    crashes = threading.Thread(target=crash_primary, args=(pair, options.failovers, workers)) if pair else None
    if crashes:
        crashes.start()
    for worker in workers:
        worker.join()
    if crashes:
        crashes.join()
    attempts = [a for w in workers for a in w.attempts]
    violations = check(attempts, database)

    outcomes = Counter(a.outcome for a in attempts)
    patterns = Counter(a.pattern for a in attempts)
    saved = outcomes["saved"]
    print(f"lost_updates: {options.processes} processes x {options.saves} saves on {ROWS} rows"
          f"{' (PostgreSQL)' if options.postgres else ''}"
          f"{f', {FAILOVERS_DONE[0]} failovers' if pair else ''}, seed {options.seed}, "
          f"{time.monotonic() - started:.1f}s")
    print(f"  attempts {len(attempts)} (pipe {patterns['pipe']}, -c {patterns['-c']}): "
          + ", ".join(f"{name} {count}" for name, count in sorted(outcomes.items())))
    lost = len(violations.get("lost update", []))
    print(f"  saves that overwrote a value their process had not shown: {lost} of {saved} saved")
    by_pattern = Counter(line.split(" ", 2)[1] for line in violations.get("lost update", []))
    if lost:
        print("    by pattern: " + ", ".join(f"{p.strip('()')} {n}" for p, n in sorted(by_pattern.items())))
    reasons = Counter(re.sub(r"\brow\d+\b|\d+", "N", re.sub(r"^(?:.*?error: )?[^:]*: ", "", a.detail))[:90]
                      for a in attempts if a.outcome in ("refused", "open failed"))
    for reason, count in reasons.most_common(4):
        print(f"  refused {count}x: {reason}")
    for worker in workers:
        if worker.error:
            violations["worker stopped by an error"].append(f"worker {worker.index}: {worker.error}")
    if saved == 0:
        violations["nothing was saved, so nothing was proved"].append("")
    for kind, lines in sorted(violations.items()):
        print(f"  VIOLATION {kind}: {len(lines)}")
        for line in lines[:8]:
            print(f"    {line}")
    if pair and violations:
        # What the servers said of promotions and synchronous commits: the likeliest place of a lost save.
        for node in ("a", "b"):
            log = os.path.join(pair["NAVSH_TEST_PAIR_DIR"], f"{node}.log")
            if os.path.exists(log):
                with open(log, errors="replace") as lines:
                    said = [line.rstrip() for line in lines if re.search(r"WARNING|PANIC|promot|synchronous|timeline", line)]
                print(f"  node {node}'s log:", *said[-12:], sep="\n    ")
    if options.keep:
        print(f"  database kept: {database.split('@')[-1]}")
    else:
        shutil.rmtree(scratch, ignore_errors=True)
        if pair:
            subprocess.run([PG_TEST_SERVER, "stop", pair["NAVSH_TEST_PAIR_DIR"]], check=False)
        elif postgres_name:
            psql(options.postgres, f"DROP DATABASE {postgres_name} WITH (FORCE)")
    total = sum(len(lines) for lines in violations.values())
    print(f"lost_updates: {'FAILED, ' + str(total) + ' violations' if total else 'passed'}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
