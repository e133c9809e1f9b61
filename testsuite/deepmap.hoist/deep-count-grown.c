/* A deep item whose count a kernel grows: each construct maps the
   array with the count the host's copy of the structure has then.  A
   loop that kept the structure on the device left the host's count
   behind (the runtime reads counts from the host copy), so later
   constructs mapped too few elements and the kernels' stores past them
   were lost (an adversarial review: 0 0 instead of 6 2).  Such a
   structure is not kept.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include <stdlib.h>
#include "deepmap.h"
#include "check.h"

struct field
{
  long n;
  double *u deepmap_counted_by (n);
};

__attribute__ ((noipa)) static void
run (struct field *f, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target map(tofrom: f[0:1])
      {
	for (long i = 0; i < f->n; i++)
	  f->u[i] += 1;
	f->n += 1;
      }
#pragma omp target map(tofrom: f[0:1])
      for (long i = 0; i < f->n; i++)
	f->u[i] *= 2;
    }
}

int
main (void)
{
  struct field *f = (struct field *) malloc (sizeof *f);
  f->n = 4;
  f->u = (double *) calloc (16, sizeof (double));
  run (f, 3);
  const double want[8] = { 14, 14, 14, 14, 6, 2, 0, 0 };
  CHECK (f->n == 7, "n = %ld", f->n);
  for (int i = 0; i < 8; i++)
    CHECK (f->u[i] == want[i], "u[%d] = %g", i, f->u[i]);
  free (f->u);
  free (f);
  return 0;
}

/* { dg-final { scan-deepmap-report "deep-count-grown.c:25:9: deepmap: hoist: missed: 'f' not kept on the device across the loop at deep-count-grown.c:23 because a construct's device code may change the structure's own bytes \\(its counts or pointers\\)" } } */
