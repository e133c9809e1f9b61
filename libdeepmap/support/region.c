/* region.c -- which device a host thread is executing a target region for.

   On the emulated device a region is host code, and the parallel regions
   nested in it run on threads of the system libgomp's pool, which know
   nothing of devices.  So the entry points that start a team are wrapped:
   inside a device region they hand each team thread a trampoline that
   sets the device before running the outlined body.  Outside device
   regions they jump straight to the system library.  The teams entry is
   wrapped too, to count the teams a region's teams construct runs (OMPT's
   granted_num_teams: the system library picks the number).  */
#include <omp.h>
#include <stddef.h>

#include "support/export.h"
#include "support/forward.h"
#include "support/region.h"

DM_TLS struct dm_backend_dev *dm_current_device;
/* Its ICVs, set and cleared with it.  */
static DM_TLS struct dm_device_icvs *dm_current_icvs;
/* Teams that the teams construct of this thread's region ran, 0 before
   it has one (not reset by the trampolines below: a team's parallel
   region enters the device on this thread too, between two teams).  */
static DM_TLS unsigned dm_region_teams;

struct dm_region_state
dm_region_enter (struct dm_backend_dev *dev, struct dm_device_icvs *icvs)
{
  struct dm_region_state prev = { dm_current_device, dm_current_icvs };
  dm_current_device = dev;
  dm_current_icvs = icvs;
  return prev;
}

void
dm_region_exit (struct dm_region_state prev)
{
  dm_current_device = prev.dev;
  dm_current_icvs = prev.icvs;
}

struct dm_device_icvs *
dm_region_icvs (void)
{
  return dm_current_device ? dm_current_icvs : NULL;
}

unsigned
dm_region_teams_take (void)
{
  unsigned n = dm_region_teams;
  dm_region_teams = 0;
  return n ? n : 1;
}

/* What a team thread needs to run the outlined body on the device.  The
   first word repeats the first word of the body's data, because
   GOMP_parallel_reductions reads its reduction list from there.  */
struct dm_team_body
{
  void *first_word;
  void (*fn) (void *);
  void *data;
  struct dm_backend_dev *dev;
  struct dm_device_icvs *icvs;
};

static void
dm_team_trampoline (void *arg)
{
  struct dm_team_body *b = arg;
  struct dm_region_state prev = dm_region_enter (b->dev, b->icvs);
  b->fn (b->data);
  dm_region_exit (prev);
}

typedef void (*dm_body_fn) (void *);

/* What a team thread started inside a region gets.  */
#define DM_TEAM_BODY(fn, data, first)                                   \
  struct dm_team_body body = { (first), (fn), (data), dm_current_device, \
			       dm_current_icvs }

/* A target region's teams construct: GCC 12 runs its body as a loop that
   asks this entry, once per team, whether another team is to run.  */
DM_EXPORT _Bool
GOMP_teams4 (unsigned num_teams_low, unsigned num_teams_high,
	     unsigned thread_limit, _Bool first)
{
  DM_FORWARD_REAL ("GOMP_teams4", "GOMP_5.1",
	   _Bool (*) (unsigned, unsigned, unsigned, _Bool));
  struct dm_device_icvs *icvs = first ? dm_region_icvs () : NULL;
  /* Without a num_teams clause, as many teams as the device's
     nteams-var asks for (OpenMP: at most that many; GCC's GPU runtimes
     since GCC 13 run exactly that many); else GCC 12's one.  */
  if (icvs && num_teams_low == 0 && num_teams_high == 0)
    num_teams_low = num_teams_high
      = (unsigned) __atomic_load_n (&icvs->nteams, __ATOMIC_RELAXED);
  /* Without a thread_limit clause the device's teams-thread-limit-var
     bounds each team's threads, within the region's own limit (its
     target construct's thread_limit).  */
  if (icvs && thread_limit == 0)
    {
      int limit = __atomic_load_n (&icvs->teams_thread_limit,
				   __ATOMIC_RELAXED);
      int region = omp_get_thread_limit ();
      thread_limit = (unsigned) (limit > 0 && limit < region ? limit
				 : limit > 0 ? region : 0);
    }
  _Bool more = real (num_teams_low, num_teams_high, thread_limit, first);
  if (dm_current_device)
    dm_region_teams = (first ? 0 : dm_region_teams) + more;
  return more;
}

