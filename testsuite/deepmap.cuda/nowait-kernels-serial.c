/* GCC's nvptx code keeps per-module state that each kernel sets up from
   its own geometry, so kernels of one device must never overlap (GCC's
   plugin runs them one at a time).  nowait regions on queues of their
   own, mixed with synchronous ones, are chained on the device: the fake's
   kernels take a millisecond each and none may start while another runs.
   The host still does not wait: every nowait region is queued before the
   taskwait.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_JITTER "1" } */

#include <omp.h>

#include "synthetic-image.h"

#define REGIONS 8

int
main (void)
{
  synth_register ();
  dm_require_device ();
  int x[REGIONS];
  void *args[] = { SYNTH_ARG (1, 2), SYNTH_ARG (2, 1), NULL };

#pragma omp parallel num_threads(4)
#pragma omp single
  {
    for (int i = 0; i < REGIONS; i++)
      {
	x[i] = i;
	void *hostaddrs[] = { &x[i] };
	size_t sizes[] = { sizeof x[i] };
	unsigned short kinds[] = { 3 /* GOMP_MAP_TOFROM */ };
	GOMP_target_ext (0, synth_region, 1, hostaddrs, sizes, kinds,
			 1 /* nowait */, NULL, args);
	if (i == REGIONS / 2)
	  {
	    /* A synchronous region among the queued ones.  */
	    int y = 0;
	    void *ya[] = { &y };
	    size_t ys[] = { sizeof y };
	    GOMP_target_ext (0, synth_region, 1, ya, ys, kinds, 0, NULL,
			     args);
	  }
      }
#pragma omp taskwait
  }

  CHECK (fk_count ("queued_launches") == REGIONS, "%lu launches on queues",
	 fk_count ("queued_launches"));
  struct fakecuda_launch l;
  CHECK (fk_last_launch (&l) == REGIONS + 1, "%lu launches",
	 fk_last_launch (&l));
  CHECK (fk_count ("kernel_overlaps") == 0, "%lu kernels overlapped",
	 fk_count ("kernel_overlaps"));
  for (int i = 0; i < REGIONS; i++)
    CHECK (x[i] == i, "x[%d] = %d", i, x[i]);
  return 0;
}
