// C++'s clocks between steps (steady_clock::now, system_clock::now,
// high_resolution_clock::now) store only the time point they return:
// the arrays, parameters any unknown call could otherwise reach, stay
// on the device across the outer loop (HeCBench's timing idiom).
// Results are the host's.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// data and sum in once (8008 bytes); sum back before each of 4 host
// reads and at the end.
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 8008 bytes, d2h 5 transfers 40 bytes" { target offload_device } }
#include <chrono>
#include <cstdlib>

#define N 1000

__attribute__ ((noipa)) long
sums (const double *data, double *sum, double *seen)
{
  long ticks = 0;
  for (int g = 0; g < 4; g++)
    {
      auto start = std::chrono::steady_clock::now ();
      auto wall = std::chrono::system_clock::now ();
      auto fine = std::chrono::high_resolution_clock::now ();
      for (int r = 0; r < 3; r++)
	{
#pragma omp target teams distribute parallel for map(to: data[0:N]) \
	map(tofrom: sum[0:1]) reduction(+: sum[0])
	  for (int i = 0; i < N; i++)
	    sum[0] += data[i] * g;
	}
      auto end = std::chrono::steady_clock::now ();
      ticks += std::chrono::duration_cast<std::chrono::nanoseconds>
		 (end - start).count ()
	       + (std::chrono::system_clock::now () - wall).count ()
	       + (std::chrono::high_resolution_clock::now () - fine).count ();
      seen[g] = sum[0];
    }
  return ticks;
}

int
main ()
{
  static double data[N], sum[1], seen[4];
  for (int i = 0; i < N; i++)
    data[i] = i % 7;
  if (sums (data, sum, seen) < 0)
    std::abort ();
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

// { dg-final { scan-deepmap-report "cxx-clock-calls.C:27:9: deepmap: hoist: 'data' kept on the device across the loop at cxx-clock-calls.C:20 " } }
// GCC 12 links an array reduction (sum[0]) for nvptx only with a 16-byte
// compare-and-swap that target lacks: not built for a GPU.
// { dg-skip-if "GCC 12's nvptx has no __atomic_compare_exchange_16" { offload_target_nvptx } }
