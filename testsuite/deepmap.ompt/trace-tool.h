/* trace-tool.h -- for the trace-*.c programs: the log of the tracing
   test tool (tracing-tool.c) that OMP_TOOL_LIBRARIES loaded, checked to
   hold no error.  Include after check.h and trace-log.h.  */
#ifndef TRACE_TOOL_H
#define TRACE_TOOL_H

#include <dlfcn.h>
#include <stdlib.h>

static struct trace_log *
trace_tool_log (ompt_record_ompt_t **records, struct trace_seen **seen)
{
  const char *lib = getenv ("OMP_TOOL_LIBRARIES");
  void *h = lib ? dlopen (lib, RTLD_NOW | RTLD_NOLOAD) : NULL;
  CHECK (h != NULL, "the tool library is not loaded");
  struct trace_log *(*get) (ompt_record_ompt_t **, struct trace_seen **)
    = dlsym (h, "trace_log_get");
  CHECK (get != NULL, "not the tracing test tool");
  struct trace_log *log = get (records, seen);
  CHECK (log->errors == 0, "the tool saw errors: %s", log->why);
  return log;
}

#endif