DM_EXPORT void
GOMP_parallel (dm_body_fn fn, void *data, unsigned nthreads, unsigned flags)
{
  DM_FORWARD_REAL ("GOMP_parallel", "GOMP_4.0",
	   void (*) (dm_body_fn, void *, unsigned, unsigned));
  if (!dm_current_device)
    {
      real (fn, data, nthreads, flags);
      return;
    }
  DM_TEAM_BODY (fn, data, NULL);
  real (dm_team_trampoline, &body, nthreads, flags);
}

DM_EXPORT unsigned
GOMP_parallel_reductions (dm_body_fn fn, void *data, unsigned nthreads,
			  unsigned flags)
{
  DM_FORWARD_REAL ("GOMP_parallel_reductions", "GOMP_5.0",
	   unsigned (*) (dm_body_fn, void *, unsigned, unsigned));
  if (!dm_current_device)
    return real (fn, data, nthreads, flags);
  DM_TEAM_BODY (fn, data, *(void **) data);
  return real (dm_team_trampoline, &body, nthreads, flags);
}

DM_EXPORT void
GOMP_parallel_sections (dm_body_fn fn, void *data, unsigned nthreads,
			unsigned count, unsigned flags)
{
  DM_FORWARD_REAL ("GOMP_parallel_sections", "GOMP_4.0",
	   void (*) (dm_body_fn, void *, unsigned, unsigned, unsigned));
  if (!dm_current_device)
    {
      real (fn, data, nthreads, count, flags);
      return;
    }
  DM_TEAM_BODY (fn, data, NULL);
  real (dm_team_trampoline, &body, nthreads, count, flags);
}

/* The combined parallel loops come in two shapes: with a chunk size and
   without (runtime schedules).  */
#define DM_WRAP_LOOP_CHUNK(name, version)                               \
  DM_EXPORT void                                                        \
  name (dm_body_fn fn, void *data, unsigned nthreads, long start,       \
	long end, long incr, long chunk, unsigned flags)                \
  {                                                                     \
    DM_FORWARD_REAL (#name, version, void (*) (dm_body_fn, void *, unsigned,    \
				       long, long, long, long, unsigned)); \
    if (!dm_current_device)                                             \
      {                                                                 \
	real (fn, data, nthreads, start, end, incr, chunk, flags);      \
	return;                                                         \
      }                                                                 \
    DM_TEAM_BODY (fn, data, NULL);                                      \
    real (dm_team_trampoline, &body, nthreads, start, end, incr, chunk, \
	  flags);                                                       \
  }

#define DM_WRAP_LOOP_RUNTIME(name, version)                             \
  DM_EXPORT void                                                        \
  name (dm_body_fn fn, void *data, unsigned nthreads, long start,       \
	long end, long incr, unsigned flags)                            \
  {                                                                     \
    DM_FORWARD_REAL (#name, version, void (*) (dm_body_fn, void *, unsigned,    \
				       long, long, long, unsigned));     \
    if (!dm_current_device)                                             \
      {                                                                 \
	real (fn, data, nthreads, start, end, incr, flags);             \
	return;                                                         \
      }                                                                 \
    DM_TEAM_BODY (fn, data, NULL);                                      \
    real (dm_team_trampoline, &body, nthreads, start, end, incr, flags); \
  }

DM_WRAP_LOOP_CHUNK (GOMP_parallel_loop_static, "GOMP_4.0")
DM_WRAP_LOOP_CHUNK (GOMP_parallel_loop_dynamic, "GOMP_4.0")
DM_WRAP_LOOP_CHUNK (GOMP_parallel_loop_guided, "GOMP_4.0")
DM_WRAP_LOOP_CHUNK (GOMP_parallel_loop_nonmonotonic_dynamic, "GOMP_4.5")
DM_WRAP_LOOP_CHUNK (GOMP_parallel_loop_nonmonotonic_guided, "GOMP_4.5")
DM_WRAP_LOOP_RUNTIME (GOMP_parallel_loop_runtime, "GOMP_4.0")
DM_WRAP_LOOP_RUNTIME (GOMP_parallel_loop_nonmonotonic_runtime, "GOMP_5.0")
DM_WRAP_LOOP_RUNTIME (GOMP_parallel_loop_maybe_nonmonotonic_runtime,
		      "GOMP_5.0")
