/* cxx-member-print.C in C: the solver's arrays, size and step counter
   are fields of a structure the function gets a pointer to, and the
   loop prints its progress.  The fields are reloaded at each step in
   blocks that do not run before the loop's test, but the function
   wrote through the same pointer before the loop (the counter), so the
   loads cannot trap; nothing in the loop changes the pointers, and the
   int counter is none of the double arrays' elements.  Both arrays are
   copied in once, u back once.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-final { scan-deepmap-report "member-print.c:26:9: deepmap: hoist: 's->u' kept on the device across the loop at member-print.c:35 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report-not "member-print.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: '\[^'\]*' copied" } } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 16000 bytes, d2h 1 transfers 8000 bytes" { target offload_device } } */
#include <stdio.h>
#include <stdlib.h>
#include "check.h"

struct solver { int n; double *u, *res; int iterations; };

static void
update (struct solver *s)
{
  double *u = s->u;
  const double *res = s->res;
  int n = s->n;
#pragma omp target teams distribute parallel for map(to: res[0:n]) map(tofrom: u[0:n])
  for (int i = 0; i < n; i++)
    u[i] += 0.5 * res[i];
}

__attribute__ ((noinline)) static void
run (struct solver *s)
{
  s->iterations = 0;
  while (s->iterations < 1000)
    {
      update (s);
      ++s->iterations;
      if (s->iterations % 250 == 0)
	printf ("iteration %d\n", s->iterations);
    }
}

int
main (void)
{
  struct solver s;
  s.n = 1000;
  s.u = (double *) calloc (s.n, sizeof (double));
  s.res = (double *) malloc (s.n * sizeof (double));
  for (int i = 0; i < s.n; i++)
    s.res[i] = i;
  run (&s);
  for (int i = 0; i < s.n; i++)
    CHECK (s.u[i] == 500.0 * i, "u[%d] = %g", i, s.u[i]);
  free (s.u);
  free (s.res);
  return 0;
}
