#!/usr/bin/env bash
# Tests of the dnum-eval tool: golden outputs (tests/golden, made independently of dnum by
# tools/gen_golden.py), the hand-written C sweep (examples/gaussian_csv) byte for byte,
# the error contract: exit status 2, a message naming the problem (and column), and
# nothing on stdout; write failures and out of memory (status 1, at once); escaped
# messages; sweeps; expressions and points from files; threads (the same bytes as -j 1);
# the .npy output against the CSV; --shard (also under GNU parallel); the warnings and
# hints of the messages; --functions against the parser; the plot script's legends; the
# batch evaluation of --precision double against the point-by-point path; --vector-math.
# usage: test_cli.sh DNUM_EVAL GOLDEN_DIR GAUSSIAN_CSV
# (DN_TEST_EMULATED=1: dnum-eval runs under qemu-user; the streaming check is shorter)
set -u
eval_bin=$1 golden=$2 gauss=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# 1. golden files
while IFS=$'\t' read -r -a f; do
    [[ ${#f[@]} -eq 0 || ${f[0]} == \#* ]] && continue
    name=${f[0]}
    "$eval_bin" "${f[@]:1}" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [[ $rc -eq 0 ]] || fail "$name: exit status $rc: $(cat "$tmp/err")"
    cmp -s "$tmp/out" "$golden/$name.out" || { fail "$name: output differs"; diff "$golden/$name.out" "$tmp/out" | head -5; }
done <"$golden/cases.txt"

# nan values come with a warning on stderr, and exit status 0
"$eval_bin" -n 2 -a -1 'log(x)' >/dev/null 2>"$tmp/err" || fail "log(-1): nonzero exit"
grep -q "warning" "$tmp/err" || fail "log(-1): no warning on stderr"

# zeros and poles: removable singularities give the whole series (the orders a quotient
# by x^m leaves undetermined are filled from a longer evaluation), |x| has none, 1/x at 0
# the limits at +0 (closed forms: x (1+x)^(1/3), sin(x)/x, |x|, 1/x)
zp() { "$eval_bin" -n 6 -a 0 "$1" 2>/dev/null | tail -1; }
[[ $(zp '(x^3+x^4)^(1/3)') == 0,0,1,0.66666666666666663,-0.66666666666666663,1.4814814814814814,-4.9382716049382713,21.728395061728396 ]] || fail "(x^3+x^4)^(1/3) at 0: $(zp '(x^3+x^4)^(1/3)')"
[[ $(zp 'sin(x)/x') == 0,1,0,-0.33333333333333331,0,0.20000000000000001,0,-0.14285714285714285 ]] || fail "sin(x)/x at 0: $(zp 'sin(x)/x')"
[[ $(zp '(x^2)^(1/2)') == 0,0,nan,nan,nan,nan,nan,nan ]] || fail "(x^2)^(1/2) at 0: $(zp '(x^2)^(1/2)')"
[[ $(zp '1/x') == 0,inf,-inf,inf,-inf,inf,-inf,inf ]] || fail "1/x at 0: $(zp '1/x')"
[[ $("$eval_bin" -e dvec -n 6 -a 0 'sin(x)/x' 2>/dev/null | tail -1) == "$(zp 'sin(x)/x')" ]] || fail "sin(x)/x: dvec differs"

# range above order 170: 1/(1-x) at 0.5 has the finite derivatives k! 2^(k+1) to k = 150
# (first non-finite column: 151), atan(x) at 3 finite ones to k = 219
firstbad() { "$eval_bin" "$@" 2>/dev/null | tail -1 | tr ',' '\n' | awk 'NR > 1 && !/^-?[0-9]/ { print NR - 2; exit }'; }
for e in dvec auto; do
    for n in 500 1000; do
        [[ $(firstbad -e $e -n $n -a 0.5 '1/(1-x)') == 151 ]] || fail "1/(1-x) -e $e -n $n: first non-finite at $(firstbad -e $e -n $n -a 0.5 '1/(1-x)')"
    done
    [[ $(firstbad -e $e -n 1000 -a 3 'atan(x)') == 220 ]] || fail "atan(x) at 3 -e $e: first non-finite at $(firstbad -e $e -n 1000 -a 3 'atan(x)')"
done

# --coeffs above order 170 stay finite where the derivatives overflow: c_1000 = 2^1001
c1000=$("$eval_bin" --coeffs -n 1000 -a 0.5 '1/(1-x)' | tail -1 | awk -F, '{ print $NF }')
awk -v c="$c1000" 'BEGIN { t = 2^1001; exit !(c - t < 1e-13 * t && t - c < 1e-13 * t) }' || fail "--coeffs -n 1000 1/(1-x): c1000 = $c1000"

# --coeffs in every precision mode: coefficients, not derivatives (1/(1-x) at 0.5: 2^(k+1))
for p in double extended auto; do
    [[ $("$eval_bin" --coeffs --precision $p -n 6 -a 0.5 '1/(1-x)') == $'x,c0,c1,c2,c3,c4,c5,c6\n0.5,2,4,8,16,32,64,128' ]] ||
        fail "--coeffs --precision $p 1/(1-x)"
done
# --coeffs: Taylor coefficients (1/(1-x) at 0.5: 2^(k+1); x^2 y at (1, 2): c_ij = d_ij/(i! j!))
[[ $("$eval_bin" --coeffs -n 6 -a 0.5 '1/(1-x)') == $'x,c0,c1,c2,c3,c4,c5,c6\n0.5,2,4,8,16,32,64,128' ]] || fail "--coeffs 1/(1-x)"
[[ $("$eval_bin" --coeffs -V x,y -n 2 -a 1,2 'x^2*y') == $'x,y,c0_0,c1_0,c0_1,c2_0,c1_1,c0_2\n1,2,2,4,1,2,2,0' ]] || fail "--coeffs two variables"

# 2. the tool against the same sweep written in C with dnum_o8
"$gauss" 2001 -4 4 >"$tmp/c.csv"
"$eval_bin" --precision double -n 8 -r -4:4:2001 'exp(-x^2)' >"$tmp/e.csv"
cmp -s "$tmp/c.csv" "$tmp/e.csv" || fail "dnum-eval and gaussian_csv differ"
# every engine gives the same numbers (fixed vs dvec)
"$eval_bin" --precision double -e dvec -n 8 -r -4:4:2001 'exp(-x^2)' >"$tmp/d.csv"
cmp -s "$tmp/e.csv" "$tmp/d.csv" || fail "engines fixed and dvec differ"
[[ $(wc -l <"$tmp/e.csv") -eq 2002 ]] || fail "sweep: wrong row count"

# 3. errors: status 2, message (with text $2), empty stdout
expect_error() {
    local want=$1
    shift
    "$eval_bin" "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    [[ $rc -eq 2 ]] || fail "[$*]: exit status $rc, want 2"
    [[ -s $tmp/out ]] && fail "[$*]: wrote to stdout"
    grep -qF -- "$want" "$tmp/err" || fail "[$*]: stderr lacks '$want': $(head -1 "$tmp/err")"
}
expect_error "unknown function 'sinn' at column 5" -a 1 'x + sinn(x)'
expect_error "missing ')'" -a 1 '(x + 1'
expect_error "unmatched ')' at column 2" -a 1 'x)'
expect_error "empty expression" -a 1 ''
expect_error "unknown variable 'y' at column 5" -a 1 'x + y'
expect_error "too large" -a 1 'x * 1e400'
expect_error "nested more than" -a 1 "$(printf '%*s' 100000 '' | tr ' ' '(')x"
expect_error "outside the fixed engine's range" -e fixed -n 40 -a 1 x
expect_error "bad order" -n 2000 -a 1 x
expect_error "bad order" -n -3 -a 1 x
expect_error "too many" -r 0:1:1000000000 x
expect_error "bad --range" -r 0:1 x
expect_error "point count" -r 0:1:0 x
expect_error "give a point" x
expect_error "needs 2 values" -V x,y -a 1 'x*y'
expect_error "several variables need -e dnum2 (two) or -e dnumk" -V x,y -e dvec -a 1,2 'x*y'
expect_error "above the dnum2 engine's limit" -V x,y -n 100 -a 1,2 'x*y'
expect_error "at most 8 variables" -V x,y,z,u,v,w,s,t,r -a 1,2,3,4,5,6,7,8,9 x
expect_error "engine 'dnum2' needs two variables" -V x,y,z -e dnum2 -a 1,2,3 x
expect_error "bad variable list" -V 'x,sin' -a 1,2 x
expect_error "unknown option" -q -a 1 x
expect_error "unknown engine" -e gpu -a 1 x
expect_error "unknown format" -f xml -a 1 x
expect_error "exactly one EXPR" -a 1 x x
expect_error "bad value" -a 'pi/' x
"$eval_bin" --help | grep -q "usage: dnum-eval" || fail "--help"
"$eval_bin" --version | grep -q "dnum" || fail "--version"
# --functions: one line per function of the operation table (include/dnum/internal/ops.h,
# the parser's names), each listed name accepted by the parser with one argument, two, or
# an integer and one; and --help lists the same names
"$eval_bin" --functions >"$tmp/fns" || fail "--functions: nonzero exit"
ops_h=$golden/../../include/dnum/internal/ops.h
if [[ -f $ops_h ]]; then
    for name in $(sed -n 's/^ *X(A, \([a-z0-9_]*\),.*/\1/p' "$ops_h"); do
        grep -q "^$name " "$tmp/fns" || fail "--functions lacks $name"
    done
    [[ $(wc -l <"$tmp/fns") -eq $(grep -c '^ *X(A, ' "$ops_h") ]] || fail "--functions: not one line per row of ops.h"
fi
while read -r name doc; do
    ok=0
    for call in "$name(x)" "$name(x,x)" "$name(1,x)"; do
        "$eval_bin" -n 1 -a 0.5 "$call" >/dev/null 2>&1 && { ok=1; break; }
    done
    [[ $ok -eq 1 ]] || fail "--functions lists '$name', which the parser rejects"
    "$eval_bin" --help | grep -qw -- "$name" || fail "--help lacks $name"
done <"$tmp/fns"
expect_error "unknown function" -a 1 'sinx(x)'
# an EXPR starting with '-' after --, and -(...) directly
[[ $("$eval_bin" -n 1 -a 2 -- -x^2 | tail -1) == "2,-4,-4" ]] || fail "-- -x^2"
[[ $("$eval_bin" -n 1 -a 2 '-(x^2)' | tail -1) == "2,-4,-4" ]] || fail "-(x^2)"

# 4. every write is checked: status 1 and a message at the first failure, at once (a run
# that did not stop would take minutes; the timeout only guards against a hang)
for j in 1 2; do
    timeout 60 "$eval_bin" -j $j -n 8 -r 0:1:100000000 'sin(x)*exp(x)' >/dev/full 2>"$tmp/err"
    rc=$?
    [[ $rc -eq 1 ]] || fail "/dev/full -j $j: exit status $rc, want 1"
    grep -q "write error" "$tmp/err" || fail "/dev/full -j $j: no message"
    # SIGPIPE ignored: a closed pipe is a write error too
    (trap '' PIPE; timeout 60 "$eval_bin" -j $j -n 8 -r 0:1:100000000 x 2>"$tmp/err"; echo $? >"$tmp/rc") | head -c 10 >/dev/null
    rc=$(cat "$tmp/rc")
    [[ $rc -eq 1 ]] || fail "closed pipe -j $j: exit status $rc, want 1"
    grep -q "write error" "$tmp/err" || fail "closed pipe -j $j: no message"
done
for opt in --help --version; do
    "$eval_bin" $opt >/dev/full 2>"$tmp/err"
    rc=$?
    [[ $rc -eq 1 ]] || fail "$opt >/dev/full: exit status $rc, want 1"
done
# out of memory while parsing: status 1 (where the address space can be limited; not
# under sanitizers, which reserve terabytes)
python3 -c "import sys; sys.stdout.write('+'.join(['x'] * 2000000))" >"$tmp/big.txt"
if (ulimit -v 30000 && "$eval_bin" -a 1 x) >/dev/null 2>&1; then
    (ulimit -v 30000 && exec "$eval_bin" -n 1 -a 1 --file "$tmp/big.txt") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [[ $rc -eq 1 ]] || fail "out of memory: exit status $rc, want 1"
    grep -q "out of memory" "$tmp/err" || fail "out of memory: no message"
else
    echo "note: address space cannot be limited here; out-of-memory check skipped"
fi

# 5. full variable names in every header; escaped messages, caret by display column
long=v_$(printf 'a%.0s' {1..62})   # 64 bytes, the longest accepted name
[[ $("$eval_bin" -V "$long" -n 1 -a 1 "$long" | head -1) == "$long,d0,d1" ]] || fail "CSV header cuts a 64-byte name"
"$eval_bin" -f json -V "$long" -n 1 -a 1 "$long" | grep -qF "\"columns\": [\"$long\", \"d0\"" || fail "JSON header cuts a 64-byte name"
"$eval_bin" -f table -V "$long" -n 1 -a 1 "$long" | head -1 | grep -q "^$long  *d0 " || fail "table header cuts a 64-byte name"
"$eval_bin" -a 1 $'x+\x1b[2J' >/dev/null 2>"$tmp/err"
LC_ALL=C grep -q $'\x1b' "$tmp/err" && fail "a raw ESC byte in the message"
grep -qF '\x1b[2J' "$tmp/err" || fail "the ESC byte is not shown escaped: $(cat -v "$tmp/err")"
"$eval_bin" -V 'x,y' -a $'1,\x07' x >/dev/null 2>"$tmp/err"
LC_ALL=C grep -q $'\x07' "$tmp/err" && fail "a raw BEL byte in the message"
# the caret stands under the 's' of sinn after tabs (and an escape before it)
"$eval_bin" -a 1 $'x\t+\v\tsinn(x)' >/dev/null 2>"$tmp/err"
src_line=$(sed -n 2p "$tmp/err") caret_line=$(sed -n 3p "$tmp/err")
[[ ${src_line:${#caret_line}-1:4} == sinn ]] || fail "caret misplaced: $(cat "$tmp/err")"
# an error on the second line of a file names the line
printf 'x +\n  2 * sinn(x)\n' >"$tmp/e2.txt"
"$eval_bin" -a 1 --file "$tmp/e2.txt" >/dev/null 2>"$tmp/err"
grep -q "(line 2, column 7)" "$tmp/err" || fail "line of a file error: $(head -1 "$tmp/err")"
[[ $(sed -n 3p "$tmp/err") == "        ^" ]] || fail "caret in a file error: $(cat "$tmp/err")"

# 6. sweeps: exactly A and B at the ends, constant for A = B, monotone
n33=$("$eval_bin" -n 0 -e dvec -r 3.3:3.3:1000 x | tail -n +2 | sort -u | wc -l)
[[ $n33 -eq 1 ]] || fail "-r 3.3:3.3:1000 gives $n33 distinct rows"
[[ $("$eval_bin" -n 0 -e dvec -a 3.3 x | tail -1) == $("$eval_bin" -n 0 -e dvec -r 3.3:3.3:7 x | tail -1) ]] || fail "A = B: not A"
for r in 0.1:0.7:7 0.1:0.7:1000001 -1e308:1e308:999 1:0.3:4097 1e-310:3e-310:333 -5:-7:100001; do
    IFS=: read -r A B M <<<"$r"
    "$eval_bin" -n 0 -e dvec -r "$r" x | tail -n +2 | cut -d, -f1 >"$tmp/xs"
    [[ $(head -1 "$tmp/xs") == $("$eval_bin" -n 0 -e dvec -a "$A" x | tail -1 | cut -d, -f1) ]] || fail "-r $r: first point is not A"
    [[ $(tail -1 "$tmp/xs") == $("$eval_bin" -n 0 -e dvec -a "$B" x | tail -1 | cut -d, -f1) ]] || fail "-r $r: last point is not B"
    [[ $(wc -l <"$tmp/xs") -eq $M ]] || fail "-r $r: wrong count"
    if [[ $(printf '%s\n' "$A" "$B" | sort -g | head -1) == "$A" ]]; then sort -g -c "$tmp/xs" || fail "-r $r: not increasing"
    else sort -g -r -c "$tmp/xs" || fail "-r $r: not decreasing"; fi
done

# 7. input from files: the expression (any size the library takes), points
python3 -c "import sys; sys.stdout.write('+'.join(['x*x'] * 300000))" >"$tmp/big2.txt"   # 1.2 MB
[[ $("$eval_bin" -n 2 -a 3 --file "$tmp/big2.txt" | tail -1) == "3,2700000,1800000,600000" ]] || fail "--file with a 1.2 MB expression"
[[ $("$eval_bin" -n 2 -a 3 - <"$tmp/big2.txt" | tail -1) == "3,2700000,1800000,600000" ]] || fail "EXPR - from stdin"
printf 'x^2\n' | "$eval_bin" -n 2 -a 3 --file - | tail -1 | grep -qx "3,9,6,2" || fail "--file -"
expect_error "cannot open" -a 1 --file "$tmp/missing.txt"
printf 'x+\0x' >"$tmp/nul.txt"
expect_error "NUL byte" -a 1 --file "$tmp/nul.txt"
head -c 4194305 /dev/zero | tr '\0' ' ' >"$tmp/huge.txt"
expect_error "longer than" -a 1 --file "$tmp/huge.txt"
expect_error "not both" -a 1 --file "$tmp/e2.txt" x
expect_error "both come from standard input" --points - -
# points: comments, blank lines, spaces, CRLF, constant expressions; each row as with --at
printf '# points\n0.5\n\n  -2  \n pi/4  # a comment\n1e-3\r\n' >"$tmp/p1.txt"
"$eval_bin" -n 3 --points "$tmp/p1.txt" 'sin(x)*exp(x)' >"$tmp/out" || fail "--points: exit status"
: >"$tmp/want"
for v in 0.5 -2 pi/4 1e-3; do "$eval_bin" -n 3 -a "$v" 'sin(x)*exp(x)' | tail -1 >>"$tmp/want"; done
cmp -s <(tail -n +2 "$tmp/out") "$tmp/want" || fail "--points rows differ from --at rows"
printf '1,2\n-0.5, 3 # c\n' | "$eval_bin" -V x,y -n 2 --points - 'x^2*y' >"$tmp/out" || fail "--points - (two variables)"
{ "$eval_bin" -V x,y -n 2 -a 1,2 'x^2*y' | tail -1; "$eval_bin" -V x,y -n 2 -a -0.5,3 'x^2*y' | tail -1; } >"$tmp/want"
cmp -s <(tail -n +2 "$tmp/out") "$tmp/want" || fail "--points two variables differ from --at"
# a bad line: its number, status 2, the rows before it written
printf '1\n2\n# c\n3x\n4\n' >"$tmp/p2.txt"
"$eval_bin" -n 1 --points "$tmp/p2.txt" x >"$tmp/out" 2>"$tmp/err"
[[ $? -eq 2 ]] || fail "bad point line: exit status, want 2"
grep -qF "p2.txt:4: bad value '3x'" "$tmp/err" || fail "bad point line: $(head -1 "$tmp/err")"
[[ $(wc -l <"$tmp/out") -eq 3 ]] || fail "bad point line: the rows before it are not written"
printf '1,2\n' >"$tmp/p3.txt"
"$eval_bin" -n 1 --points "$tmp/p3.txt" x >/dev/null 2>"$tmp/err"
grep -qF "p3.txt:1: expected 1 value, found two" "$tmp/err" || fail "point line with two values: $(head -1 "$tmp/err")"
expect_error "excludes" -a 1 --points "$tmp/p3.txt" x
# streaming: 3,000,000 points (about 600 MB of output) in a few MB of memory. Under
# qemu-user (DN_TEST_EMULATED=1, tools/cross_tests.sh) that is more than half of this
# test's time: 500,000 points there (about 100 MB) in less than 50 MB (qemu holds 20 MB)
np=3000000 min_bytes=500000000 max_kb=100000
if [[ ${DN_TEST_EMULATED:-0} == 1 ]]; then
    np=500000 min_bytes=90000000 max_kb=50000
    echo "note: emulated: the streaming check with $np points"
fi
if [[ -x /usr/bin/time ]] && ! ldd "$eval_bin" 2>/dev/null | grep -q asan; then
    for j in 1 2; do
        awk -v n=$np 'BEGIN{for (i = 0; i < n; i++) print i / n}' |
            /usr/bin/time -f %M -o "$tmp/rss" "$eval_bin" -j $j -n 8 --points - 'sin(x)*exp(x)' | wc -c >"$tmp/bytes"
        [[ $(cat "$tmp/bytes") -gt $min_bytes && $(tail -1 "$tmp/rss") -lt $max_kb ]] ||
            fail "--points -j $j: $(cat "$tmp/bytes") bytes in $(tail -1 "$tmp/rss") KB"
    done
fi

# error bounds and precision (one variable): sin(x) e^x at 1 has d100 = 2^50 e sin(1 + 25 pi)
# = -2575333104750642 correctly rounded (mpmath); double is wrong from the second digit
# (binary128; with a 64-bit long double extended precision keeps about 3 digits there)
ext=$("$eval_bin" --precision extended -n 100 -a 1 'sin(x)*exp(x)' | tail -1 | awk -F, '{ print $NF }')
auto=$("$eval_bin" -n 100 -a 1 'sin(x)*exp(x)' 2>"$tmp/err" | tail -1 | awk -F, '{ print $NF }')
[[ $auto == "$ext" ]] || fail "--precision auto: d100 = $auto, extended $ext"
if "$eval_bin" --version | grep -q "extended precision: 113-bit"; then
    [[ $ext == -2575333104750642 ]] || fail "--precision extended: d100 = $ext"
    [[ ! -s $tmp/err ]] || fail "--precision auto: $(head -1 "$tmp/err")"
fi
dbl=$("$eval_bin" --precision double --error -n 100 -a 1 'sin(x)*exp(x)' | tail -1 | awk -F, '{ print $101, $202 }')
awk -v p="$dbl" 'BEGIN { split(p, a, " "); t = -2575333104750642; e = a[1] - t; if (e < 0) e = -e;
    exit !(e > 1e12 && e <= a[2] && a[2] < 1e6 * e) }' || fail "--error: d100, e100 = $dbl"
[[ $("$eval_bin" --error -n 2 -a 1 'x^3' | head -1) == x,d0,d1,d2,e0,e1,e2 ]] || fail "--error header"
"$eval_bin" --error -n 3 -a 2 'x^3' | tail -1 | awk -F, '{ for (k = 2; k <= 5; k++) if (!($(k + 4) > 0 && $(k + 4) < 1e-13 * $k)) exit 1 }' ||
    fail "--error: x^3 bounds"
"$eval_bin" -n 200 -a 1 'sin(x)*exp(x)' >/dev/null 2>"$tmp/err" || fail "order 200: exit status"
grep -qF "fewer than 10 correct digits even in extended precision at 1 of 1 point (first at x = 1, from order" "$tmp/err" ||
    fail "order 200: no warning ($(head -1 "$tmp/err"))"
# a finite derivative without a known bound (sin(x)/x at 0: the zero rule's limit) is
# said under --precision auto, once per run, with one point and a sweep (the batch
# path), and not where the bounds are printed or not computed; hypot(x, x) at 1e-200,
# whose d2 (truly 0) comes out as -1.5e181 from the cancellation 2 - fl(sqrt 2)^2 over a
# value of 1e-200, has a bound (on operands scaled to unit size) that says so
"$eval_bin" -n 2 -a 0 'sin(x)/x' >/dev/null 2>"$tmp/err" || fail "no bound: exit status"
grep -qF "no error bound is known at 1 of 1 point (first at x = 0, from order 0" "$tmp/err" ||
    fail "no bound: no warning ($(head -1 "$tmp/err"))"
"$eval_bin" -n 2 -r -1:1:5 'sin(x)/x' >/dev/null 2>"$tmp/err"
grep -qF "no error bound is known at 1 of 5 points (first at x = 0, from order 0" "$tmp/err" ||
    fail "no bound, sweep: no warning ($(head -1 "$tmp/err"))"
for a in "-a 0.5" "--error -a 0" "--precision double -a 0"; do
    "$eval_bin" -n 2 $a 'sin(x)/x' >/dev/null 2>"$tmp/err"
    [[ ! -s $tmp/err ]] || fail "no bound [$a]: $(head -1 "$tmp/err")"
done
"$eval_bin" -n 2 -a 1e-200 'hypot(x,x)' >/dev/null 2>"$tmp/err"
grep -qF "fewer than 10 correct digits even in extended precision at 1 of 1 point (first at x = 9.9999999999999998e-201, from order 2" "$tmp/err" ||
    fail "hypot(x,x) at 1e-200: no warning ($(head -1 "$tmp/err"))"
# (d2 about 8e-320, truly 0: its bound about 1e-314, not 0; awk reads no subnormals)
e2=$("$eval_bin" -n 3 --precision double --error -a 1e300 'hypot(x,x)' | tail -1 | cut -d, -f8)
[[ $e2 =~ ^[1-9][.0-9]*e-31[0-9]$ ]] || fail "hypot(x,x) at 1e300: e2 = $e2"
expect_error "unknown precision 'quad'" --precision quad -a 1 x
expect_error "--error with several variables goes to total order 32" --error -V x,y -n 40 -a 1,2 'x*y'
# several variables: columns e{i}_{j} after d{i}_{j}; exp(x y) at (1, 2), d1_0 = 2 e^2, and
# the bound covers the error of every printed entry (three variables: dnumk engine, --coeffs)
[[ $("$eval_bin" --error -V x,y -n 1 -a 1,2 'exp(x*y)' | head -1) == x,y,d0_0,d1_0,d0_1,e0_0,e1_0,e0_1 ]] ||
    fail "--error header, two variables"
"$eval_bin" --error -V x,y -n 1 -a 1,2 'exp(x*y)' | tail -1 | awk -F, '{ r = 2 * exp(2);
    d = $4 - r; if (d < 0) d = -d; exit !($7 > 0 && $7 < 1e-14 * r && d <= $7 + 1e-15) }' ||
    fail "--error: two-variable bound"
"$eval_bin" --error --coeffs -V x,y,z -n 1 -a 1,2,3 'x*y*z' | tail -1 | awk -F, '{
    if ($4 != 6 || $5 != 6 || $6 != 3 || $7 != 2) exit 1
    for (k = 8; k <= 11; k++) if (!($k >= 0 && $k < 1e-14 * 6)) exit 1 }' ||
    fail "--error: three variables (--coeffs)"
expect_error "--precision extended takes one variable" --precision extended -V x,y -a 1,2 'x*y'

# 8. -j N writes the bytes of -j 1: every format and engine, sweeps and points
awk 'BEGIN{for (i = 0; i < 7001; i++) printf "%.6f,%.3f\n", i / 7000 - 0.5, i / 1000}' >"$tmp/p4.txt"
cut -d, -f1 "$tmp/p4.txt" >"$tmp/p5.txt"
while IFS='|' read -r -a args; do
    "$eval_bin" -j 1 "${args[@]}" >"$tmp/j1" 2>"$tmp/e1"
    for j in 2 3 5; do
        "$eval_bin" -j $j "${args[@]}" >"$tmp/jn" 2>"$tmp/en"
        cmp -s "$tmp/j1" "$tmp/jn" && cmp -s "$tmp/e1" "$tmp/en" || fail "-j $j differs from -j 1: ${args[*]}"
    done
done <<EOF
-n|8|-r|-4:4:20001|exp(-x^2)
-f|json|-n|3|-r|-1:1:9999|log(x)
-f|table|-n|2|-r|0:1:5000|sqrt(x)
-e|dvec|-n|40|-r|0:2:3001|1/(1-x)
-V|x,y|-n|4|-r|0:1:4001|-a|2|x*y^2+sin(x*y)
-V|x,y|-n|3|--points|$tmp/p4.txt|atan2(y,x)
-n|5|--points|$tmp/p5.txt|erf(x)
-n|1|-a|2|x^3
-V|x,y,z|-n|3|-r|-1:1:3001|-a|0.5,2|exp(x*y*z)+sinc(2+x*z)+jn(2,y*z)
-V|x,y,z,w|-n|2|-f|json|-r|0:1:2001|-a|1,2,3|x*y/(z+w)
-V|a,b,c,d,u,f,g,h|-n|6|-r|0:1:40|-a|1,2,3,4,5,6,7|a*h+exp(b*u/9)
EOF
# blocks and threads: long rows (3 rows a block, the ring of slots wraps many times) and a
# bad line in the middle of a points file (the rows before it, the message, status 2)
awk 'BEGIN{for (i = 0; i < 20000; i++) print i / 20000; print "0.5x"; for (i = 0; i < 999; i++) print i}' >"$tmp/p6.txt"
"$eval_bin" -j 1 -n 3 --points "$tmp/p6.txt" 'exp(x)' >"$tmp/j1" 2>"$tmp/e1"
rc1=$?
[[ $rc1 -eq 2 && $(wc -l <"$tmp/j1") -eq 20001 ]] || fail "bad line after 20000 points: status $rc1, $(wc -l <"$tmp/j1") lines"
for j in 2 3 5; do
    "$eval_bin" -j $j -n 3 --points "$tmp/p6.txt" 'exp(x)' >"$tmp/jn" 2>"$tmp/en"
    rcn=$?
    cmp -s "$tmp/j1" "$tmp/jn" && cmp -s "$tmp/e1" "$tmp/en" && [[ $rcn -eq $rc1 ]] ||
        fail "-j $j differs from -j 1 at a bad line (status $rcn)"
done

# 9. three to eight variables (engine dnumk): the closed forms, the column order of
# Dnumk, the two-variable engine, the errors
E() { "$eval_bin" "$@"; }
# exp(x y z) at 0: the series sum (xyz)^m / m!, so d{m}_{m}_{m} = (m!)^2, all else 0
want=$(python3 -c "
import math, itertools
n = 6
idx = [a for d in range(n + 1) for a in sorted((a for a in itertools.product(range(d + 1), repeat=3) if sum(a) == d), reverse=True)]
print(','.join('d%d_%d_%d' % a for a in idx))
print(','.join(str(math.factorial(a[0]) ** 2 if a[0] == a[1] == a[2] else 0) for a in idx))")
[[ $(E -V x,y,z -n 6 -a 0,0,0 'exp(x*y*z)' | cut -d, -f4-) == "$want" ]] || fail "exp(xyz) at 0: $(E -V x,y,z -n 6 -a 0,0,0 'exp(x*y*z)' | cut -d, -f4- | tail -1)"
# exp(x y z) at a point: d1_1_1 = e^u (1 + 3u + u^2), d2_0_0 = (yz)^2 e^u, d0_1_1 = x e^u (1 + u)
E -V x,y,z -n 3 -a 0.7,-1.3,0.4 -f json 'exp(x*y*z)' >"$tmp/k3.json" || fail "exp(xyz): exit status"
python3 - "$tmp/k3.json" <<'PY' || fail "exp(xyz) partials against the closed forms"
import json, math, sys
r = json.load(open(sys.argv[1]))
row = dict(zip(r["columns"], r["rows"][0]))
x, y, z = 0.7, -1.3, 0.4
u = x * y * z; e = math.exp(u)
for name, want in [("d1_1_1", e * (1 + 3 * u + u * u)), ("d2_0_0", (y * z) ** 2 * e),
                   ("d0_1_1", x * e * (1 + u)), ("d0_0_3", (x * y) ** 3 * e), ("d0_0_0", e)]:
    if abs(row[name] - want) > 2e-15 * (abs(want) + e):  # e: the size of the terms
        sys.exit("%s: %r, want %r" % (name, row[name], want))
if r["engine"] != "dnumk" or r["vars"] != ["x", "y", "z"] or r["order"] != 3:
    sys.exit("JSON header: %r" % {k: r[k] for k in ("engine", "vars", "order")})
PY
# a polynomial in four variables: exact integer partials, every column, --coeffs too
poly='x^3*y^2*z*w - 2*x*w^3 + 5*y*z^2 - 7'
python3 - "$tmp/poly_want" <<'PY'
import itertools, math, sys
from fractions import Fraction
# x^3 y^2 z w - 2 x w^3 + 5 y z^2 - 7 as {exponents: coefficient}
p = {(3, 2, 1, 1): 1, (1, 0, 0, 3): -2, (0, 1, 2, 0): 5, (0, 0, 0, 0): -7}
pt, n = (2, -1, 3, -2), 7
idx = [a for d in range(n + 1) for a in sorted((a for a in itertools.product(range(d + 1), repeat=4) if sum(a) == d), reverse=True)]
def deriv(a):
    s = 0
    for e, c in p.items():
        if all(ei >= ai for ei, ai in zip(e, a)):
            t = c
            for ei, ai, v in zip(e, a, pt):
                t *= math.perm(ei, ai) * v ** (ei - ai)
            s += t
    return s
with open(sys.argv[1], "w") as f:
    f.write("x,y,z,w," + ",".join("d" + "_".join(map(str, a)) for a in idx) + "\n")
    f.write("2,-1,3,-2," + ",".join(str(deriv(a)) for a in idx) + "\n")
    f.write("x,y,z,w," + ",".join("c" + "_".join(map(str, a)) for a in idx) + "\n")
    f.write("2,-1,3,-2," + ",".join(str(Fraction(deriv(a), math.prod(map(math.factorial, a)))) for a in idx) + "\n")
PY
{ E -V x,y,z,w -n 7 -a 2,-1,3,-2 "$poly"; E --coeffs -V x,y,z,w -n 7 -a 2,-1,3,-2 "$poly"; } >"$tmp/poly_got"
cmp -s "$tmp/poly_got" "$tmp/poly_want" || { fail "four-variable polynomial: partials or columns differ"; diff "$tmp/poly_want" "$tmp/poly_got" | head -4; }
# two variables on dnumk: the numbers of dnum2 (a polynomial exactly; otherwise to rounding)
[[ $(E -e dnumk -V x,y -n 5 -a 1.5,-2 'x^4*y^2-3*x*y^3+y') == $(E -V x,y -n 5 -a 1.5,-2 'x^4*y^2-3*x*y^3+y') ]] || fail "dnumk and dnum2 differ on a polynomial"
E -e dnumk -V x,y -n 6 -r -1:1:41 -a 0.3 'exp(x*y)*sin(x+y)/(2+cos(y))' >"$tmp/k2a"
E -V x,y -n 6 -r -1:1:41 -a 0.3 'exp(x*y)*sin(x+y)/(2+cos(y))' >"$tmp/k2b"
[[ $(head -1 "$tmp/k2a") == $(head -1 "$tmp/k2b") ]] || fail "dnumk and dnum2: column names differ"
paste -d, "$tmp/k2a" "$tmp/k2b" | tail -n +2 | awk -F, '{h = NF / 2; for (i = 1; i <= h; i++) {
    d = $i - $(i + h); if (d < 0) d = -d; m = $(i + h) < 0 ? -$(i + h) : $(i + h)
    if (d > 1e-13 * (m > 1 ? m : 1)) { print "row " NR " column " i ": " $i " vs " $(i + h); exit 1 } } }' ||
    fail "dnumk and dnum2 differ beyond rounding"
# every special function (composed on dnumk, by Dnum2's kernels on dnum2): the same
# partials to rounding, at u = x y + x/2 + y/3
for f in 'lgamma(u)' 'tgamma(u)' 'digamma(u)' 'polygamma(2,u)' 'lambertw(u)' 'lambertwm1(-u/10)' \
    'erfinv(u/3)' 'erfcinv(u/2)' 'j0(u)' 'j1(u)' 'jn(3,u)' 'y0(u)' 'y1(u)' 'yn(2,u)' 'log2(u)' \
    'log10(u)' 'exp2(u)' 'sinc(u)' 'cot(u)' 'sinpi(u)' 'cospi(u)' 'floor(u)' 'ceil(u)' \
    'min(u,x)' 'max(u,y)' 'fmod(u,y)'; do
    e=${f//u/(x*y+x/2+y/3)}
    a=$(E -e dnumk -V x,y -n 6 -a 0.6,0.45 "$e" | tail -1) b=$(E -V x,y -n 6 -a 0.6,0.45 "$e" | tail -1)
    awk -v a="$a" -v b="$b" 'BEGIN{n = split(a, p, ","); if (split(b, q, ",") != n || n != 30) exit 1
        for (i = 3; i <= n; i++) { d = p[i] - q[i]; if (d < 0) d = -d; s = q[i] < 0 ? -q[i] : q[i]
            if (d > 1e-13 * (s > 1 ? s : 1) || (p[i] == "nan") != (q[i] == "nan")) exit 1 } }' ||
        fail "$f: dnumk and dnum2 differ: $a / $b"
done
# the special functions compose their one-variable series: lgamma(x+y+z) has
# d{a}_{b}_{c} = lgamma^(a+b+c)(x+y+z), and J_2(x y z) at z = 1 has d0_0_1 = x y J_2'(x y)
[[ $(E -V x,y,z -n 3 -a 1,0.5,1.25 'lgamma(x+y+z)' | tail -1 | cut -d, -f4,5,8,14 | tr , '\n' | sort -u | wc -l) -eq 4 ]] || fail "lgamma(x+y+z): partials of one order differ"
k3=$(E -V x,y,z -n 3 -a 1,0.5,1.25 'lgamma(x+y+z)' | tail -1 | cut -d, -f4,5,8,21)
k1=$(E -n 3 -a 2.75 'lgamma(x)' | tail -1 | cut -d, -f2-)
awk -v a="$k3" -v b="$k1" 'BEGIN{n = split(a, p, ","); split(b, q, ","); for (i = 1; i <= n; i++) {
    d = p[i] - q[i]; if (d < 0) d = -d; if (d > 1e-14 * (q[i] < 0 ? -q[i] : q[i])) exit 1 } }' ||
    fail "lgamma(x+y+z): $k3, want the one-variable $k1"
# --points with three values per line: the rows of --at
printf '1,2,3\n-0.5, 0.25 ,2 # c\n' | E -V x,y,z -n 2 --points - 'atan2(y,x)*z' >"$tmp/out" || fail "--points (three variables)"
{ E -V x,y,z -n 2 -a 1,2,3 'atan2(y,x)*z' | tail -1; E -V x,y,z -n 2 -a -0.5,0.25,2 'atan2(y,x)*z' | tail -1; } >"$tmp/want"
cmp -s <(tail -n +2 "$tmp/out") "$tmp/want" || fail "--points three variables differ from --at"
printf '1,2\n' | E -V x,y,z -n 1 --points - x >/dev/null 2>"$tmp/err"
grep -qF "<stdin>:1: expected 3 values, found two" "$tmp/err" || fail "point line with two of three values: $(head -1 "$tmp/err")"
# a sweep of the first variable: the rows of --at
[[ $(E -V x,y,z -n 2 -r 0:1:3 -a 2,3 'x*y*z' | tail -1) == $(E -V x,y,z -n 2 -a 1,2,3 'x*y*z' | tail -1) ]] || fail "-r with three variables"
expect_error "--at needs 3 values" -V x,y,z -a 1,2 x
expect_error "--at needs 3 values" -V x,y,z -a 1,2,3,4 x
expect_error "needs --at with 2 values (of 'y', 'z')" -V x,y,z -r 0:1:3 -a 1 x
expect_error "needs --at with 2 values" -V x,y,z -r 0:1:3 x
expect_error "above the dnumk engine's limit 32 for 3 variables" -V x,y,z -n 33 -a 1,2,3 x
expect_error "above the dnumk engine's limit 18 for 8 variables" -V a,b,c,d,u,f,g,h -n 19 -a 1,2,3,4,5,6,7,8 a
[[ $(E -V a,b,c,d,u,f,g,h -n 2 -a 1,2,3,4,5,6,7,8 'a*h' | head -1 | tr , '\n' | wc -l) -eq 53 ]] || fail "eight variables: not 8 + C(10, 8) columns"
[[ $(E -V a,b,c,d,u,f,g,h -n 2 -a 1,2,3,4,5,6,7,8 'a*h' | head -1 | cut -d, -f9,10,17,53) == "d0_0_0_0_0_0_0_0,d1_0_0_0_0_0_0_0,d0_0_0_0_0_0_0_1,d0_0_0_0_0_0_0_2" ]] || fail "eight variables: column names"

# 10. -f npy: NumPy's .npy (version 1.0, '<f8', shape (points, columns)); numpy.load gives
# bit for bit the doubles of the CSV read with float() (-0 as 0, every nan the one quiet
# NaN): one to three variables, nan and inf, --coeffs and --error, -j threads, sweeps,
# points files, standard output and -o
py=
for p in python3 /usr/bin/python3; do "$p" -c 'import numpy' 2>/dev/null && { py=$p; break; }; done
cat >"$tmp/npy_check.py" <<'PY'
# usage: npy_check.py CSV NPY [CSV NPY ...]: each NPY against its CSV
import os, sys
import numpy as np
fails = 0
args = sys.argv[1:]
for csv, npy in zip(args[::2], args[1::2]):
    raw = open(npy, "rb").read() if os.path.exists(npy) else b""
    hlen = raw[8] | raw[9] << 8 if len(raw) >= 10 else 1
    lines = open(csv).read().splitlines()
    ncol = len(lines[0].split(","))
    want = np.array([[float(v) for v in l.split(",")] for l in lines[1:]], dtype="<f8").reshape(-1, ncol)
    try:
        a = np.load(npy)
    except Exception as e:
        a = e
    if raw[:8] != b"\x93NUMPY\x01\x00" or (10 + hlen) % 64:
        print("%s: not a version 1.0 header aligned to 64 bytes" % npy)
    elif isinstance(a, Exception) or a.dtype != np.dtype("<f8") or a.shape != want.shape:
        print("%s: %r, want shape %r" % (npy, a if isinstance(a, Exception) else (a.dtype, a.shape), want.shape))
    elif a.tobytes() != want.tobytes():
        r = np.argwhere(a.view("<u8") != want.view("<u8"))[0]
        print("%s: row %d column %d: %r, CSV %r" % (npy, r[0], r[1], a[tuple(r)], want[tuple(r)]))
    else:
        continue
    fails += 1
sys.exit(fails)
PY
awk 'BEGIN{print "# x, y"; for (i = 0; i < 3001; i++) { printf "%.6f,%.3f\n", i / 3000 - 0.5, i / 1000; if (i % 97 == 0) print "" } }' >"$tmp/pn.txt"
pairs=() k=0
while IFS='|' read -r -a args; do
    k=$((k + 1))
    "$eval_bin" "${args[@]}" >"$tmp/n$k.csv" 2>/dev/null
    "$eval_bin" -f npy "${args[@]}" >"$tmp/n$k.npy" 2>/dev/null
    "$eval_bin" -f npy -o "$tmp/n${k}o.npy" "${args[@]}" 2>/dev/null
    cmp -s "$tmp/n$k.npy" "$tmp/n${k}o.npy" || fail "-f npy -o F differs from standard output: ${args[*]}"
    for j in 2 3; do
        "$eval_bin" -j $j -f npy "${args[@]}" 2>/dev/null | cmp -s - "$tmp/n$k.npy" || fail "-f npy -j $j differs from -j 1: ${args[*]}"
    done
    pairs+=("$tmp/n$k.csv" "$tmp/n$k.npy")
done <<EOF2
-n|8|-r|-4:4:2001|exp(-x^2)
-n|3|-r|-1:1:101|log(x)
-n|200|-r|0.25:0.75:5|1/(1-x)
-n|4|-a|0|sin(x)*cos(x)
--coeffs|--error|-n|5|-r|0.1:0.9:99|atan(x)
-V|x,y|-n|4|-r|0:1:501|-a|2|x*y^2+sin(x*y)
-V|x,y|-n|3|--points|$tmp/pn.txt|atan2(y,x)
-V|x,y,z|-n|3|-r|-1:1:301|-a|0.5,2|exp(x*y*z)+sinc(2+x*z)
EOF2
# points from standard input: the row count, unknown at the start, is written at the end
cut -d, -f1 "$tmp/pn.txt" | "$eval_bin" -f npy -n 5 --points - -o "$tmp/s.npy" 'erf(x)' || fail "-f npy --points - -o F: exit status"
cut -d, -f1 "$tmp/pn.txt" | "$eval_bin" -n 5 --points - 'erf(x)' >"$tmp/s.csv"
pairs+=("$tmp/s.csv" "$tmp/s.npy")
printf '1\n' | "$eval_bin" -f npy -n 1 --points - x 2>"$tmp/err" | cat >"$tmp/out"
[[ ${PIPESTATUS[1]} -eq 2 && ! -s $tmp/out ]] && grep -qF "needs -o FILE" "$tmp/err" ||
    fail "-f npy --points - into a pipe: $(head -1 "$tmp/err")"
# a bad points line: the rows before it, in a valid .npy where the output is a file
printf '1\n2\n3x\n4\n' >"$tmp/pb.txt"
"$eval_bin" -f npy -n 1 --points "$tmp/pb.txt" -o "$tmp/pb.npy" x 2>/dev/null
[[ $? -eq 2 ]] || fail "-f npy, bad points line: exit status, want 2"
"$eval_bin" -n 1 --points "$tmp/pb.txt" x >"$tmp/pb.csv" 2>/dev/null
pairs+=("$tmp/pb.csv" "$tmp/pb.npy")
if [[ -n $py ]]; then
    "$py" "$tmp/npy_check.py" "${pairs[@]}" || fail "-f npy: numpy.load differs from the CSV"
else
    echo "note: no python3 with numpy (Debian python3-numpy); the numpy.load checks of -f npy skipped"
fi
# --columns: the CSV header line, nothing evaluated; -o: errors name the file, and a bad
# expression leaves no file behind
[[ $("$eval_bin" --columns -V x,y -n 2 'x*y') == x,y,d0_0,d1_0,d0_1,d2_0,d1_1,d0_2 ]] || fail "--columns"
[[ $("$eval_bin" --columns -f npy --error -n 1 -r 0:1:5 x) == x,d0,d1,e0,e1 ]] || fail "--columns with -f npy --error"
[[ $("$eval_bin" --columns -f json -n 1 x) == x,d0,d1 ]] || fail "--columns with -f json"
"$eval_bin" -n 1 -r 0:1:100000 x -o /dev/full 2>"$tmp/err"
[[ $? -eq 1 ]] && grep -qF "write error on '/dev/full'" "$tmp/err" || fail "-o /dev/full: $(head -1 "$tmp/err")"
expect_error "unknown function" -a 1 -o "$tmp/never.csv" 'sinn(x)'
[[ -e $tmp/never.csv ]] && fail "-o: a file written for a bad expression"
expect_error "cannot open '$tmp/no/such.csv' for writing" -a 1 -o "$tmp/no/such.csv" x
expect_error "unknown format 'npz' (csv, json, table or npy)" -f npz -a 1 x

# 11. --shard I/N: part 0, then the other parts without their header line, are the bytes of
# the whole output (sweeps, points files, -j, more parts than points); npy parts are arrays
# whose concatenation is the whole; the parts run under GNU parallel
shard_cat() { # N PREFIX SUFFIX: part 0, then parts 1..N-1 without their first line
    cat "$2"0"$3"
    for ((i = 1; i < $1; i++)); do tail -n +2 "$2$i$3"; done
}
while IFS='|' read -r -a args; do
    nparts=${args[0]}
    "$eval_bin" "${args[@]:1}" >"$tmp/whole" 2>/dev/null
    for ((i = 0; i < nparts; i++)); do
        "$eval_bin" -j $((i % 3 + 1)) --shard $i/$nparts "${args[@]:1}" >"$tmp/part$i" 2>/dev/null ||
            fail "--shard $i/$nparts: exit status: ${args[*]:1}"
    done
    shard_cat "$nparts" "$tmp/part" "" | cmp -s - "$tmp/whole" || fail "--shard, $nparts parts: not the whole output: ${args[*]:1}"
done <<EOF2
7|-n|6|-r|-2:2:10007|exp(-x^2)*sin(3*x)
1|-n|2|-r|0:1:10|x^3
3|-V|x,y|-n|3|--points|$tmp/pn.txt|atan2(y,x)
5|-n|2|--points|$tmp/p1.txt|sin(x)
4|-f|table|-n|2|-r|0:1:1001|sqrt(x)
9|-n|1|-a|2|x^2
EOF2
[[ $("$eval_bin" --shard 3/4 -n 1 -r 0:1:3 x) == x,d0,d1 ]] || fail "--shard: an empty part is not the header line alone"
expect_error "bad --shard '4/4': part 4 does not exist: the parts of N = 4 are 0 to 3" --shard 4/4 -a 1 x
expect_error "bad --shard '1/0': the number of parts N must be at least 1" --shard 1/0 -a 1 x
for s in 1 -1/4 1/ /4 a/4 1/4x ' 1/4' 99999999999999999999999/4; do
    expect_error "bad --shard '$s': expected I/N" --shard "$s" -a 1 x
done
expect_error "--shard needs the points in a file" --shard 0/2 -n 1 --points - x </dev/null
if command -v parallel >/dev/null; then
    rm -f "$tmp"/gp*
    parallel --will-cite -q -j 3 "$eval_bin" --shard {}/5 -n 8 -r 0:1:50001 'sin(x)*exp(x)' -o "$tmp/gp{}.csv" ::: 0 1 2 3 4 ||
        fail "GNU parallel: exit status"
    "$eval_bin" -n 8 -r 0:1:50001 'sin(x)*exp(x)' >"$tmp/gwhole.csv"
    shard_cat 5 "$tmp/gp" .csv | cmp -s - "$tmp/gwhole.csv" || fail "GNU parallel: the parts are not the whole output"
    if [[ -n $py ]]; then
        parallel --will-cite -q -j 3 "$eval_bin" -f npy --shard {}/4 -V x,y -n 3 --points "$tmp/pn.txt" 'atan2(y,x)' -o "$tmp/gn{}.npy" ::: 0 1 2 3
        "$eval_bin" -f npy -V x,y -n 3 --points "$tmp/pn.txt" 'atan2(y,x)' -o "$tmp/gnwhole.npy"
        "$py" -c 'import sys, numpy as np
parts = [np.load(f) for f in sys.argv[2:]]
whole = np.load(sys.argv[1])
sys.exit(not (len(parts[0]) and np.concatenate(parts).tobytes() == whole.tobytes()))' "$tmp/gnwhole.npy" "$tmp"/gn{0,1,2,3}.npy ||
            fail "GNU parallel, -f npy: the concatenated parts are not the whole array"
    fi
else
    echo "note: GNU parallel not found (Debian parallel); the --shard run under parallel skipped"
fi

# 12. messages: derivatives that overflow a double are not a singularity; the nearest
# function name; how to declare a variable (also for an --at with more values); other
# languages' spellings; spaces in -V; literal legends in the plots
"$eval_bin" -n 200 -a 0.5 '1/(1-x)' >/dev/null 2>"$tmp/err"
grep -qF "derivatives overflow a double (printed inf) at 1 of 1 point (first at x = 0.5, from order 151); --coeffs gives the Taylor coefficients f^(k)/k!, finite there" "$tmp/err" ||
    fail "overflow at order 151: $(head -1 "$tmp/err")"
grep -q "singularity" "$tmp/err" && fail "overflow at order 151 called a singularity"
"$eval_bin" -n 160 -r 0:0.5:3 '1/(1-x)' >/dev/null 2>"$tmp/err"
grep -qF "at 1 of 3 points (first at x = 0.5, from order 151); --coeffs -n 171 gives" "$tmp/err" || fail "overflow at order 160: $(head -1 "$tmp/err")"
"$eval_bin" -V s,t -n 60 -a 0.9,0.0999 '1/(1-s-t)' >/dev/null 2>"$tmp/err"
grep -qF "(first at s = 0.90000000000000002, t = 0.099900000000000003, from total order 57)" "$tmp/err" || fail "overflow, two variables: $(head -1 "$tmp/err")"
for e in 'sqrt(x)' 'x^(1/3)' '1/x' 'abs(x)'; do
    "$eval_bin" -n 4 -a 0 "$e" >/dev/null 2>"$tmp/err"
    grep -qF "at 1 of 1 point (outside the domain, or at a singularity)" "$tmp/err" && ! grep -q overflow "$tmp/err" ||
        fail "$e at 0: $(head -1 "$tmp/err")"
done
expect_error "unknown function 'sinn' at column 5 (did you mean 'sin'?)" -a 1 'x + sinn(x)'
expect_error "unknown function 'ln' at column 1 (did you mean 'log'?)" -a 1 'ln(x)'
expect_error "unknown function 'arctan' at column 1 (did you mean 'atan'?)" -a 1 'arctan(x)'
"$eval_bin" -a 1 'foo(x)' 2>&1 >/dev/null | grep -q "did you mean" && fail "a suggestion for 'foo'"
expect_error "unknown variable 'y' at column 5 (declare it with -V x,y)" -a 1 'x + y'
expect_error "unknown variable 'z' at column 5 (declare it with -V x,y,z)" -V x,y -a 1,2 'x + z'
expect_error "unknown variable 'y' at column 3 (declare it and z with -V x,y,z)" -a 1 'x*y*z'
expect_error "unknown variable 'PI' at column 1 (did you mean 'pi'? or declare it with -V x,PI)" -a 1 'PI*x'
expect_error "unknown function 'foo' at column 1 (dnum-eval --functions lists the functions)" -a 1 'foo(x)'
# --at with a value per variable the formula uses, but without -V: the names and the -V
expect_error "--at needs 1 value (one per variable: x), got '1,2'; the formula also uses y: declare it with -V x,y" -a 1,2 'x*y'
expect_error "got '1,2,3'; the formula also uses y, z: declare them with -V x,y,z" -a 1,2,3 'x*y*z'
printf 'x*y\n' >"$tmp/xy.expr"
expect_error "got '1,2'; the formula also uses y: declare it with -V x,y" -a 1,2 --file "$tmp/xy.expr"
expect_error "--at needs 1 value (one per variable: x), got '1,2' (declare more variables with -V x,y)" -a 1,2 'x^2'
expect_error "--at needs 2 values (one per variable: x, y), got '1'" -V x,y -a 1 'x*y'
expect_error "--at and --range exclude each other for one variable (x); the formula also uses y: declare it with -V x,y" -r 0:1:3 -a 2 'x*y'
# the spellings of other languages: this language's in the message, after the column
expect_error "unexpected '*' at column 3 (powers are written with '^', as in x^2)" -a 1 'x**2'
expect_error "unexpected '^' at column 3 (a power has one '^', as in x^2)" -a 1 'x^^2'
expect_error "found 'x' at column 2 (a product is written with '*', as in 2*x)" -a 1 '2x'
expect_error "unexpected end of expression at column 6 (an operand is missing after the '^' at column 4)" -a 1 'x*x^ '
expect_error "found '.5' at column 4 (a number has one decimal point, as in 1.25)" -a 1 '1.2.5*x'
expect_error "unexpected character '|' at column 1 (the absolute value is written abs(x))" -a 1 '|x|'
expect_error "unknown name 'math.sin' at column 1 (write sin without 'math.')" -a 1 'math.sin(x)'
"$eval_bin" -a 1 'math.sin(x)' 2>&1 >/dev/null | grep -q "declare" && fail "math.sin: -V suggested for 'math'"
[[ $("$eval_bin" -V 'x, y' -n 2 -a '1, 2' 'x^2*y') == $("$eval_bin" -V x,y -n 2 -a 1,2 'x^2*y') ]] || fail "-V 'x, y'"
plot=$golden/../../tools/plot_derivs.sh
if command -v gnuplot >/dev/null; then
    "$eval_bin" -V x,y,z -n 1 -r 0:1:21 -a 1,2 'x*y+z^2' >"$tmp/k3.csv"
    bash "$plot" "$tmp/k3.csv" "$tmp/k3.svg" >/dev/null 2>&1
    grep -qF '>d0_1_0  (max 1)<' "$tmp/k3.svg" || fail "plot_derivs.sh: the legend d0_1_0 is not literal"
    bash "$plot" "$tmp/k3.csv" "$tmp/k3p.svg" panels >/dev/null 2>&1
    grep -qF '>d0_1_0<' "$tmp/k3p.svg" || fail "plot_derivs.sh panels: the title d0_1_0 is not literal"
else
    echo "note: gnuplot not found (Debian gnuplot-nox); the plot legend check skipped"
fi

# the batch instruction sets this machine and build have (--version; DN_BATCH_ISA names
# one of them, any other name is an error: exit status 2, the variable, its value and the
# available ones named, nothing on stdout, whatever the job)
isas=$("$eval_bin" --version | sed -n 's/^batch instruction sets (DN_BATCH_ISA): //p')
[[ " $isas " == *" scalar "* ]] || fail "--version: no batch instruction sets line (scalar among them)"
for isa in foo generic neon sse2 avx2 avx512 AVX2 ' sse2'; do
    [[ " $isas " == *" $isa "* ]] && continue
    case $isa in
    generic | neon | sse2 | avx2 | avx512) why="not available on this machine or in this build" ;;
    *) why="unknown instruction set" ;;
    esac
    for a in "--precision double -n 2 -r 0:1:5" "-n 2 -r 0:1:5" "-V x,y -n 2 -r 0:1:5 -a 1" \
        "--precision extended -a 1"; do
        DN_BATCH_ISA=$isa expect_error "DN_BATCH_ISA=$isa: $why (available: ${isas// /, })" $a 'sin(x)'
    done
