#!/bin/sh
# Writes scripts/navsh.order: the functions of the release binary that a
# session runs (start-up, a list, a record, an edit and its save, find,
# sort, help, at the prompt and in a script), one symbol a line. The
# release link places them together (the Makefile's LAYOUT_FLAGS), so a
# session touches a few hundred kilobytes of code instead of pages spread
# over 18 MB: less memory, fewer page faults at start-up (bench/README.md).
#
# Run it after changes that rename or add much of what a session runs; a
# stale file costs only memory (symbols it names that are gone are
# skipped, new ones are placed after it). Needs valgrind and python3.
set -eu
cd "$(dirname "$0")/.."
make --no-print-directory release ORDER_FILE=/nonexistent >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug .build/release/navsh "$work/navsh"
sqlite3 "$work/items.db" "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, value INTEGER, note TEXT);
  WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 500)
  INSERT INTO items SELECT i, 'Item ' || i, i, NULL FROM c;"
printf 'show\nopen 1\nset value 5\nsave\nopen #7\nset note x\nsave\nfind Item 4\nback\nsort name desc\nwhere value > 3\nback\ncount\nnext\nhelp\nquit\n' \
  > "$work/session.nav"
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/script.out" \
  "$work/navsh" "$work/items.db" -f "$work/session.nav" >/dev/null 2>&1
# A script as bench/bench.py runs them: edits by key, quiet, and far pages.
python3 -c 'print("open items"); [print(f"open #{k}\nset value {k * 3}\nsave") for k in range(1, 400, 7)]; print("page 20\nopen 5\nback\npage 3")' \
  > "$work/edits.nav"
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/edits.out" \
  "$work/navsh" "$work/items.db" --quiet -f "$work/edits.nav" >/dev/null 2>&1
python3 - "$work" <<'EOF'
import os, re, subprocess, sys
work = sys.argv[1]
# The prompt's own code (libedit, the runner) through a pseudo-terminal.
import pexpect
child = pexpect.spawn("valgrind", ["--tool=callgrind", "--demangle=no", f"--callgrind-out-file={work}/prompt.out",
                                   f"{work}/navsh", f"{work}/items.db"],
                      env={**os.environ, "HOME": work, "TERM": "xterm", "NO_COLOR": "1", "NAVSH_PAGER": ""}, encoding="utf-8", timeout=120)
child.expect("items> ")
for line in open(f"{work}/session.nav").read().splitlines():
    child.sendline(line)
    if line != "quit":
        child.expect("> ")
child.expect(pexpect.EOF)
names = set()
for out in ("script.out", "edits.out", "prompt.out"):
    for line in open(f"{work}/{out}", errors="replace"):
        match = re.match(r"^c?fn=\(\d+\) (.+)$", line.rstrip("\n"))
        if match:
            names.add(match.group(1))
symbols = subprocess.run(["nm", "--defined-only", f"{work}/navsh"], capture_output=True, text=True, check=True).stdout
code = {parts[2] for parts in (line.split(" ", 2) for line in symbols.splitlines()) if len(parts) == 3 and parts[1] in "tTwW"}
# Only functions in a section of their own can be placed: naming one that
# shares its object's `.text` (Foundation, CoreFoundation and ICU are built
# so) drags that whole object to the front, ahead of the code that matters.
objects = [line.strip() for line in open(".build/release/navsh.product/Objects.LinkFileList") if line.strip()]
static = sorted(os.path.join(root, name) for root, _, files in os.walk("/opt/swift/usr/lib/swift_static/linux")
                for name in files if name.endswith(".a"))
own = set()
for path in objects + static:
    listing = subprocess.run(["readelf", "-SW", path.strip('"')], capture_output=True, text=True).stdout
    own.update(re.findall(r"\] \.text\.(\S+) ", listing))
hot = sorted(names & code & own)
with open("scripts/navsh.order", "w") as f:
    f.write("".join(name + "\n" for name in hot))
print(f"scripts/navsh.order: {len(hot)} functions")
EOF
