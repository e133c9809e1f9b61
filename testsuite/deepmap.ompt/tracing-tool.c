/* tracing-tool.c -- an OMPT tool that traces (OpenMP 5.1 section 4.6.2):
   on each device's initialize it looks up the tracing entry points,
   enables target, data operation and kernel records and starts tracing
   with small buffers (so that a program fills several), and copies the
   records of each completed buffer, walked with the cursor entry points.
   It registers the matching callbacks too, so that a test can check the
   records against what the callbacks saw.  The test programs (trace-*.c)
   read both through trace_log_get after dlopen with RTLD_NOLOAD.  */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp-tools.h>

#include "trace-log.h"

#define MAX_DEVICES 8
#define MAX_RECORDS 4096
/* Room for three records a buffer.  */
#define BUFFER_BYTES (3 * sizeof (ompt_record_ompt_t))

static ompt_set_callback_t set_callback;
static ompt_set_trace_ompt_t set_trace_ompt;
static ompt_start_trace_t start_trace;
static ompt_flush_trace_t flush_trace;
static ompt_advance_buffer_cursor_t advance_cursor;
static ompt_get_record_type_t get_record_type;
static ompt_get_record_ompt_t get_record_ompt;
static ompt_get_device_time_t get_device_time;
static ompt_translate_time_t translate_time;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static ompt_device_t *devices[MAX_DEVICES];
static struct trace_log log_;
static ompt_record_ompt_t records[MAX_RECORDS];
static struct trace_seen seen[MAX_RECORDS];

static void
error (const char *why)
{
  if (!log_.errors++)
    log_.why = why;
}

static void
on_request (int device_num, ompt_buffer_t **buffer, size_t *bytes)
{
  *buffer = malloc (BUFFER_BYTES);
  *bytes = *buffer ? BUFFER_BYTES : 0;
  __atomic_add_fetch (&log_.requested, 1, __ATOMIC_RELAXED);
}

static void
on_complete (int device_num, ompt_buffer_t *buffer, size_t bytes,
	     ompt_buffer_cursor_t begin, int buffer_owned)
{
  pthread_mutex_lock (&lock);
  log_.completed++;
  if (device_num < 0 || device_num >= MAX_DEVICES || !devices[device_num])
    error ("complete: an unknown device");
  else if (bytes % sizeof (ompt_record_ompt_t) || bytes > BUFFER_BYTES)
    error ("complete: not a whole number of records");
  else if (bytes)
    {
      ompt_buffer_cursor_t c = begin;
      do
	{
	  if (get_record_type (buffer, c) != ompt_record_ompt)
	    error ("complete: a record that is not an OMPT one");
	  else if (log_.nrecords < MAX_RECORDS)
	    records[log_.nrecords++] = *get_record_ompt (buffer, c);
	}
      while (advance_cursor (devices[device_num], buffer, bytes, c, &c));
    }
  pthread_mutex_unlock (&lock);
  if (buffer_owned)
    free (buffer);
}

static void
on_device_initialize (int device_num, const char *type,
		      ompt_device_t *device, ompt_function_lookup_t lookup,
		      const char *doc)
{
  if (!lookup || !device || device_num < 0 || device_num >= MAX_DEVICES)
    {
      error ("device_initialize: no device lookup");
      return;
    }
  devices[device_num] = device;
#define GET(v, name) v = (__typeof__ (v)) lookup (name)
  GET (set_trace_ompt, "ompt_set_trace_ompt");
  GET (start_trace, "ompt_start_trace");
  GET (flush_trace, "ompt_flush_trace");
  GET (advance_cursor, "ompt_advance_buffer_cursor");
  GET (get_record_type, "ompt_get_record_type");
  GET (get_record_ompt, "ompt_get_record_ompt");
  GET (get_device_time, "ompt_get_device_time");
  GET (translate_time, "ompt_translate_time");
#undef GET
  if (!set_trace_ompt || !start_trace || !flush_trace || !advance_cursor
      || !get_record_type || !get_record_ompt || !get_device_time
      || !translate_time)
    {
      error ("device_initialize: a tracing entry point is missing");
      return;
    }
  if (set_trace_ompt (device, 1, ompt_callback_target) != ompt_set_always
      || set_trace_ompt (device, 1, ompt_callback_target_data_op)
	 != ompt_set_always
      || set_trace_ompt (device, 1, ompt_callback_target_submit)
	 != ompt_set_always)
    error ("device_initialize: a record type cannot be traced");
  if (!start_trace (device, on_request, on_complete))
    error ("device_initialize: start_trace failed");
  log_.t_init = get_device_time (device);
  log_.seconds_init = translate_time (device, log_.t_init);
}

/* Note a callback.  */
static void
seen_add (int what, int kind, int endpoint, void *src, void *dest,
	  size_t bytes, const void *ra)
{
  pthread_mutex_lock (&lock);
  if (log_.nseen >= MAX_RECORDS)
    error ("too many callbacks");
  else
    seen[log_.nseen++] = (struct trace_seen) { what, kind, endpoint, src,
					       dest, bytes, ra };
  pthread_mutex_unlock (&lock);
}

static void
on_target_emi (ompt_target_t kind, ompt_scope_endpoint_t endpoint,
	       int device_num, ompt_data_t *task_data,
	       ompt_data_t *target_task_data, ompt_data_t *target_data,
	       const void *codeptr_ra)
{
  seen_add (ompt_callback_target, kind, endpoint, NULL, NULL, 0, codeptr_ra);
}

static void
on_data_op_emi (ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data,
		ompt_data_t *target_data, ompt_id_t *host_op_id,
		ompt_target_data_op_t optype, void *src_addr,
		int src_device_num, void *dest_addr, int dest_device_num,
		size_t bytes, const void *codeptr_ra)
{
  if (endpoint == ompt_scope_end)
    seen_add (ompt_callback_target_data_op, optype, 0, src_addr, dest_addr,
	      bytes, codeptr_ra);
}

static void
on_submit_emi (ompt_scope_endpoint_t endpoint, ompt_data_t *target_data,
	       ompt_id_t *host_op_id, unsigned int requested_num_teams)
{
  if (endpoint == ompt_scope_end)
    seen_add (ompt_callback_target_submit, 0, 0, NULL, NULL, 0, NULL);
}

/* Every record so far: each device's buffer is flushed first.  */
struct trace_log *
trace_log_get (ompt_record_ompt_t **recs, struct trace_seen **cbs)
{
  for (int d = 0; d < MAX_DEVICES; d++)
    if (devices[d] && !flush_trace (devices[d]))
      error ("flush_trace failed");
  *recs = records;
  *cbs = seen;
  return &log_;
}

static int
initialize (ompt_function_lookup_t lookup, int initial_device_num,
	    ompt_data_t *tool_data)
{
  set_callback = (ompt_set_callback_t) lookup ("ompt_set_callback");
  if (!set_callback)
    return 0;
  set_callback (ompt_callback_device_initialize,
		(ompt_callback_t) on_device_initialize);
  set_callback (ompt_callback_target_emi, (ompt_callback_t) on_target_emi);
  set_callback (ompt_callback_target_data_op_emi,
		(ompt_callback_t) on_data_op_emi);
  set_callback (ompt_callback_target_submit_emi,
		(ompt_callback_t) on_submit_emi);
  return 1;
}

static void
finalize (ompt_data_t *tool_data)
{
}

ompt_start_tool_result_t *
ompt_start_tool (unsigned int omp_version, const char *runtime_version)
{
  static ompt_start_tool_result_t result = { initialize, finalize, { 0 } };
  return &result;
}
