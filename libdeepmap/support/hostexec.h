/* hostexec.h -- run region code the way a device would start it: as an
   initial thread, with the default ICVs and no enclosing team.

   Region code that runs on the host (host fallback, the emulated device)
   must not see the encountering thread's OpenMP state: inside a parallel
   region `single' would bind to the outer team, and ICVs set by
   omp_set_* would leak into the region.  So regions run on threads of
   their own.  Those threads persist (one per region running at a time,
   reused by the next): the system libgomp keeps each one's thread pool,
   so a region's parallel loops reuse a team instead of building one per
   region, and no 64 MiB stack is mapped per region.  Each region starts
   with the ICVs a fresh thread has.  */
#ifndef DM_HOSTEXEC_H
#define DM_HOSTEXEC_H

/* Run FN (ARG) on a region thread and wait for it (no spinning).
   THREAD_LIMIT > 0 bounds omp_get_thread_limit () inside (the target
   construct's thread_limit clause).  Returns 0, or -1 with a reason if
   no thread could be started.  */
int dm_run_as_initial_thread (void (*fn) (void *), void *arg,
			      int thread_limit);

#endif
