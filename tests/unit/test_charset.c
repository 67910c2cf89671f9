/*
 * test_charset.c - charset names, UTF-8 validation, conversion to UTF-8
 * and the per-game charset choice (charset_int.h). Byte strings are the real encodings of real names: Chinese
 * (GB2312/GBK, Big5), Japanese (Shift_JIS), Korean (EUC-KR), Latin-1.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <threads.h>
#include <cmocka.h>

#include "charset_int.h"
#include <sgf/types.h>
#include <sgf/parse.h>
#include <sgf/tree.h>
#include <sgf/props.h>

#define S(lit) { (lit), sizeof(lit) - 1 }
#define LEN(a) (sizeof(a) / sizeof((a)[0]))

/* GB2312: 古力, 李世石, 柯洁, 围棋; GBK beyond GB2312: 喆 */
#define GB_GULI "\xB9\xC5\xC1\xA6"
#define GB_LEESEDOL "\xC0\xEE\xCA\xC0\xCA\xAF"
#define GB_KEJIE "\xBF\xC2\xBD\xE0"
#define GB_WEIQI "\xCE\xA7\xC6\xE5"
#define GBK_ZHE "\x86\xB4"
/* Shift_JIS: 表 and ソ end in 0x5C; 井山裕太, 山下敬吾, 囲碁 */
#define SJ_HYO "\x95\x5C"
#define SJ_SO "\x83\x5C"
#define SJ_IYAMA "\x88\xE4\x8E\x52\x97\x54\x91\xBE"
#define SJ_YAMASHITA "\x8E\x52\x89\xBA\x8C\x68\x8C\xE1"
#define SJ_IGO "\x88\xCD\x8C\xE9"
/* Big5: 圍棋, 許 (trail 0x5C), 周俊勳, 王立誠, 林海峰 */
#define B5_WEIQI "\xB3\xF2\xB4\xD1"
#define B5_XU "\xB3\x5C"
#define B5_CHOU "\xA9\x50\xAB\x54\xBE\xB1"
#define B5_WANG "\xA4\xFD\xA5\xDF\xB8\xDB"
#define B5_LIN "\xAA\x4C\xAE\xFC\xAE\x70"
/* EUC-KR: 이세돌, 박정환, 바둑 */
#define KR_LEE "\xC0\xCC\xBC\xBC\xB5\xB9"
#define KR_PARK "\xB9\xDA\xC1\xA4\xC8\xAF"
#define KR_BADUK "\xB9\xD9\xB5\xCF"
/* UTF-8 */
#define U8_LEESEDOL "\xE6\x9D\x8E\xE4\xB8\x96\xE7\x9F\xB3"
#define U8_MUELLER "M\xC3\xBCller"

/* --- names ------------------------------------------------------------ */

static const char *canon(const char *name)
{
    return sgf__charset_canonical(name, strlen(name));
}

static void test_charset_alias_resolution(void **state)
{
    static const char *const table[][2] = {
        { "UTF-8", "UTF-8" }, { "utf8", "UTF-8" }, { "UTF8", "UTF-8" },
        { "utf-8", "UTF-8" }, { " UTF-8 ", "UTF-8" },
        { "ISO-8859-1", "ISO-8859-1" }, { "ISO8859_1", "ISO-8859-1" },
        { "iso-8859-1", "ISO-8859-1" }, { "latin1", "ISO-8859-1" },
        { "Latin-1", "ISO-8859-1" }, { "l1", "ISO-8859-1" },
        { "ISO_8859-1:1987", "ISO-8859-1" },
        { "ISO-8859-3", "ISO-8859-3" }, { "ISO-8859-15", "ISO-8859-15" },
        { "latin9", "ISO-8859-15" }, { "latin2", "ISO-8859-2" },
        { "windows-1252", "WINDOWS-1252" }, { "cp1251", "WINDOWS-1251" },
        { "Win1250", "WINDOWS-1250" }, { "WINDOWS-1258", "WINDOWS-1258" },
        { "gb2312", "GB18030" }, { "GB2312", "GB18030" },
        { "GB_2312-80", "GB18030" }, { "GBK", "GB18030" },
        { "cp936", "GB18030" }, { "GB18030", "GB18030" },
        { "EUC-CN", "GB18030" },
        { "Shift_JIS", "CP932" }, { "SHIFT_JIS", "CP932" },
        { "MS_KANJI", "CP932" }, { "SJIS", "CP932" }, { "x-sjis", "CP932" },
        { "windows-31j", "CP932" }, { "CP932", "CP932" },
        { "Big5", "CP950" }, { "BIG-5", "CP950" }, { "cp950", "CP950" },
        { "Big5-HKSCS", "BIG5-HKSCS" },
        { "EUC-KR", "CP949" }, { "EUC_KR", "CP949" },
        { "KS_C_5601-1987", "CP949" }, { "cp949", "CP949" },
        { "UHC", "CP949" },
        { "EUC-JP", "EUC-JP" }, { "KOI8-R", "KOI8-R" },
        { "UTF-16LE", "UTF-16LE" }, { "us-ascii", "ANSI_X3.4-1968" },
    };
    (void)state;
    for (size_t i = 0; i < LEN(table); i++) {
        const char *c = canon(table[i][0]);
        if (c == NULL || strcmp(c, table[i][1]) != 0)
            fail_msg("%s -> %s, want %s", table[i][0], c ? c : "NULL",
                     table[i][1]);
    }
    /* the length counts, not a NUL: "utf-8]..." cut at 5 */
    assert_string_equal(sgf__charset_canonical("utf-8](;FF", 5), "UTF-8");
    /* the same static string every time */
    assert_ptr_equal(canon("gbk"), canon("GB2312"));
}

static void test_charset_unknown_names(void **state)
{
    static const char *const bad[] = {
        "foo", "unknown", "", "   ", "ISO-8859-12", "ISO-8859-17",
        "latin11", "windows-1259", "UTF-8](;FF[4]CA[ISO-8859-3]", "utf-9",
    };
    (void)state;
    for (size_t i = 0; i < LEN(bad); i++)
        if (canon(bad[i]) != NULL)
            fail_msg("'%s' should be unknown", bad[i]);
    assert_null(sgf__charset_canonical(NULL, 0));
    assert_null(sgf__charset_canonical("utf\0-8", 6));
}

