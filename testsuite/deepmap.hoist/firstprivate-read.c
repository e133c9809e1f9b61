/* A construct's firstprivate copy of a kept section (a double, an
   array, a structure: GCC passes them by address and the runtime copies
   the host's bytes) reads what an earlier construct wrote on the
   device: the section is copied back before that construct, in a loop
   and in a run of constructs.  Before, the copies read the stale host
   bytes (1 0 1 2 at every step).  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include <stdlib.h>

struct pair { double a, b; };

__attribute__ ((noinline)) static void
in_loop (void)
{
  double x = 1.0, y[4] = { 0 };
  struct pair st = { 1, 2 };
  double out[4];
  for (int it = 0; it < 3; it++)
    {
#pragma omp target map(tofrom: x, y, st)
      {
	x = x * 2;
	y[0] += 1;
	st.a += 1;
      }
#pragma omp target firstprivate(x, y, st) map(from: out)
      {
	out[0] = x;
	out[1] = y[0];
	out[2] = st.a;
	out[3] = st.b;
      }
      if (out[0] != 2 << it || out[1] != it + 1 || out[2] != it + 2
	  || out[3] != 2)
	abort ();
    }
}

__attribute__ ((noinline)) static void
in_run (double *out)
{
  double s = 3.0;
#pragma omp target map(tofrom: s)
  s = s * 5;
#pragma omp target map(tofrom: s) map(from: out[0:1])
  out[0] = s + 1;
#pragma omp target firstprivate(s) map(from: out[1:1])
  out[1] = s;
}

int
main (void)
{
  in_loop ();
  double out[2];
  in_run (out);
  if (out[0] != 16 || out[1] != 15)
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "firstprivate-read.c:27:9: deepmap: hoist: 'x' copied from the device before a construct whose firstprivate copy reads it \\(target update from\\)" } } */
/* { dg-final { scan-deepmap-report "firstprivate-read.c:27:9: deepmap: hoist: 'st' copied from the device before a construct whose firstprivate copy reads it" } } */
/* { dg-final { scan-deepmap-report "firstprivate-read.c:27:9: deepmap: hoist: 'y' copied from the device before a construct whose firstprivate copy reads it" } } */
/* { dg-final { scan-deepmap-report "firstprivate-read.c:48:9: deepmap: hoist: 's' copied from the device before a construct whose firstprivate copy reads it" } } */
