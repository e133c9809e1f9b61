/* init.c -- library start-up: read the configuration right after the
   system libgomp is reachable (forward.c runs at priority 101), before
   any program constructor can reach an entry point of ours.  Devices start
   lazily, at the first construct or device routine.  */
#include "abi/devices.h"
#include "support/config.h"
#include "map/directory.h"
#include "map/mapping.h"
#include "engine/images.h"
#include "engine/stats.h"

/* The engine's images reach the mapping layer through this.  */
static const struct dm_image_mapper dm_image_mapper = {
  dm_map_declare_target, dm_unmap_declare_target, dm_unmap_range,
  dm_translate_part
};

static void __attribute__ ((constructor (102)))
dm_init (void)
{
  dm_config_init ();
  dm_stats_enabled = dm_config.stats;
  __atomic_store_n (&dm_default_device_var, dm_config.default_device,
		    __ATOMIC_RELAXED);
  __atomic_store_n (&dm_overlap_policy,
		    dm_config.overlap_refresh ? DM_OVERLAP_REFRESH
					      : DM_OVERLAP_KEEP,
		    __ATOMIC_RELAXED);
  dm_images_set_mapper (&dm_image_mapper);
  dm_images_scan ();
}
