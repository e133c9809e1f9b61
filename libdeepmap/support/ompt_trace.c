/* ompt_trace.c -- OMPT device tracing (ompt_trace.h).  */
#define _GNU_SOURCE 1
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "support/ompt_trace.h"

/* The record types a device traces, by the 5.0 callback they stand for
   (an _emi type asks for the same records).  */
#define DM_TR_BIT(type) (1ull << (type))
#define DM_TR_ALL (DM_TR_BIT (ompt_callback_target) \
		   | DM_TR_BIT (ompt_callback_target_data_op) \
		   | DM_TR_BIT (ompt_callback_target_submit))

struct dm_tdev
{
  int num;
  int started, paused;
  uint64_t enabled;
  ompt_callback_buffer_request_t request;
  ompt_callback_buffer_complete_t complete;
  char *buf;			/* the tool's buffer being filled */
  size_t size, used;
};

int dm_ompt_tracing;
static struct dm_tdev *dm_tdevs;
static int dm_ntdevs;
/* Recursive: a tool may flush or stop from its buffer callbacks.  */
static pthread_mutex_t dm_tlock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

ompt_device_time_t
dm_ompt_trace_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (ompt_device_time_t) ts.tv_sec * 1000000000u
	 + (ompt_device_time_t) ts.tv_nsec;
}

ompt_device_t *
dm_ompt_trace_device (int device_num, int ndevices)
{
  pthread_mutex_lock (&dm_tlock);
  if (!dm_tdevs && ndevices > 0)
    {
      dm_tdevs = calloc ((size_t) ndevices, sizeof *dm_tdevs);
      if (dm_tdevs)
	dm_ntdevs = ndevices;
      for (int i = 0; i < dm_ntdevs; i++)
	dm_tdevs[i].num = i;
    }
  pthread_mutex_unlock (&dm_tlock);
  return device_num >= 0 && device_num < dm_ntdevs ? &dm_tdevs[device_num]
						   : NULL;
}

static struct dm_tdev *
dm_tdev_of (int device_num)
{
  return device_num >= 0 && device_num < dm_ntdevs ? &dm_tdevs[device_num]
						   : NULL;
}

/* The bits of ETYPE (0: every type traced), or 0 for a type never
   traced.  */
static uint64_t
dm_trace_bits (unsigned int etype)
{
  switch (etype)
    {
    case 0:
      return DM_TR_ALL;
    case ompt_callback_target:
    case ompt_callback_target_emi:
      return DM_TR_BIT (ompt_callback_target);
    case ompt_callback_target_data_op:
    case ompt_callback_target_data_op_emi:
      return DM_TR_BIT (ompt_callback_target_data_op);
    case ompt_callback_target_submit:
    case ompt_callback_target_submit_emi:
      return DM_TR_BIT (ompt_callback_target_submit);
    default:
      return 0;
    }
}

/* Hand D's buffer to the tool (lock held).  */
static void
dm_trace_complete (struct dm_tdev *d)
{
  char *buf = d->buf;
  size_t used = d->used;
  if (!buf)
    return;
  d->buf = NULL;
  d->size = d->used = 0;
  d->complete (d->num, buf, used, 0, 1);
}

static ompt_set_result_t
dm_set_trace_ompt (ompt_device_t *device, unsigned int enable,
		   unsigned int etype)
{
  struct dm_tdev *d = device;
  if (!d)
    return ompt_set_error;
  uint64_t bits = dm_trace_bits (etype);
  if (!bits)
    return ompt_set_never;
  pthread_mutex_lock (&dm_tlock);
  if (enable)
    d->enabled |= bits;
  else
    d->enabled &= ~bits;
  pthread_mutex_unlock (&dm_tlock);
  return ompt_set_always;
}

static ompt_set_result_t
dm_set_trace_native (ompt_device_t *device, int enable, int flags)
{
  return ompt_set_never;
}

static int
dm_start_trace (ompt_device_t *device, ompt_callback_buffer_request_t request,
		ompt_callback_buffer_complete_t complete)
{
  struct dm_tdev *d = device;
  if (!d || !request || !complete)
    return 0;
  pthread_mutex_lock (&dm_tlock);
  d->request = request;
  d->complete = complete;
  /* A tool that asked for no type gets them all.  */
  if (!d->enabled)
    d->enabled = DM_TR_ALL;
  d->started = 1;
  d->paused = 0;
  __atomic_store_n (&dm_ompt_tracing, 1, __ATOMIC_RELAXED);
  pthread_mutex_unlock (&dm_tlock);
  return 1;
}

static int
dm_pause_trace (ompt_device_t *device, int begin_pause)
{
  struct dm_tdev *d = device;
  if (!d)
    return 0;
  pthread_mutex_lock (&dm_tlock);
  int ok = d->started;
  d->paused = begin_pause != 0;
  pthread_mutex_unlock (&dm_tlock);
  return ok;
}

