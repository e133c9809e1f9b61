/* config.c -- settings from the environment, read once at start-up.  */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "support/config.h"
#include "support/error.h"

struct dm_config dm_config;

int
dm_config_env_int (const char *var, int dflt, int min, int max,
		   const char *what)
{
  const char *v = getenv (var);
  if (v == NULL || *v == '\0')
    return dflt;
  char *end;
  errno = 0;
  long n = strtol (v, &end, 10);
  if (end == v || *end || errno || n < min || n > max)
    dm_fatal ("bad value '%s' of %s: expected a number of %s from %d to %d",
	      v, var, what, min, max);
  return (int) n;
}

size_t
dm_config_parse_size (const char *var, const char *value)
{
  char *end;
  errno = 0;
  unsigned long long n = strtoull (value, &end, 10);
  if (end == value || errno || value[0] == '-')
    goto bad;
  unsigned shift = 0;
  switch (toupper ((unsigned char) *end))
    {
    case 'K': shift = 10; end++; break;
    case 'M': shift = 20; end++; break;
    case 'G': shift = 30; end++; break;
    case 'T': shift = 40; end++; break;
    case '\0': break;
    default: goto bad;
    }
  if (*end == 'i' || *end == 'I')
    end++;
  if (*end == 'B' || *end == 'b')
    end++;
  if (*end != '\0' || (shift && n > (~0ULL >> shift)))
    goto bad;
  return (size_t) (n << shift);
bad:
  dm_fatal ("bad value '%s' of %s: expected a byte count such as 4096, "
	    "64K, 512M or 2G", value, var);
}

/* "BANDWIDTH[,LATENCY]" of the emulated link: bytes per second as a byte
   count (12G: 12 GiB/s), then optionally a time with its unit (ns, us,
   ms, s), as a PCIe link is described.  */
static void
dm_parse_link (const char *var, const char *value)
{
  const char *comma = strchr (value, ',');
  size_t bwlen = comma ? (size_t) (comma - value) : strlen (value);
  char bw[64];
  if (bwlen == 0 || bwlen >= sizeof bw)
    goto bad;
  memcpy (bw, value, bwlen);
  bw[bwlen] = '\0';
  if (!isdigit ((unsigned char) bw[0]))
    goto bad;
  if (!comma)
    {
      dm_config.emu_link_bandwidth = dm_config_parse_size (var, bw);
      if (dm_config.emu_link_bandwidth == 0)
	goto bad;
      dm_config.emu_link_latency_ns = 0;
      return;
    }
  char *end;
  errno = 0;
  double t = strtod (comma + 1, &end);
  double scale;
  if (!strcmp (end, "ns"))
    scale = 1;
  else if (!strcmp (end, "us"))
    scale = 1e3;
  else if (!strcmp (end, "ms"))
    scale = 1e6;
  else if (!strcmp (end, "s"))
    scale = 1e9;
  else
    goto bad;
  if (end == comma + 1 || errno || !(t >= 0) || t * scale > 1e12)
    goto bad;
  dm_config.emu_link_bandwidth = dm_config_parse_size (var, bw);
  if (dm_config.emu_link_bandwidth == 0)
    goto bad;
  dm_config.emu_link_latency_ns = (uint64_t) (t * scale + 0.5);
  return;
bad:
  dm_fatal ("bad value '%s' of %s: expected BANDWIDTH[,LATENCY] such as "
	    "12G,10us (bytes per second, then ns, us, ms or s)", value, var);
}

static int
dm_parse_bool (const char *var, const char *value)
{
  if (!strcmp (value, "1") || !strcasecmp (value, "yes")
      || !strcasecmp (value, "true") || !strcasecmp (value, "on"))
    return 1;
  if (!strcmp (value, "0") || !strcasecmp (value, "no")
      || !strcasecmp (value, "false") || !strcasecmp (value, "off")
      || !*value)
    return 0;
  dm_fatal ("bad value '%s' of %s: expected 1/0, yes/no, true/false or "
	    "on/off", value, var);
}

/* DEEPMAP_TRACE: the text listing (1, list, or any true value) or a
   timeline file (a value ending in .json, or a path).  */
static void
dm_parse_trace (const char *v)
{
  size_t len = v ? strlen (v) : 0;
  if (v && !strcasecmp (v, "list"))
    dm_config.trace = 1;
  else if (v && ((len > 5 && !strcasecmp (v + len - 5, ".json"))
		 || strchr (v, '/')))
    dm_config.trace_file = v;
  else
    dm_config.trace = v ? dm_parse_bool ("DEEPMAP_TRACE", v) : 0;
  v = getenv ("DEEPMAP_TRACE_LIMIT");
  dm_config.trace_limit = v ? dm_config_parse_size ("DEEPMAP_TRACE_LIMIT", v)
			    : (size_t) 1 << 20;
}

/* DEEPMAP_REPORT: a true value prints the report on stderr, a false
   one (or none) turns it off, anything else names its file.  */
static void
dm_parse_report (const char *v)
{
  static const char *const yes[] = { "1", "yes", "true", "on" };
  static const char *const no[] = { "", "0", "no", "false", "off" };
  if (!v)
    return;
  for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
    if (!strcasecmp (v, no[i]))
      return;
  dm_config.report = 1;
  for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
    if (!strcasecmp (v, yes[i]))
      return;
  dm_config.report_file = v;
}

