/* deepmap.h -- public interface of deepmap, the OpenMP offloading runtime
   that swaps in for GCC's libgomp.so.1.

   Include it after <omp.h>.  Everything here is harmless when the program
   runs under another libgomp: the routines deepmap adds are declared weak,
   so a program can test for them (if (omp_get_mapped_ptr) ...).  */
#ifndef DEEPMAP_H
#define DEEPMAP_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Programs see deepmap's additions as weak symbols, so they link and run
   under any libgomp; the runtime itself defines them strongly.  */
#ifdef DEEPMAP_BUILDING_RUNTIME
# define DEEPMAP_WEAK
#else
# define DEEPMAP_WEAK __attribute__ ((weak))
#endif

#define DEEPMAP_VERSION_MAJOR 0
#define DEEPMAP_VERSION_MINOR 1

/* OpenMP 5.1 routines that GCC 12's libgomp lacks (and so its omp.h does
   not declare).  Weak: linking works against GCC's libgomp.so, and the
   dynamic linker binds them to deepmap's definitions at run time.  */
extern void *omp_get_mapped_ptr (const void *ptr, int device_num)
  DEEPMAP_WEAK;

/* ---- Interval directory ---------------------------------------------------

   When a mapped section overlaps bytes that are already present and also
   brings new ones (which OpenMP forbids and deepmap fuses), the present
   bytes keep their device values (KEEP, the default: OpenMP's "present"
   behaviour) or are refreshed from the host (REFRESH: the directory
   paper's update_and_copy).  DEEPMAP_OVERLAP=keep|refresh sets it at
   start-up; this changes it for the whole process and returns 0 (-1 for
   an unknown policy).  Weak: test it before calling under another
   libgomp.  */

#define DEEPMAP_OVERLAP_KEEP 0
#define DEEPMAP_OVERLAP_REFRESH 1

extern int deepmap_set_overlap_policy (int policy) DEEPMAP_WEAK;

/* ---- Deep copy: type descriptors ----------------------------------------

   A descriptor tells the runtime where the pointers of a type are, so that
   mapping an object maps what it points to as well (recursively), with the
   device copies' pointers translated.  The GCC plugin emits them as static
   data; programs built without it can build the same ones by hand or with
   the functions below.  Layout is part of the ABI between plugin and
   runtime (DEEPMAP_DESCRIPTOR_VERSION).  */

#define DEEPMAP_DESCRIPTOR_VERSION 2

/* counted_by for pointer fields: "T *p deepmap_counted_by (n);" says P
   points to N elements, N an integer field of the same struct.  It
   expands to the attribute only under the deepmap GCC plugin (which
   predefines __DEEPMAP_PLUGIN__); elsewhere to nothing (GCC 15 and Clang
   accept counted_by only on flexible array members).  On a flexible
   array member, write GCC 15's attribute itself,
   "T data[] __attribute__ ((counted_by (n)));": the plugin accepts it
   too, and the object is then mapped with its N elements.  */
#ifdef __DEEPMAP_PLUGIN__
# define deepmap_counted_by(field) __attribute__ ((__counted_by__ (field)))
#else
# define deepmap_counted_by(field)
#endif

struct deepmap_type;

/* How many elements a pointer field points to.  */
enum deepmap_count_kind
{
  DEEPMAP_COUNT_ONE = 0,	/* one element */
  DEEPMAP_COUNT_FIXED = 1,	/* COUNT elements */
  DEEPMAP_COUNT_FIELD = 2,	/* the integer field at byte COUNT of the same
				   object (counted_by); COUNT_SIZE bytes,
				   COUNT_SIGNED says how to read it */
  DEEPMAP_COUNT_END = 3		/* up to an end pointer (one past the last
				   element, std::vector's _M_finish) that
				   lies COUNT bytes after the pointer itself
				   (a signed distance modulo 2^N); the end
				   pointer is not followed itself */
};

struct deepmap_field
{
  size_t offset;			/* of the pointer, in the object */
  size_t repeat;			/* >1: the pointer repeats REPEAT times */
  size_t stride;			/* ... every STRIDE bytes (arrays) */
  const struct deepmap_type *pointee;	/* what it points to */
  unsigned count_kind;			/* enum deepmap_count_kind */
  unsigned count_size;			/* bytes of the count field */
  int count_signed;
  size_t count;				/* see deepmap_count_kind */
  const char *name;			/* for reports and check mode */
};

