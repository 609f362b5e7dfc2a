#!/bin/bash
# DN_NO_DEPRECATED (dnum/deprecated_o2.h): with it defined, the old names of the order-2
# families are gone. Usage:
#   deprecated_check.sh INCLUDE_DIR SRC_DIR 'C COMPILER COMMAND' 'C++ COMMAND' OLD.c NEW.c...
# OLD.c (written with the old names) must compile with DN_ALLOW_DEPRECATED, warning-free,
# also as C++17 where a C++ compiler is given (not empty), and fail with it; each NEW.c (the library's own sources, examples and tests that use the
# order-2 families) must compile with it: they use only the new names.
set -u
inc=$1 srcdir=$2 cc=$3 cxx=$4 old=$5
shift 5
fails=0
# shellcheck disable=SC2086 # the compiler command is a word list
build() { $cc -std=c11 -fsyntax-only -Wall -Wextra -Wpedantic -Werror -I"$inc" -I"$srcdir" "$@" 2>&1; }
if ! out=$(build -DDN_ALLOW_DEPRECATED "$old"); then
    echo "FAIL: $old does not compile with DN_ALLOW_DEPRECATED:"; echo "$out"; fails=$((fails + 1))
fi
# shellcheck disable=SC2086
if [ -n "$cxx" ] && ! out=$($cxx -x c++ -std=c++17 -fsyntax-only -Wall -Wextra -Wpedantic -Werror \
    -DDN_ALLOW_DEPRECATED -I"$inc" "$old" 2>&1); then
    echo "FAIL: $old does not compile as C++:"; echo "$out"; fails=$((fails + 1))
fi
if out=$(build -DDN_NO_DEPRECATED "$old"); then
    echo "FAIL: $old compiles with DN_NO_DEPRECATED"; fails=$((fails + 1))
else
    echo "ok   $old is an error with DN_NO_DEPRECATED ($(grep -c 'error' <<< "$out") errors)"
fi
# By default (GCC, clang) a use of an old name is a warning that names the new one, and the
# program compiles; with DN_NO_DEPRECATED it is an error that names the new one: the old
# macros (function-like, and a constant) and an old function, in C and C++.
uses='#include <dnum/hessian.h>
#include <dnum/sparse_o2.h>
#include <dnum/elem_o2.h>
DN_OBJECTIVE2(f2, T, x, n, ctx, return x[0];)
DN_ELEMENT2(e2, 2, T, u, e, ctx, return u[1];)
int at2(void) { return DNEL2_AT(1, 0) + DNEL2_TRI(3) + DSP2_NIN; }
dlane_o2 ab2(dlane_o2 a) { return dlane2_abs(a); }'
renamed='DN_OBJECTIVE2:DN_OBJECTIVE_O2 DN_ELEMENT2:DN_ELEMENT_O2 DNEL2_AT:DNEL_O2_AT
         DNEL2_TRI:DNEL_O2_TRI DSP2_NIN:DSP_O2_NIN dlane2_abs:dlane_o2_abs'
# shellcheck disable=SC2086
# check MODE FLAGS...: the old names of $uses compiled in C and C++ with FLAGS (after
# -std, -fsyntax-only, -I): MODE warning (they compile, each with a warning naming the new
# name) or error (they do not, each an error naming it)
check() {
    local mode=$1 lang out rc p what art=a
    shift
    [ "$mode" = error ] && art=an
    for lang in c c++; do
        if [ "$lang" = c ]; then
            out=$($cc -std=c11 -fsyntax-only -I"$inc" "$@" -x c - <<< "$uses" 2>&1); rc=$?
        elif [ -n "$cxx" ]; then
            out=$($cxx -x c++ -std=c++17 -fsyntax-only -I"$inc" "$@" - <<< "$uses" 2>&1); rc=$?
        else
            continue
        fi
        if [ "$mode" = warning ] && [ "$rc" != 0 ]; then
            echo "FAIL: old names do not compile ($lang):"; echo "$out" | head; fails=$((fails + 1))
        elif [ "$mode" = error ] && [ "$rc" = 0 ]; then
            echo "FAIL: old names compile with DN_NO_DEPRECATED ($lang)"; fails=$((fails + 1))
        fi
        for p in $renamed; do
            what="${p%%:*} is deprecated: use ${p#*:}"
            [ "$mode" = error ] && what="${p%%:*} is now ${p#*:}"
            if grep -q ": $mode: .*$what\b" <<< "$out"; then
                echo "ok   ${p%%:*}: $art $mode naming ${p#*:} ($lang)"
            else
                echo "FAIL: ${p%%:*}: no $mode naming ${p#*:} ($lang):"
                echo "$out" | head -20; fails=$((fails + 1))
            fi
        done
    done
}
check warning
check error -Wall -Wextra -Wpedantic -Werror -DDN_NO_DEPRECATED
for f in "$@"; do
    if ! out=$(build -DDN_NO_DEPRECATED "$f"); then
        echo "FAIL: $f uses an old name:"; echo "$out" | head -20; fails=$((fails + 1))
    else
        echo "ok   $f compiles with DN_NO_DEPRECATED"
    fi
done
[ "$fails" = 0 ] || { echo "$fails failure(s)"; exit 1; }
