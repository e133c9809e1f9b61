/* A global array that a target region maps tofrom, and that a function
   the region calls writes (the array declared `declare target link'), is
   copied back: the call may store to it without naming it (SOLLVE V&V
   5.0's nested declare target test lost the writes: the array was
   announced read only).  A region whose only call is to a const
   function still has its array announced read only.  Results are
   checked against the host; hoisting is off.  */
/* { dg-options "-fplugin-arg-deepmap-report -fplugin-arg-deepmap-hoist=off" } */
#include <stdlib.h>

#define N 4

int a[N];
#pragma omp declare target link(a)

int c[N];

#pragma omp declare target
__attribute__ ((noinline)) void
update_a (void)
{
  for (int i = 0; i < N; i++)
    a[i] += 1;
}

__attribute__ ((noinline, const)) int
twice (int x)
{
  return 2 * x;
}
#pragma omp end declare target

int
main (void)
{
  int t = 0;
  for (int i = 0; i < N; i++)
    a[i] = c[i] = i + 1;
#pragma omp target map(tofrom: a)
  update_a ();
#pragma omp target map(tofrom: c, t)
  for (int i = 0; i < N; i++)
    t += twice (c[i]);
  for (int i = 0; i < N; i++)
    if (a[i] != i + 2 || c[i] != i + 1)
      abort ();
  if (t != 20)
    abort ();
  return 0;
}
/* { dg-final { scan-deepmap-report-not "global-written-by-callee.c:39:9: deepmap: target: 'a' is only read" } } */
/* { dg-final { scan-deepmap-report "global-written-by-callee.c:41:9: deepmap: target: 'c' is only read" } } */
