"""Pseudo-terminal tests of lists at the prompt on the music example store:
Tab on references, the notice of rows changed elsewhere. Run through
test_prompt.py, which imports these test_ functions."""
import os
import sqlite3
import sys

from pty_prompt import Prompt, fetch_one, scratch_database

MUSIC_SQL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "music", "music.sql")

def music_store():
    """The music example's store (examples/music/music.sql) in a scratch folder."""
    with open(MUSIC_SQL, encoding="utf-8") as sql:
        return scratch_database("music.sqlite", sql.read())


def test_tab_on_a_reference_completes_the_referenced_titles():
    """Issue 10: `set ArtistId AC<Tab>` offers the artists' titles, not ids."""
    with music_store() as path, Prompt(args=[path]) as p:
        p.expect("music> ")
        p.line("open albums", "music › albums> ")
        p.line("open #5", "music › albums › Big Ones> ")
        # Two titles start with "ac" (ignoring case): the second Tab lists them.
        p.send("set ArtistId AC\t\t")
        assert p.screen()[-2:] == ["AC/DC   Accept", "music › albums › Big Ones> set ArtistId AC"], p.screen()[-3:]
        # One more character makes it unique: Tab completes the whole title.
        p.send("/\t\r")
        p.expect("music › albums › Big Ones*> ")
        out = p.line("changes", "music › albums › Big Ones*> ")
        assert "ArtistId: Aerosmith → AC/DC" in out, out
        # A title with spaces and accents completes whole too.
        p.send("set ArtistId antô\t\r")
        p.expect("music › albums › Big Ones*> ")
        out = p.line("changes", "music › albums › Big Ones*> ")
        assert "ArtistId: Aerosmith → Antônio Carlos Jobim" in out, out
        p.line("save", "saved Big Ones")
        p.expect("music › albums> ")
        assert fetch_one(path, "SELECT ArtistId FROM albums WHERE AlbumId = 5") == (4,)


def test_a_list_says_at_once_how_many_shown_rows_changed_elsewhere():
    """Issue 10: when another process changes rows of the shown list, one
    line before the next prompt says so; `show` then marks them."""
    with music_store() as path, Prompt(args=[path]) as p:
        p.expect("music> ")
        p.line("open albums", "music › albums> ")
        # A row past the page shown changes: nothing to say about the rows shown.
        with sqlite3.connect(path) as db:
            db.execute("UPDATE albums SET Year = 2001 WHERE AlbumId = 24")
        out = p.line("", "music › albums> ")
        assert "changed elsewhere" not in out, out
        with sqlite3.connect(path) as db:
            db.execute("UPDATE albums SET Year = 1985 WHERE AlbumId IN (2, 4)")
        p.line("", "2 rows shown changed elsewhere; show to see them")
        p.expect("music › albums> ")
        screen = p.screen()
        notice = screen.index("2 rows shown changed elsewhere; show to see them")
        assert screen[notice + 1] == "music › albums>", screen[notice - 1:]
        p.line("show", "music › albums> ")
        shown = p.screen()
        marked = [row for row in shown if row[4:6] == " ~"]
        assert [row.split()[2:4] for row in marked] == [["Back", "in"], ["Restless", "and"]], shown
        # In a filtered frame too, and only the rows it shows count.
        p.line("find wa", "music › albums › find \"wa\"> ")
        with sqlite3.connect(path) as db:
            db.execute("UPDATE albums SET Notes = 'Remastered' WHERE AlbumId = 6")
        p.line("", "1 row shown changed elsewhere; show to see it")
        p.expect("music › albums › find \"wa\"> ")




def test_double_tab_after_open_lists_numbers_with_titles():
    """Issue 14: `open <Tab><Tab>` lists `3 Gort statue`, not bare numbers;
    the number is what Tab inserts."""
    with music_store() as path, Prompt(args=[path]) as p:
        p.expect("music> ")
        p.line("open albums", "music › albums> ")
        p.send("open \t\t")
        p.expect("music › albums> open ")
        listed = " ".join(p.screen())
        assert "1 For Those About To Rock We Salute You" in listed, listed
        assert "2 Back in Black" in listed, listed
        # The number is what is inserted: the row opens by it.
        p.send("\x15open 2\t\r")
        p.expect("music › albums › Back in Black> ")
        p.line("back", "music › albums> ")
        # describe completes field names.
        out = p.line("describe Yea\t", "music › albums> ")
        assert "type   INTEGER" in out, out


