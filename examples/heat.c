/* heat.c -- 1-D heat diffusion offloaded with OpenMP target constructs:
   the array is mapped once around the time loop, each step is a target
   region, and the result is copied back at the end.  Run with
   DEEPMAP_STATS=1 to see the transfers this costs.  */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 1 << 20;
  int steps = argc > 2 ? atoi (argv[2]) : 100;
  double *u = malloc (n * sizeof *u), *v = malloc (n * sizeof *v);
  if (!u || !v || n < 3)
    return 1;
  for (int i = 0; i < n; i++)
    u[i] = v[i] = (i == n / 2) ? 1000.0 : 0.0;

  int on_host = 1;
#pragma omp target data map(tofrom: u[0:n]) map(to: v[0:n])
  for (int s = 0; s < steps; s += 2)
    {
      /* Two half steps per iteration (u to v, v back to u), so that the
	 result ends in U, the array that is copied back.  */
#pragma omp target teams distribute parallel for map(from: on_host)
      for (int i = 1; i < n - 1; i++)
	{
	  if (i == 1)
	    on_host = omp_is_initial_device ();
	  v[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
	}
#pragma omp target teams distribute parallel for
      for (int i = 1; i < n - 1; i++)
	u[i] = v[i] + 0.25 * (v[i - 1] - 2 * v[i] + v[i + 1]);
    }

  double total = 0, peak = 0;
  for (int i = 0; i < n; i++)
    {
      total += u[i];
      peak = fmax (peak, u[i]);
    }
  printf ("heat: %d points, %d steps on %s (%d device%s): total heat %.6f "
	  "(expected 1000), peak %.6f\n", n, steps,
	  on_host ? "the host" : "the offload device", omp_get_num_devices (),
	  omp_get_num_devices () == 1 ? "" : "s", total, peak);
  return fabs (total - 1000.0) < 1e-6 ? 0 : 1;
}
