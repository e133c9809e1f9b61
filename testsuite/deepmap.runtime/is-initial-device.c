/* omp_is_initial_device: 1 on the host, 0 in a target region, also in a
   parallel region (and a nested task) inside it, and 1 again in a host
   parallel region.  */
/* { dg-do run } */
/* { dg-skip-if "the region calls host functions, which nvptx code cannot" { offload_target_nvptx } } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

int
main (void)
{
  int dev = dm_dev ();
  dm_require_device ();
  CHECK (omp_is_initial_device () == 1, "host: omp_is_initial_device () "
	 "= %d", omp_is_initial_device ());

  int in_region = -1, par_initial = -1, par_threads = 0, task_initial = -1;
#pragma omp target map(from: in_region, par_initial, par_threads, \
		       task_initial) device(dev)
  {
    in_region = omp_is_initial_device ();
    int count = 0, threads = 0;
#pragma omp parallel num_threads(4) reduction(+: count, threads)
    {
      count += omp_is_initial_device ();
      threads += 1;
    }
    par_initial = count;
    par_threads = threads;
    int t = -1;
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp task shared(t)
    t = omp_is_initial_device ();
    task_initial = t;
  }
  CHECK (in_region == 0, "region: omp_is_initial_device () = %d",
	 in_region);
  CHECK (par_threads >= 1, "parallel in the region ran %d threads",
	 par_threads);
  CHECK (par_initial == 0, "parallel in the region: %d of %d threads said "
	 "initial device", par_initial, par_threads);
  CHECK (task_initial == 0, "task in the region: omp_is_initial_device () "
	 "= %d", task_initial);

  int host_count = 0;
#pragma omp parallel num_threads(4) reduction(+: host_count)
  host_count += omp_is_initial_device () != 1;
  CHECK (host_count == 0, "host parallel: %d threads said not initial",
	 host_count);
  CHECK (omp_is_initial_device () == 1, "host after the regions");

  /* A region on the host (device(initial)).  */
  int r = -1;
#pragma omp target device(omp_get_initial_device ()) map(from: r)
  r = omp_is_initial_device ();
  CHECK (r == 1, "region on the initial device: %d", r);
  return 0;
}
