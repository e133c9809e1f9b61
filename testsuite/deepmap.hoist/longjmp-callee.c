/* A loop whose call may longjmp out of it (the function it calls does)
   is not kept on the device: the longjmp would skip the exit data and
   leave the array mapped with a reference no one lets go of, so a later
   construct found it present and copied nothing in or back.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <setjmp.h>
#include <stdlib.h>
#include "check.h"

#define N 1000
static jmp_buf jb;

__attribute__ ((noinline)) static void
maybe_fail (int t)
{
  if (t == 3)
    longjmp (jb, 1);
}

__attribute__ ((noinline)) static void
run (double *a, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: a[0:N])
      for (int i = 0; i < N; i++)
	a[i] += 1.0;
      maybe_fail (t);
    }
}

int
main (void)
{
  double *a = (double *) malloc (N * sizeof (double));
  for (int i = 0; i < N; i++)
    a[i] = i;
  if (!setjmp (jb))
    run (a, 10);
  CHECK (a[0] == 4.0 && a[N - 1] == N - 1 + 4.0, "a[0] = %g", a[0]);
  for (int i = 0; i < N; i++)
    a[i] = 0;
#pragma omp target map(tofrom: a[0:N])
  for (int i = 0; i < N; i++)
    a[i] += 2.0;
  CHECK (a[5] == 2.0, "after the longjmp: a[5] = %g", a[5]);
  free (a);
  return 0;
}

/* { dg-final { scan-deepmap-report "longjmp-callee.c:25:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at longjmp-callee.c:23 because a call of the loop may longjmp out of it" } } */
