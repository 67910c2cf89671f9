# Sourced by the bench scripts: MEDIAN_AWK, an awk function for a
# program's text, median(a, n): the median of a[1 .. n] (sorted in place;
# the mean of the two middle ones when n is even).
MEDIAN_AWK='
function median(a, n,   i, j, t) {
    for (i = 2; i <= n; i++)            # insertion sort: a few rounds
        for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
            t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
        }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}'
