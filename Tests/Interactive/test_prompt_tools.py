"""The prompt's tools (issue 11): $EDITOR for `edit`, the pager, the
startup file. Each replaces the real program by a tiny script that records
what it was given, so a test sees exactly what navsh handed over."""
import os
import shutil
import stat
import subprocess
import tempfile
import time

import pexpect

from pty_prompt import ITEMS, NAVSH, Prompt, fetch_one, scratch_database

GORT = "Items › Gort statue> "


class FakeEditor:
    """A script standing in for $EDITOR. Call N (from 1) copies the file it
    got to seen.N, records its mode and path, then exits with exit.N if
    present, else writes write.N over the file if present (else leaves it)."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="navsh-editor-")
        self.path = os.path.join(self.dir, "editor.sh")
        with open(self.path, "w") as script:
            script.write(f"""#!/bin/sh
d='{self.dir}'
n=$(( $(cat "$d/count" 2>/dev/null || echo 0) + 1 )); echo $n > "$d/count"
cp "$1" "$d/seen.$n"; stat -c %a "$1" > "$d/mode.$n"; echo "$1" > "$d/path.$n"
[ -f "$d/exit.$n" ] && exit $(cat "$d/exit.$n")
[ -f "$d/write.$n" ] && cat "$d/write.$n" > "$1"
exit 0
""")
        os.chmod(self.path, stat.S_IRWXU)

    def will(self, call, write=None, exit=None):
        if write is not None:
            with open(os.path.join(self.dir, f"write.{call}"), "w") as f:
                f.write(write)
        if exit is not None:
            with open(os.path.join(self.dir, f"exit.{call}"), "w") as f:
                f.write(str(exit))

    def read(self, name):
        with open(os.path.join(self.dir, name)) as f:
            return f.read()

    @property
    def calls(self):
        try:
            return int(self.read("count"))
        except FileNotFoundError:
            return 0

    def __enter__(self):
        return self

    def __exit__(self, *_):
        shutil.rmtree(self.dir, ignore_errors=True)


def test_edit_in_editor_takes_the_saved_text_through_the_same_checks():
    with FakeEditor() as editor, Prompt(env={"EDITOR": editor.path, "VISUAL": ""}) as p:
        p.expect(ITEMS)
        p.line("open 1", GORT)
        editor.will(1, write="Gort\nstatue, two lines\n")
        p.line("edit name --editor", "Items › Gort\\nstatue, two lines*> ")
        assert editor.read("seen.1") == "Gort statue\n", editor.read("seen.1")
        assert editor.read("mode.1").strip() == "600"
        assert not os.path.exists(editor.read("path.1").strip()), "the temporary file was left behind"
        p.line("save", "saved Gort")
        assert fetch_one(p.demo_path, "SELECT name FROM Items WHERE id = 1")[0] == "Gort\nstatue, two lines"
        # A value of several lines goes to the editor without --editor; left as it was, nothing changes.
        p.line("open 1", "> ")
        p.line("edit name", "Name unchanged")
        assert editor.calls == 2 and editor.read("seen.2") == "Gort\nstatue, two lines\n"
        # A value the field refuses is reported and the editor opens again on it.
        editor.will(3, write="lots\n")
        editor.will(4, exit=1)
        p.send("edit value --editor\r")
        p.expect("is not a whole number")
        p.expect("exited with status 1")
        p.expect("Value unchanged")
        assert editor.read("seen.4") == "lots\n", editor.read("seen.4")
        p.expect("> ")
        p.line("changes", "no unsaved changes")


def test_an_editor_that_fails_changes_nothing():
    with FakeEditor() as editor, Prompt(env={"VISUAL": editor.path + " --wait", "EDITOR": "false"}) as p:
        p.expect(ITEMS)
        p.line("open 1", GORT)
        editor.will(1, write="changed\n", exit=3)
        p.line("edit name --editor", "exited with status 3")
        p.expect("Name unchanged")
        p.expect(GORT)
        assert editor.calls == 1, "VISUAL comes before EDITOR"
        assert not os.path.exists(editor.read("path.1").strip())


class FakePager:
    """A script standing in for the pager: call N saves what it read to paged.N."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="navsh-pager-")
        self.path = os.path.join(self.dir, "pager.sh")
        with open(self.path, "w") as script:
            script.write(f"""#!/bin/sh
d='{self.dir}'
n=$(( $(cat "$d/count" 2>/dev/null || echo 0) + 1 )); echo $n > "$d/count"
cat > "$d/paged.$n"
echo "[paged $n]"
""")
        os.chmod(self.path, stat.S_IRWXU)

    def paged(self, n):
        with open(os.path.join(self.dir, f"paged.{n}")) as f:
            return f.read()

    @property
    def calls(self):
        try:
            with open(os.path.join(self.dir, "count")) as f:
                return int(f.read())
        except FileNotFoundError:
            return 0

    def __enter__(self):
        return self

    def __exit__(self, *_):
        shutil.rmtree(self.dir, ignore_errors=True)


