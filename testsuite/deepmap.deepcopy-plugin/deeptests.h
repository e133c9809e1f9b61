/* deeptests.h -- shared by the deepmap.deepcopy-plugin tests.  */
#ifndef DEEPTESTS_H
#define DEEPTESTS_H

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include "deepmap.h"

#include "check.h"

/* The plugin must be active: it predefines __DEEPMAP_PLUGIN__.  */
#ifndef __DEEPMAP_PLUGIN__
# error "deepmap.deepcopy-plugin tests are built with the deepmap plugin"
#endif

static inline void *
xcalloc (size_t n, size_t size)
{
  void *p = calloc (n, size);
  CHECK (p != NULL);
  return p;
}

#endif
