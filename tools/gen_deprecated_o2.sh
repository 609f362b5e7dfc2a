#!/usr/bin/env bash
# Writes dnum/deprecated_o2.h and its parts: the old names of the order-2 families that the
# rename to `_o2` changed (dlane2 -> dlane_o2, dsp2 -> dsp_o2, dsph2 -> dsph_o2, dnel2_K ->
# dnelK_o2, DN_OBJECTIVE2 -> DN_OBJECTIVE_O2, ...), one `#define OLD NEW` for each pair of
# tools/deprecated_o2_names.txt. Each pair goes to the part of the public header its new
# name belongs to, include/dnum/internal/deprecated_<part>.h (the parts below; dnum/elem_o2.h's
# names in two, K = 1, 2 and K = 3, 4, so that no file has 800 lines), and
# dnum/deprecated_o2.h includes the parts. In GCC and clang each use of an old name warns
# (`_Pragma("GCC warning ...")`) naming the new one, except with DN_ALLOW_DEPRECATED; with
# DN_NO_DEPRECATED it is an error that names the new one (`_Pragma("GCC error ...")`; other
# compilers see no old name then, and silent aliases otherwise).
# The pairs were made once, at the rename, from the preprocessed public headers, and are
# committed: names added later have no old name. --names prints the pairs the headers have
# now, made the same way (the new names read from `#include "dnum/hessian.h"` preprocessed
# with CC: functions made by token pasting included, macros through -dD, dnum/deprecated_o2.h
# itself left out by its include guard, the internal names dni_* and DNI_* left out).
# The files are committed: the test `generated-files` (tools/check_generated.sh) compares
# each with this script's output, `ninja -C BUILD generated` writes them again.
#   usage: tools/gen_deprecated_o2.sh [SOURCE_ROOT] FILE          writes FILE to stdout
#          tools/gen_deprecated_o2.sh [SOURCE_ROOT] --list        the FILEs, one a line
#          tools/gen_deprecated_o2.sh [SOURCE_ROOT] --names [CC]  the pairs of the headers
# (FILE relative to SOURCE_ROOT, which defaults to the repository of this script)
set -euo pipefail
if [ $# -gt 0 ] && [ -d "$1" ]; then
    cd "$1"
    shift
else
    cd "$(dirname "$0")/.."
fi
[ $# -gt 0 ] || { echo "usage: $0 [SOURCE_ROOT] FILE | --list | --names [CC]" >&2; exit 2; }

# The parts, in the order dnum/deprecated_o2.h includes them; part_re PART: the new names
# it holds (an extended regular expression); part_doc PART: what its comment says
parts='hessian lanes_o2 sparse_o2 sparseh_o2 elem_o2_k12 elem_o2_k34'
part_re() {
    case $1 in
    hessian) echo '^(DN_OBJECTIVE_O2|DN_ELEMENT_O2|dn_objective_o2|dn_objective_lanes_o2|dn_element_o2)$' ;;
    lanes_o2) echo '^(dlane_o2|DLANE_O2)' ;;
    sparse_o2) echo '^(dsp_o2|DSP_O2)' ;;
    sparseh_o2) echo '^(dsph_o2|DSPH_O2)' ;;
    elem_o2_k12) echo '^(DNEL_O2|dnel[12]_o2)' ;;
    elem_o2_k34) echo '^dnel[34]_o2' ;;
    esac
}
part_doc() {
    case $1 in
    hessian) echo ' * the old names of dnum/hessian.h, DN_OBJECTIVE2, DN_ELEMENT2, dn_objective2,
 * dn_objective_l2 and dn_element2, each a macro for its new name.' ;;
    lanes_o2) echo ' * the old names of dnum/lanes_o2.h, dlane2, dlane2_<f> and DLANE2_*, each a macro for
 * its new name.' ;;
    sparse_o2) echo ' * the old names of dnum/sparse_o2.h, dsp2, dsp2_<f>, dsp2_work_* and DSP2_*, each a
 * macro for its new name.' ;;
    sparseh_o2) echo ' * the old names of dnum/sparseh_o2.h, dsph2 and dsph2_<f>, each a macro for its new
 * name.' ;;
    elem_o2_k12) echo ' * the old names of dnum/elem_o2.h for K = 1 and 2, DNEL2_*, dnel2_1, dnel2_2 and their
 * functions, each a macro for its new name.' ;;
    elem_o2_k34) echo ' * the old names of dnum/elem_o2.h for K = 3 and 4, dnel2_3, dnel2_4 and their
 * functions, each a macro for its new name.' ;;
    esac
}
list() {
    echo include/dnum/deprecated_o2.h
    for p in $parts; do echo "include/dnum/internal/deprecated_$p.h"; done
}

