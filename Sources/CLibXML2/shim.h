// libxml2 for WallEnrich. Debian builds libxml2 with ICU, and its encoding header then
// includes ICU's headers, whose types collide with Foundation's own ICU module
// ("'UErrorCode' has different definitions in different modules"). We never use
// libxml2's ICU converters, so read the version header first and switch them off.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
