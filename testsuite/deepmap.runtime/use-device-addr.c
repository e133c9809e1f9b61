/* use_device_addr on target data: references to an array or a scalar
   inside the construct are to its device copy.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 30

int
main (void)
{
  int arr[N], x = 17, buf[N];
  int *host_arr = arr, *host_x = &x;
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    arr[i] = i;

#pragma omp target data map(tofrom: arr, x)
  {
    void *darr = dm_mapped (arr, dev), *dx = dm_mapped (&x, dev);
    void *seen_arr, *seen_x;
#pragma omp target data use_device_addr(arr, x)
    {
      seen_arr = &arr[0];
      seen_x = &x;
      /* Device addresses can be handed to the device memory routines.  */
      int rc = omp_target_memcpy (buf, &arr[0], sizeof buf, 0, 0,
				  omp_get_initial_device (), dev);
      CHECK (rc == 0, "omp_target_memcpy returned %d", rc);
    }
    CHECK (seen_arr == darr, "use_device_addr(arr): %p, mapped %p",
	   seen_arr, darr);
    CHECK (seen_x == dx, "use_device_addr(x): %p, mapped %p", seen_x, dx);
    CHECK (seen_arr != host_arr && seen_x != host_x,
	   "use_device_addr gave host addresses");
    CHECK_INTS (buf, N, i, "device copy read through &arr[0]");

    int *p;
#pragma omp target data use_device_addr(arr)
    p = arr;
#pragma omp target is_device_ptr(p)
    for (int i = 0; i < N; i++)
      p[i] = -p[i];
    CHECK_INTS (arr, N, i, "host copy before copy-back");
  }
  CHECK_INTS (arr, N, -i, "host copy after copy-back");
  CHECK (x == 17, "x = %d", x);
  return 0;
}
