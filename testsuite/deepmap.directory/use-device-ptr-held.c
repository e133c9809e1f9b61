/* A device address handed to the program by use_device_ptr stays valid
   while its construct is active: a section that only touches the block
   holding it gets a block of its own instead of fusing (which would move
   the data away from the address the program holds).  Once the construct
   has ended, touching sections fuse again.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dir-check.h"

#define N 32

int
main (void)
{
  int *a = malloc (2 * N * sizeof *a);
  int *host_a = a;
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < 2 * N; i++)
    a[i] = i;

#pragma omp target data map(tofrom: a[0:N]) use_device_ptr(a)
  {
    int *d = a;
    CHECK (d != host_a, "use_device_ptr gave the host address");

    /* a[N:N] touches a[0:N]: mapped apart, D is not moved.  */
#pragma omp target enter data map(to: host_a[N:N])
    CHECK (dm_mapped (host_a, dev) == d,
	   "a[0] moved to %p while the program holds %p",
	   dm_mapped (host_a, dev), (void *) d);
    CHECK (omp_target_is_present (host_a + N, dev), "a[N] is not present");

    /* The held address still reaches the device copy.  */
#pragma omp target is_device_ptr(d)
    for (int i = 0; i < N; i++)
      d[i] += 1000;

    /* And the other section has its own, correct device values.  */
#pragma omp target map(alloc: host_a[N:N])
    for (int i = N; i < 2 * N; i++)
      host_a[i] += 2000;

#pragma omp target exit data map(from: host_a[N:N])
  }
  for (int i = 0; i < N; i++)
    CHECK (a[i] == i + 1000, "a[%d] is %d, expected %d", i, a[i], i + 1000);
  for (int i = N; i < 2 * N; i++)
    CHECK (a[i] == i + 2000, "a[%d] is %d, expected %d", i, a[i], i + 2000);

  /* Without a held address, touching sections share one block.  */
#pragma omp target enter data map(to: a[0:N])
#pragma omp target enter data map(to: a[N:N])
  dir_check_range (a, 2 * N, sizeof *a, dev, "after the construct");
#pragma omp target exit data map(delete: a[0:2*N])
  dir_check_absent (a, 2 * N, sizeof *a, dev, "at the end");
  free (a);
  return 0;
}
