/* ompt.c -- OMPT tool discovery, the callback registry and event dispatch
   (see ompt.h).  Only the device side exists: host events (parallel,
   tasks, ...) belong to the system libgomp, which GCC 12 built without
   OMPT.  */
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "support/config.h"
#include "support/error.h"
#include "support/ompt.h"
#include "support/report.h"
#include "support/ompt_trace.h"
#include "support/trace.h"

/* OpenMP 5.1, as ompt_start_tool's omp_version.  */
#define DM_OMPT_OMP_VERSION 202011
#define DM_OMPT_RUNTIME_VERSION "deepmap (GCC 12 libgomp, OMPT device side)"
#define DM_OMPT_NEVENTS 64

typedef ompt_start_tool_result_t *dm_start_tool_fn (unsigned int,
						     const char *);

int dm_ompt_enabled;
static ompt_callback_t dm_cb[DM_OMPT_NEVENTS];
static ompt_start_tool_result_t *dm_tool;	/* started and initialized */
static int dm_ndevices;
static DM_TLS struct dm_ompt_op *dm_ompt_current;

static pthread_mutex_t dm_start_lock = PTHREAD_MUTEX_INITIALIZER;
static int dm_started;		/* discovery done */
static int dm_starting;		/* ... under way on DM_STARTER */
static pthread_t dm_starter;

#define DM_CALLBACK(type, event) ((type) dm_cb[event])

/* OMP_TOOL_VERBOSE_INIT's stream, while discovery runs.  */
static FILE *dm_verbose;

static void DM_FORMAT (1, 2)
dm_log (const char *fmt, ...)
{
  if (!dm_verbose)
    return;
  va_list ap;
  va_start (ap, fmt);
  vfprintf (dm_verbose, fmt, ap);
  va_end (ap);
  fflush (dm_verbose);
}

static void
dm_verbose_open (void)
{
  const char *v = getenv ("OMP_TOOL_VERBOSE_INIT");
  if (!v || !*v || !strcasecmp (v, "disabled"))
    return;
  if (!strcasecmp (v, "stdout"))
    dm_verbose = stdout;
  else if (!strcasecmp (v, "stderr"))
    dm_verbose = stderr;
  else if (!(dm_verbose = fopen (v, "w")))
    dm_warning ("OMP_TOOL_VERBOSE_INIT=%s: cannot open the file; the tool "
		"registration is not logged", v);
}

static void
dm_verbose_close (void)
{
  if (dm_verbose && dm_verbose != stdout && dm_verbose != stderr)
    fclose (dm_verbose);
  dm_verbose = NULL;
}

/* The events a tool can have: the device side.  */
static int
dm_event_supported (int event)
{
  switch (event)
    {
    case ompt_callback_device_initialize:
    case ompt_callback_device_finalize:
    case ompt_callback_device_load:
    case ompt_callback_device_unload:
    case ompt_callback_target:
    case ompt_callback_target_data_op:
    case ompt_callback_target_submit:
    case ompt_callback_target_map:
    case ompt_callback_target_emi:
    case ompt_callback_target_data_op_emi:
    case ompt_callback_target_submit_emi:
    case ompt_callback_target_map_emi:
      return 1;
    }
  return 0;
}

static ompt_set_result_t
dm_ompt_set_callback (ompt_callbacks_t event, ompt_callback_t callback)
{
  if ((int) event <= 0 || event >= DM_OMPT_NEVENTS)
    return ompt_set_error;
  if (!dm_event_supported (event))
    return ompt_set_never;
  __atomic_store_n (&dm_cb[event], callback, __ATOMIC_RELEASE);
  if (callback)
    __atomic_store_n (&dm_ompt_enabled, 1, __ATOMIC_RELEASE);
  return ompt_set_always;
}

