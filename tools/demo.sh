#!/usr/bin/env bash
# Quick start 1: install what is missing, build, run the main demo (Gaussian derivatives:
# the C example, then dnum-eval on a sweep and its plot, build/gaussian_derivs.png).
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/deps.sh
dn_need gcc libc6-dev meson ninja-build pkg-config gnuplot-nox
[ -d build/meson-info ] || meson setup build -Dexamples=enabled >/dev/null
meson compile -C build >/dev/null
./build/examples/gaussian
# the same from the command line, for a whole sweep, and its picture (README)
echo "== dnum-eval -n 6 -r -4:4:801 'exp(-x^2)' > build/gaussian.csv (first rows):"
./build/tools/dnum-eval -n 6 -r -4:4:801 'exp(-x^2)' > build/gaussian.csv
head -3 build/gaussian.csv
bash tools/plot_derivs.sh build/gaussian.csv build/gaussian_derivs.png normalised 'exp(-x^2)'
