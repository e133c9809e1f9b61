// Loops whose calls may throw (an output stream, a function that throws
// on a bad value), with and without objects to destroy and handlers in
// the same function: the arrays are kept on the device across them, and
// an exception leaving the loop runs the exit data on its way (the
// device's results come back, the mapping ends), then the program's own
// cleanups and handlers.  A handler in the function sees the device's
// values; a second call (the freed array's address may come back) maps
// afresh.  The same for a run of constructs with such calls between
// them.  A call that may write the array and throw at every step keeps
// it from being kept (cxx-exceptions-write.C: one that runs now and
// then), and so does a host loop that writes part of it and calls one.
// Results are those of the host.
// { dg-options "-fplugin-arg-deepmap-report" }
#include <cstdio>
#include <stdexcept>
#include <vector>
#include "check.h"

volatile int fail_at = -1;

__attribute__ ((noinline)) void
step_done (int t)
{
  if (t == fail_at)
    throw std::runtime_error ("step failed");
}

// The handler is in the function: it reads what the device computed.
__attribute__ ((noinline)) double
caught_here (int n, int steps)
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
	  step_done (t);
	}
      r = a[n / 2];
    }
  catch (const std::runtime_error &)
    {
      r = 1000 + a[n / 2];
    }
  delete[] a;
  return r;
}

// An object to destroy (a landing pad outside the loop), the exception
// caught by the caller.
__attribute__ ((noinline)) double
caught_above (int n, int steps)
{
  std::vector<double> scale (1, 2.0);
  double *a = new double[n];
  for (int i = 0; i < n; i++)
    a[i] = i;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] = a[i] * 0.5 + 1;
      std::printf ("");
      step_done (t);
    }
  double r = a[n / 2] * scale[0];
  delete[] a;
  return r;
}

// A call that may write the array and throw: an exception would leave
// the host's bytes newer than the device's, so the array is not kept;
// the handler sees the call's write.
__attribute__ ((noinline)) void
mark_and_check (double *a, int t)
{
  a[0] = -t;
  step_done (t);
}

__attribute__ ((noinline)) double
writes_then_throws (double *a, int n, int steps)
{
  try
    {
      for (int t = 0; t < steps; t++)
	{
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
	  for (int i = 1; i < n; i++)
	    a[i] += 1;
	  mark_and_check (a, t);
	}
    }
  catch (const std::runtime_error &)
    {
      return a[0] * 1000 + a[1];
    }
  return a[1];
}

// A host loop that writes the array calls a function that may throw:
// were its writes sent to the device once after it, an exception half
// way would leave the host newer.  Not kept; the handler sees the
// host's writes and the kernels' results.
__attribute__ ((noinline)) double
host_loop_throws (int n, int steps)
{
  double *a = new double[n] ();
  double r;
  try
    {
      for (int t = 0; t < steps; t++)
	{
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
	  for (int i = 0; i < n; i++)
	    a[i] += 1;
	  for (int j = 0; j < 4; j++)
	    {
	      a[j] = 10 * t + j;
	      step_done (10 * t + j);
	    }
	}
      r = a[n - 1];
    }
  catch (const std::runtime_error &)
    {
      r = 1000 + a[1] + a[2] + a[n - 1];
    }
  delete[] a;
  return r;
}

// A run of constructs with calls that may throw between them, the
// exception caught by the caller: kept from the first construct to the
// last, the exit data run on the exception's way out.
__attribute__ ((noinline)) double
run_of_three (int n)
{
  double *a = new double[n];
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
  step_done (1);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= 2;
  step_done (2);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 3;
  double r = a[10];
  delete[] a;
  return r;
}

static double
expect (int n, int steps)
{
  double x = n / 2;
  for (int t = 0; t < steps; t++)
    x = x * 0.5 + 1;
  return x;
}

int
main ()
{
  const int n = 100;
  CHECK (caught_here (n, 6) == expect (n, 6));
  fail_at = 3;
  // Steps 0 to 3 ran on the device before the throw.
  CHECK (caught_here (n, 6) == 1000 + expect (n, 4));
  fail_at = -1;
  CHECK (caught_here (n, 5) == expect (n, 5));
  CHECK (caught_above (n, 6) == 2 * expect (n, 6));
  fail_at = 2;
  bool caught = false;
  try
    {
      caught_above (n, 6);
    }
  catch (const std::runtime_error &)
    {
      caught = true;
    }
  CHECK (caught);
  fail_at = -1;
  CHECK (caught_above (n, 4) == 2 * expect (n, 4));
  double *a = new double[n] ();
  fail_at = 2;
  // a[1] is 3 after steps 0 to 2; the call wrote a[0] = -2 and threw.
  CHECK (writes_then_throws (a, n, 6) == -2000 + 3);
  fail_at = 21;
  // Step 2: a[1] = 21 was written, then the call threw; a[2] is 12 + 1
  // (step 1's host write, step 2's kernel), a[n - 1] 3.
  CHECK (host_loop_throws (n, 6) == 1000 + 21 + 13 + 3);
  fail_at = -1;
  delete[] a;
  CHECK (run_of_three (n) == 25);
  fail_at = 2;
  caught = false;
  try
    {
      run_of_three (n);
    }
  catch (const std::runtime_error &)
    {
      caught = true;
    }
  CHECK (caught);
  fail_at = -1;
  CHECK (run_of_three (n) == 25);
  return 0;
}
// { dg-final { scan-deepmap-report "cxx-exceptions.C:40:9: deepmap: hoist: '\[^'\]*' kept on the device across the loop at cxx-exceptions.C:38" } }
// { dg-final { scan-deepmap-report "cxx-exceptions.C:66:9: deepmap: hoist: '\[^'\]*' kept on the device across the loop at cxx-exceptions.C:64" } }
// { dg-final { scan-deepmap-report "cxx-exceptions.C:94:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at cxx-exceptions.C:92 because a call that may access it runs at every step" } }
// { dg-final { scan-deepmap-report "cxx-exceptions.C:152:9: deepmap: hoist: '\[^'\]*' kept on the device from the construct at cxx-exceptions.C:148 to the construct at cxx-exceptions.C:156" } }
