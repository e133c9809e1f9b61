/* ompt.h -- the OpenMP 5.1 tools interface (OMPT), device side: tool
   discovery, the callback registry, and one dispatch function per
   event, which the layers call where the events happen.

   Zero cost without a tool: every event site tests DM_OMPT_ON () (one
   load of a global flag, a branch predicted not taken) before it
   builds anything.  The flag is set once a tool's initialize has
   registered a device callback, and the tool starts with the devices
   (abi/devices.c), so before the first device event.

   The same event sites feed the DEEPMAP_TRACE=FILE.json timeline
   (support/trace.h): with the trace on the flag is set too, and each
   dispatch function records the event as well.  A few events have no
   OMPT callback and only reach the trace (dm_ompt_wait, dm_ompt_fusion,
   dm_ompt_task_queue, dm_ompt_queued).

   The types are Debian's omp-tools.h (libomp-14-dev), copied into the
   build by the Makefile.  */
#ifndef DM_OMPT_H
#define DM_OMPT_H

#include <stddef.h>
#include <stdint.h>

#include <omp-tools.h>

#include "support/export.h"
#include "support/trace.h"

extern int dm_ompt_enabled;

/* A relaxed load (a plain move): the flag drops to 0 at exit while other
   threads may still be offloading, and a plain read of it would be a
   data race (ThreadSanitizer reports it).  */
#define DM_OMPT_ON() \
  __builtin_expect (__atomic_load_n (&dm_ompt_enabled, __ATOMIC_RELAXED), 0)

/* A construct's codeptr_ra: where the program called the entry point
   (use it in the entry point itself).  */
#define DM_OMPT_RA __builtin_return_address (0)

/* One target construct (or device routine) as the tool sees it: the
   target_data the tool fills at begin and finds again at end and in
   every event inside.  */
struct dm_ompt_op
{
  struct dm_ompt_op *prev;	/* enclosing one on this thread */
  ompt_target_t kind;
  int device_num;
  int heap;			/* a target task's (nowait): freed at end */
  const void *codeptr_ra;
  ompt_data_t task_data;	/* stands for the encountering task's */
  ompt_data_t target_task_data;	/* nowait: the target task's */
  ompt_data_t target_data;
  ompt_id_t target_id;		/* ours, for the 5.0 callbacks */
  /* The timeline's: when it began, and (nowait) the queue's track
     (-1: not queued), where a queued record times its span.  */
  uint64_t trace_t0;
  int trace_queue;
  /* Device tracing's (ompt_trace.h): when the current data operation
     and the kernel began.  */
  ompt_device_time_t tr_op_t0, tr_kernel_t0;
  /* The report's: when the current allocation or free began.  */
  uint64_t rp_mem_t0;
};

/* Find and start the tool (OMP_TOOL, OMP_TOOL_LIBRARIES,
   OMP_TOOL_VERBOSE_INIT), once; NDEVICES is what ompt_get_num_devices
   answers (the host is device NDEVICES).  Once the tool's initialize
   has returned, ANNOUNCE dispatches the events of what started before
   (devices, images).  Returns 1 when start-up is over, 0 in a nested
   call from the tool's initialize (which returns at once).  */
int dm_ompt_start (int ndevices, void (*announce) (void));

/* Process exit: call the tool's finalize (if a tool was started).  */
void dm_ompt_finish (void);

/* Device events.  */
void dm_ompt_device_initialize (int device_num, const char *type);
void dm_ompt_device_finalize (int device_num);
void dm_ompt_device_load (int device_num, const char *filename,
			  const void *host_addr, uint64_t module_id);
void dm_ompt_device_unload (int device_num, uint64_t module_id);

/* A target construct begins on DEVICE_NUM: dispatch target begin and
   make OP the thread's current construct.  */
void dm_ompt_target_begin (struct dm_ompt_op *op, ompt_target_t kind,
			   int device_num, const void *codeptr_ra);
/* The same for a nowait construct's target task, whose record lives
   until its end (NULL when out of host memory: not traced).  */
struct dm_ompt_op *dm_ompt_task_begin (ompt_target_t kind, int device_num,
				       const void *codeptr_ra);
/* This thread is done with OP (a nowait construct whose work is still
   queued: its end comes from dm_ompt_target_end later).  */
void dm_ompt_target_leave (struct dm_ompt_op *op);
/* Dispatch target end (and leave OP if it is current); a target task's
   record is freed.  */
void dm_ompt_target_end (struct dm_ompt_op *op);

/* A device memory routine (omp_target_alloc, ...) outside constructs:
   its data operations carry CODEPTR_RA and a target_data of value 0.  */
void dm_ompt_routine_enter (struct dm_ompt_op *op, int device_num,
			    const void *codeptr_ra);
void dm_ompt_routine_leave (struct dm_ompt_op *op);

/* A data operation of the current construct: call with ENDPOINT begin,
   do it, call again with end and the same HOST_OP_ID slot (zeroed
   before the begin).  */
void dm_ompt_data_op (ompt_scope_endpoint_t endpoint, ompt_id_t *host_op_id,
		      ompt_target_data_op_t optype, const void *src,
		      int src_device, const void *dest, int dest_device,
		      size_t bytes);

/* The region's launch: the teams the construct asks for (0: the
   device's choice) and, at its end, the teams the device ran (0: not
   known; a trace record then repeats the request).  */
void dm_ompt_submit (ompt_scope_endpoint_t endpoint, ompt_id_t *host_op_id,
		     unsigned int requested_num_teams,
		     unsigned int granted_num_teams);

/* The construct's list items (target_map_emi).  */
void dm_ompt_map (unsigned int nitems, void **host_addr, void **device_addr,
		  size_t *bytes, unsigned int *flags);

/* Trace-only events (no OMPT callback).  */

/* Now, when the timeline is recorded (0 otherwise): the T0 of the
   events below.  */
uint64_t dm_ompt_clock (void);
/* A nowait construct OP took QUEUE of its device: the record of its span
   there, which the caller marks on the queue where the construct's work
   begins and ends, as dm_ompt_queued's; NULL when not traced.  */
struct dm_trace_queued *dm_ompt_task_queue (struct dm_ompt_op *op,
					    const void *queue);
/* The host waited since T0 for QUEUE of DEVICE (NULL: every queue).  */
void dm_ompt_wait (uint64_t t0, int device, const void *queue);
/* A fusion since T0 moved NBLOCKS blocks into the new block [HOST,
   HOST + BYTES) at DEVADDR.  */
void dm_ompt_fusion (uint64_t t0, int device, uintptr_t host, size_t bytes,
		     uintptr_t devaddr, int nblocks);
/* Queued work on QUEUE (a copy or a region of the current construct):
   the record whose dm_trace_queued_start/stop the caller queues around
   it; NULL when not traced.  */
struct dm_trace_queued *dm_ompt_queued (enum dm_trace_kind kind,
					const void *queue, int device,
					uintptr_t host, uintptr_t devaddr,
					size_t bytes);

/* The current construct's codeptr_ra (NULL: none).  */
const void *dm_ompt_codeptr (void);

/* The host's device number in events (omp_get_initial_device).  */
int dm_ompt_host_device (void);

#endif
