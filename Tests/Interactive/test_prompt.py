#!/usr/bin/env python3
"""Drives navsh's interactive prompt through a real pseudo-terminal (pexpect).

Usage: test_prompt.py PATH/TO/navsh

Each test starts navsh with a temporary HOME (so the demo store and
~/.editrc are the test's own) and LANG=C.UTF-8, types keys, and matches
navsh's own output (prompts, messages), not the echoed keystrokes.
Prints 'N passed, N failed' last; exits non-zero when anything failed.
"""
import os
import shutil
import sqlite3
import sys
import tempfile
import time
import traceback

import pexpect

NAVSH = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/navsh")
TIMEOUT = 10


class Prompt:
    """One navsh process on a pseudo-terminal, with its own HOME."""

    def __init__(self, args=(), rows=24, cols=80, color=False, home=None):
        self.home = home or tempfile.mkdtemp(prefix="navsh-pty-")
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
        self.child = pexpect.spawn(NAVSH, list(args), env=env, encoding="utf-8",
                                   timeout=TIMEOUT, dimensions=(rows, cols))

    @property
    def demo_path(self):
        return os.path.join(self.home, "data", "navsh", "demo.sqlite")

    def expect(self, text):
        self.child.expect_exact(text)
        return self.child.before

    def line(self, text, then):
        self.child.send(text + "\r")
        return self.expect(then)

    def close(self, keep_home=False):
        if self.child.isalive():
            self.child.terminate(force=True)
        if not keep_home:
            shutil.rmtree(self.home, ignore_errors=True)


def value_of(path, rowid):
    with sqlite3.connect(path) as db:
        return db.execute("SELECT value FROM Items WHERE id = ?", (rowid,)).fetchone()[0]


def test_welcome_shows_the_demo_list_and_prompt():
    p = Prompt()
    try:
        p.expect("Items (8)")
        listing = p.expect("Items> ")
        assert "Gort statue" in listing and "$120" in listing, listing
        assert os.path.exists(p.demo_path)
    finally:
        p.close()


def test_edit_save_and_breadcrumb():
    p = Prompt()
    try:
        p.expect("Items> ")
        p.line("open 1", "Items › Gort statue> ")
        p.line("set value 150", "Items › Gort statue*> ")
        out = p.line("changes", "Items › Gort statue*> ")
        assert "value: 120 → 150" in out, out
        p.line("save", "saved Gort statue")
        p.expect("Items> ")
        assert value_of(p.demo_path, 1) == 150
    finally:
        p.close()


def test_back_over_unsaved_edits_asks_and_no_keeps_them():
    p = Prompt()
    try:
        p.expect("Items> ")
        p.line("open 2", "Items › Rusty spork> ")
        p.line("set value 7", "Items › Rusty spork*> ")
        p.line("back", "Unsaved: Items › Rusty spork (value). Save, discard, or keep editing? [s/d/K] ")
        p.line("", "Items › Rusty spork*> ")  # Enter alone keeps editing
        p.line("back", "[s/d/K] ")
        p.line("keep", "Items › Rusty spork*> ")
        p.line("back", "[s/d/K] ")
        p.line("d", "discarded edits in Items › Rusty spork (value)")
        p.expect("Items> ")
        assert value_of(p.demo_path, 2) == 2
    finally:
        p.close()


def test_ctrl_c_drops_the_partial_line_and_never_exits():
    p = Prompt()
    try:
        p.expect("Items> ")
        p.child.send("open 3")
        # As a person would: Ctrl-C after the typing has been read.
        time.sleep(0.3)
        p.child.sendintr()
        p.expect("Items> ")
        out = p.line("where", "Items> ")
        assert "1  Items" in out and "error" not in out, out
        assert p.child.isalive()
        # Ctrl-C in a record with edits keeps them.
        p.line("open 3", "Items › Hoverboard> ")
        p.line("set value 1", "Items › Hoverboard*> ")
        time.sleep(0.3)
        p.child.sendintr()
        p.expect("Items › Hoverboard*> ")
        out = p.line("changes", "Items › Hoverboard*> ")
        assert "value: 950 → 1" in out, out
    finally:
        p.close()


