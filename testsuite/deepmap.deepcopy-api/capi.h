/* capi.h -- shared by the deepmap.deepcopy-api tests that build descriptors
   with the C API (deepmap.h) instead of the plugin.  */
#ifndef CAPI_H
#define CAPI_H

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include "deepmap.h"

#include "check.h"

#endif
