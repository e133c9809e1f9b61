/* LULESH's check of the artificial viscosity: every few steps the host
   searches the device-computed array for an element over a limit and
   breaks out of its loop at the first.  A loop with two exits that only
   reads the array needs its copy only before it: the array is kept
   across the time loop, copied back whole before each search.  Results
   are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* q in once (800 bytes), back before each of the 3 searches (steps 3, 7
   and 11: 2400) and at the end (800).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 800 bytes, d2h \[0-9\]+ transfers 3200 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100
#define STEPS 12

__attribute__ ((noinline)) static int
run (double *q, double limit)
{
  int found = -1;
  for (int t = 0; t < STEPS; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: q[0:N])
      for (int i = 0; i < N; i++)
	q[i] = q[i] * 1.5 + 1;
      if (t % 4 == 3)
	{
	  int idx = -1;
	  for (int i = 0; i < N; i++)
	    if (q[i] > limit)
	      {
		idx = i;
		break;
	      }
	  if (idx >= 0 && found < 0)
	    found = t * 1000 + idx;
	}
    }
  return found;
}

int
main (void)
{
  double *q = (double *) malloc (N * sizeof *q);
  double *h = (double *) malloc (N * sizeof *h);
  for (int i = 0; i < N; i++)
    q[i] = h[i] = i % 10;
  double limit = 120;
  int found = run (q, limit);
  int want = -1;
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 0; i < N; i++)
	h[i] = h[i] * 1.5 + 1;
      if (t % 4 == 3 && want < 0)
	for (int i = 0; i < N; i++)
	  if (h[i] > limit)
	    {
	      want = t * 1000 + i;
	      break;
	    }
    }
  if (found != want || want < 0)
    abort ();
  for (int i = 0; i < N; i++)
    if (q[i] != h[i])
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "host-search-break.c:23:9: deepmap: hoist: 'q' kept on the device across the loop at host-search-break.c:21 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