static int
dm_ompt_get_callback (ompt_callbacks_t event, ompt_callback_t *callback)
{
  if ((int) event <= 0 || event >= DM_OMPT_NEVENTS || !dm_cb[event])
    return 0;
  *callback = dm_cb[event];
  return 1;
}

static int
dm_ompt_get_num_devices (void)
{
  return dm_ndevices;
}

static uint64_t
dm_ompt_get_unique_id (void)
{
  static uint64_t next;
  return __atomic_add_fetch (&next, 1, __ATOMIC_RELAXED);
}

static int
dm_ompt_get_target_info (uint64_t *device_num, ompt_id_t *target_id,
			 ompt_id_t *host_op_id)
{
  struct dm_ompt_op *op = dm_ompt_current;
  if (!op || op->kind == 0)
    return 0;
  /* Any of them may be NULL: the tool does not want it.  */
  if (device_num)
    *device_num = (uint64_t) op->device_num;
  if (target_id)
    *target_id = op->target_id;
  if (host_op_id)
    *host_op_id = 0;
  return 1;
}

/* Host entry points (OpenMP 5.1, Table 4.1) about what only the system
   libgomp knows, which has no OMPT: each answers that there is no
   information, as the spec allows, so that a tool that looks them all
   up (OMPDataPerf checks that none is NULL) starts.  */
static ompt_data_t *
dm_ompt_get_thread_data (void)
{
  return NULL;
}

static int
dm_ompt_get_num_procs (void)
{
  long n = sysconf (_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int) n : 1;
}

static int
dm_ompt_get_num_places (void)
{
  return 0;
}

static int
dm_ompt_get_place_proc_ids (int place_num, int ids_size, int *ids)
{
  return 0;
}

static int
dm_ompt_get_place_num (void)
{
  return -1;
}

static int
dm_ompt_get_partition_place_nums (int place_nums_size, int *place_nums)
{
  return 0;
}

static int
dm_ompt_get_proc_id (void)
{
  return -1;
}

static int
dm_ompt_get_state (ompt_wait_id_t *wait_id)
{
  if (wait_id)
    *wait_id = 0;
  return ompt_state_undefined;
}

static int
dm_ompt_get_parallel_info (int ancestor_level, ompt_data_t **parallel_data,
			   int *team_size)
{
  return 0;
}

static int
dm_ompt_get_task_info (int ancestor_level, int *flags,
		       ompt_data_t **task_data, ompt_frame_t **task_frame,
		       ompt_data_t **parallel_data, int *thread_num)
{
  return 0;
}

static int
dm_ompt_get_task_memory (void **addr, size_t *size, int block)
{
  return 0;
}

static int
dm_ompt_enumerate_states (int current_state, int *next_state,
			  const char **next_state_name)
{
  return 0;
}

static int
dm_ompt_enumerate_mutex_impls (int current_impl, int *next_impl,
			       const char **next_impl_name)
{
  return 0;
}

static void dm_finalize_tool (void);

static void
dm_ompt_finalize_tool (void)
{
  dm_finalize_tool ();
}

static ompt_interface_fn_t
dm_ompt_lookup (const char *name)
{
  static const struct
  {
    const char *name;
    ompt_interface_fn_t fn;
  } entries[] = {
#define DM_ENTRY(n) { #n, (ompt_interface_fn_t) dm_##n }
    DM_ENTRY (ompt_set_callback),
    DM_ENTRY (ompt_get_callback),
    DM_ENTRY (ompt_get_num_devices),
    DM_ENTRY (ompt_get_unique_id),
    DM_ENTRY (ompt_get_target_info),
    DM_ENTRY (ompt_finalize_tool),
    DM_ENTRY (ompt_get_thread_data),
    DM_ENTRY (ompt_get_num_procs),
    DM_ENTRY (ompt_get_num_places),
    DM_ENTRY (ompt_get_place_proc_ids),
    DM_ENTRY (ompt_get_place_num),
    DM_ENTRY (ompt_get_partition_place_nums),
    DM_ENTRY (ompt_get_proc_id),
    DM_ENTRY (ompt_get_state),
    DM_ENTRY (ompt_get_parallel_info),
    DM_ENTRY (ompt_get_task_info),
    DM_ENTRY (ompt_get_task_memory),
    DM_ENTRY (ompt_enumerate_states),
    DM_ENTRY (ompt_enumerate_mutex_impls),
#undef DM_ENTRY
  };
  if (!name)
    return NULL;
  for (size_t i = 0; i < sizeof entries / sizeof entries[0]; i++)
    if (!strcmp (entries[i].name, name))
      return entries[i].fn;
  return NULL;
}