/* OpenMP's own variables are shared with the system libgomp, which only
   warns about bad values; so do we, and keep the default.  */
static int
dm_parse_omp_int (const char *var, const char *value)
{
  char *end;
  errno = 0;
  long n = strtol (value, &end, 10);
  while (isspace ((unsigned char) *end))
    end++;
  if (end == value || *end || errno || n < 0 || n > 0x7fffffff)
    {
      dm_warning ("ignoring bad value '%s' of %s: expected a non-negative "
		  "integer", value, var);
      return 0;
    }
  return (int) n;
}

int
dm_config_omp_device_int (const char *var, int device)
{
  char name[64];
  snprintf (name, sizeof name, "%s_DEV_%d", var, device);
  const char *v = getenv (name);
  if (!v)
    {
      snprintf (name, sizeof name, "%s_DEV", var);
      v = getenv (name);
    }
  if (!v)
    {
      snprintf (name, sizeof name, "%s_ALL", var);
      v = getenv (name);
    }
  return v ? dm_parse_omp_int (name, v) : 0;
}

void
dm_config_init (void)
{
  const char *v;

  dm_config.devices = getenv ("DEEPMAP_DEVICES");
  if (dm_config.devices && !*dm_config.devices)
    dm_config.devices = NULL;

  v = getenv ("DEEPMAP_STATS");
  dm_config.stats = v ? dm_parse_bool ("DEEPMAP_STATS", v) : 0;

  v = getenv ("DEEPMAP_TRACE");
  dm_parse_trace (v);

  dm_parse_report (getenv ("DEEPMAP_REPORT"));

  /* The emulated device's capacity: ample by default, small for tests of
     the out-of-memory path.  */
  v = getenv ("DEEPMAP_EMU_MEMORY");
  dm_config.emu_memory = v ? dm_config_parse_size ("DEEPMAP_EMU_MEMORY", v)
			   : (size_t) 64 << 30;

  v = getenv ("DEEPMAP_EMU_LINK");
  if (v && *v)
    dm_parse_link ("DEEPMAP_EMU_LINK", v);

  v = getenv ("DEEPMAP_EMU_POISON");
  dm_config.emu_poison = v ? dm_parse_bool ("DEEPMAP_EMU_POISON", v) : 1;

  v = getenv ("DEEPMAP_EMU_STRICT");
  dm_config.emu_strict = v ? dm_parse_bool ("DEEPMAP_EMU_STRICT", v) : 0;

  v = getenv ("DEEPMAP_NOWAIT");
  if (v && strcmp (v, "sync") == 0)
    dm_config.nowait_sync = 1;
  else if (v && strcmp (v, "async") != 0)
    dm_fatal ("bad value '%s' of DEEPMAP_NOWAIT: expected async or sync", v);

  v = getenv ("DEEPMAP_CHECK");
  dm_config.check = v ? dm_parse_bool ("DEEPMAP_CHECK", v) : 0;

  /* Deep copy transfers: batch is the fastest that leaves host objects
     alone (pcpy patches them in place for a moment).  The names follow
     enum dm_deep_strategy.  */
  v = getenv ("DEEPMAP_DEEPCOPY");
  dm_config.deep_strategy = DM_DEEP_BATCH;
  if (v && *v)
    {
      static const char *const names[] = {
	[DM_DEEP_BASE] = "base", [DM_DEEP_TCPY] = "tcpy",
	[DM_DEEP_PCPY] = "pcpy", [DM_DEEP_BATCH] = "batch"
      };
      int found = -1;
      for (int i = 0; i < (int) (sizeof names / sizeof names[0]); i++)
	if (!strcasecmp (v, names[i]))
	  found = i;
      if (found < 0)
	dm_fatal ("bad value '%s' of DEEPMAP_DEEPCOPY: expected base, tcpy, "
		  "pcpy or batch", v);
      dm_config.deep_strategy = found;
    }

  v = getenv ("DEEPMAP_DEEP_REPLAY");
  dm_config.deep_replay = v ? dm_parse_bool ("DEEPMAP_DEEP_REPLAY", v) : 1;

  v = getenv ("DEEPMAP_OVERLAP");
  dm_config.overlap_refresh = 0;
  if (v && !strcasecmp (v, "refresh"))
    dm_config.overlap_refresh = 1;
  else if (v && *v && strcasecmp (v, "keep"))
    dm_fatal ("bad value '%s' of DEEPMAP_OVERLAP: expected keep or refresh",
	      v);

  /* OpenMP 5.1: OMP_DEFAULT_DEVICE is a non-negative integer.  */
  v = getenv ("OMP_DEFAULT_DEVICE");
  dm_config.default_device
    = v ? dm_parse_omp_int ("OMP_DEFAULT_DEVICE", v) : 0;

  v = getenv ("OMP_TARGET_OFFLOAD");
  dm_config.offload = DM_OFFLOAD_DEFAULT;
  if (v)
    {
      if (!strcasecmp (v, "mandatory"))
	dm_config.offload = DM_OFFLOAD_MANDATORY;
      else if (!strcasecmp (v, "disabled"))
	dm_config.offload = DM_OFFLOAD_DISABLED;
      else if (!strcasecmp (v, "default"))
	dm_config.offload = DM_OFFLOAD_DEFAULT;
      else
	dm_warning ("ignoring bad value '%s' of OMP_TARGET_OFFLOAD: expected "
		    "mandatory, disabled or default", v);
    }
}
