/* Partial overlap, default (keep) policy: present bytes keep their device
   values when a section also brings new bytes; the new bytes come from
   the host.  See overlap-common.h.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "overlap-common.h"

int
main (void)
{
  int dev = dm_dev ();
  dm_require_device ();
  overlap_scenario (0, dev);
  return 0;
}
