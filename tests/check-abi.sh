#!/bin/sh
# The shared library's interface: what it exports is the public API.
#
#   sh tests/check-abi.sh lib/libsgf.so.VERSION
#
# - every exported (dynamic, defined) symbol starts with "sgf_" and not
#   "sgf__" (internal functions are hidden by -fvisibility=hidden);
# - every exported symbol is declared with SGF_API in a public header,
#   and every function declared so is exported (none is missing);
# - every exported symbol has a symbol version from libsgf/libsgf.map
#   (SGF_1);
# - the soname is versioned (libsgf.so.N) and the file is named after it.
# The last line is "abi: N passed, M failed"; exit status 1 on a failure.
set -u
if [ $# -ne 1 ] || [ ! -f "$1" ]; then
    echo "usage: sh tests/check-abi.sh lib/libsgf.so.VERSION" >&2
    exit 2
fi
lib=$1
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-abi.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
LC_ALL=C
export LC_ALL
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

# Symbols the linker itself defines in some toolchains, and the version
# nodes of the version script (absolute symbols, type A).
nm -D --defined-only "$lib" > "$tmp/nm" || fail "nm $lib failed"
awk '$2 != "A" { print $NF }' "$tmp/nm" |
    grep -v -e '^_init@*' -e '^_fini@*' -e '^_edata@*' -e '^_end@*' \
        -e '^__bss_start@*' |
    sort -u > "$tmp/versioned"
sed 's/@.*//' "$tmp/versioned" | sort -u > "$tmp/exported"
if [ ! -s "$tmp/exported" ]; then
    fail "$lib exports nothing (or nm failed)"
fi

# Every exported function carries the version node of libsgf/libsgf.map
# (SGF_1): the library was linked with the version script.
if grep -v -e '@@SGF_[0-9]*$' "$tmp/versioned" > "$tmp/unversioned"; then
    fail "exported without a symbol version (libsgf/libsgf.map):"
    sed 's/^/    /' "$tmp/unversioned"
else
    pass
fi

if grep -v -e '^sgf_[a-z0-9]' "$tmp/exported" > "$tmp/bad" ||
   grep -e '^sgf__' "$tmp/exported" >> "$tmp/bad"; then
    fail "exported symbols outside the sgf_ namespace (or internal):"
    sed 's/^/    /' "$tmp/bad"
else
    pass
fi

# Functions declared SGF_API in the public headers ("SGF_API type
# *name(" on one line, as the headers write them).
grep -h '^SGF_API' "$top"/libsgf/include/sgf/*.h |
    sed -n 's/^SGF_API[^(]*[^a-zA-Z0-9_]\([a-zA-Z0-9_]*\) *(.*/\1/p' |
    sort -u > "$tmp/declared"
comm -13 "$tmp/exported" "$tmp/declared" > "$tmp/missing"
comm -23 "$tmp/exported" "$tmp/declared" > "$tmp/extra"
if [ -s "$tmp/missing" ]; then
    fail "declared in a public header but not in $lib:"
    sed 's/^/    /' "$tmp/missing"
else
    pass
fi
if [ -s "$tmp/extra" ]; then
    fail "exported by $lib but declared in no public header:"
    sed 's/^/    /' "$tmp/extra"
else
    pass
fi

soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
case $soname in
    libsgf.so.[0-9]*)
        case $(basename "$lib") in
            "$soname" | "$soname".*) pass ;;
            *) fail "$lib is not named after its soname $soname" ;;
        esac ;;
    *) fail "soname '$soname' is not versioned (libsgf.so.N)" ;;
esac

echo "abi: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
