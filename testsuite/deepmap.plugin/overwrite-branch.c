/* Stores behind a branch (plugin/dm-overwrite.c): where every arm of an
   if stores to the same element, that element is stored whenever the
   region runs, and a region whose loop does so for every element
   overwrites the item (map(from:), not copied in).  Hits: a border set
   apart from the interior (an || condition), arms with their own
   locals, nested ifs, a 2-D array under collapse(2).  Misses: arms that
   store to different elements, an index an arm may change before the
   store after the if (the walk must forget what one arm set), one arm
   that stores nothing, a switch.  Device memory is poisoned, so an
   item wrongly taken as overwritten would change a result.  Hoisting
   is off: every construct maps its own data.  */
/* { dg-options "-fplugin-arg-deepmap-report -fplugin-arg-deepmap-hoist=off" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-final { scan-deepmap-report "overwrite-branch.c:35:9: deepmap: target: '\\*c' is stored to in full before it is read" } } */
/* { dg-final { scan-deepmap-report "overwrite-branch.c:46:9: deepmap: target: '\\*c' is stored to in full before it is read" } } */
/* { dg-final { scan-deepmap-report "overwrite-branch.c:60:9: deepmap: target: '\\*c' is stored to in full before it is read" } } */
/* { dg-final { scan-deepmap-report "overwrite-branch.c:76:9: deepmap: target: 'm' is stored to in full before it is read" } } */
/* { dg-final { scan-deepmap-report-not "overwrite-branch.c:8\[0-9\]:9: deepmap: target: '\\*c' is stored to in full" } } */
/* { dg-final { scan-deepmap-report-not "overwrite-branch.c:9\[0-9\]:9: deepmap: target: '\\*c' is stored to in full" } } */
/* { dg-final { scan-deepmap-report-not "overwrite-branch.c:1\[0-9\]\[0-9\]:9: deepmap: target: '\\*c' is stored to in full" } } */
/* Built without the plugin the program copies in 17 times, 13600
   bytes; the four hits leave out c three times (2400) and m (800).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 13 transfers 10400 bytes, d2h 9 transfers 7200 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100
#define R 10
#define C 10

double m[R][C];

__attribute__ ((noinline)) static void
border (const double *a, double *c, int n)
{
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    if (i == 0 || i == n - 1)
      c[i] = a[i];
    else
      c[i] = 0.5 * (a[i - 1] + a[i + 1]);
}

__attribute__ ((noinline)) static void
locals (const double *a, double *c, int n)
{
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    if (a[i] > 50)
      {
	double t = a[i] * 2;
	c[i] = t;
      }
    else
      c[i] = -a[i];
}

__attribute__ ((noinline)) static void
nested (const double *a, double *c, int n)
{
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    if (a[i] > 20)
      {
	if (a[i] > 70)
	  c[i] = 3;
	else
	  c[i] = 2;
      }
    else
      c[i] = 1;
}

__attribute__ ((noinline)) static void
corner (void)
{
#pragma omp target teams distribute parallel for collapse(2)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      if (i == 0 || j == 0)
	m[i][j] = 0;
      else
	m[i][j] = i * C + j;
}

/* The other arm stores to the mirror element: together they need not
   cover the array.  (One thread: the arms' stores meet.)  */
__attribute__ ((noinline)) static void
elsewhere (const double *a, double *c, int n)
{
#pragma omp target map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    if (a[i] > 50)
      c[i] = 4;
    else
      c[n - 1 - i] = 5;
}

/* K is I or 0 after the if: the store after it is no store of c[i].  */
__attribute__ ((noinline)) static void
changed_index (const double *a, double *c, int n)
{
#pragma omp target map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    {
      int k = i;
      if (a[i] < 30)
	k = 0;
      c[k] = 6;
    }
}

/* The same with the other arm keeping K: the walk must take what each
   way into the join knows.  */
__attribute__ ((noinline)) static void
changed_else (const double *a, double *c, int n)
{
#pragma omp target map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    {
      int k = 0;
      if (a[i] > 60)
	k = i;
      else
	c[1] = 0;
      c[k] = 8;
    }
}

__attribute__ ((noinline)) static void
one_arm (const double *a, double *c, int n)
{
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    {
      double t = 0;
      if (a[i] <= 90)
	t = 1;
      else
	c[i] = 9;
      (void) t;
    }
}

__attribute__ ((noinline)) static void
by_switch (const double *a, double *c, int n)
{
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    switch (i % 3)
      {
      case 0:
	c[i] = a[i];
	break;
      default:
	c[i] = -a[i];
	break;
      }
}

static void
check (const double *c, const double *want, int n)
{
  for (int i = 0; i < n; i++)
    if (c[i] != want[i])
      abort ();
}

int
main (void)
{
  double a[N], c[N], want[N];
  for (int i = 0; i < N; i++)
    a[i] = i, c[i] = -5;

  border (a, c, N);
  for (int i = 0; i < N; i++)
    want[i] = i == 0 || i == N - 1 ? a[i] : 0.5 * (a[i - 1] + a[i + 1]);
  check (c, want, N);

  locals (a, c, N);
  for (int i = 0; i < N; i++)
    want[i] = a[i] > 50 ? a[i] * 2 : -a[i];
  check (c, want, N);

  nested (a, c, N);
  for (int i = 0; i < N; i++)
    want[i] = a[i] > 70 ? 3 : a[i] > 20 ? 2 : 1;
  check (c, want, N);

  corner ();
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      if (m[i][j] != (i == 0 || j == 0 ? 0 : i * C + j))
	abort ();

  for (int i = 0; i < N; i++)
    c[i] = -5;
  elsewhere (a, c, N);
  for (int i = 0; i < N; i++)
    want[i] = -5;
  for (int i = 0; i < N; i++)
    if (a[i] > 50)
      want[i] = 4;
    else
      want[N - 1 - i] = 5;
  check (c, want, N);

  for (int i = 0; i < N; i++)
    c[i] = -5;
  changed_index (a, c, N);
  for (int i = 0; i < N; i++)
    want[i] = i == 0 || a[i] >= 30 ? 6 : -5;
  check (c, want, N);

  for (int i = 0; i < N; i++)
    c[i] = -5;
  changed_else (a, c, N);
  for (int i = 0; i < N; i++)
    want[i] = i == 0 || a[i] > 60 ? 8 : i == 1 ? 0 : -5;
  check (c, want, N);

  for (int i = 0; i < N; i++)
    c[i] = -5;
  one_arm (a, c, N);
  for (int i = 0; i < N; i++)
    want[i] = a[i] > 90 ? 9 : -5;
  check (c, want, N);

  by_switch (a, c, N);
  for (int i = 0; i < N; i++)
    want[i] = i % 3 == 0 ? a[i] : -a[i];
  check (c, want, N);
  return 0;
}
