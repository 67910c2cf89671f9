/*
 * tree_int.h - the representation behind sgf/tree.h, shared by the parser
 * (parse.c), the property layer (props.c, check.c), the charset module and
 * the writer. Not installed.
 */
#ifndef SGF_TREE_INT_H
#define SGF_TREE_INT_H

#include <stdatomic.h>
#include <pthread.h>
#include <sgf/tree.h>
#include <sgf/parse.h>
#include "arena_int.h"
#include "codes_int.h"

/* value flags */
enum {
    SGF__V_UNDECODABLE = 1u << 0,  /* text bytes decode in no charset */
    SGF__V_BACKSLASH = 1u << 2,    /* raw holds a '\\' byte (set by the
                                      parser; without it nothing in raw
                                      is escaped) */
    SGF__V_AS_WRITTEN = 1u << 3    /* text is raw, escapes and all: an
                                      escaped ':' in a composed value
                                      read from its text (decode.c
                                      escaped_separator); written back
                                      as it is */
};

typedef struct sgf__value {
    uint32_t offset;     /* offset of '[' */
    uint32_t flags;      /* SGF__V_* */
    sgf_str raw;         /* between the brackets, escapes as written;
                            points into the collection's input copy */
    sgf_str text;        /* decoded (see sgf_prop_text); until the property
                            layer ran: same as raw */
} sgf__value;

/* prop flags */
enum {
    SGF__P_LOWERCASE = 1u << 0,   /* identifier had lowercase letters */
    SGF__P_DUPLICATE = 1u << 1,   /* merged with a later repetition;
                                     dup_offset = that repetition */
    SGF__P_SYNTHETIC = 1u << 2    /* made by recovery, not in the input */
};

struct sgf_prop {
    sgf_prop *next;
    const char *ident;       /* canonical: uppercase letters, NUL-ended */
    sgf_str ident_raw;       /* as written */
    uint32_t offset;         /* identifier's first byte */
    uint32_t dup_offset;     /* first repetition, if SGF__P_DUPLICATE */
    uint16_t id;             /* sgf_prop_id */
    uint16_t flags;          /* SGF__P_* */
    uint32_t nvalues;
    sgf__value *values;
};

struct sgf_node {
    sgf_node *parent;
    sgf_node *child;         /* first child */
    sgf_node *sibling;       /* next sibling */
    sgf_prop *props;         /* first property, file order */
    uint32_t offset;         /* ';' (or first property if ';' missing) */
    uint32_t nprops;
    /* A node read as one move, ";B[pd]" (two letters, one value): its
     * colour (SGF_BLACK, SGF_WHITE; 0 for every other node) and the
     * letters' columns as SGF counts them ('a' = 0, 'A' = 26; whether
     * the point is on the board, or the pass "tt", is for the reader to
     * say). The move is the node's first property. When a property the
     * replay acts on joins the node (B, W, KO, AB, AW, AE, PL: see
     * sgf__replay_acts_on), the parser clears move_color, so a node with
     * move_color set plays as that move whatever else it holds (BL[],
     * C[], markup); with nprops 1 it is exactly the move. */
    uint8_t move_color;
    sgf_point move_point;
};

/* Properties the replay acts on in a move node (replay.c,
 * process_node_props): any other may sit beside a one-move node without
 * changing how it plays. */
static inline bool sgf__replay_acts_on(unsigned id)
{
    return id == SGF_PROP_B || id == SGF_PROP_W || id == SGF_PROP_KO
           || id == SGF_PROP_AB || id == SGF_PROP_AW || id == SGF_PROP_AE
           || id == SGF_PROP_PL;
}

/* The syntax faults the writing repairs, which the parser keeps per game
 * (sgf_game.faults) whatever the cap on diagnostics, and the repair
 * names: each diagnostic code with what the writing does with it. */
