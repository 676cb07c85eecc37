#!/usr/bin/env python3
"""PostgreSQL fault tests: a server that restarts under navsh.

Usage: pg_faults.py NAVSH_BINARY

Starts a throwaway server of its own (scripts/pg-test-server), since it
restarts it: `swift test` shares the suite's server with other tests.

1. `pg_ctl restart` between `set` and `save` in a running navsh: the
   buffer is kept and the save writes (the connection is opened again),
   and the value is in the table.
2. `pg_ctl restart` in the middle of an --atomic script: navsh exits 1
   with a message saying the transaction was rolled back, and nothing of
   the script was written.
Exits 1 on any failure.
"""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from navsh_pipe import Coprocess  # noqa: E402

SCHEMA = """
CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, body text);
INSERT INTO items VALUES (1, 'Kettle'), (2, 'Teapot');
"""


def psql(url, sql):
    result = subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-A", "-t", "-d", url, "-c", sql],
                            capture_output=True, text=True, check=True)
    return result.stdout.strip()


def restart(env):
    command = [env["NAVSH_TEST_POSTGRES_BIN"] + "/pg_ctl", "-D", env["NAVSH_TEST_POSTGRES_DIR"] + "/data",
               "-l", env["NAVSH_TEST_POSTGRES_DIR"] + "/server.log", "-w", "-m", "fast", "restart"]
    if os.getuid() == 0:
        command = ["runuser", "-u", "postgres", "--"] + command
    subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)


def main():
    binary = os.path.abspath(sys.argv[1])
    started = subprocess.run([os.path.join(ROOT, "scripts/pg-test-server"), "start"], capture_output=True, text=True)
    if started.returncode != 0:
        sys.exit(f"pg_faults: no server: {started.stderr}")
    env = {}
    for line in started.stdout.splitlines():
        key, _, value = line.removeprefix("export ").partition("=")
        env[key] = value.strip("'")
    failures = []
    try:
        url = env["NAVSH_TEST_POSTGRES_URL"]
        psql(url, SCHEMA)
        home = os.path.join(env["NAVSH_TEST_POSTGRES_DIR"], "home")
        os.makedirs(home)

        navsh = Coprocess(binary, url, home)
        navsh.run("open items", "open 1", "set name Whistling kettle")
        restart(env)
        reply = navsh.run("save")
        # The lost connection is said in one line (on stderr: no frame), then the save writes.
        if reply.notices[0] != ["the connection to the server was lost; reconnected"] \
                or not reply.stdout[0].startswith("saved"):
            failures.append(f"save after a restart: {reply.stdout[0]!r} {reply.notices} {reply.errors}")
        navsh.process.stdin.close()
        navsh.process.wait(timeout=20)
        if psql(url, "SELECT name FROM items WHERE id = 1") != "Whistling kettle":
            failures.append("the save after the restart is not in the table")

        atomic = subprocess.Popen([binary, "--atomic", url], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        atomic.stdin.write("open items\nopen 2\nset name Big teapot\nsave\n")
        atomic.stdin.flush()
        time.sleep(1.5)
        restart(env)
        out, err = atomic.communicate("open 1\nset name Kettle again\nsave\n", timeout=30)
        if atomic.returncode != 1 or "transaction was rolled back" not in err:
            failures.append(f"--atomic across a restart: exit {atomic.returncode}, {err.strip()!r}")
        if psql(url, "SELECT string_agg(name, ',' ORDER BY id) FROM items") != "Whistling kettle,Teapot":
            failures.append("the --atomic script's writes are in the table")
    finally:
        subprocess.run([os.path.join(ROOT, "scripts/pg-test-server"), "stop", env.get("NAVSH_TEST_POSTGRES_DIR", "")])
    for failure in failures:
        print(f"pg_faults: FAILED: {failure}")
    print("pg_faults: " + ("passed" if not failures else f"{len(failures)} failures"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
