#!/usr/bin/env bash
# CI packaging checks (run by .ci/run):
#  1. dnum as a meson subproject of a tiny parent project: only the library and dnum-eval
#     are built, and the parent's `meson test` runs only the parent's own test;
#  2. install to a temporary prefix: the installed dnum-eval runs without LD_LIBRARY_PATH,
#     and a program built with the installed dnum.pc compiles, links and runs, and so does a
#     C++17 program using dnum/dnum.hpp (g++ and clang++, -Wall -Wextra -Wpedantic -Werror);
#  3. the API reference (meson target docs, doxygen) builds without warnings.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the program both checks build: second derivative of exp(-x^2) at 0 is -2
cat >"$tmp/use.c" <<'C'
#include <stdio.h>
#include <dnum/dnum.h>
int main(void)
{
    dnum_o4 x = dnum_o4_var(0.0);
    dnum_o4 g = dnum_o4_exp(dnum_o4_neg(dnum_o4_mul(x, x)));
    printf("%s %g\n", dn_version(), dnum_o4_get(&g, 2));
    return dnum_o4_get(&g, 2) == -2.0 ? 0 : 1;
}
C

echo "== subproject: a parent project with subprojects/dnum"
mkdir -p "$tmp/parent/subprojects"
# the sources as a user's checkout has them (no build directories)
tar -C "$root" --exclude='./build*' --exclude='./.git' -cf - . | \
    (mkdir "$tmp/parent/subprojects/dnum" && tar -C "$tmp/parent/subprojects/dnum" -xf -)
cp "$tmp/use.c" "$tmp/parent/use.c"
cat >"$tmp/parent/meson.build" <<'M'
project('parent', 'c', default_options : ['c_std=c11'])
use = executable('use', 'use.c', dependencies : dependency('dnum'))
test('parent use', use)
M
meson setup "$tmp/parent/build" "$tmp/parent" >/dev/null
ninja -C "$tmp/parent/build" -j2 >/dev/null
targets=$(meson introspect --targets "$tmp/parent/build" | python3 -c \
    'import json, sys; print(" ".join(sorted({t["name"] for t in json.load(sys.stdin)})))')
[ "$targets" = "dnum dnum-eval dnum_const dnum_exports dnum_onepass dnum_rolled dnum_soft use" ] || { echo "unexpected targets: $targets" >&2; exit 1; }
tests=$(meson test -C "$tmp/parent/build" --no-rebuild --list 2>/dev/null | tr '\n' ' ')
case "$tests" in *"parent use"*) ;; *) echo "parent test missing: $tests" >&2; exit 1 ;; esac
[ "$(meson test -C "$tmp/parent/build" --no-rebuild --list 2>/dev/null | wc -l)" -eq 1 ] || {
    echo "the parent's meson test runs dnum's tests: $tests" >&2; exit 1; }
meson test -C "$tmp/parent/build" >/dev/null
echo "subproject: targets $targets; tests: $tests"

echo "== install to a temporary prefix"
prefix="$tmp/prefix"
meson setup "$tmp/inst" "$root" --prefix="$prefix" -Dtests=disabled -Dexamples=disabled \
    -Dbenchmarks=disabled >/dev/null
ninja -C "$tmp/inst" -j2 >/dev/null
meson install -C "$tmp/inst" >/dev/null
( unset LD_LIBRARY_PATH; "$prefix/bin/dnum-eval" -n 2 -a 0 'exp(-x^2)' ) | tee "$tmp/out.csv"
[ "$(tail -1 "$tmp/out.csv")" = "0,1,0,-2" ] || { echo "installed dnum-eval: wrong output" >&2; exit 1; }
[ -f "$prefix/share/man/man1/dnum-eval.1" ] || { echo "man page not installed" >&2; exit 1; }
pc=$(dirname "$(find "$prefix" -name dnum.pc | head -1)")
export PKG_CONFIG_PATH="$pc"
# shellcheck disable=SC2046
cc -std=c11 -o "$tmp/use" "$tmp/use.c" $(pkg-config --cflags --libs dnum) \
    -Wl,-rpath,"$(pkg-config --variable=libdir dnum)"
"$tmp/use"
# shellcheck disable=SC2046
cc -std=c11 -o "$tmp/use_static" "$tmp/use.c" $(pkg-config --cflags dnum) \
    "$(pkg-config --variable=libdir dnum)/libdnum.a" -lm
"$tmp/use_static"
# C++17 against the installed headers (dnum/dnum.hpp includes every public header)
cat >"$tmp/use.cpp" <<'CPP'
#include <cstdio>
#include <dnum/dnum.hpp>
int main()
{
    auto x = dnum::fixed<4>::var(0.0);
    auto g = exp(-x * x);
    auto h = dnum::fixed2<2>::varx(1.0, 2.0) * dnum::fixed2<2>::vary(1.0, 2.0);
    std::printf("C++: %g %g\n", g.d(2), h.d(1, 1));
    return g.d(2) == -2.0 && h.d(1, 1) == 1.0 ? 0 : 1;
}
CPP
for cxx in g++ clang++; do
    # shellcheck disable=SC2046
    "$cxx" -std=c++17 -Wall -Wextra -Wpedantic -Werror -o "$tmp/use_cpp" "$tmp/use.cpp" \
        $(pkg-config --cflags --libs dnum) -Wl,-rpath,"$(pkg-config --variable=libdir dnum)"
    "$tmp/use_cpp"
done
echo "install: dnum-eval runs from $prefix; programs built with dnum.pc (shared, static, C++17 with g++ and clang++) run"

if command -v doxygen >/dev/null; then
    echo "== API reference (doxygen, warnings are errors)"
    meson setup --reconfigure "$tmp/inst" -Ddocs=enabled >/dev/null
    ninja -C "$tmp/inst" docs >/dev/null
    [ -f "$tmp/inst/docs/api/html/index.html" ] && echo "docs: built without warnings"
fi