# the pairs the headers have now
names() {
    local cc=${1:-cc}
    local new='(dlane_o2|dsp_o2|dsph_o2|dnel[1-4]_o2|DLANE_O2|DSP_O2|DSPH_O2|DNEL_O2|DN_OBJECTIVE_O2|DN_ELEMENT_O2|dn_objective_o2|dn_objective_lanes_o2|dn_element_o2)'
    printf '#include "dnum/hessian.h"\n' |
        $cc -std=c11 -E -dD -DDN_NO_DEPRECATED -DDNUM_DEPRECATED_O2_H -Iinclude -x c - |
        grep -oE "(^|[^A-Za-z0-9_])$new(_[A-Za-z0-9_]*[A-Za-z0-9])?\b" |
        sed -E 's/^[^A-Za-z0-9_]//' | LC_ALL=C sort -u |
        perl -ne 'chomp; my $n = $_;
            s/dnel([1-4])_o2/dnel2_$1/; s/DNEL_O2/DNEL2/; s/dsph_o2/dsph2/; s/DSPH_O2/DSPH2/;
            s/dsp_o2/dsp2/; s/DSP_O2/DSP2/; s/dlane_o2/dlane2/; s/DLANE_O2/DLANE2/;
            s/DN_OBJECTIVE_O2/DN_OBJECTIVE2/; s/DN_ELEMENT_O2/DN_ELEMENT2/;
            s/dn_objective_lanes_o2/dn_objective_l2/; s/dn_objective_o2/dn_objective2/;
            s/dn_element_o2/dn_element2/; print "$_ $n\n"'
}

# emit MODE OLD NEW: the lines of one pair in the section MODE (silent, warn or error). A
# program may define DLANE2_DECL itself: dnum/lanes_o2.h then uses it, unless it is this
# alias (DNI_DLANE2_DECL_ALIAS); such a DLANE2_DECL is an old name too (one warning here, or
# the error)
emit() {
    local mode=$1 o=$2 n=$3 msg
    case $mode in
    silent)
        if [ "$n" = DLANE_O2_DECL ]; then
            printf '#ifndef %s\n#define %s %s\n#define DNI_DLANE2_DECL_ALIAS\n#endif\n' "$o" "$o" "$n"
        else
            printf '#define %s %s\n' "$o" "$n"
        fi ;;
    warn)
        msg="$o is deprecated: use $n (the old names go in 0.4; DN_ALLOW_DEPRECATED silences this)"
        if [ "$n" = DLANE_O2_DECL ]; then
            printf '#ifndef %s\n#define %s _Pragma("GCC warning \\"%s\\"") %s\n' "$o" "$o" "$msg" "$n"
            printf '#define DNI_DLANE2_DECL_ALIAS\n#elif !defined(DNI_DLANE2_DECL_ALIAS)\n'
            printf '#pragma GCC warning "%s"\n#endif\n' "$msg"
        else
            printf '#define %s _Pragma("GCC warning \\"%s\\"") %s\n' "$o" "$msg" "$n"
        fi ;;
    error)
        msg="$o is now $n (an old name; DN_NO_DEPRECATED is defined)"
        if [ "$n" = DLANE_O2_DECL ]; then
            printf '#if defined(%s) && !defined(DNI_DLANE2_DECL_ALIAS)\n#error "%s"\n#endif\n' "$o" "$msg"
            printf '#undef %s\n#define DNI_DLANE2_DECL_ALIAS\n' "$o"
        fi
        printf '#define %s _Pragma("GCC error \\"%s\\"") %s\n' "$o" "$msg" "$n" ;;
    esac
}