#define SGF__SYNTAX_FAULTS(X)                                              \
    X(UNCLOSED_VALUE, "the value closed at the end of the file")           \
    X(UNCLOSED_TREE, "the game tree closed")                               \
    X(MISSING_SEMICOLON, "';' inserted")                                   \
    X(MISSING_OPEN, "'(' inserted")                                        \
    X(EMPTY_TREE, "the empty game tree left out")                          \
    X(STRAY_VALUE, "the value without identifier left out")                \
    X(UNEXPECTED_CHAR, "the characters left out, or a node after the "    \
                       "variations of its node written as the variation " \
                       "it was read as")                                   \
    X(MISSING_VALUE, "the identifier without value left out")              \
    X(STRAY_BRACKET, "the stray ']' left out")

/* A syntax fault's slot: its place in SGF__SYNTAX_FAULTS. */
enum {
#define SGF__X(code, what) SGF__SF_##code,
    SGF__SYNTAX_FAULTS(SGF__X)
#undef SGF__X
    SGF__SYNTAX_SLOTS
};

/* The slot of diagnostic code `code`, or -1 for a code that is not one
 * of SGF__SYNTAX_FAULTS. */
static inline int sgf__syntax_slot(int code)
{
    switch (code) {
#define SGF__X(c, what) case SGF_D_##c: return SGF__SF_##c;
    SGF__SYNTAX_FAULTS(SGF__X)
#undef SGF__X
    default: return -1;
    }
}

/* Syntax faults of a game, SGF__FAULT_CHUNK to a chunk: where each is
 * and its sgf__syntax_slot. */
enum { SGF__FAULT_CHUNK = 64 };
typedef struct sgf__fault_chunk {
    uint32_t at[SGF__FAULT_CHUNK];
    uint8_t slot[SGF__FAULT_CHUNK];
    uint32_t n;
    struct sgf__fault_chunk *next;
} sgf__fault_chunk;

struct sgf_game {
    sgf_collection *coll;
    sgf_node *root;
    uint32_t index;
    uint32_t offset;         /* the '(' */
    uint32_t end;            /* one past the ')' (or end of input) */
    int ff;                  /* FF[] or 0 (none, or one naming no
                                format) */
    int ff_checked;          /* the format the checks apply: ff, or 4
                                for an FF[] that names none (FF[5]) */
    int gm;                  /* GM[] or 1 */
    int width, height;       /* from SZ (19x19 default) */
    const char *charset;     /* charset the text was decoded from */
    uint8_t mb_lex;          /* the two-byte-safe scanning values were
                                lexed with: SGF__MB_* of props_int.h,
                                0 = none, 1 = Shift_JIS (CP932) leads,
                                2 = GBK/GB18030/Big5 leads */
    int8_t cs_verdict;       /* sgf__charset_verdict of charset */
    /* Read a second time, lexed for the charset the first reading chose
     * (parse.c, relex): that charset, taken as it is, and its verdict;
     * NULL on a first reading. */
    const char *relex_cs;
    int8_t relex_verdict;
    /* Syntax faults the parser met in the game (sgf__syntax_slot), in
     * file order: every one, whatever the cap on diagnostics, so that the
     * repair names each at its place. */
    sgf__fault_chunk *faults, *faults_tail;
};

/* Where a block of SGF__LINE_BLOCK input bytes starts: its line (from
 * 1), the offset where that line starts, the start of the line before
 * (for the second byte of a CRLF/LFCR pair), and a pending line break
 * byte that the block's first byte may pair with. (linepos.c) */
enum { SGF__LINE_BLOCK = 256, SGF__MARK_PAGE = 1024, SGF__MARKS_INLINE = 16 };
typedef struct sgf__linemark {
    uint32_t line;
    uint32_t start, prev_start;
    char pending;
} sgf__linemark;

/* The diagnostics an input gave, by code (a code past the cap is left
 * out of the list, only counted), and what was left out since the list
 * was last emptied and in all. (diag.c) */
