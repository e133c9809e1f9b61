/* trace.c -- the DEEPMAP_TRACE=FILE.json timeline (see trace.h).  */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "support/config.h"
#include "support/error.h"
#include "support/export.h"
#include "support/trace.h"

#ifdef DM_HAVE_LIBDW
#include <elfutils/libdwfl.h>
#endif

/* Queue tracks are numbered after the host threads' (tid).  */
#define DM_TR_QUEUE_TID 1000
#define DM_TR_CHUNK 1024

struct dm_tev
{
  uint64_t ts, dur;		/* ns since the start of the trace */
  uint64_t host, devaddr, bytes;
  const void *codeptr;
  int32_t tid;			/* track; for counters, the device */
  int16_t device;
  int16_t aux;
  uint8_t kind;			/* enum dm_trace_kind, or DM_TR_NKINDS: a
				   counter whose value is BYTES */
};

struct dm_tchunk
{
  struct dm_tchunk *next;
  size_t n;			/* events written (release) */
  struct dm_tev ev[DM_TR_CHUNK];
};

/* One thread's events; never freed (read at exit).  */
#define DM_TR_DEPTH 16

struct dm_tbuf
{
  struct dm_tbuf *next;
  int tid;
  struct dm_tchunk *first, *last;
  /* Begin times of the operations this thread has open (they nest);
     here rather than in TLS, which GCC's dlopen budget keeps small.  */
  unsigned depth;
  uint64_t open[DM_TR_DEPTH];
};

int dm_trace_enabled;
static uint64_t dm_tr_origin;
static size_t dm_tr_limit;
static size_t dm_tr_count, dm_tr_dropped;
static struct dm_tbuf *dm_tr_bufs;
static int dm_tr_next_tid;
static size_t (*dm_tr_probe) (int);
static DM_TLS struct dm_tbuf *dm_tr_mine;

/* Queue tracks: found by the queue's address, few, under a mutex.  */
static pthread_mutex_t dm_tr_qlock = PTHREAD_MUTEX_INITIALIZER;
static struct dm_tr_queue
{
  const void *queue;
  int device;
  int device_clock;		/* its spans are timed by the device */
} *dm_tr_queues;
static size_t dm_tr_nqueues, dm_tr_capqueues;

static const char *const dm_tr_names[DM_TR_NKINDS] = {
  [DM_TR_H2D] = "H2D copy",
  [DM_TR_D2H] = "D2H copy",
  [DM_TR_D2D] = "D2D copy",
  [DM_TR_ALLOC] = "alloc",
  [DM_TR_FREE] = "free",
  [DM_TR_ASSOCIATE] = "associate",
  [DM_TR_DISASSOCIATE] = "disassociate",
  [DM_TR_KERNEL] = "kernel",
  [DM_TR_FUSION] = "fusion",
  [DM_TR_WAIT] = "wait for queue",
  [DM_TR_TARGET] = "target",
  [DM_TR_ENTER_DATA] = "target enter data",
  [DM_TR_EXIT_DATA] = "target exit data",
  [DM_TR_UPDATE] = "target update",
  [DM_TR_ENQUEUE] = "nowait enqueue",
};

static const char *const dm_tr_cats[DM_TR_NKINDS] = {
  [DM_TR_H2D] = "copy", [DM_TR_D2H] = "copy", [DM_TR_D2D] = "copy",
  [DM_TR_ALLOC] = "memory", [DM_TR_FREE] = "memory",
  [DM_TR_ASSOCIATE] = "memory", [DM_TR_DISASSOCIATE] = "memory",
  [DM_TR_KERNEL] = "kernel", [DM_TR_FUSION] = "directory",
  [DM_TR_WAIT] = "wait", [DM_TR_TARGET] = "construct",
  [DM_TR_ENTER_DATA] = "construct", [DM_TR_EXIT_DATA] = "construct",
  [DM_TR_UPDATE] = "construct", [DM_TR_ENQUEUE] = "construct",
};

uint64_t
dm_trace_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

void
dm_trace_init (void)
{
  if (!dm_config.trace_file || dm_trace_enabled)
    return;
  dm_tr_limit = dm_config.trace_limit;
  dm_tr_origin = dm_trace_now ();
  __atomic_store_n (&dm_trace_enabled, 1, __ATOMIC_RELEASE);
}