static void test_charset_multibyte_unsafe(void **state)
{
    (void)state;
    assert_true(sgf__charset_is_multibyte_unsafe(canon("Shift_JIS")));
    assert_true(sgf__charset_is_multibyte_unsafe(canon("gb2312")));
    assert_true(sgf__charset_is_multibyte_unsafe(canon("Big5")));
    assert_true(sgf__charset_is_multibyte_unsafe(canon("Big5-HKSCS")));
    /* UHC trail bytes skip 0x5B..0x60; EUC trail bytes are >= 0xA1 */
    assert_false(sgf__charset_is_multibyte_unsafe(canon("EUC-KR")));
    assert_false(sgf__charset_is_multibyte_unsafe(canon("EUC-JP")));
    assert_false(sgf__charset_is_multibyte_unsafe(canon("UTF-8")));
    assert_false(sgf__charset_is_multibyte_unsafe(canon("latin1")));
    assert_false(sgf__charset_is_multibyte_unsafe(NULL));
    assert_false(sgf__charset_is_multibyte_unsafe("nonsense"));
}

static void test_charset_ascii_compatible(void **state)
{
    (void)state;
    assert_false(sgf__charset_is_ascii_compatible(canon("UTF-16LE")));
    assert_false(sgf__charset_is_ascii_compatible(canon("UTF-16BE")));
    assert_true(sgf__charset_is_ascii_compatible(canon("Shift_JIS")));
    assert_true(sgf__charset_is_ascii_compatible(canon("UTF-8")));
    assert_true(sgf__charset_is_ascii_compatible(NULL));
}

/* --- UTF-8 and ASCII -------------------------------------------------- */

static bool valid(const char *s, size_t n)
{
    return sgf__utf8_valid(s, n);
}

#define VALID(lit) valid((lit), sizeof(lit) - 1)

static void test_charset_utf8_valid_sequences(void **state)
{
    (void)state;
    assert_true(VALID(""));
    assert_true(VALID("plain ASCII text, long enough for the fast path"));
    assert_true(VALID("\x7F"));
    assert_true(VALID("\xC2\x80"));               /* U+0080 */
    assert_true(VALID("\xDF\xBF"));               /* U+07FF */
    assert_true(VALID("\xE0\xA0\x80"));           /* U+0800 */
    assert_true(VALID("\xED\x9F\xBF"));           /* U+D7FF */
    assert_true(VALID("\xEE\x80\x80"));           /* U+E000 */
    assert_true(VALID("\xEF\xBF\xBF"));           /* U+FFFF */
    assert_true(VALID("\xF0\x90\x80\x80"));       /* U+10000 */
    assert_true(VALID("\xF0\x9F\x98\x80"));       /* U+1F600 */
    assert_true(VALID("\xF4\x8F\xBF\xBF"));       /* U+10FFFF */
    assert_true(VALID(U8_LEESEDOL " vs " U8_MUELLER));
    assert_true(VALID("0123456789abcdef0123456789abcdef\xE5\x9B\xB2"));
}

static void test_charset_utf8_rejects_overlongs(void **state)
{
    (void)state;
    assert_false(VALID("\xC0\x80"));
    assert_false(VALID("\xC1\xBF"));
    assert_false(VALID("\xE0\x80\x80"));
    assert_false(VALID("\xE0\x9F\xBF"));
    assert_false(VALID("\xF0\x80\x80\x80"));
    assert_false(VALID("\xF0\x8F\xBF\xBF"));
}

static void test_charset_utf8_rejects_surrogates(void **state)
{
    (void)state;
    assert_false(VALID("\xED\xA0\x80"));          /* U+D800 */
    assert_false(VALID("\xED\xBF\xBF"));          /* U+DFFF */
    assert_false(VALID("\xED\xA0\xBD\xED\xB8\x80"));  /* CESU-8 pair */
}

static void test_charset_utf8_rejects_truncated(void **state)
{
    (void)state;
    assert_false(VALID("\xC3"));
    assert_false(VALID("\xE4\xB8"));
    assert_false(VALID("\xF0\x9F\x98"));
    assert_false(VALID("abc\xC3"));
    assert_false(VALID("0123456789abcdef0123456789abcdef\xE5\x9B"));
    assert_false(VALID("\xC3(x"));               /* bad continuation */
    assert_false(VALID("\xE4\xB8(x"));
    assert_false(VALID("\x80"));                  /* lone continuation */
    assert_false(VALID("a\xBF" "b"));
    /* a valid prefix does not make it valid: n limits the read */
    assert_false(valid("\xE6\x9D\x8E", 2));
    assert_true(valid("\xE6\x9D\x8E", 3));
}

static void test_charset_utf8_rejects_above_max(void **state)
{
    (void)state;
    assert_false(VALID("\xF4\x90\x80\x80"));      /* U+110000 */
    assert_false(VALID("\xF5\x80\x80\x80"));
    assert_false(VALID("\xF8\x88\x80\x80\x80"));  /* old 5-byte form */
    assert_false(VALID("\xFE"));
    assert_false(VALID("\xFF"));
}

/* The one public decoder that sgf__utf8_valid, the XML writer's check and
 * the tools' JSON writer share: length and code point, and 0 for the forms
 * RFC 3629 forbids (overlong, surrogate, above U+10FFFF, truncated). */
static void test_charset_utf8_char_code_points(void **state)
{
    uint32_t cp = 0;
    (void)state;
    assert_int_equal(sgf_utf8_char("A", 1, &cp), 1);
    assert_int_equal(cp, 0x41);
    assert_int_equal(sgf_utf8_char("\xC3\xA9", 2, &cp), 2);
    assert_int_equal(cp, 0xE9);
    assert_int_equal(sgf_utf8_char("\xED\x9F\xBF", 3, &cp), 3);
    assert_int_equal(cp, 0xD7FF);
    assert_int_equal(sgf_utf8_char("\xF4\x8F\xBF\xBF", 4, &cp), 4);
    assert_int_equal(cp, 0x10FFFF);
    assert_int_equal(sgf_utf8_char("\xE5\x9B\xB2", 3, NULL), 3);
    /* surrogates U+D800, U+DFFF */
    assert_int_equal(sgf_utf8_char("\xED\xA0\x80", 3, &cp), 0);
    assert_int_equal(sgf_utf8_char("\xED\xBF\xBF", 3, &cp), 0);
    /* overlong forms of '/', U+07FF and U+FFFF */
    assert_int_equal(sgf_utf8_char("\xC0\xAF", 2, &cp), 0);
    assert_int_equal(sgf_utf8_char("\xE0\x9F\xBF", 3, &cp), 0);
    assert_int_equal(sgf_utf8_char("\xF0\x8F\xBF\xBF", 4, &cp), 0);
    /* above U+10FFFF, truncated, bad continuation, empty */
    assert_int_equal(sgf_utf8_char("\xF4\x90\x80\x80", 4, &cp), 0);
    assert_int_equal(sgf_utf8_char("\xE6\x9D\x8E", 2, &cp), 0);
    assert_int_equal(sgf_utf8_char("\xE6\x9D(", 3, &cp), 0);
    assert_int_equal(sgf_utf8_char("", 0, &cp), 0);
    assert_int_equal(sgf_utf8_char(NULL, 3, &cp), 0);
}

