// C++ twin of lto-callee.c: the time loop calls a member function
// defined in another translation unit (lto/cxx-lto-step.C), whose
// constructs map the vectors' data; built with -flto the plugin hoists
// at link time, across units: 2 transfers each way instead of 2 per
// step.  Results are those of the host.
// { dg-options "-flto -fplugin-arg-deepmap-report" }
// { dg-additional-sources "lto/cxx-lto-step.C" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 16000 bytes, d2h 2 transfers 16000 bytes" { target offload_device } }
#include <cstdlib>
#include "lto/cxx-lto-solver.h"
#include "check.h"

static const int N = 1000, STEPS = 20;

__attribute__ ((noinline)) static void
run (solver &s)
{
  for (int t = 0; t < STEPS; t++)
    s.step ();
}

int
main ()
{
  solver s;
  s.a.resize (N);
  s.b.assign (N, 0.0);
  std::vector<double> ha (N), hb (N, 0.0);
  for (int i = 0; i < N; i++)
    s.a[i] = ha[i] = i % 7;
  run (s);
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 1; i < N - 1; i++)
	hb[i] = 0.5 * (ha[i - 1] + ha[i + 1]);
      for (int i = 1; i < N - 1; i++)
	ha[i] = hb[i];
    }
  for (int i = 0; i < N; i++)
    CHECK (s.a[i] == ha[i] && s.b[i] == hb[i], "i %d", i);
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-lto-step.C:10:9: deepmap: hoist: '\[^'\]*' kept on the device across the loop at cxx-lto-callee.C:19 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
