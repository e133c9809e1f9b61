/* A global array of fixed size (constant sizes: omp-expand puts them in
   a static array) stays on the device across the loop.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 1 transfers 800 bytes, d2h 1 transfers 800 bytes" { target offload_device } } */
#include <stdlib.h>

double G[100];

int
main (void)
{
  for (int t = 0; t < 50; t++)
    {
#pragma omp target map(tofrom: G)
      for (int i = 0; i < 100; i++)
	G[i] += i;
    }
  for (int i = 0; i < 100; i++)
    if (G[i] != 50.0 * i)
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "global-array.c:15:9: deepmap: hoist: 'G' kept on the device across the loop at global-array.c:13" } } */