# part NAME: the file include/dnum/internal/deprecated_NAME.h
part() {
    local p=$1 guard mode o n
    local pairs
    pairs=$(grep -v '^#' tools/deprecated_o2_names.txt | awk -v re="$(part_re "$p")" '$2 ~ re')
    guard=DNUM_INTERNAL_DEPRECATED_$(tr '[:lower:]' '[:upper:]' <<<"$p")_H
    cat <<EOF
/* dnum/internal/deprecated_$p.h -- internal, included by dnum/deprecated_o2.h:
$(part_doc "$p")
 * Generated by tools/gen_deprecated_o2.sh from tools/deprecated_o2_names.txt; do not edit.
 */
#ifndef $guard
#define $guard
EOF
    for mode in silent warn error; do
        case $mode in
        silent) printf '\n#if !defined(DN_NO_DEPRECATED) && \\\n'
                printf '    (defined(DN_ALLOW_DEPRECATED) || !(defined(__GNUC__) || defined(__clang__)))\n'
                printf '/* DN_ALLOW_DEPRECATED (or a compiler without _Pragma("GCC warning")): silent aliases */\n' ;;
        warn) printf '\n#elif !defined(DN_NO_DEPRECATED)\n'
              printf '/* The default (GCC, clang): each use of an old name warns, naming the new one, and\n'
              printf ' * expands to it. */\n' ;;
        error) printf '\n#elif defined(__GNUC__) || defined(__clang__)\n'
               printf '/* DN_NO_DEPRECATED: each old name is an error (one per use) naming the new one, which it\n'
               printf ' * still expands to, so that nothing else fails. */\n' ;;
        esac
        while read -r o n; do emit "$mode" "$o" "$n"; done <<<"$pairs"
    done
    printf '#endif\n\n#endif /* %s */\n' "$guard"
}

# dnum/deprecated_o2.h: the documentation and the parts
header() {
    cat <<'EOF'
/* dnum/deprecated_o2.h -- the old names of the order-2 families, deprecated: each is a
 * macro for its new name, so that code written for dnum 0.2 compiles unchanged (with a
 * warning per use). They go away in 0.4. The rule of the new names: a digit after the
 * family name counts variables, `_oN` is the order (CONTRIBUTING.md, "Naming").
 *
 *   dlane2, dlane2_<f>, DLANE2_*          dlane_o2, dlane_o2_<f>, DLANE_O2_*   dnum/lanes_o2.h
 *   dsp2, dsp2_<f>, dsp2_work_*, DSP2_*   dsp_o2, dsp_o2_<f>, ..., DSP_O2_*     dnum/sparse_o2.h
 *   dsph2, dsph2_<f>                      dsph_o2, dsph_o2_<f>                dnum/sparseh_o2.h
 *   dnel2_K, dnel2_K_<f>, DNEL2_*         dnelK_o2, dnelK_o2_<f>, DNEL_O2_*   dnum/elem_o2.h
 *   DN_OBJECTIVE2, DN_ELEMENT2            DN_OBJECTIVE_O2, DN_ELEMENT_O2      dnum/hessian.h
 *   dn_objective2, dn_objective_l2        dn_objective_o2, dn_objective_lanes_o2
 *   dn_element2                           dn_element_o2                       dnum/hessian.h
 *   the headers dnum/lanes2.h, sparse2.h, sparseh2.h, elem2.h, special2.h: each includes
 *   its new name and this header.
 *
 * The new headers include this one. In GCC and clang each use of an old name warns, naming
 * the new one ("warning: DN_OBJECTIVE2 is deprecated: use DN_OBJECTIVE_O2 ..."; so do a
 * DLANE2_DECL of the program's own and an old header); DN_ALLOW_DEPRECATED keeps them
 * silent. Define DN_NO_DEPRECATED to check that a program uses only the new names: each
 * use of an old name is then an error that names the new one (in GCC and clang: "error:
 * DN_OBJECTIVE2 is now DN_OBJECTIVE_O2 ..."; other compilers see no old name), and so is
 * a DLANE2_DECL of the program's own and an old header.
 * The macros are in the parts this header includes, one per header whose names they are
 * (dnum/internal/deprecated_*.h; dnum/elem_o2.h's in two).
 * Generated by tools/gen_deprecated_o2.sh from tools/deprecated_o2_names.txt; do not edit.
 */
#ifndef DNUM_DEPRECATED_O2_H
#define DNUM_DEPRECATED_O2_H

EOF
    for p in $parts; do printf '#include "dnum/internal/deprecated_%s.h"\n' "$p"; done
    printf '\n#endif /* DNUM_DEPRECATED_O2_H */\n'
}

case $1 in
--list) list ;;
--names) names "${2:-}" ;;
include/dnum/deprecated_o2.h) header ;;
include/dnum/internal/deprecated_*.h)
    p=${1#include/dnum/internal/deprecated_}
    p=${p%.h}
    [[ " $parts " == *" $p "* ]] || { echo "$0: $1: no such part" >&2; exit 2; }
    part "$p" ;;
*) echo "$0: $1: not a file this script writes (--list)" >&2; exit 2 ;;
esac
