/* bandwidth.c -- host<->device bandwidth of `target update' on pageable
   memory, 4 KiB ... MAX bytes, under whichever libgomp.so.1 the dynamic
   loader picks (deepmap's, or GCC 12's with libgomp-plugin-nvptx1).
   Build with -foffload=nvptx-none so that GCC's runtime uses the GPU.
   Output: one line per size, "SIZE H2D_GBps D2H_GBps" (median of REPS).

   Usage: bandwidth [MAX_BYTES [REPS]]  */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../benchutil.h"

int
main (int argc, char **argv)
{
  size_t max = argc > 1 ? strtoull (argv[1], NULL, 0) : (size_t) 1 << 30;
  int reps = argc > 2 ? atoi (argv[2]) : 9;
  if (omp_get_num_devices () < 1)
    {
      fprintf (stderr, "bandwidth: no offload device\n");
      return 1;
    }
  char *a = malloc (max);
  memset (a, 1, max);	/* fault the pages in: measure copies, not faults */
  double *t = malloc (reps * sizeof *t);
  printf ("# bytes h2d_GBps d2h_GBps (median of %d)\n", reps);
  for (size_t n = 4096; n <= max; n *= 2)
    {
#pragma omp target enter data map(alloc: a[0:n])
      double bw[2];
      for (int dir = 0; dir < 2; dir++)
	{
	  for (int r = 0; r < reps; r++)
	    {
	      double t0 = bench_now_s ();
	      if (dir == 0)
		{
#pragma omp target update to(a[0:n])
		}
	      else
		{
#pragma omp target update from(a[0:n])
		}
	      t[r] = bench_now_s () - t0;
	    }
	  qsort (t, reps, sizeof *t, bench_cmp_double);
	  bw[dir] = n / t[reps / 2] / 1e9;
	}
#pragma omp target exit data map(delete: a[0:n])
      printf ("%zu %.3f %.3f\n", n, bw[0], bw[1]);
      fflush (stdout);
    }
  return 0;
}
