// store-elsewhere-scalar.c in C++: a one-element section read by the
// host after each step, beside a host store through another pointer of
// the same type that may alias it, stays on the device across the outer
// loop.  Results are the host's.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// data and sum in once (8008 bytes); sum back before each of 4 host
// reads and at the end.
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 8008 bytes, d2h 5 transfers 40 bytes" { target offload_device } }
#include <cstdlib>
#include <vector>

#define N 1000

__attribute__ ((noipa)) void
sums (const double *data, double *sum, double *seen)
{
  for (int g = 0; g < 4; g++)
    {
      for (int r = 0; r < 3; r++)
	{
#pragma omp target teams distribute parallel for map(to: data[0:N]) \
	map(tofrom: sum[0:1])
	  for (int i = 0; i < N; i++)
	    {
#pragma omp atomic
	      sum[0] += data[i] * g;
	    }
	}
      seen[g] = sum[0];
    }
}

int
main ()
{
  std::vector<double> data (N), sum (1), seen (4);
  for (int i = 0; i < N; i++)
    data[i] = i % 7;
  sums (data.data (), sum.data (), seen.data ());
  double want = 0;
  for (int g = 0; g < 4; g++)
    {
      for (int r = 0; r < 3; r++)
	for (int i = 0; i < N; i++)
	  want += data[i] * g;
      if (seen[g] != want)
	std::abort ();
    }
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-store-elsewhere-scalar.C:22:9: deepmap: hoist: 'sum' kept on the device across the loop at cxx-store-elsewhere-scalar.C:18 " } }
