/*
 * test_parse_part.c - a large input read in parts (sgf/parse.h: the cut
 * scan and sgf_parse_fd_part): the parts, each checked against the end
 * of the one before and read again from there when it does not start
 * where that one ended, give exactly what one reading gives: the same
 * games with the same indexes and offsets, the same diagnostics with
 * the same lines, columns and messages, the same end.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <sgf/parse.h>
#include "tree_int.h"          /* the line marks of a stretch */

/* A record of what a reading hands over: one line per game tree (its
 * index and root offset) and per diagnostic, and the end. */
typedef struct trace {
    char *text;
    size_t len;
    FILE *fp;
} trace;

static void trace_open(trace *t)
{
    t->text = NULL;
    t->len = 0;
    t->fp = open_memstream(&t->text, &t->len);
    assert_non_null(t->fp);
}

static void trace_close(trace *t)
{
    assert_int_equal(fclose(t->fp), 0);
}

static int record(void *payload, sgf_collection *c, sgf_game *g)
{
    trace *t = payload;
    /* the game at its index, whichever part it is read in; those
     * handed over before it are not held (the first game is) */
    if (g != NULL) {
        size_t i = sgf_game_index(g);
        assert_ptr_equal(sgf_collection_game(c, i), g);
        assert_int_equal(sgf_collection_game_count(c), i + 1);
        if (i > 1)
            assert_null(sgf_collection_game(c, i - 1));
    }
    if (g != NULL)
        fprintf(t->fp, "game %zu at %zu\n", sgf_game_index(g),
                (size_t)sgf_node_offset(sgf_game_root(g)));
    else
        fprintf(t->fp, "end, %zu games\n", sgf_collection_game_count(c));
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++) {
        const sgf_diag *d = sgf_collection_diag(c, i);
        fprintf(t->fp, "  %d %s %u:%u %s\n", d->game,
                sgf_diag_code_name(d->code), d->pos.line, d->pos.column,
                d->message);
    }
    return 0;
}

/* The bytes in an unlinked temporary file: its descriptor. */
static int temp_file(const char *s, size_t n)
{
    char path[] = "/tmp/test-part.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    unlink(path);
    assert_int_equal(write(fd, s, n), (ssize_t)n);
    assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
    return fd;
}

/* Read s whole, then in parts from cuts at least `every` bytes apart
 * (the scan's), as a reader of parts does: a part that does not start
 * where the one before ended is read again from that one's end. The
 * two traces must be the same. Returns how many parts were read again. */
static int whole_and_parts(const char *s, size_t n, size_t every,
                           const sgf_parse_options *o)
{
    int fd = temp_file(s, n);
    trace whole, parts;
    trace_open(&whole);
    assert_int_equal(sgf_parse_fd_each(fd, o, record, &whole), SGF_OK);
    trace_close(&whole);
    assert_non_null(strstr(whole.text, "game 1 at "));

    sgf_cut_scan *scan;
    assert_int_equal(sgf_cut_scan_new(&scan, s, n, NULL, NULL), SGF_OK);
    enum { MAX_CUTS = 4096 };
    sgf_cut *cuts = calloc(MAX_CUTS, sizeof *cuts);
    assert_non_null(cuts);
    size_t ncuts = 0;
    while (ncuts < MAX_CUTS
           && sgf_cut_scan_next(scan, ncuts > 0 ? cuts[ncuts - 1].offset
                                                  + every : every,
                                &cuts[ncuts]) == 1) {
        assert_true(ncuts == 0 || cuts[ncuts].offset > cuts[ncuts - 1].offset);
        ncuts++;
    }
    sgf_cut_scan_free(scan);

    trace_open(&parts);
    sgf_part_end prev;
    memset(&prev, 0, sizeof prev);
    int again = 0;
    for (size_t k = 0; k <= ncuts && !(k > 0 && prev.at_end); k++) {
        const sgf_cut *from = k > 0 ? &cuts[k - 1] : NULL;
        size_t stop = k < ncuts ? cuts[k].offset : SIZE_MAX;
        trace t;
        sgf_part_end e;
        trace_open(&t);
        assert_int_equal(sgf_parse_fd_part(fd, o, from, stop, record, &t,
                                           &e), SGF_OK);
        trace_close(&t);
        if (from != NULL && (e.bad_start || prev.offset != from->offset
                             || prev.games != from->games)) {
            free(t.text);               /* read again, from the true end */
            again++;
            if (stop <= prev.offset)
                stop = prev.offset + 1;
            trace_open(&t);
            assert_int_equal(sgf_parse_fd_part(fd, o, &prev.next, stop,
                                               record, &t, &e), SGF_OK);
            trace_close(&t);
            assert_false(e.bad_start);
        }
        fwrite(t.text, 1, t.len, parts.fp);
        free(t.text);
        prev = e;
    }
    trace_close(&parts);
    assert_true(prev.at_end);
    assert_string_equal(parts.text, whole.text);
    free(whole.text);
    free(parts.text);
    free(cuts);
    close(fd);
    return again;
}

