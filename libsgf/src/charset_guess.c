/*
 * charset_guess.c - the charset of a game's text values: a fixed
 * detection order refined by a plausibility score (the rule is
 * documented in charset_int.h).
 */
#include "charset_int.h"

#include <stdint.h>
#include <string.h>

static const char CS_UTF8[] = "UTF-8";
static const char CS_LATIN1[] = "ISO-8859-1";
static const char CS_CP1252[] = "WINDOWS-1252";

/* --- scoring ----------------------------------------------------------- */

/* A candidate's reading of the game's texts. */
typedef struct score {
    const char *cs;
    size_t ok;        /* texts that decode */
    size_t chars;     /* non-ASCII characters in the texts that decode */
    size_t bad;       /* weighted count of unlikely characters */
    size_t good;      /* frequent characters */
    size_t strong;    /* of them, those no real text of the charset
                         holds: C1 controls, private use, a two-byte
                         character glued inside a Latin word */
} score;

#define HEAVY 4       /* weight of a character that real text avoids */

/* Frequent characters of Chinese (simplified and traditional), Japanese
 * and Korean text, chosen by hand: common words, Go vocabulary (black,
 * white, win, move, ko, territory, dan, ...), common surnames, the
 * commonest Hangul syllables. A wrong reading of CJK bytes gives nearly
 * random characters, a right one many of these. Sorted code points. */
