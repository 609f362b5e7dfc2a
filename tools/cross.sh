#!/usr/bin/env bash
# Cross builds: the library and dnum-eval for each target that packagers build for (the
# meson cross files in tools/cross/), the public headers compiled there in C and C++, and
# dnum-eval run there (qemu-user; wine for Windows) against the native build of the same
# options: CSV numbers to 1e-13 relative, -f npy byte for byte. Exits non-zero on any
# failure. Installs the Debian packages it needs (as root, only those missing).
#   bash tools/cross.sh [TARGET...]   targets: i686-linux-gnu x86_64-w64-mingw32
#                                     aarch64-linux-gnu s390x-linux-gnu musl (default: all)
# Build directories build-x-<target>, shared with tools/cross_tests.sh and configured for
# its test suite (tools/cross_setup.sh: the target's Criterion and SLEEF from
# tools/sysroot.sh), of which this script builds only the library and dnum-eval; SLEEF on
# aarch64 only, Debian's arm64 libsleef-dev, so that its batch engine `neon` runs SLEEF's
# Advanced SIMD functions: --version must say so, and the --vector-math case compares
# their values. build-x-native: this machine's library and dnum-eval, without SLEEF.
# DN_CROSS_WINE=0 builds Windows without running it.
set -uo pipefail
cd "$(dirname "$0")/.."
. tools/deps.sh
. tools/cross_setup.sh

all=(i686-linux-gnu x86_64-w64-mingw32 aarch64-linux-gnu s390x-linux-gnu musl)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")
wine=${DN_CROSS_WINE:-1}

pkgs=(gcc libc6-dev meson ninja-build python3)
for t in "${targets[@]}"; do
    p=$(dn_cross_pkgs "$t") || { echo "cross.sh: unknown target '$t' (${all[*]})" >&2; exit 2; }
    read -ra p <<<"$p"
    pkgs+=("${p[@]}")
    [ "$t" = x86_64-w64-mingw32 ] && [ "$wine" != 0 ] && pkgs+=(wine64)
done
dn_need "${pkgs[@]}" || exit 1

# the native build's options (the cross builds': tools/cross_setup.sh)
opts=(-Dtests=disabled -Dexamples=disabled -Dbenchmarks=disabled -Dpython=disabled
      -Dsleef=disabled -Ddocs=disabled)
fail=0
report=()
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# build DIR: the library (shared and static) and dnum-eval of a configured
# build directory, the compiler's warnings shown
build() {
    local dir=$1 log
    log=$(meson compile -C "$dir" dnum:shared_library dnum:static_library dnum-eval 2>&1) ||
        { echo "$log" | tail -40 >&2; return 1; }
    echo "$log" | grep -E 'warning:' >&2
    return 0
}

# The public headers in C (dnum.h, block.h) and C++ (dnum.hpp) with the target's
# compilers; $1 C compiler, $2 C++ compiler (empty: none), the rest their flags.
headers() {
    local cc=$1 cxx=$2
    shift 2
    printf '%s\n' '#include <dnum/dnum.h>' '#include <dnum/block.h>' 'DNUMB_DEFINE(4)' \
        'int main(void)' '{' '    double x[DNB_W] = {0.5};' \
        '    dnumb_o4 b = dnumb_o4_exp(dnumb_o4_var(x));' \
        '    dnum_o4 s = dnum_o4_sin(dnum_o4_var(0.5));' \
        '    return dnumb_o4_get(&b, 2, 0) + s.d[3] > 9.0;' '}' >"$tmp/h.c"
    printf '%s\n' '#include <dnum/dnum.hpp>' 'int main()' '{' \
        '    auto x = dnum::fixed<4>::var(0.5);' '    auto y = exp(-x * x) * jn(2, x);' \
        '    return y.d(3) > 9.0;' '}' >"$tmp/h.cpp"
    "$cc" -std=c11 -Wall -Wextra -Wpedantic -Wno-psabi -Werror -Iinclude "$@" -c "$tmp/h.c" \
        -o "$tmp/h.o" || return 1
    [ -z "$cxx" ] || "$cxx" -std=c++17 -Wall -Wextra -Werror -Iinclude "$@" -c "$tmp/h.cpp" \
        -o "$tmp/hpp.o"
}

# The dnum-eval runs compared: the arguments of each (no spaces, no quotes needed).
cases=(
    "-n 8 -a 0.5 exp(-x^2)*sin(x)"
    "-n 8 -r -2:2:41 exp(-x^2)*sin(x)/(1+x^2)"
    "-n 6 -r 0.5:40:31 jn(3,x)+yn(2,x)*lgamma(x)+erf(x/4)+digamma(x)"
    "-n 10 --precision extended -r 0.3:40:23 jn(2,x)*lgamma(x)+yn(1,x)"
    "-n 24 --precision auto -r 0.1:3:12 pow(x+1,2.5)*atan2(x,1+x^2)+cbrt(x)"
    "-n 4 -V x,y -a 0.5,0.3 sin(x*y)+exp(x-y)/hypot(x,y)"
    "-n 40 -e dvec -a 0.7 exp(sin(x))*tgamma(x+1)"
    "-n 20 --coeffs -a 0.25 lambertw(x)+erfinv(x)+sinc(3*x)"
    "--precision double --vector-math -n 4 -r -2:2:401 sin(x)*exp(x)+log(4+x)+cos(x)/(1+x^2)"
)

