/* A teams distribute body that starts two parallel regions per block,
   as HeCBench's stencil1d does (load a block of the input, then work
   on it).  GCC hands each parallel region its own argument block; the
   alias oracle says the second start may read the first's block, whose
   address escaped into the first start.  It cannot: the address went
   nowhere else and the first body keeps it to itself.  So the input,
   which neither body writes, stays on the device across the loop
   (copied in once, not back), and the output is copied back once.  The
   result is the host's.  Reduced from HeCBench stencil1d-omp.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-final { scan-deepmap-report "nested-parallels.c:29:9: deepmap: hoist: 'a' kept on the device across the loop at nested-parallels.c:27 \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } } */
/* { dg-final { scan-deepmap-report "nested-parallels.c:29:9: deepmap: hoist: 'b' kept on the device across the loop at nested-parallels.c:27 \\(enter data map\\(alloc\\), exit data map\\(from\\)\\)" } } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 1 transfers 4096 bytes, d2h 1 transfers 4096 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 1024
#define BLOCK 64
#define STEPS 10

int
main (void)
{
  int *a = (int *) malloc (N * sizeof (int)), *b = (int *) malloc (N * sizeof (int));
  for (int i = 0; i < N; i++)
    a[i] = i;
  for (int r = 0; r < STEPS; r++)
    {
#pragma omp target teams distribute map(to: a[0:N]) map(from: b[0:N])
      for (int i = 0; i < N; i += BLOCK)
	{
#pragma omp parallel for
	  for (int j = i; j < i + BLOCK; j++)
	    b[j] = a[j] + r;
#pragma omp parallel for
	  for (int j = i; j < i + BLOCK; j++)
	    b[j] *= 2;
	}
    }
  for (int i = 0; i < N; i++)
    if (b[i] != 2 * (i + STEPS - 1))
      abort ();
  free (a);
  free (b);
  return 0;
}