/* A collection of n copies of the games given, one after the other. */
static char *repeat(const char *games, size_t copies, size_t *len)
{
    size_t one = strlen(games);
    char *s = malloc(one * copies + 1);
    assert_non_null(s);
    for (size_t i = 0; i < copies; i++)
        memcpy(s + i * one, games, one);
    s[one * copies] = '\0';
    *len = one * copies;
    return s;
}

static void test_parts_of_a_collection(void **state)
{
    (void)state;
    /* faults of every kind a cut meets: junk between game trees, CRLF
     * and CR lines, a comment holding ")(;" and an escaped ']', a stray
     * ')' at top level, variations, a tree without ';' and one without
     * nodes, a game-info value in a non-standard form */
    static const char games[] =
        "(;GM[1]FF[4]SZ[9]KM[6,5]C[a comment )(; with \\] inside]\r\n"
        ";B[ee];W[cc](;B[gg];W[gc])(;B[cg]))\r\n"
        "junk between the games\n"
        "(;FF[4]GM[1]SZ[9];B[ee];W[ez];B[aa]B[bb])\r"
        ")\n"
        "(B[aa];W[bb])()(;)\n"
        "(;GM[1]FF[3]SZ[13]AB[dd][jj]HA[3];W[gg]C[x])\n";
    size_t n;
    char *s = repeat(games, 300, &n);
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    o.max_diags = 1000000;              /* every one, to compare */
    for (size_t every = 1; every < 40000; every = every * 3 + 17)
        assert_int_equal(whole_and_parts(s, n, every, &o), 0);
    /* a UTF-8 byte-order mark, and no end of line at the end */
    char *bom = malloc(n + 4);
    assert_non_null(bom);
    memcpy(bom, "\xEF\xBB\xBF", 3);
    memcpy(bom + 3, s, n + 1);
    assert_int_equal(whole_and_parts(bom, n + 3, 5000, &o), 0);
    free(bom);
    free(s);
}

