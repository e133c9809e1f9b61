/* error.c -- the one place deepmap reports errors.  */
#include "support/export.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "support/error.h"

/* Each thread's reason, on the heap: a library that programs dlopen
   must keep its initial-exec TLS as small as GCC's libgomp does (a few
   pointers), or the loader has no static TLS left for it.  */
#define DM_REASON_SIZE 512
static DM_TLS char *dm_reason_buf;
static pthread_key_t dm_reason_key;
static pthread_once_t dm_reason_once = PTHREAD_ONCE_INIT;

static void
dm_reason_free (void *p)
{
  free (p);
  dm_reason_buf = NULL;
}

static void
dm_reason_key_init (void)
{
  pthread_key_create (&dm_reason_key, dm_reason_free);
}

/* This thread's reason buffer, or NULL if there is no memory for one.  */
static char *
dm_reason_get (void)
{
  if (__builtin_expect (dm_reason_buf == NULL, 0))
    {
      pthread_once (&dm_reason_once, dm_reason_key_init);
      dm_reason_buf = calloc (1, DM_REASON_SIZE);
      if (dm_reason_buf)
	pthread_setspecific (dm_reason_key, dm_reason_buf);
    }
  return dm_reason_buf;
}

static void
dm_vreport (const char *kind, const char *fmt, va_list ap)
{
  /* Format into one buffer and write it with one call, so that lines from
     concurrent threads do not interleave.  */
  char line[1024];
  int n = snprintf (line, sizeof line, "deepmap: %s: ", kind);
  int m = vsnprintf (line + n, sizeof line - n - 1, fmt, ap);
  if (m < 0)
    m = 0;
  n += m;
  if (n > (int) sizeof line - 2)
    n = sizeof line - 2;
  line[n++] = '\n';
  if (write (STDERR_FILENO, line, n) < 0)
    return;
}

/* Report an error line and flush the program's output: all that is
   left before the process ends.  */
static void
dm_vreport_fatal (const char *fmt, va_list ap)
{
  dm_vreport ("error", fmt, ap);
  fflush (stdout);
}

void
dm_fatal (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  dm_vreport_fatal (fmt, ap);
  va_end (ap);
  /* exit, not abort: atexit handlers (statistics) still run, and the
     status is an ordinary failure the caller can test.  */
  exit (1);
}

void
dm_fatal_unlock (pthread_mutex_t *lock, const char *fmt, ...)
{
  pthread_mutex_unlock (lock);
  va_list ap;
  va_start (ap, fmt);
  dm_vreport_fatal (fmt, ap);
  va_end (ap);
  exit (1);
}

void
dm_fatal_now (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  dm_vreport_fatal (fmt, ap);
  va_end (ap);
  /* On a driver's callback thread, atexit handlers that shut devices
     down would call the driver, which it forbids there.  */
  _exit (1);
}

void
dm_warning (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  dm_vreport ("warning", fmt, ap);
  va_end (ap);
}

void
dm_set_reason (const char *fmt, ...)
{
  char *buf = dm_reason_get ();
  if (!buf)
    return;
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (buf, DM_REASON_SIZE, fmt, ap);
  va_end (ap);
}

const char *
dm_reason (void)
{
  char *buf = dm_reason_buf;
  if (!buf)
    return "unknown reason (or no host memory to record it)";
  return buf[0] ? buf : "unknown reason";
}
