#!/bin/bash
# Compile-time argument checks of the drivers (tests/bad_calls.c). Usage:
#   compile_fail.sh SRC INCLUDE_DIR 'C COMPILER COMMAND' ['C++ COMPILER COMMAND']
# Without BAD the file must compile warning-free; with -DBAD=k (every k marked in it) the
# compilation must fail, at the marked line, and in C with the error of the checks
# (dn_driver_argument_has_the_wrong_type, or "invalid operands to binary" for a pointer
# given as a count) rather than an error of the compiler's own; where the marked line says
# expects 'T', the C compiler's diagnostics name the type T (quoted, as gcc and clang do).
set -u
src=$1 inc=$2 cc=$3 cxx=${4:-}
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cases=$(grep -o 'BAD [0-9][0-9]*' "$src" | awk '{print $2}' | sort -n | uniq)
[ -n "$cases" ] || { echo "no BAD cases in $src"; exit 1; }
check() { # LANG COMMAND...
    local lang=$1; shift
    local out
    # The file's headers precompiled once (-include pch.h finds pch.h.gch), with the
    # warnings of the good calls: each case then parses only the file (C++ 0.05 s a case
    # instead of 1.3 s). A compiler that cannot use the precompiled header parses the
    # headers itself: the same diagnostics, only slower.
    local pch=$tmp/$lang/pch.h hx=c-header
    [ "$lang" = C ] || hx=c++-header
    mkdir -p "$tmp/$lang"
    grep '^#include' "$src" >"$pch"
    if ! out=$("$@" -x $hx -c -Wall -Wextra -Wpedantic -Werror -I"$inc" "$pch" -o "$pch.gch" 2>&1); then
        echo "FAIL $lang: the headers do not compile warning-free:"; echo "$out"; fails=$((fails + 1))
    fi
    set -- "$@" -include "$pch"
    if ! out=$("$@" -fsyntax-only -Wall -Wextra -Wpedantic -Werror -I"$inc" "$src" 2>&1); then
        echo "FAIL $lang: the good calls do not compile:"; echo "$out"; fails=$((fails + 1))
    fi
    for k in $cases; do
        local line want
        line=$(grep -n "BAD $k " "$src" | head -1 | cut -d: -f1)
        want=$(sed -n "${line}s/.*BAD $k .*expects '\([^']*\)'.*/\1/p" "$src")
        if out=$("$@" -fsyntax-only -DBAD="$k" -I"$inc" "$src" 2>&1); then
            echo "FAIL $lang: case $k (line $line) compiles:"; echo "$out"; fails=$((fails + 1))
        elif ! grep -q "$(basename "$src"):$line:" <<< "$out"; then
            echo "FAIL $lang: case $k fails elsewhere than at line $line:"; echo "$out"
            fails=$((fails + 1))
        elif [ "$lang" = C ] && ! grep -q -e dn_driver_argument_has_the_wrong_type \
            -e 'invalid operands to binary' <<< "$out"; then
            echo "FAIL $lang: case $k fails, but not by the argument checks:"; echo "$out"
            fails=$((fails + 1))
        elif [ "$lang" = C ] && [ -n "$want" ] &&
            ! grep -E ': (error|note): ' <<< "$out" | grep -q -F -e "'$want'" -e "‘$want’"; then
            echo "FAIL $lang: case $k fails, but the message does not name the type '$want':"
            echo "$out"; fails=$((fails + 1))
        else
            local named=
            [ "$lang" != C ] || [ -z "$want" ] || named=" naming '$want'"
            echo "ok   $lang: case $k (line $line) is a compile error$named"
        fi
    done
}
# shellcheck disable=SC2086 # the compiler commands are word lists
check C $cc -std=c11
if [ -n "$cxx" ]; then
    # shellcheck disable=SC2086
    check C++ $cxx -x c++ -std=c++17
fi
[ "$fails" = 0 ] || { echo "$fails failure(s)"; exit 1; }
