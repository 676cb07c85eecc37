#!/usr/bin/env python3
"""Row numbers mean the rows the user was shown, even after another process changed the list.

Usage: row_identity.py NAVSH_BINARY

What it proves (`open N` and `delete N` act on the row shown as N): a
navsh coprocess on pipes shows a list (the table is the root frame, or is
opened from the collections frame); then another process (Python's
sqlite3) deletes or inserts rows, which renumbers the list; then `open N`
or `delete N` runs. navsh must act on the row it showed as N, or refuse
(an error, nothing changed), never on another row. Each case uses a fresh
database and checks the file with sqlite3 afterwards. (`move N M` needs a
manually ordered table; it is not covered here.)

Prints one line per case and exits 1 if any case acted on a wrong row.
"""
import os
import re
import shutil
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from navsh_pipe import Coprocess, NavshDied  # noqa: E402

NAMES = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"]
LIST_LINE = re.compile(r"^ +(\d+) +(\S+)", re.MULTILINE)
TITLE = re.compile(r"^items › (\S+)$", re.MULTILINE)
DELETED = re.compile(r"^deleted (\S+)", re.MULTILINE)


def create_database(path, nested):
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, value INTEGER)")
        db.executemany("INSERT INTO items VALUES (?, ?, ?)",
                       [(i + 1, name, 100 * (i + 1)) for i, name in enumerate(NAMES)])
        if nested:  # a second table: the root frame lists collections
            db.execute("CREATE TABLE other (id INTEGER PRIMARY KEY, note TEXT)")


def names(path):
    with sqlite3.connect(path) as db:
        return {row[0] for row in db.execute("SELECT name FROM items")}


def outside(path, sql):
    """Another process's change, committed while navsh shows its list."""
    with sqlite3.connect(path, timeout=30) as db:
        db.execute(sql)


# (what the other process does, the row number then used)
CHANGES = [
    ("deletes row 1", "DELETE FROM items WHERE id = 1", 3),
    ("inserts a row before row 1", "INSERT INTO items VALUES (0, 'Zulu', 0)", 3),
    ("deletes the shown row 3", "DELETE FROM items WHERE id = 3", 3),
    ("deletes row 1 (last row used)", "DELETE FROM items WHERE id = 1", 5),
]


def run_case(binary, scratch, nested, sql, number, command):
    """Returns None when navsh acted on the shown row or refused, else what went wrong."""
    path = tempfile.mkstemp(suffix=".sqlite", dir=scratch)[1]
    os.remove(path)
    create_database(path, nested)
    home = tempfile.mkdtemp(dir=scratch)
    navsh = Coprocess(binary, path, home)
    try:
        reply = navsh.run("open items" if nested else "show")
        shown = dict(LIST_LINE.findall(reply.stdout[0]))
        if shown.get(str(number)) is None or reply.failed():
            return f"setup: the list did not show row {number}: {reply.stdout[0]!r} {reply.errors}"
        meant = shown[str(number)]
        outside(path, sql)
        before = names(path)
        reply = navsh.run(f"{command} {number}")
        after = names(path)
        out, errors = reply.stdout[0], reply.errors[0]
        if command == "open":
            title = TITLE.search(out)
            if errors and not title:
                return None if after == before else f"refused but changed the file: {before} → {after}"
            if title and title.group(1) == meant and not errors:
                return None
            return f"shown {meant} as row {number}; opened {title.group(1) if title else None!r}, errors {errors}"
        reported = DELETED.search(out)
        if errors and not reported:
            return None if after == before else f"refused, yet deleted {sorted(before - after)}"
        if reported and not errors and before - after == {meant} and reported.group(1) == meant:
            return None
        return (f"shown {meant} as row {number}; reported {reported.group(1) if reported else None!r}, "
                f"errors {errors}, deleted {sorted(before - after)}")
    except NavshDied as error:
        return f"navsh died: {error}"
    finally:
        navsh.process.kill()
        navsh.process.wait()


def main():
    if len(sys.argv) != 2 or not os.access(sys.argv[1], os.X_OK):
        sys.exit(__doc__.split("\n\n")[1])
    binary = os.path.abspath(sys.argv[1])
    scratch = tempfile.mkdtemp(prefix="navsh-rows-")
    failures = 0
    try:
        for nested in (False, True):
            for change, sql, number in CHANGES:
                for command in ("open", "delete"):
                    problem = run_case(binary, scratch, nested, sql, number, command)
                    where = "opened from collections" if nested else "table is the root"
                    name = f"list ({where}), another process {change}, `{command} {number}`"
                    print(f"{'ok  ' if problem is None else 'FAIL'} {name}" + (f": {problem}" if problem else ""))
                    failures += problem is not None
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"row_identity: FAILED, {failures} of {2 * len(CHANGES) * 2} cases (a wrong row, or navsh died)"
          if failures else "row_identity: passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