/* Every position of a high byte in buffers around the 16-byte stride. */
static void test_charset_is_ascii_every_position(void **state)
{
    char buf[70];
    (void)state;
    memset(buf, 'a', sizeof buf);
    assert_true(sgf__is_ascii(buf, sizeof buf));
    assert_true(sgf__is_ascii(buf, 0));
    for (size_t n = 1; n <= sizeof buf; n++)
        for (size_t at = 0; at < n; at++) {
            buf[at] = (char)0x80;
            if (sgf__is_ascii(buf, n) || valid(buf, n))
                fail_msg("high byte at %zu of %zu missed", at, n);
            buf[at] = 'a';
        }
    buf[69] = (char)0xFF;
    assert_true(sgf__is_ascii(buf, 69));          /* n is respected */
}

/* --- conversion ------------------------------------------------------- */

/* Convert lit from the charset named `name` into a fresh buffer; returns
 * the result code, the text in *out (caller releases). */
static int conv(sgf__conv *cv, const char *name, const char *in, size_t n,
                sgf__buf *out)
{
    const char *cs = canon(name);
    assert_non_null(cs);
    return sgf__conv_to_utf8(cv, cs, in, n, out);
}

static void expect_conv(const char *name, const char *in, size_t n,
                        const char *want)
{
    sgf__conv cv;
    sgf__buf out = SGF__BUF_INIT;
    sgf__conv_init(&cv);
    int r = conv(&cv, name, in, n, &out);
    if (r != 0)
        fail_msg("%s: conversion returned %d", name, r);
    assert_int_equal(out.len, strlen(want));
    assert_memory_equal(out.ptr, want, out.len);
    assert_int_equal(out.ptr[out.len], '\0');
    sgf__buf_release(&out);
    sgf__conv_release(&cv);
}

#define EXPECT_CONV(name, lit, want) \
    expect_conv((name), (lit), sizeof(lit) - 1, (want))

static void test_charset_conv_gb2312(void **state)
{
    (void)state;
    EXPECT_CONV("gb2312", GB_GULI, "古力");
    EXPECT_CONV("GB2312", GB_LEESEDOL, "李世石");
    EXPECT_CONV("gb2312", GB_WEIQI " is fun", "围棋 is fun");
    /* GBK bytes under CA[gb2312] decode (GB18030 is a superset) */
    EXPECT_CONV("gb2312", GBK_ZHE, "喆");
    EXPECT_CONV("GBK", GB_KEJIE GBK_ZHE, "柯洁喆");
}

static void test_charset_conv_shift_jis_trail_5c(void **state)
{
    (void)state;
    EXPECT_CONV("Shift_JIS", SJ_HYO, "表");
    EXPECT_CONV("Shift_JIS", SJ_SO, "ソ");
    EXPECT_CONV("MS_KANJI", SJ_IYAMA " " SJ_HYO SJ_SO, "井山裕太 表ソ");
    /* CP932 keeps 0x5C a backslash, as in the ASCII values */
    EXPECT_CONV("Shift_JIS", "a\\b " SJ_IGO, "a\\b 囲碁");
    /* half-width katakana: one byte */
    EXPECT_CONV("SJIS", "\xB1\xB2", "ｱｲ");
}

static void test_charset_conv_big5(void **state)
{
    (void)state;
    EXPECT_CONV("Big5", B5_WEIQI, "圍棋");
    EXPECT_CONV("big5", B5_XU "\x5C", "許\\");
    EXPECT_CONV("Big5", B5_CHOU, "周俊勳");
    /* stateful in glibc (a character may combine with the next); one
     * character can give two code points; none is lost at the end */
    EXPECT_CONV("Big5-HKSCS", "\xA4\x40", "一");
    EXPECT_CONV("Big5-HKSCS", "\x88\x62", "\xC3\x8A\xCC\x84");
}

/* Released descriptors go back to a process-wide pool (charset.c): one
 * released in the middle of a sequence (a truncated value, a stateful
 * converter) converts the next game's text from a clean state. */
static void test_charset_conv_pool_reuse_clean(void **state)
{
    (void)state;
    for (int round = 0; round < 3; round++) {
        sgf__conv cv;
        sgf__buf out = SGF__BUF_INIT;
        sgf__conv_init(&cv);
        assert_int_equal(conv(&cv, "Big5-HKSCS", "\x88", 1, &out), 1);
        assert_int_equal(conv(&cv, "GBK", "\xB9", 1, &out), 1);
        assert_int_equal(out.len, 0);
        sgf__conv_release(&cv);
        sgf__buf_release(&out);
        EXPECT_CONV("Big5-HKSCS", "\xA4\x40", "一");
        EXPECT_CONV("GBK", GB_GULI, "古力");
    }
}

/* A value in printable ASCII or UTF-8 with no NUL under CA[UTF-16]: not
 * UTF-16 (1: the caller reads it as what it is, with charset-mismatch),
 * where
 * "Park" would read as two CJK characters; UTF-16 of Latin letters (NUL
 * bytes) and of other scripts (bytes outside printable ASCII) reads. A
 * whole record: RU[] and RE[] read as written, not as CJK. */
