#!/usr/bin/env python3
"""Drives navsh's interactive prompt through a real pseudo-terminal (pexpect).

Usage: test_prompt.py PATH/TO/navsh

Each test starts navsh with a temporary HOME (so the demo store and
~/.editrc are the test's own) and LANG=C.UTF-8, types keys, and matches
navsh's own output (prompts, messages), not the echoed keystrokes.
Prints 'N passed, N failed' last; exits non-zero when anything failed.
The process and its steps are in pty_prompt.py.
"""
import os
import shutil
import sqlite3
import subprocess
import tempfile
import sys
import time
import traceback

import pexpect

from pty_prompt import ITEMS, Prompt, demo, fetch_one, scratch_database, unsaved_question, value_of
# The lists of the music store (references, changes elsewhere), kept in their own file.
from test_prompt_lists import *  # noqa: F401,F403  (their test_ functions run with these)
# $EDITOR, the pager and the startup file (issue 11).
from test_prompt_tools import *  # noqa: F401,F403
# PostgreSQL: --listen while idle (issue 13).
from test_prompt_postgres import *  # noqa: F401,F403



def test_welcome_shows_the_demo_list_and_prompt():
    with Prompt() as p:
        p.expect("Items (8)")
        listing = p.expect(ITEMS)
        assert "Gort statue" in listing and "$120" in listing, listing
        assert os.path.exists(p.demo_path)


def test_edit_save_and_breadcrumb():
    with demo() as p:
        p.change(1, "Gort statue", "value", 150)
        out = p.line("changes", "Items › Gort statue*> ")
        assert "Value: $120 → $150" in out, out
        p.line("save", "saved Gort statue")
        p.expect(ITEMS)
        assert value_of(p.demo_path, 1) == 150


def test_back_over_unsaved_edits_asks_and_no_keeps_them():
    with demo() as p:
        p.change(2, "Rusty spork", "value", 7)
        p.line("back", unsaved_question("Rusty spork", "Value"))
        p.line("", "Items › Rusty spork*> ")  # Enter alone keeps editing
        p.line("back", "[s/d/K] ")
        p.line("keep", "Items › Rusty spork*> ")
        p.line("back", "[s/d/K] ")
        p.line("d", "discarded edits in Items › Rusty spork (Value)")
        p.expect(ITEMS)
        assert value_of(p.demo_path, 2) == 2


def test_ctrl_c_drops_the_partial_line_and_never_exits():
    with demo() as p:
        p.send("open 3")
        p.interrupt()
        p.expect(ITEMS)
        out = p.line("where", ITEMS)
        assert "1  Items" in out and "error" not in out, out
        assert p.child.isalive()
        # Ctrl-C in a record with edits keeps them.
        p.change(3, "Hoverboard", "value", 1)
        p.interrupt()
        p.expect("Items › Hoverboard*> ")
        out = p.line("changes", "Items › Hoverboard*> ")
        assert "Value: $950 → $1" in out, out


def test_ctrl_c_right_after_typing_is_not_lost():
    # Sent in the same breath as the keys: the SIGINT may land while libedit
    # is busy between two reads; navsh's read function still sees it.
    with demo() as p:
        for _ in range(5):
            p.send("open 3")
            p.interrupt(after=0)
            p.expect(ITEMS)
        out = p.line("where", ITEMS)
        assert "error" not in out, out


def test_ctrl_d_at_a_clean_root_exits_0():
    with demo() as p:
        p.child.sendeof()
        p.exited()
        assert p.child.exitstatus == 0, p.child.exitstatus


def test_ctrl_d_over_unsaved_edits_asks_first():
    with demo() as p:
        p.change(1, "Gort statue", "value", 999)
        p.child.sendeof()
        p.expect(unsaved_question("Gort statue", "Value"))
        p.line("", "Items › Gort statue*> ")
        p.child.sendeof()
        p.expect("[s/d/K] ")
        p.send("d\r")
        p.exited()
        assert p.child.exitstatus == 0
        assert value_of(p.demo_path, 1) == 120, "discarded, never saved"


