#!/usr/bin/env bash
# The long lost-update stress run (no save overwrites a value its process
# was not shown): 20 processes x 50 saves against one file, then the
# audit-log checks of Tests/Stress/lost_updates.py, then the row-identity
# attack. Builds nothing: pass the navsh binary, or it uses
# .build/debug/navsh (run `swift build` first). Extra arguments go to
# lost_updates.py (e.g. --seed 7 --max-sleep 0.1).
# Exits non-zero if any save overwrote a value its process was not shown.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=.build/debug/navsh
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  binary=$1
  shift
fi
if [ ! -x "$binary" ]; then
  echo "stress-lost-updates: no navsh at $binary; run swift build or pass the binary" >&2
  exit 2
fi

status=0
python3 Tests/Stress/lost_updates.py "$binary" --processes 20 --saves 50 "$@" || status=1
python3 Tests/Stress/row_identity.py "$binary" || status=1
exit $status
