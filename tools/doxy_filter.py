#!/usr/bin/env python3
"""Doxygen input filter for the public headers: the plain comment at the top of a header
(its index and function reference) becomes the header's file documentation, verbatim.
Line numbers are kept. usage: doxy_filter.py HEADER (writes the filtered text to stdout)"""
import sys

text = open(sys.argv[1], encoding="utf-8").read()
if text.startswith("/* "):
    end = text.index("*/")
    head = text[3:end].replace("\n * ", "\n").replace("\n *\n", "\n\n")
    text = "/** @verbatim " + head + " @endverbatim @file */" + text[end + 2:]
sys.stdout.write(text)
