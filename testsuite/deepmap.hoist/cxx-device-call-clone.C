// XSBench's lookups in C++: function templates (COMDAT) defined after
// the kernel that calls them, given the kernel's arrays by the parallel
// body of a combined construct; IPA clones the inner one (IPA-SRA: one
// parameter is unused), leaving the original no longer a
// definition.  The arrays they only read are not copied back after the
// loop; the one a template writes through its parameter is.  Results
// are the host's.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// lookups: e and g in once (16000 + 8000), v written first (not copied
// in), v back (8000); scaling: w in and back (8000 each way).
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 32000 bytes, d2h \[0-9\]+ transfers 16000 bytes" { target offload_device } }
#include <cstdlib>

#define N 2000

#pragma omp declare target
template <class D, class I> double lookup (D e, I g, int i, int *hit);
template <class D> void scale (D w, int i);
#pragma omp end declare target

__attribute__ ((noinline)) static void
simulate (const double *e, const int *g, int *v, int reps)
{
  for (int r = 0; r < reps; r++)
    {
#pragma omp target teams distribute parallel for map(tofrom: e[0:N], g[0:N], v[0:N])
      for (int i = 0; i < N; i++)
	{
	  int hit = 0;
	  v[i] = (int) lookup (e, g, i, &hit) + hit;
	}
    }
}

__attribute__ ((noinline)) static void
scale_all (int *w, int reps)
{
  for (int r = 0; r < reps; r++)
    {
#pragma omp target teams distribute parallel for map(tofrom: w[0:N])
      for (int i = 0; i < N; i++)
	scale (w, i);
    }
}

int
main ()
{
  double *e = (double *) std::malloc (N * sizeof *e);
  int *g = (int *) std::malloc (N * sizeof *g);
  int *v = (int *) std::malloc (N * sizeof *v);
  int *w = (int *) std::malloc (N * sizeof *w);
  for (int i = 0; i < N; i++)
    {
      e[i] = (i * 7) % 13;
      g[i] = (i * 5) % N;
      v[i] = -1;
      w[i] = i;
    }
  simulate (e, g, v, 4);
  scale_all (w, 3);
  for (int i = 0; i < N; i++)
    {
      int hit = 0;
      double x = 0;
      for (int k = 0; k < 3; k++)
	{
	  int j = (g[(i + k) % N] + k) % N;
	  x += e[j];
	  hit += e[j] > 6;
	}
      if (v[i] != (int) x + hit || e[i] != (i * 7) % 13
	  || g[i] != (i * 5) % N || w[i] != 8 * i)
	std::abort ();
    }
  return 0;
}

#pragma omp declare target
template <class D, class I>
__attribute__ ((noinline)) void
micro (D e, I g, D unused, int i, int k, double *out)
{
  int j = (g[(i + k) % N] + k) % N;
  out[0] = e[j];
  out[1] = e[j] > 6;
}

template <class D, class I>
__attribute__ ((noinline)) double
lookup (D e, I g, int i, int *hit)
{
  double x = 0;
  for (int k = 0; k < 3; k++)
    {
      double out[2];
      micro (e, g, e, i, k, out);
      x += out[0];
      *hit += (int) out[1];
    }
  return x;
}

template <class D>
__attribute__ ((noinline)) void
twice (D w, int i, double *unused)
{
  w[i] *= 2;
}

template <class D>
__attribute__ ((noinline)) void
scale (D w, int i)
{
  double u[1];
  twice (w, i, u);
}
#pragma omp end declare target
// { dg-final { scan-deepmap-report "cxx-device-call-clone.C:27:9: deepmap: hoist: 'e' kept on the device across the loop at cxx-device-call-clone.C:25 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } }
// { dg-final { scan-deepmap-report "cxx-device-call-clone.C:27:9: deepmap: hoist: 'g' kept on the device across the loop at cxx-device-call-clone.C:25 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } }
// { dg-final { scan-deepmap-report "cxx-device-call-clone.C:41:9: deepmap: hoist: 'w' kept on the device across the loop at cxx-device-call-clone.C:39 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