void
dm_trace_set_memory_probe (size_t (*probe) (int device))
{
  dm_tr_probe = probe;
}

static struct dm_tbuf *
dm_tr_buffer (void)
{
  struct dm_tbuf *b = dm_tr_mine;
  if (__builtin_expect (b != NULL, 1))
    return b;
  b = calloc (1, sizeof *b);
  if (!b)
    return NULL;
  b->tid = __atomic_add_fetch (&dm_tr_next_tid, 1, __ATOMIC_RELAXED);
  /* Push onto the list without a lock.  */
  b->next = __atomic_load_n (&dm_tr_bufs, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n (&dm_tr_bufs, &b->next, b, 1,
				       __ATOMIC_RELEASE, __ATOMIC_RELAXED))
    ;
  dm_tr_mine = b;
  return b;
}

int
dm_trace_thread_track (void)
{
  struct dm_tbuf *b = dm_tr_buffer ();
  return b ? b->tid : 0;
}

int
dm_trace_queue_track (const void *queue, int device)
{
  pthread_mutex_lock (&dm_tr_qlock);
  size_t i = 0;
  while (i < dm_tr_nqueues && dm_tr_queues[i].queue != queue)
    i++;
  if (i == dm_tr_nqueues)
    {
      if (dm_tr_nqueues == dm_tr_capqueues)
	{
	  size_t cap = dm_tr_capqueues ? 2 * dm_tr_capqueues : 16;
	  void *p = realloc (dm_tr_queues, cap * sizeof *dm_tr_queues);
	  if (!p)
	    {
	      pthread_mutex_unlock (&dm_tr_qlock);
	      return dm_trace_thread_track ();
	    }
	  dm_tr_queues = p;
	  dm_tr_capqueues = cap;
	}
      dm_tr_queues[dm_tr_nqueues++] = (struct dm_tr_queue) { queue, device,
							      0 };
    }
  pthread_mutex_unlock (&dm_tr_qlock);
  return DM_TR_QUEUE_TID + (int) i;
}

void
dm_trace_push (void)
{
  struct dm_tbuf *b = dm_tr_buffer ();
  if (!b)
    return;
  if (b->depth < DM_TR_DEPTH)
    b->open[b->depth] = dm_trace_now ();
  b->depth++;
}

uint64_t
dm_trace_pop (void)
{
  struct dm_tbuf *b = dm_tr_buffer ();
  if (!b || b->depth == 0)
    return 0;
  b->depth--;
  return b->depth < DM_TR_DEPTH ? b->open[b->depth] : 0;
}

/* A slot for one event, or NULL (dropped and counted).  */
static struct dm_tev *
dm_tr_slot (struct dm_tchunk **chunk)
{
  if (__atomic_add_fetch (&dm_tr_count, 1, __ATOMIC_RELAXED) > dm_tr_limit)
    {
      __atomic_add_fetch (&dm_tr_dropped, 1, __ATOMIC_RELAXED);
      return NULL;
    }
  struct dm_tbuf *b = dm_tr_buffer ();
  if (!b)
    goto fail;
  struct dm_tchunk *c = b->last;
  if (!c || c->n == DM_TR_CHUNK)
    {
      struct dm_tchunk *nc = malloc (sizeof *nc);
      if (!nc)
	goto fail;
      nc->next = NULL;
      nc->n = 0;
      if (c)
	__atomic_store_n (&c->next, nc, __ATOMIC_RELEASE);
      else
	__atomic_store_n (&b->first, nc, __ATOMIC_RELEASE);
      b->last = c = nc;
    }
  *chunk = c;
  return &c->ev[c->n];
fail:
  __atomic_add_fetch (&dm_tr_dropped, 1, __ATOMIC_RELAXED);
  return NULL;
}

static void
dm_tr_record (const struct dm_tev *e)
{
  struct dm_tchunk *c;
  struct dm_tev *slot = dm_tr_slot (&c);
  if (!slot)
    return;
  *slot = *e;
  __atomic_store_n (&c->n, c->n + 1, __ATOMIC_RELEASE);
}

