#!/bin/sh
# The list of diagnostic codes for man/sgf-validate.1, made from
# libsgf/include/sgf/diagcodes.def (the one source of codes, severities
# and meanings).
#
#   sh tests/gen-codes.sh         print the mdoc list on stdout
#   sh tests/gen-codes.sh -u      rewrite the list in man/sgf-validate.1,
#                                 between the lines '.\" codes: begin' and
#                                 '.\" codes: end'
#
# The C compiler reads the .def file, so string concatenation and escapes
# in it come out as the library sees them. tests/check-man-help.sh fails
# when the page's list differs from this output.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
page="$top/man/sgf-validate.1"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gen-codes.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

cat > "$tmp/codes.c" <<'EOF'
#include <stdio.h>
#define N "note"
#define W "warning"
#define E "error"
static const struct {
    const char *name, *sev4, *sev3, *meaning;
    int critical;
} codes[] = {
#define SGF_DIAG(id, value, name, sev4, sev3, crit, meaning) \
    { name, sev4, sev3, meaning, crit },
#include <sgf/diagcodes.def>
#undef SGF_DIAG
};
int main(void)
{
    size_t i;
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++)
        printf("%s\t%s\t%s\t%d\t%s\n", codes[i].name, codes[i].sev4,
               codes[i].sev3, codes[i].critical, codes[i].meaning);
    return 0;
}
EOF
${CC:-cc} -std=c11 -I"$top/libsgf/include" -o "$tmp/codes" "$tmp/codes.c"
"$tmp/codes" > "$tmp/codes.tsv"

# The section of each code, from the .def file's "/* --- module: title"
# comment lines above it (the title, capitalised).
awk '
/^\/\* --- / {
    sub(/^\/\* --- /, ""); sub(/ *-*\*\/ *$/, ""); sub(/ *-+ *$/, "")
    sub(/^[a-z]+: /, ""); sub(/ *\([^)]*\.h\)$/, "")
    section = toupper(substr($0, 1, 1)) substr($0, 2)
}
/SGF_DIAG\(/ {
    if (match($0, /"[a-z0-9-]+"/))
        print substr($0, RSTART + 1, RLENGTH - 2) "\t" section
}' "$top/libsgf/include/sgf/diagcodes.def" > "$tmp/sections.tsv"

# One .Ss and tag list per section, one .It per code, in the order of the
# .def file. Text lines: the meaning with a capital and a full stop;
# backslashes are written \e for roff, and a line may not start with a dot
# or a quote.
awk -F '\t' '
function sentence(s) {
    gsub(/\\/, "\\e", s)
    s = toupper(substr(s, 1, 1)) substr(s, 2)
    if (s ~ /^[.'"'"']/)
        s = "\\&" s
    return s "."
}
FNR == NR { section[$1] = $2; next }
{
    if (!($1 in section) || section[$1] != current) {
        if (current != "")
            print ".El"
        current = ($1 in section) ? section[$1] : "Other"
        print ".Ss " current
        print ".Bl -tag -width Ds"
    }
    print ".It Sy " $1
    print sentence($5)
    if ($2 == $3)
        sev = "Severity: " $2 "."
    else
        sev = "Severity: " $2 " in FF[4] files, " $3 \
              " in FF[1]-FF[3] files and files without FF."
    print sev
    if ($4 == 1)
        print "Critical: data was dropped or changed on reading."
}
END { if (current != "") print ".El" }' "$tmp/sections.tsv" "$tmp/codes.tsv" \
    > "$tmp/list"

if [ "${1:-}" != "-u" ]; then
    cat "$tmp/list"
    exit 0
fi
awk -v list="$tmp/list" '
/^\.\\" codes: begin/ {
    print
    while ((getline l < list) > 0)
        print l
    skip = 1
    next
}
/^\.\\" codes: end/ { skip = 0 }
!skip { print }' "$page" > "$tmp/page"
if cmp -s "$tmp/page" "$page"; then
    echo "gen-codes: $page is up to date"
else
    cat "$tmp/page" > "$page"
    echo "gen-codes: rewrote the code list in $page"
fi
