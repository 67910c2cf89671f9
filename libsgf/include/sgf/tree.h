/*
 * sgf/tree.h - the parsed form of an SGF file: a collection of game trees
 * made of nodes, each holding properties with one or more values (SGF FF[4]
 * spec, section 2 "Basic (EBNF) Definition").
 *
 * Ownership, once for the whole header: a collection owns all of its memory
 * (one arena). Every pointer or sgf_str a getter here returns is borrowed
 * and stays valid until sgf_collection_free(). Nothing here is freed on its
 * own. A collection may be read from several threads at once (positions
 * included: sgf_collection_pos builds its line table under the
 * collection's lock); it is not safe to read it while another thread
 * frees it or adds diagnostics to it.
 *
 * Const: the getters take const pointers and give const ones (a game,
 * node or property is read through this header, never changed; the tree
 * is changed only by the library, while reading). Programs written for
 * the earlier non-const returns compile with a qualifier warning and run
 * unchanged: the ABI is the same.
 */
#ifndef SGF_TREE_H
#define SGF_TREE_H

#include <sgf/types.h>
#include <sgf/diag.h>
#include <sgf/props.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sgf_collection sgf_collection;
typedef struct sgf_game sgf_game;
typedef struct sgf_node sgf_node;
typedef struct sgf_prop sgf_prop;

/* Free a collection and everything it owns. NULL is a no-op. */
SGF_API void sgf_collection_free(sgf_collection *c);

/* Number of game trees (the top-level "(...)"s) and the i-th one (0-based);
 * NULL when i is out of range. */
SGF_API size_t sgf_collection_game_count(const sgf_collection *c);
SGF_API const sgf_game *sgf_collection_game(const sgf_collection *c, size_t i);

/* Diagnostics found while reading, in the order found (which is the order
 * of their positions within each stage). At most max_diags of each code
 * are kept per input (sgf_parse_options; SGF_PARSE_MAX_DIAGS by
 * default): the list of a hostile input stays small however many faults
 * it holds. Diagnostics past that are left out of the list, only counted
 * (sgf_collection_diags_left_out); this holds for those added later
 * (sgf_collection_add_diag, the replayer) too. */
SGF_API size_t sgf_collection_diag_count(const sgf_collection *c);
SGF_API const sgf_diag *sgf_collection_diag(const sgf_collection *c,
                                            size_t i);

/* The diagnostics left out of the list (see above), by severity, with
 * the number of critical ones among them: *listed gets those since the
 * list was last emptied (for sgf_parse_*_each: since the previous game
 * was handed over, the list's own span), *input those of the whole input
 * so far. Either may be NULL. */
SGF_API void sgf_collection_diags_left_out(const sgf_collection *c,
                                           sgf_diag_counts *listed,
                                           sgf_diag_counts *input);

/* How many diagnostics of code the whole input has given so far past the
 * cap of that code, left out of the list (so the input's count of the
 * code is the listed ones of every game plus these). 0 for a code that
 * never passed its cap, an unknown code or c NULL. Saturates at
 * UINT32_MAX minus the cap. */
SGF_API unsigned long sgf_collection_code_left_out(const sgf_collection *c,
                                                   sgf_diag_code code);

/* Count of diagnostics of a severity in the list (those left out are not
 * counted: sgf_collection_diags_left_out). */
SGF_API size_t sgf_collection_count_severity(const sgf_collection *c,
                                             sgf_severity sev);

/* The input bytes as read (after nothing: the byte-order mark is still
 * there). Offsets in nodes, properties and diagnostics index into it. */
SGF_API sgf_str sgf_collection_input(const sgf_collection *c);

/* Line and column (1-based, bytes) of a byte offset in the input. For a
 * collection read from XML (sgf/xml.h) the input is the SGF rebuilt
 * from the document, and the position is the document's: the line,
 * column and byte offset of the '<' of the element (<node>, <prop>,
 * <v>) the offset's node, identifier or value came from; diagnostics
 * carry those positions too. */
SGF_API sgf_pos sgf_collection_pos(const sgf_collection *c, size_t offset);

/* Add a diagnostic to the collection (used by the replayer and tools that
 * find faults after parsing). The message is formatted printf-style and
 * copied into the collection; d->message is ignored; d->pos.line/column are
 * computed from d->pos.offset when line is 0 and has_offset is true; d
 * starts from sgf_diag_init. Returns 0, SGF_EINVAL (c, d or fmt NULL, d
 * of a struct version the library does not know, a code or severity it
 * does not know) or SGF_ENOMEM. */