static const uint16_t frequent[] = {
    0x4E00, 0x4E01, 0x4E03, 0x4E07, 0x4E09, 0x4E0A, 0x4E0B, 0x4E0D, 0x4E0E,
    0x4E13, 0x4E16, 0x4E1A, 0x4E1C, 0x4E24, 0x4E25, 0x4E2A, 0x4E2D, 0x4E3A,
    0x4E3B, 0x4E48, 0x4E49, 0x4E4B, 0x4E5D, 0x4E5F, 0x4E66, 0x4E86, 0x4E89,
    0x4E8B, 0x4E8C, 0x4E8E, 0x4E92, 0x4E94, 0x4E9A, 0x4E9B, 0x4E9E, 0x4EA4,
    0x4EA7, 0x4EAC, 0x4EB2, 0x4EBA, 0x4EC0, 0x4ECA, 0x4ECE, 0x4ED6, 0x4ED8,
    0x4EE3, 0x4EE4, 0x4EE5, 0x4EEC, 0x4EF6, 0x4EFB, 0x4F17, 0x4F1A, 0x4F20,
    0x4F3C, 0x4F46, 0x4F4D, 0x4F4F, 0x4F50, 0x4F53, 0x4F55, 0x4F59, 0x4F5C,
    0x4F60, 0x4F7F, 0x4F86, 0x4FAF, 0x4FBF, 0x4FDD, 0x4FE1, 0x500B, 0x5011,
    0x5012, 0x5019, 0x505A, 0x50B3, 0x50CF, 0x513F, 0x5143, 0x5148, 0x5149,
    0x515A, 0x5165, 0x5168, 0x5169, 0x516B, 0x516C, 0x516D, 0x5171, 0x5173,
    0x5174, 0x5175, 0x5176, 0x5185, 0x518D, 0x5199, 0x519B, 0x51A0, 0x51AF,
    0x51B2, 0x51B3, 0x51E0, 0x51FA, 0x5206, 0x5218, 0x5219, 0x5229, 0x522B,
    0x5230, 0x5236, 0x524D, 0x5289, 0x529B, 0x529E, 0x529F, 0x52A0, 0x52A1,
    0x52A8, 0x52AB, 0x52D5, 0x52D9, 0x52DD, 0x5305, 0x5316, 0x5317, 0x533A,
    0x5340, 0x5341, 0x5343, 0x534A, 0x534E, 0x5355, 0x5357, 0x5362, 0x5373,
    0x5374, 0x5386, 0x538B, 0x539F, 0x53BB, 0x53C8, 0x53CA, 0x53CB, 0x53CC,
    0x53CD, 0x53D1, 0x53D6, 0x53D7, 0x53D8, 0x53E3, 0x53EA, 0x53EB, 0x53EF,
    0x53F0, 0x53F2, 0x53F6, 0x53F8, 0x5403, 0x5404, 0x5408, 0x540C, 0x540D,
    0x540E, 0x5411, 0x5415, 0x542C, 0x5433, 0x5434, 0x5442, 0x544A, 0x5458,
    0x5462, 0x5468, 0x547D, 0x548C, 0x54C1, 0x54E1, 0x5510, 0x5546, 0x554F,
    0x559C, 0x55AE, 0x56B4, 0x56DB, 0x56DE, 0x56E0, 0x56F2, 0x56F4, 0x56FD,
    0x56FE, 0x570B, 0x570D, 0x5716, 0x5728, 0x5730, 0x573A, 0x5742, 0x574A,
    0x574F, 0x57CE, 0x57FA, 0x5831, 0x5834, 0x58D3, 0x58DE, 0x58EB, 0x58F0,
    0x5904, 0x590F, 0x5916, 0x591A, 0x5927, 0x5929, 0x592A, 0x592B, 0x5931,
    0x5934, 0x5939, 0x593E, 0x5973, 0x5979, 0x597D, 0x5982, 0x59CB, 0x59D4,
    0x59DA, 0x59DC, 0x5B50, 0x5B54, 0x5B57, 0x5B59, 0x5B5F, 0x5B66, 0x5B69,
    0x5B6B, 0x5B78, 0x5B83, 0x5B88, 0x5B89, 0x5B8B, 0x5B8C, 0x5B98, 0x5B9A,
    0x5B9E, 0x5BAB, 0x5BAE, 0x5BB3, 0x5BB6, 0x5BB9, 0x5BE6, 0x5BF9, 0x5BFC,
    0x5C06, 0x5C07, 0x5C08, 0x5C0D, 0x5C0E, 0x5C0F, 0x5C11, 0x5C16, 0x5C31,
    0x5C39, 0x5C40, 0x5C46, 0x5C4A, 0x5C55, 0x5C71, 0x5C9B, 0x5CF6, 0x5D14,
    0x5DDD, 0x5DE5, 0x5DF1, 0x5DF2, 0x5E02, 0x5E08, 0x5E26, 0x5E2B, 0x5E38,
    0x5E72, 0x5E73, 0x5E74, 0x5E76, 0x5E7F, 0x5E94, 0x5EA6, 0x5ED6, 0x5EE3,
    0x5EFA, 0x5F00, 0x5F0F, 0x5F15, 0x5F1F, 0x5F20, 0x5F35, 0x5F3A, 0x5F53,
    0x5F62, 0x5F6D, 0x5F71, 0x5F80, 0x5F88, 0x5F8C, 0x5F90, 0x5F97, 0x5FB7,
    0x5FC3, 0x5FC5, 0x5FD7, 0x5FEB, 0x600E, 0x601D, 0x6027, 0x603B, 0x606F,
    0x60C5, 0x60F3, 0x610F, 0x611F, 0x61C9, 0x6210, 0x6211, 0x6216, 0x6218,
    0x6226, 0x6230, 0x6234, 0x623F, 0x6240, 0x624B, 0x624D, 0x6253, 0x6273,
    0x627E, 0x6280, 0x628A, 0x6295, 0x62A5, 0x62BC, 0x62C6, 0x62FF, 0x6301,
    0x6302, 0x6307, 0x6316, 0x6321, 0x636E, 0x63A5, 0x63D0, 0x64CB, 0x64DA,
    0x6536, 0x6539, 0x653B, 0x653E, 0x653F, 0x6559, 0x6570, 0x6578, 0x6587,
    0x65AD, 0x65AF, 0x65B0, 0x65B7, 0x65B9, 0x65E0, 0x65E5, 0x65E9, 0x65F6,
    0x660E, 0x661F, 0x662F, 0x6642, 0x66F4, 0x66F8, 0x66F9, 0x66FE, 0x6700,
    0x6703, 0x6708, 0x6709, 0x670D, 0x671B, 0x671F, 0x6728, 0x672A, 0x672C,
    0x672F, 0x6731, 0x673A, 0x6740, 0x6743, 0x674E, 0x6751, 0x675C, 0x6761,
    0x6765, 0x6768, 0x676F, 0x6771, 0x6781, 0x6797, 0x679C, 0x67EF, 0x6821,
    0x6837, 0x6839, 0x6865, 0x6881, 0x689D, 0x68CB, 0x694A, 0x6975, 0x6A19,
    0x6A23, 0x6A4B, 0x6A5F, 0x6AA2, 0x6B0A, 0x6B21, 0x6B63, 0x6B64, 0x6B65,
    0x6B66, 0x6B72, 0x6B77, 0x6B7B, 0x6B8B, 0x6BB5, 0x6BBA, 0x6BCF, 0x6BD4,
    0x6BDB, 0x6C11, 0x6C14, 0x6C23, 0x6C34, 0x6C42, 0x6C5F, 0x6C64, 0x6C6A,
    0x6C7A, 0x6C88, 0x6CA1, 0x6CA2, 0x6CBB, 0x6CD5, 0x6CFD, 0x6D3B, 0x6D3E,
    0x6D41, 0x6D4E, 0x6D77, 0x6DF1, 0x6E05, 0x6E6F, 0x6EE1, 0x6F58, 0x6FA4,
    0x6FDF, 0x706B, 0x70B9, 0x70BA, 0x7121, 0x7136, 0x718A, 0x722D, 0x7231,
    0x7236, 0x7247, 0x7248, 0x7269, 0x7279, 0x738B, 0x73B0, 0x73FE, 0x7406,
    0x751A, 0x751F, 0x7522, 0x7528, 0x7530, 0x7531, 0x7535, 0x754C, 0x7559,
    0x756A, 0x7576, 0x767C, 0x767D, 0x767E, 0x7684, 0x76C3, 0x76D8, 0x76E4,
    0x76E7, 0x76EE, 0x76F4, 0x76F8, 0x770B, 0x771F, 0x773C, 0x773E, 0x7740,
    0x77E5, 0x77F3, 0x7814, 0x7881, 0x78B0, 0x793A, 0x793E, 0x795E, 0x79BB,
    0x79CD, 0x79D1, 0x79D2, 0x79E6, 0x7A0B, 0x7A2E, 0x7A76, 0x7A7A, 0x7ACB,
    0x7AD9, 0x7AF9, 0x7B11, 0x7B2C, 0x7B49, 0x7B97, 0x7BA1, 0x7BC0, 0x7C98,
    0x7CFB, 0x7D1A, 0x7D27, 0x7D44, 0x7D50, 0x7D71, 0x7D93, 0x7DB2, 0x7DCA,
    0x7E3D, 0x7E8C, 0x7EA2, 0x7EC4, 0x7ECF, 0x7ED3, 0x7ED9, 0x7EDF, 0x7F51,
    0x7F57, 0x7F6E, 0x7F85, 0x7F8E, 0x7FA9, 0x7FBD, 0x8001, 0x8005, 0x800C,
    0x8042, 0x8054, 0x8056, 0x806F, 0x8076, 0x807D, 0x8096, 0x80DC, 0x80E1,
    0x80FD, 0x8138, 0x81EA, 0x81F3, 0x8207, 0x8208, 0x8272, 0x8282, 0x82B1,
    0x82CF, 0x82E5, 0x82F1, 0x8303, 0x83AB, 0x83EF, 0x842C, 0x843D, 0x8449,
    0x8463, 0x848B, 0x8521, 0x8523, 0x856D, 0x859B, 0x85E4, 0x8607, 0x864E,
    0x8655, 0x865F, 0x867D, 0x884C, 0x8853, 0x885D, 0x8868, 0x8881, 0x88AB,
    0x88E1, 0x897F, 0x8981, 0x8983, 0x898B, 0x89AA, 0x89BA, 0x89C0, 0x89C1,
    0x89C2, 0x89C6, 0x89C9, 0x89D2, 0x89E3, 0x8A00, 0x8A31, 0x8A71, 0x8AAA,
    0x8AAD, 0x8AD6, 0x8B1D, 0x8B58, 0x8B5A, 0x8B80, 0x8B8A, 0x8B93, 0x8BA1,
    0x8BA4, 0x8BA9, 0x8BAE, 0x8BB0, 0x8BB8, 0x8BBA, 0x8BBE, 0x8BC6, 0x8BDD,
    0x8BE5, 0x8BED, 0x8BF4, 0x8BF7, 0x8BFB, 0x8C01, 0x8C22, 0x8C2D, 0x8C37,
    0x8C61, 0x8CA0, 0x8CBB, 0x8CBC, 0x8CC0, 0x8CC8, 0x8CEA, 0x8CFD, 0x8D1F,
    0x8D34, 0x8D3A, 0x8D3E, 0x8D44, 0x8D5B, 0x8D70, 0x8D75, 0x8D77, 0x8D8A,
    0x8D99, 0x8DD1, 0x8DDF, 0x8DEF, 0x8DF3, 0x8EAB, 0x8ECA, 0x8ECD, 0x8F49,
    0x8F66, 0x8F6C, 0x8F7B, 0x8FB9, 0x8FBE, 0x8FC7, 0x8FD0, 0x8FD1, 0x8FD8,
    0x8FD9, 0x8FDB, 0x8FDC, 0x8FDE, 0x9019, 0x901A, 0x9020, 0x9023, 0x9032,
    0x903C, 0x904B, 0x904E, 0x9053, 0x9054, 0x9060, 0x9084, 0x908A, 0x9093,
    0x90A3, 0x90B1, 0x90B5, 0x90B9, 0x90CE, 0x90D1, 0x90DD, 0x90E8, 0x90ED,
    0x90FD, 0x9112, 0x9127, 0x912D, 0x91CC, 0x91CD, 0x91CE, 0x91CF, 0x91D1,
    0x91DD, 0x9322, 0x937E, 0x949F, 0x94B1, 0x9577, 0x957F, 0x9580, 0x958B,
    0x9593, 0x95DC, 0x95E8, 0x95EB, 0x95EE, 0x95F4, 0x961F, 0x9645, 0x9646,
    0x9648, 0x9662, 0x9673, 0x9676, 0x9678, 0x968A, 0x969B, 0x96BE, 0x96D9,
    0x96E2, 0x96F7, 0x96FB, 0x9752, 0x975E, 0x9760, 0x9762, 0x9769, 0x97CB,
    0x97D3, 0x97E6, 0x97E9, 0x97F3, 0x97FF, 0x9818, 0x982D, 0x985E, 0x9867,
    0x987E, 0x9886, 0x9898, 0x98A8, 0x98CE, 0x98DB, 0x98DE, 0x9996, 0x9999,
    0x99AC, 0x99AE, 0x9A6C, 0x9AD4, 0x9AD8, 0x9B4F, 0x9EBC, 0x9EC3, 0x9EC4,
    0x9ECE, 0x9ED1, 0x9ED2, 0x9EDE, 0x9EE8, 0x9F8D, 0x9F94, 0x9F99, 0x9F9A,
    0xAC00, 0xAC15, 0xAC1C, 0xAC83, 0xAC8C, 0xACB0, 0xACBD, 0xACC4, 0xACE0,
    0xACF5, 0xACFC, 0xAD6C, 0xAD6D, 0xAD8C, 0xADC0, 0xADF8, 0xAE30, 0xAE40,
    0xAE4C, 0xB098, 0xB0B4, 0xB144, 0xB294, 0xB2E4, 0xB2E8, 0xB300, 0xB3C4,
    0xB3CC, 0xB3D9, 0xB418, 0xB451, 0xB4E4, 0xB77C, 0xB7EC, 0xB85C, 0xB9AC,
    0xB9CC, 0xBA74, 0xBA85, 0xBB34, 0xBB38, 0xBBF8, 0xBC14, 0xBC15, 0xBC18,
    0xBC29, 0xBC31, 0xBCF4, 0xBD80, 0xBD88, 0xBE44, 0xC0AC, 0xC0C1, 0xC0DD,
    0xC11C, 0xC120, 0xC131, 0xC138, 0xC18C, 0xC1A1, 0xC218, 0xC2B9, 0xC2DC,
    0xC2E0, 0xC544, 0xC54C, 0xC5B4, 0xC5C8, 0xC5D0, 0xC5EC, 0xC5F0, 0xC624,
    0xC694, 0xC6B0, 0xC6D0, 0xC704, 0xC720, 0xC724, 0xC73C, 0xC744, 0xC758,
    0xC774, 0xC778, 0xC77C, 0xC784, 0xC788, 0xC790, 0xC7A5, 0xC801, 0xC804,
    0xC815, 0xC81C, 0xC870, 0xC8FC, 0xC911, 0xC9C0, 0xC9C4, 0xC9D1, 0xCD5C,
    0xD328, 0xD504, 0xD558, 0xD55C, 0xD560, 0xD574, 0xD638, 0xD64D, 0xD654,
    0xD669, 0xD68C, 0xD751,
};

static bool is_frequent(unsigned cp)
{
    size_t lo = 0, hi = sizeof frequent / sizeof frequent[0];
    if (cp >= 0x3041 && cp <= 0x30FA)
        return true;                  /* kana */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (frequent[mid] == cp)
            return true;
        if (frequent[mid] < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

static bool is_letter(unsigned char c)
{
    return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

/* ISO-8859-1 / Windows-1252 letters (not x, not the division sign). */
static bool latin_letter(unsigned char c)
{
    return c >= 0xC0 && c != 0xD7 && c != 0xF7;
}

/* Latin reading: accented letters come one or two at a time inside
 * words. Long runs of high bytes, runs that touch no ASCII letter and
 * two-byte runs that are not two letters count against it; runs of
 * letters with ASCII letters on both sides ("Müller") for it. */
static void latin_score(const unsigned char *s, size_t n, score *sc)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] < 0x80)
            continue;
        size_t j = i;
        while (j < n && s[j] >= 0x80)
            j++;
        size_t len = j - i;
        bool left = i > 0 && is_letter(s[i - 1]);
        bool right = j < n && is_letter(s[j]);
        bool letters = latin_letter(s[i])
                       && (len == 1 || latin_letter(s[i + 1]));
        if (len >= 3)
            sc->bad += len;
        else if (!left && !right)
            sc->bad++;
        else if (!letters && len == 2)
            sc->bad++;
        else if (letters && left && right)
            sc->good += len;
        i = j;
    }
}

