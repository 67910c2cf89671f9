/*
 * test_repair.c - sgf_repair_game (sgf/repair.h): each repair kind gives
 * its diagnostic and a written record with no error once read again;
 * moves are kept; repairing the repaired record changes nothing; bad
 * arguments are refused.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sgf/parse.h>
#include <sgf/repair.h>
#include <sgf/write.h>

static size_t count_code(const sgf_collection *c, sgf_diag_code code)
{
    size_t k = 0;
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++)
        if (sgf_collection_diag(c, i)->code == code)
            k++;
    return k;
}

/* Parse s, repair every game, write it into *out; the collection is
 * returned for its diagnostics. */
static sgf_collection *repair_str(const char *s, sgf_strbuf *out)
{
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, s, strlen(s), NULL), SGF_OK);
    for (size_t i = 0; i < sgf_collection_game_count(c); i++)
        assert_true(sgf_repair_game(c, sgf_collection_game(c, i)) >= 0);
    sgf_strbuf_init(out);
    assert_int_equal(sgf_write_collection_str(out, c, NULL), SGF_OK);
    return c;
}

/* The repaired text read again: no error; repairing it again gives the
 * same bytes. */
static void check_clean(const sgf_strbuf *out)
{
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, out->ptr, out->len, NULL),
                     SGF_OK);
    assert_int_equal(sgf_collection_count_severity(c, SGF_SEV_ERROR), 0);
    sgf_collection_free(c);
    sgf_strbuf again;
    c = repair_str(out->ptr, &again);
    assert_int_equal(again.len, out->len);
    assert_memory_equal(again.ptr, out->ptr, out->len);
    sgf_strbuf_release(&again);
    sgf_collection_free(c);
}