/* Ask START for a tool; nonzero when it wants to be started.  */
static int
dm_try_start (dm_start_tool_fn *start, const char *where)
{
  ompt_start_tool_result_t *r
    = start (DM_OMPT_OMP_VERSION, DM_OMPT_RUNTIME_VERSION);
  dm_log ("deepmap: ompt: ompt_start_tool of %s returned %s\n", where,
	  r ? "a tool" : "NULL (no tool)");
  if (!r)
    return 0;
  dm_tool = r;
  return 1;
}

/* The spec's order: a tool already in the address space (linked with
   the program or preloaded), then each library of OMP_TOOL_LIBRARIES in
   turn; the first ompt_start_tool that answers non-NULL wins.  */
static void
dm_discover (void)
{
  const char *tool = getenv ("OMP_TOOL");
  if (tool && *tool && strcasecmp (tool, "enabled"))
    {
      if (!strcasecmp (tool, "disabled"))
	{
	  dm_log ("deepmap: ompt: OMP_TOOL=disabled: no tool\n");
	  return;
	}
      dm_warning ("OMP_TOOL=%s is neither enabled nor disabled; using "
		  "enabled", tool);
    }
  dm_log ("deepmap: ompt: searching the address space for "
	  "ompt_start_tool\n");
  dm_start_tool_fn *start
    = (dm_start_tool_fn *) dlsym (RTLD_DEFAULT, "ompt_start_tool");
  if (start && dm_try_start (start, "the address space"))
    return;
  if (!start)
    dm_log ("deepmap: ompt: not found\n");
  const char *libs = getenv ("OMP_TOOL_LIBRARIES");
  if (!libs || !*libs)
    {
      dm_log ("deepmap: ompt: OMP_TOOL_LIBRARIES is not set\n");
      return;
    }
  char *list = strdup (libs), *save = NULL;
  if (!list)
    return;
  for (char *lib = strtok_r (list, ":", &save); lib;
       lib = strtok_r (NULL, ":", &save))
    {
      void *h = dlopen (lib, RTLD_NOW | RTLD_LOCAL);
      if (!h)
	{
	  dm_log ("deepmap: ompt: cannot open %s: %s\n", lib, dlerror ());
	  continue;
	}
      start = (dm_start_tool_fn *) dlsym (h, "ompt_start_tool");
      if (!start)
	dm_log ("deepmap: ompt: %s has no ompt_start_tool\n", lib);
      else if (dm_try_start (start, lib))
	break;
      dlclose (h);
    }
  free (list);
}