def test_cjk_input_reaches_the_record():
    with demo() as p:
        p.open_row(5, "木彫りの熊")
        p.line("set name 木彫りの熊と鮭", "Items › 木彫りの熊と鮭*> ")
        p.line("save", ITEMS)
        assert fetch_one(p.demo_path, "SELECT name FROM Items WHERE id = 5")[0] == "木彫りの熊と鮭"


def test_errors_are_one_line_and_the_prompt_returns():
    with demo() as p:
        out = p.line("set name x", ITEMS)
        assert "error: 'set' works in a record; open one first (open N)" in out, out


def test_history_recalls_earlier_lines():
    with demo() as p:
        p.open_row(4, "Flux capacitor")
        p.line("back", ITEMS)
        p.send("\x1b[A\x1b[A")  # up, up: back to "open 4"
        p.send("\r")
        p.expect("Items › Flux capacitor> ")


def test_tab_completes_commands_fields_and_rows():
    with demo() as p:
        # libedit redraws the line with cursor escapes, so the completed text
        # is checked by its effect: the command it makes.
        p.send("op\t")
        p.send("Go\t")
        p.send("\r")
        p.expect("Items › Gort statue> ")
        p.send("set va\t150\r")
        p.expect("Items › Gort statue*> ")
        out = p.line("changes", "Items › Gort statue*> ")
        assert "Value: $120 → $150" in out, out
        # Several candidates: the first Tab adds nothing, the second lists them.
        p.send("s\t\t")
        p.expect("save")
        p.expect("set")
        p.expect("show")
        p.expect("Items › Gort statue*> s")
        p.send("\x15")  # Ctrl-U clears the line
        p.line("back!", ITEMS)


def test_second_tab_lays_candidates_out_in_columns():
    # The listing is the prompt's look (CompletionList), handed to the line
    # editor: side by side in columns, not one a line. After a Tab that
    # completed part of the word (`sa` to `save`, which save and save!
    # share), the next Tab lists them, as readline's does (it took a third
    # Tab; the trial's find).
    with demo() as p:
        p.line("op 1", "Items › Gort statue> ")
        for typed, listing in (("s", r"save +save! +set +show\r\n"), ("sa", r"save +save!\r\n")):
            p.send(typed + "\t\t")
            p.child.expect(listing)
            p.send("\x15")
        p.line("back", ITEMS)


def test_long_errors_and_questions_break_at_spaces():
    """On a narrow terminal an error and a question are broken between
    words, not by the terminal mid-word (`sav` / `e!`, `300000` split in two;
    the trial's find): their rows on screen, joined by spaces, are the text."""
    def rows_between(screen, first, last):
        start = next(i for i, row in enumerate(screen) if row.startswith(first))
        end = next(i for i in range(start, len(screen)) if last in screen[i])
        return screen[start:end + 1]

    with demo(cols=30) as p:
        p.line("op 1", "> ")
        p.send("set value not a number at all\r")
        p.expect("> ")
        rows = rows_between(p.screen(), "error: ", "(12.50)")
        assert len(rows) > 2 and all(len(row) <= 30 for row in rows), rows
        assert " ".join(row.strip() for row in rows) == (
            "error: Value: 'not a number at all' is not an amount in dollars and cents; "
            "type at most two decimals (12.50)"), rows
        p.line("set value 150", "*> ")
        p.send("back\r")
        p.expect("[s/d/K]")
        rows = rows_between(p.screen(), "Unsaved: ", "[s/d/K]")
        assert all(len(row) <= 30 for row in rows), rows
        assert " ".join(row.strip() for row in rows) == (
            "Unsaved: Items › Gort statue (Value). Save, discard, or keep editing? [s/d/K]"), rows
        p.send("d\r")
        p.expect(ITEMS)


