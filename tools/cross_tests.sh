#!/usr/bin/env bash
# The test suite (`meson test` less the slow suite: Criterion, the CLI and example tests)
# built for other targets and run there: aarch64 and s390x (big-endian) under qemu-user,
# i686 natively (the 32-bit x86 C library of Debian's libc6-i386), musl natively (Debian's
# musl-gcc: C only, without SLEEF), 64-bit Windows (MinGW-w64) under wine. Criterion and
# SLEEF of the target come from tools/sysroot.sh. Debian has no Criterion for s390x, musl
# or Windows: there the build has -Dtests=auto and runs the portable subset (the tests
# that need no Criterion: the mpmath tables in plain C, the CLI, the examples, the fuzz
# seeds; tests/meson.build; on Windows not the CLI test). The build directories are
# tools/cross.sh's (tools/cross_setup.sh), configured for the suite: after cross.sh, only
# the tests and examples are compiled here.
# Criterion runs each test in a child it starts by executing its own program again, and
# the CLI test's shell runs dnum-eval, so qemu must run programs of the target started
# from outside and from inside the emulation: the script registers qemu-user with the
# kernel's binfmt_misc (Debian's qemu-user-binfmt; needs root). Exits non-zero when a
# build or a test fails, or when the emulation cannot be set up.
#   bash tools/cross_tests.sh [TARGET...]   aarch64-linux-gnu i686-linux-gnu s390x-linux-gnu
#                                           musl x86_64-w64-mingw32 (default: all five)
# Build directories build-x-<target>; `meson test -C build-x-<target>` reruns.
set -uo pipefail
cd "$(dirname "$0")/.."
. tools/deps.sh
. tools/cross_setup.sh

all=("${dn_cross_all[@]}")
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

pkgs=(gcc libc6-dev meson ninja-build python3 pkgconf)
for t in "${targets[@]}"; do
    p=$(dn_cross_pkgs "$t") || { echo "cross_tests.sh: unknown target '$t' (${all[*]})" >&2; exit 2; }
    read -ra p <<<"$p"
    pkgs+=("${p[@]}")
    case $t in
    aarch64-linux-gnu | s390x-linux-gnu) pkgs+=(qemu-user-binfmt) ;;
    i686-linux-gnu) pkgs+=(libc6-i386) ;;
    x86_64-w64-mingw32) pkgs+=(wine64) ;;
    esac
done
dn_need "${pkgs[@]}" || exit 1
# (the MinGW-w64 build directory with wine as its exe wrapper)
export DN_CROSS_WINE=1

# binfmt QEMU (qemu-aarch64, qemu-s390x): the target's programs run by the kernel through
# qemu-user (started by an emulated program, or by the CLI test's shell): binfmt_misc with
# qemu-user's entry
binfmt() {
    local d=/proc/sys/fs/binfmt_misc q=$1
    [ -e "$d/$q" ] && return 0
    [ -e "$d/register" ] || mount -t binfmt_misc binfmt_misc "$d" 2>/dev/null
    [ -e "$d/register" ] || { echo "cross_tests.sh: binfmt_misc is not available" >&2; return 1; }
    /lib/systemd/systemd-binfmt "/usr/lib/binfmt.d/$q.conf" 2>/dev/null ||
        update-binfmts --enable "$q" 2>/dev/null
    [ -e "$d/$q" ] || { echo "cross_tests.sh: could not register $q" >&2; return 1; }
}

fail=0
report=()
for t in "${targets[@]}"; do
    echo "== $t (at ${SECONDS} s)" >&2
    # (under qemu-i386 the suite's x87 arithmetic ran for over 10 minutes in one test: not
    # run there; the cross builds' step still runs dnum-eval for i686 under qemu-i386)
    if [ "$t" = i686-linux-gnu ] && ! dn_i686_native; then
        report+=("$t | not run: this kernel runs no 32-bit x86 programs (Exec format error)")
        continue
    fi
    if ! dn_cross_setup "$t"; then
        report+=("$t | configure failed (tools/cross_setup.sh)")
        fail=1
        continue
    fi
    if [ $emulated = 1 ] && ! binfmt "qemu-${t%%-*}"; then
        report+=("$t | not run: no binfmt_misc")
        fail=1
        continue
    fi
    note=""
    [ "$tests" = enabled ] || note=" (no Criterion: the portable subset)"
    if ! log=$(ninja -C "$dir" 2>&1); then
        echo "$log" | grep -E 'error|warning' | head -40 >&2
        report+=("$t | build failed")
        fail=1
        continue
    fi
    echo "$log" | grep -E 'warning:' >&2
    # (qemu runs the batch and stack tests 50 times slower than the machine: 3x their
    # timeouts; DN_TEST_EMULATED: the CLI test's streaming check, the batch tests' sweeps
    # with fewer points, the stack test without the O(n^3) compositions)
    mult=1
    [ $emulated = 1 ] && mult=3
    rerun=""
    # (MinGW-w64: every test but the CLI's, whose shell cannot start a Windows program;
    # the wine prefix made first, by one small program, not inside a test's time limit)
    only=()
    [ "$t" = x86_64-w64-mingw32 ] && "$root-wine.sh" "$dir/tests/vla_check.exe" >/dev/null 2>&1
    [ "$t" = x86_64-w64-mingw32 ] && mapfile -t only < <(meson test -C "$dir" --list \
        --no-suite slow 2>/dev/null | sed 's/^dnum \/ //' | grep -vx cli) &&
        note="$note (not the CLI test)"
    if out=$(QEMU_LD_PREFIX=/usr/$t DN_TEST_EMULATED=$emulated meson test -C "$dir" \
            --no-suite slow --num-processes 2 -t $mult --print-errorlogs "${only[@]}" 2>&1); then
        :
    elif [ "$emulated" = 1 ]; then
        # qemu-user itself can deadlock in a forked child of a threaded program (both
        # threads in futex waits, no CPU used; seen once in a Criterion test's child): the
        # tests that failed run once more, alone, and must pass then (the first failure
        # is reported below)
        mapfile -t again < <(echo "$out" |
            sed -nE 's/^ *[0-9]+\/[0-9]+ +dnum \/ (.*[^ ]) +(FAIL|TIMEOUT|ERROR) .*/\1/p' | sort -u)
        echo "$t: running again under qemu: ${again[*]}" >&2
        first=$out
        if [ ${#again[@]} -gt 0 ] &&
            out=$(QEMU_LD_PREFIX=/usr/$t DN_TEST_EMULATED=$emulated meson test -C "$dir" \
                --no-rebuild --num-processes 1 -t $mult --print-errorlogs "${again[@]}" 2>&1); then
            rerun=" (failed first, passed when run again: ${again[*]})"
        else
            fail=1
            rerun=" (failed again: ${again[*]})"
        fi
        out=$first
    else
        fail=1
    fi
    echo "$out" | grep -E '^ *[0-9]+/[0-9]+ .*(FAIL|TIMEOUT|ERROR)' >&2
    sum=$(echo "$out" | grep -E '^(Ok|Fail|Skipped|Timeout|Expected Fail|Unexpected Pass): ' |
          tr -s ' ' | paste -sd' ')
    report+=("$t | $sum$note$rerun")
done
echo "target | meson test"
printf '%s\n' "${report[@]}"
exit $fail
