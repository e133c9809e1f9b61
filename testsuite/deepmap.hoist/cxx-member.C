// A C++ class whose member function offloads its own arrays
// (`map(tofrom: u[0:n], v[0:n])' is `this->u[0:n]'; GCC also maps *this,
// which the plugin deep-copies): GCC reloads this->u, this->v and
// this->n at every step, as a construct might change them.  Nothing in
// the loop does (the kernels write the arrays, not the object), so the
// plugin loads them once before the loop and keeps the object and both
// arrays on the device across it: 5 transfers in (the object, the two arrays, and
// the one-element pointees deep copy guesses for u and v, inside the arrays: 24 +
// 8000 + 8000 + 8 + 8 bytes), 3 back (deep copy's release leaves the pointees: the
// exit data's own items copy the arrays back), not 5 per construct.  Results: the host's.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 5 transfers 16040 bytes, d2h 3 transfers 16024 bytes" { target offload_device } }
#include "check.h"

struct heat
{
  long n;
  double *u, *v;

  explicit heat (long n_) : n (n_), u (new double[n_] ()), v (new double[n_] ())
  {
  }
  ~heat () { delete[] u; delete[] v; }

  __attribute__ ((noinline)) void
  run (int steps)
  {
    for (int t = 0; t < steps; t++)
      {
#pragma omp target teams distribute parallel for map(tofrom: u[0:n], v[0:n])
	for (long i = 1; i < n - 1; i++)
	  v[i] = 0.5 * (u[i - 1] + u[i + 1]);
#pragma omp target teams distribute parallel for map(tofrom: u[0:n], v[0:n])
	for (long i = 1; i < n - 1; i++)
	  u[i] = v[i];
      }
  }
};

int
main ()
{
  const long n = 1000;
  heat h (n);
  double *u = new double[n] (), *v = new double[n] ();
  for (long i = 0; i < n; i++)
    h.u[i] = u[i] = i % 7;
  h.run (10);
  for (int t = 0; t < 10; t++)
    {
      for (long i = 1; i < n - 1; i++)
	v[i] = 0.5 * (u[i - 1] + u[i + 1]);
      for (long i = 1; i < n - 1; i++)
	u[i] = v[i];
    }
  for (long i = 0; i < n; i++)
    CHECK (h.u[i] == u[i] && h.v[i] == v[i], "i %ld", i);
  delete[] u;
  delete[] v;
  return 0;
}
// { dg-final { scan-deepmap-report "cxx-member.C:31:9: deepmap: hoist: 'this->u' kept on the device across the loop at cxx-member.C:29" } }
// { dg-final { scan-deepmap-report "cxx-member.C:31:9: deepmap: hoist: 'this' kept on the device across the loop at cxx-member.C:29 .*, with everything it points to \\(deep\\)" } }
