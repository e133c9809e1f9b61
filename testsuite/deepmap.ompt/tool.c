/* tool.c -- an OMPT tool for the tests: ompt_start_tool registers
   every device callback (the 5.1 _emi forms) and logs each call; the
   test programs read the log (ompt-log.h) and check it.  Ids: the tool
   numbers target_data, target_task_data and host_op_id at begin, and
   counts it as an error if the runtime did not hand them over fresh.
   Built by ompt.exp; -DDECLINE makes a tool that declines (returns
   NULL), for the discovery order.  */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <omp-tools.h>

#include "ompt-log.h"

#define LOG_MAX 20000

static struct ompt_log log_[LOG_MAX];
static int nlog, errors;
static const char *first_error;
static uint64_t next_id;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int finalized_devices, unloads;

__attribute__ ((visibility ("default"))) struct ompt_log *
ompt_log_get (int *n)
{
  *n = __atomic_load_n (&nlog, __ATOMIC_ACQUIRE);
  return log_;
}

__attribute__ ((visibility ("default"))) int
ompt_log_errors (const char **why)
{
  *why = first_error ? first_error : "none";
  return errors;
}

static void
error (const char *why)
{
  if (!first_error)
    first_error = why;
  errors++;
}

/* A new entry (under LOCK).  */
static struct ompt_log *
entry (int cb)
{
  if (nlog == LOG_MAX)
    {
      error ("log full");
      return NULL;
    }
  struct ompt_log *e = &log_[nlog];
  memset (e, 0, sizeof *e);
  e->cb = cb;
  return e;
}

static void
done (void)
{
  __atomic_store_n (&nlog, nlog + 1, __ATOMIC_RELEASE);
}

static void
on_device_initialize (int device_num, const char *type, ompt_device_t *device,
		      ompt_function_lookup_t lookup, const char *doc)
{
  pthread_mutex_lock (&lock);
  struct ompt_log *e = entry (LOG_DEVICE_INIT);
  if (e)
    {
      e->device = device_num;
      snprintf (e->type, sizeof e->type, "%s", type ? type : "(null)");
      /* The device lookup finds the tracing entry points (section
	 4.6.2), and nothing else.  */
      static const char *const tracing[] = {
	"ompt_set_trace_ompt", "ompt_set_trace_native", "ompt_start_trace",
	"ompt_pause_trace", "ompt_flush_trace", "ompt_stop_trace",
	"ompt_advance_buffer_cursor", "ompt_get_record_type",
	"ompt_get_record_ompt", "ompt_get_record_native",
	"ompt_get_record_abstract", "ompt_get_device_num_procs",
	"ompt_get_device_time", "ompt_translate_time" };
      if (!lookup || !device)
	error ("device_initialize: no device lookup or no device");
      else
	{
	  for (size_t i = 0; i < sizeof tracing / sizeof tracing[0]; i++)
	    if (!lookup (tracing[i]))
	      error ("device_initialize: the device lookup lacks a tracing "
		     "entry point");
	  if (lookup ("ompt_set_callback"))
	    error ("device_initialize: the device lookup finds a host entry "
		   "point");
	}
      done ();
    }
  pthread_mutex_unlock (&lock);
}

static void
on_device_finalize (int device_num)
{
  pthread_mutex_lock (&lock);
  struct ompt_log *e = entry (LOG_DEVICE_FINI);
  if (e)
    {
      e->device = device_num;
      done ();
    }
  finalized_devices++;
  pthread_mutex_unlock (&lock);
}

static void
on_device_load (int device_num, const char *filename, int64_t offset,
		void *vma, size_t bytes, void *host_addr, void *device_addr,
		uint64_t module_id)
{
  pthread_mutex_lock (&lock);
  struct ompt_log *e = entry (LOG_LOAD);
  if (e)
    {
      e->device = device_num;
      e->src = host_addr;
      e->op = module_id;
      e->ra = filename;
      done ();
    }
  pthread_mutex_unlock (&lock);
}

static void
on_device_unload (int device_num, uint64_t module_id)
{
  pthread_mutex_lock (&lock);
  struct ompt_log *e = entry (LOG_UNLOAD);
  if (e)
    {
      e->device = device_num;
      e->op = module_id;
      done ();
    }
  unloads++;
  pthread_mutex_unlock (&lock);
}

static void
on_target (ompt_target_t kind, ompt_scope_endpoint_t endpoint,
	   int device_num, ompt_data_t *task_data,
	   ompt_data_t *target_task_data, ompt_data_t *target_data,
	   const void *codeptr_ra)
{
  pthread_mutex_lock (&lock);
  if (!target_data || !task_data)
    error ("target: NULL target_data or task_data");
  else if (endpoint == ompt_scope_begin)
    {
      if (target_data->value != 0)
	error ("target begin: target_data not fresh");
      target_data->value = ++next_id;
      if (target_task_data)
	{
	  if (target_task_data->value != 0)
	    error ("target begin: target_task_data not fresh");
	  target_task_data->value = ++next_id;
	}
    }
  struct ompt_log *e = entry (LOG_TARGET);
  if (e && target_data)
    {
      e->kind = kind;
      e->endpoint = endpoint;
      e->device = device_num;
      e->target = target_data->value;
      e->task = target_task_data ? target_task_data->value : 0;
      e->ra = codeptr_ra;
      done ();
    }
  pthread_mutex_unlock (&lock);
}

static void
on_data_op (ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data,
	    ompt_data_t *target_data, ompt_id_t *host_op_id,
	    ompt_target_data_op_t optype, void *src_addr, int src_device_num,
	    void *dest_addr, int dest_device_num, size_t bytes,
	    const void *codeptr_ra)
{
  pthread_mutex_lock (&lock);
  if (!target_data || !host_op_id)
    error ("data op: NULL target_data or host_op_id");
  else if (endpoint == ompt_scope_begin)
    {
      if (*host_op_id != 0)
	error ("data op begin: host_op_id not fresh");
      *host_op_id = ++next_id;
    }
  struct ompt_log *e = entry (LOG_DATA_OP);
  if (e && target_data && host_op_id)
    {
      e->kind = optype;
      e->endpoint = endpoint;
      e->target = target_data->value;
      e->task = target_task_data ? target_task_data->value : 0;
      e->op = *host_op_id;
      e->src = src_addr;
      e->src_dev = src_device_num;
      e->dst = dest_addr;
      e->dst_dev = dest_device_num;
      e->bytes = bytes;
      e->ra = codeptr_ra;
      done ();
    }
  pthread_mutex_unlock (&lock);
}

static ompt_get_target_info_t get_target_info;

static void
on_submit (ompt_scope_endpoint_t endpoint, ompt_data_t *target_data,
	   ompt_id_t *host_op_id, unsigned int requested_num_teams)
{
  pthread_mutex_lock (&lock);
  if (!target_data || !host_op_id)
    error ("submit: NULL target_data or host_op_id");
  else if (endpoint == ompt_scope_begin)
    {
      if (*host_op_id != 0)
	error ("submit begin: host_op_id not fresh");
      *host_op_id = ++next_id;
    }
  /* Inside a region's submit, the target is known; a NULL argument
     is one the tool does not want.  */
  uint64_t device = UINT64_MAX;
  if (get_target_info && (!get_target_info (NULL, NULL, NULL)
			  || !get_target_info (&device, NULL, NULL)
			  || device == UINT64_MAX))
    error ("submit: ompt_get_target_info failed");
  struct ompt_log *e = entry (LOG_SUBMIT);
  if (e && target_data && host_op_id)
    {
      e->endpoint = endpoint;
      e->target = target_data->value;
      e->op = *host_op_id;
      e->n = requested_num_teams;
      done ();
    }
  pthread_mutex_unlock (&lock);
}

