#!/bin/bash
# DN_NO_DEPRECATED (dnum/deprecated_o2.h): with it defined, the old names of the order-2
# families are gone. Usage:
#   deprecated_check.sh INCLUDE_DIR SRC_DIR 'C COMPILER COMMAND' OLD.c NEW.c...
# OLD.c (written with the old names) must compile without DN_NO_DEPRECATED, warning-free,
# and fail with it; each NEW.c (the library's own sources, examples and tests that use the
# order-2 families) must compile with it: they use only the new names.
set -u
inc=$1 srcdir=$2 cc=$3 old=$4
shift 4
fails=0
# shellcheck disable=SC2086 # the compiler command is a word list
build() { $cc -std=c11 -fsyntax-only -Wall -Wextra -Wpedantic -Werror -I"$inc" -I"$srcdir" "$@" 2>&1; }
if ! out=$(build "$old"); then
    echo "FAIL: $old does not compile:"; echo "$out"; fails=$((fails + 1))
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
