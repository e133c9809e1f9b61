/* Randomized differential test of the interval directory.

   Thousands of random, seeded (deterministic) sequences of mapping
   operations on sections of three small byte arrays run against the
   runtime and, side by side, against a byte-level reference model; after
   every operation the host bytes, the presence of every byte and the
   device value of every present byte are compared with the model.

   The memory: one buffer holding A = buf[0:64], B = buf[64:128] (touches
   A, so sections of A and B fuse across the arrays), C = buf[160:224];
   sections lie inside A, B or C, or span AB = buf[0:128].  Guard bytes
   around the buffer must never be present.

   The operations: target enter data (to, alloc, always to; one item, or
   two items of one map type in one construct, possibly overlapping),
   target exit data (from, release, delete, always from; one or two
   items), structured target data (to, from, tofrom, alloc and the always
   forms) nested to any depth, run by a recursive interpreter: a BEGIN
   executes `#pragma omp target data map(KIND: p[0:len])' whose body
   interprets the operations up to the matching END; target update to and
   from; target regions that transform the device bytes of a section
   (p[i] = p[i] * 7 + 1, mapped alloc or tofrom); host writes.

   The model, per byte: host value; the mapping (segment) that holds it,
   if present; device value, or undefined (allocated, never written).
   Reference counts are per mapping, as OpenMP 5.0 (2.19.7.1) says: a
   section inside a present mapping is not a new mapping, it counts on the
   mapping that holds it.  Entering an item (GCC 12 passes the items of
   one construct in reverse source order, then the alloc items last), each maximal run of its bytes not present
   becomes a new mapping with count 1 and the host value when the map type
   copies to the device, else an undefined device value; each present
   mapping the item touches gains one reference (once per construct) and
   keeps its device values unless an earlier item of the construct created
   it and this one copies to the device, or the map type is always,to, or
   under the refresh policy the (one-item) section copies to the device
   and has bytes not present.  Leaving, always,from copies every present
   byte of the section back; then every mapping the items touch loses one
   reference (once per construct; delete: to zero), the items' bytes of
   mappings reaching zero are copied back for from/tofrom, and those
   mappings stop being present as a whole.  update
   copies the present bytes of a section.  Undefined values propagate
   (copied back, the host byte is undefined too); they are not compared:
   at the next comparison the model adopts the value the runtime holds,
   which from then on must be kept (device copies move with fusion).

   Every sequence ends by closing its open target data constructs and
   deleting everything, after which no byte may be present.  Phase 1
   runs under the default keep policy, phase 2 (fewer sequences, one item
   per construct) under the refresh policy set with
   deepmap_set_overlap_policy.

   The sequences run in a child process.  If it reports a mismatch or
   dies (a runtime error), the parent regenerates the failing sequence,
   shrinks it by delta debugging (removing single operations, BEGIN/END
   pairs, whole BEGIN..END blocks and one item of two-item constructs
   while the failure persists, each try
   replayed from a clean state in a fresh child process), prints the
   minimal sequence as OpenMP directives with the seed, replays it once
   more with its diagnostics, and exits 1.

   Usage: random-differential.exe [SEED [SEQUENCES]].  */
/* { dg-do run } */
/* On the emulated device even under make check-gpu: replays run in forked
   children, which a CUDA driver does not survive.  */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#define _GNU_SOURCE
#include <stdint.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <deepmap.h>
#include "dir-check.h"

#define NBYTES 224
#define GUARD 32
#define MAX_OPS 30
#define DEFAULT_SEED 20131126ULL
#define DEFAULT_SEQS 2000

/* Sections come from these regions of the buffer.  */
static const struct
{
  const char *name;
  int off, len;
} regions[] = {
  { "A", 0, 64 }, { "B", 64, 64 }, { "C", 160, 64 }, { "AB", 0, 128 }
};

enum opcode
{
  OP_ENTER, OP_EXIT, OP_ENTER2, OP_EXIT2, OP_BEGIN, OP_END, OP_UPDATE,
  OP_REGION, OP_HOSTWRITE
};

enum kind
{
  K_TO, K_ALLOC, K_FROM, K_TOFROM, K_RELEASE, K_DELETE, K_ALWAYS_TO,
  K_ALWAYS_FROM, K_ALWAYS_TOFROM
};

static const char *const kind_names[] = {
  "to", "alloc", "from", "tofrom", "release", "delete", "always, to",
  "always, from", "always, tofrom"
};

struct op
{
  unsigned char code, kind, r, r2;
  unsigned char kind2;			/* OP_ENTER2: the second item's */
  unsigned short s, len, s2, len2;	/* absolute offsets in the buffer */
  unsigned seed;			/* OP_HOSTWRITE */
};

/* ---- random numbers ------------------------------------------------- */

