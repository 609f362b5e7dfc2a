/* dnum/sparseh2.h -- deprecated name of dnum/sparseh_o2.h (until 0.4; dnum/deprecated_o2.h). */
#ifdef DN_NO_DEPRECATED
#error "dnum/sparseh2.h is deprecated: include dnum/sparseh_o2.h"
#elif !defined(DN_ALLOW_DEPRECATED) && (defined(__GNUC__) || defined(__clang__))
#pragma GCC warning                                                                        \
    "dnum/sparseh2.h is deprecated: include dnum/sparseh_o2.h (until 0.4; DN_ALLOW_DEPRECATED silences this)"
#endif
#include "dnum/sparseh_o2.h"
#include "dnum/deprecated_o2.h"