done
DN_BATCH_ISA= "$eval_bin" -n 2 -r 0:1:5 'sin(x)' >/dev/null 2>&1 || fail "DN_BATCH_ISA empty: an error"

# 13. batches: --precision double with one variable evaluates a block's points together
# (dn_expr_eval_batch); the numbers and warnings are those of the point-by-point path,
# which --error takes (its derivative columns, cut from the bounds): removable
# singularities swept across 0 (the NaN orders filled by the scalar engine), overflow,
# domain errors, --coeffs, partial chunks, the dvec engine; the same bytes for every
# instruction set of the lanes (DN_BATCH_ISA; the scalar one is dn_expr_eval), -j and
# --shard; --vector-math: numbers near the default ones, the same bytes for -j and --shard;
# the default --precision auto (dn_expr_eval_batch_prec) the same bytes as point by point
while IFS='|' read -r -a args; do
    n=${args[0]}
    "$eval_bin" --precision double -n "${args[@]}" >"$tmp/b.csv" 2>"$tmp/b.err"
    "$eval_bin" --precision double --error -n "${args[@]}" 2>"$tmp/p.err" | cut -d, -f1-$((n + 2)) >"$tmp/p.csv"
    cmp -s "$tmp/b.csv" "$tmp/p.csv" && cmp -s "$tmp/b.err" "$tmp/p.err" ||
        fail "batch differs from the point-by-point path: -n ${args[*]}"
    for isa in $isas; do
        DN_BATCH_ISA=$isa "$eval_bin" --precision double -f npy -n "${args[@]}" 2>/dev/null >"$tmp/i.npy"
        "$eval_bin" --precision double -f npy -n "${args[@]}" 2>/dev/null | cmp -s - "$tmp/i.npy" ||
            fail "DN_BATCH_ISA=$isa: other bytes: -n ${args[*]}"
    done
    for j in 2 3; do
        "$eval_bin" -j $j --precision double -n "${args[@]}" 2>"$tmp/j.err" | cmp -s - "$tmp/b.csv" &&
            cmp -s "$tmp/j.err" "$tmp/b.err" || fail "batch -j $j differs from -j 1: -n ${args[*]}"
    done
    # the default --precision auto: its quick bounds on lanes (dn_expr_eval_batch_prec)
    # against the point-by-point analysis (DN_BATCH_ISA=scalar), numbers and warnings
    "$eval_bin" -n "${args[@]}" >"$tmp/a.csv" 2>"$tmp/a.err"
    DN_BATCH_ISA=scalar "$eval_bin" -n "${args[@]}" >"$tmp/as.csv" 2>"$tmp/as.err"
    cmp -s "$tmp/a.csv" "$tmp/as.csv" && cmp -s "$tmp/a.err" "$tmp/as.err" ||
        fail "auto: the lanes' bounds differ from the point-by-point ones: -n ${args[*]}"
    "$eval_bin" -j 3 -n "${args[@]}" 2>/dev/null | cmp -s - "$tmp/a.csv" || fail "auto -j 3 differs: -n ${args[*]}"
