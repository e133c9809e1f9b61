/* device/emu/emu_globals.c against a model: random declare target
   variables (small ones, which are copied, and ones of 1 MiB and more,
   kept as page hashes when the device copy equals the host value),
   random device copies equal to the host value or not, the device
   address passed to the region or not, and a region that writes random
   bytes at host addresses and, in pages it does not write at the host
   address, through device addresses.  Afterwards every host value must
   be what it was and every device copy must hold the device value with
   both kinds of writes.  Built by emu-globals-unit.exp against the
   runtime's sources.  */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/emu/emu_globals.h"

/* What emu_globals.c (and the hash it uses) needs of the rest of the
   runtime.  */
void
dm_set_reason (const char *fmt, ...)
{
}

int
dm_config_env_int (const char *var, int dflt, int min, int max,
		   const char *what)
{
  return dflt;
}

void
dm_fatal (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  exit (3);
}

static unsigned long long rng = 88172645463325252ull;

static unsigned
next (void)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (unsigned) (rng >> 11);
}

#define NV 3
#define PAGE 4096

struct var
{
  size_t size;
  unsigned char *host, *dev, *want_host, *want_dev;
};

struct region
{
  struct var *v;
  int nv;
};

static int
region (void *arg)
{
  struct region *r = arg;
  for (int i = 0; i < r->nv; i++)
    {
      struct var *v = &r->v[i];
      /* The host address now holds the device value.  */
      if (memcmp (v->host, v->want_dev, v->size) != 0)
	{
	  printf ("FAIL: variable %d: the region does not see the device "
		  "value\n", i);
	  exit (1);
	}
      size_t pages = (v->size + PAGE - 1) / PAGE;
      for (int k = next () % 40; k-- > 0;)
	{
	  size_t p = next () % pages, b = p * PAGE + next () % PAGE;
	  if (b >= v->size)
	    continue;
	  unsigned char x = (unsigned char) next ();
	  /* Pages even from the variable's seed: at the host address;
	     odd: through the device address.  */
	  if (p % 2 == 0)
	    v->host[b] = x;
	  else
	    v->dev[b] = x;
	  v->want_dev[b] = x;
	}
    }
  return 0;
}

int
main (void)
{
  struct dm_emu_globals keep = { 0, 0 };
  for (int round = 0; round < 200; round++)
    {
      struct var v[NV];
      struct dm_global_ref refs[NV];
      uintptr_t args[2] = { 0, 0 };
      void *host_args[2] = { NULL, NULL };
      for (int i = 0; i < NV; i++)
	{
	  static const size_t sizes[] = { 24, 5000, (1 << 20) - 8, 1 << 20,
					  (1 << 20) + 13, 3 << 20 };
	  size_t size = sizes[next () % 6];
	  v[i].size = size;
	  v[i].host = malloc (size);
	  v[i].dev = malloc (size);
	  v[i].want_host = malloc (size);
	  v[i].want_dev = malloc (size);
	  for (size_t b = 0; b < size; b++)
	    v[i].host[b] = (unsigned char) (b * 31 + i);
	  memcpy (v[i].dev, v[i].host, size);
	  /* Sometimes the device copy differs (no target update).  */
	  if (next () % 3 == 0)
	    v[i].dev[next () % size] ^= 0x5a;
	  memcpy (v[i].want_host, v[i].host, size);
	  memcpy (v[i].want_dev, v[i].dev, size);
	  refs[i] = (struct dm_global_ref) { (uintptr_t) v[i].host,
					     (uintptr_t) v[i].dev, size };
	  /* Sometimes the region is passed the device address.  */
	  if (i == 0 && next () % 4 == 0)
	    {
	      size_t off = next () % size;
	      args[0] = (uintptr_t) v[i].dev + off;
	      host_args[0] = v[i].host + off;
	    }
	}
      args[1] = next ();		/* a value, not an address */
      struct region r = { v, NV };
      if (dm_emu_globals_run (&keep, refs, NV, args, host_args, 2, region, &r) != 0)
	{
	  printf ("FAIL: round %d: dm_emu_globals_run failed\n", round);
	  return 1;
	}
      for (int i = 0; i < NV; i++)
	{
	  if (memcmp (v[i].host, v[i].want_host, v[i].size) != 0)
	    {
	      printf ("FAIL: round %d variable %d (%zu bytes): host value "
		      "not restored\n", round, i, v[i].size);
	      return 1;
	    }
	  if (memcmp (v[i].dev, v[i].want_dev, v[i].size) != 0)
	    {
	      printf ("FAIL: round %d variable %d (%zu bytes): device copy "
		      "lacks the region's writes\n", round, i, v[i].size);
	      return 1;
	    }
	  free (v[i].host);
	  free (v[i].dev);
	  free (v[i].want_host);
	  free (v[i].want_dev);
	}
    }
  free (keep.buf);
  free (keep.swapped);
  printf ("ok\n");
  return 0;
}
