#!/usr/bin/env bash
# CI packaging checks (run by .ci/run):
#  1. dnum as a meson subproject of a tiny parent project in meson's default build type
#     (debug, -O0): only the library and dnum-eval are built, compiled at -O2/-O3, and the
#     parent's `meson test` runs only the parent's own test;
#  2. install to a temporary prefix as the README says (meson setup with default options,
#     meson install): only the library and dnum-eval are built (no test, example or
#     benchmark program); the installed dnum-eval runs without LD_LIBRARY_PATH; a program
#     built with the installed dnum.pc compiles, links and runs, one built with
#     dnum-static.pc (pkg-config --static) needs no libdnum.so, and so does a C++17 program
#     using dnum/dnum.hpp (g++ and clang++, -Wall -Wextra -Wpedantic -Werror);
#  3. a CMake project finds the installed package (find_package(dnum X.Y REQUIRED), X.Y the
#     project's version; X.Y+1 is refused) and builds and runs C and C++17 programs linked
#     with dnum::dnum and dnum::dnum_static;
#  4. the API reference (meson target docs, doxygen) builds without warnings.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tools/deps.sh"
dn_need gcc g++ clang libc6-dev meson ninja-build pkg-config cmake binutils python3
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
# the parent sets no build type: meson's default, debug (-O0)
cat >"$tmp/parent/meson.build" <<'M'
project('parent', 'c', default_options : ['c_std=c11'])
use = executable('use', 'use.c', dependencies : dependency('dnum'))
test('parent use', use)
M
meson setup "$tmp/parent/build" "$tmp/parent" >/dev/null
# dnum's library and dnum-eval optimised whatever the parent's build type: the last -O of
# each compile is -O2 or -O3 (but in dnum_exports, the linkable copies, -O0 by design, and
# dnum_soft and dnum_ld, the extended evaluators, -O1 by design: measured as fast), and
# the parent's own code keeps -O0
meson introspect --targets "$tmp/parent/build" | /usr/bin/python3 -c '
import json, sys
bad, seen = [], set()
for t in json.load(sys.stdin):
    for s in t["target_sources"]:
        if not s["compiler"]:   # libdnum.a: the objects of libdnum.so, nothing compiled
            continue
        opts = [p for p in s["parameters"] if p.startswith("-O")]
        if t["subproject"] == "dnum" and t["name"] not in ("dnum_exports", "dnum_soft", "dnum_ld"):
            seen.add(t["name"])
            if not opts or opts[-1] not in ("-O2", "-O3"):
                bad.append("%s: %s" % (t["name"], " ".join(opts)))
        elif t["name"] == "use" and opts[-1:] != ["-O0"]:
            bad.append("parent use: %s (not the debug build type)" % " ".join(opts))
missing = {"dnum", "dnum_rolled", "dnum-eval"} - seen
if bad or missing:
    sys.exit("subproject not optimised under a debug parent: %s" % "; ".join(bad + sorted(missing)))
print("subproject under a debug parent: %s compiled at -O2/-O3" % " ".join(sorted(seen)))'
ninja -C "$tmp/parent/build" -j2 >/dev/null
targets=$(meson introspect --targets "$tmp/parent/build" | /usr/bin/python3 -c \
    'import json, sys; print(" ".join(sorted({t["name"] for t in json.load(sys.stdin)})))')
# the library (dnum and its parts dnum_*: the static groups of its own flags, the batch
# engines of each instruction set), dnum-eval and the parent's program: nothing else
only_library() { # TARGETS EXTRA: every target is one of the library's, or EXTRA
    case " $1 " in *" dnum "*) ;; *) return 1 ;; esac
    case " $1 " in *" dnum-eval "*) ;; *) return 1 ;; esac
    for t in $1; do
        [[ $t =~ ^(dnum|dnum-eval|dnum_[a-z0-9_]+)$ || $t = "$2" ]] || return 1
    done
}
only_library "$targets" use || { echo "unexpected targets: $targets" >&2; exit 1; }
tests=$(meson test -C "$tmp/parent/build" --no-rebuild --list 2>/dev/null | tr '\n' ' ')
case "$tests" in *"parent use"*) ;; *) echo "parent test missing: $tests" >&2; exit 1 ;; esac
[ "$(meson test -C "$tmp/parent/build" --no-rebuild --list 2>/dev/null | wc -l)" -eq 1 ] || {
    echo "the parent's meson test runs dnum's tests: $tests" >&2; exit 1; }
