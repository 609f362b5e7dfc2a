#!/usr/bin/env bash
# Plots a dnum-eval CSV (one curve per derivative column d0, d1, ... against the first
# column) into a PNG with gnuplot (an SVG if OUT ends in .svg). High orders grow like k!,
# so the curves are either normalised (each divided by its largest |value| over the
# sweep, the default) or drawn on separate panels. Column and variable names are shown
# as they are (d0_1_0, not d0 with subscripts: gnuplot's enhanced text is off for them).
# usage: bash tools/plot_derivs.sh IN.csv OUT.png [normalised|panels] [TITLE]
# e.g.:  dnum-eval -n 6 -r -4:4:801 'exp(-x^2)' > g.csv && bash tools/plot_derivs.sh g.csv g.png
set -euo pipefail
usage() {
    echo "usage: bash tools/plot_derivs.sh IN.csv OUT.png|OUT.svg [normalised|panels] [TITLE]" >&2
    echo "  IN.csv: dnum-eval CSV output (first column x, then d0, d1, ...)" >&2
    echo "  e.g. dnum-eval -n 6 -r -4:4:801 'exp(-x^2)' > g.csv && bash tools/plot_derivs.sh g.csv g.png" >&2
    exit 2
}
[ $# -ge 2 ] && [ $# -le 4 ] || usage
in=$1
out=$2
mode=${3:-normalised}
case "$mode" in normalised|panels) ;; *) echo "plot_derivs.sh: unknown mode '$mode'" >&2; usage ;; esac
[ -r "$in" ] || { echo "plot_derivs.sh: cannot read $in" >&2; exit 1; }
title=${4:-$(basename "$in" .csv)}
command -v gnuplot >/dev/null || { echo "plot_derivs.sh: gnuplot not found (apt-get install gnuplot-nox)" >&2; exit 1; }
header=$(head -1 "$in")
ncol=$(awk -F, '{print NF}' <<<"$header")
# the first derivative column: the first header starting with d and a digit
first=$(awk -F, '{for (i = 1; i <= NF; i++) if ($i ~ /^d[0-9]/) {print i; exit}}' <<<"$header")
[ -n "$first" ] || { echo "plot_derivs.sh: no d0, d1, ... columns in $in" >&2; exit 1; }
xname=$(cut -d, -f1 <<<"$header")
ncurves=$((ncol - first + 1))
# the terminal, from the output's name
term=pngcairo
case "$out" in *.svg) term=svg ;; esac
gp=$(mktemp)
trap 'rm -f "$gp"' EXIT
cat >"$gp" <<GP
set datafile separator ','
set datafile missing 'nan'
set key outside right top
set grid
set xlabel '$xname' noenhanced
# 16 distinct colours (curve k gets colour k mod 16)
colours = "#1f77b4 #ff7f0e #2ca02c #d62728 #9467bd #8c564b #e377c2 #7f7f7f #bcbd22 #17becf #000000 #ffd700 #00ff7f #800000 #000080 #ff00ff"
colour(k) = word(colours, (k % 16) + 1)
GP
if [ "$mode" = panels ]; then
    cols=$(( ncurves <= 3 ? ncurves : 3 ))
    rows=$(( (ncurves + cols - 1) / cols ))
    cat >>"$gp" <<GP
set terminal $term size $((cols * 420)),$((rows * 300)) font ',9'
set output '$out'
unset key
set multiplot layout $rows,$cols title '$title'
names = system("head -1 '$in' | tr ',' ' '")
do for [i=$first:$ncol] {
    set title word(names, i) noenhanced
    plot '$in' using 1:i with lines lw 2 lc rgb colour(i - $first) notitle
}
unset multiplot
GP
else
    cat >>"$gp" <<GP
set terminal $term size 900,520 font ',10'
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
    lc rgb colour(i - $first) title sprintf('%s  (max %.3g)', columnhead(i), M[i]) noenhanced
GP
fi
gnuplot "$gp"
echo "wrote $out" >&2
