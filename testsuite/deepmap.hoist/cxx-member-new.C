// cxx-member-reload.C with one object whose arrays come from operator
// new[], as C++ code allocates them (member-grid.h): once step is
// inlined into the time loop, GCC keeps g.u, g.v and g.n in PHIs of the values main stored;
// the plugin uses those values and keeps g, u and v on the device across
// the loop (5 transfers in, 2 out: see cxx-member-reload.C) instead of
// mapping them at each of the 40 steps.  Results are those of the host.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 5 transfers 16040 bytes, d2h 2 transfers 8024 bytes" { target offload_device } }
#include "check.h"

#include "member-grid.h"

int
main ()
{
  grid g;
  g.n = 1000;
  g.u = new double[1000] ();
  g.v = new double[1000];
  for (long i = 0; i < 1000; i++)
    g.v[i] = i;
  g.run (40);
  for (long i = 0; i < 1000; i++)
    {
      double x = 0;
      for (int t = 0; t < 40; t++)
	x = 0.5 * x + i + t;
      CHECK (g.u[i] == x, "u[%ld] = %g, not %g", i, g.u[i], x);
    }
  delete[] g.u;
  delete[] g.v;
  return 0;
}

// { dg-final { scan-deepmap-report "member-grid.h:\[0-9\]+:9: deepmap: hoist: 'g' kept on the device across the loop at member-grid.h:\[0-9\]+ .*, with everything it points to \\(deep\\)" } }
// { dg-final { scan-deepmap-report "member-grid.h:\[0-9\]+:9: deepmap: hoist: 'g.u' kept on the device across the loop at member-grid.h:\[0-9\]+ \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
// { dg-final { scan-deepmap-report "member-grid.h:\[0-9\]+:9: deepmap: hoist: '\[^'\]+' kept on the device across the loop at member-grid.h:\[0-9\]+ \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } }
