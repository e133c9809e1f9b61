// A member function offloads member arrays, and a loop calls it (a time
// step as a method).  Inlined into main, whose object it is, GCC keeps
// g.u, g.v and g.n of the previous step in PHIs and reloads them at the
// end of each step, as the construct might change them.  Nothing in the
// loop does, and before the loop they hold what main stored there
// (with malloc and calloc: allocating the second object's arrays with
// operator new[] instead, GCC cannot tell that those calls leave g.u
// alone, and nothing is kept): so the plugin uses the stored values
// throughout and keeps the object, u and v on the device across the
// loop.  v, mapped to, is kept although the kernel stores through
// this->u: the device-write analysis asks the loads of each pointer
// field apart (this->v is only read), and the run-time test keeps u and
// v apart.  The method run_method keeps *this, this->u and this->v the
// same way.  Per object: 5 transfers in (it, u, v and the one-element
// pointees deep copy guesses for u and v, inside the arrays) and 2 out
// (it and u: v, only read, is released, and deep copy's release leaves
// the pointees, which the exit data's own items of u and v map) instead
// of 5 and 4 per step.  Results are those of the host.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 10 transfers 32080 bytes, d2h 4 transfers 16048 bytes" { target offload_device } }
#include <cstdlib>
#include "check.h"

#include "member-grid.h"

static void
expect (const double *u, long n, int steps)
{
  for (long i = 0; i < n; i++)
    {
      double x = 0;
      for (int t = 0; t < steps; t++)
	x = 0.5 * x + i + t;
      CHECK (u[i] == x, "u[%ld] = %g, not %g", i, u[i], x);
    }
}

int
main ()
{
  const long n = 1000;
  grid g, h;
  g.n = n;
  g.u = (double *) calloc (n, sizeof (double));
  g.v = (double *) malloc (n * sizeof (double));
  h.n = n;
  h.u = (double *) calloc (n, sizeof (double));
  h.v = (double *) malloc (n * sizeof (double));
  for (long i = 0; i < n; i++)
    g.v[i] = h.v[i] = i;
  g.run (40);
  h.run_method (40);
  expect (g.u, n, 40);
  expect (h.u, n, 40);
  free (g.u);
  free (g.v);
  free (h.u);
  free (h.v);
  return 0;
}

// { dg-final { scan-deepmap-report "member-grid.h:\[0-9\]+:9: deepmap: hoist: 'g.u' kept on the device across the loop at member-grid.h:\[0-9\]+ \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
// { dg-final { scan-deepmap-report "member-grid.h:\[0-9\]+:9: deepmap: hoist: 'g.v' kept on the device across the loop at member-grid.h:\[0-9\]+ \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } }
// { dg-final { scan-deepmap-report "member-grid.h:\[0-9\]+:9: deepmap: hoist: 'g' kept on the device across the loop at member-grid.h:\[0-9\]+ .*, with everything it points to \\(deep\\)" } }
// { dg-final { scan-deepmap-report "member-grid.h:\[0-9\]+:9: deepmap: hoist: 'this->u' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report "member-grid.h:\[0-9\]+:9: deepmap: hoist: 'this->v' kept on the device across the loop at member-grid.h:\[0-9\]+ \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } }
