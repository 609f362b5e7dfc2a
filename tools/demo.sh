#!/usr/bin/env bash
# Quick start 1: install what is missing, build, run the main demo (Gaussian derivatives).
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/deps.sh
dn_need gcc libc6-dev meson ninja-build pkg-config
[ -d build/meson-info ] || meson setup build -Dtests=disabled -Dbenchmarks=disabled >/dev/null
meson compile -C build >/dev/null
./build/examples/gaussian
