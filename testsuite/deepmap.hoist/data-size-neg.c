/* The cases next to data-size-in-loop.c where the count or a pointer
   may change in the loop, or before it behind the analysis's back: a
   kernel that stores to its firstprivate copy of the count (which
   changes nothing: kept), one that maps the count and makes it smaller
   at every step (the sections shrink: not kept), one the loop hands to
   a function by address (it may change it: not kept), a pointer variable that a call may reset before the loop, one
   that sscanf may write, and a second variable holding the same pointer
   read after the loop.  Each keeps what it may and moves the rest; the
   results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include <stdio.h>
#include <stdlib.h>

__attribute__ ((noinline)) static void
fresh (int **p, int n)
{
  free (*p);
  *p = (int *) calloc (n, sizeof (int));
}

__attribute__ ((noinline)) static int
count_written (int n0)
{
  int n = n0;
  int *a = (int *) malloc (sizeof (int) * n0);
  int *m = (int *) malloc (sizeof (int) * n0);
  for (int i = 0; i < n0; i++)
    a[i] = i, m[i] = n0;
  for (int it = 0; it < 5; it++)
    {
#pragma omp target data map(tofrom: n, a[0:n], m[0:n])
#pragma omp target
      {
	n = m[0];
	for (int i = 0; i < n; i++)
	  a[i] += 1;
      }
    }
  int s = 0;
  for (int i = 0; i < n0; i++)
    s += a[i] - i;
  free (a);
  free (m);
  return s;
}

__attribute__ ((noinline)) static int
count_shrinks (int n0)
{
  int n = n0;
  int *a = (int *) malloc (sizeof (int) * n0);
  for (int i = 0; i < n0; i++)
    a[i] = 0;
  for (int it = 0; it < 5; it++)
    {
#pragma omp target data map(tofrom: n, a[0:n])
#pragma omp target map(tofrom: n)
      {
	n = n - 1;
	for (int i = 0; i < n; i++)
	  a[i] += 1;
      }
    }
  int s = 0;
  for (int i = 0; i < n0; i++)
    s += a[i] * (i + 1);
  free (a);
  return s * 100 + n;
}

__attribute__ ((noipa)) void
maybe_shrink (int *n, int t)
{
  if (t == 3)
    *n -= 2;
}

__attribute__ ((noinline)) static int
count_passed (int n0)
{
  int n = n0;
  int *a = (int *) malloc (sizeof (int) * n0);
  for (int i = 0; i < n0; i++)
    a[i] = 0;
  for (int it = 0; it < 5; it++)
    {
#pragma omp target data map(tofrom: n, a[0:n])
#pragma omp target
      for (int i = 0; i < n; i++)
	a[i] += 1;
      maybe_shrink (&n, it);
    }
  int s = 0;
  for (int i = 0; i < n0; i++)
    s += a[i];
  free (a);
  return s;
}

__attribute__ ((noinline)) static int
pointer_reset (int n)
{
  int *a = (int *) malloc (sizeof (int) * n);
  for (int i = 0; i < n; i++)
    a[i] = 7;
  fresh (&a, n);
  for (int it = 0; it < 5; it++)
    {
#pragma omp target data map(tofrom: n, a[0:n])
#pragma omp target
      for (int i = 0; i < n; i++)
	a[i] += 2;
    }
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  free (a);
  return s;
}

__attribute__ ((noinline)) static int
pointer_scanned (int n, const char *text)
{
  int *a = (int *) malloc (sizeof (int) * n);
  int *b = a;
  for (int i = 0; i < n; i++)
    a[i] = 1;
  void *p;
  if (sscanf (text, "%p", &p) == 1 && p)
    a = (int *) p;
  for (int it = 0; it < 5; it++)
    {
#pragma omp target data map(tofrom: n, a[0:n])
#pragma omp target
      for (int i = 0; i < n; i++)
	a[i] *= 3;
    }
  int s = 0;
  for (int i = 0; i < n; i++)
    s += b[i];
  free (b);
  return s;
}

int
main (void)
{
  if (count_written (100) != 500)
    abort ();
  int want = 0;
  for (int i = 0; i < 10; i++)
    for (int it = 1; it <= 5; it++)
      want += i < 10 - it ? i + 1 : 0;
  if (count_shrinks (10) != want * 100 + 5)
    abort ();
  if (count_passed (10) != 4 * 10 + 8)
    abort ();
  if (pointer_reset (64) != 640)
    abort ();
  if (pointer_scanned (32, "(nil)") != 32 * 243)
    abort ();
  return 0;
}
/* { dg-final { scan-deepmap-report "data-size-neg.c:32:9: deepmap: hoist: 'a' kept on the device across the loop at data-size-neg.c:30 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "data-size-neg.c:57:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at data-size-neg.c:55 because its address or size is computed in the loop" } } */
/* { dg-final { scan-deepmap-report "data-size-neg.c:110:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at data-size-neg.c:108 because its address or size is computed in the loop" } } */
/* { dg-final { scan-deepmap-report "data-size-neg.c:134:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at data-size-neg.c:132 because its address or size is computed in the loop" } } */
/* { dg-final { scan-deepmap-report "data-size-neg.c:88:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at data-size-neg.c:86 because its address or size is computed in the loop" } } */
