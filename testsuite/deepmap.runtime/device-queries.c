/* Device numbering: omp_get_num_devices, omp_get/set_default_device,
   omp_get_initial_device (== omp_get_num_devices ()), omp_get_device_num
   (the device inside a region, the initial device on the host).  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

int
main (void)
{
  int n = omp_get_num_devices ();
  CHECK (n >= 1, "omp_get_num_devices () = %d", n);
  CHECK (omp_get_initial_device () == n,
	 "omp_get_initial_device () = %d, expected %d",
	 omp_get_initial_device (), n);
  CHECK (omp_get_default_device () == 0, "default device %d, expected 0",
	 omp_get_default_device ());
  CHECK (omp_get_device_num () == n,
	 "omp_get_device_num () on the host = %d, expected %d",
	 omp_get_device_num (), n);

  int in_dev = -1, in_par_bad = -1;
#pragma omp target map(from: in_dev, in_par_bad)
  {
    in_dev = omp_get_device_num ();
    int bad = 0;
#pragma omp parallel num_threads(3) reduction(+: bad)
    bad += omp_get_device_num () != in_dev;
    in_par_bad = bad;
  }
  CHECK (in_dev == 0, "omp_get_device_num () in a region = %d, expected 0",
	 in_dev);
  CHECK (in_par_bad == 0, "omp_get_device_num () differs in %d threads of "
	 "a parallel in the region", in_par_bad);

  /* Every device in turn, through device() and the default device.  */
  for (int d = 0; d < n; d++)
    {
      int got = -1;
#pragma omp target device(d) map(from: got)
      got = omp_get_device_num ();
      CHECK (got == d, "device(%d): omp_get_device_num () = %d", d, got);

      omp_set_default_device (d);
      CHECK (omp_get_default_device () == d, "default device %d after "
	     "omp_set_default_device (%d)", omp_get_default_device (), d);
#pragma omp target map(from: got)
      got = omp_get_device_num ();
      CHECK (got == d, "default device %d: region ran on %d", d, got);
    }

  /* The initial device as a target: the region runs on the host.  */
  int got = -1, init = -1;
#pragma omp target device(n) map(from: got, init)
  {
    got = omp_get_device_num ();
    init = omp_is_initial_device ();
  }
  CHECK (got == n && init == 1,
	 "device(initial): omp_get_device_num () = %d, initial %d", got, init);
  omp_set_default_device (0);
  return 0;
}
