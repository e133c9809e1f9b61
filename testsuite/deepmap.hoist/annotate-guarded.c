/* UoB-HPC's heat tutorial (heat_target.c), reduced: the kernel stores
   the whole output in a nest of two loops with symbolic counts, so the
   overwrite is announced under a run-time test (no count negative),
   which the plugin emits as a call to deepmap_annotate before the
   construct.  That call reads and writes none of the arrays: once the
   kernel is inlined into the time loop, hoisting must not copy both
   arrays back before it and out again after it at every step (which
   moved more than the naive program).  Both arrays, which trade places
   each step, are copied in and out once.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-final { scan-deepmap-report "annotate-guarded.c:22:9: deepmap: target: '\\*v' is stored to in full before it is read where no loop count is negative" } } */
/* { dg-final { scan-deepmap-report "annotate-guarded.c:22:9: deepmap: hoist: 'v' kept on the device across the loop at annotate-guarded.c:39 \\(enter data map\\(to\\), exit data map\\(from\\)\\), with every array it trades places with" } } */
/* { dg-final { scan-deepmap-report-not "annotate-guarded.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: '\[uv\]' copied" } } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 160000 bytes, d2h 2 transfers 160000 bytes" { target offload_device } } */
#include <stdlib.h>
#include "check.h"

static void
solve (int n, const double *u, double *v)
{
#pragma omp target map(tofrom: u[0:n*n], v[0:n*n])
#pragma omp loop collapse(2)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      v[i + j * n] = 0.5 * u[i + j * n] + i;
}

int
main (void)
{
  int n = 100, steps = 10;
  double *u = (double *) malloc (sizeof (double) * n * n);
  double *v = (double *) malloc (sizeof (double) * n * n);
  double *hu = (double *) malloc (sizeof (double) * n * n);
  double *hv = (double *) malloc (sizeof (double) * n * n), *t;
  for (int i = 0; i < n * n; ++i)
    u[i] = hu[i] = i, v[i] = hv[i] = 0;
  for (int s = 0; s < steps; ++s)
    {
      solve (n, u, v);
      t = u, u = v, v = t;
    }
  for (int s = 0; s < steps; ++s)
    {
      for (int i = 0; i < n; ++i)
	for (int j = 0; j < n; ++j)
	  hv[i + j * n] = 0.5 * hu[i + j * n] + i;
      t = hu, hu = hv, hv = t;
    }
  for (int i = 0; i < n * n; ++i)
    CHECK (u[i] == hu[i], "u[%d] = %g, host %g", i, u[i], hu[i]);
  free (u);
  free (v);
  free (hu);
  free (hv);
  return 0;
}