/* One complete event from T0 to T1.  */
static void
dm_tr_span_between (int track, enum dm_trace_kind kind, uint64_t t0,
		    uint64_t t1, int device, uint64_t host, uint64_t devaddr,
		    uint64_t bytes, const void *codeptr, int aux)
{
  if (t1 < t0)
    t1 = t0;
  if (t0 < dm_tr_origin)
    t0 = dm_tr_origin;
  struct dm_tev e = { .ts = t0 - dm_tr_origin, .dur = t1 - t0,
		      .host = host, .devaddr = devaddr, .bytes = bytes,
		      .codeptr = codeptr, .tid = track, .device = device,
		      .aux = aux, .kind = kind };
  dm_tr_record (&e);
}

void
dm_trace_span (int track, enum dm_trace_kind kind, uint64_t t0, int device,
	       uint64_t host, uint64_t devaddr, uint64_t bytes,
	       const void *codeptr, int aux)
{
  dm_tr_span_between (track, kind, t0, dm_trace_now (), device, host,
		      devaddr, bytes, codeptr, aux);
}

void
dm_trace_memory (int device)
{
  if (!dm_tr_probe)
    return;
  struct dm_tev e = { .ts = dm_trace_now () - dm_tr_origin,
		      .bytes = dm_tr_probe (device), .tid = device,
		      .device = device, .aux = -1, .kind = DM_TR_NKINDS };
  dm_tr_record (&e);
}

struct dm_trace_queued
{
  uint64_t t0, t1;
  int track;
  int device;
  enum dm_trace_kind kind;
  uint64_t host, devaddr, bytes;
  const void *codeptr;
  /* Timed by the device: its start and stop marks (NULL once read),
     how to read them, and whether one was lost.  */
  void *mark[2];
  dm_trace_mark_time_fn *mark_time;
  void *ctx;
  int lost;
  struct dm_trace_queued *next;	/* in the pending list */
};

/* Device-timed records whose stop mark is recorded, not yet read.  */
static pthread_mutex_t dm_tr_plock = PTHREAD_MUTEX_INITIALIZER;
static struct dm_trace_queued *dm_tr_pending;
static size_t dm_tr_npending;

/* Read the marks of the pending records: those the device has passed
   (all of them with WAIT) become spans; the others stay pending.  */
static void
dm_tr_drain (int wait)
{
  pthread_mutex_lock (&dm_tr_plock);
  struct dm_trace_queued *list = dm_tr_pending, *keep = NULL;
  dm_tr_pending = NULL;
  dm_tr_npending = 0;
  pthread_mutex_unlock (&dm_tr_plock);
  size_t nkeep = 0;
  while (list)
    {
      struct dm_trace_queued *r = list;
      list = r->next;
      int passed = 1;
      for (int i = 0; i < 2 && passed; i++)
	if (r->mark[i])
	  {
	    uint64_t ns = 0;
	    int k = r->mark_time (r->ctx, r->mark[i], wait, &ns);
	    if (k == 1)
	      passed = 0;
	    else
	      {
		r->mark[i] = NULL;
		if (k != 0)
		  r->lost = 1;
		else if (i == 0)
		  r->t0 = ns;
		else
		  r->t1 = ns;
	      }
	  }
      if (!passed)
	{
	  r->next = keep;
	  keep = r;
	  nkeep++;
	  continue;
	}
      if (r->lost)
	__atomic_add_fetch (&dm_tr_dropped, 1, __ATOMIC_RELAXED);
      else
	dm_tr_span_between (r->track, r->kind, r->t0, r->t1, r->device,
			    r->host, r->devaddr, r->bytes, r->codeptr, -1);
      free (r);
    }
  if (!keep)
    return;
  pthread_mutex_lock (&dm_tr_plock);
  struct dm_trace_queued *last = keep;
  while (last->next)
    last = last->next;
  last->next = dm_tr_pending;
  dm_tr_pending = keep;
  dm_tr_npending += nkeep;
  pthread_mutex_unlock (&dm_tr_plock);
}