done <<EOF2
6|-r|-1:1:20001|sin(x)/x
4|--coeffs|-r|-2:2:9999|(x^3+x^4)^(1/3)/x+sin(x)/x
8|-r|0:1:100001|sin(x)*exp(x)
160|-r|0:0.9:301|1/(1-x)
5|-r|-1:1:1001|log(x)+sqrt(x)
12|--coeffs|-r|-1:1:3001|1/(1-x)
6|-r|-2:2:4001|lgamma(x)+atan2(x,1)+cbrt(x)+x^2.5+abs(x)+erfc(x)
3|-r|-10:10:513|tan(x)+1/(x-1)+asin(x/10)+acosh(x)+atanh(x/10)+sinh(x)+expm1(x)+log1p(x)
40|-e|dvec|-r|0:2:3001|1/(1-x)
0|-e|dvec|-r|-1:1:257|exp(x)/x
2|--points|$tmp/p5.txt|erf(x)/x
2|-a|0|sin(x)/x
EOF2
# several variables (the dnum2 and dnumk engines, in double) evaluate a block's points
# together too (dn_expr_eval_batch2, dn_expr_eval_batchk): the numbers and warnings of the
# point-by-point path (which --error takes: its derivative columns), the same bytes for
# every instruction set, -j and the npy format; zeros, poles, domain errors, --coeffs
while IFS='|' read -r -a args; do
    "$eval_bin" "${args[@]}" >"$tmp/m.csv" 2>"$tmp/m.err"
    ncol=$(head -1 "$tmp/m.csv" | tr ',' '\n' | wc -l)
    "$eval_bin" --error "${args[@]}" 2>"$tmp/mp.err" | cut -d, -f1-"$ncol" >"$tmp/mp.csv"
    cmp -s "$tmp/m.csv" "$tmp/mp.csv" && cmp -s "$tmp/m.err" "$tmp/mp.err" ||
        fail "several variables: batch differs from the point-by-point path: ${args[*]}"
    for isa in $isas; do
        DN_BATCH_ISA=$isa "$eval_bin" -f npy "${args[@]}" 2>/dev/null >"$tmp/mi.npy"
        "$eval_bin" -f npy "${args[@]}" 2>/dev/null | cmp -s - "$tmp/mi.npy" ||
            fail "several variables, DN_BATCH_ISA=$isa: other bytes: ${args[*]}"
    done
    "$eval_bin" -j 3 "${args[@]}" 2>/dev/null | cmp -s - "$tmp/m.csv" ||
        fail "several variables: -j 3 differs: ${args[*]}"