def test_ctrl_c_right_after_typing_is_not_lost():
    # Sent in the same breath as the keys: the SIGINT may land while libedit
    # is busy between two reads; navsh's read function still sees it.
    p = Prompt()
    try:
        p.expect("Items> ")
        for _ in range(5):
            p.child.send("open 3")
            p.child.sendintr()
            p.expect("Items> ")
        out = p.line("where", "Items> ")
        assert "error" not in out, out
    finally:
        p.close()


def test_ctrl_d_at_a_clean_root_exits_0():
    p = Prompt()
    try:
        p.expect("Items> ")
        p.child.sendeof()
        p.child.expect(pexpect.EOF)
        p.child.close()
        assert p.child.exitstatus == 0, p.child.exitstatus
    finally:
        p.close()


def test_ctrl_d_over_unsaved_edits_asks_first():
    p = Prompt()
    try:
        p.expect("Items> ")
        p.line("open 1", "Items › Gort statue> ")
        p.line("set value 999", "Items › Gort statue*> ")
        p.child.sendeof()
        p.expect("Unsaved: Items › Gort statue (value). Save, discard, or keep editing? [s/d/K] ")
        p.line("", "Items › Gort statue*> ")
        p.child.sendeof()
        p.expect("[s/d/K] ")
        p.child.send("d\r")
        p.child.expect(pexpect.EOF)
        p.child.close()
        assert p.child.exitstatus == 0
        assert value_of(p.demo_path, 1) == 120, "discarded, never saved"
    finally:
        p.close()


def test_cjk_input_reaches_the_record():
    p = Prompt()
    try:
        p.expect("Items> ")
        p.line("open 5", "Items › 木彫りの熊> ")
        p.line("set name 木彫りの熊と鮭", "Items › 木彫りの熊と鮭*> ")
        p.line("save", "Items> ")
        with sqlite3.connect(p.demo_path) as db:
            assert db.execute("SELECT name FROM Items WHERE id = 5").fetchone()[0] == "木彫りの熊と鮭"
    finally:
        p.close()


def test_errors_are_one_line_and_the_prompt_returns():
    p = Prompt()
    try:
        p.expect("Items> ")
        out = p.line("set name x", "Items> ")
        assert "error: 'set' works in a record; open one first (open N)" in out, out
    finally:
        p.close()


def test_history_recalls_earlier_lines():
    p = Prompt()
    try:
        p.expect("Items> ")
        p.line("open 4", "Items › Flux capacitor> ")
        p.line("back", "Items> ")
        p.child.send("\x1b[A\x1b[A")  # up, up: back to "open 4"
        p.child.send("\r")
        p.expect("Items › Flux capacitor> ")
    finally:
        p.close()


def test_tab_completes_commands_fields_and_rows():
    p = Prompt()
    try:
        p.expect("Items> ")
        # libedit redraws the line with cursor escapes, so the completed text
        # is checked by its effect: the command it makes.
        p.child.send("op\t")
        p.child.send("Go\t")
        p.child.send("\r")
        p.expect("Items › Gort statue> ")
        p.child.send("set va\t150\r")
        p.expect("Items › Gort statue*> ")
        out = p.line("changes", "Items › Gort statue*> ")
        assert "value: 120 → 150" in out, out
        # Several candidates: the first Tab adds nothing, the second lists them.
        p.child.send("s\t\t")
        p.expect("save")
        p.expect("set")
        p.expect("show")
        p.expect("Items › Gort statue*> s")
        p.child.send("\x15")  # Ctrl-U clears the line
        p.line("back!", "Items> ")
    finally:
        p.close()


