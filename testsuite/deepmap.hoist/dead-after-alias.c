/* A local array that a loop keeps is copied back at the end unless
   nothing reads it afterwards.  A read after the loop may not name the
   array: a pointer taken before the loop (GCC folds px[3] into a read
   of x's bytes at an offset), a memcpy GCC turns into a block copy, a
   pointer copied by memcpy.  Each of these made the copy back look
   unneeded: the function returned 0 (an adversarial review).  The
   results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include <string.h>
#include "check.h"

__attribute__ ((noipa)) static double
through_pointer (int steps)
{
  double x[8] = { 0 };
  double *px = x;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target map(tofrom: x)
      for (int i = 0; i < 8; i++)
	x[i] += i;
    }
  return px[3];
}

__attribute__ ((noipa)) static double
copied_out (int steps)
{
  double x[8] = { 0 }, y[8];
  for (int t = 0; t < steps; t++)
    {
#pragma omp target map(tofrom: x)
      for (int i = 0; i < 8; i++)
	x[i] += i;
    }
  memcpy (y, x, sizeof y);
  return y[3];
}

__attribute__ ((noipa)) static double
pointer_copied (int steps)
{
  double x[8] = { 0 };
  double *px = &x[0], *q;
  memcpy (&q, &px, sizeof q);
  for (int t = 0; t < steps; t++)
    {
#pragma omp target map(tofrom: x)
      for (int i = 0; i < 8; i++)
	x[i] += i;
    }
  return q[3];
}

__attribute__ ((noipa)) static double
really_dead (int steps)
{
  double x[8] = { 0 }, s = 0;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target map(tofrom: x) map(tofrom: s)
      for (int i = 0; i < 8; i++)
	{
	  x[i] += i;
	  s += x[i];
	}
    }
  return s;
}

int
main (void)
{
  CHECK (through_pointer (3) == 9, "through_pointer");
  CHECK (copied_out (3) == 9, "copied_out");
  CHECK (pointer_copied (3) == 9, "pointer_copied");
  CHECK (really_dead (3) == 168, "really_dead: %g", really_dead (3));
  return 0;
}

/* { dg-final { scan-deepmap-report-not "dead-after-alias.c:20:9: deepmap: hoist: 'x' \[^\n\]*nothing reads it afterwards" } } */
/* { dg-final { scan-deepmap-report-not "dead-after-alias.c:33:9: deepmap: hoist: 'x' \[^\n\]*nothing reads it afterwards" } } */
/* { dg-final { scan-deepmap-report-not "dead-after-alias.c:49:9: deepmap: hoist: 'x' \[^\n\]*nothing reads it afterwards" } } */
/* { dg-final { scan-deepmap-report "dead-after-alias.c:62:9: deepmap: hoist: 'x' kept on the device across the loop at dead-after-alias.c:60 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: nothing reads it afterwards" } } */