int
dm_ompt_start (int ndevices, void (*announce) (void))
{
  if (__atomic_load_n (&dm_started, __ATOMIC_ACQUIRE))
    return 1;
  /* The tool's initialize may call back into the runtime
     (omp_get_num_devices): that thread goes on without waiting for
     itself.  */
  if (__atomic_load_n (&dm_starting, __ATOMIC_ACQUIRE)
      && pthread_equal (dm_starter, pthread_self ()))
    return 0;
  pthread_mutex_lock (&dm_start_lock);
  if (!dm_started)
    {
      dm_starter = pthread_self ();
      __atomic_store_n (&dm_starting, 1, __ATOMIC_RELEASE);
      dm_ndevices = ndevices;
      /* The timeline and the report are fed by the same event
	 sites.  */
      dm_trace_init ();
      dm_report_init ();
      if (dm_trace_enabled || dm_report_enabled)
	__atomic_store_n (&dm_ompt_enabled, 1, __ATOMIC_RELEASE);
      dm_verbose_open ();
      dm_log ("deepmap: ompt: tool registration (" DM_OMPT_RUNTIME_VERSION
	      ")\n");
      dm_discover ();
      if (dm_tool)
	{
	  int ok = dm_tool->initialize (dm_ompt_lookup, ndevices,
					&dm_tool->tool_data);
	  dm_log ("deepmap: ompt: the tool's initialize returned %d: %s\n",
		  ok, ok ? "the tool is active" : "the tool is not used");
	  if (!ok)
	    {
	      dm_tool = NULL;
	      memset (dm_cb, 0, sizeof dm_cb);
	      __atomic_store_n (&dm_ompt_enabled,
				dm_trace_enabled || dm_report_enabled,
				__ATOMIC_RELEASE);
	    }
	}
      else
	dm_log ("deepmap: ompt: no tool\n");
      dm_verbose_close ();
      if (DM_OMPT_ON ())
	announce ();
      __atomic_store_n (&dm_starting, 0, __ATOMIC_RELEASE);
      __atomic_store_n (&dm_started, 1, __ATOMIC_RELEASE);
    }
  pthread_mutex_unlock (&dm_start_lock);
  return 1;
}

static void
dm_finalize_tool (void)
{
  ompt_start_tool_result_t *t
    = __atomic_exchange_n (&dm_tool, NULL, __ATOMIC_ACQ_REL);
  if (!t)
    return;
  memset (dm_cb, 0, sizeof dm_cb);
  __atomic_store_n (&dm_ompt_enabled, dm_trace_enabled || dm_report_enabled,
		    __ATOMIC_RELEASE);
  if (t->finalize)
    t->finalize (&t->tool_data);
}

void
dm_ompt_finish (void)
{
  dm_finalize_tool ();
  dm_trace_finish ();
  dm_report_finish ();
  __atomic_store_n (&dm_ompt_enabled, 0, __ATOMIC_RELEASE);
}

int
dm_ompt_host_device (void)
{
  return dm_ndevices;
}

void
dm_ompt_device_initialize (int device_num, const char *type)
{
  ompt_callback_device_initialize_t cb
    = DM_CALLBACK (ompt_callback_device_initialize_t,
		   ompt_callback_device_initialize);
  if (cb)
    cb (device_num, type, dm_ompt_trace_device (device_num, dm_ndevices),
	dm_ompt_trace_lookup,
	"deepmap: device tracing of target, data operation and kernel "
	"records (ompt_record_ompt_t), timed on the host's monotonic clock");
}

void
dm_ompt_device_finalize (int device_num)
{
  ompt_callback_device_finalize_t cb
    = DM_CALLBACK (ompt_callback_device_finalize_t,
		   ompt_callback_device_finalize);
  if (cb)
    cb (device_num);
  dm_ompt_trace_device_done (device_num);
}

void
dm_ompt_device_load (int device_num, const char *filename,
		     const void *host_addr, uint64_t module_id)
{
  ompt_callback_device_load_t cb
    = DM_CALLBACK (ompt_callback_device_load_t, ompt_callback_device_load);
  if (cb)
    cb (device_num, filename, -1, (void *) (uintptr_t) ompt_addr_none, 0,
	(void *) host_addr, (void *) (uintptr_t) ompt_addr_none, module_id);
}

void
dm_ompt_device_unload (int device_num, uint64_t module_id)
{
  ompt_callback_device_unload_t cb
    = DM_CALLBACK (ompt_callback_device_unload_t,
		   ompt_callback_device_unload);
  if (cb)
    cb (device_num, module_id);
}