static uint64_t
splitmix (uint64_t *x)
{
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static unsigned
rnd (uint64_t *x, unsigned n)
{
  return (unsigned) (splitmix (x) % n);
}

/* ---- the reference model -------------------------------------------- */

struct mbyte
{
  unsigned rc;			/* the count of its mapping (model_sync) */
  unsigned char host, dev;
  unsigned char host_def, dev_def;
  unsigned seg;			/* its mapping, 0 if not present */
};

static struct mbyte model[NBYTES];

/* Mappings: their counts and the last construct that counted them.  */
#define MAX_SEGS (MAX_OPS * NBYTES + 1)
static unsigned seg_rc[MAX_SEGS], seg_mark[MAX_SEGS], nsegs, construct;
static unsigned seg_born[MAX_SEGS];	/* the construct that created it */

static void
model_sync (void)
{
  for (int i = 0; i < NBYTES; i++)
    model[i].rc = model[i].seg ? seg_rc[model[i].seg] : 0;
}
static int model_refresh;	/* the refresh policy is in force */

static int
copies_to (int k)
{
  return k == K_TO || k == K_TOFROM || k == K_ALWAYS_TO || k == K_ALWAYS_TOFROM;
}

static int
copies_from (int k)
{
  return k == K_FROM || k == K_TOFROM || k == K_ALWAYS_FROM
	 || k == K_ALWAYS_TOFROM;
}

static int
always_to (int k)
{
  return k == K_ALWAYS_TO || k == K_ALWAYS_TOFROM;
}

static int
always_from (int k)
{
  return k == K_ALWAYS_FROM || k == K_ALWAYS_TOFROM;
}

static int
in_items (int i, int s, int e, int s2, int e2)
{
  return (i >= s && i < e) || (i >= s2 && i < e2);
}

/* Enter one item [S, E) of construct CONSTRUCT with map type K.  */
static void
model_enter_item (int k, int s, int e, int refresh)
{
  int extends = 0;
  for (int i = s; i < e; i++)
    extends |= model[i].seg == 0;
  /* An item that extends a mapping splits the mappings it touches at
     its ends (a reference for exactly its bytes), unless this construct
     counted them already.  */
  for (int side = 0; extends && side < 2; side++)
    {
      int in = side ? e - 1 : s, out = side ? e : s - 1;
      if (out < 0 || out >= NBYTES || !model[in].seg
	  || model[in].seg != model[out].seg
	  || seg_mark[model[in].seg] == construct)
	continue;
      unsigned old = model[in].seg, g = ++nsegs;
      seg_rc[g] = seg_rc[old];
      seg_mark[g] = seg_mark[old];
      seg_born[g] = seg_born[old];
      for (int i = in; i >= 0 && i < NBYTES && model[i].seg == old;
	   i += side ? -1 : 1)
	model[i].seg = g;
    }
  for (int i = s; i < e; i++)
    {
      struct mbyte *b = &model[i];
      if (b->seg == 0)
	{
	  /* A run of bytes not present: one new mapping.  */
	  if (nsegs + 1 >= MAX_SEGS)
	    abort ();
	  unsigned g = ++nsegs;
	  seg_rc[g] = 1;
	  seg_mark[g] = seg_born[g] = construct;
	  for (; i < e && model[i].seg == 0; i++)
	    {
	      model[i].seg = g;
	      model[i].dev = model[i].host;
	      model[i].dev_def = copies_to (k) && model[i].host_def;
	    }
	  i--;
	  continue;
	}
      if (seg_mark[b->seg] != construct)
	{
	  seg_mark[b->seg] = construct;
	  seg_rc[b->seg]++;
	}
      /* Bytes an earlier item of this construct created are new to a
	 to-item as well.  */
      if (always_to (k) || refresh
	  || (seg_born[b->seg] == construct && copies_to (k)))
	{
	  b->dev = b->host;
	  b->dev_def = b->host_def;
	}
    }
}

/* A construct maps [S, E) with map type K and [S2, E2) (S2 == E2: one
   item) with K2 on entry.  */
static void
model_enter (int k, int s, int e, int k2, int s2, int e2)
{
  int refresh = 0;
  if (model_refresh && copies_to (k))
    for (int i = s; i < e; i++)
      if (model[i].seg == 0)
	refresh = 1;
  construct++;
  /* GCC 12's order: the items reversed, then alloc items last.  */
  if (s2 < e2 && k2 == K_ALLOC && k != K_ALLOC)
    {
      model_enter_item (k, s, e, refresh);
      model_enter_item (k2, s2, e2, 0);
    }
  else
    {
      if (s2 < e2)
	model_enter_item (k2, s2, e2, 0);
      model_enter_item (k, s, e, refresh);
    }
  model_sync ();
}

/* ... and on exit, with map type K (from, release, delete, always...).  */
static void
model_exit (int k, int s, int e, int k2, int s2, int e2)
{
  int lo = s2 < e2 && s2 < s ? s2 : s, hi = s2 < e2 && e2 > e ? e2 : e;
  construct++;
  for (int i = lo; i < hi; i++)
    {
      struct mbyte *b = &model[i];
      if (!in_items (i, s, e, s2, e2) || b->seg == 0)
	continue;
      if ((i >= s && i < e && always_from (k))
	  || (i >= s2 && i < e2 && always_from (k2)))
	{
	  b->host = b->dev;
	  b->host_def = b->dev_def;
	}
      if (k == K_DELETE)
	seg_rc[b->seg] = 0;
      else if (seg_mark[b->seg] != construct && seg_rc[b->seg] > 0)
	seg_rc[b->seg]--;
      seg_mark[b->seg] = construct;
    }
  for (int i = lo; i < hi; i++)
    {
      struct mbyte *b = &model[i];
      /* Copy-back: the union of the items' from-types.  */
      if (b->seg && seg_rc[b->seg] == 0
	  && ((i >= s && i < e && copies_from (k))
	      || (i >= s2 && i < e2 && copies_from (k2))))
	{
	  b->host = b->dev;
	  b->host_def = b->dev_def;
	}
    }
  /* Mappings at zero go as a whole, bytes outside the items too.  */
  for (int i = 0; i < NBYTES; i++)
    if (model[i].seg && seg_rc[model[i].seg] == 0)
      {
	model[i].seg = 0;
	model[i].dev_def = 0;
      }
  model_sync ();
}

/* The end of a target data construct: an item that is no longer wholly
   present (an exit data in the body removed bytes of it) is left alone,
   neither released nor copied back.  */
static int
model_present (int s, int e)
{
  for (int i = s; i < e; i++)
    if (model[i].seg == 0)
      return 0;
  return 1;
}

static void
model_end (int k, int s, int e, int k2, int s2, int e2)
{
  if (!model_present (s, e))
    s = e = 0;
  if (!model_present (s2, e2))
    s2 = e2 = 0;
  model_exit (k, s, e, k2, s2, e2);
}

static void
model_update (int to, int s, int e)
{
  for (int i = s; i < e; i++)
    {
      struct mbyte *b = &model[i];
      if (b->rc == 0)
	continue;
      if (to)
	{
	  b->dev = b->host;
	  b->dev_def = b->host_def;
	}
      else
	{
	  b->host = b->dev;
	  b->host_def = b->dev_def;
	}
    }
}

static unsigned char
transform (unsigned char x)
{
  return (unsigned char) (x * 7 + 1);
}

static unsigned char
hostwrite_byte (unsigned seed, int i)
{
  uint64_t x = seed * 0x100000001b3ULL + (uint64_t) i;
  return (unsigned char) splitmix (&x);
}

/* ---- the runtime side ------------------------------------------------- */

static unsigned char *mem;	/* GUARD + NBYTES + GUARD */
static unsigned char *buf;	/* mem + GUARD */
static int dev;

static int failed;		/* a comparison failed */
static int fail_pc;		/* at the operation with this index */
static char fail_msg[512];

static void
x_enter (int k, unsigned char *p, int len)
{
  switch (k)
    {
    case K_TO:
      {
#pragma omp target enter data map(to: p[0:len])
      }
      break;
    case K_ALLOC:
      {
#pragma omp target enter data map(alloc: p[0:len])
      }
      break;
    case K_ALWAYS_TO:
      {
#pragma omp target enter data map(always, to: p[0:len])
      }
      break;
    default:
      abort ();
    }
}

static void
x_enter2 (int k, unsigned char *p, int len, int k2, unsigned char *q,
	  int len2)
{
  switch (k * 16 + k2)
    {
    case K_TO * 16 + K_TO:
      {
#pragma omp target enter data map(to: p[0:len]) map(to: q[0:len2])
      }
      break;
    case K_ALLOC * 16 + K_ALLOC:
      {
#pragma omp target enter data map(alloc: p[0:len]) map(alloc: q[0:len2])
      }
      break;
    case K_TO * 16 + K_ALLOC:
      {
#pragma omp target enter data map(to: p[0:len]) map(alloc: q[0:len2])
      }
      break;
    case K_ALLOC * 16 + K_TO:
      {
#pragma omp target enter data map(alloc: p[0:len]) map(to: q[0:len2])
      }
      break;
    default:
      abort ();
    }
}

static void
x_exit (int k, unsigned char *p, int len)
{
  switch (k)
    {
    case K_FROM:
      {
#pragma omp target exit data map(from: p[0:len])
      }
      break;
    case K_RELEASE:
      {
#pragma omp target exit data map(release: p[0:len])
      }
      break;
    case K_DELETE:
      {
#pragma omp target exit data map(delete: p[0:len])
      }
      break;
    case K_ALWAYS_FROM:
      {
#pragma omp target exit data map(always, from: p[0:len])
      }
      break;
    default:
      abort ();
    }
}

static void
x_exit2 (int k, unsigned char *p, int len, unsigned char *q, int len2)
{
  switch (k)
    {
    case K_FROM:
      {
#pragma omp target exit data map(from: p[0:len]) map(from: q[0:len2])
      }
      break;
    case K_RELEASE:
      {
#pragma omp target exit data map(release: p[0:len]) map(release: q[0:len2])
      }
      break;
    case K_DELETE:
      {
#pragma omp target exit data map(delete: p[0:len]) map(delete: q[0:len2])
      }
      break;
    default:
      abort ();
    }
}

static void
x_update (int to, unsigned char *p, int len)
{
  if (to)
    {
#pragma omp target update to(p[0:len])
    }
  else
    {
#pragma omp target update from(p[0:len])
    }
}

static void
x_region (int k, unsigned char *p, int len)
{
  switch (k)
    {
    case K_ALLOC:
#pragma omp target map(alloc: p[0:len])
      for (int i = 0; i < len; i++)
	p[i] = (unsigned char) (p[i] * 7 + 1);
      break;
    case K_TOFROM:
#pragma omp target map(tofrom: p[0:len])
      for (int i = 0; i < len; i++)
	p[i] = (unsigned char) (p[i] * 7 + 1);
      break;
    default:
      abort ();
    }
}

/* Compare the runtime with the model; on a mismatch record it and return
   0.  Undefined model values adopt the runtime's.  */
static int
check (int pc, const char *when)
{
  static unsigned char dbuf[NBYTES];
  if (failed)
    return 0;
#define MISMATCH(...)							\
  do									\
    {									\
      failed = 1;							\
      fail_pc = pc;							\
      int n_ = snprintf (fail_msg, sizeof fail_msg, "%s: ", when);	\
      snprintf (fail_msg + n_, sizeof fail_msg - n_, __VA_ARGS__);	\
      return 0;								\
    }									\
  while (0)

  for (int i = -GUARD; i < NBYTES + GUARD; i++)
    {
      int want = i >= 0 && i < NBYTES && model[i].rc > 0;
      int got = omp_target_is_present (buf + i, dev) != 0;
      if (got != want)
	MISMATCH ("buf[%d] is %spresent, the model says %spresent "
		  "(reference count %u)", i, got ? "" : "not ",
		  want ? "" : "not ", i >= 0 && i < NBYTES ? model[i].rc : 0);
    }
  for (int i = 0; i < NBYTES; i++)
    {
      if (!model[i].host_def)
	{
	  model[i].host = buf[i];
	  model[i].host_def = 1;
	}
      else if (buf[i] != model[i].host)
	MISMATCH ("host buf[%d] = %u, the model says %u", i, buf[i],
		  model[i].host);
    }
  /* Device values, run by run of present bytes; inside a run device
     addresses must be consecutive (touching sections fuse).  */
  for (int i = 0; i < NBYTES;)
    {
      if (model[i].rc == 0)
	{
	  if (omp_get_mapped_ptr (buf + i, dev) != NULL)
	    MISMATCH ("buf[%d] is not present but has the device address %p",
		      i, omp_get_mapped_ptr (buf + i, dev));
	  i++;
	  continue;
	}
      int start = i;
      char *d0 = omp_get_mapped_ptr (buf + i, dev);
      if (!d0)
	MISMATCH ("buf[%d] is present but has no device address", i);
      for (i++; i < NBYTES && model[i].rc > 0; i++)
	{
	  char *d = omp_get_mapped_ptr (buf + i, dev);
	  if (d != d0 + (i - start))
	    MISMATCH ("buf[%d] is at device %p, buf[%d] at %p: present bytes "
		      "that touch are not contiguous on the device", start,
		      (void *) d0, i, (void *) d);
	}
      if (omp_target_memcpy (dbuf + start, d0, i - start, 0, 0,
			     omp_get_initial_device (), dev) != 0)
	MISMATCH ("omp_target_memcpy of buf[%d:%d] from device %p failed",
		  start, i - start, (void *) d0);
      for (int j = start; j < i; j++)
	{
	  if (!model[j].dev_def)
	    {
	      model[j].dev = dbuf[j];
	      model[j].dev_def = 1;
	    }
	  else if (dbuf[j] != model[j].dev)
	    MISMATCH ("device copy of buf[%d] = %u, the model says %u "
		      "(reference count %u)", j, dbuf[j], model[j].dev,
		      model[j].rc);
	}
    }
#undef MISMATCH
  return 1;
}

static int interp (const struct op *ops, int n, int pc);

/* The exit map type of a target data construct's map type.  */
static int
data_exit_kind (int k)
{
  switch (k)
    {
    case K_FROM:
    case K_TOFROM:
      return K_FROM;
    case K_ALWAYS_FROM:
    case K_ALWAYS_TOFROM:
      return K_ALWAYS_FROM;
    default:
      return K_RELEASE;
    }
}

/* The body of a target data construct started by ops[PC].  */
static int
data_body (const struct op *ops, int n, int pc)
{
  if (!check (pc, "inside target data"))
    return n;
  return interp (ops, n, pc + 1);
}

/* The map-type pairs of two-item target data constructs: mixed types on
   (possibly) overlapping items.  */
static const unsigned char data_pairs[][2] = {
  { K_TOFROM, K_FROM }, { K_FROM, K_TOFROM }, { K_TO, K_ALLOC },
  { K_ALLOC, K_TO }, { K_TOFROM, K_ALLOC }, { K_ALLOC, K_TOFROM },
  { K_TO, K_FROM }, { K_FROM, K_TO }
};
#define NPAIRS (sizeof data_pairs / sizeof data_pairs[0])

/* ops[PC] is a BEGIN with two items: as run_data.  */
static int
run_data2 (const struct op *ops, int n, int pc)
{
  const struct op *o = &ops[pc];
  unsigned char *p = buf + o->s, *q = buf + o->s2;
  int len = o->len, len2 = o->len2, next = n;
  model_enter (o->kind, o->s, o->s + len, o->kind2, o->s2, o->s2 + len2);
#define PAIR(a, b) ((a) * 16 + (b))
  switch (PAIR (o->kind, o->kind2))
    {
    case PAIR (K_TOFROM, K_FROM):
#pragma omp target data map(tofrom: p[0:len]) map(from: q[0:len2])
      next = data_body (ops, n, pc);
      break;
    case PAIR (K_FROM, K_TOFROM):
#pragma omp target data map(from: p[0:len]) map(tofrom: q[0:len2])
      next = data_body (ops, n, pc);
      break;
    case PAIR (K_TO, K_ALLOC):
#pragma omp target data map(to: p[0:len]) map(alloc: q[0:len2])
      next = data_body (ops, n, pc);
      break;
    case PAIR (K_ALLOC, K_TO):
#pragma omp target data map(alloc: p[0:len]) map(to: q[0:len2])
      next = data_body (ops, n, pc);
      break;
    case PAIR (K_TOFROM, K_ALLOC):
#pragma omp target data map(tofrom: p[0:len]) map(alloc: q[0:len2])
      next = data_body (ops, n, pc);
      break;
    case PAIR (K_ALLOC, K_TOFROM):
#pragma omp target data map(alloc: p[0:len]) map(tofrom: q[0:len2])
      next = data_body (ops, n, pc);
      break;
    case PAIR (K_TO, K_FROM):
#pragma omp target data map(to: p[0:len]) map(from: q[0:len2])
      next = data_body (ops, n, pc);
      break;
    case PAIR (K_FROM, K_TO):
#pragma omp target data map(from: p[0:len]) map(to: q[0:len2])
      next = data_body (ops, n, pc);
      break;
    default:
      abort ();
    }
#undef PAIR
  model_end (data_exit_kind (o->kind), o->s, o->s + len,
	     data_exit_kind (o->kind2), o->s2, o->s2 + len2);
  check (next - 1, "after the end of target data");
  return next;
}

/* ops[PC] is a BEGIN: run the construct, its body up to the matching END
   and return the index after the END.  */
static int
run_data (const struct op *ops, int n, int pc)
{
  const struct op *o = &ops[pc];
  unsigned char *p = buf + o->s;
  int len = o->len, next = n;
  if (o->len2)
    return run_data2 (ops, n, pc);
  model_enter (o->kind, o->s, o->s + len, 0, 0, 0);
  switch (o->kind)
    {
    case K_TO:
#pragma omp target data map(to: p[0:len])
      next = data_body (ops, n, pc);
      break;
    case K_FROM:
#pragma omp target data map(from: p[0:len])
      next = data_body (ops, n, pc);
      break;
    case K_TOFROM:
#pragma omp target data map(tofrom: p[0:len])
      next = data_body (ops, n, pc);
      break;
    case K_ALLOC:
#pragma omp target data map(alloc: p[0:len])
      next = data_body (ops, n, pc);
      break;
    case K_ALWAYS_TO:
#pragma omp target data map(always, to: p[0:len])
      next = data_body (ops, n, pc);
      break;
    case K_ALWAYS_FROM:
#pragma omp target data map(always, from: p[0:len])
      next = data_body (ops, n, pc);
      break;
    case K_ALWAYS_TOFROM:
#pragma omp target data map(always, tofrom: p[0:len])
      next = data_body (ops, n, pc);
      break;
    default:
      abort ();
    }
  model_end (data_exit_kind (o->kind), o->s, o->s + len, 0, 0, 0);
  check (next - 1, "after the end of target data");
  return next;
}

/* Run ops[PC..] up to the END that closes the current level (returns the
   index after it) or the end of the sequence (returns N).  */
static int
interp (const struct op *ops, int n, int pc)
{
  while (pc < n && !failed)
    {
      const struct op *o = &ops[pc];
      unsigned char *p = buf + o->s, *q = buf + o->s2;
      int s = o->s, e = o->s + o->len;
      switch (o->code)
	{
	case OP_END:
	  return pc + 1;
	case OP_BEGIN:
	  pc = run_data (ops, n, pc);
	  continue;
	case OP_ENTER:
	  model_enter (o->kind, s, e, 0, 0, 0);
	  x_enter (o->kind, p, o->len);
	  break;
	case OP_ENTER2:
	  model_enter (o->kind, s, e, o->kind2, o->s2, o->s2 + o->len2);
	  x_enter2 (o->kind, p, o->len, o->kind2, q, o->len2);
	  break;
	case OP_EXIT:
	  model_exit (o->kind, s, e, 0, 0, 0);
	  x_exit (o->kind, p, o->len);
	  break;
	case OP_EXIT2:
	  model_exit (o->kind, s, e, o->kind, o->s2, o->s2 + o->len2);
	  x_exit2 (o->kind, p, o->len, q, o->len2);
	  break;
	case OP_UPDATE:
	  model_update (o->kind == K_TO, s, e);
	  x_update (o->kind == K_TO, p, o->len);
	  break;
	case OP_REGION:
	  model_enter (o->kind, s, e, 0, 0, 0);
	  for (int i = s; i < e; i++)
	    if (model[i].dev_def)
	      model[i].dev = transform (model[i].dev);
	  model_exit (o->kind == K_TOFROM ? K_FROM : K_RELEASE, s, e, 0, 0, 0);
	  x_region (o->kind, p, o->len);
	  break;
	case OP_HOSTWRITE:
	  for (int i = s; i < e; i++)
	    {
	      buf[i] = hostwrite_byte (o->seed, i);
	      model[i].host = buf[i];
	      model[i].host_def = 1;
	    }
	  break;
	default:
	  abort ();
	}
      check (pc, "after the operation");
      pc++;
    }
  return n;
}

/* Run one sequence from a clean state; 0 if the runtime agreed with the
   model throughout.  */
static int
run_sequence (const struct op *ops, int n)
{
  failed = 0;
  nsegs = 0;
  for (int i = 0; i < NBYTES; i++)
    {
      buf[i] = (unsigned char) (i * 13 + 5);
      model[i] = (struct mbyte) { 0, buf[i], 0, 1, 0, 0 };
    }
  if (!check (-1, "before the sequence"))
    return 1;
  interp (ops, n, 0);
  if (failed)
    return 1;
  /* Delete everything; nothing may stay present.  */
  unsigned char *all = buf;
#pragma omp target exit data map(delete: all[0:NBYTES])
  model_exit (K_DELETE, 0, NBYTES, 0, 0, 0);
  check (n, "after deleting everything at the end");
  return failed;
}

/* ---- sequences ------------------------------------------------------- */

static void
pick_section (uint64_t *x, unsigned char *r, unsigned short *s,
	      unsigned short *len)
{
  unsigned v = rnd (x, 10);
  *r = v < 3 ? 0 : v < 6 ? 1 : v < 9 ? 2 : 3;
  int off = regions[*r].off, rl = regions[*r].len;
  int rel = rnd (x, rl);
  int rem = rl - rel;
  int l = 1 + rnd (x, rem);
  if (rnd (x, 2) && l > 16)
    l = 1 + rnd (x, 16);
  *s = off + rel;
  *len = l;
}

/* Generate a sequence of at most MAX_OPS operations; TWO: allow
   two-item enter data.  Returns its length.  */
static int
gen_sequence (uint64_t x, struct op *ops, int two)
{
  int target = 1 + rnd (&x, MAX_OPS);
  int n = 0, depth = 0;
  while (n + depth < target)
    {
      struct op o = { 0 };
      for (;;)
	{
	  unsigned v = rnd (&x, 100);
	  if (v < 16)
	    {
	      static const unsigned char ks[] = { K_TO, K_ALLOC, K_ALWAYS_TO };
	      o.code = OP_ENTER;
	      o.kind = ks[rnd (&x, 3)];
	    }
	  else if (v < 32)
	    {
	      static const unsigned char ks[] = { K_FROM, K_RELEASE, K_DELETE,
						  K_ALWAYS_FROM };
	      o.code = OP_EXIT;
	      o.kind = ks[rnd (&x, 4)];
	    }
	  else if (v < 37)
	    {
	      if (!two)
		continue;
	      o.code = OP_ENTER2;
	      o.kind = rnd (&x, 2) ? K_TO : K_ALLOC;
	      /* Mixed map types on (possibly) overlapping items.  */
	      o.kind2 = rnd (&x, 2) ? K_TO : K_ALLOC;
	    }
	  else if (v < 42)
	    {
	      static const unsigned char ks[] = { K_FROM, K_RELEASE, K_DELETE };
	      o.code = OP_EXIT2;
	      o.kind = ks[rnd (&x, 3)];
	    }
	  else if (v < 55)
	    {
	      if (n + depth + 2 > target)
		continue;
	      static const unsigned char ks[] = { K_TO, K_FROM, K_TOFROM,
						  K_ALLOC, K_ALWAYS_TO,
						  K_ALWAYS_FROM,
						  K_ALWAYS_TOFROM };
	      o.code = OP_BEGIN;
	      o.kind = ks[rnd (&x, 7)];
	      if (two && rnd (&x, 3) == 0)
		{
		  unsigned pr = rnd (&x, NPAIRS);
		  o.kind = data_pairs[pr][0];
		  o.kind2 = data_pairs[pr][1];
		  o.len2 = 1;	/* a second item: picked below */
		}
	    }
	  else if (v < 65)
	    {
	      if (depth == 0)
		continue;
	      o.code = OP_END;
	    }
	  else if (v < 75)
	    {
	      o.code = OP_UPDATE;
	      o.kind = rnd (&x, 2) ? K_TO : K_FROM;
	    }
	  else if (v < 89)
	    {
	      o.code = OP_REGION;
	      o.kind = rnd (&x, 2) ? K_ALLOC : K_TOFROM;
	    }
	  else
	    {
	      o.code = OP_HOSTWRITE;
	      o.seed = (unsigned) splitmix (&x);
	    }
	  break;
	}
      if (o.code != OP_END)
	pick_section (&x, &o.r, &o.s, &o.len);
      if (o.code == OP_ENTER2 || o.code == OP_EXIT2
	  || (o.code == OP_BEGIN && o.len2))
	{
	  pick_section (&x, &o.r2, &o.s2, &o.len2);
	  if (rnd (&x, 2))
	    {
	      /* Half the time the second item overlaps or touches the
		 first: where the order of the items could matter.  */
	      int off = regions[o.r].off, end = off + regions[o.r].len;
	      int s2 = (int) o.s + (int) rnd (&x, o.len + 8) - 4;
	      s2 = s2 < off ? off : s2 >= end ? end - 1 : s2;
	      int room = end - s2;
	      o.r2 = o.r;
	      o.s2 = (unsigned short) s2;
	      o.len2 = (unsigned short) (1 + rnd (&x, room < 24 ? room : 24));
	    }
	}
      if (o.code == OP_BEGIN)
	depth++;
      if (o.code == OP_END)
	depth--;
      ops[n++] = o;
    }
  while (depth-- > 0)
    ops[n++] = (struct op) { .code = OP_END };
  return n;
}

static void
print_section (const struct op *o, int second)
{
  int r = second ? o->r2 : o->r, s = second ? o->s2 : o->s;
  int len = second ? o->len2 : o->len;
  printf ("%s[%d:%d]", regions[r].name, s - regions[r].off, len);
}

static void
print_sequence (const struct op *ops, int n, int mark)
{
  int depth = 0;
  printf ("  /* A = buf[0:64], B = buf[64:128] (touches A), "
	  "C = buf[160:224], AB = buf[0:128];\n"
	  "     buf[i] = i * 13 + 5 at the start.  */\n");
  for (int pc = 0; pc < n; pc++)
    {
      const struct op *o = &ops[pc];
      if (o->code == OP_END)
	depth--;
      printf ("%s%3d: %*s", pc == mark ? "=>" : "  ", pc, 2 * depth, "");
      switch (o->code)
	{
	case OP_ENTER:
	case OP_ENTER2:
	case OP_EXIT:
	case OP_EXIT2:
	  printf ("#pragma omp target %s data map(%s: ",
		  o->code == OP_ENTER || o->code == OP_ENTER2 ? "enter"
		  : "exit", kind_names[o->kind]);
	  print_section (o, 0);
	  if (o->code == OP_ENTER2 || o->code == OP_EXIT2)
	    {
	      printf (") map(%s: ", kind_names[o->code == OP_ENTER2
					       ? o->kind2 : o->kind]);
	      print_section (o, 1);
	    }
	  printf (")\n");
	  break;
	case OP_BEGIN:
	  printf ("#pragma omp target data map(%s: ", kind_names[o->kind]);
	  print_section (o, 0);
	  if (o->len2)
	    {
	      printf (") map(%s: ", kind_names[o->kind2]);
	      print_section (o, 1);
	    }
	  printf (") {\n");
	  depth++;
	  break;
	case OP_END:
	  printf ("}\n");
	  break;
	case OP_UPDATE:
	  printf ("#pragma omp target update %s(",
		  o->kind == K_TO ? "to" : "from");
	  print_section (o, 0);
	  printf (")\n");
	  break;
	case OP_REGION:
	  printf ("#pragma omp target map(%s: ", kind_names[o->kind]);
	  print_section (o, 0);
	  printf (")  /* each byte x = x * 7 + 1 */\n");
	  break;
	case OP_HOSTWRITE:
	  printf ("host writes ");
	  print_section (o, 0);
	  printf (" (seed %u)\n", o->seed);
	  break;
	}
    }
  printf ("%s%3d: #pragma omp target exit data map(delete: buf[0:%d])\n",
	  mark == n ? "=>" : "  ", n, NBYTES);
}

/* ---- phases, processes, shrinking ------------------------------------ */

struct shared
{
  int phase, seq;		/* where the child is */
  long seqs, ops;		/* what it ran */
};
static struct shared *shared;

static const struct
{
  const char *name;
  int refresh, two, seqs_div;
} phases[] = {
  { "keep policy", 0, 1, 1 },
  { "refresh policy", 1, 0, 4 }
};

static uint64_t
seq_seed (uint64_t seed, int phase, int seq)
{
  uint64_t x = seed;
  x = splitmix (&x) ^ ((uint64_t) phase << 40) ^ (uint64_t) seq;
  return splitmix (&x);
}

static int
set_policy (int refresh)
{
  model_refresh = refresh;
  if (!deepmap_set_overlap_policy)
    return refresh ? -1 : 0;
  return deepmap_set_overlap_policy (refresh ? DEEPMAP_OVERLAP_REFRESH
				     : DEEPMAP_OVERLAP_KEEP);
}

/* The child: run every sequence of every phase.  */
static int
run_all (uint64_t seed, int nseqs)
{
  struct op ops[MAX_OPS + 1];
  for (int ph = 0; ph < 2; ph++)
    {
      if (set_policy (phases[ph].refresh) != 0)
	{
	  printf ("random-differential: no deepmap_set_overlap_policy; "
		  "phase \"%s\" skipped\n", phases[ph].name);
	  continue;
	}
      int count = nseqs / phases[ph].seqs_div;
      for (int q = 0; q < count; q++)
	{
	  shared->phase = ph;
	  shared->seq = q;
	  int n = gen_sequence (seq_seed (seed, ph, q), ops, phases[ph].two);
	  if (run_sequence (ops, n))
	    {
	      printf ("random-differential: MISMATCH in sequence %d of "
		      "phase \"%s\" (seed %llu): op %d: %s\n", q,
		      phases[ph].name, (unsigned long long) seed, fail_pc,
		      fail_msg);
	      fflush (stdout);
	      return 1;
	    }
	  shared->seqs++;
	  shared->ops += n;
	}
    }
  return 0;
}

/* Replay OPS in a fresh child (clean state): 1 if it fails (mismatch,
   error exit or signal).  QUIET silences the child.  */
static int
replay_fails (const struct op *ops, int n, int refresh, int quiet)
{
  fflush (stdout);
  fflush (stderr);
  pid_t pid = fork ();
  CHECK (pid >= 0, "fork failed");
  if (pid == 0)
    {
      if (quiet)
	{
	  int fd = open ("/dev/null", O_WRONLY);
	  dup2 (fd, 1);
	  dup2 (fd, 2);
	}
      set_policy (refresh);
      int r = run_sequence (ops, n);
      if (r)
	printf ("mismatch at op %d: %s\n", fail_pc, fail_msg);
      fflush (stdout);
      _exit (r);
    }
  int status;
  CHECK (waitpid (pid, &status, 0) == pid, "waitpid failed");
  if (!quiet && WIFSIGNALED (status))
    printf ("(the replay was killed by signal %d)\n", WTERMSIG (status));
  else if (!quiet && WIFEXITED (status) && WEXITSTATUS (status) != 0
	   && WEXITSTATUS (status) != 1)
    printf ("(the replay exited with status %d)\n", WEXITSTATUS (status));
  return !(WIFEXITED (status) && WEXITSTATUS (status) == 0);
}

/* Index of the END matching the BEGIN at PC.  */
static int
matching_end (const struct op *ops, int n, int pc)
{
  int depth = 0;
  for (int i = pc; i < n; i++)
    {
      if (ops[i].code == OP_BEGIN)
	depth++;
      else if (ops[i].code == OP_END && --depth == 0)
	return i;
    }
  abort ();
}

/* Copy OPS without the indices in [A, B) and without index C (if >= 0).  */
static int
without (const struct op *ops, int n, struct op *out, int a, int b, int c)
{
  int m = 0;
  for (int i = 0; i < n; i++)
    if ((i < a || i >= b) && i != c)
      out[m++] = ops[i];
  return m;
}

/* Delta debugging: remove what the failure does not need.  */
static int
shrink (struct op *ops, int n, int refresh)
{
  struct op t[MAX_OPS + 1];
  int progress = 1, tries = 0;
  while (progress)
    {
      progress = 0;
      for (int pc = 0; pc < n && !progress; pc++)
	{
	  int m;
	  if (ops[pc].code == OP_END)
	    continue;
	  if (ops[pc].code == OP_ENTER2 || ops[pc].code == OP_EXIT2)
	    {
	      /* One item instead of two: the first, then the second.  */
	      int found = 0;
	      for (int which = 0; which < 2 && !found; which++)
		{
		  memcpy (t, ops, n * sizeof *t);
		  struct op *o = &t[pc];
		  o->code = o->code == OP_ENTER2 ? OP_ENTER : OP_EXIT;
		  if (which)
		    {
		      o->r = o->r2;
		      o->s = o->s2;
		      o->len = o->len2;
		      if (o->code == OP_ENTER)
			o->kind = o->kind2;
		    }
		  o->r2 = o->s2 = o->len2 = 0;
		  tries++;
		  found = replay_fails (t, n, refresh, 1);
		}
	      if (found)
		{
		  memcpy (ops, t, n * sizeof *t);
		  progress = 1;
		  continue;
		}
	    }
	  if (ops[pc].code == OP_BEGIN)
	    {
	      int end = matching_end (ops, n, pc);
	      /* The whole block, then the construct alone.  */
	      m = without (ops, n, t, pc, end + 1, -1);
	      tries++;
	      if (replay_fails (t, m, refresh, 1))
		goto accept;
	      m = without (ops, n, t, pc, pc + 1, end);
	    }
	  else
	    m = without (ops, n, t, pc, pc + 1, -1);
	  tries++;
	  if (!replay_fails (t, m, refresh, 1))
	    continue;
	accept:
	  memcpy (ops, t, m * sizeof *t);
	  n = m;
	  progress = 1;
	}
    }
  printf ("random-differential: shrinking took %d replays\n", tries);
  return n;
}

int
main (int argc, char **argv)
{
  uint64_t seed = argc > 1 ? strtoull (argv[1], NULL, 0) : DEFAULT_SEED;
  int nseqs = argc > 2 ? atoi (argv[2]) : DEFAULT_SEQS;
  static unsigned char storage[GUARD + NBYTES + GUARD]
    __attribute__ ((aligned (64)));
  mem = storage;
  buf = mem + GUARD;
  dev = dm_dev ();
  dm_require_device ();
  CHECK (omp_get_mapped_ptr != NULL,
	 "omp_get_mapped_ptr is not provided by this libgomp");

  shared = mmap (NULL, sizeof *shared, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  CHECK (shared != MAP_FAILED, "mmap failed");
  shared->phase = shared->seq = -1;

  fflush (stdout);
  pid_t pid = fork ();
  CHECK (pid >= 0, "fork failed");
  if (pid == 0)
    _exit (run_all (seed, nseqs));
  int status;
  CHECK (waitpid (pid, &status, 0) == pid, "waitpid failed");
  if (WIFEXITED (status) && WEXITSTATUS (status) == 0)
    {
      printf ("random-differential: seed %llu: %ld sequences, %ld operations, "
	      "all agree with the model\n", (unsigned long long) seed,
	      shared->seqs, shared->ops);
      return 0;
    }

  int ph = shared->phase, q = shared->seq;
  if (WIFSIGNALED (status))
    printf ("random-differential: killed by signal %d", WTERMSIG (status));
  else
    printf ("random-differential: exit status %d", WEXITSTATUS (status));
  printf (" in sequence %d of phase \"%s\" (seed %llu) after %ld good "
	  "sequences\n", q, ph >= 0 ? phases[ph].name : "?",
	  (unsigned long long) seed, shared->seqs);
  if (ph < 0)
    return 1;

  struct op ops[MAX_OPS + 1];
  int n = gen_sequence (seq_seed (seed, ph, q), ops, phases[ph].two);
  int refresh = phases[ph].refresh;
  if (!replay_fails (ops, n, refresh, 1))
    {
      printf ("random-differential: the sequence does not fail alone, from a "
	      "fresh process (it depends on earlier sequences); unshrunk:\n");
      print_sequence (ops, n, -1);
      return 1;
    }
  n = shrink (ops, n, refresh);
  printf ("random-differential: minimal failing sequence (%d operations, "
	  "%s, seed %llu, sequence %d):\n", n, phases[ph].name,
	  (unsigned long long) seed, q);
  /* Replay it once more, with its diagnostics, to mark the failing op.  */
  fflush (stdout);
  int mark = -2;
  {
    int fds[2];
    CHECK (pipe (fds) == 0, "pipe failed");
    pid_t c = fork ();
    if (c == 0)
      {
	close (fds[0]);
	set_policy (refresh);
	int r = run_sequence (ops, n);
	int where = r ? fail_pc : -2;
	if (write (fds[1], &where, sizeof where) != sizeof where)
	  _exit (3);
	if (r)
	  printf ("  mismatch at op %d: %s\n", fail_pc, fail_msg);
	fflush (stdout);
	_exit (r);
      }
    close (fds[1]);
    int where;
    int got = read (fds[0], &where, sizeof where);
    waitpid (c, &status, 0);
    if (got == sizeof where)
      mark = where;
    else
      printf ("  (the runtime ended the process before the sequence "
	      "finished)\n");
  }
  print_sequence (ops, n, mark);
  return 1;
}
