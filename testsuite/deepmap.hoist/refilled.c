/* A kept section that the host writes in full at the top of every step,
   before any construct uses it (a counter reset, a memset of an
   accumulator): the update after the write sends it, so the enter data
   need not copy it in (the runtime drops the deferred copy when the
   update covers it).
   - counter: count[0] = 0, then a kernel that counts into it (HeCBench's
     accuracy);
   - cleared: memset of the whole array, then a kernel that adds to it;
   - no_steps: a loop left before its first construct: the enter data
     waits for that construct, so nothing moves;
   - read_first: the host reads the array before it writes it, which
     needs the device's bytes: copied in;
   - sometimes: the write is under a test: copied in;
   - zeroed: a host loop clears the array: its update on the loop's exit
     sends all of it;
   - partly: the host writes one element first: its update sends only
     that, and the runtime makes the deferred copy then.
   Every result is checked against the host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* In: x (400), 4 updates of count (16), 3 of acc (2400), read_first's
   r (800) and its 3 updates (2400), sometimes' s (800) and its 2
   updates (1600), zeroed's 3 updates (2400),
   partly's u once, when its first update does not send all of it
   (800), and its 3 updates (24).  Back: count (4), acc (800),
   r's 3 updates before the reads (24) and r (800), s (800), q (800),
   u (800).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 22 transfers 11640 bytes, d2h 9 transfers 4028 bytes" { target offload_device } } */
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

/* The host clears the array in a loop: its update on the loop's exit
   sends all of it.  */
__attribute__ ((noinline)) static void
zeroed (double *q, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i = 0; i < n; i++)
	q[i] = 0;
#pragma omp target teams distribute parallel for map(tofrom: q[0:n])
      for (int i = 0; i < n; i++)
	q[i] += i + t;
    }
}

/* The host writes one element first: its update sends only that, so
   the deferred copy is made then.  */
__attribute__ ((noinline)) static void
partly (double *u, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
      u[0] = t;
#pragma omp target teams distribute parallel for map(tofrom: u[0:n])
      for (int i = 0; i < n; i++)
	u[i] += 1;
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
  double *q = (double *) malloc (N * sizeof *q);
  double *u = (double *) malloc (N * sizeof *u);
  for (int i = 0; i < N; i++)
    q[i] = u[i] = 5 + i;
  zeroed (q, N, 3);
  partly (u, N, 3);
  for (int i = 0; i < N; i++)
    if (q[i] != i + 2 || u[i] != (i == 0 ? 2 + 1 : 5 + i + 3))
      abort ();
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

/* { dg-final { scan-deepmap-report "refilled.c:41:9: deepmap: hoist: 'count\\\[0\\\]' kept on the device across the loop at refilled.c:38 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in where the update after the host's first write sends all of it" } } */
/* { dg-final { scan-deepmap-report "refilled.c:58:9: deepmap: hoist: 'acc' kept on the device across the loop at refilled.c:55 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in where" } } */
/* { dg-final { scan-deepmap-report "refilled.c:74:9: deepmap: hoist: 'z' kept on the device across the loop at refilled.c:69 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in where" } } */
/* { dg-final { scan-deepmap-report "refilled.c:88:9: deepmap: hoist: 'r' kept on the device across the loop at refilled.c:84 \\(enter data map\\(to\\), exit data map\\(from\\)\\)\n" } } */
/* { dg-final { scan-deepmap-report "refilled.c:102:9: deepmap: hoist: 's' kept on the device across the loop at refilled.c:98 \\(enter data map\\(to\\), exit data map\\(from\\)\\)\n" } } */
/* { dg-final { scan-deepmap-report "refilled.c:117:9: deepmap: hoist: 'q' kept on the device across the loop at refilled.c:113 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in where" } } */
