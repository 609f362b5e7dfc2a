#!/usr/bin/env bash
# The target's libraries that the cross builds link and run with (Criterion for the test
# suite, SLEEF for the batch engines), from Debian's own packages of that architecture:
# `apt-get download` and `dpkg -x` into build-x-sysroot/<target>, nothing installed on the
# machine (Debian's multiarch cannot co-install them when the mirror's architectures are at
# different point releases), and <sysroot>.ini, the sysroot's part of a meson cross file.
# Where Debian has no Criterion for the architecture (s390x) the sysroot has none: the test
# suite there is the portable subset (tests/meson.build). Prints the sysroot's path.
#   bash tools/sysroot.sh TARGET      TARGET: aarch64-linux-gnu, i686-linux-gnu or s390x-linux-gnu
# Then: `meson setup DIR --cross-file tools/cross/TARGET.txt --cross-file <sysroot>.ini`.
set -euo pipefail
cd "$(dirname "$0")/.."

t=${1:?usage: tools/sysroot.sh aarch64-linux-gnu | i686-linux-gnu | s390x-linux-gnu}
# tri: the multiarch directory of the architecture's libraries. SLEEF only where the
# library has a vector batch engine that uses it (aarch64 here; meson.build): s390x has
# none, so its SLEEF (Debian has one) would go unused.
case $t in
aarch64-linux-gnu) arch=arm64 tri=aarch64-linux-gnu extra=(libsleef-dev libsleef3) ;;
i686-linux-gnu) arch=i386 tri=i386-linux-gnu extra=() ;;
s390x-linux-gnu) arch=s390x tri=s390x-linux-gnu extra=() ;;
*) echo "sysroot.sh: no sysroot for '$t'" >&2; exit 2 ;;
esac
# Criterion's run-time closure (libcriterion3's dependencies, recursively, less libc: the
# cross compiler brings its own)
criterion=(libcriterion-dev libcriterion3 libgit2-1.5 libnanomsg5 libffi8 libssl3 libssh2-1
           zlib1g libpcre2-8-0 libhttp-parser2.9 libmbedcrypto7 libmbedtls14 libmbedx509-1
           libgssapi-krb5-2 libkrb5-3 libk5crypto3 libkrb5support0 libcom-err2 libkeyutils1)
root=$PWD/build-x-sysroot/$t
if [ -f "$root/.complete" ]; then
    echo "$root"
    exit 0
fi
if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
    dpkg --add-architecture "$arch"
fi
# (a mirror in sync for one architecture only fails the update; the download below says
# whether what it needs arrived)
DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null 2>&1 || true
pkgs=("${extra[@]}")
if apt-cache show "libcriterion-dev:$arch" >/dev/null 2>&1; then
    pkgs+=("${criterion[@]}")
else
    echo "sysroot.sh: Debian has no libcriterion-dev for $arch: a sysroot without Criterion" >&2
fi
rm -rf "$root" "$root.debs"
mkdir -p "$root.debs" "$root/usr/lib/$tri/pkgconfig"
[ ${#pkgs[@]} -eq 0 ] ||
    (cd "$root.debs" && apt-get download -qq "${pkgs[@]/%/:$arch}" 2>&1 | grep -v '^W: Download is performed unsandboxed' >&2) || true
for p in "${pkgs[@]}"; do
    ls "$root.debs/${p}_"*"_$arch.deb" >/dev/null 2>&1 ||
        { echo "sysroot.sh: could not download $p:$arch" >&2; exit 1; }
done
for d in "$root.debs"/*.deb; do
    if [ -e "$d" ]; then dpkg -x "$d" "$root"; fi
done
rm -rf "$root.debs"
# criterion.pc names the -dev packages of its private dependencies (for static linking);
# the shared library needs none of them
pc=$root/usr/lib/$tri/pkgconfig/criterion.pc
[ ! -f "$pc" ] || sed -i -e '/^Requires.private/d' -e '/^Libs.private/d' "$pc"
# Debian's headers of one architecture (sleef.h) sit in the multiarch include directory,
# which the compiler searches natively but not in a sysroot
if [ -d "$root/usr/include/$tri" ]; then
    for pc in "$root/usr/lib/$tri/pkgconfig"/*.pc; do
        [ ! -f "$pc" ] ||
            sed -i "s|^Cflags: -I\${includedir}\$|Cflags: -I\${includedir} -I\${includedir}/$tri|" "$pc"
    done
fi
# the sysroot's part of a meson cross file (given after the target's own: the later wins):
# pkg-config in the sysroot only (an empty one where there is nothing: the machine's own
# packages are not the target's); programs linked against its libraries find them at run
# time by their rpath (RPATH, not RUNPATH: it also serves the libraries' own dependencies)
libs="$root/usr/lib/$tri:$root/lib/$tri"
link="['-Wl,-rpath-link=$libs', '-Wl,-rpath=$libs', '-Wl,--disable-new-dtags']"
printf '%s\n' "[properties]" "pkg_config_libdir = ['$root/usr/lib/$tri/pkgconfig']" \
    "sys_root = '$root'" "[built-in options]" "c_link_args = $link" "cpp_link_args = $link" \
    "[binaries]" "pkgconfig = 'pkg-config'" >"$root.ini"
touch "$root/.complete"
echo "$root"
