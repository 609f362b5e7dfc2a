#!/usr/bin/env bash
# The target's libraries that the cross builds link and run with (Criterion for the test
# suite, SLEEF for the batch engines), from Debian's own packages of that architecture:
# `apt-get download` and `dpkg -x` into build-x-sysroot/<target>, nothing installed on the
# machine (Debian's multiarch cannot co-install them when the mirror's architectures are at
# different point releases), and <sysroot>.ini, the sysroot's part of a meson cross file.
# Prints the sysroot's path.
#   bash tools/sysroot.sh TARGET      TARGET: aarch64-linux-gnu or i686-linux-gnu
# Then: `meson setup DIR --cross-file tools/cross/TARGET.txt --cross-file <sysroot>.ini`.
set -euo pipefail
cd "$(dirname "$0")/.."

t=${1:?usage: tools/sysroot.sh aarch64-linux-gnu | i686-linux-gnu}
case $t in
aarch64-linux-gnu) arch=arm64 extra=(libsleef-dev libsleef3) ;;
i686-linux-gnu) arch=i386 extra=() ;;
*) echo "sysroot.sh: no sysroot for '$t'" >&2; exit 2 ;;
esac
# Criterion's run-time closure (libcriterion3's dependencies, recursively, less libc: the
# cross compiler brings its own)
pkgs=(libcriterion-dev libcriterion3 libgit2-1.5 libnanomsg5 libffi8 libssl3 libssh2-1 zlib1g
      libpcre2-8-0 libhttp-parser2.9 libmbedcrypto7 libmbedtls14 libmbedx509-1
      libgssapi-krb5-2 libkrb5-3 libk5crypto3 libkrb5support0 libcom-err2 libkeyutils1
      "${extra[@]}")
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
rm -rf "$root" "$root.debs"
mkdir -p "$root.debs"
(cd "$root.debs" && apt-get download -qq "${pkgs[@]/%/:$arch}" 2>&1 | grep -v '^W: Download is performed unsandboxed' >&2) || true
for p in "${pkgs[@]}"; do
    ls "$root.debs/${p}_"*"_$arch.deb" >/dev/null 2>&1 ||
        { echo "sysroot.sh: could not download $p:$arch" >&2; exit 1; }
done
for d in "$root.debs"/*.deb; do dpkg -x "$d" "$root"; done
rm -rf "$root.debs"
# criterion.pc names the -dev packages of its private dependencies (for static linking);
# the shared library needs none of them
pc=$(ls "$root"/usr/lib/*/pkgconfig/criterion.pc)
sed -i -e '/^Requires.private/d' -e '/^Libs.private/d' "$pc"
# Debian's headers of one architecture (sleef.h) sit in the multiarch include directory,
# which the compiler searches natively but not in a sysroot
for pc in "$root"/usr/lib/*/pkgconfig/*.pc; do
    tri=$(basename "$(dirname "$(dirname "$pc")")")
    [ -d "$root/usr/include/$tri" ] &&
        sed -i "s|^Cflags: -I\${includedir}\$|Cflags: -I\${includedir} -I\${includedir}/$tri|" "$pc"
done
# the sysroot's part of a meson cross file (given after the target's own: the later wins):
# pkg-config in the sysroot; programs linked against its libraries find them at run time by
# their rpath (RPATH, not RUNPATH: it also serves the libraries' own dependencies)
tri=$(basename "$(dirname "$(dirname "$pc")")")
libs="$root/usr/lib/$tri:$root/lib/$tri"
link="['-Wl,-rpath-link=$libs', '-Wl,-rpath=$libs', '-Wl,--disable-new-dtags']"
printf '%s\n' "[properties]" "pkg_config_libdir = ['$root/usr/lib/$tri/pkgconfig']" \
    "sys_root = '$root'" "[built-in options]" "c_link_args = $link" "cpp_link_args = $link" \
    "[binaries]" "pkgconfig = 'pkg-config'" >"$root.ini"
touch "$root/.complete"
echo "$root"
