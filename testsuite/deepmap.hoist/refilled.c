/* A kept section that the host writes in full at the top of every step,
   before any construct uses it (a counter reset, a memset of an
   accumulator): the update after the write sends it, so the enter data
   need not copy it in (the runtime drops the deferred copy when the
   update covers it).
   - counter: count[0] = 0, then a kernel that counts into it (HeCBench's
     accuracy);
   - cleared: memset of the whole array, then a kernel that adds to it;
   - no_steps: a loop left before its first write: the exit data copies
     back the host's own bytes (the deferred copy is made first);
   - read_first: the host reads the array before it writes it, which
     needs the device's bytes: copied in;
   - sometimes: the write is under a test: copied in.
   Every result is checked against the host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* In: x (400), 4 updates of count (16), 3 of acc (2400), read_first's
   r (800) and its 3 updates (2400), sometimes' s (800) and its 2
   updates (1600), z by its exit data (800).  Back: count (4), acc
   (800), z (800), r's 3 updates before the reads (24) and r (800), s
   (800).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 16 transfers 9216 bytes, d2h 8 transfers 3228 bytes" { target offload_device } } */
#include <stdlib.h>
#include <string.h>

#define N 100

__attribute__ ((noinline)) static int
counter (const int *x, int n, int steps)
{
  int count[1];
  for (int t = 0; t < steps; t++)
    {
      count[0] = 0;
#pragma omp target teams distribute parallel for map(tofrom: count[0:1]) map(to: x[0:n])
      for (int i = 0; i < n; i++)
	if (x[i] > t)
	  {
#pragma omp atomic update
	    count[0]++;
	  }
    }
  return count[0];
}

__attribute__ ((noinline)) static void
cleared (double *acc, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
      memset (acc, 0, n * sizeof *acc);
#pragma omp target teams distribute parallel for map(tofrom: acc[0:n])
      for (int i = 0; i < n; i++)
	acc[i] += i * t;
    }
}

volatile int zero = 0;

__attribute__ ((noinline)) static void
no_steps (double *z, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
      if (t == zero)
	break;
      memset (z, 0, n * sizeof *z);
#pragma omp target teams distribute parallel for map(tofrom: z[0:n])
      for (int i = 0; i < n; i++)
	z[i] += 1;
    }
}

__attribute__ ((noinline)) static double
read_first (double *r, int n, int steps)
{
  double s = 0;
  for (int t = 0; t < steps; t++)
    {
      s += r[t];
      memset (r, 0, n * sizeof *r);
#pragma omp target teams distribute parallel for map(tofrom: r[0:n])
      for (int i = 0; i < n; i++)
	r[i] += i + t;
    }
  return s;
}

__attribute__ ((noinline)) static void
sometimes (double *s, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
      if (t & 1)
	memset (s, 0, n * sizeof *s);
#pragma omp target teams distribute parallel for map(tofrom: s[0:n])
      for (int i = 0; i < n; i++)
	s[i] += 1;
    }
}

int
main (void)
{
  int x[N];
  for (int i = 0; i < N; i++)
    x[i] = i % 10;
  int want = 0;
  for (int i = 0; i < N; i++)
    want += x[i] > 3;
  if (counter (x, N, 4) != want)
    abort ();

  double *acc = (double *) malloc (N * sizeof *acc);
  double *z = (double *) malloc (N * sizeof *z);
  double *r = (double *) malloc (N * sizeof *r);
  double *s = (double *) malloc (N * sizeof *s);
  for (int i = 0; i < N; i++)
    acc[i] = z[i] = r[i] = s[i] = 5 + i;
  cleared (acc, N, 3);
  no_steps (z, N, 3);
  double sum = read_first (r, N, 3);
  sometimes (s, N, 4);
  /* read_first reads r[t] as the step before left it (5 + t first).  */
  double hs = 5 + 0 + (1 + 0) + (2 + 1);
  if (sum != hs)
    abort ();
  for (int i = 0; i < N; i++)
    if (acc[i] != i * 2 || z[i] != 5 + i || r[i] != i + 2
	|| s[i] != 1)
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "refilled.c:35:9: deepmap: hoist: 'count\\\[0\\\]' kept on the device across the loop at refilled.c:32 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in: the host writes all of it first, and its update sends it" } } */
/* { dg-final { scan-deepmap-report "refilled.c:52:9: deepmap: hoist: 'acc' kept on the device across the loop at refilled.c:49 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in: the host writes all of it first" } } */
/* { dg-final { scan-deepmap-report "refilled.c:68:9: deepmap: hoist: 'z' kept on the device across the loop at refilled.c:63 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in: the host writes all of it first" } } */
/* { dg-final { scan-deepmap-report "refilled.c:82:9: deepmap: hoist: 'r' kept on the device across the loop at refilled.c:78 \\(enter data map\\(to\\), exit data map\\(from\\)\\)\n" } } */
/* { dg-final { scan-deepmap-report "refilled.c:96:9: deepmap: hoist: 's' kept on the device across the loop at refilled.c:92 \\(enter data map\\(to\\), exit data map\\(from\\)\\)\n" } } */