static void
dm_target_dispatch (struct dm_ompt_op *op, ompt_scope_endpoint_t endpoint)
{
  if (dm_ompt_trace_wanted (op->device_num, ompt_callback_target))
    {
      ompt_record_ompt_t r = { .type = ompt_callback_target,
			       .time = dm_ompt_trace_now (),
			       .target_id = op->target_id };
      r.record.target = (ompt_record_target_t) {
	op->kind, endpoint, op->device_num, ompt_id_none, op->target_id,
	op->codeptr_ra };
      dm_ompt_trace_add (op->device_num, &r);
    }
  ompt_data_t *task = op->heap ? &op->target_task_data : NULL;
  ompt_callback_target_emi_t emi
    = DM_CALLBACK (ompt_callback_target_emi_t, ompt_callback_target_emi);
  if (emi)
    {
      emi (op->kind, endpoint, op->device_num, &op->task_data, task,
	   &op->target_data, op->codeptr_ra);
      return;
    }
  ompt_callback_target_t cb
    = DM_CALLBACK (ompt_callback_target_t, ompt_callback_target);
  if (cb)
    cb (op->kind, endpoint, op->device_num, &op->task_data, op->target_id,
	op->codeptr_ra);
}

static void
dm_target_start (struct dm_ompt_op *op, ompt_target_t kind, int device_num,
		 const void *codeptr_ra, int heap)
{
  *op = (struct dm_ompt_op) { .prev = dm_ompt_current, .kind = kind,
			      .device_num = device_num, .heap = heap,
			      .codeptr_ra = codeptr_ra };
  op->target_id = dm_ompt_get_unique_id ();
  op->trace_queue = -1;
  if (dm_trace_enabled)
    op->trace_t0 = dm_trace_now ();
  dm_ompt_current = op;
  dm_target_dispatch (op, ompt_scope_begin);
}

void
dm_ompt_target_begin (struct dm_ompt_op *op, ompt_target_t kind,
		      int device_num, const void *codeptr_ra)
{
  dm_target_start (op, kind, device_num, codeptr_ra, 0);
}

struct dm_ompt_op *
dm_ompt_task_begin (ompt_target_t kind, int device_num,
		    const void *codeptr_ra)
{
  struct dm_ompt_op *op = malloc (sizeof *op);
  if (op)
    dm_target_start (op, kind, device_num, codeptr_ra, 1);
  return op;
}

static enum dm_trace_kind
dm_trace_construct (ompt_target_t kind)
{
  switch (kind)
    {
    case ompt_target_enter_data:
    case ompt_target_enter_data_nowait:
      return DM_TR_ENTER_DATA;
    case ompt_target_exit_data:
    case ompt_target_exit_data_nowait:
      return DM_TR_EXIT_DATA;
    case ompt_target_update:
    case ompt_target_update_nowait:
      return DM_TR_UPDATE;
    default:
      return DM_TR_TARGET;
    }
}

static void
dm_ompt_unlink (struct dm_ompt_op *op)
{
  if (dm_ompt_current == op)
    dm_ompt_current = op->prev;
}

void
dm_ompt_target_leave (struct dm_ompt_op *op)
{
  /* A queued construct's host part (its queue's span comes at its
     end).  */
  if (dm_trace_enabled && op->trace_queue >= 0 && dm_ompt_current == op)
    dm_trace_span (dm_trace_thread_track (), DM_TR_ENQUEUE, op->trace_t0,
		   op->device_num, 0, 0, 0, op->codeptr_ra, -1);
  dm_ompt_unlink (op);
}

void
dm_ompt_target_end (struct dm_ompt_op *op)
{
  dm_ompt_unlink (op);
  /* A queued construct's span is its queue's record (dm_ompt_task_queue).  */
  if (dm_trace_enabled && op->trace_queue < 0)
    dm_trace_span (dm_trace_thread_track (), dm_trace_construct (op->kind),
		   op->trace_t0, op->device_num, 0, 0, 0, op->codeptr_ra, -1);
  dm_target_dispatch (op, ompt_scope_end);
  if (op->heap)
    free (op);
}

