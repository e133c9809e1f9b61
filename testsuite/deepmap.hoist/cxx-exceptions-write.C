// A call that may write the array and throw, run every other step of a
// loop with two kernels per step: the array is kept, copied back whole
// before the call and out again after it.  When the call throws, its
// landing pad ends the mapping without copying the device's bytes back:
// the host's are the current ones, with what the call wrote.  The
// handler (in the caller) sees exactly what the same code on the host
// gives; a second run that does not throw too.  The same call in a host
// loop (whose count is a volatile int, none of the array's elements)
// gets the array copied back before that loop and out again after it;
// when the call throws inside it, the pad releases the array, whose
// host bytes are the current ones: the results are the host's as well.
// With the handler in the same
// function the copies after the call go on its normal edge (they once
// went after it in its block, which ended GCC with an ICE).
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <vector>
#include "check.h"

volatile int fail_at = -1;

// May read and write A (the compiler cannot tell) and throw.
__attribute__ ((noinline)) void
dump (double *a, int n, int t)
{
  a[0] = -t;
  a[n - 1] += a[1];
  if (t == fail_at)
    throw std::runtime_error ("dump failed");
}

__attribute__ ((noinline)) void
steps (double *a, int n, int nsteps, bool device)
{
  for (int t = 0; t < nsteps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) if (device)
      for (int i = 0; i < n; i++)
	a[i] = 0.5 * a[i] + i;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) if (device)
      for (int i = 0; i < n; i++)
	a[i] += 1;
      if (t % 2 == 1)
	dump (a, n, t);
    }
}

// The same call in a host loop (run a varying number of times).
volatile int reps = 2;

__attribute__ ((noinline)) void
steps_nested (double *a, int n, int nsteps, bool device)
{
  for (int t = 0; t < nsteps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) if (device)
      for (int i = 0; i < n; i++)
	a[i] = 0.5 * a[i] + i;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) if (device)
      for (int i = 0; i < n; i++)
	a[i] += 1;
      if (t % 2 == 1)
	for (int r = 0; r < reps; r++)
	  dump (a, n, t * 10 + r);
    }
}

// The handler in the same function (the call's exception already has a
// landing pad of its own): the copies after the call go on its normal
// edge.
__attribute__ ((noinline)) void
steps_caught (double *a, int n, int nsteps, bool device)
{
  try
    {
      for (int t = 0; t < nsteps; t++)
	{
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) if (device)
	  for (int i = 0; i < n; i++)
	    a[i] = 0.5 * a[i] + i;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) if (device)
	  for (int i = 0; i < n; i++)
	    a[i] += 1;
	  if (t % 2 == 1)
	    dump (a, n, t);
	}
    }
  catch (const std::runtime_error &)
    {
      a[1] = -1000;
      throw;
    }
}

typedef void (*stepper) (double *, int, int, bool);

// Run F on the device and on the host, throwing at FAIL (or not: -1),
// and compare what the handlers see.
static void
compare (stepper f, int fail, const char *what)
{
  const int n = 64, nsteps = 8;
  std::vector<double> dev (n), host (n);
  for (int i = 0; i < n; i++)
    dev[i] = host[i] = i % 5;
  int thrown = 0;
  fail_at = fail;
  try
    {
      f (dev.data (), n, nsteps, true);
    }
  catch (const std::runtime_error &)
    {
      thrown++;
    }
  try
    {
      f (host.data (), n, nsteps, false);
    }
  catch (const std::runtime_error &)
    {
      thrown++;
    }
  CHECK (thrown == (fail >= 0 ? 2 : 0), "%s: %d exceptions", what, thrown);
  for (int i = 0; i < n; i++)
    CHECK (dev[i] == host[i], "%s: a[%d] = %g, the host gives %g", what, i,
	   dev[i], host[i]);
}

int
main ()
{
  compare (steps, 5, "steps, throwing at step 5");
  compare (steps, -1, "steps, not throwing");
  compare (steps_nested, 31, "steps_nested, throwing at step 3");
  compare (steps_nested, -1, "steps_nested, not throwing");
  compare (steps_caught, 3, "steps_caught, throwing at step 3");
  compare (steps_caught, -1, "steps_caught, not throwing");
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-exceptions-write.C:40:9: deepmap: hoist: 'a' kept on the device across the loop at cxx-exceptions-write.C:38" } }
// { dg-final { scan-deepmap-report "cxx-exceptions-write.C:\[0-9\]+:9: deepmap: hoist: 'a' kept on the device across the loop at cxx-exceptions-write.C:57" } }
// { dg-final { scan-deepmap-report "cxx-exceptions-write.C:\[0-9\]+:9: deepmap: hoist: 'a' copied to the device after a call that may change it, around the host loop" } }
// { dg-final { scan-deepmap-report "cxx-exceptions-write.C:81:9: deepmap: hoist: 'a' kept on the device across the loop" } }
