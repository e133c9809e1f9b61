/* emu_link.c -- the emulated link's clock (see emu_link.h).  */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <time.h>

#include "device/emu/emu_link.h"
#include "support/config.h"

/* When each direction's copy engine is free again (CLOCK_MONOTONIC ns).
   One link per process: the emulated devices share the host's bus.  */
static uint64_t dm_emu_link_free[2];
static pthread_mutex_t dm_emu_link_lock = PTHREAD_MUTEX_INITIALIZER;

static uint64_t
dm_emu_link_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* Sleep through most of the wait, then spin: a sleep overshoots by tens
   of microseconds, the size of the latencies modelled.  */
void
dm_emu_link_wait (uint64_t until)
{
  const uint64_t spin = 100000;	/* ns */
  if (until == 0)
    return;
  uint64_t now = dm_emu_link_now ();
  if (until > now + spin)
    {
      uint64_t t = until - spin;
      struct timespec ts = { (time_t) (t / 1000000000u),
			     (long) (t % 1000000000u) };
      while (clock_nanosleep (CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL)
	     == EINTR)
	;
    }
  while (dm_emu_link_now () < until)
    sched_yield ();
}

uint64_t
dm_emu_link_reserve_on (enum dm_emu_dir dir, size_t size)
{
  uint64_t cost = dm_config.emu_link_latency_ns
		  + (uint64_t) ((double) size * 1e9
				/ (double) dm_config.emu_link_bandwidth);
  pthread_mutex_lock (&dm_emu_link_lock);
  uint64_t now = dm_emu_link_now ();
  uint64_t start = dm_emu_link_free[dir] > now ? dm_emu_link_free[dir] : now;
  uint64_t end = start + cost;
  dm_emu_link_free[dir] = end;
  pthread_mutex_unlock (&dm_emu_link_lock);
  return end;
}
