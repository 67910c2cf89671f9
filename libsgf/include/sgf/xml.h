/*
 * sgf/xml.h - a collection as XML and back (libxml2).
 *
 * The document has two layers, each in its own namespace:
 *
 *   - The generic layer (SGF_XML_NS) is the authority and loses nothing:
 *     every game tree, node, property and value of the parsed tree, in
 *     order. A value keeps its raw bytes as they stood between the
 *     brackets (escapes as written, the file's charset) and, when it
 *     differs, the decoded UTF-8 text (sgf_prop_text): <v>dd</v> when
 *     both are the same and ASCII, or the same under a game whose
 *     charset is UTF-8 (a reader puts a plain <v>'s characters into the
 *     game's charset), else <v><raw>a\]b</raw><text>a]b</text></v>.
 *     Unknown and private properties are kept like any other. Bytes that
 *     XML cannot hold (invalid UTF-8, control characters, NUL) are
 *     written in base64 with encoding="base64"; a text that decodes in no
 *     charset is marked undecodable="true".
 *   - The Go layer (SGF_XML_GO_NS) is derived, for Go games (GM[1]) only:
 *     per move its number (counted along the path, MN[] followed), colour,
 *     point in SGF and board notation, the points it captured, and the
 *     move that last stood on the same point ("reused"); per node with
 *     game info, komi as a number, the result parsed and the first date in
 *     ISO form (RE[] as sgf_score_re_parse reads it, sgf/score.h).
 *     Readers ignore it.
 *
 * Vocabulary (the schema libsgf/schema/sgf.rng, installed as
 * $(PREFIX)/share/libsgf/sgf.rng, is the reference):
 *
 *   <collection version="1">      one per document
 *     <game index="0" charset="UTF-8">   one per game tree
 *       <node>                     the root, then the main line, in order
 *         <prop id="AB" [ident="AddBlack"]>   ident: as written, when
 *                                             it differs from id
 *           <v>dd</v>              one per value, or
 *           <v><raw>a\]</raw><text>a]</text></v>
 *         </prop>
 *         <go:move .../> <go:info .../>        Go layer
 *         <variation><node>...</node>...</variation>
 *       </node>
 *
 * A node whose parent has several children: the first child is the next
 * <node> of the same sequence (main lines do not nest), every other child
 * starts a <variation> element inside the node it branches from. So the
 * element depth grows with the number of nested variations only.
 *
 * Round trip: reading a document written by sgf_xml_write_* gives the
 * same tree as the collection written (same games, nodes, identifiers,
 * raw and decoded values), because the reader writes the SGF bytes of
 * every game from the raw values and parses them. It then checks that
 * the game read holds exactly the nodes, properties and raw values of
 * the document: a value whose bytes would close early, escape its
 * closing bracket, or read another way under a two-byte charset (a
 * document not written by libsgf may hold any bytes) fails the check,
 * and the game is then written with every value in the guarded form of
 * the SGF writer (sgf/write.h): the same meaning, escapes that read the
 * same way whether a reader pairs two-byte characters or not. So no
 * document yields more or fewer games, nodes, properties or values than
 * it holds. Neither direction recurses: 100,000 nested variations cost
 * no stack.
 *
 * A <text> is not read, the <raw> beside it is; a <text> that is not
 * what its <raw> decodes to (an edit of it) is dropped, and said so at
 * the value: SGF_D_XML_TEXT_IGNORED, a critical diagnostic. Values that
 * decode in no charset are not compared.
 *
 * Streams: the reader takes the document's elements and text from
 * libxml2's SAX2 parser as it reads them, builds no tree of the document
 * (so a document's depth costs nothing per element), finds faults in
 * document order, and holds one game at a time (sgf_xml_read_fd_each:
 * memory is that of the largest game, not of the document); the writer (sgf_xml_writer_*)
 * hands each game to the output as soon as it is written, so the output
 * is never held whole and has no size limit. The writer makes its bytes
 * itself (the layout and escapes libxml2's xmlTextWriter makes, at a
 * fifth of its cost): markup characters and carriage returns escaped,
 * and in attributes also tabs, line feeds and non-ASCII characters as
 * references; values that are not UTF-8 of XML 1.0 characters go in
 * base64, so no value can make markup.
 *
 * Limits: documents come from strangers, and some shapes cost libxml2
 * more than their size (an element's attributes are checked against each
 * other; prefixed names are looked up through every namespace declared).
 * Before libxml2 sees them, documents are refused (SGF_ESYNTAX, with the
 * line) that hold a start tag with more than SGF_XML_MAX_ATTRS
 * attributes, more than SGF_XML_MAX_NS namespace declarations, a name
 * longer than SGF_XML_MAX_NAME bytes, a DOCTYPE or any other "<!"
 * declaration (entities), or that are not in an ASCII-compatible
 * encoding (UTF-16, UCS-4; or a declared encoding that reads markup
 * bytes as other characters, as UTF-7 reads "+ADw-" as '<'). The
 * vocabulary needs a handful of each. A <prop> after a <variation> of
 * its <node>, and an element of the SGF namespace inside an element the
 * schema does not allow there (outside a <node>), are refused too: what
 * they hold would be read as something else, or lost.
 * Nesting (nested variations) and text (long comments) have no limit
 * but memory: their cost grows with their size.
 *
 * Thread-safe: the functions may run at once on different collections.
 */
