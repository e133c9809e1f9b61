// The calls of a kept loop that may throw share one landing pad where
// they leave the loop the same way: the pad runs the exit data once,
// then the exception goes on.  OUT: three such calls and no handler in
// the function (the caller catches): one pad, which resumes out of the
// function.  HERE: the same loop in a try block whose handler reads the
// array; GCC gives each call a landing pad of its own at -O2, so each
// gets a pad that goes on to its own, and the handler sees the device's
// values.  MIXED: a call that may also write the array (its host bytes
// are then the current ones: its pad releases the array instead of
// copying it back) and one that cannot, each with a pad of its own.
// Each call is made to throw in turn; the results are the host's, and
// DEEPMAP_STATS shows that every exception's pad copied the array back
// or released it and ended the mapping: the next call maps it afresh.
// { dg-options "-fplugin-arg-deepmap-report -fdump-tree-all" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
#include <stdexcept>
#include "check.h"

volatile int fail_at = -1, fail_which = -1;

__attribute__ ((noinline)) void
check_step (int which, int t)
{
  if (t == fail_at && which == fail_which)
    throw std::runtime_error ("step failed");
}

// May read and write A (the compiler cannot tell) and throw.
__attribute__ ((noinline)) void
dump (double *a, int n, int t)
{
  a[0] = -t;
  a[n - 1] += a[1];
  check_step (3, t);
}

// No handler here: the exception leaves the function.
__attribute__ ((noinline)) double
out (double *r, int n, int steps)
{
  double *a = new double[n];
  for (int i = 0; i < n; i++)
    a[i] = i;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] = a[i] * 0.5 + 1;
      check_step (0, t);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] += i % 7;
      check_step (1, t);
      check_step (2, t);
    }
  double v = a[n / 2];
  *r = v;
  delete[] a;
  return v;
}

// The handler here reads what the device computed.
__attribute__ ((noinline)) double
here (int n, int steps)
{
  double *a = new double[n];
  for (int i = 0; i < n; i++)
    a[i] = i;
  double r = -1;
  try
    {
      for (int t = 0; t < steps; t++)
	{
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
	  for (int i = 0; i < n; i++)
	    a[i] = a[i] * 0.5 + 1;
	  check_step (0, t);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
	  for (int i = 0; i < n; i++)
	    a[i] += i % 7;
	  check_step (1, t);
	  check_step (2, t);
	}
      r = a[n / 2];
    }
  catch (const std::runtime_error &)
    {
      r = 1000 + a[n / 2] + a[n - 1];
    }
  delete[] a;
  return r;
}

// One call that may write the array (its address goes only to that
// call, which lets it go nowhere else), one that cannot.
__attribute__ ((noinline)) void
mixed (double *r, int n, int steps)
{
  double *a = new double[n];
  for (int i = 0; i < n; i++)
    a[i] = i;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] = a[i] * 0.5 + 1;
      check_step (0, t);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] += i % 7;
      if (t % 2 == 1)
	dump (a, n, t);
    }
  for (int i = 0; i < n; i++)
    r[i] = a[i];
  delete[] a;
}

// What OUT and HERE compute, on the host, up to the throw of call WHICH
// at step FAIL (none: -1).
static double
expected (int n, int steps, int which, int fail, bool here, double *last)
{
  double *a = new double[n];
  for (int i = 0; i < n; i++)
    a[i] = i;
  bool thrown = false;
  for (int t = 0; t < steps && !thrown; t++)
    {
      for (int i = 0; i < n; i++)
	a[i] = a[i] * 0.5 + 1;
      if (t == fail && which == 0)
	{
	  thrown = true;
	  break;
	}
      for (int i = 0; i < n; i++)
	a[i] += i % 7;
      thrown = t == fail && (which == 1 || which == 2);
    }
  double r = thrown ? (here ? 1000 + a[n / 2] + a[n - 1] : -1) : a[n / 2];
  *last = a[n - 1];
  delete[] a;
  return r;
}

int
main ()
{
  const int n = 256, steps = 5;
  double last;
  for (int which = -1; which < 3; which++)
    {
      fail_which = which;
      fail_at = which < 0 ? -1 : 2;
      double r = -1;
      bool thrown = false;
      try
	{
	  out (&r, n, steps);
	}
      catch (const std::runtime_error &)
	{
	  thrown = true;
	}
      double want = expected (n, steps, which, fail_at, false, &last);
      CHECK (thrown == (which >= 0), "out, call %d: thrown %d", which, thrown);
      CHECK (r == want, "out, call %d: %g, expected %g", which, r, want);
      r = here (n, steps);
      want = expected (n, steps, which, fail_at, true, &last);
      CHECK (r == want, "here, call %d: %g, expected %g", which, r, want);
    }
  // MIXED: each of its two calls throws in turn, then neither.
  for (int which : { 0, 3, -1 })
    {
      double r[n];
      fail_which = which;
      fail_at = which < 0 ? -1 : 3;
      bool thrown = false;
      try
	{
	  mixed (r, n, steps);
	}
      catch (const std::runtime_error &)
	{
	  thrown = true;
	}
      CHECK (thrown == (which >= 0), "mixed, call %d: thrown %d", which,
	     thrown);
      if (thrown)
	continue;
      double h[n];
      for (int i = 0; i < n; i++)
	h[i] = i;
      for (int t = 0; t < steps; t++)
	{
	  for (int i = 0; i < n; i++)
	    h[i] = h[i] * 0.5 + 1;
	  for (int i = 0; i < n; i++)
	    h[i] += i % 7;
	  if (t % 2 == 1)
	    h[0] = -t, h[n - 1] += h[1];
	}
      for (int i = 0; i < n; i++)
	CHECK (r[i] == h[i], "mixed [%d]: %g, expected %g", i, r[i], h[i]);
    }
  return 0;
}
// Per run, the array (2048 bytes) in once and out once, and MIXED's
// update from and to around DUMP at steps 1 and 3: OUT and HERE 4 runs
// each, MIXED 2 + 2 + 3 transfers each way.
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 15 transfers 30720 bytes, d2h 15 transfers 30720 bytes" { target offload_device } }
// The exit data calls: OUT's loop exit and one pad, HERE's exit and three
// pads, MIXED's exit and two pads.
// { dg-final { scan-tree-dump-times "GOMP_target_enter_exit_data \\(\[^;\]*, 2, 0B\\);" 9 "deepmap_hoist" } }
