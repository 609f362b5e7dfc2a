# Sourced by the quick-start scripts: installs the Debian 12 packages that are missing; the
# cross scripts also take MinGW-w64's DLL directories for wine from it.
# usage: dn_need pkg...   (as root; apt-get update runs once, only if something is missing)
dn_need() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "missing Debian packages: ${missing[*]} (run as root, or: sudo apt-get install ${missing[*]})" >&2
        return 1
    fi
    echo "installing: ${missing[*]}" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# usage: dn_winepath dll...   the directories of MinGW-w64's run-time DLLs (those that
# x86_64-w64-mingw32-gcc links with), as WINEPATH entries: Z:<dir>; each
dn_winepath() {
    local f d
    for f in "$@"; do
        d=$(dirname "$(x86_64-w64-mingw32-gcc -print-file-name="$f")")
        printf 'Z:%s;' "$(cd "$d" && pwd)"
    done
}
