/* A target data construct whose list item was deleted inside it, and a
   smaller part of it mapped again by enter data: at the construct's end
   the item is not wholly present, so the end leaves the later mapping
   alone (no reference dropped, nothing copied back).  The other way
   round (the item is inside a larger later mapping) the end releases it
   as usual, copying back the item's bytes alone.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 64

static int a[N], b[N];

int
main (void)
{
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = b[i] = 1;

  /* Bytes of the end of A mapped again inside the construct.  */
#pragma omp target data map(tofrom: a[0:N])
  {
#pragma omp target exit data map(delete: a[0:N])
#pragma omp target enter data map(alloc: a[N - 4:4])
#pragma omp target map(alloc: a[N - 4:4])
    for (int i = N - 4; i < N; i++)
      a[i] = 2;
  }
  CHECK (omp_target_is_present (&a[N - 4], dev),
	 "the later enter data's mapping was released by the data end");
  CHECK_INTS (a, N, 1, "host a after the data end");
#pragma omp target exit data map(from: a[N - 4:4])
  CHECK_INTS (a, N, i < N - 4 ? 1 : 2, "host a after exit data");
  CHECK (!omp_target_is_present (&a[N - 4], dev), "a still present");

  /* The construct's item inside a larger mapping made inside it.  */
#pragma omp target data map(tofrom: b[0:2])
  {
#pragma omp target exit data map(delete: b[0:2])
#pragma omp target enter data map(alloc: b[0:N])
#pragma omp target map(alloc: b[0:N])
    for (int i = 0; i < N; i++)
      b[i] = 3;
  }
  CHECK_INTS (b, N, i < 2 ? 3 : 1, "host b after the data end");
  CHECK (!omp_target_is_present (b, dev), "b still present");
  return 0;
}