static void
on_map (ompt_data_t *target_data, unsigned int nitems, void **host_addr,
	void **device_addr, size_t *bytes, unsigned int *mapping_flags,
	const void *codeptr_ra)
{
  pthread_mutex_lock (&lock);
  struct ompt_log *e = entry (LOG_MAP);
  if (e && target_data)
    {
      e->target = target_data->value;
      e->n = nitems;
      e->ra = codeptr_ra;
      for (unsigned i = 0; i < nitems && i < LOG_MAP_MAX; i++)
	{
	  e->host[i] = host_addr[i];
	  e->devp[i] = device_addr[i];
	  e->sz[i] = bytes[i];
	  e->flags[i] = mapping_flags[i];
	}
      done ();
    }
  pthread_mutex_unlock (&lock);
}

static int
initialize (ompt_function_lookup_t lookup, int initial_device_num,
	    ompt_data_t *tool_data)
{
  ompt_set_callback_t set = (ompt_set_callback_t) lookup ("ompt_set_callback");
  ompt_get_num_devices_t num
    = (ompt_get_num_devices_t) lookup ("ompt_get_num_devices");
  if (!set || !num || lookup ("no_such_entry_point"))
    {
      fprintf (stderr, "ompt-tool: bad lookup\n");
      return 0;
    }
  /* Every host entry point of OpenMP 5.1's Table 4.1 is there (tools
     such as OMPDataPerf refuse to start otherwise).  */
  static const char *const host_entries[] = {
    "ompt_enumerate_states", "ompt_enumerate_mutex_impls",
    "ompt_get_thread_data", "ompt_get_num_procs", "ompt_get_num_places",
    "ompt_get_place_proc_ids", "ompt_get_place_num",
    "ompt_get_partition_place_nums", "ompt_get_proc_id", "ompt_get_state",
    "ompt_get_parallel_info", "ompt_get_task_info", "ompt_get_task_memory",
    "ompt_get_num_devices", "ompt_get_unique_id", "ompt_finalize_tool",
    "ompt_get_target_info", "ompt_set_callback", "ompt_get_callback" };
  for (size_t i = 0; i < sizeof host_entries / sizeof *host_entries; i++)
    if (!lookup (host_entries[i]))
      {
	fprintf (stderr, "ompt-tool: no entry point %s\n", host_entries[i]);
	return 0;
      }
  get_target_info
    = (ompt_get_target_info_t) lookup ("ompt_get_target_info");
  if (num () != initial_device_num)
    error ("initialize: ompt_get_num_devices != initial_device_num");
#define SET(event, fn)                                                  \
  if (set (event, (ompt_callback_t) fn) != ompt_set_always)             \
    error ("ompt_set_callback (" #event ") did not answer always")
  SET (ompt_callback_device_initialize, on_device_initialize);
  SET (ompt_callback_device_finalize, on_device_finalize);
  SET (ompt_callback_device_load, on_device_load);
  SET (ompt_callback_device_unload, on_device_unload);
  SET (ompt_callback_target_emi, on_target);
  SET (ompt_callback_target_data_op_emi, on_data_op);
  SET (ompt_callback_target_submit_emi, on_submit);
  SET (ompt_callback_target_map_emi, on_map);
  /* Host events are the system libgomp's, which has none.  */
  if (set (ompt_callback_parallel_begin, (ompt_callback_t) on_submit)
      != ompt_set_never)
    error ("ompt_set_callback (parallel_begin) did not answer never");
  tool_data->value = 42;
  printf ("ompt-tool: initialize: %d devices\n", initial_device_num);
  fflush (stdout);
  return 1;
}

static void
finalize (ompt_data_t *tool_data)
{
  printf ("ompt-tool: finalize: tool_data %d, %d devices finalized, %d "
	  "unloads, %d errors (%s)\n", (int) tool_data->value,
	  finalized_devices, unloads, errors,
	  first_error ? first_error : "none");
  fflush (stdout);
}

__attribute__ ((visibility ("default"))) ompt_start_tool_result_t *
ompt_start_tool (unsigned int omp_version, const char *runtime_version)
{
#ifdef DECLINE
  return NULL;
#else
  static ompt_start_tool_result_t result = { initialize, finalize, { 0 } };
  if (omp_version < 202011)
    error ("ompt_start_tool: omp_version before 5.1");
  return &result;
#endif
}
