/* Chains of nowait enter / update to / region / update from / exit on
   sections that overlap their neighbours' (other threads'), so that one
   thread's mapping fuses and moves blocks holding the others' data while
   their copies are queued.  A move queued on the fusing construct's
   queue ran after another queue's copy into the new block and overwrote
   it (regions saw device poison).  Every thread must read back its own
   values every round.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define T 4
#define C 256
#define H 16
#define R 100

static int A[T * C + H];

int
main (void)
{
  dm_require_device ();
#pragma omp parallel num_threads(T)
  {
    int t = omp_get_thread_num ();
    int *p = &A[t * C];		/* C + H elements: overlaps the next */
    for (int r = 0; r < R; r++)
      {
	for (int i = 0; i < C; i++)
	  p[i] = r;
#pragma omp target enter data map(alloc: p[0:C + H]) nowait depend(inout: p[0])
#pragma omp target update to(p[0:C]) nowait depend(inout: p[0])
#pragma omp target map(alloc: p[0:C + H]) nowait depend(inout: p[0])
	for (int i = 0; i < C; i++)
	  p[i] += 1;
#pragma omp target update from(p[0:C]) nowait depend(inout: p[0])
#pragma omp target exit data map(release: p[0:C + H]) nowait depend(inout: p[0])
#pragma omp taskwait
	for (int i = 0; i < C; i++)
	  CHECK (p[i] == r + 1, "thread %d round %d: p[%d] = %d, expected %d",
		 t, r, i, p[i], r + 1);
      }
  }
  return 0;
}
