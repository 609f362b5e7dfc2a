#!/usr/bin/env bash
# Plots a dnum-eval CSV (one curve per derivative column d0, d1, ... against the first
# column) into a PNG with gnuplot. High orders grow like k!, so the curves are either
# normalised (each divided by its largest |value| over the sweep, the default) or drawn
# on separate panels.
# usage: bash tools/plot_derivs.sh IN.csv OUT.png [normalised|panels] [TITLE]
# e.g.:  dnum-eval -n 6 -r -4:4:801 'exp(-x^2)' > g.csv && bash tools/plot_derivs.sh g.csv g.png
set -euo pipefail
in=${1:?usage: plot_derivs.sh IN.csv OUT.png [normalised|panels] [TITLE]}
out=${2:?usage: plot_derivs.sh IN.csv OUT.png [normalised|panels] [TITLE]}
mode=${3:-normalised}
title=${4:-$(basename "$in" .csv)}
command -v gnuplot >/dev/null || { echo "plot_derivs.sh: gnuplot not found (apt-get install gnuplot-nox)" >&2; exit 1; }
header=$(head -1 "$in")
ncol=$(awk -F, '{print NF}' <<<"$header")
# the first derivative column: the first header starting with d and a digit
first=$(awk -F, '{for (i = 1; i <= NF; i++) if ($i ~ /^d[0-9]/) {print i; exit}}' <<<"$header")
[ -n "$first" ] || { echo "plot_derivs.sh: no d0, d1, ... columns in $in" >&2; exit 1; }
xname=$(cut -d, -f1 <<<"$header")
ncurves=$((ncol - first + 1))
gp=$(mktemp)
trap 'rm -f "$gp"' EXIT
cat >"$gp" <<GP
set datafile separator ','
set datafile missing 'nan'
set key outside right top
set grid
set xlabel '$xname'
GP
if [ "$mode" = panels ]; then
    cols=$(( ncurves <= 3 ? ncurves : 3 ))
    rows=$(( (ncurves + cols - 1) / cols ))
    cat >>"$gp" <<GP
set terminal pngcairo size $((cols * 420)),$((rows * 300)) font ',9'
set output '$out'
unset key
set multiplot layout $rows,$cols title '$title'
names = system("head -1 '$in' | tr ',' ' '")
do for [i=$first:$ncol] {
    set title word(names, i)
    plot '$in' using 1:i with lines lw 2 notitle
}
unset multiplot
GP
else
    cat >>"$gp" <<GP
set terminal pngcairo size 900,520 font ',10'
set output '$out'
array M[$ncol]
do for [i=$first:$ncol] {
    stats '$in' using i nooutput
    M[i] = (abs(STATS_min) > abs(STATS_max) ? abs(STATS_min) : abs(STATS_max))
    if (M[i] == 0) { M[i] = 1 }
}
set title '$title (each derivative divided by its largest |value|)'
set ylabel 'd_k / max |d_k|'
plot for [i=$first:$ncol] '$in' using 1:(column(i) / M[i]) with lines lw 2 \\
    title sprintf('%s  (max %.3g)', columnhead(i), M[i])
GP
fi
gnuplot "$gp"
echo "wrote $out" >&2