# eval TARGET OUT ARGS...: dnum-eval of the target's build, standard output into OUT
eval_on() {
    local t=$1 out=$2 dir=build-x-$1
    shift 2
    case $t in
    native | musl) "$dir/tools/dnum-eval" "$@" >"$out" ;;
    i686-linux-gnu) qemu-i386 -L /usr/i686-linux-gnu "$dir/tools/dnum-eval" "$@" >"$out" ;;
    aarch64-linux-gnu | s390x-linux-gnu)
        "qemu-${t%%-*}" -L "/usr/$t" "$dir/tools/dnum-eval" "$@" >"$out" ;;
    x86_64-w64-mingw32) # (the exe wrapper of tools/cross_setup.sh: wine)
        "$dir-files/$t-wine.sh" "$dir/tools/dnum-eval.exe" "$@" >"$out" 2>"$out.err" ;;
    esac
}

# close KIND A B: the same cells (csv), or the same .npy header and size (npy), the
# numbers within 1e-13 relative
close() {
    python3 - "$@" <<'EOF'
import struct, sys
kind, fa, fb = sys.argv[1:]
a, b = open(fa, 'rb').read(), open(fb, 'rb').read()
def near(u, v):
    return u == v or (u != u and v != v) or abs(u - v) <= 1e-13 * max(abs(u), abs(v))
if kind == 'npy':
    h = 10 + a[8] + 256 * a[9]
    if a[:h] != b[:h] or len(a) != len(b):
        sys.exit('the .npy headers or sizes differ')
    n = (len(a) - h) // 8
    va, vb = struct.unpack('<%dd' % n, a[h:]), struct.unpack('<%dd' % n, b[h:])
    for i, (u, v) in enumerate(zip(va, vb)):
        if not near(u, v):
            sys.exit('npy value %d: %r against %r' % (i, u, v))
    sys.exit(0)
la, lb = a.split(b'\n'), b.split(b'\n')
if len(la) != len(lb):
    sys.exit('%d lines against %d' % (len(la), len(lb)))
for i, (ra, rb) in enumerate(zip(la, lb)):
    ca, cb = ra.split(b','), rb.split(b',')
    if len(ca) != len(cb):
        sys.exit('line %d: %d cells against %d' % (i + 1, len(ca), len(cb)))
    for x, y in zip(ca, cb):
        if x == y:
            continue
        try:
            if near(float(x), float(y)):
                continue
        except ValueError:
            pass
        sys.exit('line %d: %r against %r' % (i + 1, x, y))
EOF
}

if [ ! -d build-x-native/meson-info ] &&
    ! log=$(meson setup build-x-native "${opts[@]}" 2>&1); then
    echo "$log" >&2
    exit 1
fi
build build-x-native || { echo "native build failed" >&2; exit 1; }
mkdir -p "$tmp/native"
for i in "${!cases[@]}"; do
    read -ra args <<<"${cases[$i]}"
    eval_on native "$tmp/native/$i.csv" "${args[@]}"
    eval_on native "$tmp/native/$i.npy" -f npy "${args[@]}"
done

for t in "${targets[@]}"; do
    note=""
    run=1
    case $t in
    i686-linux-gnu) cc=i686-linux-gnu-gcc cxx=i686-linux-gnu-g++ flags=(-msse2 -mfpmath=sse) ;;
    x86_64-w64-mingw32) cc=$t-gcc cxx=$t-g++ flags=() run=$wine ;;
    musl) cc=musl-gcc cxx="" flags=() note="C++ not checked (musl-gcc is C only)" ;;
    *) cc=$t-gcc cxx=$t-g++ flags=() ;;
    esac
    echo "== $t (at ${SECONDS} s)" >&2
    if ! dn_cross_setup "$t"; then
        report+=("$t | no | - | configure failed (tools/cross_setup.sh)")
        fail=1
        continue
    fi
    if ! build "$dir"; then
        report+=("$t | no | - | the build failed")
        fail=1
        continue
    fi
    if ! headers "$cc" "$cxx" "${flags[@]}"; then
        note="the public headers do not compile; $note"
        fail=1
    fi
    if [ "$run" != 1 ]; then
        report+=("$t | yes | not run | $note")
        continue
    fi
    if [ "$t" = aarch64-linux-gnu ]; then # the engine and SLEEF really there
        eval_on "$t" "$tmp/$t.version" --version
        if ! grep -qx 'vector math (--vector-math): SLEEF' "$tmp/$t.version" ||
            ! grep -qx 'batch instruction sets (DN_BATCH_ISA): scalar neon' "$tmp/$t.version"; then
            note="--version: no neon engine with SLEEF; $note"
            fail=1
        fi
    fi
    ok=0 bad=0 same_csv=0 same_npy=0
    mkdir -p "$tmp/$t"
    for i in "${!cases[@]}"; do
        read -ra args <<<"${cases[$i]}"
        msg=""
        for kind in csv npy; do
            a="$tmp/native/$i.$kind" b="$tmp/$t/$i.$kind"
            fmt=()
            [ $kind = npy ] && fmt=(-f npy)
            if ! eval_on "$t" "$b" "${fmt[@]}" "${args[@]}"; then
                msg="$msg $kind: dnum-eval failed;"
            elif cmp -s "$a" "$b"; then
                eval "same_$kind=\$((same_$kind + 1))"
            elif ! m=$(close $kind "$a" "$b" 2>&1); then
                msg="$msg $kind: $m;"
            fi
        done
        if [ -z "$msg" ]; then
            ok=$((ok + 1))
        else
            bad=$((bad + 1))
            echo "$t: dnum-eval ${cases[$i]}:$msg" >&2
        fi
    done
    [ $bad -eq 0 ] || fail=1
    report+=("$t | yes | $ok of ${#cases[@]} (bit for bit: CSV $same_csv, npy $same_npy) | $note")
done

echo "target | builds | dnum-eval matches the native build | notes"
printf '%s\n' "${report[@]}"
exit $fail