def test_ambiguous_abbreviation_does_nothing():
    with demo() as p:
        p.line("op 2", "Items › Rusty spork> ")
        out = p.line("s", "Items › Rusty spork> ")
        assert "error: 's' is ambiguous: save set show" in out, out


def test_edit_prefills_a_cjk_value_and_moves_over_it():
    with demo() as p:
        p.open_row(5, "木彫りの熊")
        p.edit("name", "Name")
        p.expect("木彫りの熊")
        # Left twice over double-width characters, then type: lands before の.
        p.send("\x1b[D\x1b[D")
        p.send("大\r")
        p.expect("Items › 木彫り大の熊*> ")
        # A refused value re-opens the editor with what was typed.
        p.edit("value", "Value")
        p.send("\x15lots\r")
        p.expect("error: Value: 'lots' is not a whole number")
        p.expect("Value: ")
        p.interrupt()  # Ctrl-C cancels and keeps the old value
        p.expect("Value unchanged")
        p.line("save", ITEMS)
        assert fetch_one(p.demo_path, "SELECT name, value FROM Items WHERE id = 5") == ("木彫り大の熊", 45)


def test_unsaved_question_can_save():
    with demo() as p:
        p.change(3, "Hoverboard", "value", 1)
        p.line("quit", unsaved_question("Hoverboard", "Value"))
        p.send("s\r")
        p.expect("saved Hoverboard")
        p.exited()
        assert p.child.exitstatus == 0
        assert value_of(p.demo_path, 3) == 1


def test_history_survives_a_restart_and_is_private():
    with demo(keep_home=True) as p:
        p.open_row(4, "Flux capacitor")
        p.line("back", ITEMS)
        p.line(" where", ITEMS)  # a leading space keeps a line out of history
        p.line("quit", "")
        p.child.expect(pexpect.EOF)
    files = os.listdir(p.history_folder)
    assert len(files) == 1 and files[0].startswith("demo-"), files
    assert oct(os.stat(os.path.join(p.history_folder, files[0])).st_mode & 0o777) == "0o600"
    with demo(home=p.home) as q:
        out = q.line("history", ITEMS)
        assert "open 4" in out and "back" in out and "where" not in out, out
        q.send("\x1b[A\x1b[A\x1b[A\x1b[A\r")  # history, quit, back, open 4
        q.expect("Items › Flux capacitor> ")


def test_sigterm_saves_history_not_edits():
    with demo() as p:
        p.change(2, "Rusty spork", "value", 77)
        p.child.kill(15)
        p.exited()
        assert p.child.exitstatus == 143 or p.child.signalstatus is None and p.child.status >> 8 == 143, p.child.status
        assert value_of(p.demo_path, 2) == 2
        folder = p.history_folder
        with open(os.path.join(folder, os.listdir(folder)[0]), encoding="utf-8", errors="replace") as f:
            assert "set value 77" in f.read().replace("\\040", " ")


def test_leaving_the_prompt_checkpoints_the_wal():
    """A save made at the prompt is in the file itself once navsh ends, as
    after a script: navsh closes the store (the last connection checkpoints
    and removes FILE-wal) on quit and on SIGTERM alike (the trial's find:
    the prompt left FILE-wal and FILE-shm behind)."""
    for leave in ("quit", "sigterm"):
        with demo() as p:
            assert os.path.exists(p.demo_path + "-wal"), "the demo store is in WAL mode while open"
            p.change(1, "Gort statue", "value", 151)
            p.line("save", "saved Gort statue")
            p.expect(ITEMS)
            if leave == "quit":
                p.child.sendline("quit")
            else:
                p.child.kill(15)
            p.exited()
            assert not os.path.exists(p.demo_path + "-wal"), leave
            assert value_of(p.demo_path, 1) == 151


