/*
 * sgf/version.h - the version of the libsgf headers.
 *
 * The macros give the version a program was compiled against; the
 * function sgf_version() (declared in sgf/types.h) gives the version of
 * the library it runs with. The two differ when a program built against
 * one release runs with another of the same soname.
 */
#ifndef SGF_VERSION_H
#define SGF_VERSION_H

#define SGF_VERSION_MAJOR 1
#define SGF_VERSION_MINOR 0
#define SGF_VERSION_PATCH 0

/* "MAJOR.MINOR.PATCH", the same text sgf_version() returns. */
#define SGF_VERSION_STRING "1.0.0"

/* One number for compile-time comparisons:
 * #if SGF_VERSION_NUMBER >= SGF_VERSION_ENCODE(0, 2, 0) */
#define SGF_VERSION_ENCODE(major, minor, patch) \
    ((major) * 10000L + (minor) * 100L + (patch))
#define SGF_VERSION_NUMBER \
    SGF_VERSION_ENCODE(SGF_VERSION_MAJOR, SGF_VERSION_MINOR, \
                       SGF_VERSION_PATCH)

#endif
