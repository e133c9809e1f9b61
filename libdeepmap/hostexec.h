/* hostexec.h -- run region code the way a device would start it: as a
   fresh initial thread, with the default ICVs and no enclosing team.

   Region code that runs on the host (host fallback, the emulated device)
   must not see the encountering thread's OpenMP state: inside a parallel
   region `single' would bind to the outer team, and ICVs set by
   omp_set_* would leak into the region.  A new thread has neither.  */
#ifndef DM_HOSTEXEC_H
#define DM_HOSTEXEC_H

/* Run FN (ARG) on a new thread and wait for it (join, no spinning).
   Returns 0, or -1 with a reason if no thread could be started.  */
int dm_run_as_initial_thread (void (*fn) (void *), void *arg);

#endif
