/* error.h -- the one reporting point for deepmap's errors.

   Lower layers (backends, pool) return -1 and leave a reason with
   dm_set_reason; the layer that knows the construct, device and host range
   reports it with dm_fatal, which prints one line
   "deepmap: error: ..." and exits non-zero.  */
#ifndef DM_ERROR_H
#define DM_ERROR_H

#include <pthread.h>

#include <stdarg.h>

#define DM_FORMAT(a, b) __attribute__ ((format (printf, a, b)))

/* Print "deepmap: error: <message>" on stderr and exit(1).  */
void dm_fatal (const char *fmt, ...) DM_FORMAT (1, 2) __attribute__ ((noreturn));

/* dm_fatal for a caller that holds LOCK (a device's): released first,
   because exit handlers (statistics, device shutdown) take it.  */
void dm_fatal_unlock (pthread_mutex_t *lock, const char *fmt, ...)
  DM_FORMAT (2, 3) __attribute__ ((noreturn));
/* The same from a thread where exit's handlers must not run (a driver's
   callback thread): the process ends with _exit.  */
void dm_fatal_now (const char *fmt, ...) DM_FORMAT (1, 2)
  __attribute__ ((noreturn));

/* Print "deepmap: warning: <message>" on stderr.  */
void dm_warning (const char *fmt, ...) DM_FORMAT (1, 2);

/* Leave the reason of a failure for the caller to report (thread-local).  */
void dm_set_reason (const char *fmt, ...) DM_FORMAT (1, 2);

/* The last reason left on this thread ("unknown reason" if none).  */
const char *dm_reason (void);

#endif
