/* deepmap_set_overlap_policy switches the partial-overlap policy at run
   time (keep, refresh, keep again) and rejects unknown policies.  See
   overlap-common.h.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include <deepmap.h>
#include "overlap-common.h"

int
main (void)
{
  int dev = dm_dev ();
  dm_require_device ();
  CHECK (deepmap_set_overlap_policy != NULL,
	 "deepmap_set_overlap_policy is not provided by this libgomp");
  overlap_scenario (0, dev);
  CHECK (deepmap_set_overlap_policy (DEEPMAP_OVERLAP_REFRESH) == 0,
	 "setting the refresh policy failed");
  overlap_scenario (1, dev);
  CHECK (deepmap_set_overlap_policy (DEEPMAP_OVERLAP_KEEP) == 0,
	 "setting the keep policy failed");
  overlap_scenario (0, dev);
  CHECK (deepmap_set_overlap_policy (7) == -1,
	 "an unknown policy was accepted");
  CHECK (deepmap_set_overlap_policy (-1) == -1,
	 "policy -1 was accepted");
  /* The rejected calls changed nothing.  */
  overlap_scenario (0, dev);
  return 0;
}
