#!/usr/bin/env bash
# Builds every libFuzzer target (fuzz/fuzz_expr.c: the expression parser and engines;
# fuzz/fuzz_diff.c: random expression trees on Dnum, Dvec, Dnum2 and Dnumk compared;
# fuzz/fuzz_opt.c: random objectives through the one-pass, plan and dense drivers
# compared) with clang -fsanitize=fuzzer,address,undefined and runs each for SECONDS
# (default 30: the CI smoke run) from its seed corpus fuzz/corpus/<target>/. The library
# is compiled once (two jobs) into build-fuzz/obj and linked into each target. New inputs
# go to build-fuzz/corpus-* (the committed seeds are not modified); crashes are written to
# build-fuzz/ and fail.
# usage: bash tools/fuzz.sh [SECONDS] [extra libFuzzer flags...]
#        DN_FUZZ_TARGETS="diff opt" bash tools/fuzz.sh ...   (some targets only)
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/deps.sh
dn_need clang libclang-rt-14-dev
secs=${1:-30}
shift || true
out=build-fuzz
flags=(-std=c11 -g -O1 -Wno-psabi -fsanitize=address,undefined -fno-sanitize-recover=undefined
    -Iinclude -Isrc)
# the library, but src/inlines.c (the exported fixed-order copies, unused here): each source
# compiled again when it, or any header, is newer than its object
mkdir -p "$out/obj"
newest=$(find include src -name '*.h' -printf '%T@\n' | sort -n | tail -1)
objs=() todo=()
for s in src/*.c src/dispatch/*.c; do
    [ "$s" = src/inlines.c ] && continue
    o="$out/obj/$(echo "${s%.c}" | tr / _).o"
    objs+=("$o")
    if [ ! -f "$o" ] || [ "$s" -nt "$o" ] || [ "$(stat -c %Y "$o")" -lt "${newest%.*}" ]; then
        todo+=("$s" "$o")
    fi
done
printf '%s\n' "${todo[@]}" | DN_FUZZ_FLAGS="${flags[*]}" xargs -r -P 2 -n 2 sh -c \
    'echo "compiling $0" >&2; clang $DN_FUZZ_FLAGS -fsanitize=fuzzer-no-link -c "$0" -o "$1"'
# every target: fuzz/fuzz_<name>.c with its seed corpus fuzz/corpus/<name>/
for t in ${DN_FUZZ_TARGETS:-expr diff opt}; do
    mkdir -p "$out/corpus-$t"
    exe="$out/fuzz_$t"
    if [ ! -x "$exe" ] || [ -n "$(find fuzz src include -newer "$exe" -name '*.[ch]' | head -1)" ]; then
        echo "building $exe (clang, fuzzer+address+undefined)" >&2
        clang "${flags[@]}" -fsanitize=fuzzer "fuzz/fuzz_$t.c" "${objs[@]}" -lm -o "$exe"
    fi
    echo "fuzz_$t: $secs s" >&2
    ASAN_OPTIONS=detect_leaks=1 "$exe" -max_total_time="$secs" -max_len=4096 -timeout=10 \
        -rss_limit_mb=2048 -artifact_prefix="$out/$t-" -print_final_stats=1 "$@" \
        "$out/corpus-$t" "fuzz/corpus/$t"
done