def test_second_tab_lays_candidates_out_in_columns():
    # The listing is the prompt's look (CompletionList), handed to the line
    # editor: side by side in columns, not one a line.
    p = Prompt()
    try:
        p.expect("Items> ")
        p.line("op 1", "Items › Gort statue> ")
        p.child.send("s\t\t")
        p.child.expect(r"save +save! +set +show\r\n")
        p.child.send("\x15")
        p.line("back", "Items> ")
    finally:
        p.close()


def test_ambiguous_abbreviation_does_nothing():
    p = Prompt()
    try:
        p.expect("Items> ")
        p.line("op 2", "Items › Rusty spork> ")
        out = p.line("s", "Items › Rusty spork> ")
        assert "error: 's' is ambiguous: save set show" in out, out
    finally:
        p.close()


def test_edit_prefills_a_cjk_value_and_moves_over_it():
    p = Prompt()
    try:
        p.expect("Items> ")
        p.line("open 5", "Items › 木彫りの熊> ")
        p.child.send("edit name\r")
        p.expect("Name: ")
        p.expect("木彫りの熊")
        # Left twice over double-width characters, then type: lands before の.
        p.child.send("\x1b[D\x1b[D")
        p.child.send("大\r")
        p.expect("Items › 木彫り大の熊*> ")
        # A refused value re-opens the editor with what was typed.
        p.child.send("edit value\r")
        p.expect("Value: ")
        p.child.send("\x15lots\r")
        p.expect("error: value: 'lots' is not a whole number")
        p.expect("Value: ")
        time.sleep(0.3)
        p.child.sendintr()  # Ctrl-C cancels and keeps the old value
        p.expect("value unchanged")
        p.line("save", "Items> ")
        with sqlite3.connect(p.demo_path) as db:
            assert db.execute("SELECT name, value FROM Items WHERE id = 5").fetchone() == ("木彫り大の熊", 45)
    finally:
        p.close()


def test_unsaved_question_can_save():
    p = Prompt()
    try:
        p.expect("Items> ")
        p.line("open 3", "Items › Hoverboard> ")
        p.line("set value 1", "Items › Hoverboard*> ")
        p.line("quit", "Unsaved: Items › Hoverboard (value). Save, discard, or keep editing? [s/d/K] ")
        p.child.send("s\r")
        p.expect("saved Hoverboard")
        p.child.expect(pexpect.EOF)
        p.child.close()
        assert p.child.exitstatus == 0
        assert value_of(p.demo_path, 3) == 1
    finally:
        p.close()


def test_history_survives_a_restart_and_is_private():
    p = Prompt()
    home = p.home
    try:
        p.expect("Items> ")
        p.line("open 4", "Items › Flux capacitor> ")
        p.line("back", "Items> ")
        p.line(" where", "Items> ")  # a leading space keeps a line out of history
        p.line("quit", "")
        p.child.expect(pexpect.EOF)
    finally:
        p.close(keep_home=True)
    folder = os.path.join(home, "state", "navsh", "history")
    files = os.listdir(folder)
    assert len(files) == 1 and files[0].startswith("demo-"), files
    assert oct(os.stat(os.path.join(folder, files[0])).st_mode & 0o777) == "0o600"
    q = Prompt(home=home)
    try:
        q.expect("Items> ")
        out = q.line("history", "Items> ")
        assert "open 4" in out and "back" in out and "where" not in out, out
        q.child.send("\x1b[A\x1b[A\x1b[A\x1b[A\r")  # history, quit, back, open 4
        q.expect("Items › Flux capacitor> ")
    finally:
        q.close()


def test_sigterm_saves_history_not_edits():
    p = Prompt()
    home = p.home
    try:
        p.expect("Items> ")
        p.line("open 2", "Items › Rusty spork> ")
        p.line("set value 77", "Items › Rusty spork*> ")
        p.child.kill(15)
        p.child.expect(pexpect.EOF)
        p.child.close()
        assert p.child.exitstatus == 143 or p.child.signalstatus is None and p.child.status >> 8 == 143, p.child.status
        assert value_of(p.demo_path, 2) == 2
        folder = os.path.join(home, "state", "navsh", "history")
        with open(os.path.join(folder, os.listdir(folder)[0]), encoding="utf-8", errors="replace") as f:
            assert "set value 77" in f.read().replace("\\040", " ")
    finally:
        p.close()