def test_sigterm_at_the_prompt_reaches_navsh_alone():
    """A trial's find: SIGTERM sent to navsh alone at the prompt also ended
    the shell script that ran it (libedit re-sends a caught signal to the
    whole process group). The script goes on after navsh, which exits 143."""
    home = tempfile.mkdtemp(prefix="navsh-pty-")
    try:
        child = pexpect.spawn("bash", ["-c", f"HOME='{home}' NO_COLOR=1 '{NAVSH}'; echo after navsh: $?; sleep 0.5"],
                              encoding="utf-8", timeout=10)
        child.expect(ITEMS)
        navsh = int(subprocess.run(["pgrep", "-P", str(child.pid)], capture_output=True, text=True).stdout.split()[0])
        os.kill(navsh, 15)
        child.expect("after navsh: 143")
        child.expect(pexpect.EOF)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def test_resize_is_followed_on_the_next_render():
    with demo(cols=80) as p:
        wide = p.line("show", ITEMS)
        assert "Vintage typewriter    $300  20" in wide, wide
        p.child.setwinsize(24, 30)  # SIGWINCH
        time.sleep(0.3)
        narrow = p.line("show", ITEMS)
        rows = [line for line in narrow.splitlines() if line.startswith("   ")]
        assert rows and all(len(line) <= 30 for line in rows), narrow
        assert not any("2026-" in line for line in rows), "the rightmost detail column goes first"


def test_history_drops_consecutive_duplicates_and_survives_sighup():
    with demo(keep_home=True) as p:
        for line in ["where", "where", "show", "where"]:
            p.line(line, ITEMS)
        p.child.kill(1)  # SIGHUP: the terminal went away
        p.exited()
        assert p.child.exitstatus == 129, p.child.status
    with demo(home=p.home) as q:
        out = q.line("history", ITEMS)
        entries = [line.split(None, 1)[1] for line in out.splitlines() if line.strip()[:1].isdigit()]
        assert entries == ["where", "show", "where", "history"], entries


def test_color_only_without_no_color():
    with Prompt(color=True) as p:
        p.expect("Items")
        p.expect("> ")
        p.line("open 1", "Gort statue")
        p.expect("\x1b[0m\x1b[1mGort statue")
    with Prompt(color=False) as q:
        out = q.expect(ITEMS)
        out += q.open_row(1, "Gort statue")
        assert "\x1b[" not in out, repr(out)


# The title is a generated column that takes milliseconds a row to compute
# (it depends on the row, so SQLite cannot compute it once), so looking a
# title up scans for seconds. The column is added after the rows, so making
# the table costs nothing.
SLOW_TABLE = """
    CREATE TABLE slow (id INTEGER PRIMARY KEY);
    WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 400)
    INSERT INTO slow (id) SELECT i FROM c;
    ALTER TABLE slow ADD COLUMN heavy TEXT GENERATED ALWAYS AS
        ('Row ' || id || ' ' || length(replace(replace(hex(zeroblob(400000 + id)), '0', 'ab'), 'a', 'cd'))) VIRTUAL;
"""


def test_ctrl_c_stops_a_long_command():
    with scratch_database("slow.sqlite", SLOW_TABLE) as path, Prompt([path], rows=8) as p:
        p.expect("slow> ")
        p.send("open no such row\r")
        p.interrupt(after=0.5)
        p.expect("error: interrupted; nothing changed")
        p.expect("slow> ")
        assert p.child.isalive()


