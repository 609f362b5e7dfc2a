#!/usr/bin/env bash
# Tests of the dnum-eval tool: golden outputs (tests/golden, made independently of dnum by
# tools/gen_golden.py), the hand-written C sweep (examples/gaussian_csv) byte for byte,
# and the error contract: exit status 2, a message naming the problem (and column), and
# nothing on stdout.
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

if [[ $fails -ne 0 ]]; then
    echo "$fails failure(s)"
    exit 1
fi
echo "all dnum-eval checks passed"
