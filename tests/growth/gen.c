/*
 * gen.c - the hostile shapes of the growth tests (tests/limits.sh), N
 * units of each, on standard output:
 *
 *   build/test/gen SHAPE N
 *
 *   dup       one node, C[x] N times (a repeated property)
 *   distinct  one node, N distinct unknown properties XAAAA[x]...
 *   abw       52x52, N nodes alternating AB[aa:ZZ] and AW[aa:ZZ]
 *             (every point changes colour at every node)
 *   ab        52x52, N nodes of AB[aa:ZZ] (nothing changes after the
 *             first)
 *   aeab      52x52 board full of black, a variation, then N nodes
 *             alternating AE and AB of one point (a stone taken off a
 *             chain of 2,704 and put back)
 *   stray     one node followed by N stray ']'
 *   openrun   one comment of N '[' and 64N bytes, then N + 1 ']' (the
 *             N after the first are stray, each one for an open '[')
 *   brackets  N nodes ;C[a [b]] (a stray ']' in each)
 *   openjunk  one comment of N "x [y", then N times "] z" and a ']': N
 *             runs of one stray ']', each after text the reading drops
 *             (an identifier without value), all of them the comment's
 *   nest      N nested variations (;B[aa](;B[aa](...)))
 *   vars      N variations of the root
 *   games     N games of three nodes
 *   passes    a game of N moves, all passes (figures of each move)
 *   mbcand    one Shift_JIS comment of N lead-and-']' pairs
 *   parenrun  200 games, a run of N '(' that starts no game tree, 200
 *             games (a large input read in parts: its cut scan)
 *   pairs     19x19, one node of distinct AR pairs and distinct LN
 *             pairs (LN has no direction), N of each but those from a
 *             point to itself or, in LN, back, up to 360 for each first
 *             point (looking for a pair listed twice)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The letters of unknown identifier k: X and four capitals. */
static void ident(char out[6], unsigned long k)
{
    out[0] = 'X';
    for (int i = 1; i < 5; i++, k /= 26)
        out[i] = (char)('A' + k % 26);
    out[5] = '\0';
}

static void repeat(const char *s, unsigned long n)
{
    for (unsigned long i = 0; i < n; i++)
        fputs(s, stdout);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fputs("usage: gen SHAPE N\n", stderr);
        return 2;
    }
    const char *k = argv[1];
    unsigned long n = strtoul(argv[2], NULL, 10);
    if (strcmp(k, "dup") == 0) {
        fputs("(;GM[1]FF[4]", stdout);
        repeat("C[x]", n);
        fputs(")\n", stdout);
    } else if (strcmp(k, "distinct") == 0) {
        char id[6];
        fputs("(;GM[1]FF[4]", stdout);
        for (unsigned long i = 0; i < n; i++) {
            ident(id, i);
            printf("%s[x]", id);
        }
        fputs(")\n", stdout);
    } else if (strcmp(k, "abw") == 0) {
        fputs("(;GM[1]FF[4]SZ[52]", stdout);
        for (unsigned long i = 0; i < n; i++)
            fputs(i % 2 ? ";AW[aa:ZZ]" : ";AB[aa:ZZ]", stdout);
        fputs(")\n", stdout);
    } else if (strcmp(k, "ab") == 0) {
        fputs("(;GM[1]FF[4]SZ[52]", stdout);
        repeat(";AB[aa:ZZ]", n);
        fputs(")\n", stdout);
    } else if (strcmp(k, "aeab") == 0) {
        fputs("(;GM[1]FF[4]SZ[52]AB[aa:ZZ](;W[aa])(", stdout);
        for (unsigned long i = 0; i < n; i++)
            fputs(i % 2 ? ";AB[Ma]" : ";AE[Ma]", stdout);
        fputs("))\n", stdout);
    } else if (strcmp(k, "stray") == 0) {
        fputs("(;GM[1]FF[4]", stdout);
        repeat("]", n);
        fputs(")\n", stdout);
    } else if (strcmp(k, "openrun") == 0) {
        fputs("(;GM[1]FF[4]C[", stdout);
        repeat("[", n);
        repeat("0123456789abcdef0123456789abcdef"
               "0123456789abcdef0123456789abcdef", n);
        repeat("]", n + 1);
        fputs(")\n", stdout);
    } else if (strcmp(k, "openjunk") == 0) {
        fputs("(;GM[1]FF[4]C[", stdout);
        repeat("x [y", n);
        repeat("] z", n);
        fputs("];B[aa])\n", stdout);
    } else if (strcmp(k, "brackets") == 0) {
        fputs("(;GM[1]FF[4]", stdout);
        repeat(";C[a [b]]", n);
        fputs(")\n", stdout);
    } else if (strcmp(k, "nest") == 0) {
        fputs("(;GM[1]FF[4]", stdout);
        repeat("(;B[aa]", n);
        repeat(")", n);
        fputs(")\n", stdout);
    } else if (strcmp(k, "vars") == 0) {
        fputs("(;GM[1]FF[4]", stdout);
        repeat("(;B[aa];W[bb])", n);
        fputs(")\n", stdout);
    } else if (strcmp(k, "passes") == 0) {
        fputs("(;GM[1]FF[4]SZ[19]AB[dd][pp]AW[dp][pd]", stdout);
        for (unsigned long i = 0; i < n; i++)
            fputs(i % 2 ? ";W[]" : ";B[]", stdout);
        fputs(")\n", stdout);
    } else if (strcmp(k, "games") == 0) {
        repeat("(;GM[1]FF[4]SZ[9]RU[Japanese];B[aa];W[bb])\n", n);
    } else if (strcmp(k, "archive") == 0) {
        /* a collection as archives hold them: game information, a
         * comment, 200 moves on distinct points of a 19x19 board */
        for (unsigned long g = 0; g < n; g++) {
            printf("(;GM[1]FF[4]CA[UTF-8]SZ[19]RU[Japanese]KM[6.5]"
                   "PB[black %lu]PW[white %lu]DT[2020-01-01]RE[B+R]"
                   "C[game %lu of an archive]\n", g, g, g);
            for (unsigned i = 0; i < 200; i++) {
                unsigned p = (i * 7 + (unsigned)g) % 361;
                printf(";%c[%c%c]%s", i % 2 ? 'W' : 'B', 'a' + p % 19,
                       'a' + p / 19, i % 10 == 9 ? "\n" : "");
            }
            fputs(")\n", stdout);
        }
    } else if (strcmp(k, "parenrun") == 0) {
        repeat("(;GM[1]FF[4]SZ[9];B[aa];W[bb])\n", 200);
        repeat("(", n);
        fputs("x\n", stdout);
        repeat("(;GM[1]FF[4]SZ[9];B[aa];W[bb])\n", 200);
    } else if (strcmp(k, "pairs") == 0) {
        fputs("(;GM[1]FF[4]SZ[19]", stdout);
        for (int id = 0; id < 2; id++) {
            fputs(id ? "LN" : "AR", stdout);
            for (unsigned long i = 0; i < n; i++) {
                unsigned long a = i / 361 % 361, b = i % 361;
                if (a == b || (id == 1 && a > b))   /* to itself, or an */
                    continue;           /* LN listed the other way round */
                printf("[%c%c:%c%c]", (int)('a' + a % 19),
                       (int)('a' + a / 19), (int)('a' + b % 19),
                       (int)('a' + b / 19));
            }
        }
        fputs(";B[aa])\n", stdout);
    } else if (strcmp(k, "mbcand") == 0) {
        fputs("(;GM[1]FF[4]CA[Shift_JIS]C[", stdout);
        repeat("\x83]x", n);
        fputs("])\n", stdout);
    } else {
        fprintf(stderr, "gen: unknown shape %s\n", k);
        return 2;
    }
    return 0;
}
