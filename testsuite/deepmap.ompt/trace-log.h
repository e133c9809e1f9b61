/* trace-log.h -- what the tracing test tool (tracing-tool.c) keeps and
   the trace-*.c programs read: the records of every completed buffer,
   and what the callbacks saw.  */
#ifndef TRACE_LOG_H
#define TRACE_LOG_H

#include <stddef.h>
#include <stdint.h>

struct trace_log
{
  int errors;
  const char *why;		/* the first error */
  int requested, completed;	/* buffers */
  int nrecords, nseen;
  ompt_device_time_t t_init;	/* ompt_get_device_time at initialize */
  double seconds_init;		/* ompt_translate_time of it */
};

/* A callback: target (begin and end), data operation or submit (their
   ends), by its ompt_callbacks_t.  */
struct trace_seen
{
  int what;
  int kind;			/* target: its kind; data op: optype */
  int endpoint;
  void *src, *dest;
  size_t bytes;
  const void *ra;
};

#endif
