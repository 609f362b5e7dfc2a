#!/usr/bin/env bash
# Tests of the dnum-eval tool: golden outputs (tests/golden, made independently of dnum by
# tools/gen_golden.py), the hand-written C sweep (examples/gaussian_csv) byte for byte,
# the error contract: exit status 2, a message naming the problem (and column), and
# nothing on stdout; write failures and out of memory (status 1, at once); escaped
# messages; sweeps; expressions and points from files; threads (the same bytes as -j 1).
# usage: test_cli.sh DNUM_EVAL GOLDEN_DIR GAUSSIAN_CSV
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

# --coeffs: Taylor coefficients (1/(1-x) at 0.5: 2^(k+1); x^2 y at (1, 2): c_ij = d_ij/(i! j!))
[[ $("$eval_bin" --coeffs -n 6 -a 0.5 '1/(1-x)') == $'x,c0,c1,c2,c3,c4,c5,c6\n0.5,2,4,8,16,32,64,128' ]] || fail "--coeffs 1/(1-x)"
[[ $("$eval_bin" --coeffs -V x,y -n 2 -a 1,2 'x^2*y') == $'x,y,c0_0,c1_0,c0_1,c2_0,c1_1,c0_2\n1,2,2,4,1,2,2,0' ]] || fail "--coeffs two variables"

# 2. the tool against the same sweep written in C with dnum_o8
"$gauss" 2001 -4 4 >"$tmp/c.csv"
"$eval_bin" -n 8 -r -4:4:2001 'exp(-x^2)' >"$tmp/e.csv"
cmp -s "$tmp/c.csv" "$tmp/e.csv" || fail "dnum-eval and gaussian_csv differ"
# every engine gives the same numbers (fixed vs dvec)
"$eval_bin" -e dvec -n 8 -r -4:4:2001 'exp(-x^2)' >"$tmp/d.csv"
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
expect_error "two variables need -e dnum2" -V x,y -e dvec -a 1,2 'x*y'
expect_error "above the dnum2 engine's limit" -V x,y -n 100 -a 1,2 'x*y'
expect_error "at most two variables" -V x,y,z -a 1,2,3 x
expect_error "bad variable list" -V 'x,sin' -a 1,2 x
expect_error "unknown option" -q -a 1 x
expect_error "unknown engine" -e gpu -a 1 x
expect_error "unknown format" -f xml -a 1 x
expect_error "exactly one EXPR" -a 1 x x
expect_error "bad value" -a 'pi/' x
"$eval_bin" --help | grep -q "usage: dnum-eval" || fail "--help"
"$eval_bin" --version | grep -q "dnum" || fail "--version"
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
# streaming: 3,000,000 points (about 600 MB of output) in a few MB of memory
if [[ -x /usr/bin/time ]] && ! ldd "$eval_bin" 2>/dev/null | grep -q asan; then
    for j in 1 2; do
        awk 'BEGIN{for (i = 0; i < 3000000; i++) print i / 3e6}' |
            /usr/bin/time -f %M -o "$tmp/rss" "$eval_bin" -j $j -n 8 --points - 'sin(x)*exp(x)' | wc -c >"$tmp/bytes"
        [[ $(cat "$tmp/bytes") -gt 500000000 && $(tail -1 "$tmp/rss") -lt 100000 ]] ||
            fail "--points -j $j: $(cat "$tmp/bytes") bytes in $(tail -1 "$tmp/rss") KB"
    done
fi

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
EOF

if [[ $fails -ne 0 ]]; then
    echo "$fails failure(s)"
    exit 1
fi
echo "all dnum-eval checks passed"