/* Length of the character at s[i] (s[i] >= 0x80) in a two-byte CJK
 * charset that decoded the text; adds its weight to *bad when it lies
 * outside the charset's common repertoire. */
static size_t cjk_unit(sgf__cs_family fam, const unsigned char *s,
                       size_t i, size_t n, size_t *bad)
{
    unsigned b = s[i], t = i + 1 < n ? s[i + 1] : 0;
    if (b == 0x80 || b == 0xFF)
        return 1;                     /* C1 or invalid: see code_points */
    switch (fam) {
    case SGF__CSF_GB:
        if (t >= 0x30 && t <= 0x39) {
            *bad += HEAVY;            /* four-byte GB18030 */
            return 4;
        }
        *bad += b < 0xA1 || t < 0xA1;  /* outside GB2312 */
        return 2;
    case SGF__CSF_SJIS:
        if (b >= 0xA1 && b <= 0xDF) {
            *bad += 1;                /* half-width katakana */
            return 1;
        }
        *bad += (b >= 0xED && b <= 0xEE) || b >= 0xFA;  /* NEC/IBM */
        return 2;
    case SGF__CSF_BIG5:
        *bad += b < 0xA1 || (b == 0xF9 && t >= 0xD6);  /* ETEN boxes */
        return 2;
    default: /* SGF__CSF_UHC */
        *bad += b < 0xA1 || t < 0xA1;  /* UHC extension syllables */
        return 2;
    }
}

/* CJK reading: characters outside the common repertoire, and characters
 * that look like an accented letter inside a Latin word: ASCII letters
 * on both sides of the lead byte (the one before may be the trail of the
 * previous character, the one after may be its own trail), or a trail
 * that is a letter followed by another ("s\xA4h\xA4n" is "s¤h¤n", not
 * Big5 "s士孓"; "\xC5sa" is "Åsa", not "彎a"). */
static size_t cjk_bad(sgf__cs_family fam, const unsigned char *s, size_t n,
                      size_t *glued)
{
    size_t bad = 0, i = 0;
    while (i < n) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        bool left = i > 0 && is_letter(s[i - 1]);
        size_t len = cjk_unit(fam, s, i, n, &bad);
        size_t end = i + len < n ? i + len : n;
        bool trail = len == 2 && end == i + 2 && is_letter(s[i + 1]);
        bool next = end < n && is_letter(s[end]);
        if ((left && (trail || next)) || (trail && next)) {
            bad++;
            ++*glued;
        }
        i = end;
    }
    return bad;
}

/* CP950 reads the Big5 bytes C6A1-C8FE, which Big5 leaves to vendors
 * and the ETEN extension fills (kana, Cyrillic, circled numbers), as the
 * private-use points U+F6B1-U+F848, one after another: real Big5 text
 * holds them, so for Big5 they are no sign of a wrong label. */
enum { BIG5_ETEN_FIRST = 0xF6B1, BIG5_ETEN_LAST = 0xF848 };

/* Decoded code points (fam: the family of the charset they were read
 * with): C1 controls and private use weigh heavy, supplementary planes
 * light; frequent characters count for. */
static void code_points(sgf__cs_family fam, const unsigned char *u,
                        size_t n, score *sc)
{
    size_t i = 0;
    while (i < n) {
        unsigned c = u[i], cp;
        size_t len = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        if (i + len > n)
            return;
        i += len;
        if (len == 1)
            continue;
        cp = c & (0x7Fu >> len);
        for (size_t k = i - len + 1; k < i; k++)
            cp = (cp << 6) | (u[k] & 0x3Fu);
        sc->chars++;
        if (fam == SGF__CSF_BIG5 && cp >= BIG5_ETEN_FIRST
            && cp <= BIG5_ETEN_LAST)
            continue;                 /* an ETEN character */
        if (cp < 0xA0 || (cp >= 0xE000 && cp <= 0xF8FF) || cp >= 0xF0000) {
            sc->bad += HEAVY;
            sc->strong++;
        }
        else if (cp >= 0x10000)
            sc->bad++;
        else if (is_frequent(cp))
            sc->good++;
    }
}

/* The game's texts as each kind of two-byte scanning reads them (see
 * sgf__charset_choose_kinds): tk[kind][0..ntexts). */
typedef const sgf_str *const texts_by_kind[3];

/* Decode every text with sc->cs (into scratch) and score the reading;
 * the texts are those read with the two-byte kind of sc->cs, the bytes
 * the conversion will see. */
static int score_texts(sgf__conv *cv, texts_by_kind tk, size_t ntexts,
                       sgf__buf *scratch, score *sc)
{
    sgf__cs_family fam = sgf__charset_family(sc->cs);
    const sgf_str *texts = tk[sgf__charset_pair_kind(sc->cs)];
    sc->ok = sc->chars = sc->bad = sc->good = sc->strong = 0;
    for (size_t i = 0; i < ntexts; i++) {
        const unsigned char *s = (const unsigned char *)texts[i].ptr;
        scratch->len = 0;
        int r = sgf__conv_to_utf8(cv, sc->cs, texts[i].ptr, texts[i].len,
                                  scratch);
        if (r == SGF_ENOMEM)
            return r;
        if (r != 0)
            continue;
        sc->ok++;
        code_points(fam, (const unsigned char *)scratch->ptr, scratch->len,
                    sc);
        if (fam == SGF__CSF_LATIN || fam == SGF__CSF_CP1252)
            latin_score(s, texts[i].len, sc);
        else if (fam >= SGF__CSF_GB && fam <= SGF__CSF_UHC)
            sc->bad += cjk_bad(fam, s, texts[i].len, &sc->strong);
    }
    return 0;
}

/* Plausible: at most one unlikely character in four. */
static bool plausible(const score *sc)
{
    return sc->bad * 4 <= sc->chars;
}

/* a reads the texts better than b: (good - bad) / chars is higher. */
static bool better(const score *a, const score *b)
{
    double na = ((double)a->good - (double)a->bad) * (double)b->chars;
    double nb = ((double)b->good - (double)b->bad) * (double)a->chars;
    return na > nb;
}

/* --- the choice -------------------------------------------------------- */

typedef struct detect {
    const char *cs;
    bool strong;       /* UTF-8, or a plausible reading */
    size_t utf8_ok;    /* texts that are valid UTF-8 */
    score best;        /* the reading of cs (not for UTF-8) */
} detect;

/* Texts that are valid UTF-8 (read without two-byte pairing, as UTF-8
 * is). */
static size_t count_utf8(texts_by_kind tk, size_t ntexts)
{
    size_t k = 0;
    for (size_t i = 0; i < ntexts; i++)
        k += sgf__utf8_valid(tk[0][i].ptr, tk[0][i].len);
    return k;
}

/* Some text holds a byte 0x80..0x9F. */
static bool has_c1(texts_by_kind tk, size_t ntexts)
{
    for (size_t i = 0; i < ntexts; i++)
        for (size_t k = 0; k < tk[0][i].len; k++)
            if ((unsigned char)tk[0][i].ptr[k] >= 0x80
                && (unsigned char)tk[0][i].ptr[k] < 0xA0)
                return true;
    return false;
}

