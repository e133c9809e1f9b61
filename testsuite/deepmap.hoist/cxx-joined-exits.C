// A kept loop whose ways out all lead to one block, in C++
// (joined-exits.c): a member function template whose loop has two
// breaks and a constant count runs its exit data once where they meet.
// Each way out is taken in turn; the results are the host's.
// { dg-options "-fplugin-arg-deepmap-report -fdump-tree-all" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
#include "check.h"

enum { N = 128, STEPS = 8 };

static double A[N];
volatile int stop_at = -1, stop_where = -1;

struct stepper
{
  template <bool device>
  __attribute__ ((noinline)) double
  run (double (&a)[N])
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma omp target teams distribute parallel for map(tofrom: a) if (device)
	for (int i = 0; i < N; i++)
	  a[i] = a[i] * 0.5 + i;
	if (t == stop_at && stop_where == 0)
	  break;
#pragma omp target teams distribute parallel for map(tofrom: a) if (device)
	for (int i = 0; i < N; i++)
	  a[i] += 1;
	if (t == stop_at && stop_where == 1)
	  break;
      }
    return a[N / 2];
  }
};

int
main ()
{
  static double h[N];
  for (int i = 0; i < N; i++)
    A[i] = h[i] = i;
  stepper s;
  for (int where = -1; where < 2; where++)
    {
      stop_where = where;
      stop_at = where < 0 ? -1 : 3;
      double r = s.run<true> (A), w = s.run<false> (h);
      CHECK (r == w, "way %d: %g, expected %g", where, r, w);
      for (int i = 0; i < N; i++)
	CHECK (A[i] == h[i], "way %d [%d]: %g, expected %g", where, i, A[i],
	       h[i]);
    }
  return 0;
}
// Each instantiation (the host's too, on the host device) keeps the
// array, with one exit data call; the device's moves it in and out once
// per call.
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 3 transfers 3072 bytes, d2h 3 transfers 3072 bytes" { target offload_device } }
// { dg-final { scan-tree-dump-times "GOMP_target_enter_exit_data \\(\[^;\]*, 2, 0B\\);" 2 "deepmap_hoist" } }