static void test_charset_utf16_ascii_value(void **state)
{
    (void)state;
    sgf__conv cv;
    sgf__buf out = SGF__BUF_INIT;
    sgf__conv_init(&cv);
    static const char *const names[] = { "UTF-16LE", "UTF-16BE", "UTF-16" };
    for (size_t k = 0; k < 3; k++) {
        assert_int_equal(conv(&cv, names[k], "Park", 4, &out), 1);
        assert_int_equal(out.len, 0);
        assert_int_equal(conv(&cv, names[k], "W+0.5\n", 6, &out), 1);
    }
    /* UTF-16 of Korean (no NUL, not UTF-8) reads */
    assert_int_equal(conv(&cv, "UTF-16LE", "\x70\xC8\x58\xCE\xC8\xD6", 6,
                          &out), 0);
    assert_string_equal(out.ptr, "\xEC\xA1\xB0\xEC\xB9\x98\xED\x9B\x88");
    out.len = 0;
    assert_int_equal(conv(&cv, "UTF-16LE", "P\0a\0", 4, &out), 0);
    assert_memory_equal(out.ptr, "Pa", 2);
    out.len = 0;
    assert_int_equal(conv(&cv, "UTF-16LE", "\x2D\x4E\x87\x65", 4, &out), 0);
    assert_string_equal(out.ptr, "\xE4\xB8\xAD\xE6\x96\x87");  /* 中文 */
    sgf__buf_release(&out);
    sgf__conv_release(&cv);
    /* the game decides: UTF-8 text with no NUL anywhere (a mislabelled
     * record) is read as UTF-8, not as six CJK characters; beside a
     * UTF-16 text with NUL bytes, one that is UTF-8 by chance (\xd1\x9e,
     * a CJK character in UTF-16LE) stays UTF-16 */
    static const char mislabel[] = "(;FF[4]GM[1]CA[UTF-16]SZ[9]C[caf\xc3\xa9 "
                                   "\xe6\x97\xa5\xe6\x9c\xac];B[ee])";
    sgf_collection *mc = NULL;
    assert_int_equal(sgf_parse_buffer(&mc, mislabel, sizeof mislabel - 1,
                                      NULL), SGF_OK);
    const sgf_node *mr = sgf_game_root(sgf_collection_game(mc, 0));
    sgf_str mv = sgf_prop_text(sgf_node_find_prop(mr, SGF_PROP_C), 0);
    assert_int_equal(mv.len, 12);
    assert_memory_equal(mv.ptr, "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac", 12);
    sgf_collection_free(mc);
    static const char real[] = "(;FF[4]GM[1]CA[UTF-16LE]SZ[9]PB[L\0e\0e\0]"
                               "PW[\xd1\x9e];B[ee])";
    assert_int_equal(sgf_parse_buffer(&mc, real, sizeof real - 1, NULL),
                     SGF_OK);
    mr = sgf_game_root(sgf_collection_game(mc, 0));
    mv = sgf_prop_text(sgf_node_find_prop(mr, SGF_PROP_PB), 0);
    assert_int_equal(mv.len, 3);
    assert_memory_equal(mv.ptr, "Lee", 3);
    mv = sgf_prop_text(sgf_node_find_prop(mr, SGF_PROP_PW), 0);
    assert_string_equal(mv.ptr, "\xe9\xbb\x91");          /* 黑 */
    sgf_collection_free(mc);
    const char *rec = "(;FF[4]GM[1]CA[UTF-16]SZ[9]RU[Japanese]PB[Park]"
                      "RE[W+0.5];B[ee])";
    sgf_collection *c = NULL;
    assert_int_equal(sgf_parse_buffer(&c, rec, strlen(rec), NULL), SGF_OK);
    const sgf_node *root = sgf_game_root(sgf_collection_game(c, 0));
    sgf_str v = sgf_prop_text(sgf_node_find_prop(root, SGF_PROP_PB), 0);
    assert_int_equal(v.len, 4);
    assert_memory_equal(v.ptr, "Park", 4);
    v = sgf_prop_text(sgf_node_find_prop(root, SGF_PROP_RE), 0);
    assert_memory_equal(v.ptr, "W+0.5", 5);
    sgf_collection_free(c);
}

/* UTF-16 takes its byte order from a byte-order mark: a value with a
 * little-endian mark after one with a big-endian mark (in the same game,
 * or the game before) still reads as itself. */
static void test_charset_conv_utf16_bom_per_value(void **state)
{
    (void)state;
    sgf__conv cv;
    sgf__buf alone = SGF__BUF_INIT, out = SGF__BUF_INIT;
    sgf__conv_init(&cv);                /* no mark: iconv's default order */
    assert_int_equal(conv(&cv, "UTF-16", "\0H\0i", 4, &alone), 0);
    sgf__conv_release(&cv);
    for (int round = 0; round < 2; round++) {
        sgf__conv_init(&cv);
        assert_int_equal(conv(&cv, "UTF-16", "\xFE\xFF\0H\0i", 6, &out), 0);
        assert_int_equal(out.len, 2);
        assert_memory_equal(out.ptr, "Hi", 2);
        out.len = 0;
        assert_int_equal(conv(&cv, "UTF-16", "\xFF\xFEH\0i\0", 6, &out), 0);
        assert_int_equal(out.len, 2);
        assert_memory_equal(out.ptr, "Hi", 2);
        out.len = 0;
        assert_int_equal(conv(&cv, "UTF-16", "\0H\0i", 4, &out), 0);
        assert_int_equal(out.len, alone.len);
        assert_memory_equal(out.ptr, alone.ptr, alone.len);
        out.len = 0;
        sgf__conv_release(&cv);
    }
    sgf__buf_release(&out);
    sgf__buf_release(&alone);
}

/* Two threads taking and giving back pooled descriptors at once: each
 * conversion still gives its own text (run under ASan+UBSan). */
static int pool_worker(void *arg)
{
    const char *name = arg;
    bool gb = strcmp(name, "GBK") == 0;
    for (int i = 0; i < 300; i++) {
        sgf__conv cv;
        sgf__buf out = SGF__BUF_INIT;
        sgf__conv_init(&cv);
        int r = gb ? conv(&cv, name, GB_LEESEDOL, sizeof GB_LEESEDOL - 1,
                          &out)
                   : conv(&cv, name, SJ_IYAMA, sizeof SJ_IYAMA - 1, &out);
        const char *want = gb ? "李世石" : "井山裕太";
        bool ok = r == 0 && out.len == strlen(want)
                  && memcmp(out.ptr, want, out.len) == 0;
        sgf__buf_release(&out);
        sgf__conv_release(&cv);
        if (!ok)
            return 1;
    }
    return 0;
}

static void test_charset_conv_pool_threads(void **state)
{
    (void)state;
    thrd_t t[4];
    static char names[4][10] = { "GBK", "Shift_JIS", "GBK", "Shift_JIS" };
    for (int k = 0; k < 4; k++)
        assert_int_equal(thrd_create(&t[k], pool_worker, names[k]),
                         thrd_success);
    for (int k = 0; k < 4; k++) {
        int res = -1;
        assert_int_equal(thrd_join(t[k], &res), thrd_success);
        assert_int_equal(res, 0);
    }
}

static void test_charset_conv_euc_kr(void **state)
{
    (void)state;
    EXPECT_CONV("EUC-KR", KR_LEE, "이세돌");
    EXPECT_CONV("KS_C_5601-1987", KR_PARK " " KR_BADUK, "박정환 바둑");
}

