#!/usr/bin/env bash
# The generated files, committed with their sources: those made from the operation table by
# tools/gen_ops.c (docs/functions.md, the generic names), the factorial and binomial
# tables made by tools/gen_tables.py (include/dnum/internal/tables.h), the instantiation
# macros made by tools/gen_define.sh from the re-includable body headers
# (include/dnum/internal/define_macros.h), the deprecated names of 0.2 made by
# tools/gen_deprecated_o2.sh from tools/deprecated_o2_names.txt (include/dnum/deprecated_o2.h
# and its parts include/dnum/internal/deprecated_*.h) and the Markdown API reference made
# by tools/gen_api_md.py from the public headers' comments (docs/api/).
# Compares each with its generator's output and fails (exit status 1, with the difference)
# where one is out of date; with --write, writes them again instead.
#   usage: tools/check_generated.sh GEN_OPS PYTHON SOURCE_ROOT [--write]
# meson: the test `generated-files` checks, `ninja -C BUILD generated` writes.
set -euo pipefail
gen=$1
python=$2
root=$3
write=${4:-}
tmp=$(mktemp)
api=$(mktemp -d)
trap 'rm -rf "$tmp" "$api"' EXIT
status=0
# generate MODE FILE: writes FILE (relative to the source root), made by MODE, to
# standard output
generate() {
    case $1 in
        tables) "$python" "$root/tools/gen_tables.py" ;;
        defines) bash "$root/tools/gen_define.sh" "$root" ;;
        deprecated) bash "$root/tools/gen_deprecated_o2.sh" "$root" "$2" ;;
        *) "$gen" "$1" ;;
    esac
}
pairs="functions:docs/functions.md generic:include/dnum/internal/generic_names.h
       tables:include/dnum/internal/tables.h defines:include/dnum/internal/define_macros.h"
for f in $(bash "$root/tools/gen_deprecated_o2.sh" "$root" --list); do
    pairs="$pairs deprecated:$f"
done
# a part of dnum/deprecated_o2.h that the script no longer makes
for f in "$root"/include/dnum/internal/deprecated_*.h; do
    [ -e "$f" ] || continue
    rel=${f#"$root"/}
    case " $pairs " in
        *" deprecated:$rel "*) ;;
        *) if [ "$write" = --write ]; then
               rm "$f" && echo "removed $rel"
           else
               echo "FAIL: $rel is not a file that tools/gen_deprecated_o2.sh makes"
               status=1
           fi ;;
    esac
done
for pair in $pairs; do
    mode=${pair%%:*}
    file=$root/${pair#*:}
    generate "$mode" "${pair#*:}" >"$tmp"
    if [ "$write" = --write ]; then
        cmp -s "$tmp" "$file" || { cp "$tmp" "$file" && echo "wrote ${pair#*:}"; }
    elif ! cmp -s "$tmp" "$file"; then
        if [ "$mode" = tables ]; then
            echo "FAIL: ${pair#*:} is not what tools/gen_tables.py makes:"
        elif [ "$mode" = defines ]; then
            echo "FAIL: ${pair#*:} is not what tools/gen_define.sh makes of the body headers:"
        elif [ "$mode" = deprecated ]; then
            echo "FAIL: ${pair#*:} is not what tools/gen_deprecated_o2.sh makes of tools/deprecated_o2_names.txt:"
        else
            echo "FAIL: ${pair#*:} is not what tools/gen_ops.c makes of the operation table:"
        fi
        diff -u "$file" "$tmp" || true
        status=1
    fi
done
# docs/api/: every page, and no page of a header that is gone
"$python" "$root/tools/gen_api_md.py" "$root" "$api"
if [ "$write" = --write ]; then
    if ! diff -r -q "$api" "$root/docs/api" >/dev/null 2>&1; then
        mkdir -p "$root/docs/api" && rm -f "$root/docs/api"/*.md
        cp "$api"/*.md "$root/docs/api/" && echo "wrote docs/api/"
    fi
elif ! diff -r -q "$root/docs/api" "$api" >/dev/null 2>&1; then
    echo "FAIL: docs/api/ is not what tools/gen_api_md.py makes of the public headers:"
    diff -r -u "$root/docs/api" "$api" || true
    status=1
fi
[ $status = 0 ] || echo "(ninja -C BUILD generated writes the files again; commit them)"
exit $status
