/* device_icv.c -- the OpenMP routines of the ICVs whose scope is the
   device (nteams-var: omp_set_num_teams, omp_get_max_teams;
   teams-thread-limit-var: omp_set_teams_thread_limit,
   omp_get_teams_thread_limit) and their Fortran entry points.

   Called from the code of a region on the emulated device they read and
   set that device's copies (support/region.h), as a GPU's runtime would
   its own: setting one in a region must neither change the host's nor
   another device's.  Called on the host they are the system libgomp's.  */
#include <limits.h>
#include <stdint.h>

#include "support/export.h"
#include "support/forward.h"
#include "support/region.h"

static int
dm_icv_get (const int *icv)
{
  return __atomic_load_n (icv, __ATOMIC_RELAXED);
}

/* As the host's: a negative value leaves the ICV unchanged.  */
static void
dm_icv_set (int *icv, int value)
{
  if (value >= 0)
    __atomic_store_n (icv, value, __ATOMIC_RELAXED);
}

/* SET and GET of the ICV FIELD: the device's copy inside an emulated
   region, else the system libgomp's.  */
#define DM_DEVICE_ICV(set, get, field)                                  \
  DM_EXPORT void                                                        \
  set (int value)                                                       \
  {                                                                     \
    struct dm_device_icvs *icvs = dm_region_icvs ();                    \
    if (icvs)                                                           \
      {                                                                 \
	dm_icv_set (&icvs->field, value);                               \
	return;                                                         \
      }                                                                 \
    DM_FORWARD_REAL (#set, "OMP_5.1", void (*) (int));                  \
    real (value);                                                       \
  }                                                                     \
									\
  DM_EXPORT int                                                         \
  get (void)                                                            \
  {                                                                     \
    struct dm_device_icvs *icvs = dm_region_icvs ();                    \
    if (icvs)                                                           \
      return dm_icv_get (&icvs->field);                                 \
    DM_FORWARD_REAL (#get, "OMP_5.1", int (*) (void));                  \
    return real ();                                                     \
  }

DM_DEVICE_ICV (omp_set_num_teams, omp_get_max_teams, nteams)
DM_DEVICE_ICV (omp_set_teams_thread_limit, omp_get_teams_thread_limit,
	       teams_thread_limit)

/* Fortran: arguments by reference; the _8_ forms take 64-bit integers,
   clamped to int as libgomp does.  */
static int
dm_clamp_int (int64_t v)
{
  return v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int) v;
}

DM_EXPORT void
omp_set_num_teams_ (const int32_t *n)
{
  omp_set_num_teams (*n);
}

DM_EXPORT void
omp_set_num_teams_8_ (const int64_t *n)
{
  omp_set_num_teams (dm_clamp_int (*n));
}

DM_EXPORT int32_t
omp_get_max_teams_ (void)
{
  return omp_get_max_teams ();
}

DM_EXPORT void
omp_set_teams_thread_limit_ (const int32_t *n)
{
  omp_set_teams_thread_limit (*n);
}

DM_EXPORT void
omp_set_teams_thread_limit_8_ (const int64_t *n)
{
  omp_set_teams_thread_limit (dm_clamp_int (*n));
}

DM_EXPORT int32_t
omp_get_teams_thread_limit_ (void)
{
  return omp_get_teams_thread_limit ();
}