done <<EOF2
-V|x,y|-n|4|-r|-1:1:2001|-a|0.5|sin(x)/x + log(y) + 1/(x*y)
-V|x,y|-e|dnumk|-n|6|-r|-1:1:1001|-a|0|sqrt(x^2+y^2) + cbrt(x*y) + lgamma(x+2)
-V|x,y,z|-n|3|-r|-2:2:1001|-a|0.5,-0.5|exp(x*y*z)/(1+z^2) + atan2(x,y) + hypot(y,z)
-V|x,y|--coeffs|-n|5|-r|0:3:999|-a|1|exp(x)*sin(y)
-V|x,y|-n|30|-r|0:1:33|-a|0.2|exp(x*y)
EOF2
"$eval_bin" --precision double -n 6 -r -1:1:20001 'sin(x)/x' >"$tmp/whole" 2>/dev/null
for ((i = 0; i < 3; i++)); do
    "$eval_bin" -j $((i + 1)) --precision double --shard $i/3 -n 6 -r -1:1:20001 'sin(x)/x' >"$tmp/part$i" 2>/dev/null
done
shard_cat 3 "$tmp/part" "" | cmp -s - "$tmp/whole" || fail "batch --shard: not the whole output"
[[ $(grep -c nan "$tmp/whole") -eq 0 ]] || fail "batch: sin(x)/x across 0 has nan orders"
# --vector-math (the vector math library's function values where the build has one)
"$eval_bin" --vector-math --precision double -n 4 -r -3:3:30001 'sin(x)*exp(x)+log(4+x)+cos(x)/(1+x^2)' >"$tmp/v1.csv"
"$eval_bin" --precision double -n 4 -r -3:3:30001 'sin(x)*exp(x)+log(4+x)+cos(x)/(1+x^2)' >"$tmp/v0.csv"
paste -d, "$tmp/v1.csv" "$tmp/v0.csv" | tail -n +2 | awk -F, '{ h = NF / 2; for (i = 1; i <= h; i++) {
    d = $i - $(i + h); if (d < 0) d = -d; m = $(i + h) < 0 ? -$(i + h) : $(i + h)
    if (d > 1e-13 * (m > 1 ? m : 1)) { print "row " NR " column " i ": " $i " vs " $(i + h); exit 1 } } }' ||
    fail "--vector-math: numbers far from the default ones"