static void test_charset_conv_latin1_and_cp1252(void **state)
{
    sgf__conv cv;
    sgf__buf out = SGF__BUF_INIT;
    (void)state;
    EXPECT_CONV("ISO-8859-1", "M\xFCller", "Müller");
    EXPECT_CONV("latin1", "Gr\xF6\xDF" "e \xA9\xFF", "Größe ©ÿ");
    EXPECT_CONV("ISO-8859-1", "\x80", "\xC2\x80");    /* C1 control */
    EXPECT_CONV("windows-1252", "\x80 \x93ok\x94 \x9F", "€ “ok” Ÿ");
    EXPECT_CONV("ISO-8859-15", "\xA4", "€");
    sgf__conv_init(&cv);
    /* 0x81 is unassigned in Windows-1252 */
    assert_int_equal(conv(&cv, "windows-1252", "a\x81", 2, &out), 1);
    assert_int_equal(out.len, 0);
    /* none of these needs iconv */
    assert_int_equal(cv.n, 0);
    sgf__buf_release(&out);
    sgf__conv_release(&cv);
}

static void test_charset_conv_utf8_and_ascii_skip_iconv(void **state)
{
    sgf__conv cv;
    sgf__buf out = SGF__BUF_INIT;
    (void)state;
    sgf__conv_init(&cv);
    assert_int_equal(conv(&cv, "UTF-8", U8_LEESEDOL, 9, &out), 0);
    assert_int_equal(conv(&cv, "Shift_JIS", " B+R", 4, &out), 0);
    assert_int_equal(conv(&cv, "gb2312", "", 0, &out), 0);
    assert_int_equal(out.len, 13);
    assert_memory_equal(out.ptr, "李世石 B+R", 13);
    assert_int_equal(cv.n, 0);
    /* UTF-8 is validated, not copied blindly */
    assert_int_equal(conv(&cv, "UTF-8", "\xC0\xAF", 2, &out), 1);
    assert_int_equal(out.len, 13);
    sgf__buf_release(&out);
    sgf__conv_release(&cv);
}

/* Undecodable bytes: 1, and out keeps exactly what it held before. */
static void test_charset_conv_undecodable_keeps_out(void **state)
{
    static const struct {
        const char *name, *in;
        size_t n;
    } cases[] = {
        { "gb2312", GB_GULI "\xFF", 5 },          /* invalid byte */
        { "gb2312", GB_GULI "\xB9", 5 },          /* lead cut short */
        { "Shift_JIS", SJ_IYAMA "\x88", 9 },      /* lead at the end */
        { "Shift_JIS", "\x88 ", 2 },              /* bad trail */
        { "Big5", B5_WEIQI "\xB3", 5 },
        { "EUC-KR", KR_LEE "\xC9\xA1", 8 },       /* user-defined area */
        { "EUC-JP", "\xA4", 1 },
        { "UTF-8", U8_LEESEDOL "\xE6\x9D", 11 },
        { "UTF-16LE", "h\0i", 3 },                /* odd length */
    };
    (void)state;
    sgf__conv cv;
    sgf__conv_init(&cv);
    for (size_t i = 0; i < LEN(cases); i++) {
        sgf__buf out = SGF__BUF_INIT;
        assert_int_equal(sgf__buf_add(&out, "prefix", 6), 0);
        int r = conv(&cv, cases[i].name, cases[i].in, cases[i].n, &out);
        if (r != 1)
            fail_msg("case %zu (%s): %d, want 1", i, cases[i].name, r);
        assert_int_equal(out.len, 6);
        assert_memory_equal(out.ptr, "prefix", 6);
        /* the descriptor is usable again: state was reset */
        if (strcmp(cases[i].name, "UTF-16LE") != 0) {
            r = conv(&cv, cases[i].name, "ok", 2, &out);
            assert_int_equal(r, 0);
            assert_memory_equal(out.ptr, "prefixok", 8);
        }
        sgf__buf_release(&out);
    }
    sgf__conv_release(&cv);
}

static void test_charset_conv_unknown_charset(void **state)
{
    sgf__conv cv;
    sgf__buf out = SGF__BUF_INIT;
    (void)state;
    sgf__conv_init(&cv);
    assert_int_equal(sgf__conv_to_utf8(&cv, "NO-SUCH-CHARSET", "\xE9", 1,
                                       &out), -1);
    assert_int_equal(sgf__conv_to_utf8(&cv, "shift_jis", "\x95\x5C", 2,
                                       &out), -1);     /* not canonical */
    assert_int_equal(out.len, 0);
    sgf__conv_release(&cv);
    sgf__buf_release(&out);
}

static void test_charset_conv_caches_descriptors(void **state)
{
    static const char *const names[] = {
        "gb2312", "Shift_JIS", "Big5", "EUC-KR", "EUC-JP", "KOI8-R",
        "ISO-8859-2", "ISO-8859-5", "WINDOWS-1251", "ISO-8859-7",
    };
    sgf__conv cv;
    sgf__buf out = SGF__BUF_INIT;
    (void)state;
    sgf__conv_init(&cv);
    assert_int_equal(conv(&cv, "gbk", GB_GULI, 4, &out), 0);
    assert_int_equal(conv(&cv, "GB2312", GB_WEIQI, 4, &out), 0);
    assert_int_equal(cv.n, 1);                   /* one GB18030 slot */
    for (size_t i = 0; i < LEN(names); i++)
        assert_int_equal(conv(&cv, names[i], "\xE9", 1, &out) < 0, 0);
    assert_int_equal(cv.n, 8);                   /* full, recycled */
    /* a large input grows the output (E2BIG) and still converts */
    char big[3000];
    for (size_t i = 0; i < sizeof big; i += 2)
        memcpy(big + i, "\xB9\xC5", 2);
    out.len = 0;
    assert_int_equal(conv(&cv, "gb2312", big, sizeof big, &out), 0);
    assert_int_equal(out.len, sizeof big / 2 * 3);
    assert_memory_equal(out.ptr + out.len - 3, "古", 3);
    sgf__conv_release(&cv);
    assert_int_equal(cv.n, 0);
    sgf__buf_release(&out);
}

static void test_charset_conv_utf16le(void **state)
{
    (void)state;
    /* not ASCII-compatible: ASCII-looking bytes convert too */
    expect_conv("UTF-16LE", "h\0\xF6\0", 4, "hö");
    expect_conv("UTF-16LE", "h\0i\0", 4, "hi");
    expect_conv("UTF-16LE", "s\0\xAC h\0", 6, "s€h");
}

/* --- the choice ------------------------------------------------------- */

