// A loop whose sections are entered at their first construct
// (speculative.c) and whose calls may throw, before that construct or
// after it: the exception's way out exits a section only where it was
// entered, so nothing stays mapped, and each result is the host's.  A
// loop left by a break before any construct maps nothing.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include <cstdlib>
#include <stdexcept>
#include <omp.h>
#include "check.h"

__attribute__ ((noinline)) static void
may_throw (int t, int when)
{
  if (t == when)
    throw std::runtime_error ("step");
}

__attribute__ ((noipa)) static void
run (double *a, double *b, int n, int steps, int when, volatile int *stop)
{
  for (int t = 0; t < steps; t++)
    {
      if (*stop)
	break;
      may_throw (t, when);
#pragma omp target map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] += 1;
      if (t % 2)
	{
#pragma omp target map(tofrom: b[0:n])
	  for (int i = 0; i < n; i++)
	    b[i] += 2;
	}
#pragma omp target map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] *= 2;
    }
}

int
main ()
{
  const int n = 8;
  double *a = (double *) calloc (n, sizeof *a);
  double *b = (double *) calloc (n, sizeof *b);
  volatile int stop = 0;
  double ha = 0, hb = 0;
  for (int when = 0; when < 5; when++)
    {
      int threw = 0;
      try
	{
	  run (a, b, n, 4, when, &stop);
	}
      catch (std::exception &)
	{
	  threw = 1;
	}
      /* The host's steps: those before WHEN (all four if none throws).  */
      for (int t = 0; t < 4 && t < when; t++)
	{
	  ha = (ha + 1) * 2;
	  if (t % 2)
	    hb += 2;
	}
      CHECK (threw == (when < 4), "when %d: threw %d", when, threw);
      for (int i = 0; i < n; i++)
	CHECK (a[i] == ha && b[i] == hb, "when %d: a[%d] = %g (host %g), "
	       "b = %g (host %g)", when, i, a[i], ha, b[i], hb);
      CHECK (!omp_target_is_present (a, omp_get_default_device ())
	     && !omp_target_is_present (b, omp_get_default_device ()),
	     "when %d: still mapped", when);
    }
  stop = 1;
  run (a, b, n, 4, 9, &stop);
  CHECK (a[0] == ha && b[0] == hb, "stopped: a %g b %g", a[0], b[0]);
  CHECK (!omp_target_is_present (a, omp_get_default_device ()),
	 "stopped: still mapped");
  free (a);
  free (b);
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-late-enter-eh.C:28:9: deepmap: hoist: 'a' kept on the device across the loop at cxx-late-enter-eh.C:23 \[^\n\]*, entered at the first construct that maps it" } }