void
dm_trace_queued_marked (struct dm_trace_queued *r, int start, void *mark,
			dm_trace_mark_time_fn *mark_time, void *ctx)
{
  r->mark_time = mark_time;
  r->ctx = ctx;
  r->lost |= mark == NULL;
  r->mark[!start] = mark;
  if (start)
    {
      pthread_mutex_lock (&dm_tr_qlock);
      size_t q = (size_t) (r->track - DM_TR_QUEUE_TID);
      if (r->track >= DM_TR_QUEUE_TID && q < dm_tr_nqueues)
	dm_tr_queues[q].device_clock = 1;
      pthread_mutex_unlock (&dm_tr_qlock);
      return;
    }
  /* Read a batch once enough are waiting, so that the marks of a long
     run do not pile up; what the device has not passed stays.  */
  pthread_mutex_lock (&dm_tr_plock);
  r->next = dm_tr_pending;
  dm_tr_pending = r;
  size_t n = ++dm_tr_npending;
  pthread_mutex_unlock (&dm_tr_plock);
  if (n >= 64)
    dm_tr_drain (0);
}

struct dm_trace_queued *
dm_trace_queued_new (enum dm_trace_kind kind, const void *queue, int device,
		     uint64_t host, uint64_t devaddr, uint64_t bytes,
		     const void *codeptr)
{
  struct dm_trace_queued *r = malloc (sizeof *r);
  if (!r)
    {
      __atomic_add_fetch (&dm_tr_dropped, 1, __ATOMIC_RELAXED);
      return NULL;
    }
  *r = (struct dm_trace_queued) { .track = dm_trace_queue_track (queue,
								device),
				  .device = device, .kind = kind,
				  .host = host, .devaddr = devaddr,
				  .bytes = bytes, .codeptr = codeptr };
  return r;
}

void
dm_trace_queued_start (void *rec, const char *failure)
{
  ((struct dm_trace_queued *) rec)->t0 = dm_trace_now ();
}

void
dm_trace_queued_stop (void *rec, const char *failure)
{
  struct dm_trace_queued *r = rec;
  if (!failure)
    dm_trace_span (r->track, r->kind, r->t0, r->device, r->host,
		   r->devaddr, r->bytes, r->codeptr, -1);
  free (r);
}

/* Writing the file.  */

/* Source locations, resolved once per construct address.  */
struct dm_tr_loc
{
  const void *codeptr;
  char *text;
};

#ifdef DM_HAVE_LIBDW
/* libdw is opened only now, so that programs that do not trace do not
   load it (and a machine without it still traces, with symbols).  */
struct dm_tr_dw
{
  void *lib;
  Dwfl *dwfl;
  Dwfl_Line *(*getsrc) (Dwfl *, Dwarf_Addr);
  const char *(*lineinfo) (Dwfl_Line *, Dwarf_Addr *, int *, int *,
			   Dwarf_Word *, Dwarf_Word *);
  void (*end) (Dwfl *);
};

