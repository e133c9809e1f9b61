/* ompt_trace.h -- OMPT device tracing (OpenMP 5.1 section 4.6.2, the
   entry points a device's lookup finds): a tool that starts tracing on
   a device gets the records of its target constructs, data operations
   and kernels in buffers it hands out (ompt_record_ompt_t, standard
   records only; no native ones).  Times are the host's monotonic clock
   in nanoseconds, taken where the runtime starts and learns the end of
   each operation.  */
#ifndef DM_OMPT_TRACE_H
#define DM_OMPT_TRACE_H

#include <omp-tools.h>

/* The device entry points by name (the lookup device_initialize
   passes), or NULL.  */
ompt_interface_fn_t dm_ompt_trace_lookup (const char *name);

/* The handle of device DEVICE_NUM (of NDEVICES) for the tool, made on
   its device_initialize; NULL when out of memory.  */
ompt_device_t *dm_ompt_trace_device (int device_num, int ndevices);

/* Is tracing of records of TYPE (ompt_callback_target,
   ompt_callback_target_data_op, ompt_callback_target_submit) on for
   DEVICE_NUM?  One load when no tool traces.  */
extern int dm_ompt_tracing;
int dm_ompt_trace_wanted (int device_num, ompt_callbacks_t type);

/* Add record R to DEVICE_NUM's buffer (its type, time, thread and the
   record proper filled; thread_id is filled here).  */
void dm_ompt_trace_add (int device_num, ompt_record_ompt_t *r);

/* Now, on the clock of the records.  */
ompt_device_time_t dm_ompt_trace_now (void);

/* DEVICE_NUM is finalized: what its buffer still holds goes to the
   tool, and tracing stops there.  */
void dm_ompt_trace_device_done (int device_num);

#endif