static void test_bracket(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[4]PB[Lee [3d]];B[aa])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_BRACKET), 1);
    assert_non_null(strstr(out.ptr, "PB[Lee [3d\\]]"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

/* Warnings listed and left out, of the whole input. */
static size_t warnings_all(const sgf_collection *c)
{
    sgf_diag_counts out;
    sgf_collection_diags_left_out(c, NULL, &out);
    return sgf_collection_count_severity(c, SGF_SEV_WARNING) + out.warnings;
}

/* A run of stray ']': one per open '[' taken in, the rest left out;
 * strays past the cap on diagnostics of one game still repaired in the
 * next. */
static void test_bracket_runs(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[4]C[a [[b]]]];B[aa])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_BRACKET), 2);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_SYNTAX), 1);
    assert_non_null(strstr(out.ptr, "C[a [[b\\]\\]]"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* the text after a nested ']' up to the stray one is the value's:
     * read as an identifier without value, it is taken back, not named
     * as left out; a ';' between is a node, and stays */
    c = repair_str("(;FF[4]PB[Lee [3d] jr]C[a [b [c]] d]];B[aa]"
                   "C[x [y]\nz];W[bb]C[p [q] r; s])", &out);
    assert_non_null(strstr(out.ptr, "PB[Lee [3d\\] jr]"));
    assert_non_null(strstr(out.ptr, "C[a [b [c\\]\\] d]"));
    assert_non_null(strstr(out.ptr, "C[x [y\\]\nz]"));
    assert_non_null(strstr(out.ptr, "C[p [q]"));
    assert_int_equal(count_code(c, SGF_D_REPAIRED_BRACKET), 4);
    /* the stray after d, and in the last node r, s and the stray */
    assert_int_equal(count_code(c, SGF_D_REPAIRED_SYNTAX), 4);
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* text of the record's charset between: converted (Shift_JIS 日本,
     * Latin-1 é; UTF-8 where no CA and no text said otherwise) */
    static const char *const junk[][2] = {
        { "(;FF[4]CA[Shift_JIS]PB[\x93\xfa\x96\x7b\x93\xfa\x96\x7b]"
          "C[x [y] \x93\xfa\x96\x7b z];B[aa])",
          "C[x [y\\] \xe6\x97\xa5\xe6\x9c\xac z]" },
        { "(;FF[4]CA[ISO-8859-1]C[x [y] caf\xe9 z];B[aa])",
          "C[x [y\\] caf\xc3\xa9 z]" },
        { "(;FF[4]C[x [y] \xe6\x97\xa5 z];B[aa])",
          "C[x [y\\] \xe6\x97\xa5 z]" },
    };
    for (size_t i = 0; i < sizeof junk / sizeof *junk; i++) {
        c = repair_str(junk[i][0], &out);
        assert_non_null(strstr(out.ptr, junk[i][1]));
        check_clean(&out);
        sgf_strbuf_release(&out);
        sgf_collection_free(c);
    }
    /* however long the text between, and however many identifiers
     * without value it held: taken in, one repair named */
    size_t nj = 1500;
    char *sj = malloc(32 + 3 * nj + 16);
    assert_non_null(sj);
    char *wj = sj + sprintf(sj, "(;FF[4]C[x [y] ");
    for (size_t i = 0; i < nj; i++, wj += 3)
        memcpy(wj, "ab ", 3);
    strcpy(wj, "];B[aa])");
    c = repair_str(sj, &out);
    assert_int_equal(warnings_all(c), 1);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_BRACKET), 1);
    assert_non_null(strstr(out.ptr, "ab ab ]\n;B[aa]"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    free(sj);

    size_t n = 1500;
    const char *tail = ")(;FF[4]PB[a [b]];B[aa])";
    char *s = malloc(16 + 2 * n + strlen(tail) + 1);
    assert_non_null(s);
    char *w = s + sprintf(s, "(;FF[4]C[x]");
    for (size_t i = 0; i < n; i++, w += 2)
        memcpy(w, " ]", 2);
    strcpy(w, tail);
    c = repair_str(s, &out);
    assert_non_null(strstr(out.ptr, "PB[a [b\\]]"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    free(s);
}


/* Syntax faults past the cap of diagnostics per code are named too (the
 * game counts them), in the game they belong to: one repaired-syntax per
 * fault, listed or left out. */
static void test_syntax_past_cap(void **state)
{
    (void)state;
    size_t n = 1500;
    const char *second = ")(;FF[4]GM[1]C C C;B[bb])";
    char *s = malloc(32 + 2 * n + strlen(second) + 1);
    assert_non_null(s);
    char *w = s + sprintf(s, "(;FF[4]GM[1]");
    for (size_t i = 0; i < n; i++, w += 2)
        memcpy(w, "C ", 2);
    strcpy(w, ";B[aa]");
    strcat(w, second);
    sgf_strbuf out;
    sgf_collection *c = repair_str(s, &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_SYNTAX), 1000);
    assert_int_equal(warnings_all(c), n + 3);
    assert_non_null(strstr(out.ptr, "(;FF[4]CA[UTF-8]GM[1]\n;B[aa])"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    free(s);
}

static void test_merge_and_extra(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[4]KM[6.5]KM[7]C[a]C[b]"
                                   "AB[aa]AB[bb];B[cc])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_EXTRA_VALUE), 1);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_MERGE), 2);
    assert_non_null(strstr(out.ptr, "KM[6.5]"));
    assert_null(strstr(out.ptr, "[7]"));
    assert_non_null(strstr(out.ptr, "C[a\nb]"));
    assert_non_null(strstr(out.ptr, "AB[aa][bb]"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* text written as several values: joined, no text lost; a value
     * read as a form keeps the first, as the replay reads it */
    c = repair_str("(;FF[4]RU[Chinese]RU[Japanese]RE[B+R][W+2]"
                   "GN[a][b];B[cc]C[x][y])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_MERGE), 2);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_EXTRA_VALUE), 2);
    assert_non_null(strstr(out.ptr, "RU[Chinese]"));
    assert_non_null(strstr(out.ptr, "RE[B+R]"));
    assert_non_null(strstr(out.ptr, "GN[a b]"));
    assert_non_null(strstr(out.ptr, "C[x\ny]"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* a move property repeated in its node: written once, named; the
     * values stay (the replay plays the first) */
    c = repair_str("(;FF[4];B[aa]B[bb];W[cc])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_MERGE), 1);
    assert_non_null(strstr(out.ptr, ";B[aa][bb];W[cc]"));
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* a single value property with a second value its type cannot read
     * (text someone wrote): every value stays; one it reads is dropped */
    c = repair_str("(;FF[4];B[aa];W[cc]TE[x]TE[y]KM[6.5][seven]BL[30][20])",
                   &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_EXTRA_VALUE), 1);
    assert_non_null(strstr(out.ptr, "TE[x][y]"));
    assert_non_null(strstr(out.ptr, "KM[6.5][seven]"));
    assert_non_null(strstr(out.ptr, "BL[30]"));
    assert_null(strstr(out.ptr, "[20]"));
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

/* A repeated text property with a value that decodes in no charset: its
 * values are joined as their bytes (the undecodable ones as they are), so
 * a second repair has no extra value to drop and changes nothing. The
 * record's other text keeps it UTF-8, where 0xFF is no text. */
static void test_merge_undecodable(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[4]CA[UTF-8]PB[\xe6\x97\xa5"
                                   "\xe6\x9c\xac\xe8\xaa\x9e]"
                                   "GN[abc]GN[d\xff" "e];B[aa]C[x]C[t\xfeo])",
                                   &out);
    assert_int_equal(count_code(c, SGF_D_UNDECODABLE_TEXT), 2);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_MERGE), 2);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_EXTRA_VALUE), 0);
    assert_non_null(strstr(out.ptr, "GN[abc d\xff" "e]"));
    assert_non_null(strstr(out.ptr, "C[x\nt\xfeo]"));
    sgf_collection *again_c = NULL;
    assert_int_equal(sgf_parse_buffer(&again_c, out.ptr, out.len, NULL),
                     SGF_OK);
    /* read again: the bytes are still no text, but one value each */
    assert_int_equal(count_code(again_c, SGF_D_UNDECODABLE_TEXT), 2);
    assert_int_equal(count_code(again_c, SGF_D_VALUE_COUNT), 0);
    sgf_collection_free(again_c);
    sgf_strbuf again;
    sgf_collection_free(repair_str(out.ptr, &again));
    assert_int_equal(again.len, out.len);
    assert_memory_equal(again.ptr, out.ptr, out.len);
    sgf_strbuf_release(&again);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

static void test_split_keeps_moves(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[4];B[aa]W[bb]B[cc];AB[dd]W[ee])",
                                   &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_SPLIT), 2);
    /* B[cc] was merged into B[aa] on reading, and the replay plays B[aa]
     * then W[bb]: B keeps both values (which else is a move would be a
     * guess), and its value-count error stays */
    assert_non_null(strstr(out.ptr, ";B[aa][cc];W[bb];AB[dd];W[ee]"));
    sgf_collection_free(c);
    c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, out.ptr, out.len, NULL), SGF_OK);
    assert_int_equal(sgf_collection_count_severity(c, SGF_SEV_ERROR), 1);
    assert_int_equal(count_code(c, SGF_D_VALUE_COUNT), 1);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* W before B in the file: B first, as the replay plays them; KO goes
     * with both moves */
    c = repair_str("(;FF[4];W[aa]B[bb]KO[])", &out);
    assert_non_null(strstr(out.ptr, ";B[bb]KO[];W[aa]KO[]"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

/* A PL beside one move that names the other colour says who plays after
 * it (as some editors write it): it goes in a node after the move, so
 * that the repaired record reads no move against it; a PL naming the
 * mover stays before the move, with the setup. */
static void test_split_pl_after_move(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[4]GM[1]SZ[9];B[cc];W[dd]PL[B]C[x]"
                                   "(;B[ee])(;B[ff]))", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_SPLIT), 1);
    assert_non_null(strstr(out.ptr, ";W[dd]C[x];PL[B]"));
    assert_non_null(strstr(out.ptr, "(;B[ee])"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* with other setup: the setup, the move, then PL */
    c = repair_str("(;FF[4]GM[1]SZ[9];B[cc];AB[aa]PL[B]W[dd];B[ee])", &out);
    assert_non_null(strstr(out.ptr, ";AB[aa];W[dd];PL[B];B[ee]"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* naming the mover: before it */
    c = repair_str("(;FF[4]GM[1]SZ[9];B[cc];PL[W]W[dd];B[ee])", &out);
    assert_non_null(strstr(out.ptr, ";PL[W];W[dd];B[ee]"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

static void test_game_info(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[4]DT[2004/05/06]KM[6.50]"
                                   "RE[Black wins by 3.5]BR[3 dan])",
                                   &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_GAME_INFO), 4);
    assert_non_null(strstr(out.ptr, "DT[2004-05-06]KM[6.5]RE[B+3.5]"
                                    "BR[3d]"));
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* two numbers: which is the margin is a guess, so it stays */
    c = repair_str("(;FF[4]RE[Black won 3 games, by 2.5])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_GAME_INFO), 0);
    assert_non_null(strstr(out.ptr, "RE[Black won 3 games, by 2.5]"));
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* a date with its time of day: DT has no place for the time, which
     * would be lost, so it stays; the order of a date's numbers may change */
    c = repair_str("(;FF[4]DT[2017.08.28 10:10]PC[x];B[aa])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_GAME_INFO), 0);
    assert_non_null(strstr(out.ptr, "DT[2017.08.28 10:10]"));
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    c = repair_str("(;FF[4]DT[19.11.2002];B[aa])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_GAME_INFO), 1);
    assert_non_null(strstr(out.ptr, "DT[2002-11-19]"));
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* a word the FF[4] form has no place for stays, with the value */
    static const char *const kept[] = {
        "DT[before 2004-05-06]", "DT[2004/05/06 Tokyo]", "KM[5.5 or 6.5]",
        "RE[White wins on time]",
        "RE[W+R (time)]", "RE[B+3.5 (counted)]"
    };
    for (size_t i = 0; i < sizeof kept / sizeof *kept; i++) {
        char in[64];
        snprintf(in, sizeof in, "(;FF[4]%s;B[aa])", kept[i]);
        c = repair_str(in, &out);
        assert_int_equal(count_code(c, SGF_D_REPAIRED_GAME_INFO), 0);
        assert_non_null(strstr(out.ptr, kept[i]));
        sgf_strbuf_release(&out);
        sgf_collection_free(c);
    }
    /* words the form stands for: rewritten ("by forfeit" is F) */
    c = repair_str("(;FF[4]RE[White won by forfeit];B[aa])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_GAME_INFO), 1);
    assert_non_null(strstr(out.ptr, "RE[W+F]"));
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    c = repair_str("(;FF[4]RE[white+resign]KM[5 1/2];B[aa])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_GAME_INFO), 2);
    assert_non_null(strstr(out.ptr, "RE[W+Resign]KM[5.5]"));
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

static void test_lists_and_points(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[4]SZ[9]AB[ ][cc][zz][cc]AW[cc]"
                                   "AE[dd:dd];SQ[])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_LIST_VALUE), 4);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_POINT), 2);
    /* AE[dd:dd] is AE[dd] then, which changes nothing on an empty board
     * beside AW[cc], which does */
    assert_int_equal(count_code(c, SGF_D_REPAIRED_SETUP), 1);
    assert_non_null(strstr(out.ptr, "AW[cc]"));
    assert_null(strstr(out.ptr, "AE["));
    assert_null(strstr(out.ptr, "AB["));
    assert_null(strstr(out.ptr, "SQ"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* a rectangle reaching past the edge keeps its points on the board,
     * which the replay sets (the move at ss stays occupied) */
    c = repair_str("(;FF[4]GM[1]SZ[19];AB[rr:tt][cc]TR[ss:zz];W[ss])", &out);
    assert_non_null(strstr(out.ptr, "AB[rr:ss][cc]TR[ss];W[ss]"));
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* corners written lower-right first: the rectangle they span, as the
     * replay reads it (the move at bb is on a stone, still reported) */
    c = repair_str("(;FF[4]GM[1]SZ[9]AB[cc:aa]VW[ca:ac];W[bb])", &out);
    assert_non_null(strstr(out.ptr, "AB[aa:cc]VW[aa:cc]"));
    assert_int_equal(count_code(c, SGF_D_REPAIRED_LIST_VALUE), 2);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

static void test_syntax_and_ff4(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[3]White[tt];b[aa]C[open", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_FF4), 1);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_SYNTAX), 1);
    assert_non_null(strstr(out.ptr, ";B[aa]C[open]"));
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    sgf_collection *a = NULL, *b = NULL;
    assert_int_equal(sgf_parse_buffer(&a, "(;B[aa])", 8, NULL), SGF_OK);
    assert_int_equal(sgf_parse_buffer(&b, "(;B[aa])", 8, NULL), SGF_OK);
    assert_int_equal(sgf_repair_game(NULL, sgf_collection_game(a, 0)),
                     SGF_EINVAL);
    assert_int_equal(sgf_repair_game(a, NULL), SGF_EINVAL);
    assert_int_equal(sgf_repair_game(a, sgf_collection_game(b, 0)),
                     SGF_EINVAL);
    assert_int_equal(sgf_repair_game(a, sgf_collection_game(a, 0)), 0);
    sgf_collection_free(a);
    sgf_collection_free(b);
    /* read without the property layer: no decoded values to repair */
    sgf_parse_options o;
    assert_int_equal(sgf_parse_options_init(&o, SGF_PARSE_OPTIONS_VERSION),
                     0);
    o.flags |= SGF_PARSE_SYNTAX_ONLY;
    assert_int_equal(sgf_parse_buffer(&a, "(;AB[aa:ZZ])", 12, &o), SGF_OK);
    assert_int_equal(sgf_repair_game(a, sgf_collection_game(a, 0)),
                     SGF_EINVAL);
    sgf_collection_free(a);
}

/* Root properties outside the root are dropped, named with the root's. */
static void test_root_properties(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[4]GM[1]SZ[13];B[dd]SZ[9]ST[2]"
                                   ";W[jj]FF[3]C[kept])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_ROOT_PROPERTY), 3);
    assert_null(strstr(out.ptr, "SZ[9]"));
    assert_null(strstr(out.ptr, "FF[3]"));
    assert_null(strstr(out.ptr, "ST[2]"));
    assert_non_null(strstr(out.ptr, "SZ[13]"));
    assert_non_null(strstr(out.ptr, "W[jj]C[kept]"));
    bool named = false;
    for (size_t i = 0; i < sgf_collection_diag_count(c); i++) {
        const sgf_diag *d = sgf_collection_diag(c, i);
        named |= d->code == SGF_D_REPAIRED_ROOT_PROPERTY
                 && strstr(d->message, "SZ[9]") != NULL
                 && strstr(d->message, "SZ[13]") != NULL;
    }
    assert_true(named);
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

/* Game info below the game-info node: the same value dropped, a missing
 * one moved up; one below a branch, or one that differs, kept. */
static void test_info_node(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;FF[4]GM[1]PB[Ann];B[pd]PW[Ben]"
                                   ";W[dp]PB[Ann]C[x])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_INFO_NODE), 2);
    const char *pw = strstr(out.ptr, "PW[Ben]");
    assert_non_null(pw);
    assert_true(pw < strstr(out.ptr, ";B[pd]"));     /* in the root */
    assert_null(strstr(pw + 1, "PW[Ben]"));
    assert_null(strstr(strstr(out.ptr, "PB[Ann]") + 1, "PB[Ann]"));
    assert_non_null(strstr(out.ptr, "W[dp]C[x]"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* below a branch, or differing: kept, still reported once read */
    static const char *const kept[] = {
        "(;FF[4]GM[1]PB[Ann];B[pd](;W[dp]PW[Ben])(;W[pp]PW[Bo]))",
        "(;FF[4]GM[1]PB[Ann];B[pd]PB[Bob])",
    };
    for (size_t k = 0; k < 2; k++) {
        c = repair_str(kept[k], &out);
        assert_int_equal(count_code(c, SGF_D_REPAIRED_INFO_NODE), 0);
        sgf_collection_free(c);
        c = NULL;
        assert_int_equal(sgf_parse_buffer(&c, out.ptr, out.len, NULL),
                         SGF_OK);
        assert_true(count_code(c, SGF_D_GAME_INFO_TWICE) >= 1);
        sgf_collection_free(c);
        sgf_strbuf_release(&out);
    }
    /* a long line of nodes, each with game info: one pass, no recursion */
    size_t n = 20000, len = 0;
    char *big = malloc(n * 12 + 64);
    assert_non_null(big);
    len += (size_t)sprintf(big, "(;FF[4]GM[1]PB[Ann]");
    for (size_t i = 0; i < n; i++)
        len += (size_t)sprintf(big + len, ";%s", i % 2 ? "PB[Ann]"
                                                       : "C[c]GN[g]");
    sprintf(big + len, ")");
    c = repair_str(big, &out);
    assert_true(count_code(c, SGF_D_REPAIRED_INFO_NODE) > 0);
    const char *gn = strstr(out.ptr, "GN[g]");      /* moved up once, */
    assert_non_null(gn);                            /* then the same */
    assert_true(gn < strstr(out.ptr, ";C[c]"));     /* dropped */
    assert_null(strstr(gn + 1, "GN[g]"));
    assert_null(strstr(strstr(out.ptr, "PB[Ann]") + 1, "PB[Ann]"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    free(big);
}

/* Setup points that change nothing go where the node's setup keeps one
 * that acts; a setup that changes nothing at all stays (the replay still
 * takes it as a setup step). */
static void test_setup_no_effect(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;GM[1]FF[4]SZ[9]AB[aa][bb]"
                                   ";AB[aa][cc]AE[dd];AB[bb];W[ee])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_SETUP), 2);
    assert_non_null(strstr(out.ptr, ";AB[cc];AB[bb];W[ee]"));
    assert_null(strstr(out.ptr, "AE["));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* a setup step that changes nothing at all stays as it is */
    c = repair_str("(;GM[1]FF[4]SZ[9]AB[aa];AB[aa]C[again];B[ee])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_SETUP), 0);
    assert_non_null(strstr(out.ptr, ";AB[aa]C[again];B[ee]"));
    sgf_collection_free(c);
    sgf_strbuf_release(&out);
}

/* Annotations no reader takes go, named; KO with a value stays; the
 * later mark of a point marked twice goes, a rectangle stays. */
static void test_annotations_and_markup(void **state)
{
    (void)state;
    sgf_strbuf out;
    sgf_collection *c = repair_str("(;GM[1]FF[4]SZ[9]GB[1]GW[2]TE[1]"
                                   ";B[aa]BM[1]TE[2]TR[cc][dd]MA[cc]"
                                   "SQ[dd][ee];KO[]C[x];KO[6.5]"
                                   ";W[bb]CR[aa:cc]SL[bb][ff])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_ANNOTATION), 4);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_MARKUP), 3);
    assert_non_null(strstr(out.ptr, "GB[1]"));
    assert_null(strstr(out.ptr, "GW["));
    assert_null(strstr(out.ptr, "TE["));
    assert_non_null(strstr(out.ptr, "B[aa]BM[1]TR[cc][dd]SQ[ee]"));
    assert_non_null(strstr(out.ptr, ";C[x];KO[6.5];W[bb]CR[aa:cc]SL[ff]"));
    check_clean(&out);
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
    /* an annotation holding text stays (an event's name in TE, as a
     * Japanese record of the corpus has it), and still excludes the
     * one after it */
    c = repair_str("(;GM[1]FF[4]SZ[9]TE[Honinbo Final]EV[x];B[aa]"
                   "DO[see it]IT[])", &out);
    assert_int_equal(count_code(c, SGF_D_REPAIRED_ANNOTATION), 1);
    assert_non_null(strstr(out.ptr, "TE[Honinbo Final]"));
    assert_non_null(strstr(out.ptr, "B[aa]DO[see it])"));
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

/* NUL bytes become spaces in text (and in unknown properties, kept as
 * text), not in a value of another type, where a space could make it
 * readable as what it never said. */
static bool has_bytes(const char *s, size_t n, const char *want, size_t k)
{
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(s + i, want, k) == 0)
            return true;
    return false;
}

static void test_nul_bytes(void **state)
{
    (void)state;
    static const char in[] = "(;FF[4]GM[1]SZ[\0 9]C[a\0b]XX[c\0d];B[aa])";
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, in, sizeof in - 1, NULL), SGF_OK);
    assert_true(sgf_repair_game(c, sgf_collection_game(c, 0)) >= 2);
    sgf_strbuf out;
    sgf_strbuf_init(&out);
    assert_int_equal(sgf_write_collection_str(&out, c, NULL), SGF_OK);
    assert_true(has_bytes(out.ptr, out.len, "C[a b]", 6));
    assert_true(has_bytes(out.ptr, out.len, "XX[c d]", 7));
    assert_true(has_bytes(out.ptr, out.len, "SZ[\0 9]", 7));
    sgf_strbuf_release(&out);
    sgf_collection_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bracket),
        cmocka_unit_test(test_bracket_runs),
        cmocka_unit_test(test_syntax_past_cap),
        cmocka_unit_test(test_merge_and_extra),
        cmocka_unit_test(test_merge_undecodable),
        cmocka_unit_test(test_split_keeps_moves),
        cmocka_unit_test(test_split_pl_after_move),
        cmocka_unit_test(test_game_info),
        cmocka_unit_test(test_lists_and_points),
        cmocka_unit_test(test_syntax_and_ff4),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_root_properties),
        cmocka_unit_test(test_info_node),
        cmocka_unit_test(test_setup_no_effect),
        cmocka_unit_test(test_annotations_and_markup),
        cmocka_unit_test(test_nul_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
