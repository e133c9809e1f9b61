/* map(tofrom: p[5:10]) of a pointer: only elements 5..14 are mapped, and
   the region's p (a firstprivate pointer with a bias) is translated so
   that p[5] .. p[14] are the device copies.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 100

int
main (void)
{
  int *p = malloc (N * sizeof *p);
  int buf[10];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    p[i] = i;

#pragma omp target data map(tofrom: p[5:10])
  {
    CHECK (omp_target_is_present (&p[5], dev), "p[5] not present");
    CHECK (omp_target_is_present (&p[14], dev), "p[14] not present");
    CHECK (!omp_target_is_present (&p[4], dev), "p[4] present");
    CHECK (!omp_target_is_present (&p[15], dev), "p[15] present");

#pragma omp target map(tofrom: p[5:10])
    for (int i = 5; i < 15; i++)
      p[i] = p[i] * 10 + 1;

    dm_dev_read (buf, &p[5], sizeof buf, dev);
    CHECK_INTS (buf, 10, (i + 5) * 10 + 1, "device copy of p[5:10]");
    CHECK_INTS (p, N, i, "host copy while mapped");

    /* The pointer the region sees points into device memory such that
       p + 5 is the device address of host p[5].  */
    int *devp5 = NULL;
    int *expect = dm_mapped (&p[5], dev);
#pragma omp target map(tofrom: p[5:10]) map(from: devp5)
    devp5 = &p[5];
    CHECK (devp5 == expect, "region's &p[5] is %p, mapped address %p",
	   (void *) devp5, (void *) expect);
  }
  for (int i = 0; i < N; i++)
    {
      int e = i >= 5 && i < 15 ? i * 10 + 1 : i;
      CHECK (p[i] == e, "host p[%d] = %d after copy-back, expected %d", i,
	     p[i], e);
    }

  /* A lone region with a section that starts in the middle.  */
  int *q = p + 50;
#pragma omp target map(tofrom: q[-3:6])
  for (int i = -3; i < 3; i++)
    q[i] = -q[i];
  for (int i = 0; i < N; i++)
    {
      int e = i >= 5 && i < 15 ? i * 10 + 1 : i >= 47 && i < 53 ? -i : i;
      CHECK (p[i] == e, "host p[%d] = %d after q[-3:6], expected %d", i,
	     p[i], e);
    }
  free (p);
  return 0;
}
