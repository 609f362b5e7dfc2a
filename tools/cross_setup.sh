# shellcheck shell=bash disable=SC2034 # (dir, root, emulated, tests, dn_cross_all: for the scripts that source it)
# Sourced by tools/cross.sh and tools/cross_tests.sh (after tools/deps.sh): the one build
# directory of each cross target, build-x-<target>, that both scripts use. It is configured
# for the test suite (the tests, the examples), so that whichever script runs first
# compiles the library and dnum-eval and the other reuses them: cross.sh builds the library
# and dnum-eval there, cross_tests.sh the rest of the suite.
#   dn_cross_pkgs TARGET    the Debian packages that configuring and building it need
#   dn_cross_setup TARGET   configures build-x-TARGET (again from scratch when its setup
#                           arguments changed); sets dir (the build directory), root (the
#                           target's sysroot or its files' prefix), emulated (1: the
#                           target's programs run under qemu-user, aarch64 and s390x) and
#                           tests (enabled, or auto: the portable subset without Criterion)
# Per target: aarch64, i686 and s390x with the target's Criterion and SLEEF from Debian's
# packages of that architecture (tools/sysroot.sh; s390x has no Criterion in Debian);
# SLEEF enabled on aarch64 only (its batch engine `neon` runs SLEEF's Advanced SIMD
# functions), disabled elsewhere (i686 and s390x have no vector engine that would use it,
# musl-gcc and MinGW-w64 no SLEEF). i686 and musl run natively (i686 where the kernel runs
# 32-bit x86 programs, else under qemu-i386, the cross file's exe_wrapper); MinGW-w64
# under wine (where installed: DN_CROSS_WINE=0 configures without it), through an exe
# wrapper that puts the compiler's run-time DLLs on WINEPATH.

dn_cross_all=(aarch64-linux-gnu i686-linux-gnu s390x-linux-gnu musl x86_64-w64-mingw32)

dn_cross_pkgs() {
    case $1 in
    aarch64-linux-gnu | s390x-linux-gnu) echo "gcc-$1 g++-$1 qemu-user pkgconf" ;;
    i686-linux-gnu) echo "gcc-$1 g++-$1 qemu-user pkgconf" ;;
    musl) echo "musl-tools" ;;
    x86_64-w64-mingw32) echo "gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64" ;;
    *) return 1 ;;
    esac
}

# Whether this kernel runs 32-bit x86 programs (some virtual machines' kernels have no
# IA-32 emulation: "Exec format error")
dn_i686_native() {
    local p rc
    p=$(mktemp) || return 1
    echo 'int main(void) { return 0; }' | i686-linux-gnu-gcc -x c - -o "$p" 2>/dev/null &&
        "$p" 2>/dev/null
    rc=$?
    rm -f "$p"
    return $rc
}

dn_cross_setup() {
    local t=$1 wine=${DN_CROSS_WINE:-1} args log f
    dir=build-x-$t emulated=0 tests=enabled
    local files=$PWD/$dir-files
    mkdir -p "$files"
    case $t in
    musl | x86_64-w64-mingw32) # no sysroot: the cross compiler brings its C library
        root=$files/$t
        if [ "$t" = musl ]; then # (no C++ compiler: meson would take this machine's)
            printf '%s\n' "[binaries]" "cpp = 'false'" >"$root.ini"
        elif [ "$wine" != 0 ] && [ -x /usr/lib/wine/wine64 ]; then
            local wp
            wp=$(dn_winepath libgcc_s_seh-1.dll libwinpthread-1.dll libstdc++-6.dll)
            printf '%s\n' '#!/bin/sh' "WINEPATH='${wp}Z:$PWD/$dir' WINEDEBUG=-all \\" \
                "WINEPREFIX='$files/wineprefix' exec /usr/lib/wine/wine64 \"\$@\"" \
                >"$root-wine.sh"
            chmod +x "$root-wine.sh"
            printf '%s\n' "[binaries]" "exe_wrapper = ['$root-wine.sh']" >"$root.ini"
        else
            printf '%s\n' "[binaries]" >"$root.ini"
        fi ;;
    *) root=$(bash tools/sysroot.sh "$t") || return 1 ;;
    esac
    # the target's programs run directly, not through the cross file's exe_wrapper
    printf '%s\n' "[properties]" "needs_exe_wrapper = false" "[binaries]" "exe_wrapper = []" \
        >"$files/native.ini"
    args=(--cross-file "tools/cross/$t.txt" --cross-file "$root.ini")
    case $t in
    aarch64-linux-gnu) emulated=1 args+=(-Dsleef=enabled) ;;
    s390x-linux-gnu) emulated=1 args+=(-Dsleef=disabled) ;;
    i686-linux-gnu)
        ! dn_i686_native || args+=(--cross-file "$files/native.ini")
        args+=(-Dsleef=disabled) ;;
    musl) args+=(--cross-file "$files/native.ini" -Dsleef=disabled) ;;
    x86_64-w64-mingw32) args+=(-Dsleef=disabled) ;;
    *) return 1 ;;
    esac
    # the whole suite where the sysroot has Criterion, else the portable subset
    ls "$root"/usr/lib/*/pkgconfig/criterion.pc >/dev/null 2>&1 || tests=auto
    args+=("-Dtests=$tests" -Dexamples=enabled -Dbenchmarks=disabled -Dpython=disabled
           -Ddocs=disabled -Dipopt=disabled)
    # (a directory configured otherwise, by an older version of the scripts or another
    # DN_CROSS_WINE: configured anew)
    f=$dir/dn-cross-setup.txt
    if [ -d "$dir/meson-info" ] && [ "$(cat "$f" 2>/dev/null)" = "${args[*]}" ]; then
        return 0
    fi
    rm -rf "$dir"
    if ! log=$(meson setup "$dir" "${args[@]}" 2>&1); then
        echo "$log" | tail -30 >&2
        return 1
    fi
    echo "${args[*]}" >"$f"
}
