#!/usr/bin/env bash
# Quick start 2: install what is missing, build, run the whole test suite (meson test).
# Extra arguments go to `meson setup` (e.g. -Db_sanitize=address,undefined); the build
# directory is build-test, or $DN_BUILD if set. The benchmark programs are not built here
# (`.ci/run` builds them in its clang build); the test programs are compiled at -O0
# (tests/meson.build).
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/deps.sh
# parallel, python3-numpy, gnuplot-nox: the dnum-eval test runs --shard under GNU parallel,
# reads -f npy with numpy and checks the legends of tools/plot_derivs.sh (skipped without);
# python3-dev, -pytest, -mpmath, -sympy, -matplotlib: the Python package and its tests;
# libsleef-dev: the batch engines' vector values (optional for the library, tested here);
# coinor-libipopt-dev: Ipopt, for the example examples/ipopt_nlp.c and its tests
dn_need gcc libc6-dev meson ninja-build pkg-config libcriterion-dev parallel python3-numpy gnuplot-nox \
    python3-dev python3-pytest python3-mpmath python3-sympy python3-matplotlib libsleef-dev \
    coinor-libipopt-dev
dir=${DN_BUILD:-build-test}
if [ -d "$dir/meson-info" ]; then
    meson setup --reconfigure "$dir" -Dtests=enabled -Dexamples=enabled -Dpython=enabled "$@" >/dev/null
else
    meson setup "$dir" -Dtests=enabled -Dexamples=enabled -Dpython=enabled "$@" >/dev/null
fi
meson compile -C "$dir"
# the suite `slow` (the batch tests on every instruction set, at all orders) runs in CI
meson test -C "$dir" --print-errorlogs --no-suite slow
