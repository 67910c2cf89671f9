/*
 * tools/json.c - the JSON writer of json.h on jansson.
 */
#include "json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Bytes that are not UTF-8 become U+FFFD, one per byte. */
static char *repaired(const char *s, size_t n, size_t *len)
{
    char *out = malloc(3 * n + 1);
    size_t k = 0;
    if (out == NULL)
        return NULL;
    for (size_t i = 0; i < n;) {
        size_t l = sgf_utf8_char(s + i, n - i, NULL);
        if (l == 0) {
            memcpy(out + k, "\xEF\xBF\xBD", 3);
            k += 3;
            i++;
        } else {
            memcpy(out + k, s + i, l);
            k += l;
            i += l;
        }
    }
    *len = k;
    return out;
}

static bool is_utf8(const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        size_t l = sgf_utf8_char(s + i, n - i, NULL);
        if (l == 0)
            return false;
        i += l;
    }
    return true;
}

json_t *tool_json_text(const char *s, size_t n)
{
    if (is_utf8(s, n))
        return json_stringn(s, n);
    size_t len;
    char *fixed = repaired(s, n, &len);
    json_t *j = fixed != NULL ? json_stringn(fixed, len) : NULL;
    free(fixed);
    return j;
}

json_t *tool_json_str(const char *s)
{
    return tool_json_text(s, strlen(s));
}

static json_t *byte_array(const char *s)
{
    json_t *a = json_array();
    for (const unsigned char *p = (const unsigned char *)s;
         a != NULL && *p != '\0'; p++)
        json_array_append_new(a, json_integer(*p));
    return a;
}

/* Compact, keys in the order set, reals with 15 significant digits: a
 * margin written 0.2 is 0.2, not 0.20000000000000001 (17 digits tell
 * any double apart, but every number here comes from a decimal of
 * fewer digits). */
#define TOOL_JSON_FLAGS \
    (JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15))

json_t *tool_json_record(const char *type, const char *name)
{
    json_t *rec = json_object();
    if (rec == NULL)
        return NULL;
    json_object_set_new(rec, "type", json_string(type));
    if (name == NULL)
        return rec;
    json_object_set_new(rec, "file", tool_json_str(name));
    if (!is_utf8(name, strlen(name)))
        json_object_set_new(rec, "file_bytes", byte_array(name));
    return rec;
}

void tool_json_number(json_t *rec, const char *key, double v)
{
    if (!isfinite(v))                   /* JSON has no infinity or NaN: */
        json_object_set_new(rec, key, json_null());    /* the key stays */
    else if (v == (double)(json_int_t)v && v > -1e15 && v < 1e15)
        json_object_set_new(rec, key, json_integer((json_int_t)v));
    else
        json_object_set_new(rec, key, json_real(v));
}

int tool_json_emit(FILE *fp, json_t *rec)
{
    if (rec == NULL)
        return -1;
    char *text = json_dumps(rec, TOOL_JSON_FLAGS);
    json_decref(rec);
    if (text == NULL)
        return -1;
    fputs(text, fp);
    putc('\n', fp);
    free(text);
    return 0;
}

static void set_position(json_t *rec, const sgf_diag *d)
{
    if (d->pos.line > 0) {
        json_object_set_new(rec, "line", json_integer(d->pos.line));
        json_object_set_new(rec, "column", json_integer(d->pos.column));
        json_object_set_new(rec, "offset", json_integer(d->pos.offset));
    } else {
        json_object_set_new(rec, "line", json_null());
        json_object_set_new(rec, "column", json_null());
        json_object_set_new(rec, "offset", json_null());
    }
}

static void set_move(json_t *rec, const sgf_diag *d, int width, int height)
{
    char sgf[3], vtx[4];
    json_object_set_new(rec, "move", json_integer(d->move_number));
    json_object_set_new(rec, "color",
                        json_string(d->color == SGF_WHITE ? "W" : "B"));
    if (d->pass) {
        json_object_set_new(rec, "point", json_string(""));
        json_object_set_new(rec, "vertex", json_string("pass"));
        return;
    }
    if (!d->has_point)
        return;
    json_object_set_new(rec, "point",
                        json_string(sgf_point_format_sgf(sgf, d->point)));
    if (width > 0 && width <= 25 && height > 0 && height <= 25
        && d->point.x < width && d->point.y < height
        && sgf_point_format_vertex(vtx, d->point, height) != NULL)
        json_object_set_new(rec, "vertex", json_string(vtx));
}

json_t *tool_json_diag(const char *name, const sgf_diag *d, int width,
                       int height)
{
    const char *code = sgf_diag_code_name(d->code);
    json_t *rec = tool_json_record("diagnostic", name);
    if (rec == NULL)
        return NULL;
    json_object_set_new(rec, "game", json_integer(d->game));
    set_position(rec, d);
    json_object_set_new(rec, "severity",
                        json_string(sgf_severity_name(d->severity)));
    json_object_set_new(rec, "code", json_string(code ? code : "?"));
    json_object_set_new(rec, "message",
                        tool_json_str(d->message ? d->message : ""));
    if (d->move_number > 0)
        set_move(rec, d, width, height);
    return rec;
}

char *tool_json_prefix(json_t *rec)
{
    if (rec == NULL)
        return NULL;
    char *text = json_dumps(rec, TOOL_JSON_FLAGS);
    json_decref(rec);
    if (text != NULL)
        text[strlen(text) - 1] = '\0';       /* the closing '}' */
    return text;
}
