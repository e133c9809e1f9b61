/* target update to/from: only the named section moves; the rest of the
   device copy (to) or of the host copy (from) keeps its values.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 64

int
main (void)
{
  int a[N], buf[N];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma omp target data map(tofrom: a)
  {
    /* Host changes everything, updates only a[10:5].  */
    for (int i = 0; i < N; i++)
      a[i] = 1000 + i;
#pragma omp target update to(a[10:5])
    dm_dev_read (buf, a, sizeof buf, dev);
    for (int i = 0; i < N; i++)
      {
	int e = i >= 10 && i < 15 ? 1000 + i : i;
	CHECK (buf[i] == e, "device a[%d] = %d after update to, expected %d",
	       i, buf[i], e);
      }

    /* Device changes everything, host pulls only a[40:8].  */
#pragma omp target
    for (int i = 0; i < N; i++)
      a[i] = -i;
#pragma omp target update from(a[40:8])
    for (int i = 0; i < N; i++)
      {
	int e = i >= 40 && i < 48 ? -i : 1000 + i;
	CHECK (a[i] == e, "host a[%d] = %d after update from, expected %d",
	       i, a[i], e);
      }

    /* A single element, and the whole array.  */
    a[0] = 77;
#pragma omp target update to(a[0])
    dm_dev_read (buf, a, sizeof buf, dev);
    CHECK (buf[0] == 77 && buf[1] == -1, "device a[0..1] = %d %d", buf[0],
	   buf[1]);
#pragma omp target update from(a)
    for (int i = 0; i < N; i++)
      {
	int e = i == 0 ? 77 : -i;
	CHECK (a[i] == e, "host a[%d] = %d after update from(a)", i, a[i]);
      }
    for (int i = 0; i < N; i++)
      a[i] = 5;
  }
  /* The end of the data region copies the device values back.  */
  for (int i = 0; i < N; i++)
    {
      int e = i == 0 ? 77 : -i;
      CHECK (a[i] == e, "host a[%d] = %d after the data region", i, a[i]);
    }

  /* Updating something not mapped does nothing.  */
  int b[4] = { 1, 2, 3, 4 };
#pragma omp target update from(b)
#pragma omp target update to(b)
  CHECK (b[0] == 1 && b[3] == 4, "update of an unmapped object changed it");
  CHECK (!omp_target_is_present (b, dev), "update made b present");
  return 0;
}