static void expect_choice(const char *ca, const sgf_str *texts,
                          size_t ntexts, int verdict, const char *chosen)
{
    static const char *const names[] = {
        "DECLARED", "DEFAULT", "GUESSED", "MISMATCH", "UNKNOWN_NAME",
        "NONE_FITS",
    };
    sgf__conv cv;
    const char *got = NULL;
    sgf__conv_init(&cv);
    int r = sgf__charset_choose(&cv, ca, ca ? strlen(ca) : 0, texts,
                                ntexts, &got);
    sgf__conv_release(&cv);
    if (r != verdict || got == NULL || strcmp(got, chosen) != 0)
        fail_msg("CA[%s]: got %s %s, want %s %s", ca ? ca : "",
                 r >= 0 && r <= 5 ? names[r] : "error", got ? got : "NULL",
                 names[verdict], chosen);
    /* the name is the canonical static string */
    assert_ptr_equal(got, sgf__charset_canonical(got, strlen(got)));
}

static void test_charset_choose_declared_fits(void **state)
{
    const sgf_str gb[] = { S(GB_GULI), S(GB_KEJIE), S(GB_WEIQI " is fun") };
    const sgf_str sj[] = { S(SJ_IYAMA), S(SJ_YAMASHITA), S(SJ_IGO " fun") };
    const sgf_str kr[] = { S(KR_LEE), S(KR_PARK), S(KR_BADUK " is fun") };
    const sgf_str b5[] = { S(B5_CHOU), S(B5_WANG) };
    const sgf_str u8[] = { S(U8_LEESEDOL), S(U8_MUELLER) };
    const sgf_str l1[] = { S("M\xFCller"), S("Jos\xE9") };
    const sgf_str cyr[] = { S("\xE8\xE3\xF0\xE0") };
    (void)state;
    expect_choice("GB2312", gb, LEN(gb), SGF__CS_DECLARED, "GB18030");
    expect_choice("Shift_JIS", sj, LEN(sj), SGF__CS_DECLARED, "CP932");
    expect_choice("EUC-KR", kr, LEN(kr), SGF__CS_DECLARED, "CP949");
    expect_choice("Big5", b5, LEN(b5), SGF__CS_DECLARED, "CP950");
    expect_choice("UTF-8", u8, LEN(u8), SGF__CS_DECLARED, "UTF-8");
    expect_choice("ISO8859_1", l1, LEN(l1), SGF__CS_DECLARED, "ISO-8859-1");
    expect_choice("windows-1251", cyr, 1, SGF__CS_DECLARED, "WINDOWS-1251");
    /* nothing non-ASCII: the declared one, even without texts */
    expect_choice("ISO-8859-3", NULL, 0, SGF__CS_DECLARED, "ISO-8859-3");
    /* a few rare characters are a name's, not a wrong label: GBK's 堃
     * (outside GB2312), CP932's 髙 (NEC's extension), four of GBK's 丂;
     * CP932 and GB18030 read them as other characters */
    const sgf_str kun[] = { S("\x88\xD2"), S("Lee") };
    const sgf_str taka[] = { S("\xEE\xE0"), S("Lee") };
    const sgf_str kao[] = { S("\x81\x40\x81\x40\x81\x40\x81\x40") };
    expect_choice("GBK", kun, LEN(kun), SGF__CS_DECLARED, "GB18030");
    expect_choice("Shift_JIS", taka, LEN(taka), SGF__CS_DECLARED, "CP932");
    expect_choice("GBK", kao, LEN(kao), SGF__CS_DECLARED, "GB18030");
    /* Big5's ETEN extension (C6A1-C8FE: kana, Cyrillic), which CP950
     * reads as private use: real Big5 text, not a wrong label (GB18030
     * read "\xA4\xA4\xC7\xCF", 中 and katakana bi, as two other
     * characters) */
    const sgf_str eten[] = { S("\xA4\xA4\xC7\xCF") };
    const sgf_str etens[] = { S("\xC6\xE7\xC6\xE8\xC7\xCF\xC7\xF3"
                                "\xC7\xF4\xC7\xF5\xC7\xF6\xC7\xF7"
                                "\xC7\xF8"), S(B5_CHOU) };
    expect_choice("Big5", eten, LEN(eten), SGF__CS_DECLARED, "CP950");
    expect_choice("Big5", etens, LEN(etens), SGF__CS_DECLARED, "CP950");
}

static void test_charset_choose_declared_mismatch(void **state)
{
    const sgf_str gb[] = { S(GB_GULI), S(GB_LEESEDOL), S("\xBA\xDA\xCF\xC8")
    };
    const sgf_str sj[] = { S(SJ_IYAMA), S(SJ_YAMASHITA), S(SJ_IGO) };
    const sgf_str u8[] = { S(U8_MUELLER), S(U8_LEESEDOL) };
    const sgf_str l1[] = { S("M\xFCller"), S("Gr\xF6\xDF" "e") };
    (void)state;
    /* CA[UTF-8], bytes GB2312 */
    expect_choice("UTF-8", gb, LEN(gb), SGF__CS_MISMATCH, "GB18030");
    /* CA[ISO-8859-1] written by UTF-8 software */
    expect_choice("ISO-8859-1", u8, LEN(u8), SGF__CS_MISMATCH, "UTF-8");
    expect_choice("latin1", u8, 1, SGF__CS_MISMATCH, "UTF-8");
    /* CA[gb2312] (MultiGo's default), bytes Shift_JIS: GB18030 decodes
     * them, but as rare characters */
    expect_choice("gb2312", sj, LEN(sj), SGF__CS_MISMATCH, "CP932");
    /* CA[UTF-8], bytes Latin-1 */
    expect_choice("UTF-8", l1, LEN(l1), SGF__CS_MISMATCH, "ISO-8859-1");
    /* CA[MS_KANJI], bytes UTF-8 (Sabaki's japanese_bad.sgf) */
    const sgf_str rep[] = { S("\xEF\xBF\xBD\xEF\xBF\xBDR \xEF\xBF\xBDT") };
    expect_choice("MS_KANJI", rep, 1, SGF__CS_MISMATCH, "UTF-8");
}

static void test_charset_choose_unknown_name(void **state)
{
    const sgf_str gb[] = { S(GB_GULI), S(GB_WEIQI) };
    const sgf_str u8[] = { S(U8_LEESEDOL) };
    (void)state;
    expect_choice("foo", gb, LEN(gb), SGF__CS_UNKNOWN_NAME, "GB18030");
    expect_choice("UTF-8](;FF[4]CA[ISO-8859-3]", u8, 1,
                  SGF__CS_UNKNOWN_NAME, "UTF-8");
    expect_choice("unknown", NULL, 0, SGF__CS_UNKNOWN_NAME, "ISO-8859-1");
}

