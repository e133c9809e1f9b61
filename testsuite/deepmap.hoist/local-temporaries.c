/* A time loop whose kernel takes a scalar by address (a firstprivate
   double, LULESH's u_cut) and a small local array, both set on the host
   at every step, beside an array whose pointer is loaded from a
   structure (LULESH's Domain).  Points-to analysis lets the loaded
   pointer reach every variable whose address a construct gets, so the
   temporaries' stores looked like host writes to the array (an update
   after each, dozens in LULESH, copying nothing at run time) and their
   end of lifetime in the loop like the array's own (here: nothing
   kept).  Their addresses go only to the constructs' argument arrays,
   and the array's pointer is not made from them: the array is kept,
   with no update.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report -w" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-final { scan-deepmap-report "'x' kept on the device across the loop" } } */
/* { dg-final { scan-deepmap-report-not "'x' copied" } } */
/* { dg-final { scan-deepmap-report-not "'x' not kept" } } */
/* x in once (8000 bytes) and back once; the local array in at every
   step (32 bytes; the firstprivate double is no transfer).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 21 transfers 8640 bytes, d2h 1 transfers 8000 bytes" { target offload_device } } */
#include <stdlib.h>
#include "check.h"

#define N 1000
#define STEPS 20

struct dom
{
  double *x;
  int n;
};

#define OMP(x) _Pragma (#x)
#define HOST(x)

#define CODE(run, P) \
__attribute__ ((noipa)) static void \
run (struct dom *d, int steps) \
{ \
  double *x = d->x; \
  int n = d->n; \
  for (int t = 0; t < steps; t++) \
    { \
      double cut = 0.5 * t; \
      double scale[4] = { 1.0, 0.5, 0.25, 0.125 }; \
      scale[t % 4] += t; \
      P (omp target teams distribute parallel for \
	 map(tofrom: x[0:n]) map(to: scale)) \
      for (int i = 0; i < n; i++) \
	x[i] = (x[i] > cut ? x[i] - cut : x[i] + cut) * 0.5 \
	       + scale[i % 4]; \
    } \
}

CODE (run_device, OMP)
CODE (run_host, HOST)

int
main (void)
{
  double *a = (double *) malloc (N * sizeof *a);
  double *b = (double *) malloc (N * sizeof *b);
  for (int i = 0; i < N; i++)
    a[i] = b[i] = i % 17;
  struct dom da = { a, N }, db = { b, N };
  run_device (&da, STEPS);
  run_host (&db, STEPS);
  for (int i = 0; i < N; i++)
    CHECK (a[i] == b[i], "x[%d] = %g, host %g", i, a[i], b[i]);
  free (a);
  free (b);
  return 0;
}
