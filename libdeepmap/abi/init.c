/* init.c -- library start-up: read the configuration right after the
   system libgomp is reachable (forward.c runs at priority 101), before
   any program constructor can reach an entry point of ours.  Devices start
   lazily, at the first construct or device routine.  */
#include "support/config.h"
#include "map/directory.h"
#include "engine/images.h"
#include "engine/stats.h"

extern int dm_default_device_var;

static void __attribute__ ((constructor (102)))
dm_init (void)
{
  dm_config_init ();
  dm_stats_enabled = dm_config.stats;
  dm_default_device_var = dm_config.default_device;
  dm_overlap_policy = dm_config.overlap_refresh ? DM_OVERLAP_REFRESH
					      : DM_OVERLAP_KEEP;
  dm_images_scan ();
}