/* Hand the device's buffer back; STOP: and stop tracing there.  */
static int
dm_trace_hand_back (ompt_device_t *device, int stop)
{
  struct dm_tdev *d = device;
  if (!d)
    return 0;
  pthread_mutex_lock (&dm_tlock);
  int ok = d->started;
  if (ok)
    dm_trace_complete (d);
  if (stop)
    d->started = 0;
  pthread_mutex_unlock (&dm_tlock);
  return ok;
}

static int
dm_flush_trace (ompt_device_t *device)
{
  return dm_trace_hand_back (device, 0);
}

static int
dm_stop_trace (ompt_device_t *device)
{
  return dm_trace_hand_back (device, 1);
}

static int
dm_advance_buffer_cursor (ompt_device_t *device, ompt_buffer_t *buffer,
			  size_t size, ompt_buffer_cursor_t current,
			  ompt_buffer_cursor_t *next)
{
  ompt_buffer_cursor_t n = current + sizeof (ompt_record_ompt_t);
  if (!buffer || !next || n + sizeof (ompt_record_ompt_t) > size)
    return 0;
  *next = n;
  return 1;
}

static ompt_record_t
dm_get_record_type (ompt_buffer_t *buffer, ompt_buffer_cursor_t current)
{
  return buffer ? ompt_record_ompt : ompt_record_invalid;
}

static ompt_record_ompt_t *
dm_get_record_ompt (ompt_buffer_t *buffer, ompt_buffer_cursor_t current)
{
  return buffer ? (ompt_record_ompt_t *) ((char *) buffer + current) : NULL;
}

static void *
dm_get_record_native (ompt_buffer_t *buffer, ompt_buffer_cursor_t current,
		      ompt_id_t *host_op_id)
{
  return NULL;
}

static ompt_record_abstract_t *
dm_get_record_abstract (void *native_record)
{
  return NULL;
}

static int
dm_get_device_num_procs (ompt_device_t *device)
{
  return device ? 1 : 0;
}

static ompt_device_time_t
dm_get_device_time (ompt_device_t *device)
{
  return dm_ompt_trace_now ();
}

/* Seconds, on omp_get_wtime's clock (libgomp's is CLOCK_MONOTONIC).  */
static double
dm_translate_time (ompt_device_t *device, ompt_device_time_t time)
{
  return (double) time * 1e-9;
}

ompt_interface_fn_t
dm_ompt_trace_lookup (const char *name)
{
  static const struct
  {
    const char *name;
    ompt_interface_fn_t fn;
  } entries[] = {
#define E(n) { "ompt_" #n, (ompt_interface_fn_t) dm_##n }
    E (set_trace_ompt), E (set_trace_native), E (start_trace),
    E (pause_trace), E (flush_trace), E (stop_trace),
    E (advance_buffer_cursor), E (get_record_type), E (get_record_ompt),
    E (get_record_native), E (get_record_abstract),
    E (get_device_num_procs), E (get_device_time), E (translate_time),
#undef E
  };
  for (size_t i = 0; name && i < sizeof entries / sizeof entries[0]; i++)
    if (!strcmp (name, entries[i].name))
      return entries[i].fn;
  return NULL;
}

int
dm_ompt_trace_wanted (int device_num, ompt_callbacks_t type)
{
  if (__builtin_expect (!__atomic_load_n (&dm_ompt_tracing, __ATOMIC_RELAXED),
			1))
    return 0;
  struct dm_tdev *d = dm_tdev_of (device_num);
  return d && __atomic_load_n (&d->started, __ATOMIC_RELAXED)
	 && !d->paused && (d->enabled & dm_trace_bits (type));
}

void
dm_ompt_trace_add (int device_num, ompt_record_ompt_t *r)
{
  struct dm_tdev *d = dm_tdev_of (device_num);
  if (!d)
    return;
  r->thread_id = (ompt_id_t) pthread_self ();
  pthread_mutex_lock (&dm_tlock);
  if (d->started && !d->paused && (d->enabled & dm_trace_bits (r->type)))
    {
      if (d->buf && d->used + sizeof *r > d->size)
	dm_trace_complete (d);
      if (!d->buf)
	{
	  ompt_buffer_t *b = NULL;
	  size_t bytes = 0;
	  d->request (d->num, &b, &bytes);
	  /* A buffer too small for one record: this record is lost.  */
	  if (b && bytes >= sizeof *r)
	    {
	      d->buf = b;
	      d->size = bytes;
	      d->used = 0;
	    }
	}
      if (d->buf)
	{
	  memcpy (d->buf + d->used, r, sizeof *r);
	  d->used += sizeof *r;
	}
    }
  pthread_mutex_unlock (&dm_tlock);
}

void
dm_ompt_trace_device_done (int device_num)
{
  dm_trace_hand_back (dm_tdev_of (device_num), 1);
}