meson test -C "$tmp/parent/build" >/dev/null
echo "subproject: targets $targets; tests: $tests"

echo "== install to a temporary prefix (the README's commands, default options)"
prefix="$tmp/prefix"
meson setup "$tmp/inst" "$root" --prefix="$prefix" >/dev/null
# meson builds every program a test or benchmark runs by default: with default options
# none may be configured, so that meson install builds the library and dnum-eval only
# (the targets built by default: the API reference, where doxygen is found, is not)
targets=$(meson introspect --targets "$tmp/inst" | /usr/bin/python3 -c \
    'import json, sys; print(" ".join(sorted({t["name"] for t in json.load(sys.stdin) if t.get("build_by_default", True)})))')
only_library "$targets" "" || {
    echo "meson install would build more than the library and dnum-eval: $targets" >&2; exit 1; }
for kind in tests benchmarks; do
    [ "$(meson introspect --$kind "$tmp/inst")" = "[]" ] || {
        echo "$kind configured by default" >&2; exit 1; }
done
ninja -C "$tmp/inst" -j2 >/dev/null
meson install -C "$tmp/inst" >/dev/null
( unset LD_LIBRARY_PATH; "$prefix/bin/dnum-eval" -n 2 -a 0 'exp(-x^2)' ) | tee "$tmp/out.csv"
[ "$(tail -1 "$tmp/out.csv")" = "0,1,0,-2" ] || { echo "installed dnum-eval: wrong output" >&2; exit 1; }
[ -f "$prefix/share/man/man1/dnum-eval.1" ] || { echo "man page not installed" >&2; exit 1; }
# the examples' sources, though default options build none of them
for f in "$root"/examples/*.c "$root"/examples/plot_derivs.py; do
    [ -f "$prefix/share/doc/dnum/examples/$(basename "$f")" ] || {
        echo "examples/$(basename "$f") not installed in share/doc/dnum/examples" >&2; exit 1; }
done
pc=$(dirname "$(find "$prefix" -name dnum.pc | head -1)")
export PKG_CONFIG_PATH="$pc"
# shellcheck disable=SC2046
cc -std=c11 -o "$tmp/use" "$tmp/use.c" $(pkg-config --cflags --libs dnum) \
    -Wl,-rpath,"$(pkg-config --variable=libdir dnum)"
"$tmp/use"
# the static library through pkg-config (README): no libdnum.so needed, runs as it is
for args in "--static --cflags --libs dnum-static" "--cflags --libs dnum-static"; do
    rm -f "$tmp/use_static"
    # shellcheck disable=SC2046,SC2086
    cc -std=c11 -o "$tmp/use_static" "$tmp/use.c" $(pkg-config $args)
    if readelf -d "$tmp/use_static" | grep -q 'NEEDED.*libdnum' || ldd "$tmp/use_static" | grep -q libdnum; then
        echo "pkg-config $args: the program needs libdnum.so" >&2; exit 1
    fi
    ( unset LD_LIBRARY_PATH; "$tmp/use_static" )
done
# C++17 against the installed headers (dnum/dnum.hpp includes every public header)
cat >"$tmp/use.cpp" <<'CPP'
#include <cstdio>
#include <dnum/dnum.hpp>
int main()
{
    auto x = dnum::fixed<4>::var(0.0);
    auto g = exp(-x * x);
    auto h = dnum::fixed2<2>::varx(1.0, 2.0) * dnum::fixed2<2>::vary(1.0, 2.0);
    std::printf("C++: %s %g %g\n", dn_version(), g.d(2), h.d(1, 1));
    return g.d(2) == -2.0 && h.d(1, 1) == 1.0 ? 0 : 1;
}
CPP
for cxx in g++ clang++; do
    # shellcheck disable=SC2046
    "$cxx" -std=c++17 -Wall -Wextra -Wpedantic -Werror -o "$tmp/use_cpp" "$tmp/use.cpp" \
        $(pkg-config --cflags --libs dnum) -Wl,-rpath,"$(pkg-config --variable=libdir dnum)"
    "$tmp/use_cpp"
done
echo "install: dnum-eval runs from $prefix; programs built with dnum.pc (shared, C++17 with g++ and clang++) and dnum-static.pc run"

echo "== CMake: find_package(dnum) against the installed prefix, C and C++17"
version=$(meson introspect --projectinfo "$tmp/inst" | /usr/bin/python3 -c \
    'import json, sys; print(json.load(sys.stdin)["version"])')
major_minor=$(echo "$version" | cut -d. -f1,2)
next_minor=$(echo "$version" | awk -F. '{ print $1 "." $2 + 1 }')
mkdir "$tmp/cmake"
cp "$tmp/use.c" "$tmp/use.cpp" "$tmp/cmake/"
cat >"$tmp/cmake/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.13)
project(use_dnum C CXX)
find_package(dnum $next_minor QUIET)
if(dnum_FOUND)
  message(FATAL_ERROR "dnum \${dnum_VERSION} accepted for a request of $next_minor")
endif()
find_package(dnum $major_minor REQUIRED)
message(STATUS "dnum \${dnum_VERSION} from \${dnum_DIR}")
foreach(lib dnum dnum_static)
  add_executable(use_c_\${lib} use.c)
  target_link_libraries(use_c_\${lib} PRIVATE dnum::\${lib})
  add_executable(use_cpp_\${lib} use.cpp)
  target_compile_features(use_cpp_\${lib} PRIVATE cxx_std_17)
  target_link_libraries(use_cpp_\${lib} PRIVATE dnum::\${lib})
endforeach()
CM
cmake -S "$tmp/cmake" -B "$tmp/cmake/build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" | grep 'dnum '
cmake --build "$tmp/cmake/build" >/dev/null
for e in use_c_dnum use_cpp_dnum use_c_dnum_static use_cpp_dnum_static; do
    ( unset LD_LIBRARY_PATH; "$tmp/cmake/build/$e" )
done
for e in use_c_dnum_static use_cpp_dnum_static; do
    if readelf -d "$tmp/cmake/build/$e" | grep -q 'NEEDED.*libdnum'; then
        echo "$e (dnum::dnum_static) needs libdnum.so" >&2; exit 1
    fi
done
readelf -d "$tmp/cmake/build/use_c_dnum" | grep -q 'NEEDED.*libdnum\.so' || {
    echo "use_c_dnum (dnum::dnum) does not link libdnum.so" >&2; exit 1; }
echo "cmake: find_package(dnum $major_minor) (not $next_minor); dnum::dnum and dnum::dnum_static in C and C++17 run"

echo "== Python: pip install . offline (Debian's meson-python, no build isolation) in a venv"
dn_need python3-venv python3-pip python3-mesonpy python3-numpy python3-dev
/usr/bin/python3 -m venv --system-site-packages "$tmp/venv"
tar -C "$root" --exclude='./build*' --exclude='./.git' -cf - . | (mkdir "$tmp/pysrc" && tar -C "$tmp/pysrc" -xf -)
( cd "$tmp/pysrc" && PIP_NO_INDEX=1 "$tmp/venv/bin/python" -m pip install -q --no-build-isolation . )
( cd "$tmp" && "$tmp/venv/bin/python" -c '
import numpy as np, dnum
d = dnum.derivatives("exp(-x^2/2)", np.array([0.0, 1.0]), order=4)
assert d.shape == (2, 5), d.shape
# the Hermite closed form at 0: 1, 0, -1, 0, 3
assert list(d[0]) == [1.0, 0.0, -1.0, 0.0, 3.0], d[0]
try:
    dnum.derivatives("sin(x", np.zeros(1), order=1)
except dnum.ParseError as e:
    assert "column" in str(e), e
else:
    raise SystemExit("no ParseError")
print("python: pip-installed dnum", dnum.__version__, "ok")
' )

if command -v doxygen >/dev/null; then
    echo "== API reference (doxygen, warnings are errors)"
    meson setup --reconfigure "$tmp/inst" -Ddocs=enabled >/dev/null
    ninja -C "$tmp/inst" docs >"$tmp/docs.log" 2>&1 || { grep -iE 'error|warning' "$tmp/docs.log"; exit 1; }
    [ -f "$tmp/inst/docs/api/html/index.html" ] && echo "docs: built without warnings"
fi