def test_tab_matches_anywhere_in_a_title_and_counts_what_it_cut():
    """Issue 14: Tab finds titles holding the text anywhere, as `open TEXT`
    does; a cut list ends saying how many more match."""
    sql = ("CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT);"
           "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 500) "
           "INSERT INTO things (name) SELECT 'Row ' || i FROM c;"
           "INSERT INTO things (name) VALUES ('Gort statue');")
    with scratch_database("things.sqlite", sql) as path, Prompt(args=[path]) as p:
        p.expect("things> ")
        # "statue" is not at the start of the title: one match, completed whole.
        p.send("open statue\t\r")
        p.expect("things › Gort statue> ")
        p.line("back", "things> ")
        # 500 rows hold "row": 200 are listed, the note counts the rest.
        p.send("open row\t\t")
        p.expect("… and 300 more (type more letters)")
        p.send("\x15")


def test_a_confirmation_stays_on_screen_above_the_list_shown_again():
    """A trial's find: after `save`, `undo` or `back` answered `s`, the list drawn again filled
    the screen and pushed the confirmation off its top; a long one was
    broken mid-word."""
    with music_store() as path, Prompt(args=[path]) as p:
        p.expect("music> ")
        p.line("open albums", "music › albums> ")
        p.line("open 3", "music › albums › ")
        p.line("set Title Balls to the Wall, remastered", "*> ")
        for command, said in (("save", "saved "), ("undo", "undid the save of ")):
            p.line(command, "music › albums> ")
            screen = p.screen()
            confirmation = [i for i, line in enumerate(screen) if line.startswith(said)]
            title = [i for i, line in enumerate(screen) if line.startswith("   1 ")]  # the list's first row
            assert confirmation and title and confirmation[-1] < title[-1], screen
            # A one-line confirmation stands in for the list's title line: the page is drawn whole.
            whole = any(line.startswith("rows 1–20 of 24") for line in screen)
            assert whole == (command == "save"), screen
            # Broken at spaces: a line the terminal broke mid-word fills its width.
            assert all(len(line) < p.cols for line in screen[confirmation[-1]:title[-1]]), screen
        # `back` answered `s`: the save comes before the list too.
        p.line("open 3", "music › albums › ")
        p.line("set Title Balls to the Wall, live", "*> ")
        p.line("back", "[s/d/K] ")
        p.line("s", "music › albums> ")
        screen = p.screen()
        confirmation = [i for i, line in enumerate(screen) if line.startswith("saved ")]
        title = [i for i, line in enumerate(screen) if line.startswith("   1 ")]  # the list's first row
        assert confirmation and title and confirmation[-1] < title[-1], screen


def test_a_notice_of_changes_elsewhere_stays_on_screen_above_a_save():
    """An adversary's find: what changed elsewhere before a save was said,
    then scrolled away by the list drawn after the save."""
    with music_store() as path, Prompt(args=[path]) as p:
        p.expect("music> ")
        p.line("open albums", "music › albums> ")
        p.line("open 3", "music › albums › ")
        p.line("set Title Balls to the Wall, live", "*> ")
        with sqlite3.connect(path) as db:
            db.execute("UPDATE albums SET Year = 1999 WHERE AlbumId = 3")
        p.line("save", "music › albums> ")
        screen = p.screen()
        notice = [i for i, line in enumerate(screen) if "changed elsewhere" in line]
        saved = [i for i, line in enumerate(screen) if line.startswith("saved ")]
        title = [i for i, line in enumerate(screen) if line.startswith("   1 ")]  # the list's first row
        assert notice and saved and title and notice[0] < saved[-1] < title[-1], screen
