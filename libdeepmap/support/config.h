/* config.h -- settings read once from the environment (DEEPMAP_*, and the
   OpenMP variables that concern devices).  A bad value is a fatal error
   naming the variable and what it accepts.  */
#ifndef DM_CONFIG_H
#define DM_CONFIG_H

#include <stddef.h>
#include <stdint.h>

enum dm_offload_policy
{
  DM_OFFLOAD_DEFAULT,
  DM_OFFLOAD_MANDATORY,
  DM_OFFLOAD_DISABLED
};

/* How the copies and pointer patches of a deep-copy construct reach the
   device (DEEPMAP_DEEPCOPY), after Chen, Sura and Sung:
   BASE  copy every object, then write every patched pointer;
   TCPY  patch a temporary host copy of each object, one transfer each;
   PCPY  patch each host object in place, transfer, restore (the host
	 objects change for a moment: unsafe with other host threads);
   BATCH patched copies packed into one staging buffer, and objects that
	 are adjacent on the device sent as one transfer.  */
enum dm_deep_strategy
{
  DM_DEEP_BASE,
  DM_DEEP_TCPY,
  DM_DEEP_PCPY,
  DM_DEEP_BATCH
};

struct dm_config
{
  const char *devices;		/* DEEPMAP_DEVICES, NULL: automatic */
  int default_device;		/* OMP_DEFAULT_DEVICE, 0 if unset */
  enum dm_offload_policy offload;	/* OMP_TARGET_OFFLOAD */
  int stats;			/* DEEPMAP_STATS */
  int trace;			/* DEEPMAP_TRACE=1 or list: print every
				   list item */
  const char *trace_file;	/* DEEPMAP_TRACE=FILE.json: the timeline */
  size_t trace_limit;		/* DEEPMAP_TRACE_LIMIT: events kept */
  int report;			/* DEEPMAP_REPORT: wasteful mappings */
  const char *report_file;	/* ... written there (NULL: stderr) */
  size_t emu_memory;		/* DEEPMAP_EMU_MEMORY: emulated capacity */
  int emu_poison;		/* DEEPMAP_EMU_POISON: poison fresh memory */
  int emu_strict;		/* DEEPMAP_EMU_STRICT: scan for host
				   addresses before each region */
  int overlap_refresh;		/* DEEPMAP_OVERLAP=refresh */
  int check;			/* DEEPMAP_CHECK: deep copy pointer checks */
  int deep_strategy;		/* DEEPMAP_DEEPCOPY (enum dm_deep_strategy) */
  int deep_replay;		/* DEEPMAP_DEEP_REPLAY: re-enter present
				   deep structures without a walk */
  int nowait_sync;		/* DEEPMAP_NOWAIT=sync: nowait tasks run
				   their construct synchronously */
  size_t emu_link_bandwidth;	/* DEEPMAP_EMU_LINK: bytes per second of
				   the emulated link (0: no link model) */
  uint64_t emu_link_latency_ns;	/* ... and the cost of each transfer */
};

extern struct dm_config dm_config;

/* Read the environment; called once from the library constructor.  */
void dm_config_init (void);

/* Parse a byte count such as "4096", "64K", "512M", "2G" from variable
   VAR; fatal error on anything else.  */
size_t dm_config_parse_size (const char *var, const char *value);

/* The integer in variable VAR, from MIN to MAX (a count of WHAT), or
   DFLT when unset or empty; fatal error on anything else.  */
int dm_config_env_int (const char *var, int dflt, int min, int max,
		       const char *what);

/* A device-scope OpenMP ICV's initial value for DEVICE, as GCC 13's
   libgomp reads it: VAR_DEV_<device>, else VAR_DEV, else VAR_ALL, else 0
   (a bad value is warned of and ignored, as for every OMP_ variable).
   The host's ICVs stay the system libgomp's, which reads VAR alone.  */
int dm_config_omp_device_int (const char *var, int device);

#endif
