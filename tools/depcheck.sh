#!/usr/bin/env bash
# The file-level call graph of the library: compiles each src/*.c alone (-O0, so that
# nothing is inlined away), reads the global symbols it defines and those it leaves
# undefined with nm, and prints "file -> the files it calls". Fails (exit status 1) when
# the graph has a cycle: calls between the library's files must point one way (down the
# layers of docs/architecture.md).
#   usage: tools/depcheck.sh [SOURCE_ROOT [CC [CFLAGS...]]]
# SOURCE_ROOT defaults to the repository of this script, CC to cc; CFLAGS are added to
# -std=c11 -O0 -I SOURCE_ROOT/include (meson passes the library's -D options).
# With DN_DEPCHECK_BUILD set to a meson build directory of the library (the test suite
# sets it), a file's object there (<target>.p/src_<file>.c.o, each file compiled alone)
# is read instead of compiling the file again; the files it has no object of are
# compiled as above. (An optimised object has the calls of its source: the library is
# built without link-time optimisation, so no call to another file is inlined away.)
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cc=${2:-cc}
shift $(($# > 2 ? 2 : $#))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for src in "$root"/src/*.c; do
    f=$(basename "$src" .c)
    obj=
    if [ -n "${DN_DEPCHECK_BUILD:-}" ]; then
        obj=$(find "$DN_DEPCHECK_BUILD" -maxdepth 2 -path "*.p/src_$f.c.o" 2>/dev/null | head -1)
    fi
    if [ -n "$obj" ] && nm -P "$obj" >/dev/null 2>&1; then
        cp "$obj" "$tmp/$f.o"
    else
        $cc -std=c11 -O0 -I "$root/include" "$@" -c "$src" -o "$tmp/$f.o"
    fi
    # defined globals: "file symbol"; undefined: "file symbol"
    nm -P --defined-only -g "$tmp/$f.o" | awk -v f="$f" '{print $1, f}' >>"$tmp/defined"
    nm -P -u "$tmp/$f.o" | awk -v f="$f" '{print f, $1}' >>"$tmp/undefined"
done

# edges "caller callee" (calls into another file of the library; the C library is left out)
sort -k1,1 "$tmp/defined" >"$tmp/def.sorted"
sort -k2,2 "$tmp/undefined" | join -1 2 -2 1 -o 1.1,2.2 - "$tmp/def.sorted" |
    awk '$1 != $2' | sort -u >"$tmp/edges"

echo "file-level call graph of src/*.c (caller -> callees):"
for src in "$root"/src/*.c; do
    f=$(basename "$src" .c)
    callees=$(awk -v f="$f" '$1 == f {printf " %s", $2}' "$tmp/edges")
    echo "  $f ->${callees:- (none)}"
done

# a cycle: tsort reports the files on it
if ! tsort "$tmp/edges" >/dev/null 2>"$tmp/tsort.err"; then
    echo "FAIL: the call graph has a cycle:"
    sed 's/^tsort: /  /' "$tmp/tsort.err"
    exit 1
fi
echo "no cycle: the order below puts every file before the files it calls"
tsort "$tmp/edges" | tr '\n' ' '
echo
