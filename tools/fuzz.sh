#!/usr/bin/env bash
# Builds the libFuzzer target of the expression parser (fuzz/fuzz_expr.c) with clang
# -fsanitize=fuzzer,address,undefined and runs it for SECONDS (default 30: the CI smoke
# run) from the seed corpus fuzz/corpus/expr/. New inputs go to build-fuzz/corpus (the
# committed seeds are not modified); crashes are written to build-fuzz/ and fail the run.
# usage: bash tools/fuzz.sh [SECONDS] [extra libFuzzer flags...]
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/deps.sh
dn_need clang libclang-rt-14-dev
secs=${1:-30}
shift || true
out=build-fuzz
mkdir -p "$out/corpus"
# the whole library but src/inlines.c (the exported fixed-order copies, unused here)
src="fuzz/fuzz_expr.c $(ls src/*.c | grep -v '/inlines\.c$' | tr '\n' ' ')"
if [ ! -x "$out/fuzz_expr" ] || [ -n "$(find fuzz src include -newer "$out/fuzz_expr" -name '*.[ch]' | head -1)" ]; then
    echo "building $out/fuzz_expr (clang, fuzzer+address+undefined)" >&2
    # shellcheck disable=SC2086
    clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -Iinclude -Isrc $src -lm -o "$out/fuzz_expr"
fi
export ASAN_OPTIONS=detect_leaks=1
"$out/fuzz_expr" -max_total_time="$secs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/" -print_final_stats=1 "$@" "$out/corpus" fuzz/corpus/expr
