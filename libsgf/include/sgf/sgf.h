/*
 * sgf/sgf.h - the whole public API of libsgf in one include.
 *
 *   #include <sgf/sgf.h>
 *   cc prog.c $(pkg-config --cflags --libs libsgf)
 *
 * Each module also has its own header, which may be included alone:
 *   sgf/version.h  SGF_VERSION_* macros
 *   sgf/types.h    return codes, sgf_str, sgf_point, sgf_color
 *   sgf/diag.h     diagnostics: severities, codes, positions, printers
 *   sgf/props.h    the property table and the value decoders
 *   sgf/tree.h     collections, games, nodes, properties
 *   sgf/parse.h    reading SGF from a buffer, a file descriptor or a file
 *   sgf/write.h    writing a collection as normalized FF[4] SGF
 *   sgf/rules.h    Go rule sets: presets, RU[] strings, handicap tables
 *   sgf/board.h    a Go position: moves, legality, captures, ko, undo
 *   sgf/replay.h   playing a game record out under Go rules
 *   sgf/diagram.h  text pictures of a position
 *   sgf/figure.h   game figures: numbered diagrams as ASCII and SVG
 *   sgf/gameinfo.h KM, HA, RE and DT read as values (RE also written)
 *   sgf/score.h    area and territory counting, dead stones, verdicts
 *   sgf/xml.h      lossless XML export and import (links libxml2)
 * The overview, with the ownership and error rules, is libsgf(3).
 */
#ifndef SGF_SGF_H
#define SGF_SGF_H

#include <sgf/version.h>
#include <sgf/types.h>
#include <sgf/diag.h>
#include <sgf/props.h>
#include <sgf/tree.h>
#include <sgf/parse.h>
#include <sgf/write.h>
#include <sgf/rules.h>
#include <sgf/board.h>
#include <sgf/replay.h>
#include <sgf/diagram.h>
#include <sgf/figure.h>
#include <sgf/gameinfo.h>
#include <sgf/score.h>
#include <sgf/repair.h>
#include <sgf/xml.h>

#endif
