#!/usr/bin/env bash
# Output speed of dnum-eval beside a plain C program that prints the same numbers with
# printf("%.17g") (bench/printf_sweep.c), in one run: rounds interleaved, best of each.
#   dnum-eval --precision double -n 8 -r 0:1:M 'sin(x)*exp(x)' > /dev/null
# (-j 1 and -j 2; double: what printf_sweep computes; the default --precision auto adds
# an error bound per point, and the extended-precision values where it is short of 10
# digits), and the binary output -f npy beside the CSV, -j 1, in double and with the
# default precision. Checks first that printf and the CSV of -j 1 and -j 2 are the same
# bytes (on a shorter sweep). Reports wall time, CPU time (user + sys) and rows per
# second; the targets: dnum-eval -j 1 at least 2x the rows/s of printf, -j 2 at least
# 1.8x -j 1 (on an otherwise idle 2-core machine), -f npy at least 5x the CSV.
# usage: bench_cli.sh DNUM_EVAL PRINTF_SWEEP [ROUNDS [M]]
set -eu
ev=$1 ref=$2 rounds=${3:-3} m=${4:-1000000}
expr='sin(x)*exp(x)' dbl='--precision double'
a=$("$ref" 20001 | md5sum) b=$("$ev" $dbl -n 8 -r 0:1:20001 "$expr" | md5sum) c=$("$ev" $dbl -j 2 -n 8 -r 0:1:20001 "$expr" | md5sum)
[[ $a == "$b" && $b == "$c" ]] || { echo "outputs differ: $a / $b / $c"; exit 1; }

TIMEFORMAT='%R %U %S'
declare -A best_wall best_cpu
measure() { # name command...: updates the best wall and CPU time of name
    local name=$1 t
    shift
    t=$( { time "$@" >/dev/null; } 2>&1 )
    read -r wall user sys <<<"$t"
    local cpu
    cpu=$(awk "BEGIN{print $user + $sys}")
    if [[ -z ${best_wall[$name]:-} ]] || awk "BEGIN{exit !($wall < ${best_wall[$name]})}"; then best_wall[$name]=$wall; fi
    if [[ -z ${best_cpu[$name]:-} ]] || awk "BEGIN{exit !($cpu < ${best_cpu[$name]})}"; then best_cpu[$name]=$cpu; fi
}
for ((r = 0; r < rounds; r++)); do
    measure printf "$ref" "$m"
    measure j1 "$ev" $dbl -j 1 -n 8 -r 0:1:"$m" "$expr"
    measure j2 "$ev" $dbl -j 2 -n 8 -r 0:1:"$m" "$expr"
    measure npy "$ev" $dbl -f npy -j 1 -n 8 -r 0:1:"$m" "$expr"
    measure auto "$ev" -j 1 -n 8 -r 0:1:"$m" "$expr"
    measure npyauto "$ev" -f npy -j 1 -n 8 -r 0:1:"$m" "$expr"
done
echo "dnum-eval -n 8 -r 0:1:$m '$expr' > /dev/null, best of $rounds interleaved rounds"
printf '%-30s %9s %9s %14s\n' program "wall s" "cpu s" "rows/s (wall)"
for name in printf j1 j2 npy auto npyauto; do
    label=$name
    [[ $name == printf ]] && label="printf %.17g (C)"
    [[ $name == j1 ]] && label="dnum-eval -j 1 (double)"
    [[ $name == j2 ]] && label="dnum-eval -j 2 (double)"
    [[ $name == npy ]] && label="dnum-eval -j 1 -f npy (double)"
    [[ $name == auto ]] && label="dnum-eval -j 1 (auto)"
    [[ $name == npyauto ]] && label="dnum-eval -j 1 -f npy (auto)"
    awk -v l="$label" -v w="${best_wall[$name]}" -v c="${best_cpu[$name]}" -v m="$m" \
        'BEGIN{printf "%-30s %9.3f %9.3f %14.0f\n", l, w, c, m / w}'
done
awk -v p="${best_wall[printf]}" -v a="${best_wall[j1]}" -v b="${best_wall[j2]}" \
    'BEGIN{printf "speed-up: -j 1 over printf %.2fx (target 2), -j 2 over -j 1 %.2fx (target 1.8)\n", p / a, a / b}'
awk -v c="${best_wall[j1]}" -v n="${best_wall[npy]}" -v cc="${best_cpu[j1]}" -v nc="${best_cpu[npy]}" \
    -v a="${best_wall[auto]}" -v na="${best_wall[npyauto]}" \
    'BEGIN{printf "npy over CSV: %.2fx wall, %.2fx CPU (target 5); with --precision auto %.2fx wall\n", c / n, cc / nc, a / na}'
