/* error.c -- the one place deepmap reports errors.  */
#include "export.h"
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "error.h"

static DM_TLS char dm_reason_buf[512];

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
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (dm_reason_buf, sizeof dm_reason_buf, fmt, ap);
  va_end (ap);
}

const char *
dm_reason (void)
{
  return dm_reason_buf[0] ? dm_reason_buf : "unknown reason";
}