typedef struct sgf__diag_state {
    uint32_t seen[SGF__D_COUNT];
    sgf_diag_counts left_out, left_out_all;
} sgf__diag_state;

/* A place of the SGF a collection was read from, rebuilt from an XML
 * document, and the place in the document it comes from. */
typedef struct sgf__posmark {
    size_t out;
    sgf_pos at;
} sgf__posmark;

struct sgf_collection {
    sgf__arena arena;
    const char *input;       /* copy of the input, NUL after the end */
    size_t input_len;
    /* Read from XML: the places of input (in order) and where in the
     * document each comes from; sgf_collection_pos gives those (the
     * document's line, column and byte), not the rebuilt SGF's. */
    const sgf__posmark *posmap;
    size_t nposmap;
    /* A large file read one game tree at a time is mapped, not copied
     * (read.c): the mapping, and how much of it, from its start, has
     * been handed back to the kernel (the pages of games released; they
     * are read again from the file if touched). */
    void *map;
    size_t map_len, map_dropped;
    /* The games held, by slot (sgf__game_slot): game i in games[i],
     * unless games_skip is not 0 (a part of a larger input, a game of a
     * document handed alone): then games[0] is game 0 and games[k], k >=
     * 1, is game k + games_skip, the games between having no slot (a
     * slot for each would cost the index of the game, for every part or
     * game read). ngames: the index the next game gets. */
    sgf_game **games;
    size_t ngames, games_cap, games_skip;
    sgf_diag *diags;         /* heap array (grown with realloc) */
    size_t ndiags, diags_cap;
    /* Line:column of each block of the input (linepos.c), built lazily
     * as far as positions are asked for, from any thread: in pages of
     * SGF__MARK_PAGE marks that never move, built under marks_lock;
     * nmarks is published with release order, so that a reader that
     * sees it reads the marks below it without the lock. */
    sgf__linemark **mark_pages;   /* npages, or &page0 for one page */
    sgf__linemark *page0;
    size_t npages;
    size_t marks_forgotten;  /* mark pages [0, this) freed: a game-by-game
                                reading of a mapped input went past them */
    size_t marks_from;       /* no mark below this block: a part of the
                                input read from a cut (sgf__linepos_seed) */
    _Atomic size_t nmarks;
    pthread_mutex_t marks_lock;
    bool marks_single;       /* while the parse runs (one thread): the
                                lock is not taken */
    sgf_parse_options opts;
    sgf__diag_state dstate;
    unsigned max_diags;      /* of each code per input (opts, or the
                                default) */
    sgf_diag left_slot;      /* what adding a left-out diagnostic
                                returns */
    /* The caller's on_diag is not called for now (a game that may be
     * read again, parse.c): sgf__diag_release calls it later. */
    bool diag_hold;
    int status;              /* first SGF_ENOMEM met while reading */
    /* A replayer kept for sgf_repair_game's look at setup (replay.c
     * sgf__replay_no_effect), so that repairing game after game of an
     * input makes one, not one a game (each took and gave back some
     * 100 KiB: the heap grew and shrank by system call every game);
     * freed with the collection by cached_free. */
    void *cached_replay;
    void (*cached_free)(void *);
    sgf_game_fn each;        /* sgf_parse_*_each: called per game, or NULL */
    void *each_payload;
    bool each_stopped;       /* each returned nonzero */
    /* The charset each game is read in, by game index (NULL entries,
     * and games past the end, take opts.charset): the XML reader's
     * games, each of its own recorded charset. Not owned. */
    const char *const *force_cs;
    size_t nforce_cs;
    /* One part of the input (sgf_parse_fd_part): from the cut part_cut
     * (NULL: the input's start) up to a game tree starting at or after
     * part_stop; where it ended goes to *part_end (may be NULL). While
     * the first game tree is read quietly by a part from a cut,
     * part_quiet. */
    bool part;
    bool part_quiet;
    const struct sgf_cut *part_cut;
    size_t part_stop;
    struct sgf_part_end *part_end;
    /* Not cleared when the collection is made (collection_new clears
     * the members above): */
    sgf__linemark marks_inline[SGF__MARKS_INLINE];   /* page0 of an
                                        input of 4 KiB or less */
};

