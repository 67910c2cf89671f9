/*
 * sgf/repair.h - repairing a game tree as read, so that it is written
 * (sgf/write.h) as a record with no syntax or property error.
 *
 * The parser already recovers from syntax faults (an unclosed value or
 * tree is closed, a missing ';' inserted, stray text skipped) and the
 * writer already writes FF[4] forms (identifiers in capitals, passes as
 * "[]"). sgf_repair_game changes the tree where the reading left a
 * fault that writing alone keeps, and names every change, and every
 * fault the writing repairs, as a diagnostic of the collection
 * (repaired-* codes of sgf/diagcodes.def, at the position of the
 * original). Sources: SGF FF[4] spec, "sgf4.html" (syntax, value types)
 * and "properties.html"; the repairs follow the ones SGFC, the reference
 * checker, makes.
 *
 * What it changes:
 *   - An unescaped ']' the parser met right after a value that holds an
 *     open '[' ("PB[Black Player [3d]]") is taken into that value
 *     (repaired-bracket), with the text the reading dropped between the
 *     value and a stray ']' after it ("C[x [y] z]": C[x [y\] z]), of
 *     any length and converted from the record's charset, when that text
 *     holds no bracket, backslash, ';', '(' or ')'. Other stray
 *     brackets stay left out.
 *   - A property repeated in a node (merged on reading), or a text
 *     property written with several values (C[a][b]): a list keeps
 *     every value; Text values are joined into one by a line break,
 *     SimpleText ones by a space (repaired-merge), except RU, RE, DT,
 *     BR, WR and CA, which readers take as a form and which keep their
 *     first value as every reader reads it; a value that decodes
 *     in no charset is joined as its bytes, and the joined value is
 *     marked undecodable (sgf_prop_is_undecodable). A property that takes
 *     one value and holds several keeps the first; the others are
 *     dropped and named (repaired-extra-value), unless a later value is
 *     no value of its type (TE[x]TE[y], KM[6.5][seven]): text someone
 *     wrote, kept with every value.
 *   - Moves are never deleted, and never played in another order than
 *     the replay played them. A node with both B and W, or with setup
 *     and a move, is split as the replay plays it: setup, then B, then W
 *     (whatever the file order). The first node keeps every other
 *     property (and, without setup, B); each further move gets a node of
 *     its own after it; MN and the move annotations BM, TE, DO, IT go
 *     with the first move, KO with every move (repaired-split), and the
 *     replay reads a setup's PL for the move that follows it. A move
 *     property with several values keeps them (and its value-count
 *     error): the replay plays the first, and which others were meant
 *     as moves would be a guess. The board and the replay's findings
 *     after the last of them are those of the node.
 *   - Empty or unreadable values of point lists (AB AW AE CR MA SL SQ
 *     TR DD VW TB TW), of AR, LN and LB, are dropped, and so is the
 *     property when none is left; a rectangle reaching past the edge of
 *     the board keeps its points on the board, which the replay sets;
 *     one whose corners are not upper-left first ("cc:aa") is written
 *     as the rectangle they span, as sgf_value_rect reads it
 *     (repaired-list-value).
 *   - DT, KM, RE, HA, BR and WR in a readable non-standard form are
 *     rewritten in the FF[4] form, where the reading is unambiguous
 *     (repaired-game-info): a date as YYYY-MM-DD (not one with a time
 *     of day, which DT has no place for), a komi as the shortest
 *     real ("6.50" and "6,5" as "6.5"), a result as "B+3.5" / "W+R" (not
 *     where the reading would lose a margin the value gives), a
 *     handicap without blanks, a rank "3 dan" as "3d". Komi the Fox
 *     server writes times 50 or 100 is kept (its reading is a guess),
 *     and so is a value with a word the FF[4] form has no place for
 *     ("before 2004-05-06", "5.5 or 6.5", "White won by forfeit",
 *     "W+R (time)"): a result's words must be colours, "wins", "by",
 *     "points" and the like, or say how the game ended with the letter
 *     the form keeps (R, T, F).
 *   - Diagnostics only (the writer does it): unclosed values and trees
 *     closed, a missing ';' inserted, stray text, values and brackets
 *     left out (repaired-syntax, one per fault, also past the cap on
 *     diagnostics per code: the game counts its syntax faults, and
 *     those past the cap are counted as left out); FF[1]-FF[3]
 *     identifiers and "[tt]" passes written in the FF[4] form
 *     (repaired-ff4, one per game, at the first).
 *
 *   - A root property (FF GM SZ CA ST AP) outside the root node, which
 *     no reader takes there, is dropped, named with its values and the
 *     root's (repaired-root-property).
 *   - A game-info property below the game-info node of its path (the
 *     first node of the path that has one) is dropped when that node
 *     has it with the same values, and moved up into that node when it
 *     lacks it, no branch stands between them and it is not RU, HA or
 *     KM, which the replay and the count read (repaired-info-node).
 *   - A point of AB, AW or AE that changes nothing (the replay's
 *     setup-no-effect: the point already is so) is dropped where the
 *     node's setup keeps a point that takes effect (repaired-setup); a
 *     setup that changes nothing at all stays, since the replay still
 *     takes it as a setup step (it records the position and guesses the
 *     side to move). The board of every node is the same before and
 *     after.
 *   - Annotations no reader takes are dropped and named
 *     (repaired-annotation): a move annotation (BM TE DO IT, KO without
 *     a value) in a node without a move, and the later of two that
 *     exclude each other (BM TE DO IT; DM GB GW UC). KO with a value in
 *     such a node is kept (a komi meant as KM, perhaps: a guess), and so
 *     is an annotation holding text (TE[Honinbo Final]), which dropping
 *     would lose.
 *   - A point marked by two of CR MA SL SQ TR of a node keeps the first
 *     mark; a later single point marking it again is dropped and named
 *     (repaired-markup); a point inside a rectangle stays.
 *
 * What it keeps, with the diagnostic of the reading: every fault whose
 * repair would guess (a value that cannot be read as its type and is
 * not in a list, a game-info value that differs from the game-info
 * node's or stands below a branch, illegal moves, which the replay
 * still reports).
 *
 * Call it on a collection read with the property layer (not
 * SGF_PARSE_SYNTAX_ONLY), with the diagnostics of the reading still in
 * it (from sgf_parse_*_each's callback, before they are printed), once
 * per game. New nodes, properties and values live in the collection.
 * Cost is linear in the size of the game. Not thread-safe for one
 * collection.
 */
#ifndef SGF_REPAIR_H
#define SGF_REPAIR_H

#include <sgf/types.h>
#include <sgf/tree.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Repair game g of collection c (see above): g as sgf_collection_game
 * gives it; it is changed through c, which owns it (hence c is not
 * const). Returns the number of repairs made (0 or more; each named by
 * a diagnostic added to c);
 * SGF_EINVAL when c or g is NULL, g is not a game of c or c was read
 * with SGF_PARSE_SYNTAX_ONLY (its values not decoded); SGF_ENOMEM
 * when memory ran out (the tree is then consistent, partly repaired). */
SGF_API int sgf_repair_game(sgf_collection *c, const sgf_game *g);

#ifdef __cplusplus
}
#endif
#endif
