/* nowait regions of several threads on adjacent sections (the sections'
   blocks fuse and move while other threads' regions are queued), with
   synchronous and nowait exits.  Freed device memory parked for queued
   work was given back to the pool early when a fence and a reap
   interleaved, and a queued region read another construct's arguments
   (faults or lost updates in most runs).  Every element must count every
   round.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define T 4
#define C 256
#define R 100

static int A[T * C];

int
main (void)
{
  dm_require_device ();
  for (int variant = 0; variant < 2; variant++)
    {
      memset (A, 0, sizeof A);
#pragma omp parallel num_threads(T)
      {
	int t = omp_get_thread_num ();
	int *p = &A[t * C];
	for (int r = 0; r < R; r++)
	  {
#pragma omp target enter data map(to: p[0:C])
#pragma omp target map(alloc: p[0:C]) nowait depend(inout: p[0])
	    for (int i = 0; i < C; i++)
	      p[i] += 1;
	    if (variant)
	      {
#pragma omp target exit data map(from: p[0:C]) nowait depend(inout: p[0])
#pragma omp taskwait
	      }
	    else
	      {
#pragma omp taskwait
#pragma omp target exit data map(from: p[0:C])
	      }
	  }
      }
      for (int i = 0; i < T * C; i++)
	CHECK (A[i] == R, "variant %d: A[%d] = %d, expected %d", variant, i,
	       A[i], R);
    }
  return 0;
}
