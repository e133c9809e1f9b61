// LULESH's shape (plugin/dm-storage.c): the arrays are std::vector
// members of one Domain object that the program resizes before its
// time loop, their pointers taken with &v[0]; one kernel runs under a
// test and takes two of the pointers again (the same members) inside
// it; host code between the kernels keeps per-lane minima in a static
// pointer allocated on first use and writes the Domain's own doubles
// through references, in loops and under tests.  Points-to analysis
// lets every one of these host writes land in any buffer, and the
// reloaded pointers differ from the ones loaded before the loop: before
// dm-storage.c most of it was copied at every step.  Now every vector
// is kept across the loop; only the host's real accesses are updated
// (q read in a search, one element of v written).  Results are the
// host's.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-final { scan-deepmap-report "'domain->m_x\\.data\\(\\)' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report "'domain->m_ss\\.data\\(\\)' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report "'domain->m_mass\\.data\\(\\)' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report-not "'domain->m_x\\.data\\(\\)' copied" } }
// { dg-final { scan-deepmap-report-not "'domain->m_ss\\.data\\(\\)' copied" } }
// { dg-final { scan-deepmap-report-not "'domain->m_mass\\.data\\(\\)' copied" } }
// { dg-final { scan-deepmap-report "'domain->m_q\\.data\\(\\)' copied from the device before" } }
// { dg-final { scan-deepmap-report "'domain->m_v\\.data\\(\\)' copied to the device after a host write" } }
// Each vector in once (4 x 16384 bytes; q is stored in full first) and
// one element of v at each of 12 steps; q back before each search, and
// x, v and q at the end.
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 16 transfers 65632 bytes, d2h 15 transfers 245760 bytes" { target offload_device } }
#include <vector>
#include <cstdlib>
#include "check.h"

#define OMP(x) _Pragma (#x)
#define HOST(x)
#define LANES 8

class Domain
{
public:
  std::vector<double> m_x, m_v, m_ss, m_mass, m_q;
  double m_dt, m_dtmin, m_coef, m_qstop;
  int m_n;
  double &dt () { return m_dt; }
  double &dtmin () { return m_dtmin; }
};

static double *lanes_dev, *lanes_host;

#define CODE(run, lanes, P) \
__attribute__ ((noipa)) static double \
run (Domain &domain, int steps) \
{ \
  int n = domain.m_n; \
  domain.m_x.resize (n); \
  double *ss0 = &domain.m_ss[0]; \
  domain.m_v.resize (n); \
  domain.m_q.resize (n); \
  double *x = &domain.m_x[0]; \
  double *v = &domain.m_v[0]; \
  double *q = &domain.m_q[0]; \
  for (int i = 0; i < n; i++) \
    { \
      x[i] = i % 11; \
      v[i] = (i % 5) - 2.0; \
      q[i] = 0.0; \
    } \
  int stopped = -1; \
  for (int t = 0; t < steps; t++) \
    { \
      P (omp target teams distribute parallel for \
	 map(tofrom: x[0:n], v[0:n], ss0[0:n], q[0:n])) \
      for (int i = 0; i < n; i++) \
	{ \
	  v[i] = v[i] * 0.5 + ss0[i]; \
	  q[i] = v[i] * v[i] * 1e-3; \
	} \
      const double coef = domain.m_coef; \
      if (coef > 0.0) \
	{ \
	  double *ss = &domain.m_ss[0]; \
	  double *mass = &domain.m_mass[0]; \
	  P (omp target teams distribute parallel for \
	     map(tofrom: x[0:n], v[0:n], ss[0:n], mass[0:n])) \
	  for (int i = 0; i < n; i++) \
	    x[i] += v[i] * coef / mass[i] + ss[i] * 1e-6; \
	} \
      if (!lanes) \
	lanes = (double *) std::malloc (LANES * sizeof *lanes); \
      for (int l = 0; l < LANES; l++) \
	lanes[l] = 1.0 + l + t; \
      double &dtmin = domain.dtmin (); \
      dtmin = 1e20; \
      for (int l = 0; l < LANES; l++) \
	if (lanes[l] < dtmin) \
	  dtmin = lanes[l]; \
      domain.dt () += dtmin * 1e-3; \
      for (int i = 0; i < n; i++) \
	if (q[i] > domain.m_qstop) \
	  { \
	    stopped = i; \
	    break; \
	  } \
      v[t % n] = 0.25; \
    } \
  return x[n / 3] + domain.dt () + stopped; \
}

CODE (run_device, lanes_dev, OMP)
CODE (run_host, lanes_host, HOST)

static void
setup (Domain &d, int n)
{
  d.m_n = n;
  d.m_ss.assign (n, 0.125);
  d.m_mass.assign (n, 2.0);
  d.m_dt = 0.0;
  d.m_coef = 0.5;
  d.m_qstop = 0.75;
}

int
main ()
{
  const int n = 2048, steps = 12;
  Domain a, b;
  setup (a, n);
  setup (b, n);
  double ra = run_device (a, steps), rb = run_host (b, steps);
  CHECK (ra == rb, "result %.17g, host %.17g", ra, rb);
  for (int i = 0; i < n; i++)
    {
      CHECK (a.m_x[i] == b.m_x[i], "x[%d] = %g, host %g", i, a.m_x[i], b.m_x[i]);
      CHECK (a.m_v[i] == b.m_v[i], "v[%d] = %g, host %g", i, a.m_v[i], b.m_v[i]);
      CHECK (a.m_q[i] == b.m_q[i], "q[%d] = %g, host %g", i, a.m_q[i], b.m_q[i]);
    }
  return 0;
}
