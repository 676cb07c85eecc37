"""navsh on a pseudo-terminal, for the pexpect tests in test_prompt.py.

`Prompt` spawns one navsh with its own HOME and names the steps the tests
repeat (open a row, set a field, open a field editor, Ctrl-C, wait for the
exit); `demo()` starts one on the demo store at its list prompt.
"""
import contextlib
import io
import os
import shutil
import sqlite3
import sys
import tempfile
import time

import pexpect

NAVSH = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/navsh")
TIMEOUT = 10
# The demo store's list prompt, where every demo test starts.
ITEMS = "Items> "


class Prompt:
    """One navsh process on a pseudo-terminal, with its own HOME.

    Used in a `with` block, it is closed (and its HOME removed unless
    keep_home) however the block ends, so a failed test leaves no process.
    """

    def __init__(self, args=(), rows=24, cols=80, color=False, home=None, keep_home=False, env=None):
        self.home = home or tempfile.mkdtemp(prefix="navsh-pty-")
        self.keep_home = keep_home
        extra = env or {}
        env = {
            "HOME": self.home,
            "XDG_DATA_HOME": os.path.join(self.home, "data"),
            "XDG_STATE_HOME": os.path.join(self.home, "state"),
            "LANG": "C.UTF-8",
            "TERM": "xterm",
            "PATH": "/usr/bin:/bin",
        }
        if not color:
            env["NO_COLOR"] = "1"
        env.update(extra)
        self.child = pexpect.spawn(NAVSH, list(args), env=env, encoding="utf-8",
                                   timeout=TIMEOUT, dimensions=(rows, cols))
        self.rows, self.cols = rows, cols
        # Everything navsh wrote, for screen(): what a person would see.
        self.child.logfile_read = self.output = io.StringIO()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close(keep_home=self.keep_home)

    @property
    def demo_path(self):
        return os.path.join(self.home, "data", "navsh", "demo.sqlite")

    @property
    def history_folder(self):
        return os.path.join(self.home, "state", "navsh", "history")

    def expect(self, text):
        self.child.expect_exact(text)
        return self.child.before

    def send(self, keys):
        """Types keys without waiting for anything."""
        self.child.send(keys)

    def line(self, text, then):
        """Types a line and Enter, then waits for `then`; returns what came before it."""
        self.send(text + "\r")
        return self.expect(then)

    def open_row(self, row, name):
        """`open N` from the Items list: waits for the record's prompt."""
        return self.line(f"open {row}", f"Items › {name}> ")

    def change(self, row, name, field, value):
        """Opens row N and sets one field: leaves an unsaved edit, at its record's prompt."""
        self.open_row(row, name)
        self.line(f"set {field} {value}", f"Items › {name}*> ")

    def edit(self, field, label):
        """`edit FIELD`: waits for the field editor's prompt (its label)."""
        self.send(f"edit {field}\r")
        self.expect(f"{label}: ")

    def screen(self, settle=0.3):
        """The terminal as a person sees it now, one string per row (trailing
        spaces dropped): navsh's output so far, played through pyte. Output
        still arriving within `settle` seconds is read first."""
        import pyte  # only the tests that look at the screen need it

        self.child.expect([pexpect.TIMEOUT], timeout=settle)
        terminal = pyte.Screen(self.cols, self.rows)
        pyte.Stream(terminal).feed(self.output.getvalue())
        return [row.rstrip() for row in terminal.display]

    def interrupt(self, after=0.3):
        """Ctrl-C, `after` seconds on: as a person would, once the typing has been read."""
        if after:
            time.sleep(after)
        self.child.sendintr()

    def exited(self):
        """Waits for navsh to end and reaps it: its exit and signal statuses are then set."""
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus

    def close(self, keep_home=False):
        if self.child.isalive():
            self.child.terminate(force=True)
        if not keep_home:
            shutil.rmtree(self.home, ignore_errors=True)


@contextlib.contextmanager
def demo(**options):
    """navsh on its demo store (a fresh HOME unless given), at the Items prompt."""
    with Prompt(**options) as p:
        p.expect(ITEMS)
        yield p


@contextlib.contextmanager
def scratch_database(name, script):
    """A database file made by `script` in a temporary folder, removed afterwards."""
    work = tempfile.mkdtemp(prefix="navsh-db-")
    path = os.path.join(work, name)
    try:
        with sqlite3.connect(path) as db:
            db.executescript(script)
        yield path
    finally:
        shutil.rmtree(work, ignore_errors=True)


def fetch_one(path, sql, *parameters):
    """One row read straight from the file, past navsh."""
    with sqlite3.connect(path) as db:
        return db.execute(sql, parameters).fetchone()


def value_of(path, rowid):
    return fetch_one(path, "SELECT value FROM Items WHERE id = ?", rowid)[0]


def unsaved_question(crumb, fields):
    return f"Unsaved: Items › {crumb} ({fields}). Save, discard, or keep editing? [s/d/K] "
