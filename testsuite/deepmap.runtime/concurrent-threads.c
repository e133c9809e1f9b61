/* Host threads mapping concurrently: inside a host parallel region every
   thread maps its own array (target data, enter/exit data) and runs
   target regions on it; results and presence are per thread.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define T 8
#define N 512
#define ROUNDS 20

int
main (void)
{
  static int arr[T][N];
  int errors = 0;
  int dev = dm_dev ();
  dm_require_device ();

#pragma omp parallel num_threads(T) reduction(+: errors)
  {
    int t = omp_get_thread_num ();
    int *a = arr[t];
    for (int i = 0; i < N; i++)
      a[i] = t * 1000 + i;

    for (int r = 0; r < ROUNDS; r++)
      {
#pragma omp target data map(tofrom: a[0:N]) device(dev)
	{
#pragma omp target map(tofrom: a[0:N]) device(dev)
	  for (int i = 0; i < N; i++)
	    a[i] += 1;
	  /* Not copied back yet.  */
	  if (a[0] != t * 1000 + r)
	    errors++;
	  if (!omp_target_is_present (a, dev))
	    errors++;
	}
	if (a[0] != t * 1000 + r + 1)
	  errors++;
      }

#pragma omp target enter data map(to: a[0:N]) device(dev)
#pragma omp target device(dev)
    for (int i = 0; i < N; i++)
      a[i] *= 2;
#pragma omp target exit data map(from: a[0:N]) device(dev)
    if (omp_target_is_present (a, dev))
      errors++;
    for (int i = 0; i < N; i++)
      if (a[i] != 2 * (t * 1000 + i + ROUNDS))
	errors++;
  }
  CHECK (errors == 0, "%d mismatches across threads", errors);
  for (int t = 0; t < T; t++)
    for (int i = 0; i < N; i++)
      CHECK (arr[t][i] == 2 * (t * 1000 + i + ROUNDS),
	     "arr[%d][%d] = %d, expected %d", t, i, arr[t][i],
	     2 * (t * 1000 + i + ROUNDS));
  return 0;
}
