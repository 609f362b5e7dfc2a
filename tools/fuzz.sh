#!/usr/bin/env bash
# Builds every libFuzzer target (fuzz/fuzz_expr.c: the expression parser and engines;
# fuzz/fuzz_diff.c: random expression trees on Dnum, Dvec, Dnum2 and Dnumk compared) with clang
# -fsanitize=fuzzer,address,undefined and runs each for SECONDS (default 30: the CI smoke
# run) from its seed corpus fuzz/corpus/<target>/. New inputs go to build-fuzz/corpus-*
# (the committed seeds are not modified); crashes are written to build-fuzz/ and fail.
# usage: bash tools/fuzz.sh [SECONDS] [extra libFuzzer flags...]
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/deps.sh
dn_need clang libclang-rt-14-dev
secs=${1:-30}
shift || true
out=build-fuzz
# every target: fuzz/fuzz_<name>.c with its seed corpus fuzz/corpus/<name>/
for t in expr diff; do
    mkdir -p "$out/corpus-$t"
    # the whole library but src/inlines.c (the exported fixed-order copies, unused here)
    src="fuzz/fuzz_$t.c $(ls src/*.c src/dispatch/*.c | grep -v '/inlines\.c$' | tr '\n' ' ')"
    exe="$out/fuzz_$t"
    if [ ! -x "$exe" ] || [ -n "$(find fuzz src include -newer "$exe" -name '*.[ch]' | head -1)" ]; then
        echo "building $exe (clang, fuzzer+address+undefined)" >&2
        # shellcheck disable=SC2086
        clang -std=c11 -g -O1 -Wno-psabi -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
            -Iinclude -Isrc $src -lm -o "$exe"
    fi
    echo "fuzz_$t: $secs s" >&2
    ASAN_OPTIONS=detect_leaks=1 "$exe" -max_total_time="$secs" -max_len=4096 -timeout=10 \
        -rss_limit_mb=2048 -artifact_prefix="$out/$t-" -print_final_stats=1 "$@" \
        "$out/corpus-$t" "fuzz/corpus/$t"
done