def test_resize_is_followed_on_the_next_render():
    p = Prompt(cols=80)
    try:
        p.expect("Items> ")
        wide = p.line("show", "Items> ")
        assert "Vintage typewriter    $300  20" in wide, wide
        p.child.setwinsize(24, 30)  # SIGWINCH
        time.sleep(0.3)
        narrow = p.line("show", "Items> ")
        rows = [line for line in narrow.splitlines() if line.startswith("   ")]
        assert rows and all(len(line) <= 30 for line in rows), narrow
        assert not any("2026-" in line for line in rows), "the rightmost detail column goes first"
    finally:
        p.close()


def test_history_drops_consecutive_duplicates_and_survives_sighup():
    p = Prompt()
    home = p.home
    try:
        p.expect("Items> ")
        p.line("where", "Items> ")
        p.line("where", "Items> ")
        p.line("show", "Items> ")
        p.line("where", "Items> ")
        p.child.kill(1)  # SIGHUP: the terminal went away
        p.child.expect(pexpect.EOF)
        p.child.close()
        assert p.child.exitstatus == 129, p.child.status
    finally:
        p.close(keep_home=True)
    q = Prompt(home=home)
    try:
        q.expect("Items> ")
        out = q.line("history", "Items> ")
        entries = [line.split(None, 1)[1] for line in out.splitlines() if line.strip()[:1].isdigit()]
        assert entries == ["where", "show", "where", "history"], entries
    finally:
        q.close()


def test_color_only_without_no_color():
    p = Prompt(color=True)
    try:
        p.expect("Items")
        p.expect("> ")
        p.line("open 1", "Gort statue")
        p.expect("\x1b[0m\x1b[1mGort statue")
    finally:
        p.close()
    q = Prompt(color=False)
    try:
        out = q.expect("Items> ")
        out += q.line("open 1", "Items › Gort statue> ")
        assert "\x1b[" not in out, repr(out)
    finally:
        q.close()


def test_ctrl_c_stops_a_long_command():
    # The title is a generated column that takes milliseconds a row to
    # compute (it depends on the row, so SQLite cannot compute it once), so
    # looking a title up scans for seconds.
    work = tempfile.mkdtemp(prefix="navsh-slow-")
    path = os.path.join(work, "slow.sqlite")
    with sqlite3.connect(path) as db:
        # The column is added after the rows, so making the table costs nothing.
        db.executescript("""
            CREATE TABLE slow (id INTEGER PRIMARY KEY);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 400)
            INSERT INTO slow (id) SELECT i FROM c;
            ALTER TABLE slow ADD COLUMN heavy TEXT GENERATED ALWAYS AS
                ('Row ' || id || ' ' || length(replace(replace(hex(zeroblob(400000 + id)), '0', 'ab'), 'a', 'cd'))) VIRTUAL;
        """)
    p = Prompt([path], rows=8)
    try:
        p.expect("slow> ")
        p.child.send("open no such row\r")
        time.sleep(0.5)
        p.child.sendintr()
        p.expect("error: interrupted; nothing changed")
        p.expect("slow> ")
        assert p.child.isalive()
    finally:
        p.close()
        shutil.rmtree(work, ignore_errors=True)