def test_output_longer_than_the_terminal_goes_through_the_pager():
    with FakePager() as pager, Prompt(rows=12, env={"NAVSH_PAGER": pager.path, "PAGER": "false"}) as p:
        p.expect("Items> ")
        p.line("help", "[paged 1]")
        p.expect("Items> ")
        assert "import FILE" in pager.paged(1) and "help [COMMAND]" in pager.paged(1), pager.paged(1)
        # What fits is printed as it is.
        p.line("where", "Items> ")
        # A list page, which navsh cuts to the terminal itself, is not paged.
        p.line("show", "Items> ")
        p.line("next", "Items> ")
        assert pager.calls == 1


def test_sigterm_ends_the_pager_and_navsh():
    """SIGTERM while the pager shows output ends the pager and navsh, with
    143: navsh sat waiting for the pager's q (the trial's find). What the
    pager's shell started ends too: a shell that did not exec its command
    left less running on the terminal after navsh had gone (the next trial's
    find); here the pager's `sleep` stands for it. navsh runs under a shell,
    as from a person's: navsh leading the terminal's session, its end would
    hang up whatever it left there and hide it."""
    folder = tempfile.mkdtemp(prefix="navsh-pager-")
    home = tempfile.mkdtemp(prefix="navsh-pty-")
    pager = os.path.join(folder, "pager.sh")
    with open(pager, "w") as script:
        script.write(f"#!/bin/sh\ncat > /dev/null\nsleep 30 &\necho $! > '{folder}/sleep.pid'\n"
                     f"echo paging > '{folder}/started'\nwait\n")
    os.chmod(pager, stat.S_IRWXU)
    try:
        child = pexpect.spawn("bash", ["-c", f"HOME='{home}' NO_COLOR=1 NAVSH_PAGER='{pager}' PAGER=false '{NAVSH}'; "
                                             "echo after navsh: $?; sleep 3"],
                              encoding="utf-8", timeout=10, dimensions=(12, 80))
        child.expect(ITEMS)
        child.send("help\r")
        deadline = time.time() + 10
        while not os.path.exists(os.path.join(folder, "started")) and time.time() < deadline:
            time.sleep(0.05)
        assert os.path.exists(os.path.join(folder, "started")), "the pager never started"
        with open(os.path.join(folder, "sleep.pid")) as f:
            sleeper = int(f.read())
        navsh = int(subprocess.run(["pgrep", "-P", str(child.pid)], capture_output=True, text=True).stdout.split()[0])
        os.kill(navsh, 15)
        child.expect("after navsh: 143", timeout=5)
        time.sleep(0.3)
        alive = os.path.exists(f"/proc/{sleeper}")
        if alive:
            with open(f"/proc/{sleeper}/stat") as f:
                alive = not f.read().split(") ")[-1].startswith("Z")
        assert not alive, "the pager's child outlived navsh"
        child.expect(pexpect.EOF)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(home, ignore_errors=True)


def test_no_pager_when_turned_off():
    with FakePager() as pager:
        with Prompt(rows=12, env={"NAVSH_PAGER": "", "PAGER": pager.path}) as p:
            p.expect("Items> ")
            p.line("help", "import FILE")
            p.expect("Items> ")
        with Prompt(args=["--no-pager"], rows=12, env={"NAVSH_PAGER": pager.path}) as p:
            p.expect("Items> ")
            p.line("help", "import FILE")
            p.expect("Items> ")
        # $PAGER when NAVSH_PAGER is not set at all.
        with Prompt(rows=12, env={"PAGER": pager.path}) as p:
            p.expect("Items> ")
            p.line("help", "[paged 1]")
        assert pager.calls == 1