static void test_charset_choose_guessed(void **state)
{
    const sgf_str u8[] = { S(U8_LEESEDOL), S(U8_MUELLER) };
    const sgf_str gb[] = { S(GB_GULI), S(GB_KEJIE), S(GB_WEIQI " is fun") };
    const sgf_str sj[] = { S(SJ_IYAMA), S(SJ_YAMASHITA), S(SJ_IGO " fun") };
    /* Nihon Ki-in values without CA, trail bytes 0x5C included */
    const sgf_str sj2[] = { S("\x90\x5C\xE1\xC1\x83\x5C"), S("\x8B\xE3\x92i"),
                            S("1\x8E\x9E\x8A\xD4"), S("30\x95" "b") };
    const sgf_str b5[] = { S(B5_CHOU), S(B5_WANG), S(B5_LIN) };
    const sgf_str kr[] = { S(KR_LEE), S(KR_PARK), S(KR_BADUK " is fun") };
    (void)state;
    expect_choice(NULL, u8, LEN(u8), SGF__CS_GUESSED, "UTF-8");
    expect_choice(NULL, gb, LEN(gb), SGF__CS_GUESSED, "GB18030");
    expect_choice("", gb, LEN(gb), SGF__CS_GUESSED, "GB18030");
    expect_choice(NULL, sj, LEN(sj), SGF__CS_GUESSED, "CP932");
    expect_choice(NULL, sj2, LEN(sj2), SGF__CS_GUESSED, "CP932");
    /* Big5 and EUC-KR decode in GB18030 too; the reading decides */
    expect_choice(NULL, b5, LEN(b5), SGF__CS_GUESSED, "CP950");
    expect_choice(NULL, kr, LEN(kr), SGF__CS_GUESSED, "CP949");
    /* Windows quotes: 0x93/0x94 are C1 controls in ISO-8859-1 */
    const sgf_str q[] = { S("\x93Good move\x94 he said") };
    expect_choice(NULL, q, 1, SGF__CS_GUESSED, "WINDOWS-1252");
}

static void test_charset_choose_default_latin1(void **state)
{
    /* each also decodes in a CJK charset: "Gr\xF6\xDF" "e" as GB2312,
     * "K\xF6ln", "D\xFCsseldorf", "\xC5sa" and SGFC's "s\xA4h\xA4n" as
     * Big5 */
    const sgf_str de[] = { S("M\xFCller"), S("Gr\xF6\xDF" "e") };
    const sgf_str sh[] = { S("K\xF6ln"), S("D\xFCsseldorf") };
    const sgf_str sv[] = { S("\xC5sa") };
    const sgf_str cur[] = { S("s\xA4h\xA4n") };
    const sgf_str fr[] = { S("illegal byte sequence: \xF6\xFC\xE4 (-U)") };
    (void)state;
    expect_choice(NULL, de, LEN(de), SGF__CS_DEFAULT, "ISO-8859-1");
    expect_choice(NULL, de + 1, 1, SGF__CS_DEFAULT, "ISO-8859-1");
    expect_choice(NULL, sh, LEN(sh), SGF__CS_DEFAULT, "ISO-8859-1");
    expect_choice(NULL, sv, 1, SGF__CS_DEFAULT, "ISO-8859-1");
    expect_choice(NULL, cur, 1, SGF__CS_DEFAULT, "ISO-8859-1");
    expect_choice(NULL, fr, 1, SGF__CS_DEFAULT, "ISO-8859-1");
    expect_choice(NULL, NULL, 0, SGF__CS_DEFAULT, "ISO-8859-1");
    /* a declared ISO-8859-1 with Windows quotes means Windows-1252 */
    const sgf_str q[] = { S("\x93Good move\x94") };
    expect_choice("ISO-8859-1", q, 1, SGF__CS_DECLARED, "WINDOWS-1252");
}

static void test_charset_choose_none_fits(void **state)
{
    /* mostly UTF-8, one value of stray bytes no reading explains */
    const sgf_str t[] = { S(U8_LEESEDOL), S(U8_MUELLER),
                          S("x\xFF\xFE\xFD\x80\x81") };
    (void)state;
    expect_choice("UTF-8", t, LEN(t), SGF__CS_NONE_FITS, "UTF-8");
    expect_choice(NULL, t, LEN(t), SGF__CS_NONE_FITS, "UTF-8");
    /* declared charset decodes no text: detection's fallback is used */
    expect_choice("UTF-8", t + 2, 1, SGF__CS_MISMATCH, "ISO-8859-1");
}

/* Every canonical name is found as it is written (the fast path) and as
 * aliases spell it, and is the same static string either way. */
static void test_charset_canonical_names(void **state)
{
    static const char *const names[] = {
        "UTF-8", "ISO-8859-1", "WINDOWS-1252", "GB18030", "CP932", "CP950",
        "CP949", "BIG5-HKSCS", "EUC-JP", "EUC-TW", "UTF-16LE", "UTF-16BE",
        "UTF-16", "ANSI_X3.4-1968", "ISO-8859-2", "ISO-8859-11",
        "ISO-8859-16", "WINDOWS-1250", "WINDOWS-1258", "WINDOWS-874",
        "KOI8-R", "KOI8-U", "IBM866", "MACINTOSH", "TIS-620",
    };
    (void)state;
    for (size_t i = 0; i < LEN(names); i++) {
        char low[40];
        size_t n = strlen(names[i]);
        for (size_t k = 0; k <= n; k++)
            low[k] = (char)(names[i][k] >= 'A' && names[i][k] <= 'Z'
                            ? names[i][k] + 32 : names[i][k]);
        const char *a = sgf__charset_canonical(names[i], n);
        assert_non_null(a);
        assert_string_equal(a, names[i]);
        assert_ptr_equal(a, sgf__charset_canonical(low, n));
        assert_ptr_equal(a, sgf__charset_static(names[i]));
    }
    assert_null(sgf__charset_static("UTF8"));
    assert_ptr_equal(sgf__charset_canonical("UTF-8 ", 6),
                     sgf__charset_canonical("UTF-8", 5));   /* blanks */
    /* a prefix of a name is not the name */
    assert_null(sgf__charset_canonical("UTF-1", 5));
    /* NUL bytes, first or inside (fuzz finding: the key read before its
     * start when it began with one) */
    assert_null(sgf__charset_canonical("\0\0\0\x0C_", 5));
    assert_null(sgf__charset_canonical("\0" "8", 2));
    assert_null(sgf__charset_canonical("utf\0" "8", 5));
}

static void test_charset_pair_kinds(void **state)
{
    (void)state;
    assert_int_equal(sgf__charset_pair_kind("CP932"), 1);
    assert_int_equal(sgf__charset_pair_kind("GB18030"), 2);
    assert_int_equal(sgf__charset_pair_kind("CP950"), 2);
    assert_int_equal(sgf__charset_pair_kind("BIG5-HKSCS"), 2);
    assert_int_equal(sgf__charset_pair_kind("CP949"), 0);
    assert_int_equal(sgf__charset_pair_kind("UTF-8"), 0);
    assert_int_equal(sgf__charset_pair_kind("ISO-8859-1"), 0);
    assert_int_equal(sgf__charset_pair_kind(NULL), 0);
}