def test_a_wait_for_a_lock_says_so_and_ctrl_c_ends_it():
    """The tmux trial's find: `show` on a file another process was writing
    sat five silent seconds, deaf to Ctrl-C. After half a second it says
    that it waits; Ctrl-C ends the wait, and the prompt comes back at once."""
    with scratch_database("locked.sqlite", "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);"
                          "INSERT INTO t VALUES (1, 'a');") as path, Prompt([path]) as p:
        p.expect("t> ")
        other = sqlite3.connect(path, isolation_level=None)
        try:
            other.execute("BEGIN EXCLUSIVE")
            other.execute("UPDATE t SET name = 'b'")
            started = time.monotonic()
            p.send("show\r")
            p.expect("another process holds a lock on the file; waiting up to 5 s (Ctrl-C stops)")
            p.interrupt(after=0.1)
            # Ended by Ctrl-C: interrupted, not "locked" (a trial's find).
            p.expect("error: interrupted; nothing changed")
            p.expect("t> ")
            # The five-second wait this guards against, not a speed target.
            assert time.monotonic() - started < 4, "Ctrl-C ended the wait"
            screen = "\n".join(p.screen())
            assert screen.count("waiting up to 5 s") == 1, screen
        finally:
            other.execute("ROLLBACK")
            other.close()
        p.line("show", "1  a")


def test_carvalet_edit_make_prompts_with_the_spec_label_and_hint():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    example = os.path.join(root, "examples", "carvalet")
    with open(os.path.join(example, "carvalet.sql"), encoding="utf-8") as sql:
        schema = sql.read()
    with scratch_database("cars.sqlite", schema) as path, \
            Prompt(["--spec", os.path.join(example, "carvalet.yaml"), path]) as p:
        p.expect("Cars> ")
        p.line("new", "Cars › ")
        p.send("edit make\r")
        p.expect("e.g. Car Make")
        p.expect("Enter the Make: ")
        p.line("Subaru", "Subaru*> ")
        p.edit("model", "Enter the Model")
        p.line("Outback", "Subaru Outback*> ")
        p.line("save", "Cars> ")
        assert fetch_one(path, "SELECT make, model FROM cars ORDER BY id DESC LIMIT 1") == ("Subaru", "Outback")


def test_question_asks_again_and_type_ahead_is_no_answer():
    """Issue 8, item 19: keys typed before the question showed are not an
    answer, an answer that is not a choice asks again, and S is save only."""
    with demo() as p:
        p.change(2, "Rusty spork", "value", 7)
        p.send("back\rs\r")  # "s" typed ahead, before the question
        p.expect("ignored 1 line typed before this question")
        p.expect("Save, discard, or keep editing? [s/d/K] ")
        time.sleep(0.5)
        assert value_of(p.demo_path, 2) == 2, "a typed-ahead line answered the question"
        p.line("x", "please answer s (save), d (discard) or k (keep editing)")
        p.expect("[s/d/K] ")
        p.line("k", "Items › Rusty spork*> ")
        assert value_of(p.demo_path, 2) == 2


def test_field_editor_up_arrow_offers_values_not_commands():
    """Issue 8, item 20: Up in `edit FIELD` walks earlier values of that
    field, never the command history."""
    with demo() as p:
        p.open_row(1, "Gort statue")
        # Each time: clear the editor, then the keys; the record takes the value.
        for keys, name in [("\x1b[AX", "X"), ("Y", "Y"), ("\x1b[A\x1b[A", "X")]:  # Up; Y; Up twice: X, the value before Y
            p.edit("name", "Name")
            p.line("\x15" + keys, f"Items › {name}*> ")
        p.line("save", ITEMS)
        assert fetch_one(p.demo_path, "SELECT name FROM Items WHERE id = 1") == ("X",)


def test_a_change_elsewhere_is_announced_before_the_prompt():
    """Issue 8, item 1: a record frame takes another process's change only
    while saying so, before the next prompt."""
    with demo() as p:
        p.open_row(1, "Gort statue")
        with sqlite3.connect(p.demo_path) as db:
            db.execute("UPDATE Items SET value = 200 WHERE id = 1")
        p.line("", "Value: 120 → 200 (changed elsewhere)")
        p.expect("Items › Gort statue> ")
        p.line("set value 150", "Items › Gort statue*> ")
        p.line("save", "saved Gort statue")
        assert value_of(p.demo_path, 1) == 150



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
