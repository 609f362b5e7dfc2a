#!/usr/bin/env python3
"""Checks that tools/mpfuncs.py defines exactly the rows of the operation table.

Reads the rows X(A, name, ...) of every list DNI_OPS_<L> of include/dnum/internal/ops.h
and fails (exit status 1), naming each, on a row with no entry in mpfuncs' dict <L>, on an
entry that is not a row of that list (no row at all, or a row of another list: the lists
differ in their arguments), and on an entry that is not callable.

usage: python3 tools/check_mpfuncs.py [OPS_H]   (needs python3-mpmath; the meson test
       `mpmath map`)
"""
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TOOLS)
import mpfuncs  # noqa: E402

DEFINE = re.compile(r"^#define DNI_OPS_(\w+)\(X, A\)((?:.*\\\n)*.*)", re.M)
ROW = re.compile(r"\bX\(A,\s*(\w+),")


def op_lists(text):
    """{list: [row names]} of the lists with rows of their own (not those made of lists)"""
    out = {}
    for name, body in DEFINE.findall(text):
        rows = ROW.findall(body)
        if rows:
            out[name] = rows
    return out


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        TOOLS, "..", "include", "dnum", "internal", "ops.h")
    with open(path) as f:
        lists = op_lists(f.read())
    if not lists:
        sys.exit(f"FAIL: no DNI_OPS_* rows found in {path}")
    where = {name: lst for lst, rows in lists.items() for name in rows}
    errors = []
    for lst, rows in lists.items():
        have = mpfuncs.LISTS.get(lst, {})
        errors += [f"{name}: row of DNI_OPS_{lst}, no entry in mpfuncs.{lst}"
                   for name in rows if name not in have]
    for lst, funcs in mpfuncs.LISTS.items():
        for name, f in funcs.items():
            if name not in where:
                errors.append(f"{name}: mpfuncs.{lst} entry, not a row of ops.h")
            elif where[name] != lst:
                errors.append(f"{name}: mpfuncs.{lst} entry, a row of DNI_OPS_{where[name]}")
            elif not callable(f):
                errors.append(f"{name}: mpfuncs.{lst} entry is not a function")
    for e in errors:
        print("FAIL: " + e)
    if errors:
        sys.exit(f"tools/mpfuncs.py does not match the operation table ({len(errors)} errors)")
    print(f"tools/mpfuncs.py: {len(where)} rows of {len(lists)} lists, each defined once")


if __name__ == "__main__":
    main()
