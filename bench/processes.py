"""What the Python benchmarks share: a process timed whole, with its peak RSS."""
import os
import subprocess
import time


def timed(command, stdin=None, name="bench"):
    """Seconds and peak RSS in MiB of one process; its failure ends the benchmark."""
    start = time.monotonic()
    process = subprocess.Popen(command, stdin=subprocess.PIPE if stdin else None,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if stdin:
        process.stdin.write(stdin.encode())
        process.stdin.close()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{name}: {command[0]} failed: {process.stderr.read()[-300:]!r}")
    return elapsed, usage.ru_maxrss / 1024


def make_tracks(path, rows, composer):
    """A SQLite file of `rows` tracks, each's composer `composer(i)`."""
    import sqlite3
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE tracks (id INTEGER PRIMARY KEY, name TEXT NOT NULL, composer TEXT, ms INTEGER)")
    db.executemany("INSERT INTO tracks VALUES (?, ?, ?, ?)", (
        (i, f"Track {i}", composer(i), 180_000 + i % 120_000) for i in range(1, rows + 1)))
    db.commit()
    db.close()
