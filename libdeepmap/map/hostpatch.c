/* hostpatch.c -- walks of host structures share the lock; a patch takes
   it alone, or not at all (hostpatch.h).  */
#include <pthread.h>

#include "map/hostpatch.h"

static pthread_rwlock_t dm_deep_host_lock = PTHREAD_RWLOCK_INITIALIZER;

void
dm_deep_walk_begin (void)
{
  pthread_rwlock_rdlock (&dm_deep_host_lock);
}

void
dm_deep_walk_end (void)
{
  pthread_rwlock_unlock (&dm_deep_host_lock);
}

int
dm_deep_patch_begin (void)
{
  return pthread_rwlock_trywrlock (&dm_deep_host_lock) == 0;
}

void
dm_deep_patch_end (void)
{
  pthread_rwlock_unlock (&dm_deep_host_lock);
}

void
dm_deep_host_lock_after_fork (void)
{
  pthread_rwlock_init (&dm_deep_host_lock, NULL);
}