/* sgf_parse_buffer, game i read in charset cs[i] whatever it declares
 * (i < ncs and cs[i] not NULL; the others as opts says): what the XML
 * reader needs to read back games of several charsets as one collection,
 * each as it was read. cs is not kept past the call. (read.c) */
int sgf__parse_buffer_forced(sgf_collection **out, const char *buf,
                             size_t len, const sgf_parse_options *opts,
                             const char *const *cs, size_t ncs);

/* The node after n in pre-order (document order), or NULL after the
 * last one: the walk of a whole tree without recursion. */
static inline sgf_node *sgf__preorder_next(const sgf_node *n)
{
    if (n->child != NULL)
        return n->child;
    while (n != NULL && n->sibling == NULL)
        n = n->parent;
    return n != NULL ? n->sibling : NULL;
}

/* The charset game i is to be read in whatever it declares: the
 * caller's for this game (force_cs), else the caller's for all
 * (opts.charset), else NULL (CA[] and detection decide). */
static inline const char *sgf__forced_charset(const sgf_collection *c,
                                              size_t i)
{
    if (c->force_cs != NULL && i < c->nforce_cs && c->force_cs[i] != NULL)
        return c->force_cs[i];
    return c->opts.charset;
}

/* Add a diagnostic with a printf message; severity from the code's table
 * entry, FF[4] form when ff4. pos from offset (line/col computed). game is
 * the game index or -1. Returns the diag (in the list) or NULL on
 * ENOMEM (c->status set). */