def test_carvalet_edit_make_prompts_with_the_spec_label_and_hint():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    example = os.path.join(root, "examples", "carvalet")
    work = tempfile.mkdtemp(prefix="navsh-cars-")
    path = os.path.join(work, "cars.sqlite")
    with sqlite3.connect(path) as db, open(os.path.join(example, "carvalet.sql"), encoding="utf-8") as sql:
        db.executescript(sql.read())
    p = Prompt(["--spec", os.path.join(example, "carvalet.yaml"), path])
    try:
        p.expect("Cars> ")
        p.line("new", "Cars › ")
        p.child.send("edit make\r")
        p.expect("e.g. Car Make")
        p.expect("Enter the Make: ")
        p.child.send("Subaru\r")
        p.expect("Subaru*> ")
        p.child.send("edit model\r")
        p.expect("Enter the Model: ")
        p.child.send("Outback\r")
        p.expect("Subaru Outback*> ")
        p.line("save", "Cars> ")
        with sqlite3.connect(path) as db:
            assert db.execute("SELECT make, model FROM cars ORDER BY id DESC LIMIT 1").fetchone() == ("Subaru", "Outback")
    finally:
        p.close()
        shutil.rmtree(work, ignore_errors=True)


def test_question_asks_again_and_type_ahead_is_no_answer():
    """Issue 8, item 19: keys typed before the question showed are not an
    answer, an answer that is not a choice asks again, and S is save only."""
    p = Prompt()
    try:
        p.expect("Items> ")
        p.line("open 2", "Items › Rusty spork> ")
        p.line("set value 7", "Items › Rusty spork*> ")
        p.child.send("back\rs\r")  # "s" typed ahead, before the question
        p.expect("ignored 1 line typed before this question")
        p.expect("Save, discard, or keep editing? [s/d/K] ")
        time.sleep(0.5)
        assert value_of(p.demo_path, 2) == 2, "a typed-ahead line answered the question"
        p.line("x", "please answer s (save), d (discard) or k (keep editing)")
        p.expect("[s/d/K] ")
        p.line("k", "Items › Rusty spork*> ")
        assert value_of(p.demo_path, 2) == 2
    finally:
        p.close()


def test_field_editor_up_arrow_offers_values_not_commands():
    """Issue 8, item 20: Up in `edit FIELD` walks earlier values of that
    field, never the command history."""
    p = Prompt()
    try:
        p.expect("Items> ")
        p.line("open 1", "Items › Gort statue> ")
        p.child.send("edit name\r")
        p.expect("Name: ")
        p.child.send("\x15\x1b[AX\r")  # clear, Up, type X
        p.expect("Items › X*> ")
        p.child.send("edit name\r")
        p.expect("Name: ")
        p.child.send("\x15Y\r")
        p.expect("Items › Y*> ")
        p.child.send("edit name\r")
        p.expect("Name: ")
        p.child.send("\x15\x1b[A\x1b[A\r")  # Up twice: X, the value before Y
        p.expect("Items › X*> ")
        p.line("save", "Items> ")
        with sqlite3.connect(p.demo_path) as db:
            assert db.execute("SELECT name FROM Items WHERE id = 1").fetchone() == ("X",)
    finally:
        p.close()


def test_a_change_elsewhere_is_announced_before_the_prompt():
    """Issue 8, item 1: a record frame takes another process's change only
    while saying so, before the next prompt."""
    p = Prompt()
    try:
        p.expect("Items> ")
        p.line("open 1", "Items › Gort statue> ")
        with sqlite3.connect(p.demo_path) as db:
            db.execute("UPDATE Items SET value = 200 WHERE id = 1")
        p.line("", "value: 120 → 200 (changed elsewhere)")
        p.expect("Items › Gort statue> ")
        p.line("set value 150", "Items › Gort statue*> ")
        p.line("save", "saved Gort statue")
        assert value_of(p.demo_path, 1) == 150
    finally:
        p.close()


def main():
    tests = [(name, fn) for name, fn in globals().items() if name.startswith("test_") and callable(fn)]
    passed = failed = 0
    for name, fn in tests:
        try:
            fn()
            passed += 1
            print(f"ok   {name}")
        except Exception as error:
            failed += 1
            print(f"FAIL {name}")
            if isinstance(error, pexpect.TIMEOUT):
                # pexpect's own report is pages long; where and what was on screen say enough.
                print("".join(traceback.format_tb(error.__traceback__)[-3:-1]))
                print("  timed out; the screen ended with:", str(error).split("before (last 100 chars): ")[-1][:200])
            else:
                traceback.print_exc()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
