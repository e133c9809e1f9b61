/* A call given the pointer that rotates among a loop's arrays (the
   current one, recorded every few steps) can reach only the array the
   pointer is at the time, when each array is an allocation of its own
   that nothing else sees: only that one is copied from the device
   before it, and sent back after a call that writes it.  When the two
   arrays are halves of one allocation, the call may reach either: both
   are copied.  All results are checked against the host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* apart: 2 in, 3 records and 3 bumps (from, then to) of the current
   array, 2 out; halves: 2 in, 3 records of both, 2 out.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 7 transfers 56000 bytes, d2h 16 transfers 128000 bytes" { target offload_device } } */
#include <stdlib.h>
#include <string.h>

#define N 1000
#define STEPS 12

double sums[2][STEPS];

__attribute__ ((noinline)) static void
record (const double *f, int n, int k, int t)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += f[i];
  sums[k][t] = s;
}

__attribute__ ((noinline)) static void
bump (double *f, int n)
{
  f[n / 2] += 1;
}

static void
init (double *a, double *b, int n)
{
  for (int i = 0; i < n; i++)
    a[i] = b[i] = (i * 7 % 13) / 13.0;
}

/* Two allocations trading places.  */
__attribute__ ((noinline)) static void
apart (int n, double *out)
{
  double *cur = malloc (n * sizeof *cur), *prev = malloc (n * sizeof *prev);
  init (cur, prev, n);
  for (int t = 0; t < STEPS; t++)
    {
#pragma omp target teams distribute parallel for map(to: prev[0:n]) \
	map(tofrom: cur[0:n])
      for (int i = 1; i < n - 1; i++)
	cur[i] = 0.25 * (prev[i - 1] + 2 * prev[i] + prev[i + 1]);
      if (t % 4 == 0)
	record (cur, n, 0, t);
      if (t % 5 == 0)
	bump (cur, n);
      double *tmp = cur;
      cur = prev;
      prev = tmp;
    }
  memcpy (out, prev, n * sizeof *out);
  free (cur);
  free (prev);
}

/* Two halves of one allocation: a call given one may reach the other.  */
__attribute__ ((noinline)) static void
halves (int n, double *out)
{
  double *buf = malloc (2 * n * sizeof *buf);
  double *cur = buf, *prev = buf + n;
  init (cur, prev, n);
  for (int t = 0; t < STEPS; t++)
    {
#pragma omp target teams distribute parallel for map(to: prev[0:n]) \
	map(tofrom: cur[0:n])
      for (int i = 1; i < n - 1; i++)
	cur[i] = 0.25 * (prev[i - 1] + 2 * prev[i] + prev[i + 1]);
      if (t % 4 == 0)
	record (cur, n, 1, t);
      double *tmp = cur;
      cur = prev;
      prev = tmp;
    }
  memcpy (out, prev, n * sizeof *out);
  free (buf);
}

/* The same on the host.  */
static void
host (int n, int k, int bumps, double *out)
{
  double *cur = malloc (n * sizeof *cur), *prev = malloc (n * sizeof *prev);
  init (cur, prev, n);
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 1; i < n - 1; i++)
	cur[i] = 0.25 * (prev[i - 1] + 2 * prev[i] + prev[i + 1]);
      if (t % 4 == 0)
	record (cur, n, k, t);
      if (bumps && t % 5 == 0)
	bump (cur, n);
      double *tmp = cur;
      cur = prev;
      prev = tmp;
    }
  memcpy (out, prev, n * sizeof *out);
  free (cur);
  free (prev);
}

int
main (void)
{
  static double dev[2][N], ref[2][N], dsums[2][STEPS];
  apart (N, dev[0]);
  halves (N, dev[1]);
  memcpy (dsums, sums, sizeof sums);
  memset (sums, 0, sizeof sums);
  host (N, 0, 1, ref[0]);
  host (N, 1, 0, ref[1]);
  if (memcmp (dsums, sums, sizeof sums) || memcmp (dev, ref, sizeof ref))
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "rotation-call.c:56:2: deepmap: hoist: 'cur' copied from the device before a call that may see it \\(target update from\\)" } } */
/* { dg-final { scan-deepmap-report "rotation-call.c:58:2: deepmap: hoist: 'cur' copied to the device after a call that may change it \\(target update to\\)" } } */
/* { dg-final { scan-deepmap-report-not "rotation-call.c:5\[68\]:2: deepmap: hoist: 'prev'" } } */
/* { dg-final { scan-deepmap-report "rotation-call.c:82:2: deepmap: hoist: 'buf' copied from the device before a call that may see it" } } */
/* { dg-final { scan-deepmap-report "rotation-call.c:82:2: deepmap: hoist: 'prev' copied from the device before a call that may see it" } } */