struct deepmap_type
{
  unsigned version;			/* DEEPMAP_DESCRIPTOR_VERSION */
  const char *name;			/* "struct node" */
  size_t size;				/* sizeof the type */
  size_t nfields;
  const struct deepmap_field *fields;	/* sorted by offset */
  /* Version 2: the counted tail of an object that extends past SIZE (a
     flexible array member with counted_by), or NULL.  OFFSET is where
     the array starts, POINTEE describes one element (its size is the
     stride, its fields are followed in every element), COUNT_KIND is
     DEEPMAP_COUNT_FIELD or DEEPMAP_COUNT_FIXED with the count fields as
     above; REPEAT and STRIDE are unused.  An object of the type spans
     max (SIZE, OFFSET + count * POINTEE->size) bytes.  */
  const struct deepmap_field *tail;
};

/* Not a type: an annotation (or site, below) whose TYPE has this
   version says that the target region stores to every byte of the item
   before it reads any of them, and names the item's storage only through
   the item itself (the plugin proves both).  The runtime then need not
   copy the item in: it maps it as map(from:) once it has checked that
   nothing else the construct maps reaches those bytes.  Under another
   libgomp the item is simply copied in as its map type says.  */
#define DEEPMAP_MARK_OVERWRITTEN 0x100

/* Likewise: the target region never stores to the item (nor through a
   pointer derived from it), so a tofrom item need not be copied back:
   the runtime maps it as map(to:) under the same check.  */
#define DEEPMAP_MARK_READ_ONLY 0x101

/* Likewise, for the plugin's own use (hoisting): the target region reads
   only bytes of the item that it, or the target region that always runs
   right before it, stored first.  It changes nothing on its own (the
   bytes the region does not write still have to come back as they
   were); the runtime ignores it.  */
#define DEEPMAP_MARK_WRITTEN_FIRST 0x102

/* One list item of the next target construct of this thread that is to
   be mapped deeply: the item whose host address is HOST has elements of
   type TYPE.  */
struct deepmap_annotation
{
  const void *host;
  const struct deepmap_type *type;
};

/* Announce the deep items of the next target construct (target, target
   data, enter/exit data, update) this thread encounters.  The plugin
   emits the call, guarded so that it is skipped under another libgomp:
     if (deepmap_annotate) deepmap_annotate (n, items);  */
extern void deepmap_annotate (size_t n, const struct deepmap_annotation *items)
  DEEPMAP_WEAK;

/* The same announcement as static data, which is what the plugin emits
   once it has found where each deep item sits in the construct's own
   arrays: the construct whose map-kind array (the KINDS argument of its
   GOMP_* call) is at KINDS has, in entry INDEX of its host address
   array, elements of type TYPE.  For a target construct whose map-kind
   array is computed at run time, KINDS is its outlined function (the FN
   argument of GOMP_target_ext) instead.  Sites of one construct are
   adjacent.
   A constructor of each translation unit registers its sites and a
   destructor unregisters them (dlclose); both calls are guarded like
   deepmap_annotate.  A construct that has sites costs nothing more at
   run time than one without deep items.  */
struct deepmap_site
{
  const void *kinds;
  size_t index;
  const struct deepmap_type *type;
};

extern void deepmap_register_sites (const struct deepmap_site *sites,
				    size_t n) DEEPMAP_WEAK;
extern void deepmap_unregister_sites (const struct deepmap_site *sites,
				      size_t n) DEEPMAP_WEAK;

/* What the plugin's transfer hoisting tells the runtime about the enter
   data, exit data and target update calls it inserts, as static data:
   the call's last entry is a zero-length section (map kind
   DEEPMAP_HOIST_KIND: GOMP_MAP_ZERO_LEN_ARRAY_SECTION with an alignment
   no compiler emits) at a struct deepmap_hoist_site, followed by N
   struct deepmap_hoist_entry.  Nothing maps that address, so every
   libgomp skips the entry; deepmap drops it and reads the record.  Entry
   I of the record describes entry I of the call: the section's
   source name, the deep type (or mark) to announce for it as
   deepmap_annotate would, or NULL, and flags.  WHERE: "FILE:LINE" of the
   loop or run the sections are kept across.  With DEEPMAP_CHECK the
   runtime remembers a checksum of each section's host bytes at the enter
   data, takes it again after an update (the bytes changed on purpose),
   and compares it at the exit data.  */
#define DEEPMAP_HOIST_KIND 0xff0f
#define DEEPMAP_HOIST_MAGIC 0x3174736968706d64ull	/* "dmphist1" */
enum deepmap_hoist_op
{
  DEEPMAP_HOIST_ENTER = 1,
  DEEPMAP_HOIST_EXIT = 2,
  DEEPMAP_HOIST_UPDATE = 3
};
/* An exit entry whose host bytes a throwing call may have changed on
   purpose (the exit data then only releases it): not checked.  */
#define DEEPMAP_HOIST_HOST_CURRENT 1
/* An enter entry the loop maps on some paths only: it is entered right
   before the first construct that maps it (one of TRIGGERS, below), not
   at the enter data, which passes it as a zero-length section (so that
   any other libgomp enters nothing, and each construct maps it as the
   program says).  */
#define DEEPMAP_HOIST_LATE 2
struct deepmap_hoist_entry
{
  const char *name;
  const struct deepmap_type *type;
  unsigned long flags;
};
struct deepmap_hoist_site
{
  unsigned long long magic;
  unsigned long op;
  const char *where;
  unsigned long n;
};
/* After the N entries of an enter data's record, one of these for each
   entry flagged DEEPMAP_HOIST_LATE, in order.  KINDS: the map kind to
   enter it with (low 16 bits), and the one for a section of no bytes
   (the next 16).  TRIGGERS: the constructs before which this thread
   enters it, on the enter data's device, unless its exit data comes
   first: a target construct's outlined function (the FN argument of
   GOMP_target_ext), a target data construct's map-kind array (the KINDS
   argument of GOMP_target_data_ext).  TYPE: its deep type or mark, as an
   entry's.  */
struct deepmap_hoist_late
{
  unsigned long kinds;
  unsigned long ntriggers;
  const void *const *triggers;
  const struct deepmap_type *type;
};

/* The hoisting's run-time test that sections the compiler cannot tell
   apart are disjoint, where there are many pairs: ENDS holds the first
   and one-past-the-last address of each section (uintptr_t pairs), PAIRS
   the indices of the sections to compare (unsigned short pairs), NPAIRS
   their number.  Nonzero when every pair is disjoint.  Objects that
   earlier plugins compiled call it; the plugin now adds the same test
   to each unit as a static function of its own (__deepmap_sections_apart),
   so that its binaries hoist under any libgomp.  */
extern int deepmap_sections_apart (const void *ends, const void *pairs,
				   size_t npairs) DEEPMAP_WEAK;

/* The hoisting's run-time test, where a loop keeps many sections on one
   device, that a caller holds none of them mapped: ENDS holds the first
   and one-past-the-last address of each of the N sections (uintptr_t
   pairs), DEVICE points to the device number (an int; -1: the default
   device).  Nonzero when neither the first nor the last byte of any
   section is present there (omp_target_is_present).  Kept, like
   deepmap_sections_apart, for objects that earlier plugins compiled.  */
extern int deepmap_sections_absent (const void *ends, const void *device,
				    size_t n) DEEPMAP_WEAK;

/* Descriptors built at run time, for programs compiled without the
   plugin: the same structures the plugin emits.  deepmap_type_new returns
   NULL when out of memory; the add functions return 0, or -1 for a field
   that does not fit the type.  Weak, like everything deepmap adds.  */
extern struct deepmap_type *deepmap_type_new (const char *name, size_t size)
  DEEPMAP_WEAK;
extern int deepmap_type_add_field (struct deepmap_type *type,
				   const struct deepmap_field *field)
  DEEPMAP_WEAK;
extern int deepmap_type_add_pointer (struct deepmap_type *type,
				     const char *field, size_t offset,
				     const struct deepmap_type *pointee,
				     unsigned count_kind, size_t count,
				     unsigned count_size, int count_signed)
  DEEPMAP_WEAK;
/* Give TYPE a counted tail (a copy of *TAIL, see struct deepmap_type);
   0, or -1 when it does not fit the type.  */
extern int deepmap_type_set_tail (struct deepmap_type *type,
				  const struct deepmap_field *tail)
  DEEPMAP_WEAK;
extern void deepmap_type_free (struct deepmap_type *type)
  DEEPMAP_WEAK;

/* ---- Pipelining (Cui et al.'s pipeline directive) ------------------------

   A loop "for (k = LO; k < HI; k += STEP)" whose body runs target regions
   that each touch only a few rows of some arrays (rows of the outermost
   dimension: A0[k-1:3][0:ny][0:nx] reads rows k-1..k+1) is run in chunks
   of CHUNK iterations: each array gets a ring of device slots (one per
   stream), the rows of later chunks are copied in while earlier chunks
   compute, and rows computed come back while later chunks compute.  Rows
   shared by consecutive chunks (halos) move from slot to slot on the
   device instead of being sent again.  The regions address the arrays as
   usual: their maps of a pipelined array resolve into the current slot.
   #pragma deepmap pipeline (the plugin) emits these calls; from C:

     struct deepmap_pipe_array a[2] = {
       { A0, ny * nx * sizeof (float), 1, -1, 3, DEEPMAP_PIPE_TO, "A0" },
       { An, ny * nx * sizeof (float), 1, 0, 1, DEEPMAP_PIPE_TOFROM, "An" } };
     void *p = deepmap_pipeline_begin (-1, 1, nz - 1, 1, 0, 0, 0, 2, a);
     for (k = 1; k < nz - 1; k++)
       {
	 deepmap_pipeline_iter (p, k);
	 #pragma omp target ...
       }
     deepmap_pipeline_end (p);

   Iterations must run in order; the host must not read or write the
   pipelined arrays inside the loop.  Arrays already mapped in full (an
   enclosing target data) are used where they are, without pipelining.  */

#define DEEPMAP_PIPE_TO 1
#define DEEPMAP_PIPE_FROM 2
#define DEEPMAP_PIPE_TOFROM 3

struct deepmap_pipe_array
{
  const void *base;	/* host address of row 0 of the split dimension */
  size_t row_bytes;	/* bytes of one row (all inner dimensions) */
  long scale, offset;	/* iteration K uses rows SCALE * K + OFFSET ... */
  long rows;		/* ... and ROWS - 1 more */
  unsigned map;		/* DEEPMAP_PIPE_TO, _FROM or _TOFROM */
  const char *name;	/* for messages; may be NULL */
  /* 0: the split is in the outermost dimension, as above.  Otherwise
     it is in the second one (B[0:count][k*bs:bs]): the array is COUNT
     rows of PITCH bytes, and the "rows" above are columns of ROW_BYTES
     bytes (all dimensions inside the second) within each of them.  */
  long count;
  size_t pitch;
};

/* Start a pipelined loop on DEVICE (-1: the default device) over
   iterations LO, LO + STEP, ... below HI (STEP > 0).  CHUNK iterations
   per chunk and STREAMS slots per array (0: chosen from MEM_LIMIT, the
   device memory the slots may use; 0: half the device's free memory).
   Returns the handle the other calls take (NULL when the loop runs on
   the host).  */
extern void *deepmap_pipeline_begin (int device, long lo, long hi, long step,
				     long chunk, int streams,
				     unsigned long long mem_limit,
				     size_t narrays,
				     const struct deepmap_pipe_array *arrays)
  DEEPMAP_WEAK;
/* Iteration K starts: its rows are on the device when this returns.
   PIPE NULL: this thread's innermost pipeline.  */
extern void deepmap_pipeline_iter (void *pipe, long k) DEEPMAP_WEAK;
/* The loop is over: rows still on the device come back, slots go.  */
extern void deepmap_pipeline_end (void *pipe) DEEPMAP_WEAK;

#ifdef __cplusplus
}
#endif

#endif
