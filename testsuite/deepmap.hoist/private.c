/* Arrays the function allocates itself and whose address goes nowhere
   but into its constructs: no other code can reach them, so calls in
   the loop that the compiler cannot see into (a timer here) do not stop
   them staying on the device.  One that the function only frees after
   the loop is not copied back; one it reads after the loop is.  An array
   whose address is stored in a global may be touched by the timer: it is
   not kept.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* triad: a, b (1000 bytes each) and s (32) in once, only s back (c is
   read only where the same iteration stored it: allocated, not copied);
   escaped: e in and out at each of 8 steps.  */
/* { dg-final { scan-deepmap-report "private.c:43:9: deepmap: hoist: 'c' kept on the device across the loop at private.c:40 \\(enter data map\\(alloc\\), exit data map\\(release\\)\\)" } } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 11 transfers 10032 bytes, d2h 9 transfers 8032 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 125
#define STEPS 8

double *visible;
static double ticks;

/* Opaque to the compiler, as a timer in another file would be.  */
__attribute__ ((noipa)) void
tick (void)
{
  ticks += 1;
  if (visible)
    visible[0] += 0;
}

__attribute__ ((noinline)) static double
triad (int n, int steps)
{
  double *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b);
  double *c = malloc (n * sizeof *c), *s = malloc (4 * sizeof *s);
  for (int i = 0; i < n; i++)
    a[i] = i + 1, b[i] = 2 * i, c[i] = 0;
  s[0] = s[1] = s[2] = s[3] = 0;
  for (int t = 0; t < steps; t++)
    {
      tick ();
#pragma omp target teams distribute parallel for \
	map(tofrom: a[0:n], b[0:n], c[0:n], s[0:4])
      for (int i = 0; i < n; i++)
	{
	  c[i] = a[i] + 3.0 * b[i];
	  if (i == 0)
	    s[0] += c[i];
	}
      tick ();
    }
  double r = s[0];
  free (a);
  free (b);
  free (c);
  free (s);
  return r;
}

__attribute__ ((noinline)) static double
escaped (int n, int steps)
{
  double *e = calloc (n, sizeof *e);
  visible = e;
  for (int t = 0; t < steps; t++)
    {
      tick ();
#pragma omp target teams distribute parallel for map(tofrom: e[0:n])
      for (int i = 0; i < n; i++)
	e[i] += i;
    }
  visible = 0;
  double r = e[n - 1];
  free (e);
  return r;
}

int
main (void)
{
  if (triad (N, STEPS) != STEPS)
    abort ();
  if (escaped (N, STEPS) != 8.0 * (N - 1))
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "private.c:43:9: deepmap: hoist: 'a' kept on the device across the loop at private.c:40 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: nothing reads it afterwards" } } */
/* { dg-final { scan-deepmap-report "private.c:43:9: deepmap: hoist: 's' kept on the device across the loop at private.c:40 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "private.c:69:9: deepmap: hoist: missed: 'e' not kept on the device across the loop at private.c:66 because a call that may access it runs at every step" } } */