[[ $(wc -l <"$tmp/v1.csv") -eq 30002 && $(head -1 "$tmp/v1.csv") == "$(head -1 "$tmp/v0.csv")" ]] || fail "--vector-math: rows or columns"
for j in 2 3; do
    "$eval_bin" -j $j --vector-math --precision double -n 4 -r -3:3:30001 'sin(x)*exp(x)+log(4+x)+cos(x)/(1+x^2)' |
        cmp -s - "$tmp/v1.csv" || fail "--vector-math -j $j differs from -j 1"
done
for ((i = 0; i < 4; i++)); do
    "$eval_bin" --vector-math --precision double --shard $i/4 -n 4 -r -3:3:30001 'sin(x)*exp(x)+log(4+x)+cos(x)/(1+x^2)' >"$tmp/part$i"
done
shard_cat 4 "$tmp/part" "" | cmp -s - "$tmp/v1.csv" || fail "--vector-math --shard: not the whole output"
[[ $("$eval_bin" --vector-math --precision double -n 6 -a 0 'sin(x)/x' | tail -1) == 0,1,0,-0.33333333333333331,0,0.20000000000000001,0,-0.14285714285714285 ]] ||
    fail "--vector-math: sin(x)/x at 0"
for a in "-a 1 x" "--precision extended -a 1 x" "--precision double --error -a 1 x" \
    "--precision double -e dvec -n 171 -a 1 x" "-V x,y --error -a 1,2 x*y"; do
    expect_error "--vector-math takes no --error, and with one variable --precision double and an order up to 170" --vector-math $a