SGF_API int sgf_collection_add_diag(sgf_collection *c, const sgf_diag *d,
                                    bool has_offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* --- games ------------------------------------------------------------ */

/* The root node of a game tree (never NULL for a game in a collection). */
SGF_API const sgf_node *sgf_game_root(const sgf_game *g);

/* 0-based index of the game within its collection. */
SGF_API size_t sgf_game_index(const sgf_game *g);

/* FF[] of the root (1..4), or 0 when the root has no readable FF. */
SGF_API int sgf_game_ff(const sgf_game *g);

/* GM[] of the root; 1 (Go) when absent, as the spec says. */
SGF_API int sgf_game_gm(const sgf_game *g);

/* Board size from SZ[] (19x19 when absent or unreadable; SZ[13] is 13x13,
 * SZ[19:13] is 19 columns by 13 rows). */
SGF_API void sgf_game_board_size(const sgf_game *g, int *width,
                                 int *height);

/* The game-info node of the main line (the root, then first children):
 * the first node on it that holds a game-info property (RE, KM, HA, RU,
 * PB, DT, ...), or the root when none does. FF[4] ("game-info", in its
 * list of property types) keeps game information in one node per path,
 * usually the root, but a collection of games merged into one tree
 * keeps each game's in the node where its line leaves the others. The
 * scorer and the replayer read RE, KM, HA and RU there, or, for a path
 * other than the main line, in that line's (sgf_replay_info_node). NULL
 * only when g is NULL. */
SGF_API const sgf_node *sgf_game_info_node(const sgf_game *g);

/* Name of the charset the game's text was decoded from (iconv spelling,
 * e.g. "UTF-8", "GB18030", "ISO-8859-1"). Static or collection storage. */
SGF_API const char *sgf_game_charset(const sgf_game *g);

/* --- nodes ------------------------------------------------------------ */

SGF_API const sgf_node *sgf_node_parent(const sgf_node *n);
SGF_API const sgf_node *sgf_node_first_child(const sgf_node *n);
SGF_API const sgf_node *sgf_node_next_sibling(const sgf_node *n);
SGF_API size_t sgf_node_child_count(const sgf_node *n);

/* Byte offset of the node's ';' (or of its first property when the ';'
 * was missing). */
SGF_API size_t sgf_node_offset(const sgf_node *n);

/* Properties in file order (a property repeated in the node was merged
 * into its first occurrence). */
SGF_API const sgf_prop *sgf_node_first_prop(const sgf_node *n);
SGF_API size_t sgf_node_prop_count(const sgf_node *n);

/* First property with that id, or NULL. For SGF_PROP_UNKNOWN use
 * sgf_node_find_prop_ident. */
SGF_API const sgf_prop *sgf_node_find_prop(const sgf_node *n, sgf_prop_id id);

/* Property by identifier as it reads after dropping lowercase letters
 * ("AB", "MULTIGOGM"), or NULL. */
SGF_API const sgf_prop *sgf_node_find_prop_ident(const sgf_node *n,
                                           const char *ident);

/* --- properties ------------------------------------------------------- */

SGF_API const sgf_prop *sgf_prop_next(const sgf_prop *p);

/* SGF_PROP_* of the property, or SGF_PROP_UNKNOWN. */
SGF_API sgf_prop_id sgf_prop_id_of(const sgf_prop *p);

/* Identifier, NUL-terminated, uppercase letters only ("AB" for both "AB"
 * and "AddBlack"). */
SGF_API const char *sgf_prop_ident(const sgf_prop *p);

/* Identifier exactly as written in the file ("AddBlack"). */
SGF_API sgf_str sgf_prop_ident_raw(const sgf_prop *p);

/* Byte offset of the identifier's first letter. */
SGF_API size_t sgf_prop_offset(const sgf_prop *p);

/* Number of values (at least 1). */
SGF_API size_t sgf_prop_value_count(const sgf_prop *p);

/* The i-th value's bytes exactly as between the brackets, escapes
 * included. Empty (len 0) if i is out of range. */
SGF_API sgf_str sgf_prop_raw(const sgf_prop *p, size_t i);

/* The i-th value decoded: for Text and SimpleText values, escapes removed,
 * line breaks and whitespace converted (FF[4] spec 3.2) and the bytes
 * converted to UTF-8 from the game's charset; for other types of a known
 * property, escapes and soft line breaks ('\\' before a line break)
 * removed, as the spec removes them from text (a value folded over two
 * lines reads as one: "B[p\\" newline "d]" is B[pd]); for unknown
 * properties, escapes removed (the line break of a soft line break kept,
 * their type being unknown). When the text's bytes decode in no charset,
 * the raw bytes with escapes removed (see sgf_prop_is_undecodable). May
 * hold NUL bytes; NUL-terminated once the property layer ran, not
 * necessarily in a collection read with SGF_PARSE_SYNTAX_ONLY: use the
 * length. */
SGF_API sgf_str sgf_prop_text(const sgf_prop *p, size_t i);

/* True when the i-th value's text bytes decode in no charset. */
SGF_API bool sgf_prop_is_undecodable(const sgf_prop *p, size_t i);

/* Byte offset of the i-th value's '['. */
SGF_API size_t sgf_prop_value_offset(const sgf_prop *p, size_t i);

#ifdef __cplusplus
}
#endif
#endif