static void test_parts_where_the_scan_is_wrong(void **state)
{
    (void)state;
    /* A Shift_JIS character whose second byte is '\': the quick scan
     * takes it for an escape and reads the value on past its ']' and the
     * ')' after it, so it counts one game tree where there are two; each part that does not start
     * where the one before ended is read again from there, and the whole
     * comes out the same. */
    static const char games[] =
        "(;GM[1]FF[4]CA[Shift_JIS]SZ[9]PB[\x95\\])(;B[ee])\n"
        "(;GM[1]FF[4]SZ[9];B[ee];W[cc])\n"
        "(;GM[1]FF[4]SZ[9];B[gg](;W[cc])(;W[dd]))\n";
    size_t n;
    char *s = repeat(games, 400, &n);
    sgf_parse_options o = SGF_PARSE_OPTIONS_INIT;
    o.max_diags = 1000000;
    assert_true(whole_and_parts(s, n, 3000, &o) > 0);
    assert_true(whole_and_parts(s, n, 1, &o) > 0);
    free(s);

    /* an unclosed value swallows the rest: the part that meets it reads
     * to the input's end, and no part comes after it */
    s = repeat("(;GM[1]SZ[9];B[aa];W[bb])\n", 500, &n);
    char *open = malloc(n + 64);
    assert_non_null(open);
    memcpy(open, s, n / 2);
    size_t at = n / 2 - (n / 2) % 26;
    memcpy(open + at, "(;C[never closed", 16);
    memcpy(open + at + 16, s + at, n - at);
    assert_int_equal(whole_and_parts(open, n + 16, 2000, &o), 0);
    free(open);
    free(s);
}

static void test_cut_checks(void **state)
{
    (void)state;
    size_t n;
    char *s = repeat("(;GM[1]SZ[9];B[aa];W[bb])\n", 200, &n);
    sgf_cut_scan *scan;
    sgf_cut cut, other;
    assert_int_equal(sgf_cut_scan_new(&scan, s, n, NULL, NULL), SGF_OK);
    assert_int_equal(sgf_cut_scan_next(scan, 1000, &cut), 1);
    assert_true(cut.offset >= 1000 && cut.offset < 1026);
    assert_int_equal(s[cut.offset - 1], ')');
    assert_int_equal(cut.games, (cut.offset + 1) / 26);
    assert_int_equal(sgf_cut_scan_next(scan, 0, &other), 1);
    assert_int_equal(other.offset, cut.offset + 26);  /* in order */
    assert_int_equal(sgf_cut_scan_next(scan, n, &other), 0);  /* no end */
    assert_int_equal(sgf_cut_scan_next(NULL, 0, &other), SGF_EINVAL);
    sgf_cut_scan_free(scan);
    assert_int_equal(sgf_cut_scan_new(NULL, s, n, NULL, NULL), SGF_EINVAL);
    assert_int_equal(sgf_cut_scan_new(&scan, NULL, 5, NULL, NULL), SGF_EINVAL);

    /* a cut of another input (another size) is refused */
    int fd = temp_file(s, n - 26);
    sgf_part_end e;
    assert_int_equal(sgf_parse_fd_part(fd, NULL, &cut, SIZE_MAX, record,
                                       NULL, &e), SGF_EINVAL);
    assert_int_equal(sgf_parse_fd_part(fd, NULL, NULL, SIZE_MAX, NULL,
                                       NULL, &e), SGF_EINVAL);
    close(fd);
    int p[2];
    assert_int_equal(pipe(p), 0);
    assert_int_equal(sgf_parse_fd_part(p[0], NULL, NULL, SIZE_MAX, record,
                                       NULL, &e), SGF_EINVAL);
    close(p[0]);
    close(p[1]);

    /* a part ends before a game tree that starts at its stop; its next
     * cut is where it ended */
    fd = temp_file(s, n);
    trace t;
    trace_open(&t);
    assert_int_equal(sgf_parse_fd_part(fd, NULL, &cut, cut.offset + 60,
                                       record, &t, &e), SGF_OK);
    trace_close(&t);
    assert_false(e.at_end);
    assert_false(e.bad_start);
    assert_int_equal(e.offset, cut.offset + 78);    /* three games */
    assert_int_equal(e.games, cut.games + 3);
    assert_int_equal(e.next.offset, e.offset);
    assert_int_equal(e.next.games, e.games);
    assert_non_null(strstr(t.text, "game 39 at 1015\n"));
    assert_null(strstr(t.text, "game 38 "));
    assert_null(strstr(t.text, "game 42 "));
    free(t.text);

    /* a cut inside the first game tree: nothing is read */
    free(s);
    s = repeat("(;GM[1]SZ[9]C[)(;B[aa]];B[aa];W[bb])\n", 200, &n);
    close(fd);
    fd = temp_file(s, n);
    assert_int_equal(sgf_cut_scan_new(&scan, s, n, NULL, NULL), SGF_OK);
    assert_int_equal(sgf_cut_scan_next(scan, 0, &cut), 1);
    sgf_cut_scan_free(scan);
    cut.offset = 16;                     /* after the ')' in the comment */
    cut.state[4] = 0;                    /* (its block) */
    trace_open(&t);
    assert_int_equal(sgf_parse_fd_part(fd, NULL, &cut, SIZE_MAX, record, &t,
                                       &e), SGF_OK);
    trace_close(&t);
    assert_true(e.bad_start);
    assert_int_equal(t.len, 0);
    free(t.text);
    close(fd);
    free(s);
}

