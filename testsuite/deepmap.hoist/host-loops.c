/* Host loops inside the kept loop.  A loop that reads the section gets
   one update from, before it, of every byte its iterations may read; a
   loop that writes every element of a stretch in turn (the step is the
   element size, forwards or backwards, on every iteration) gets one
   update to of that stretch after it.  Writes that skip elements or
   happen on some iterations only, and loops two levels down, can only
   be followed by copying the whole section back before the loop (and
   out after it, for a write): worth it for two_deep's reads, not for
   strided's and sometimes's writes, whose whole copies would move as
   much as their constructs' maps, so those arrays are not kept.  Each
   function's results are checked against the same code run on the
   host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* row: A and B in once (2 x 2048 bytes), then per step one row of B
   (128 bytes) in, the row the host wrote, and one out, the row it reads;
   A and B out once.  The updates of A, which may be B, move 0 bytes and
   are not counted.  backwards: C in and out once, one row each way per
   step.  strided and sometimes: D (128 bytes) in and out at each of
   their 4 steps; two_deep: D in and out once, and back before the host
   loop at each step.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 20 transfers 8320 bytes, d2h 24 transfers 8832 bytes" { target offload_device } } */
#include <stdlib.h>
#include <string.h>

#define N 16
#define STEPS 4

/* Unknown to the compiler, so that it cannot unroll the loop over it.  */
volatile int reps = 2;

__attribute__ ((noinline)) static double
row (int n, int steps, double *A, double *B)
{
  double probe = 0;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n * n], B[0:n * n])
      for (int i = 1; i < n * n; i++)
	B[i] = 0.5 * (A[i] + A[i - 1]) + B[i];
      for (int j = 0; j < n; j++)
	probe += B[(n / 2) * n + j];
      for (int j = 0; j < n; j++)
	B[j] = (t + j) % 5;
#pragma omp target teams distribute parallel for map(tofrom: A[0:n * n], B[0:n * n])
      for (int i = 0; i < n * n; i++)
	A[i] = 0.25 * B[i] + 0.5 * A[i];
    }
  return probe;
}

__attribute__ ((noinline)) static void
backwards (int n, int steps, double *C)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: C[0:n * n])
      for (int i = n; i < n * n; i++)
	C[i] = 0.5 * C[i] + C[i % n];
      for (int j = n - 1; j >= 0; j--)
	C[j] = C[n * n - n + j] * 0.125;
    }
}

__attribute__ ((noinline)) static void
strided (int n, int steps, double *D)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: D[0:n])
      for (int i = 0; i < n; i++)
	D[i] += i;
      for (int j = 0; j < n; j += 2)
	D[j] = t;
    }
}

__attribute__ ((noinline)) static void
sometimes (int n, int steps, double *D)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: D[0:n])
      for (int i = 0; i < n; i++)
	D[i] += i;
      for (int j = 0; j < n; j++)
	if (D[j] > 20)
	  D[j] = 0;
    }
}

__attribute__ ((noinline)) static double
two_deep (int n, int steps, int reps, double *D)
{
  double s = 0;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: D[0:n])
      for (int i = 0; i < n; i++)
	D[i] = D[i] * 0.5 + t;
      for (int a = 0; a < reps; a++)
	for (int j = 0; j < n; j++)
	  s += D[j] * a;
    }
  return s;
}

static double *
copy (const double *x, int n)
{
  double *y = malloc (n * sizeof *y);
  memcpy (y, x, n * sizeof *y);
  return y;
}

int
main (void)
{
  int nn = N * N;
  double *A = malloc (nn * sizeof *A), *B = malloc (nn * sizeof *B);
  double *C = malloc (nn * sizeof *C), *D = malloc (N * sizeof *D);
  for (int i = 0; i < nn; i++)
    {
      A[i] = i % 7;
      B[i] = i % 3;
      C[i] = i % 5;
    }
  for (int i = 0; i < N; i++)
    D[i] = i;
  double *a = copy (A, nn), *b = copy (B, nn), *c = copy (C, nn);
  double *d = copy (D, N);

  double p = row (N, STEPS, A, B);
  backwards (N, STEPS, C);
  strided (N, STEPS, D);
  sometimes (N, STEPS, D);
  double s = two_deep (N, STEPS, reps, D);

  /* Host model: the same loops without the constructs.  */
  double q = 0;
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 1; i < nn; i++)
	b[i] = 0.5 * (a[i] + a[i - 1]) + b[i];
      for (int j = 0; j < N; j++)
	q += b[(N / 2) * N + j];
      for (int j = 0; j < N; j++)
	b[j] = (t + j) % 5;
      for (int i = 0; i < nn; i++)
	a[i] = 0.25 * b[i] + 0.5 * a[i];
    }
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = N; i < nn; i++)
	c[i] = 0.5 * c[i] + c[i % N];
      for (int j = N - 1; j >= 0; j--)
	c[j] = c[nn - N + j] * 0.125;
    }
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 0; i < N; i++)
	d[i] += i;
      for (int j = 0; j < N; j += 2)
	d[j] = t;
    }
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 0; i < N; i++)
	d[i] += i;
      for (int j = 0; j < N; j++)
	if (d[j] > 20)
	  d[j] = 0;
    }
  double r = 0;
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 0; i < N; i++)
	d[i] = d[i] * 0.5 + t;
      for (int a2 = 0; a2 < reps; a2++)
	for (int j = 0; j < N; j++)
	  r += d[j] * a2;
    }
  if (p != q || s != r || memcmp (A, a, nn * sizeof *a)
      || memcmp (B, b, nn * sizeof *b) || memcmp (C, c, nn * sizeof *c)
      || memcmp (D, d, N * sizeof *d))
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "host-loops.c:38:9: deepmap: hoist: 'B' kept on the device across the loop at host-loops.c:36 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "host-loops.c:42:12: deepmap: hoist: 'B' copied from the device before the host loop whose reads may see it \\(target update from\\)" } } */
/* { dg-final { scan-deepmap-report "host-loops.c:44:7: deepmap: hoist: 'B' copied to the device after the host loop whose writes may change it \\(target update to\\)" } } */
/* { dg-final { scan-deepmap-report "host-loops.c:57:9: deepmap: hoist: 'C' kept on the device across the loop at host-loops.c:55" } } */
/* { dg-final { scan-deepmap-report "host-loops.c:61:7: deepmap: hoist: 'C' copied to the device after the host loop whose writes may change it" } } */
/* { dg-final { scan-deepmap-report "host-loops.c:70:9: deepmap: hoist: missed: 'D' not kept on the device across the loop at host-loops.c:68 because a host loop that only whole copies can follow runs at every step" } } */
/* { dg-final { scan-deepmap-report "host-loops.c:83:9: deepmap: hoist: missed: 'D' not kept on the device across the loop at host-loops.c:81 because a host loop that only whole copies can follow runs at every step" } } */
/* { dg-final { scan-deepmap-report "host-loops.c:98:9: deepmap: hoist: 'D' kept on the device across the loop at host-loops.c:96" } } */
/* { dg-final { scan-deepmap-report "host-loops.c:103:10: deepmap: hoist: 'D' copied from the device before the host loop whose accesses may see it, whole \\(target update from\\)" } } */
