/* Attach and detach with unstructured mapping: enter data of a struct and
   of the array its pointer member points to; regions use s.p; exit data
   of the array detaches (the device s.p gets back the host pointer value)
   while the struct stays mapped.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 16

struct vec
{
  int n;
  int *p;
};

int
main (void)
{
  int *arr = malloc (N * sizeof *arr);
  struct vec s = { N, arr };
  int buf[N];
  struct vec sdev;
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    arr[i] = 100 + i;

  /* Struct first, then the array: the second construct attaches.  */
#pragma omp target enter data map(to: s)
#pragma omp target enter data map(to: s.p[0:N])
  dm_dev_read (&sdev, &s, sizeof sdev, dev);
  CHECK (sdev.p == dm_mapped (arr, dev), "device s.p = %p, expected %p",
	 (void *) sdev.p, dm_mapped (arr, dev));

#pragma omp target
  for (int i = 0; i < s.n; i++)
    s.p[i] += 1000;
  dm_dev_read (buf, arr, sizeof buf, dev);
  CHECK_INTS (buf, N, 1100 + i, "device array");
  CHECK_INTS (arr, N, 100 + i, "host array while mapped");

#pragma omp target exit data map(from: s.p[0:N])
  CHECK_INTS (arr, N, 1100 + i, "host array after exit data");
  CHECK (!omp_target_is_present (arr, dev), "array still present");
  CHECK (omp_target_is_present (&s, dev), "s no longer present");
  /* Detach restores the original (host) pointer value on the device.  */
  dm_dev_read (&sdev, &s, sizeof sdev, dev);
  CHECK (sdev.p == arr, "device s.p = %p after detach, expected host %p",
	 (void *) sdev.p, (void *) arr);
  CHECK (s.p == arr, "host s.p changed");
#pragma omp target exit data map(release: s)
  CHECK (!omp_target_is_present (&s, dev), "s still present");

  /* Both in one construct.  */
#pragma omp target enter data map(to: s) map(to: s.p[0:N])
#pragma omp target
  for (int i = 0; i < s.n; i++)
    s.p[i] = -s.p[i];
#pragma omp target exit data map(from: s.p[0:N]) map(release: s)
  CHECK_INTS (arr, N, -(1100 + i), "host array after the second round");
  CHECK (s.p == arr && s.n == N, "host s changed");
  CHECK (!omp_target_is_present (&s, dev), "s still present at the end");
  CHECK (!omp_target_is_present (arr, dev), "arr still present at the end");
  free (arr);
  return 0;
}