def write_rc(home, text):
    folder = os.path.join(home, "config", "navsh")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "navshrc")
    with open(path, "w") as f:
        f.write(text)
    return path


def test_startup_file_runs_before_the_prompt_and_its_errors_name_file_and_line():
    home = tempfile.mkdtemp(prefix="navsh-pty-")
    rc = write_rc(home, "# my settings\nsort name desc\n\nfrobnicate\ncolumns name\n")
    env = {"XDG_CONFIG_HOME": os.path.join(home, "config")}
    with Prompt(home=home, env=env, keep_home=True) as p:
        p.expect(f"{rc}:4: error: unknown command 'frobnicate'")
        listing = p.expect(ITEMS)
        names = [row.split(None, 1)[1] for row in listing.splitlines() if row[:4].strip().isdigit()]
        assert names == sorted(names, reverse=True) and names, listing
        assert "$120" not in listing, "columns name ran: values are not listed"
        p.line("open 1", "> ")
    # -X skips it.
    with Prompt(args=["-X"], home=home, env=env) as p:
        listing = p.expect(ITEMS)
        assert "error" not in listing and "$120" in listing, listing


def test_a_long_export_shows_its_progress_then_clears_it():
    rows = 300000
    with scratch_database("big.sqlite", "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n INTEGER);"
                          f"WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < {rows}) "
                          "INSERT INTO t (name, n) SELECT 'row ' || i, i FROM c;") as path:
        out = os.path.join(os.path.dirname(path), "rows.csv")
        with Prompt(args=[path]) as p:
            p.expect("> ")
            p.send(f"export {out}\r")
            p.child.expect(r"exporting \d+ / 300000 rows", timeout=60)
            p.child.expect_exact("exported 300,000 rows", timeout=120)
            p.expect("> ")
            assert not any("exporting" in row for row in p.screen()), p.screen()
        with open(out) as f:
            assert sum(1 for _ in f) == rows + 1


def test_a_long_import_shows_its_progress_then_clears_it():
    # Progress shows once a command has run a second: 60,000 rows took
    # 1.5 s here and under a second on a faster machine, where the line
    # never came. 200,000 rows take several seconds anywhere.
    rows = 200000
    with scratch_database("big.sqlite", "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n INTEGER);") as path:
        csv_path = os.path.join(os.path.dirname(path), "rows.csv")
        with open(csv_path, "w") as f:
            f.write("name,n\n")
            for i in range(rows):
                f.write(f"row {i},{i}\n")
        with Prompt(args=[path]) as p:
            p.expect("t (0)")
            p.expect("> ")
            p.send(f"import {csv_path}\r")
            p.child.expect(r"(checking|importing) \d+ / \d+ rows", timeout=60)
            p.child.expect_exact("imported 200,000 rows into t", timeout=120)
            p.expect("> ")
            assert not any("importing" in row or "checking" in row for row in p.screen()), p.screen()
            assert fetch_one(path, "SELECT count(*) FROM t") == (rows,)


def test_an_imports_bad_rows_are_one_line_each_on_a_terminal():
    # They were run together and wrapped as one paragraph.
    with scratch_database("bad.sqlite", "CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);") as path:
        csv_path = os.path.join(os.path.dirname(path), "rows.csv")
        with open(csv_path, "w") as f:
            f.write("n\nfirst\nsecond\nthird\n")
        with Prompt(args=[path], cols=80) as p:
            p.expect("t (0)")
            p.expect("> ")
            p.send(f"import {csv_path}\r")
            p.expect("> ")
            screen = p.screen()
            bad = [row for row in screen if row.startswith(csv_path + ":")]
            assert [row.split(": n: ")[0][len(csv_path):] for row in bad] == [":2", ":3", ":4"], screen
            assert all(row.endswith("is not a whole number") for row in bad), screen
            assert any(row.endswith("nothing was imported") for row in screen), screen
            assert fetch_one(path, "SELECT count(*) FROM t") == (0,)
