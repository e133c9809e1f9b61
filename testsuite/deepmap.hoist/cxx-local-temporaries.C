// local-temporaries.c in LULESH's own C++ shape: the arrays are
// std::vector members of a Domain reached through accessors, the
// cut-off a temporary read from the Domain at every step (taken by
// address as a firstprivate double) and a local array of weights set
// on the host; the kept arrays get no update for the temporaries'
// stores, and are kept although the temporaries' lifetimes end in the
// loop.  Results are the host's.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-final { scan-deepmap-report "'domain->m_x\\.data\\(\\)' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report "'domain->m_v\\.data\\(\\)' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report-not "data\\(\\)' copied" } }
// { dg-final { scan-deepmap-report-not "data\\(\\)' not kept" } }
// x and v in once (8000 bytes each) and back once; the weights in at
// every step (20 x 32 bytes).
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 22 transfers 16640 bytes, d2h 2 transfers 16000 bytes" { target offload_device } }
#include <vector>
#include "check.h"

#define OMP(x) _Pragma (#x)
#define HOST(x)

class Domain
{
public:
  explicit Domain (int n) : m_x (n), m_v (n), m_cut (0.25) {}
  double &x (int i) { return m_x[i]; }
  double &v (int i) { return m_v[i]; }
  double cut () const { return m_cut; }
  int size () const { return (int) m_x.size (); }
  void set_cut (double c) { m_cut = c; }
private:
  std::vector<double> m_x, m_v;
  double m_cut;
};

#define CODE(run, P) \
__attribute__ ((noipa)) static void \
run (Domain &domain, int steps) \
{ \
  int n = domain.size (); \
  double *x = &domain.x (0); \
  double *v = &domain.v (0); \
  for (int t = 0; t < steps; t++) \
    { \
      const double u_cut = 0.125 * t + 0.25; \
      double weight[4] = { 1.0, 0.5, 0.25, 0.125 }; \
      weight[t % 4] += t; \
      P (omp target teams distribute parallel for \
	 map(tofrom: x[0:n], v[0:n]) map(to: weight)) \
      for (int i = 0; i < n; i++) \
	{ \
	  double vt = v[i] * 0.5 + weight[i % 4]; \
	  if (vt < u_cut && -vt < u_cut) \
	    vt = 0.0; \
	  v[i] = vt; \
	  x[i] += vt; \
	} \
    } \
}

CODE (run_device, OMP)
CODE (run_host, HOST)

int
main ()
{
  const int n = 1000, steps = 20;
  Domain a (n), b (n);
  for (int i = 0; i < n; i++)
    {
      a.x (i) = b.x (i) = i % 13;
      a.v (i) = b.v (i) = (i % 7) - 3.0;
    }
  run_device (a, steps);
  run_host (b, steps);
  for (int i = 0; i < n; i++)
    {
      CHECK (a.x (i) == b.x (i), "x[%d] = %g, host %g", i, a.x (i), b.x (i));
      CHECK (a.v (i) == b.v (i), "v[%d] = %g, host %g", i, a.v (i), b.v (i));
    }
  return 0;
}