sgf_diag *sgf__diag_add(sgf_collection *c, int game, sgf_diag_code code,
                        bool ff4, size_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* Same, without a position. */
sgf_diag *sgf__diag_add_nopos(sgf_collection *c, int game,
                              sgf_diag_code code, bool ff4,
                              const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* The general form: proto gives code, game, pos.offset and the move
 * fields (move_number, color, has_point, pass, point); severity and
 * critical come from the code table (FF[4] form when ff4), critical also
 * from proto (a diagnostic critical where its code is not always, such
 * as unexpected-char over text); line/column
 * are computed from pos.offset when has_pos. The on_diag callback sees
 * the finished diagnostic. Returns the diag (in the list; valid until the
 * next diagnostic is added) or NULL on ENOMEM (c->status set). */
sgf_diag *sgf__diag_emit(sgf_collection *c, const sgf_diag *proto,
                         bool ff4, bool has_pos, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Save and restore the counts of sgf__diag_state (a game read again
 * forgets its diagnostics); call the caller's on_diag for the
 * diagnostics from index from on (they were held). */
void sgf__diag_state_save(const sgf_collection *c, sgf__diag_state *st);
void sgf__diag_state_restore(sgf_collection *c, const sgf__diag_state *st);
void sgf__diag_release(sgf_collection *c, size_t from);
/* The list was emptied (sgf_parse_*_each, after each game). */
void sgf__diag_list_emptied(sgf_collection *c);

/* True when the game's file counts as FF[4] for severities: FF[4] given
 * explicitly, or an FF[] that names no format (checked as FF[4]). Files
 * without FF are checked as FF[4] but take FF[3] forms with warnings. */
static inline bool sgf__game_ff4(const sgf_game *g)
{
    return g->ff_checked == 4;
}

/* Ids of one- and two-capital identifiers: [(first - 'A' + 1) * 27 +
 * (second - 'A' + 1, or 0)] (props.c). */
extern const unsigned char sgf__prop_by_letters[27 * 27];

/* The line table's lock, made with the collection and destroyed with it
 * (linepos.c). 0 or SGF_ENOMEM. */
int sgf__linepos_init(sgf_collection *c);
void sgf__linepos_release(sgf_collection *c);

/* Read c->input into game trees, running the property layer on each
 * finished game (parse.c). Returns c->status: 0 or SGF_ENOMEM. */
int sgf__parse_run(sgf_collection *c);

/* The property layer: run by the parser on each finished game unless
 * SGF_PARSE_SYNTAX_ONLY. Reads FF, GM, SZ, CA; picks the charset; decodes
 * every value; runs the placement and value checks. Returns 0 or
 * SGF_ENOMEM. (props.c / check.c) */
int sgf__props_game(sgf_collection *c, sgf_game *g);

/* Unescape a raw value (FF[4] spec 3.2): '\' + char -> char; '\' + line
 * break -> removed (soft break) for text types. For SGF_VT_TEXT, other
 * whitespace than line breaks becomes a space and line breaks (CR, LF,
 * CRLF, LFCR) become "\n"; for SGF_VT_SIMPLETEXT every line break becomes a
 * space too; other types only lose the escapes. mb: the two-byte kind the
 * value was lexed with (sgf_game.mb_lex): a lead byte starts a two-byte
 * character whose second byte is never an escape. Appends to out. 0 or
 * SGF_ENOMEM.
 * (text.c) */
int sgf__unescape(sgf__buf *out, sgf_str raw, sgf_value_type vt, int mb);

/* read.c: the pages of a mapped input before offset `end` are handed
 * back to the kernel (one game tree at a time, after each game): memory
 * stays that of the game being read, whatever the file's size. Nothing
 * when the input is not mapped. The bytes stay readable (a mapped file's
 * page is read again when touched). */
void sgf__input_release(sgf_collection *c, size_t end);
/* The pages of a mapped input that lie wholly in [from, to) handed back
 * now, whatever was read of it (a scan ahead of the parse). */
void sgf__input_drop(sgf_collection *c, size_t from, size_t to);
/* The mapping undone (sgf_collection_free). */
void sgf__input_unmap(sgf_collection *c);
/* Map size bytes of fd as the collection's input, with a NUL after the
 * end (the page after the file is anonymous, zero). 0, or -1 when the
 * mapping cannot be made (the caller then reads the file; always -1
 * where inputs are not mapped). input_map.c. */
int sgf__input_map(sgf_collection *c, int fd, size_t size);

/* linepos.c: m, the line state at the start of block `from`, stepped
 * over the whole blocks of s up to the start of block `to` (as the marks
 * of a collection are made). */
void sgf__linemark_blocks(sgf__linemark *m, const char *s, size_t from,
                          size_t to);
/* linepos.c: positions from block b on are found from m, the line state
 * at that block's start (made by sgf__linemark_blocks over the same
 * bytes); those before it have no line (0). Called before any position
 * of the collection is asked. 0 or SGF_ENOMEM. */
int sgf__linepos_seed(sgf_collection *c, size_t b, const sgf__linemark *m);
/* linepos.c: the line state at the start of block b (made now if it
 * was not). SGF_OK, SGF_ENOMEM, or SGF_EINVAL when the marks there were
 * forgotten or never made (before a part's cut). */
int sgf__linepos_mark(sgf_collection *c, size_t b, sgf__linemark *m);

/* linepos.c: the line marks of the blocks before offset are freed (a
 * game-by-game reading that has handed that input back); a position
 * asked there afterwards has no line (0). The parse's thread only. */
void sgf__linepos_forget(sgf_collection *c, size_t offset);

/* The slot of game index i in c->games (see games_skip), or SIZE_MAX
 * when it has none. */
static inline size_t sgf__game_slot(const sgf_collection *c, size_t i)
{
    if (i >= c->ngames)
        return SIZE_MAX;
    if (i == 0 || c->games_skip == 0)
        return i;
    return i > c->games_skip ? i - c->games_skip : SIZE_MAX;
}

#endif
