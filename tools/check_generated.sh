#!/usr/bin/env bash
# The files made from the operation table by tools/gen_ops.c, committed with it: compares
# each with the generator's output and fails (exit status 1, with the difference) where one
# is out of date; with --write, writes them again instead.
#   usage: tools/check_generated.sh GEN_OPS SOURCE_ROOT [--write]
# meson: the test `generated-files` checks, `ninja -C BUILD generated` writes.
set -euo pipefail
gen=$1
root=$2
write=${3:-}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
status=0
for pair in functions:docs/functions.md generic:include/dnum/internal/generic_names.h; do
    mode=${pair%%:*}
    file=$root/${pair#*:}
    "$gen" "$mode" >"$tmp"
    if [ "$write" = --write ]; then
        cmp -s "$tmp" "$file" || { cp "$tmp" "$file" && echo "wrote ${pair#*:}"; }
    elif ! cmp -s "$tmp" "$file"; then
        echo "FAIL: ${pair#*:} is not what tools/gen_ops.c makes of the operation table:"
        diff -u "$file" "$tmp" || true
        status=1
    fi
done
[ $status = 0 ] || echo "(ninja -C BUILD generated writes the files again; commit them)"
exit $status
