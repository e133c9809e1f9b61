/* XSBench's lookups: device functions defined after the kernel that
   calls them, given the kernel's arrays (not their addresses) by the
   parallel body of a combined construct, one of them cloned by IPA
   (its output argument is always a local array: IPA-SRA).  The arrays
   they only read are not copied back after the loop; the one they write
   is.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* e (16000 bytes) and g (8000) in once, v written first (not copied
   in), v back once (8000).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 24000 bytes, d2h \[0-9\]+ transfers 8000 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 2000
#define L 500

#pragma omp declare target
static double lookup (const double *e, const int *g, int i, int *hit);
#pragma omp end declare target

__attribute__ ((noinline)) static void
simulate (const double *e, const int *g, int *v, int reps)
{
  for (int r = 0; r < reps; r++)
    {
#pragma omp target teams distribute parallel for map(tofrom: e[0:N], g[0:N], v[0:N])
      for (int i = 0; i < N; i++)
	{
	  int hit = 0;
	  v[i] = (int) lookup (e, g, i, &hit) + hit;
	}
    }
}

int
main (void)
{
  double *e = (double *) malloc (N * sizeof *e);
  int *g = (int *) malloc (N * sizeof *g);
  int *v = (int *) malloc (N * sizeof *v);
  for (int i = 0; i < N; i++)
    {
      e[i] = (i * 7) % 13;
      g[i] = (i * 5) % N;
      v[i] = -1;
    }
  simulate (e, g, v, 4);
  for (int i = 0; i < N; i++)
    {
      int hit = 0;
      double x = 0;
      for (int k = 0; k < 3; k++)
	{
	  int j = (g[(i + k) % N] + k) % N;
	  x += e[j];
	  hit += e[j] > 6;
	}
      if (v[i] != (int) x + hit || e[i] != (i * 7) % 13 || g[i] != (i * 5) % N)
	abort ();
    }
  return 0;
}

#pragma omp declare target
__attribute__ ((noinline)) static void
micro (const double *e, const int *g, int i, int k, double *out)
{
  int j = (g[(i + k) % N] + k) % N;
  out[0] = e[j];
  out[1] = e[j] > 6;
}

__attribute__ ((noinline)) static double
lookup (const double *e, const int *g, int i, int *hit)
{
  double x = 0;
  for (int k = 0; k < 3; k++)
    {
      double out[2];
      micro (e, g, i, k, out);
      x += out[0];
      *hit += (int) out[1];
    }
  return x;
}
#pragma omp end declare target
/* { dg-final { scan-deepmap-report "device-call-clone.c:26:9: deepmap: hoist: 'e' kept on the device across the loop at device-call-clone.c:24 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } } */
/* { dg-final { scan-deepmap-report "device-call-clone.c:26:9: deepmap: hoist: 'g' kept on the device across the loop at device-call-clone.c:24 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } } */
