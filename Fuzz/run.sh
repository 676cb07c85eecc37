#!/usr/bin/env bash
# Fuzzes navsh with libFuzzer (Swift's -sanitize=fuzzer).
#   Fuzz/run.sh TARGET SECONDS [libFuzzer options]   TARGET: tokenizer | session
#   Fuzz/run.sh smoke                                 both targets briefly (CI)
# The corpus grows in .build-fuzz/corpus/TARGET (not committed); crashes are
# written to Fuzz/crashes/. Add each crash, once fixed, to
# Fuzz/regressions/TARGET/: `swift test` replays every file there.
set -euo pipefail
cd "$(dirname "$0")/.."

build() {
  swift build -c release --product navsh-fuzz --scratch-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING >&2
}

fuzz() {
  local target=$1 seconds=$2
  shift 2
  mkdir -p ".build-fuzz/corpus/$target" Fuzz/crashes
  # Seed the corpus with the example scripts and the regressions.
  cp examples/*/*.nav Fuzz/regressions/"$target"/* ".build-fuzz/corpus/$target/" 2>/dev/null || true
  NAVSH_FUZZ_TARGET=$target .build-fuzz/release/navsh-fuzz ".build-fuzz/corpus/$target" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=4096 \
    -artifact_prefix="Fuzz/crashes/$target-" -print_final_stats=1 "$@"
}

case "${1:-}" in
  smoke)
    build
    fuzz tokenizer 20
    fuzz session 40
    ;;
  tokenizer|session)
    build
    fuzz "$@"
    ;;
  *)
    echo "usage: Fuzz/run.sh tokenizer|session SECONDS [libFuzzer options] | smoke" >&2
    exit 64
    ;;
esac
