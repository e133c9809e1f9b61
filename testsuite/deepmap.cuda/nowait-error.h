/* nowait-error.h -- the program of the error-nowait-*.c tests: an enter
   data and a region, both nowait, whose queued work the test makes fail
   with FAKECUDA_FAIL.  */
#ifndef NOWAIT_ERROR_H
#define NOWAIT_ERROR_H

#include "synthetic-image.h"

int
main (void)
{
  synth_register ();
  int x[64] = { 1 };
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target enter data nowait map(to: x)
    void *h[] = { x };
    size_t s[] = { sizeof x };
    unsigned short k[] = { 3 };
    void *args[] = { NULL };
#pragma omp taskwait
    GOMP_target_ext (0, synth_region, 1, h, s, k, 1 /* nowait */, NULL,
		     args);
#pragma omp taskwait
  }
  printf ("no error reported\n");
  return 0;
}

#endif
