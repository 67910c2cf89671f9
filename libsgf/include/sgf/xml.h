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
 *     both are the same, else <v><raw>a\]b</raw><text>a]b</text></v>.
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
 * Round trip: sgf_xml_read_buffer on a document written by
 * sgf_xml_write_* gives the same tree as the collection written (same
 * games, nodes, identifiers, raw and decoded values), because it
 * rebuilds the SGF bytes of every game from the raw values and parses
 * them. Neither direction recurses: 100,000 nested variations cost no
 * stack (the reader passes XML_PARSE_HUGE to libxml2).
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

/* Append the collection as an XML document (UTF-8) to out. flags:
 * SGF_XML_*. Returns 0, SGF_ENOMEM (out keeps what was appended before),
 * SGF_EINVAL (NULL argument). The collection is not changed. */
SGF_API int sgf_xml_write_str(sgf_strbuf *out, const sgf_collection *c,
                              unsigned flags);

/* The same, written to fp (not closed nor flushed). Adds SGF_EIO when
 * writing fails (errno as fwrite left it). */
SGF_API int sgf_xml_write(FILE *fp, const sgf_collection *c,
                          unsigned flags);

/* Read a document written as above back into a collection, ignoring the
 * Go layer and elements of other namespaces. opts as for
 * sgf_parse_buffer (diagnostics are those of the rebuilt SGF: their
 * offsets index sgf_collection_input, the rebuilt bytes). On success *out
 * is a new collection. Errors (*out NULL): SGF_ESYNTAX (not well-formed
 * XML, or not this vocabulary: err then holds a one-line reason, with a
 * line number when libxml2 gave one), SGF_ENOMEM, SGF_EINVAL (NULL out
 * or buf). err may be NULL; errlen is its size in bytes. */
SGF_API int sgf_xml_read_buffer(sgf_collection **out, const char *buf,
                                size_t len, const sgf_parse_options *opts,
                                char *err, size_t errlen);

/* --- game information, typed (used by the Go layer) ------------------- */


/* The first date of a DT[] value in ISO form, "YYYY", "YYYY-MM" or
 * "YYYY-MM-DD", written to iso (11 bytes). DT is "YYYY-MM-DD" lists
 * (FF[4] spec "DT"); only the leading date is read. Returns 0 or
 * SGF_ESYNTAX (iso set to ""). */
SGF_API int sgf_date_first(sgf_str v, char iso[11]);

#ifdef __cplusplus
}
#endif
#endif
