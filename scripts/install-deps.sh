#!/usr/bin/env bash
# Installs what building and testing navsh needs on Debian, and nothing when
# it is already there: libedit-dev (the line editor), libsqlite3-dev (GRDB),
# pkg-config, and (with NAVSH_NEED_PEXPECT=1) pexpect for the pty tests.
# apt's lock can be held by another apt process, so installs wait for it and retry.
set -euo pipefail

packages=()
command -v pkg-config >/dev/null 2>&1 || packages+=(pkg-config)
pkg-config --exists libedit 2>/dev/null || packages+=(libedit-dev)
pkg-config --exists sqlite3 2>/dev/null || packages+=(libsqlite3-dev)
# With NAVSH_NEED_MAN=1 (make test-install): man and groff, to render the man page.
if [ "${NAVSH_NEED_MAN:-0}" = 1 ]; then
  command -v man >/dev/null 2>&1 || packages+=(man-db)
  command -v groff >/dev/null 2>&1 || packages+=(groff-base)
fi

if [ ${#packages[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing ${packages[*]} with apt-get" >&2
  for attempt in 1 2 3 4 5 6; do
    if $sudo apt-get -o DPkg::Lock::Timeout=60 update -qq \
      && $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=60 install -y -qq "${packages[@]}"; then
      break
    fi
    if [ "$attempt" = 6 ]; then
      echo "apt-get failed 6 times; install ${packages[*]} by hand" >&2
      exit 1
    fi
    echo "apt-get failed (attempt $attempt; the lock may be busy); retrying in 10 s" >&2
    sleep 10
  done
fi

# pexpect (driving the pty) and pyte (rendering the screen a person would
# see) come from PyPI, for whichever python3 is first on PATH.
if [ "${NAVSH_NEED_PEXPECT:-0}" = 1 ] && ! python3 -c 'import pexpect, pyte' 2>/dev/null; then
  python3 -m pip install --quiet pexpect pyte
fi