/* Windows-1252 when some text holds 0x80..0x9F and Windows-1252 decodes
 * every text (what Windows writers mean by "Latin-1"), else ISO-8859-1. */
static int latin_choice(sgf__conv *cv, texts_by_kind tk, size_t ntexts,
                        sgf__buf *scratch, const char **cs)
{
    *cs = CS_LATIN1;
    if (!has_c1(tk, ntexts))
        return 0;
    score sc = { CS_CP1252, 0, 0, 0, 0, 0 };
    int r = score_texts(cv, tk, ntexts, scratch, &sc);
    if (r == 0 && sc.ok == ntexts)
        *cs = CS_CP1252;
    return r;
}

/* The detection order, refined by plausibility: UTF-8
 * when every text is valid UTF-8; else, of GB18030, CP932, CP950, CP949
 * and Latin-1 (last), the reading that decodes every text with the best
 * score (earlier wins ties). */
static int run_detect(sgf__conv *cv, texts_by_kind tk, size_t ntexts,
                      sgf__buf *scratch, detect *d)
{
    static const char *const order[] = { "GB18030", "CP932", "CP950",
                                         "CP949" };
    d->utf8_ok = count_utf8(tk, ntexts);
    d->cs = CS_UTF8;
    d->strong = true;
    d->best.cs = NULL;
    if (d->utf8_ok == ntexts)
        return 0;
    score best = { NULL, 0, 0, 0, 0, 0 };
    int r = latin_choice(cv, tk, ntexts, scratch, &best.cs);
    if (r == 0)
        r = score_texts(cv, tk, ntexts, scratch, &best);
    for (size_t i = sizeof order / sizeof order[0]; r == 0 && i-- > 0;) {
        score sc = { order[i], 0, 0, 0, 0, 0 };
        r = score_texts(cv, tk, ntexts, scratch, &sc);
        if (r == 0 && sc.ok == ntexts && !better(&best, &sc))
            best = sc;
    }
    d->cs = best.cs;
    d->strong = plausible(&best);
    d->best = best;
    return r;
}

/* Unlikely characters (score.bad) a declared two-byte charset that
 * decodes every text must read before another charset is taken instead,
 * when none of them is one that no real text holds (score.strong): a few
 * rare characters are a name's (GBK's 堃, CP932's 髙), not a wrong label;
 * a record mislabelled that way reads as many. */
enum { MISMATCH_EVIDENCE = 8 };

/* Does the declared charset (which decodes every text) fit? A
 * single-byte charset does not when every text is valid UTF-8 (they hold
 * bytes >= 0x80, so multibyte sequences); a multibyte one does not when
 * its reading is implausible and detection finds a plausible one: UTF-8
 * (every text valid UTF-8), or another charset where the declared one
 * reads a character no real text holds, or MISMATCH_EVIDENCE unlikely
 * ones. */
static int declared_fits(sgf__conv *cv, const score *sd, texts_by_kind tk,
                         size_t ntexts, sgf__buf *scratch,
                         const char **other)
{
    sgf__cs_family fam = sgf__charset_family(sd->cs);
    *other = NULL;
    if (fam == SGF__CSF_LATIN || fam == SGF__CSF_CP1252
        || fam == SGF__CSF_SINGLE) {
        if (count_utf8(tk, ntexts) == ntexts)
            *other = CS_UTF8;
        return 0;
    }
    if (fam == SGF__CSF_UTF8 || fam == SGF__CSF_WIDE || plausible(sd))
        return 0;
    detect d;
    int r = run_detect(cv, tk, ntexts, scratch, &d);
    if (r == 0 && d.strong && strcmp(d.cs, sd->cs) != 0
        && (d.utf8_ok == ntexts || sd->strong > 0
            || sd->bad >= MISMATCH_EVIDENCE))
        *other = d.cs;
    return r;
}

/* Some text holds bytes >= 0x80 and is valid UTF-8: multibyte
 * sequences, which text in another charset almost never forms. */
static bool real_utf8(texts_by_kind tk, size_t ntexts)
{
    for (size_t i = 0; i < ntexts; i++)
        if (!sgf__is_ascii(tk[0][i].ptr, tk[0][i].len)
            && sgf__utf8_valid(tk[0][i].ptr, tk[0][i].len))
            return true;
    return false;
}

