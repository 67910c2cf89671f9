/*
 * tools/html.h - the tools' HTML reports (--format=html): one
 * self-contained HTML5 page on standard output (no network: the CSS, the
 * SVG diagrams and a little JavaScript are inline; the page reads
 * without the script, which only adds filters and sorting).
 *
 * Pages are written as the inputs are read, never held whole: a page's
 * header and style first, then one part per input, then what needs the
 * whole run (the summary), which the style shows first. Everything that
 * comes from a record or a file name goes through the escapes below, so
 * no value can forge markup: bytes that are not UTF-8, control
 * characters and the characters HTML cannot hold become U+FFFD in text,
 * and a file name that needs it is shown with C escapes (\xHH, \n,
 * \\), so that no name is lost or confused with another.
 *
 * Tool code only (not installed); prints on the stream it is given.
 */
#ifndef SGF_TOOLS_HTML_H
#define SGF_TOOLS_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* n bytes at s as HTML text (in an element or a quoted attribute): & < >
 * " ' as references; bytes that are not UTF-8, NUL and other control
 * characters but tab and line feed, C1 controls and noncharacters as
 * U+FFFD (a carriage return as a line feed). */
void html_text(FILE *fp, const char *s, size_t n);

/* html_text of a NUL-terminated string (NULL writes nothing). */
void html_str(FILE *fp, const char *s);

/* html_text of at most about max bytes of s (cut at a character), then,
 * when cut, an ellipsis and "[N bytes]": the page says what it left out. */
void html_text_cut(FILE *fp, const char *s, size_t n, size_t max);

/* Whether html_name shows name with escapes (it is not UTF-8, or holds a
 * control character or a backslash beside one). */
bool html_name_escaped(const char *name);

/* A file name, lossless: as text when it is UTF-8 without control
 * characters; else with C escapes as sgf_print_name writes them (\n \t
 * \r, \xHH for the other control bytes and for every byte that is not
 * part of a UTF-8 character, \\ for a backslash). */
void html_name(FILE *fp, const char *name);

/* html_name, in a <span class="escaped"> that says why when it has
 * escapes: a file name in a table cell. */
void html_file_name(FILE *fp, const char *name);

/* An unsigned number with thousands separated by a thin space. */
void html_count(FILE *fp, unsigned long v);

/* The page's start: doctype, head with the title and the style (the
 * tools' rules, the figures' (sgf_figure_svg_style) and extra_css, which
 * may be NULL), and the page heading with the tool's name and version.
 * What follows is inside <main>, whose parts the style orders: a
 * <section class="summary"> shows first. */
void html_page_begin(FILE *fp, const char *title, const char *extra_css);

/* The page's end: the filter and sort script, closing tags. */
void html_page_end(FILE *fp);

/* The filter form of a table of inputs (id table_id; noun: what its
 * units are, "inputs", for "3 of 5 inputs shown"), hidden until the
 * script runs: one check box per status class in classes (NULL-ended
 * pairs of value and label, "error", "inputs with errors", ...) and a
 * list of the codes met, which the script fills from the page. Each
 * <tbody> of the table is one unit for filters and sorting, with
 * data-sev (one of the values) and data-codes (the codes, space
 * separated); a <th data-sort="num"> sorts as numbers. */
void html_filter_form(FILE *fp, const char *table_id, const char *noun,
                      const char *const *classes);

#endif
