#!/usr/bin/env bash
# `make install` into a fresh PREFIX, then what a user would check: the
# binary runs, `man -l` renders the page, bash sources the completion (and
# zsh and fish parse theirs when installed); `make uninstall` removes it all.
# BUILD=debug (the default from `make test-install`) installs the debug build.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
make --no-print-directory install PREFIX="$prefix" BUILD="${BUILD:-release}"

# Read whole, then matched: `navsh --help | grep -q` under pipefail failed
# when grep left first and navsh's last write met a closed pipe (SIGPIPE).
version=$("$prefix/bin/navsh" --version)
grep -q '^navsh .* (SQLite [0-9.]*)$' <<<"$version" || { echo "FAIL: navsh --version" >&2; exit 1; }
help=$("$prefix/bin/navsh" --help)
grep -q 'USAGE:' <<<"$help" || { echo "FAIL: navsh --help" >&2; exit 1; }
# The installed binary runs a script against a file of its own.
work=$(mktemp -d)
trap 'rm -rf "$prefix" "$work"' EXIT
printf 'where\n' | HOME="$work" XDG_DATA_HOME="$work/data" "$prefix/bin/navsh" > "$work/out" \
    || { echo "FAIL: the installed navsh did not run a script" >&2; exit 1; }

# A PostgreSQL URL is run by the installed navsh-postgres beside it: with no
# server on port 1 it fails to connect, not for want of the companion.
[ -x "$prefix/bin/navsh-postgres" ] || { echo "FAIL: navsh-postgres not installed" >&2; exit 1; }
if "$prefix/bin/navsh" 'postgres://nobody@127.0.0.1:1/none?sslmode=disable' -c show 2> "$work/err"; then
    echo "FAIL: navsh opened a server on port 1" >&2; exit 1
fi
if grep -q 'needs navsh-postgres' "$work/err" || ! grep -q '^navsh: ' "$work/err"; then
    echo "FAIL: the installed navsh did not reach navsh-postgres: $(cat "$work/err")" >&2; exit 1
fi

page=$(MANWIDTH=80 man -l "$prefix/share/man/man1/navsh.1" 2>/dev/null) || { echo "FAIL: man -l cannot render navsh.1" >&2; exit 1; }
grep -q 'navsh' <<<"$page" && grep -q -- '--dry-run' <<<"$page" || { echo "FAIL: the man page lacks its options" >&2; exit 1; }
# MANPATH finds it by name under PREFIX/share/man, as after a real install.
MANPATH="$prefix/share/man" man -w navsh >/dev/null || { echo "FAIL: man cannot find navsh under PREFIX" >&2; exit 1; }

bash -c "source '$prefix/share/bash-completion/completions/navsh' && complete -p navsh" >/dev/null \
    || { echo "FAIL: bash cannot source the completion" >&2; exit 1; }
if command -v zsh >/dev/null; then zsh -n "$prefix/share/zsh/site-functions/_navsh" || { echo "FAIL: zsh completion" >&2; exit 1; }; fi
if command -v fish >/dev/null; then fish -n "$prefix/share/fish/vendor_completions.d/navsh.fish" || { echo "FAIL: fish completion" >&2; exit 1; }; fi
[ -s "$prefix/share/zsh/site-functions/_navsh" ] && [ -s "$prefix/share/fish/vendor_completions.d/navsh.fish" ] \
    || { echo "FAIL: zsh or fish completion missing" >&2; exit 1; }

make --no-print-directory uninstall PREFIX="$prefix"
left=$(find "$prefix" -type f)
[ -z "$left" ] || { echo "FAIL: make uninstall left $left" >&2; exit 1; }
echo "install test passed (BUILD=${BUILD:-release})"