#ifndef SGF_XML_H
#define SGF_XML_H

#include <stdio.h>
#include <sgf/types.h>
#include <sgf/tree.h>
#include <sgf/parse.h>
#include <sgf/write.h>
#include <sgf/gameinfo.h>   /* sgf_date_first (the Go layer's DT) */

#ifdef __cplusplus
extern "C" {
#endif

#define SGF_XML_NS "urn:libsgf:sgf:1"
#define SGF_XML_GO_NS "urn:libsgf:go:1"

enum {
    /* Leave out the Go layer. */
    SGF_XML_NO_GO = 1u << 0,
    /* No indentation (one line per document is smaller and faster). */
    SGF_XML_COMPACT = 1u << 1
};

#define SGF_XML_MAX_ATTRS 64
#define SGF_XML_MAX_NS 64
#define SGF_XML_MAX_NAME 1024

/* Append the collection as an XML document (UTF-8) to out. flags:
 * SGF_XML_*. Returns 0, SGF_ENOMEM (out keeps what was appended before
 * the failure: part of the document), SGF_EINVAL (NULL argument). The
 * collection is not changed. */
SGF_API int sgf_xml_write_str(sgf_strbuf *out, const sgf_collection *c,
                              unsigned flags);

/* The same, written to fp (not closed nor flushed), one game at a time
 * (sgf_xml_writer_*). Adds SGF_EIO when writing fails (errno as fwrite
 * left it; part of the document may have been written). */
SGF_API int sgf_xml_write(FILE *fp, const sgf_collection *c,
                          unsigned flags);

/* A document written game by game, for games read one at a time
 * (sgf_parse_fd_each, sgf_xml_read_fd_each): memory stays that of one
 * game, whatever the size of the output. */
typedef struct sgf_xml_writer sgf_xml_writer;

/* Start a document on fp (the XML declaration and <collection>; flags:
 * SGF_XML_*). On success *out is the writer, to be ended with
 * sgf_xml_writer_close. Errors (*out NULL): SGF_ENOMEM, SGF_EIO (errno
 * as fwrite left it), SGF_EINVAL (NULL out or fp). */
SGF_API int sgf_xml_writer_open(sgf_xml_writer **out, FILE *fp,
                                unsigned flags);

/* Write one game tree as a <game> (its index attribute is
 * sgf_game_index(g)) and hand it to fp. The game is not changed and may
 * be released afterwards. Returns 0, SGF_ENOMEM, SGF_EIO (errno set),
 * SGF_EINVAL (NULL argument). After a failure every later call returns
 * the same error. */
SGF_API int sgf_xml_writer_game(sgf_xml_writer *w, const sgf_game *g);

/* End the document (</collection>) unless a write failed, hand the rest
 * to fp (not closed nor flushed) and free the writer. Returns 0 or the
 * first error of the writer's life (SGF_ENOMEM, SGF_EIO with errno);
 * SGF_EINVAL for NULL. */
SGF_API int sgf_xml_writer_close(sgf_xml_writer *w);

/* Read a document written as above back into a collection, ignoring the
 * Go layer and elements of other namespaces. opts as for
 * sgf_parse_buffer (diagnostics are those of the rebuilt SGF: their
 * offsets index sgf_collection_input, the rebuilt bytes). On success *out
 * is a new collection. Errors (*out NULL): SGF_ESYNTAX (not well-formed
 * XML, not this vocabulary, or past the limits above: err then holds a
 * one-line reason after the line and column of the fault, the column in
 * characters from 1 as libxml2 counts them, "LINE:COLUMN: reason" (the
 * '<' of the element at fault, or where libxml2 or the guard of the
 * limits stopped), or "LINE: reason" where the column is not known). Not this
 * vocabulary: an element of the SGF namespace where the schema allows
 * none (a <node> in a <node>, a <prop> in a <prop>, a <variation> in a
 * <game>, an unknown name), a <prop> whose ident is not read as its id
 * (lowercase letters dropped, or an all-lowercase ident upper-cased),
 * a <v> with two <raw> or text beside its <raw>, an element in <raw>,
 * an encoding other than base64: what they hold is never read over, nor
 * read as another property. SGF_ENOMEM (also when libxml2
 * runs out of memory), SGF_EIO with errno EFBIG (the rebuilt SGF of all
 * games is larger than SGF_PARSE_MAX_INPUT: read it game by game),
 * SGF_EINVAL (NULL out or buf). err may be NULL; errlen is its size in
 * bytes. */
SGF_API int sgf_xml_read_buffer(sgf_collection **out, const char *buf,
                                size_t len, const sgf_parse_options *opts,
                                char *err, size_t errlen);

/* Read a document one game tree at a time, as sgf_parse_fd_each reads
 * SGF (sgf/parse.h): fn(payload, c, g) for each <game> as soon as it is
 * read, then once with g NULL at the end; fn returns 0 to go on, else
 * the reading stops (no further call). Each game comes in a collection
 * of its own, c, released when fn returns, except the first game's,
 * which is kept to the end and passed again to the NULL call (with no
 * game: a collection whose diagnostic says no game tree was found).
 * sgf_game_index(g) counts the document's games; the diagnostics of c
 * at each call are those of that game (their offsets index that game's
 * rebuilt SGF), with a mixed-collection warning when FF, GM or the
 * charset differ from the first game's, as for a collection read whole.
 * Memory is that of one game and libxml2's reader, whatever the size of
 * the document. Returns SGF_OK (also after fn stopped the reading) or an
 * error as sgf_xml_read_buffer (SGF_EIO with errno when read(2) fails);
 * after an error no NULL call is made, and the games before the fault
 * were handed over. The descriptor is not closed. err may be NULL. */
SGF_API int sgf_xml_read_fd_each(int fd, const sgf_parse_options *opts,
                                 sgf_game_fn fn, void *payload, char *err,
                                 size_t errlen);

/* The same from len bytes at buf (not copied: they must stay valid
 * during the call). SGF_EINVAL also for buf NULL with len > 0. */
SGF_API int sgf_xml_read_buffer_each(const char *buf, size_t len,
                                     const sgf_parse_options *opts,
                                     sgf_game_fn fn, void *payload,
                                     char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
