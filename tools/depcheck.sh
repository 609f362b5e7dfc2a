#!/usr/bin/env bash
# The file-level call graph of the library: compiles each .c file under src/ alone (-O0,
# so that nothing is inlined away), reads the global symbols it defines and those it leaves
# undefined with nm, and prints "file -> the files it calls". Fails (exit status 1) when a
# file calls a layer that its layer may not call (the table below: each layer calls only
# the layers below it, docs/architecture.md, "Dependencies point one way"), when a file
# belongs to no layer, or when the graph has a cycle.
#   usage: tools/depcheck.sh [SOURCE_ROOT [CC [CFLAGS...]]]
# SOURCE_ROOT defaults to the repository of this script, CC to cc; CFLAGS are added to
# -std=c11 -O0 -I SOURCE_ROOT/include (meson passes the library's -D options).
# With DN_DEPCHECK_BUILD set to a meson build directory of the library (the test suite
# sets it), a file's object there (<target>.p/src_<path with _ for />.c.o, .c.obj on
# Windows; each file compiled alone) is read instead of compiling the file again; the
# files it has no object of are compiled as above. (An optimised object has the calls of
# its source: the library is built without link-time optimisation, so no call to another
# file is inlined away.)
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cc=${2:-cc}
shift $(($# > 2 ? 2 : $#))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The layers, lowest first: name | the files (paths under src/ without .c, shell patterns;
# a file belongs to the first layer that matches it) | the layers below it that it may call.
# A file may call the files of its own layer too (the graph has no cycle).
layers='
support    | common callbacks                          |
dispatch   | dispatch/* dvec_kernels                   | support
dvec       | dvec dvec_ops                             | dispatch support
dnum2      | dnum2                                     | dispatch support
dnumk      | dnumk                                     | dispatch support
fixed      | inlines                                   | dispatch support
optimisers | hessian elements sparse2_* sphess pattern plan_o2 tape_* | support
nlp        | nlp                                       | optimisers support
coeffs     | coeffs                                    | dvec support
engines    | expr_*                                    | dispatch dvec dnum2 dnumk support
batch      | batch*                                    | engines dispatch support
bounded    | bounded                                   | engines dvec support
'
declare -A allow=()
names=() pats=()
while IFS='|' read -r name pat callees; do
    read -r name <<<"$name" # (trimmed)
    [ -n "$name" ] || continue
    read -ra cs <<<"$callees"
    for c in "${cs[@]}"; do # each a layer above in the table, so that the layers form no cycle
        if [ -z "${allow[$c]+set}" ]; then
            echo "FAIL: the layer table: $name may call $c, which is no layer below it" >&2
            exit 1
        fi
    done
    names+=("$name")
    pats+=("$pat")
    allow[$name]=" ${cs[*]} "
done <<<"$layers"

# the layer of src/<file>.c (empty: none)
layer_of() {
    local i p ps
    for i in "${!names[@]}"; do
        read -ra ps <<<"${pats[$i]}" # (not expanded as file names)
        for p in "${ps[@]}"; do
            # shellcheck disable=SC2053
            if [[ $1 == $p ]]; then
                echo "${names[$i]}"
                return
            fi
        done
    done
}

# the files: paths under src/ without .c, each with its layer
files=$(cd "$root/src" && find . -name '*.c' | sed 's|^\./||; s|\.c$||' | LC_ALL=C sort)
declare -A layer=()
for f in $files; do
    layer[$f]=$(layer_of "$f")
done

for f in $files; do
    o=${f//\//_} # the object's name: src/dispatch/exec.c is src_dispatch_exec.c.o(bj)
    obj=
    if [ -n "${DN_DEPCHECK_BUILD:-}" ]; then
        obj=$(find "$DN_DEPCHECK_BUILD" -maxdepth 2 \( -path "*.p/src_$o.c.o" -o \
            -path "*.p/src_$o.c.obj" \) 2>/dev/null | head -1)
    fi
    if [ -n "$obj" ] && nm -P "$obj" >/dev/null 2>&1; then
        cp "$obj" "$tmp/$o.o"
    else
        $cc -std=c11 -O0 -I "$root/include" "$@" -c "$root/src/$f.c" -o "$tmp/$o.o"
    fi
    # defined globals: "symbol file"; undefined: "file symbol"
    nm -P --defined-only -g "$tmp/$o.o" | awk -v f="$f" '{print $1, f}' >>"$tmp/defined"
    nm -P -u "$tmp/$o.o" | awk -v f="$f" '{print f, $1}' >>"$tmp/undefined"
done

# calls into another file of the library (the C library is left out): "caller callee
# symbol", and the edges "caller callee"
sort -k1,1 "$tmp/defined" >"$tmp/def.sorted"
sort -k2,2 "$tmp/undefined" | join -1 2 -2 1 -o 1.1,2.2,0 - "$tmp/def.sorted" |
    awk '$1 != $2' | sort -u >"$tmp/calls"
cut -d' ' -f1,2 "$tmp/calls" | sort -u >"$tmp/edges"

echo "file-level call graph of src/ (caller [layer] -> callees):"
for f in $files; do
    callees=$(awk -v f="$f" '$1 == f {printf " %s", $2}' "$tmp/edges")
    echo "  $f [${layer[$f]:-no layer}] ->${callees:- (none)}"
done

fail=0
for f in $files; do
    if [ -z "${layer[$f]}" ]; then
        echo "FAIL: src/$f.c belongs to no layer (the table in tools/depcheck.sh)"
        fail=1
    fi
done
# each edge: the callee's layer is the caller's or one that the caller's may call
while read -r a b; do
    la=${layer[$a]} lb=${layer[$b]}
    if [ -n "$la" ] && [ -n "$lb" ] && [ "$la" != "$lb" ] && [[ ${allow[$la]} != *" $lb "* ]]; then
        syms=$(awk -v a="$a" -v b="$b" '$1 == a && $2 == b {printf " %s", $3}' "$tmp/calls")
        read -ra cs <<<"${allow[$la]}"
        echo "FAIL: src/$a.c (layer $la) calls src/$b.c (layer $lb):$syms;" \
            "layer $la may call only: ${cs[*]:-no other layer}"
        fail=1
    fi
done <"$tmp/edges"

# a cycle: tsort reports the files on it
if ! tsort "$tmp/edges" >/dev/null 2>"$tmp/tsort.err"; then
    echo "FAIL: the call graph has a cycle:"
    sed -e '/input contains a loop/d' -e 's/^tsort: /  /' "$tmp/tsort.err"
    fail=1
fi
[ "$fail" -eq 0 ] || exit 1
echo "every call goes down the layers (lowest first: ${names[*]}); no cycle:"
echo "the order below puts every file before the files it calls"
tsort "$tmp/edges" | tr '\n' ' '
echo
