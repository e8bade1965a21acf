// Everything is in include/csystem.h (static inline); a C target needs one source file.
#include "csystem.h"
