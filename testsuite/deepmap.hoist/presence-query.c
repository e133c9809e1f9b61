/* A loop that asks the runtime whether the array its kernels map is
   present (a library that maps what is not present, SOLLVE V&V's Mapper)
   gets the answer the program as written gets: the array is not kept on
   the device across the loop, where the question would find it present
   (an outside campaign).  Other arrays of the loop are still kept.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <omp.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  int dev = omp_get_default_device ();
  double *a = (double *) malloc (N * sizeof *a);
  double *b = (double *) malloc (N * sizeof *b);
  for (int i = 0; i < N; i++)
    a[i] = b[i] = i;
  int present = 0;
  for (int it = 0; it < 10; it++)
    {
#pragma omp target map(tofrom: a[0:N], b[0:N])
      for (int i = 0; i < N; i++)
	{
	  a[i] += 1;
	  b[i] += 2;
	}
      present += omp_target_is_present (a, dev);
    }
  /* No device: the host is the device, everything present.  */
  int expect = omp_get_num_devices () > 0 ? 0 : 10;
  if (present != expect || a[5] != 15 || b[5] != 25)
    abort ();
  free (a);
  free (b);
  return 0;
}
/* { dg-final { scan-deepmap-report "presence-query.c:23:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at presence-query.c:21 because the loop asks the runtime whether it is present" } } */
/* { dg-final { scan-deepmap-report "presence-query.c:23:9: deepmap: hoist: 'b' kept on the device across the loop" } } */