/* Each candidate is judged on the texts read with its own pair kind. The
 * one-byte reading of "W\xA7\\\xEE" is "W\xA7\xEE" (GB18030 decodes
 * it), the two-byte one "W\xA7\x5C\xEE" (GB18030 and Big5 do not). */
static void test_charset_choose_by_kind(void **state)
{
    const sgf_str one[] = { S("W\xA7\xEE") };
    const sgf_str two[] = { S("W\xA7\x5C\xEE") };
    const sgf_str *const tk[3] = { one, one, two };
    const sgf_str *const same[3] = { one, one, one };
    sgf__conv cv;
    const char *got = NULL;
    sgf__buf out = SGF__BUF_INIT;
    (void)state;
    sgf__conv_init(&cv);
    assert_int_equal(sgf__charset_choose_kinds(&cv, NULL, 0, same, 1, &got),
                     SGF__CS_GUESSED);
    assert_string_equal(got, "GB18030");        /* one reading for all */
    int r = sgf__charset_choose_kinds(&cv, NULL, 0, tk, 1, &got);
    assert_true(r == SGF__CS_GUESSED || r == SGF__CS_DEFAULT);
    assert_string_not_equal(got, "GB18030");
    assert_string_not_equal(got, "CP950");
    /* the chosen charset decodes the bytes of its own kind */
    const sgf_str *t = tk[sgf__charset_pair_kind(got)];
    assert_int_equal(sgf__conv_to_utf8(&cv, got, t->ptr, t->len, &out), 0);
    /* with CA[GB2312] the same: declared, but it decodes nothing */
    r = sgf__charset_choose_kinds(&cv, "GB2312", 6, tk, 1, &got);
    assert_int_equal(r, SGF__CS_MISMATCH);
    assert_string_not_equal(got, "GB18030");
    sgf__buf_release(&out);
    sgf__conv_release(&cv);
}

/* A file written back after NONE_FITS: CA[UTF-8], the text that decoded
 * now in UTF-8, the undecodable bytes as they were. CP932 reads all of
 * it plausibly but as worse text than UTF-8 reads the rest, so UTF-8
 * stays and the round trip keeps every value (fuzz finding
 * decode-written-utf8-and-undecodable-redetected.sgf). */
static void test_charset_choose_keeps_better_declared(void **state)
{
#define KAN3 "\xE6\x9E\x9B\xE6\x9E\x9B\xE6\x9E\x9B"
    const sgf_str t[] = {
        S("\xE7\xA4\xBA\xE4\xBE\x8B\xE6\x9D\xAF"),        /* EV */
        S(KAN3 KAN3 KAN3 KAN3 KAN3 KAN3 KAN3 KAN3 "\xE6\x9E\x9B"
          "\xE6\x9E\x9B\xE6\x9C\xB3jd"),                     /* RC */
        S("\xBA=\xC6\xE5\xA1\xA3"),                          /* C */
    };
#undef KAN3
    (void)state;
    expect_choice("UTF-8", t, LEN(t), SGF__CS_NONE_FITS, "UTF-8");
    /* without the UTF-8 text nothing holds the choice back */
    expect_choice("UTF-8", t + 2, 1, SGF__CS_MISMATCH, "CP932");
}

/* Declared UTF-8 that real UTF-8 text confirms stays, whatever another
 * charset makes of all the texts: the one that is not UTF-8 is
 * undecodable (fuzz finding decode-utf8-confirmed-declared.sgf: a
 * Shift_JIS game with one undecodable value, written back as CA[UTF-8],
 * was read in another charset). */
static void test_charset_choose_declared_utf8_confirmed(void **state)
{
    const sgf_str t[] = { S("\xD3\xE0 5"),                    /* O */
                          S("z\xEF\xBD\xA5\xEF\xBD\xA5" "A") }; /* z･･A */
    (void)state;
    expect_choice("UTF-8", t, LEN(t), SGF__CS_NONE_FITS, "UTF-8");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_charset_alias_resolution),
        cmocka_unit_test(test_charset_unknown_names),
        cmocka_unit_test(test_charset_multibyte_unsafe),
        cmocka_unit_test(test_charset_ascii_compatible),
        cmocka_unit_test(test_charset_utf8_valid_sequences),
        cmocka_unit_test(test_charset_utf8_char_code_points),
        cmocka_unit_test(test_charset_utf8_rejects_overlongs),
        cmocka_unit_test(test_charset_utf8_rejects_surrogates),
        cmocka_unit_test(test_charset_utf8_rejects_truncated),
        cmocka_unit_test(test_charset_utf8_rejects_above_max),
        cmocka_unit_test(test_charset_is_ascii_every_position),
        cmocka_unit_test(test_charset_conv_gb2312),
        cmocka_unit_test(test_charset_conv_shift_jis_trail_5c),
        cmocka_unit_test(test_charset_conv_big5),
        cmocka_unit_test(test_charset_conv_euc_kr),
        cmocka_unit_test(test_charset_conv_latin1_and_cp1252),
        cmocka_unit_test(test_charset_conv_utf8_and_ascii_skip_iconv),
        cmocka_unit_test(test_charset_conv_undecodable_keeps_out),
        cmocka_unit_test(test_charset_conv_unknown_charset),
        cmocka_unit_test(test_charset_conv_caches_descriptors),
        cmocka_unit_test(test_charset_conv_utf16le),
        cmocka_unit_test(test_charset_choose_declared_fits),
        cmocka_unit_test(test_charset_choose_declared_mismatch),
        cmocka_unit_test(test_charset_choose_unknown_name),
        cmocka_unit_test(test_charset_choose_guessed),
        cmocka_unit_test(test_charset_choose_default_latin1),
        cmocka_unit_test(test_charset_choose_none_fits),
        cmocka_unit_test(test_charset_canonical_names),
        cmocka_unit_test(test_charset_conv_pool_reuse_clean),
        cmocka_unit_test(test_charset_conv_pool_threads),
        cmocka_unit_test(test_charset_conv_utf16_bom_per_value),
        cmocka_unit_test(test_charset_utf16_ascii_value),
        cmocka_unit_test(test_charset_pair_kinds),
        cmocka_unit_test(test_charset_choose_by_kind),
        cmocka_unit_test(test_charset_choose_keeps_better_declared),
        cmocka_unit_test(test_charset_choose_declared_utf8_confirmed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
