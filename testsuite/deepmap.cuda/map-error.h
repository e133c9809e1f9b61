/* map-error.h -- the program of error tests that make mapping fail
   through the fake driver (FAKECUDA_FAIL): enter data, then exit data, of
   MAP_ERROR_BYTES host bytes.  The default, 256, takes the direct copy
   paths; tests of the staging ring ask for megabytes.  */
#ifndef MAP_ERROR_H
#define MAP_ERROR_H

#include "cuda-check.h"

#ifndef MAP_ERROR_BYTES
#define MAP_ERROR_BYTES 256
#endif

int
main (void)
{
  size_t n = MAP_ERROR_BYTES;
  char *a = calloc (n, 1);
  CHECK (a != NULL, "out of host memory");
  a[0] = 1;
#pragma omp target enter data map(to: a[0:n])
#pragma omp target exit data map(from: a[0:n])
  printf ("no error reported\n");
  return 0;
}

#endif
