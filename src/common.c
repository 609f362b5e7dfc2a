/* Status-code names and version. */
#include "dnum/common.h"

const char *dn_strerror(int code)
{
    switch (code) {
    case DN_OK: return "success";
    case DN_EINVAL: return "invalid argument";
    case DN_ENOMEM: return "out of memory";
    case DN_EORDER: return "operands have different orders";
    case DN_ERANGE: return "order or size out of range";
    case DN_EDOMAIN: return "argument outside the domain";
    case DN_EPARSE: return "malformed expression";
    case DN_ESTRUCT: return "structure changed (an entry outside the fixed pattern)";
    default: return "unknown status";
    }
}

const char *dn_version(void)
{
    return DNUM_VERSION_STRING;
}