static void
dm_tr_dw_open (struct dm_tr_dw *dw)
{
  memset (dw, 0, sizeof *dw);
  dw->lib = dlopen ("libdw.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!dw->lib)
    return;
  Dwfl *(*begin) (const Dwfl_Callbacks *) = dlsym (dw->lib, "dwfl_begin");
  int (*report) (Dwfl *, pid_t) = dlsym (dw->lib, "dwfl_linux_proc_report");
  int (*report_end) (Dwfl *, void *, void *)
    = dlsym (dw->lib, "dwfl_report_end");
  static Dwfl_Callbacks cb;
  cb.find_elf = dlsym (dw->lib, "dwfl_linux_proc_find_elf");
  cb.find_debuginfo = dlsym (dw->lib, "dwfl_standard_find_debuginfo");
  dw->getsrc = dlsym (dw->lib, "dwfl_getsrc");
  dw->lineinfo = dlsym (dw->lib, "dwfl_lineinfo");
  dw->end = dlsym (dw->lib, "dwfl_end");
  if (!begin || !report || !report_end || !cb.find_elf
      || !cb.find_debuginfo || !dw->getsrc || !dw->lineinfo || !dw->end
      || !(dw->dwfl = begin (&cb)))
    return;
  if (report (dw->dwfl, getpid ()) != 0
      || report_end (dw->dwfl, NULL, NULL) != 0)
    {
      dw->end (dw->dwfl);
      dw->dwfl = NULL;
    }
}

static char *
dm_tr_dw_lookup (struct dm_tr_dw *dw, const void *codeptr)
{
  if (!dw->dwfl)
    return NULL;
  /* The return address is after the call: look up the call itself.  */
  Dwfl_Line *l = dw->getsrc (dw->dwfl, (Dwarf_Addr) codeptr - 1);
  int line = 0;
  Dwarf_Addr addr;
  const char *file = l ? dw->lineinfo (l, &addr, &line, NULL, NULL, NULL)
		       : NULL;
  char *text = NULL;
  if (file && line > 0 && asprintf (&text, "%s:%d", file, line) < 0)
    text = NULL;
  return text;
}

static void
dm_tr_dw_close (struct dm_tr_dw *dw)
{
  if (dw->dwfl)
    dw->end (dw->dwfl);
  /* LIB stays open: it may have registered handlers of its own.  */
}
#else
struct dm_tr_dw
{
  int none;
};
static void dm_tr_dw_open (struct dm_tr_dw *dw) { dw->none = 1; }
static char *dm_tr_dw_lookup (struct dm_tr_dw *dw, const void *codeptr)
{
  return NULL;
}
static void dm_tr_dw_close (struct dm_tr_dw *dw) { }
#endif

/* Function+offset (or object+offset) from the dynamic symbols.  */
static char *
dm_tr_dladdr (const void *codeptr)
{
  Dl_info info;
  char *text = NULL;
  if (!dladdr (codeptr, &info) || !info.dli_fname)
    return NULL;
  if (info.dli_sname && info.dli_saddr)
    {
      if (asprintf (&text, "%s+%#lx", info.dli_sname,
		    (unsigned long) ((uintptr_t) codeptr
				     - (uintptr_t) info.dli_saddr)) < 0)
	text = NULL;
    }
  else
    {
      const char *base = strrchr (info.dli_fname, '/');
      if (asprintf (&text, "%s+%#lx", base ? base + 1 : info.dli_fname,
		    (unsigned long) ((uintptr_t) codeptr
				     - (uintptr_t) info.dli_fbase)) < 0)
	text = NULL;
    }
  return text;
}

void
dm_trace_resolve (void *items, size_t n, size_t size, size_t codeptr_off,
		  size_t text_off)
{
  struct dm_tr_dw dw;
  dm_tr_dw_open (&dw);
  for (size_t i = 0; i < n; i++)
    {
      char *item = (char *) items + i * size;
      const void *codeptr = *(const void **) (item + codeptr_off);
      char *text = codeptr ? dm_tr_dw_lookup (&dw, codeptr) : NULL;
      if (!text && codeptr)
	text = dm_tr_dladdr (codeptr);
      *(char **) (item + text_off) = text;
    }
  dm_tr_dw_close (&dw);
}

static int
dm_tr_loc_cmp (const void *a, const void *b)
{
  uintptr_t x = (uintptr_t) ((const struct dm_tr_loc *) a)->codeptr;
  uintptr_t y = (uintptr_t) ((const struct dm_tr_loc *) b)->codeptr;
  return x < y ? -1 : x > y;
}

/* Order per track by start, the enclosing span (longer) first.  */
static int
dm_tr_ev_cmp (const void *a, const void *b)
{
  const struct dm_tev *x = a, *y = b;
  int cx = x->kind == DM_TR_NKINDS, cy = y->kind == DM_TR_NKINDS;
  if (cx != cy)
    return cx - cy;
  if (x->tid != y->tid)
    return x->tid < y->tid ? -1 : 1;
  if (x->ts != y->ts)
    return x->ts < y->ts ? -1 : 1;
  if (x->dur != y->dur)
    return x->dur > y->dur ? -1 : 1;
  return 0;
}

static void
dm_tr_json_string (FILE *f, const char *s)
{
  fputc ('"', f);
  for (; *s; s++)
    {
      unsigned char c = (unsigned char) *s;
      if (c == '"' || c == '\\')
	fprintf (f, "\\%c", c);
      else if (c < 0x20)
	fprintf (f, "\\u%04x", c);
      else
	fputc (c, f);
    }
  fputc ('"', f);
}

/* Every recorded event, in one array (*N of them).  */
static struct dm_tev *
dm_tr_collect (size_t *n)
{
  size_t total = 0;
  struct dm_tbuf *head = __atomic_load_n (&dm_tr_bufs, __ATOMIC_ACQUIRE);
  for (struct dm_tbuf *b = head; b; b = b->next)
    for (struct dm_tchunk *c = __atomic_load_n (&b->first, __ATOMIC_ACQUIRE);
	 c; c = __atomic_load_n (&c->next, __ATOMIC_ACQUIRE))
      total += __atomic_load_n (&c->n, __ATOMIC_ACQUIRE);
  struct dm_tev *all = malloc ((total ? total : 1) * sizeof *all);
  size_t k = 0;
  if (all)
    for (struct dm_tbuf *b = head; b; b = b->next)
      for (struct dm_tchunk *c = __atomic_load_n (&b->first,
						  __ATOMIC_ACQUIRE);
	   c; c = __atomic_load_n (&c->next, __ATOMIC_ACQUIRE))
	{
	  size_t m = __atomic_load_n (&c->n, __ATOMIC_ACQUIRE);
	  for (size_t i = 0; i < m && k < total; i++)
	    all[k++] = c->ev[i];
	}
  *n = k;
  return all;
}

/* The source location of each distinct construct address in ALL.  */
static struct dm_tr_loc *
dm_tr_locations (const struct dm_tev *all, size_t n, size_t *nlocs)
{
  struct dm_tr_loc *locs = malloc ((n ? n : 1) * sizeof *locs);
  size_t m = 0;
  if (!locs)
    {
      *nlocs = 0;
      return NULL;
    }
  for (size_t i = 0; i < n; i++)
    if (all[i].codeptr)
      locs[m++] = (struct dm_tr_loc) { all[i].codeptr, NULL };
  qsort (locs, m, sizeof *locs, dm_tr_loc_cmp);
  size_t u = 0;
  for (size_t i = 0; i < m; i++)
    if (u == 0 || locs[u - 1].codeptr != locs[i].codeptr)
      locs[u++] = locs[i];
  dm_trace_resolve (locs, u, sizeof *locs,
		    offsetof (struct dm_tr_loc, codeptr),
		    offsetof (struct dm_tr_loc, text));
  *nlocs = u;
  return locs;
}

static const char *
dm_tr_loc_of (const struct dm_tr_loc *locs, size_t n, const void *codeptr)
{
  struct dm_tr_loc key = { codeptr, NULL };
  const struct dm_tr_loc *l
    = n ? bsearch (&key, locs, n, sizeof *locs, dm_tr_loc_cmp) : NULL;
  return l ? l->text : NULL;
}

static void
dm_tr_write_event (FILE *f, const struct dm_tev *e, const char *loc)
{
  if (e->kind == DM_TR_NKINDS)
    {
      fprintf (f, "{\"ph\":\"C\",\"name\":\"device %d memory in use\","
	       "\"pid\":1,\"tid\":0,\"ts\":%.3f,\"args\":{\"bytes\":%llu}}",
	       e->device, e->ts / 1000.0, (unsigned long long) e->bytes);
      return;
    }
  fprintf (f, "{\"ph\":\"X\",\"name\":\"%s\",\"cat\":\"%s\",\"pid\":1,"
	   "\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f,\"args\":{\"device\":%d",
	   dm_tr_names[e->kind], dm_tr_cats[e->kind], e->tid,
	   e->ts / 1000.0, e->dur / 1000.0, e->device);
  switch (e->kind)
    {
    case DM_TR_D2D:
      fprintf (f, ",\"bytes\":%llu,\"src_device_addr\":\"%#llx\","
	       "\"dst_device_addr\":\"%#llx\"", (unsigned long long) e->bytes,
	       (unsigned long long) e->host, (unsigned long long) e->devaddr);
      break;
    case DM_TR_H2D: case DM_TR_D2H: case DM_TR_ALLOC: case DM_TR_FREE:
    case DM_TR_ASSOCIATE: case DM_TR_DISASSOCIATE: case DM_TR_FUSION:
      fprintf (f, ",\"bytes\":%llu,\"host\":\"[%#llx, %#llx)\","
	       "\"device_addr\":\"%#llx\"", (unsigned long long) e->bytes,
	       (unsigned long long) e->host,
	       (unsigned long long) (e->host + e->bytes),
	       (unsigned long long) e->devaddr);
      if (e->kind == DM_TR_FUSION)
	fprintf (f, ",\"blocks\":%d", e->aux);
      break;
    case DM_TR_WAIT:
      fprintf (f, ",\"queue_track\":%d", e->aux);
      break;
    default:
      break;
    }
  if (loc)
    {
      fputs (",\"source\":", f);
      dm_tr_json_string (f, loc);
    }
  fputs ("}}", f);
}

/* Track names: host threads, then queues, sorted so.  */
static void
dm_tr_write_tracks (FILE *f, const struct dm_tev *all, size_t n)
{
  int last = -1;
  for (size_t i = 0; i < n; i++)
    {
      if (all[i].kind == DM_TR_NKINDS || all[i].tid == last)
	continue;
      int tid = last = all[i].tid;
      if (tid >= DM_TR_QUEUE_TID)
	{
	  size_t q = (size_t) (tid - DM_TR_QUEUE_TID);
	  fprintf (f, ",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,"
		   "\"tid\":%d,\"args\":{\"name\":\"device %d queue %zu "
		   "(%s clock)\"}}", tid,
		   q < dm_tr_nqueues ? dm_tr_queues[q].device : -1, q,
		   q < dm_tr_nqueues && dm_tr_queues[q].device_clock
		   ? "device" : "host");
	}
      else
	fprintf (f, ",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,"
		 "\"tid\":%d,\"args\":{\"name\":\"host thread %d\"}}", tid,
		 tid);
      fprintf (f, ",\n{\"ph\":\"M\",\"name\":\"thread_sort_index\","
	       "\"pid\":1,\"tid\":%d,\"args\":{\"sort_index\":%d}}", tid, tid);
    }
}

void
dm_trace_finish (void)
{
  if (!__atomic_load_n (&dm_trace_enabled, __ATOMIC_ACQUIRE))
    return;
  /* Before the devices shut down: read the marks still pending.  */
  dm_tr_drain (1);
  if (!__atomic_exchange_n (&dm_trace_enabled, 0, __ATOMIC_ACQ_REL))
    return;
  size_t n, nlocs;
  struct dm_tev *all = dm_tr_collect (&n);
  if (!all)
    {
      dm_warning ("DEEPMAP_TRACE=%s: out of host memory; no trace written",
		  dm_config.trace_file);
      return;
    }
  qsort (all, n, sizeof *all, dm_tr_ev_cmp);
  struct dm_tr_loc *locs = dm_tr_locations (all, n, &nlocs);
  FILE *f = fopen (dm_config.trace_file, "w");
  if (!f)
    {
      dm_warning ("DEEPMAP_TRACE=%s: cannot write the trace: %s",
		  dm_config.trace_file, strerror (errno));
      free (all);
      return;
    }
  size_t dropped = __atomic_load_n (&dm_tr_dropped, __ATOMIC_RELAXED);
  fprintf (f, "{\"displayTimeUnit\":\"ns\",\n\"otherData\":{\"producer\":"
	   "\"deepmap\",\"events\":%zu,\"event_limit\":%zu,"
	   "\"dropped_events\":%zu},\n\"traceEvents\":[\n"
	   "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"tid\":0,"
	   "\"args\":{\"name\":\"deepmap (pid %d)\"}}", n, dm_tr_limit,
	   dropped, (int) getpid ());
  dm_tr_write_tracks (f, all, n);
  for (size_t i = 0; i < n; i++)
    {
      fputs (",\n", f);
      dm_tr_write_event (f, &all[i],
			 all[i].codeptr ? dm_tr_loc_of (locs, nlocs,
							 all[i].codeptr)
					: NULL);
    }
  fputs ("\n]}\n", f);
  if (fclose (f) != 0)
    dm_warning ("DEEPMAP_TRACE=%s: writing the trace failed: %s",
		dm_config.trace_file, strerror (errno));
  if (dropped)
    dm_warning ("DEEPMAP_TRACE=%s: %zu events beyond the limit of %zu "
		"were dropped (DEEPMAP_TRACE_LIMIT)", dm_config.trace_file,
		dropped, dm_tr_limit);
  for (size_t i = 0; i < nlocs; i++)
    free (locs[i].text);
  free (locs);
  free (all);
}
