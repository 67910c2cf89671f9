/*
 * tools/html.c - escapes and the frame of the tools' HTML pages
 * (html.h).
 */
#include "html.h"
#include "cli.h"
#include <sgf/figure.h>

#include <stdint.h>
#include <string.h>

#define REPLACEMENT "\xEF\xBF\xBD"          /* U+FFFD */

/* Code points HTML text cannot hold: C0 controls but tab and line
 * feed (a carriage return is turned into one before), DEL, C1
 * controls, noncharacters. */
static bool unfit(uint32_t cp)
{
    if (cp < 0x20)
        return cp != '\t' && cp != '\n';
    if (cp >= 0x7F && cp < 0xA0)
        return true;
    return (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE;
}

static void put_escaped(FILE *fp, uint32_t cp, const char *s, size_t len)
{
    switch (cp) {
    case '&': fputs("&amp;", fp); break;
    case '<': fputs("&lt;", fp); break;
    case '>': fputs("&gt;", fp); break;
    case '"': fputs("&quot;", fp); break;
    case '\'': fputs("&#39;", fp); break;
    default: fwrite(s, 1, len, fp); break;
    }
}

void html_text(FILE *fp, const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        size_t len = sgf_utf8_char(s + i, n - i, &cp);
        if (len == 0) {
            fputs(REPLACEMENT, fp);
            i++;
            continue;
        }
        if (cp == '\r')
            fputc('\n', fp);
        else if (unfit(cp))
            fputs(REPLACEMENT, fp);
        else
            put_escaped(fp, cp, s + i, len);
        i += len;
    }
}

void html_str(FILE *fp, const char *s)
{
    if (s != NULL)
        html_text(fp, s, strlen(s));
}

void html_text_cut(FILE *fp, const char *s, size_t n, size_t max)
{
    if (n <= max) {
        html_text(fp, s, n);
        return;
    }
    size_t cut = 0;
    while (cut < max) {
        size_t len = sgf_utf8_char(s + cut, n - cut, NULL);
        cut += len == 0 ? 1 : len;
    }
    html_text(fp, s, cut);
    fprintf(fp, "\xE2\x80\xA6 <span class=\"cut\">[%zu bytes]</span>", n);
}

bool html_name_escaped(const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        size_t len = sgf_utf8_char(name + i, n - i, &cp);
        if (len == 0 || cp < 0x20 || cp == 0x7F || unfit(cp))
            return true;
        i += len;
    }
    return false;
}

/* One byte or character of a name that needs escapes. */
static size_t put_name_part(FILE *fp, const char *s, size_t n)
{
    uint32_t cp;
    size_t len = sgf_utf8_char(s, n, &cp);
    const char *esc = NULL;
    if (len == 1) {
        esc = cp == '\n' ? "\\n" : cp == '\t' ? "\\t" : cp == '\r' ? "\\r"
              : cp == '\\' ? "\\\\" : NULL;
    }
    if (esc != NULL)
        fputs(esc, fp);
    else if (len == 0 || unfit(cp) || cp < 0x20)
        fprintf(fp, "\\x%02X", (unsigned char)*s);
    else
        put_escaped(fp, cp, s, len);
    return len == 0 || unfit(cp) ? 1 : len;
}

void html_name(FILE *fp, const char *name)
{
    if (!html_name_escaped(name)) {
        html_str(fp, name);
        return;
    }
    size_t n = strlen(name);
    for (size_t i = 0; i < n;)
        i += put_name_part(fp, name + i, n - i);
}

void html_file_name(FILE *fp, const char *name)
{
    bool esc = html_name_escaped(name);
    if (esc)
        fputs("<span class=\"escaped\" title=\"shown with C escapes: the "
              "name is not UTF-8 or holds control characters\">", fp);
    html_name(fp, name);
    if (esc)
        fputs("</span>", fp);
}

void html_count(FILE *fp, unsigned long v)
{
    char digits[24];
    int len = snprintf(digits, sizeof digits, "%lu", v);
    for (int i = 0; i < len; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            fputs("\xE2\x80\x89", fp);             /* thin space */
        fputc(digits[i], fp);
    }
}

/* --- the page ------------------------------------------------------------ */