static int choose_declared(sgf__conv *cv, const char *dcs, texts_by_kind tk,
                           size_t ntexts, sgf__buf *scratch,
                           const char **chosen)
{
    score sd = { dcs, 0, 0, 0, 0, 0 };
    const char *other;
    detect d;
    *chosen = dcs;
    if (sgf__charset_family(dcs) == SGF__CSF_UTF8
        && count_utf8(tk, ntexts) == ntexts)
        return SGF__CS_DECLARED;      /* the common case, no copying */
    int r = score_texts(cv, tk, ntexts, scratch, &sd);
    if (r == 0 && sd.ok == ntexts) {
        r = declared_fits(cv, &sd, tk, ntexts, scratch, &other);
        if (r == 0 && other != NULL)
            *chosen = other;
        if (r == 0 && other == NULL
            && sgf__charset_family(dcs) == SGF__CSF_LATIN)
            r = latin_choice(cv, tk, ntexts, scratch, chosen);
        return r != 0 ? r : other != NULL ? SGF__CS_MISMATCH
                                            : SGF__CS_DECLARED;
    }
    /* declared UTF-8 that real UTF-8 text confirms stays: the texts it
     * does not decode are damaged (a UTF-8 file with one pasted GBK
     * comment; a file written back after NONE_FITS), not the file's
     * charset */
    if (r == 0 && sgf__charset_family(dcs) == SGF__CSF_UTF8
        && real_utf8(tk, ntexts))
        return SGF__CS_NONE_FITS;
    if (r == 0)
        r = run_detect(cv, tk, ntexts, scratch, &d);
    if (r != 0)
        return r;
    /* the declared charset decodes some texts: it stays unless another
     * reads them all, and better (a file written back after NONE_FITS
     * holds UTF-8 text and the undecodable bytes as they were, which
     * some CJK charset may read plausibly, but as worse text) */
    if (sd.ok > 0 && (!d.strong
                      || (d.best.cs != NULL && !better(&d.best, &sd))))
        return SGF__CS_NONE_FITS;
    *chosen = d.cs;
    return SGF__CS_MISMATCH;
}

static int choose_undeclared(sgf__conv *cv, texts_by_kind tk, size_t ntexts,
                             sgf__buf *scratch, const char **chosen)
{
    detect d;
    int r = run_detect(cv, tk, ntexts, scratch, &d);
    if (r != 0)
        return r;
    *chosen = d.cs;
    if (!d.strong && d.utf8_ok > 0 && 2 * d.utf8_ok >= ntexts) {
        *chosen = CS_UTF8;
        return SGF__CS_NONE_FITS;
    }
    return sgf__charset_family(d.cs) == SGF__CSF_LATIN ? SGF__CS_DEFAULT
                                                       : SGF__CS_GUESSED;
}

static bool blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n')
            return false;
    return true;
}

int sgf__charset_choose_kinds(sgf__conv *cv, const char *declared,
                              size_t declared_len,
                              const sgf_str *const texts[3], size_t ntexts,
                              const char **chosen)
{
    sgf__buf scratch = SGF__BUF_INIT;
    int r;
    *chosen = CS_LATIN1;
    if (declared == NULL || blank(declared, declared_len)) {
        r = ntexts == 0 ? SGF__CS_DEFAULT
                        : choose_undeclared(cv, texts, ntexts, &scratch,
                                            chosen);
    } else {
        const char *dcs = sgf__charset_canonical(declared, declared_len);
        if (dcs == NULL) {
            r = ntexts == 0 ? 0 : choose_undeclared(cv, texts, ntexts,
                                                    &scratch, chosen);
            if (r >= 0)
                r = SGF__CS_UNKNOWN_NAME;
        } else if (ntexts == 0) {
            *chosen = dcs;
            r = SGF__CS_DECLARED;
        } else {
            r = choose_declared(cv, dcs, texts, ntexts, &scratch, chosen);
        }
    }
    sgf__buf_release(&scratch);
    *chosen = sgf__charset_static(*chosen);
    return r;
}

int sgf__charset_choose(sgf__conv *cv, const char *declared,
                        size_t declared_len, const sgf_str *texts,
                        size_t ntexts, const char **chosen)
{
    const sgf_str *const tk[3] = { texts, texts, texts };
    return sgf__charset_choose_kinds(cv, declared, declared_len, tk, ntexts,
                                     chosen);
}
