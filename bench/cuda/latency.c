/* latency.c -- time per target region: an empty region, and one that
   maps a scalar to and from the device, under whichever libgomp.so.1 is
   loaded.  Output: "empty_us map_us" (medians of 5 batches of ITERS).

   Usage: latency [ITERS]  */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "../benchutil.h"

int
main (int argc, char **argv)
{
  int iters = argc > 1 ? atoi (argv[1]) : 2000;
  if (omp_get_num_devices () < 1)
    {
      fprintf (stderr, "latency: no offload device\n");
      return 1;
    }
  int x = 0;
  /* Warm up: device start, image load, JIT.  */
#pragma omp target map(tofrom: x)
  x++;
  double empty[5], mapped[5];
  for (int b = 0; b < 5; b++)
    {
      double t0 = bench_now_s ();
      for (int i = 0; i < iters; i++)
	{
#pragma omp target
	  {
	  }
	}
      empty[b] = (bench_now_s () - t0) / iters * 1e6;
      t0 = bench_now_s ();
      for (int i = 0; i < iters; i++)
	{
#pragma omp target map(tofrom: x)
	  x++;
	}
      mapped[b] = (bench_now_s () - t0) / iters * 1e6;
    }
  printf ("# empty_region_us map_tofrom_scalar_us (median of 5 x %d)\n",
	  iters);
  printf ("%.2f %.2f\n", bench_median (empty, 5),
	  bench_median (mapped, 5));
  return x == 0;
}