static const char page_css[] =
    "body{font-family:system-ui,sans-serif;margin:0 1.5em 2em;"
    "color:#1a1a1a;background:#fff;line-height:1.35}\n"
    "header h1{font-size:1.5em;margin:.6em 0 .1em}\n"
    "header p{margin:0 0 .8em;color:#555}\n"
    "main{display:flex;flex-direction:column}\n"
    "main>.summary{order:-1}\n"
    "h2{font-size:1.2em;margin:1em 0 .4em}\n"
    "table{border-collapse:collapse}\n"
    "th,td{padding:.2em .5em;text-align:left;vertical-align:top}\n"
    "thead th{background:#eee;border-bottom:2px solid #999;"
    "position:sticky;top:0}\n"
    "th[data-sort]{cursor:pointer}\n"
    "td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}\n"
    "table.inputs>tbody{border-bottom:1px solid #ddd}\n"
    "table.inputs>tbody>tr.row:hover{background:#f4f8ff}\n"
    "td.file{word-break:break-all;max-width:28em}\n"
    ".escaped{font-family:monospace,monospace;background:#fff3c4}\n"
    ".st{font-weight:600;white-space:nowrap}\n"
    ".st.ok{color:#17701d}.st.invalid{color:#b00020}\n"
    ".st.unreadable,.st.trouble{color:#fff;background:#b00020;"
    "padding:0 .3em}\n"
    "tr.details>td{padding:.2em .5em .6em 1.5em;background:#fafafa}\n"
    "details>summary{cursor:pointer;color:#444;font-size:.92em}\n"
    "ul.diags{list-style:none;margin:.3em 0;padding:0;font-size:.92em}\n"
    "ul.diags li{border-top:1px solid #eee;padding:.12em 0 .12em 27.5em;"
    "text-indent:-27.5em}\n"
    "ul.diags li.head{color:#555;border-top:0}\n"
    "ul.diags li.head .sev{font-weight:normal}\n"
    "ul.diags span,ul.diags code{display:inline-block;text-indent:0}\n"
    "ul.diags .pos{width:5.5em;font-family:monospace,monospace}\n"
    "ul.diags .game{width:2.5em;text-align:right;margin-right:1em}\n"
    "ul.diags .sev{width:5.5em}\n"
    "ul.diags code{width:13em}\n"
    ".sev{font-weight:600}li.error .sev,.sev.error{color:#b00020}"
    "li.warning .sev{color:#a05a00}li.note .sev{color:#555}\n"
    "code,.code{font-family:monospace,monospace;font-size:.92em}\n"
    "td.code{white-space:nowrap}\n"
    ".cut{color:#777;font-size:.9em}\n"
    ".more,.bound{color:#555;font-style:italic}\n"
    ".figures{display:flex;flex-wrap:wrap;gap:1em;margin-top:.6em}\n"
    "figure.move{margin:0;max-width:520px;border:1px solid #ddd;"
    "padding:.4em;background:#fff}\n"
    "figure.move svg{display:block;max-width:100%;height:auto}\n"
    "figcaption{font-size:.9em}\n"
    "figcaption .rule{display:block;margin-top:.2em}\n"
    ".filters{margin:.3em 0 .6em}.filters label{margin-right:1em}\n"
    "dl.totals{display:grid;grid-template-columns:max-content auto;"
    "gap:.1em 1em;margin:.3em 0}\n"
    "dl.totals dt{font-weight:600}dl.totals dd{margin:0}\n"
    "@media print{.filters{display:none}thead th{position:static}}\n";

/* Filters and sorting; the page does without. Each <tbody> of a table
 * with class "inputs" is one unit; data-sev and data-codes say what it
 * holds, data-flags (optional) the marks it carries: a unit shows while
 * the boxes of its data-sev and of each of its flags are checked. The address may ask for a code and a sorting column, so that
 * a link can show a view: PAGE#code=illegal-ko&sort=errors (numbers
 * sort largest first). */
