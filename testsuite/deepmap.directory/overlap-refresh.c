/* Partial overlap under DEEPMAP_OVERLAP=refresh (the directory paper's
   update_and_copy): present bytes of a section that also brings new bytes
   and copies to the device are refreshed from the host.  See
   overlap-common.h.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_OVERLAP "refresh" } */

#include "overlap-common.h"

int
main (void)
{
  int dev = dm_dev ();
  dm_require_device ();
  overlap_scenario (1, dev);
  return 0;
}
