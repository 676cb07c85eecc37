#!/usr/bin/env bash
# The full concurrency run of the PostgreSQL store: 50 processes x 40
# conflict-checked saves of random values on the same 20 rows, an audit
# trigger recording every committed change, then the checks of
# Tests/Stress/lost_updates.py (no save overwrote a value its process had
# not read, every refused save exited non-zero, every reported save is in
# the audit log). A throwaway server is started and removed unless
# NAVSH_TEST_POSTGRES_URL names one. Builds nothing: pass the navsh binary,
# or it uses .build/debug/navsh. Extra arguments go to lost_updates.py.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=.build/debug/navsh
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  binary=$1
  shift
fi
[ -x "$binary" ] || { echo "stress-postgres: no navsh at $binary; run swift build or pass the binary" >&2; exit 2; }

if [ -z "${NAVSH_TEST_POSTGRES_URL:-}" ]; then
  NAVSH_REQUIRE_POSTGRES=1 exec scripts/pg-test-server run "$0" "$binary" "$@"
fi
exec python3 Tests/Stress/lost_updates.py "$binary" --postgres "$NAVSH_TEST_POSTGRES_URL" \
  --processes 50 --saves 40 --rows 20 "$@"