void
dm_ompt_routine_enter (struct dm_ompt_op *op, int device_num,
		       const void *codeptr_ra)
{
  *op = (struct dm_ompt_op) { .prev = dm_ompt_current,
			      .device_num = device_num,
			      .codeptr_ra = codeptr_ra };
  dm_ompt_current = op;
}

void
dm_ompt_routine_leave (struct dm_ompt_op *op)
{
  dm_ompt_unlink (op);
}

static void
dm_trace_data_op (ompt_scope_endpoint_t endpoint,
		  ompt_target_data_op_t optype, const void *src,
		  int src_device, const void *dest, int dest_device,
		  size_t bytes, const void *codeptr)
{
  enum dm_trace_kind kind;
  uintptr_t host = (uintptr_t) src, devaddr = (uintptr_t) dest;
  int device = dest_device;
  switch (optype)
    {
    case ompt_target_data_alloc:
      kind = DM_TR_ALLOC;
      break;
    case ompt_target_data_delete:
      kind = DM_TR_FREE;
      break;
    case ompt_target_data_associate:
      kind = DM_TR_ASSOCIATE;
      break;
    case ompt_target_data_disassociate:
      kind = DM_TR_DISASSOCIATE;
      break;
    case ompt_target_data_transfer_to_device:
      kind = src_device == dest_device ? DM_TR_D2D : DM_TR_H2D;
      break;
    case ompt_target_data_transfer_from_device:
      kind = DM_TR_D2H;
      host = (uintptr_t) dest;
      devaddr = (uintptr_t) src;
      device = src_device;
      break;
    default:
      /* Queued copies are timed on their queue (dm_ompt_queued).  */
      return;
    }
  if (endpoint == ompt_scope_begin)
    {
      dm_trace_push ();
      return;
    }
  uint64_t t0 = dm_trace_pop ();
  if (t0)
    dm_trace_span (dm_trace_thread_track (), kind, t0, device, host,
		   devaddr, bytes, codeptr, -1);
  if (kind == DM_TR_ALLOC || kind == DM_TR_FREE)
    dm_trace_memory (device);
}

/* Device tracing's record of a data operation, at its end; its begin
   only notes the time.  */
static void
dm_trace_record_op (struct dm_ompt_op *op, ompt_scope_endpoint_t endpoint,
		    ompt_id_t *host_op_id, ompt_target_data_op_t optype,
		    const void *src, int src_device, const void *dest,
		    int dest_device, size_t bytes)
{
  if (!__atomic_load_n (&dm_ompt_tracing, __ATOMIC_RELAXED))
    return;
  int device = dest_device != dm_ompt_host_device () ? dest_device
						     : src_device;
  if (!dm_ompt_trace_wanted (device, ompt_callback_target_data_op))
    return;
  ompt_device_time_t now = dm_ompt_trace_now ();
  if (endpoint == ompt_scope_begin)
    {
      if (op)
	op->tr_op_t0 = now;
      return;
    }
  ompt_record_ompt_t r = { .type = ompt_callback_target_data_op,
			   .time = op && op->tr_op_t0 ? op->tr_op_t0 : now,
			   .target_id = op ? op->target_id : ompt_id_none };
  r.record.target_data_op = (ompt_record_target_data_op_t) {
    *host_op_id ? *host_op_id : dm_ompt_get_unique_id (), optype,
    (void *) src, src_device, (void *) dest, dest_device, bytes, now,
    op ? op->codeptr_ra : NULL };
  if (op)
    op->tr_op_t0 = 0;
  dm_ompt_trace_add (device, &r);
}

void
dm_ompt_data_op (ompt_scope_endpoint_t endpoint, ompt_id_t *host_op_id,
		 ompt_target_data_op_t optype, const void *src,
		 int src_device, const void *dest, int dest_device,
		 size_t bytes)
{
  struct dm_ompt_op *op = dm_ompt_current;
  if (dm_trace_enabled)
    dm_trace_data_op (endpoint, optype, src, src_device, dest, dest_device,
		      bytes, op ? op->codeptr_ra : NULL);
  /* Copies reach the report from the engine, which knows their rows;
     allocations and frees from here, with the time they took.  */
  if (dm_report_enabled && src
      && (optype == ompt_target_data_alloc
	  || optype == ompt_target_data_delete))
    {
      if (endpoint == ompt_scope_begin && op)
	op->rp_mem_t0 = dm_trace_now ();
      else if (endpoint == ompt_scope_end)
	dm_report_memory (optype == ompt_target_data_alloc, dest_device, src,
			  bytes, op ? dm_trace_now () - op->rp_mem_t0 : 0,
			  op ? op->codeptr_ra : NULL);
    }
  /* To a tool, a delete names the device memory it frees as its source
     (and nothing as its destination), as LLVM's runtime gives it and
     tools pair it with the alloc whose destination that was; deepmap's
     sites pass the host range first, as the trace and report want.  */
  if (optype == ompt_target_data_delete)
    {
      src = dest;
      src_device = dest_device;
      dest = NULL;
      dest_device = dm_ompt_host_device ();
    }
  dm_trace_record_op (op, endpoint, host_op_id, optype, src, src_device,
		      dest, dest_device, bytes);
  /* Work outside any construct (a fusion's move started by another
     thread's construct is inside that one): a target_data of value 0.  */
  ompt_data_t none = ompt_data_none;
  ompt_callback_target_data_op_emi_t emi
    = DM_CALLBACK (ompt_callback_target_data_op_emi_t,
		   ompt_callback_target_data_op_emi);
  if (emi)
    {
      emi (endpoint, op && op->heap ? &op->target_task_data : NULL,
	   op ? &op->target_data : &none, host_op_id, optype, (void *) src,
	   src_device, (void *) dest, dest_device, bytes,
	   op ? op->codeptr_ra : NULL);
      return;
    }
  ompt_callback_target_data_op_t cb
    = DM_CALLBACK (ompt_callback_target_data_op_t,
		   ompt_callback_target_data_op);
  /* The 5.0 form has no endpoints: once, when the operation is done.  */
  if (!cb)
    return;
  if (endpoint == ompt_scope_begin)
    *host_op_id = dm_ompt_get_unique_id ();
  else
    cb (op ? op->target_id : ompt_id_none, *host_op_id, optype, (void *) src,
	src_device, (void *) dest, dest_device, bytes,
	op ? op->codeptr_ra : NULL);
}

void
dm_ompt_submit (ompt_scope_endpoint_t endpoint, ompt_id_t *host_op_id,
		unsigned int requested_num_teams,
		unsigned int granted_num_teams)
{
  struct dm_ompt_op *op = dm_ompt_current;
  if (!op)
    return;
  /* A queued region is timed on its queue (dm_ompt_queued).  */
  if (dm_trace_enabled && op->trace_queue < 0)
    {
      if (endpoint == ompt_scope_begin)
	dm_trace_push ();
      else
	{
	  uint64_t t0 = dm_trace_pop ();
	  if (t0)
	    dm_trace_span (dm_trace_thread_track (), DM_TR_KERNEL, t0,
			   op->device_num, 0, 0, 0, op->codeptr_ra, -1);
	}
    }
  if (dm_ompt_trace_wanted (op->device_num, ompt_callback_target_submit))
    {
      ompt_device_time_t now = dm_ompt_trace_now ();
      if (endpoint == ompt_scope_begin)
	op->tr_kernel_t0 = now;
      else
	{
	  ompt_record_ompt_t r = { .type = ompt_callback_target_submit,
				   .time = op->tr_kernel_t0 ? op->tr_kernel_t0
				   : now,
				   .target_id = op->target_id };
	  r.record.target_kernel = (ompt_record_target_kernel_t) {
	    *host_op_id ? *host_op_id : dm_ompt_get_unique_id (),
	    requested_num_teams,
	    granted_num_teams ? granted_num_teams : requested_num_teams,
	    now };
	  dm_ompt_trace_add (op->device_num, &r);
	}
    }
  ompt_callback_target_submit_emi_t emi
    = DM_CALLBACK (ompt_callback_target_submit_emi_t,
		   ompt_callback_target_submit_emi);
  if (emi)
    {
      emi (endpoint, &op->target_data, host_op_id, requested_num_teams);
      return;
    }
  ompt_callback_target_submit_t cb
    = DM_CALLBACK (ompt_callback_target_submit_t,
		   ompt_callback_target_submit);
  if (!cb)
    return;
  if (endpoint == ompt_scope_begin)
    {
      *host_op_id = dm_ompt_get_unique_id ();
      cb (op->target_id, *host_op_id, requested_num_teams);
    }
}