/* The line state of a stretch of whole blocks as the scan makes it (LFs
 * counted when there is no CR) is the state the blocks make one by one
 * (a naive count, byte by byte), with and without CR, LF, CRLF, LFCR. */
static void test_line_marks_of_a_stretch(void **state)
{
    (void)state;
    enum { BLOCKS = 40, N = BLOCKS * SGF__LINE_BLOCK };
    char *s = malloc(N);
    assert_non_null(s);
    unsigned seed = 7;
    for (int round = 0; round < 200; round++) {
        int kind = round % 6;        /* LF; CR; LFCR; many LF; CRLF; */
        for (size_t i = 0; i < N; i++) {     /* CRLF and one lone CR */
            seed = seed * 1103515245u + 12345u;
            unsigned r = (seed >> 16) % 100;
            s[i] = r < 3 ? '\n' : (r < 5 && kind == 1) ? '\r'
                 : (r < 6 && kind == 2 && i > 0 && s[i - 1] == '\n') ? '\r'
                 : (kind == 3 && r < 20) ? '\n' : 'x';
            if (kind >= 4 && s[i] == '\n' && i > 0)
                s[i - 1] = '\r';
        }
        if (kind == 5)
            s[N / 2 + round] = '\r';
        size_t from = (size_t)(round % 7), to = BLOCKS - (size_t)(round % 5);
        /* the state at block `from`, byte by byte from the start */
        sgf__linemark m = { 1, 0, 0, 0 }, naive;
        for (size_t i = 0; i < from * SGF__LINE_BLOCK; i++) {
            char ch = s[i];
            if (ch != '\n' && ch != '\r') {
                m.pending = 0;
            } else if (m.pending != 0 && m.pending != ch) {
                m.pending = 0;
                m.start = (uint32_t)i + 1;
            } else {
                m.line++;
                m.prev_start = m.start;
                m.start = (uint32_t)i + 1;
                m.pending = ch;
            }
        }
        naive = m;
        for (size_t i = from * SGF__LINE_BLOCK; i < to * SGF__LINE_BLOCK;
             i++) {
            char ch = s[i];
            if (ch != '\n' && ch != '\r') {
                naive.pending = 0;
            } else if (naive.pending != 0 && naive.pending != ch) {
                naive.pending = 0;
                naive.start = (uint32_t)i + 1;
            } else {
                naive.line++;
                naive.prev_start = naive.start;
                naive.start = (uint32_t)i + 1;
                naive.pending = ch;
            }
        }
        sgf__linemark_blocks(&m, s, from, to);
        assert_int_equal(m.line, naive.line);
        assert_int_equal(m.start, naive.start);
        assert_int_equal(m.prev_start, naive.prev_start);
        assert_int_equal(m.pending, naive.pending);
    }
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parts_of_a_collection),
        cmocka_unit_test(test_parts_where_the_scan_is_wrong),
        cmocka_unit_test(test_cut_checks),
        cmocka_unit_test(test_line_marks_of_a_stretch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
