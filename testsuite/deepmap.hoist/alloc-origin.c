/* Where memory comes from (plugin/dm-storage.c).  A time loop keeps
   two arrays the function allocated (their addresses escape: a helper
   fills them), while host code between the kernels writes, under a
   test in a host loop, into a scratch array of its own allocation and
   into a static pointer cell allocated on first use (LULESH's
   per-thread minima).  As far as points-to analysis knows, those
   writes may land in the kept arrays: the whole arrays came back
   before each such host loop and went out again after it.  Two live
   allocations never overlap, and a cell into which the unit stores
   only allocation results points into none of the function's other
   allocations: no update at all.  The negative cases: a write through
   a pointer computed from a kept array (the same allocation) is
   updated; so is one through a static pointer the unit also sets to a
   kept array (not a cell).  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report -w" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-final { scan-deepmap-report "alloc-origin.c:94:1: deepmap: hoist: 'a' kept on the device across the loop" } } */
/* { dg-final { scan-deepmap-report "alloc-origin.c:94:1: deepmap: hoist: 'b' kept on the device across the loop" } } */
/* { dg-final { scan-deepmap-report-not "alloc-origin.c:94:1: deepmap: hoist: '\[ab\]' copied" } } */
/* { dg-final { scan-deepmap-report "alloc-origin.c:143:1: deepmap: hoist: 'a' copied to the device after the host loop whose writes may change it" } } */
/* { dg-final { scan-deepmap-report "alloc-origin.c:143:1: deepmap: hoist: 'c' copied to the device after the host loop whose writes may change it" } } */
/* The first function moves a and b once each way; the second updates.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 43 transfers 1409024 bytes, d2h 63 transfers 1410304 bytes" { target offload_device } } */
#include <stdlib.h>
#include "check.h"

#define N 4096
#define STEPS 10
#define LANES 8

__attribute__ ((noipa)) static void
fill (double *p, int n, double k)
{
  for (int i = 0; i < n; i++)
    p[i] = k * (i % 13);
}

__attribute__ ((noipa)) static void
keep (double *p)
{
  if (p[0] < -1e300)
    abort ();
}

#define OMP(x) _Pragma (#x)
#define HOST(x)

static double *lanes_dev, *lanes_host;

#define CODE(run, lanes, P) \
__attribute__ ((noinline)) static double \
run (int n) \
{ \
  double *a = (double *) malloc (n * sizeof *a); \
  double *b = (double *) malloc (n * sizeof *b); \
  double *scratch = (double *) malloc (LANES * sizeof *scratch); \
  fill (a, n, 1.0); \
  fill (b, n, 2.0); \
  double best = 0.0; \
  for (int t = 0; t < STEPS; t++) \
    { \
      P (omp target teams distribute parallel for map(tofrom: a[0:n], b[0:n])) \
      for (int i = 0; i < n; i++) \
	{ \
	  a[i] = 0.5 * a[i] + b[i]; \
	  b[i] = b[i] * 0.75 + t; \
	} \
      if (!lanes) \
	lanes = (double *) malloc (LANES * sizeof *lanes); \
      for (int l = 0; l < LANES; l++) \
	lanes[l] = l * 0.5 + t; \
      for (int l = 1; l < LANES; l++) \
	if (lanes[l] > lanes[0]) \
	  lanes[0] = lanes[l]; \
      for (int l = 0; l < LANES; l++) \
	scratch[l] = t - l; \
      for (int l = 1; l < LANES; l++) \
	if (scratch[l] < scratch[0]) \
	  scratch[0] = scratch[l]; \
      best += lanes[0] + scratch[0]; \
      P (omp target teams distribute parallel for map(tofrom: a[0:n], b[0:n])) \
      for (int i = 0; i < n; i++) \
	a[i] += b[i] * 0.125; \
    } \
  double r = best + a[7] + b[n - 1]; \
  keep (scratch); \
  free (scratch); \
  free (a); \
  free (b); \
  return r; \
}

CODE (run_device, lanes_dev, OMP)
CODE (run_host, lanes_host, HOST)

/* The negative cases: a pointer into a kept array, and a static
   pointer that is set to one (not a cell).  */
static double *maybe_c;

__attribute__ ((noipa)) static void
point_at (double *p)
{
  maybe_c = p;
}

#define NEG(run, P) \
__attribute__ ((noinline)) static double \
run (int n) \
{ \
  double *a = (double *) malloc (n * sizeof *a); \
  double *c = (double *) malloc (n * sizeof *c); \
  fill (a, n, 1.0); \
  fill (c, n, 3.0); \
  point_at (c); \
  double *mid = a + n / 2; \
  for (int t = 0; t < STEPS; t++) \
    { \
      P (omp target teams distribute parallel for map(tofrom: a[0:n], c[0:n])) \
      for (int i = 0; i < n; i++) \
	{ \
	  a[i] = 0.5 * a[i] + c[i]; \
	  c[i] = c[i] * 0.75 + t; \
	} \
      for (int l = 0; l < LANES; l++) \
	if (mid[l] > 3.0) \
	  mid[l] = 3.0; \
      for (int l = 0; l < LANES; l++) \
	if (maybe_c[l] > 5.0) \
	  maybe_c[l] = 5.0 - l; \
      P (omp target teams distribute parallel for map(tofrom: a[0:n], c[0:n])) \
      for (int i = 0; i < n; i++) \
	a[i] += c[i] * 0.125; \
    } \
  double r = 0; \
  for (int i = 0; i < n; i++) \
    r += a[i] * (i % 7) + c[i] * (i % 5); \
  free (a); \
  free (c); \
  return r; \
}

NEG (neg_device, OMP)
NEG (neg_host, HOST)

int
main (void)
{
  double d = run_device (N), h = run_host (N);
  CHECK (d == h, "kept: %.17g, host %.17g", d, h);
  d = neg_device (N);
  h = neg_host (N);
  CHECK (d == h, "negative: %.17g, host %.17g", d, h);
  return 0;
}
