#!/bin/bash
# DN_NO_DEPRECATED (dnum/deprecated_o2.h): with it defined, the old names of the order-2
# families are gone. Usage:
#   deprecated_check.sh INCLUDE_DIR SRC_DIR 'C COMPILER COMMAND' 'C++ COMMAND' OLD.c NEW.c...
# OLD.c (written with the old names) must compile without DN_NO_DEPRECATED, warning-free,
# also as C++17 where a C++ compiler is given (not empty), and fail with it; each NEW.c (the library's own sources, examples and tests that use the
# order-2 families) must compile with it: they use only the new names.
set -u
inc=$1 srcdir=$2 cc=$3 cxx=$4 old=$5
shift 5
fails=0
# shellcheck disable=SC2086 # the compiler command is a word list
build() { $cc -std=c11 -fsyntax-only -Wall -Wextra -Wpedantic -Werror -I"$inc" -I"$srcdir" "$@" 2>&1; }
if ! out=$(build "$old"); then
    echo "FAIL: $old does not compile:"; echo "$out"; fails=$((fails + 1))
fi
# shellcheck disable=SC2086
if [ -n "$cxx" ] && ! out=$($cxx -x c++ -std=c++17 -fsyntax-only -Wall -Wextra -Wpedantic -Werror \
    -I"$inc" "$old" 2>&1); then
    echo "FAIL: $old does not compile as C++:"; echo "$out"; fails=$((fails + 1))
fi
if out=$(build -DDN_NO_DEPRECATED "$old"); then
    echo "FAIL: $old compiles with DN_NO_DEPRECATED"; fails=$((fails + 1))
else
    echo "ok   $old is an error with DN_NO_DEPRECATED ($(grep -c 'error' <<< "$out") errors)"
fi
for f in "$@"; do
    if ! out=$(build -DDN_NO_DEPRECATED "$f"); then
        echo "FAIL: $f uses an old name:"; echo "$out" | head -20; fails=$((fails + 1))
    else
        echo "ok   $f compiles with DN_NO_DEPRECATED"
    fi
done
[ "$fails" = 0 ] || { echo "$fails failure(s)"; exit 1; }
