/*
 * tools/json.h - the tools' one JSON writer: records of JSON Lines (one
 * object per line), built and escaped by jansson.
 *
 * Every record has "type" first: "diagnostic", "move" (sgf-replay),
 * "game" (sgf-score), "input" (one per input, after its other records)
 * and "summary" (--summary, the last line). Text that is not valid UTF-8
 * is written with U+FFFD for each byte that is not; a file name that is
 * not valid UTF-8 is also given as "file_bytes", the array of its bytes,
 * so no name is lost.
 */
#ifndef SGF_TOOLS_JSON_H
#define SGF_TOOLS_JSON_H

#include <stdio.h>
#include <jansson.h>
#include <sgf/sgf.h>

/* A JSON string of n bytes at s (see above for bytes that are not
 * UTF-8). NULL when out of memory (json_object_set_new then fails and
 * the record is written without the field: never wrong, only short). */
json_t *tool_json_text(const char *s, size_t n);

/* The same for a NUL-terminated string. */
json_t *tool_json_str(const char *s);

/* A new record {"type": type, "file": name (, "file_bytes": [...])}:
 * name is the input's display name; NULL leaves "file" out. */
json_t *tool_json_record(const char *type, const char *name);

/* rec[key] = number (an integer when it is one, else a real; null for
 * an infinity or NaN, which JSON cannot write: the key is never left
 * out). */
void tool_json_number(json_t *rec, const char *key, double v);

/* Write rec as one line on fp (compact, keys in the order set) and
 * release it. Returns 0, or -1 when out of memory (write errors are left
 * to the stream's error flag). */
int tool_json_emit(FILE *fp, json_t *rec);

/* A diagnostic record: type, file, game, line, column, offset (null
 * without a position), severity, code, message, and for move faults
 * move, color, point, vertex (omitted on boards wider than 25 or taller
 * than 25). width and height: the game's board, 0 when unknown. */
json_t *tool_json_diag(const char *name, const sgf_diag *d, int width,
                       int height);

/* The text of the record rec would be, without its closing '}' (so that a
 * writer can add fields of its own with fixed names and numbers, as the
 * per-move records of sgf-replay do at a rate jansson cannot), malloc'd;
 * rec is released. NULL when out of memory. */
char *tool_json_prefix(json_t *rec);

#endif
