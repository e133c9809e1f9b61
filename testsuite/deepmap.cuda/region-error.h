/* region-error.h -- the program of error tests that make one synchronous
   region fail (the test sets how, through the fake driver).  */
#ifndef REGION_ERROR_H
#define REGION_ERROR_H

#include "synthetic-image.h"

int
main (void)
{
  synth_register ();
  int x = 0;
  void *h[] = { &x };
  size_t s[] = { sizeof x };
  unsigned short k[] = { 3 };
  void *args[] = { NULL };
  GOMP_target_ext (0, synth_region, 1, h, s, k, 0, NULL, args);
  printf ("no error reported\n");
  return 0;
}

#endif