void
dm_ompt_map (unsigned int nitems, void **host_addr, void **device_addr,
	     size_t *bytes, unsigned int *flags)
{
  struct dm_ompt_op *op = dm_ompt_current;
  if (!op)
    return;
  ompt_callback_target_map_emi_t emi
    = DM_CALLBACK (ompt_callback_target_map_emi_t,
		   ompt_callback_target_map_emi);
  if (emi)
    {
      emi (&op->target_data, nitems, host_addr, device_addr, bytes, flags,
	   op->codeptr_ra);
      return;
    }
  ompt_callback_target_map_t cb
    = DM_CALLBACK (ompt_callback_target_map_t, ompt_callback_target_map);
  if (cb)
    cb (op->target_id, nitems, host_addr, device_addr, bytes, flags,
	op->codeptr_ra);
}

const void *
dm_ompt_codeptr (void)
{
  struct dm_ompt_op *op = dm_ompt_current;
  return op ? op->codeptr_ra : NULL;
}

uint64_t
dm_ompt_clock (void)
{
  return dm_trace_enabled ? dm_trace_now () : 0;
}

struct dm_trace_queued *
dm_ompt_task_queue (struct dm_ompt_op *op, const void *queue)
{
  if (!dm_trace_enabled || !op)
    return NULL;
  op->trace_queue = dm_trace_queue_track (queue, op->device_num);
  return dm_trace_queued_new (dm_trace_construct (op->kind), queue,
			      op->device_num, 0, 0, 0, op->codeptr_ra);
}

void
dm_ompt_wait (uint64_t t0, int device, const void *queue)
{
  if (t0 && dm_trace_enabled)
    dm_trace_span (dm_trace_thread_track (), DM_TR_WAIT, t0, device, 0, 0, 0,
		   dm_ompt_current ? dm_ompt_current->codeptr_ra : NULL,
		   queue ? dm_trace_queue_track (queue, device) : -1);
}

void
dm_ompt_fusion (uint64_t t0, int device, uintptr_t host, size_t bytes,
		uintptr_t devaddr, int nblocks)
{
  if (t0 && dm_trace_enabled)
    dm_trace_span (dm_trace_thread_track (), DM_TR_FUSION, t0, device, host,
		   devaddr, bytes,
		   dm_ompt_current ? dm_ompt_current->codeptr_ra : NULL,
		   nblocks);
}

struct dm_trace_queued *
dm_ompt_queued (enum dm_trace_kind kind, const void *queue, int device,
		uintptr_t host, uintptr_t devaddr, size_t bytes)
{
  if (!dm_trace_enabled)
    return NULL;
  struct dm_ompt_op *op = dm_ompt_current;
  return dm_trace_queued_new (kind, queue, device, host, devaddr, bytes,
			      op ? op->codeptr_ra : NULL);
}
