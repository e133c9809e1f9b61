/* ctx-fail.c -- a construct that cannot go on: one error line naming
   the construct and the device, after the device's lock is let go.  */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

#include "map/directory.h"
#include "support/construct.h"

void
dm_fail (struct dm_ctx *ctx, const char *fmt, ...)
{
  char msg[700];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (msg, sizeof msg, fmt, ap);
  va_end (ap);
  /* Unlock first: exit handlers may still look at the device.  */
  pthread_mutex_unlock (&ctx->dev->lock);
  dm_fatal ("%s on device %d (%s): %s",
	    ctx->what ? ctx->what
	    : dm_construct_name ((enum dm_construct) ctx->construct),
	    ctx->dev->id, ctx->dev->ops->name, msg);
}