done
# several variables (the multivariate batches): numbers near the default ones, the same
# bytes for -j
for a in "-V x,y -n 4 -a 0.5" "-V x,y,z -n 3 -a 0.5,-0.25" "-e dnumk -n 5"; do
    f='sin(x)*exp(x)+log(4+x)+cos(x)/(1+x^2)'
    [[ $a == *y* ]] && f='sin(x)*exp(y)/(1+x*y)+sqrt(1+y^2)*log(2+cos(x))'
    [[ $a == *z* ]] && f='sin(x)*exp(z)/(1+x*y)+sqrt(1+z^2)*log(2+cos(y))'
    "$eval_bin" $a -r -2:2:4001 "$f" >"$tmp/m0.csv" 2>/dev/null
    "$eval_bin" --vector-math $a -r -2:2:4001 "$f" >"$tmp/m1.csv" 2>/dev/null
    [[ $(wc -l <"$tmp/m1.csv") -eq 4002 && $(head -1 "$tmp/m1.csv") == "$(head -1 "$tmp/m0.csv")" ]] ||
        fail "--vector-math $a: rows or columns"
    paste -d, "$tmp/m1.csv" "$tmp/m0.csv" | tail -n +2 | awk -F, '{ h = NF / 2; for (i = 1; i <= h; i++) {
        d = $i - $(i + h); if (d < 0) d = -d; m = $(i + h) < 0 ? -$(i + h) : $(i + h)
        if (d > 1e-12 * (m > 1 ? m : 1)) { print "row " NR " column " i ": " $i " vs " $(i + h); exit 1 } } }' ||
        fail "--vector-math $a: numbers far from the default ones"
    "$eval_bin" -j 3 --vector-math $a -r -2:2:4001 "$f" 2>/dev/null | cmp -s - "$tmp/m1.csv" ||
        fail "--vector-math $a: -j 3 differs from -j 1"
done
"$eval_bin" --version | grep -q "^vector math (--vector-math): " || fail "--version: no vector math line"

if [[ $fails -ne 0 ]]; then
    echo "$fails failure(s)"
    exit 1
fi
echo "all dnum-eval checks passed"
