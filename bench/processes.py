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


def report(name, heading, runs, navsh_label, peer_label):
    """Prints the medians of (navsh, peer) pairs of `timed` results and the median of their ratios."""
    import statistics
    navsh_s = statistics.median(r[0][0] for r in runs)
    peer_s = statistics.median(r[1][0] for r in runs)
    ratio = statistics.median(r[0][0] / r[1][0] for r in runs)
    print(f"{name}: {heading}, median of {len(runs)} runs, whole processes")
    print(f"  {navsh_label:<26} {navsh_s * 1000:9.1f} ms  peak RSS {max(r[0][1] for r in runs):6.1f} MiB")
    print(f"  {peer_label:<26} {peer_s * 1000:9.1f} ms  peak RSS {max(r[1][1] for r in runs):6.1f} MiB")
    print(f"  {'ratio (median of pairs)':<26} {ratio:9.2f}x  (target <= 2x)")
