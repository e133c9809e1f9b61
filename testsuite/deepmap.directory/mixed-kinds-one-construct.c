/* Overlapping items of one construct with different map types: every
   byte that a to/tofrom item covers and that was not present before the
   construct is copied in, whichever item GCC passes first (it reverses
   the clauses), and copy-back is the union of the from-types.  So
   map(tofrom: p[2:6]) map(from: q[0:4]) with p == q never shows device
   poison to the region or copies it back over the host.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dir-check.h"

#define N 16

static int A[N];

static void
reset (void)
{
  for (int i = 0; i < N; i++)
    A[i] = 100 + i;
}

int
main (void)
{
  int dev = dm_dev ();
  int *p = A, *q = A;
  dm_require_device ();

  /* Both clause orders, target data around a region reading A[2:6].  */
  for (int order = 0; order < 2; order++)
    {
      reset ();
      int sum = 0;
      if (order == 0)
	{
#pragma omp target data map(tofrom: p[2:6]) map(from: q[0:4])
#pragma omp target map(tofrom: sum)
	  for (int i = 2; i < 8; i++)
	    sum += p[i];
	}
      else
	{
#pragma omp target data map(from: q[0:4]) map(tofrom: p[2:6])
#pragma omp target map(tofrom: sum)
	  for (int i = 2; i < 8; i++)
	    sum += p[i];
	}
      CHECK (sum == 102 + 103 + 104 + 105 + 106 + 107,
	     "order %d: the region read %d, expected the host values", order,
	     sum);
      /* A[0:2] is from-only and was never written on the device: its
	 value is unspecified.  */
      for (int i = 2; i < N; i++)
	CHECK (A[i] == 100 + i, "order %d: host A[%d] = %d after copy-back",
	       order, i, A[i]);
      dir_check_absent (A, N, sizeof A[0], dev, "A after target data");
    }

  /* enter data with alloc and to items over the same bytes, both orders:
     the device copy holds the host values wherever a to-item reaches.  */
  for (int order = 0; order < 2; order++)
    {
      reset ();
      if (order == 0)
	{
#pragma omp target enter data map(alloc: q[0:8]) map(to: p[4:8])
	}
      else
	{
#pragma omp target enter data map(to: p[4:8]) map(alloc: q[0:8])
	}
      int buf[8];
      dm_dev_read (buf, &A[4], sizeof buf, dev);
      CHECK_INTS (buf, 8, 104 + i, "device A[4:8] after alloc + to");
#pragma omp target exit data map(release: q[0:8]) map(release: p[4:8])
      dir_check_absent (A, N, sizeof A[0], dev, "A after exit data");
    }

  /* A region writing the section of a from-item and a to-item: both
     copy back (union of the from-types).  */
  reset ();
#pragma omp target map(from: q[0:4]) map(tofrom: p[2:6])
  for (int i = 0; i < 8; i++)
    A[i] = -i;
  for (int i = 0; i < 8; i++)
    CHECK (A[i] == -i, "host A[%d] = %d after the region, expected %d", i,
	   A[i], -i);
  return 0;
}