static const char page_script[] =
    "(function(){\n"
    "'use strict';\n"
    "function units(t){return Array.prototype.slice.call(t.tBodies);}\n"
    "function apply(f){\n"
    " var t=document.getElementById(f.dataset.table),shown=0;\n"
    " var sev={},code=f.querySelector('select').value;\n"
    " f.querySelectorAll('input[type=checkbox]').forEach(function(c){\n"
    "  sev[c.value]=c.checked;});\n"
    " units(t).forEach(function(b){\n"
    "  var fl=(b.dataset.flags||'').split(' ').filter(Boolean);\n"
    "  var ok=sev[b.dataset.sev]!==false&&fl.every(function(x){"
    "return sev[x]!==false;})&&(!code||(' '+b.dataset.codes+"
    "' ').indexOf(' '+code+' ')>=0);\n"
    "  b.hidden=!ok;if(ok)shown++;});\n"
    " f.querySelector('.shown').textContent=shown+' of '+"
    "t.tBodies.length+' '+f.dataset.noun+' shown';\n"
    "}\n"
    "function key(b,i,num){\n"
    " var c=b.rows[0]&&b.rows[0].cells[i];\n"
    " var s=c?(c.dataset.key||c.textContent):'';\n"
    " return num?parseFloat(s.replace(/[^0-9.\\-]/g,''))||0:s;\n"
    "}\n"
    "function sortBy(t,th){\n"
    " var i=th.cellIndex,num=th.dataset.sort==='num';\n"
    " var dir=th.dataset.dir==='asc'?-1:1;th.dataset.dir=dir>0?'asc':'desc';\n"
    " var u=units(t).map(function(b,k){return [key(b,i,num),k,b];});\n"
    " u.sort(function(a,b){if(a[0]<b[0])return -dir;if(a[0]>b[0])"
    "return dir;return a[1]-b[1];});\n"
    " u.forEach(function(x){t.appendChild(x[2]);});\n"
    "}\n"
    "var want={};\n"
    "location.hash.replace(/^#/,'').split('&').forEach(function(p){\n"
    " var kv=p.split('=');if(kv.length===2)want[kv[0]]="
    "decodeURIComponent(kv[1]);});\n"
    "document.querySelectorAll('table.inputs').forEach(function(t){\n"
    " t.querySelectorAll('thead th[data-sort]').forEach(function(th){\n"
    "  th.title='sort';th.addEventListener('click',function(){"
    "sortBy(t,th);});\n"
    "  if(want.sort===th.textContent.toLowerCase()){sortBy(t,th);\n"
    "   if(th.dataset.sort==='num')sortBy(t,th);}});\n"
    "});\n"
    "document.querySelectorAll('form.filters').forEach(function(f){\n"
    " var t=document.getElementById(f.dataset.table),seen={};\n"
    " units(t).forEach(function(b){(b.dataset.codes||'').split(' ')"
    ".forEach(function(c){if(c)seen[c]=(seen[c]||0)+1;});});\n"
    " var sel=f.querySelector('select');\n"
    " Object.keys(seen).sort().forEach(function(c){\n"
    "  var o=document.createElement('option');o.value=c;\n"
    "  o.textContent=c+' ('+seen[c]+')';sel.appendChild(o);});\n"
    " if(want.code)sel.value=want.code;\n"
    " f.addEventListener('change',function(){apply(f);});\n"
    " document.querySelectorAll('a[data-code]').forEach(function(a){\n"
    "  a.addEventListener('click',function(){sel.value=a.dataset.code;"
    "apply(f);});});\n"
    " f.hidden=false;apply(f);\n"
    "});\n"
    "})();\n";

void html_page_begin(FILE *fp, const char *title, const char *extra_css)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
          "<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width\">\n"
          "<title>", fp);
    html_str(fp, title);
    fprintf(fp, "</title>\n<style>\n%s%s%s</style>\n</head>\n<body>\n"
            "<header>\n<h1>", page_css, sgf_figure_svg_style(),
            extra_css != NULL ? extra_css : "");
    html_str(fp, title);
    fprintf(fp, "</h1>\n<p>%s (libsgf) %s</p>\n</header>\n<main>\n",
            cli_program_name(), sgf_version());
}

void html_page_end(FILE *fp)
{
    fprintf(fp, "</main>\n<script>\n%s</script>\n</body>\n</html>\n",
            page_script);
}

void html_filter_form(FILE *fp, const char *table_id, const char *noun,
                      const char *const *classes)
{
    fprintf(fp, "<form class=\"filters\" data-table=\"%s\" "
            "data-noun=\"%s\" hidden>\n", table_id, noun);
    for (size_t i = 0; classes[i] != NULL; i += 2)
        fprintf(fp, "<label><input type=\"checkbox\" value=\"%s\" "
                "checked> %s</label>\n", classes[i], classes[i + 1]);
    fputs("<label>code <select><option value=\"\">any</option></select>"
          "</label>\n<span class=\"shown\">all shown</span>\n</form>\n",
          fp);
}
