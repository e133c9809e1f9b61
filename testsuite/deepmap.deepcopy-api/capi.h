/* capi.h -- shared by the deepmap.deepcopy-api tests that build descriptors
   with the C API (deepmap.h) instead of the plugin.  */
#ifndef CAPI_H
#define CAPI_H

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include "deepmap.h"

#define CHECK(c)							\
  do {									\
    if (!(c))								\
      {									\
	fprintf (stderr, "%d: check failed: %s\n", __LINE__, #c);	\
	abort ();							\
      }									\
  } while (0)

#endif
