/* ompabi.h -- the constants of GCC 12's offloading ABI that deepmap speaks.
   Values are those of GCC's include/gomp-constants.h (an ABI, so they must
   match); names are ours.  */
#ifndef DM_OMPABI_H
#define DM_OMPABI_H

#include <stddef.h>
#include <stdint.h>

/* Map kinds: the low byte of a 16-bit kind; the high byte is log2 of the
   required alignment.  */
enum dm_map_kind
{
  DM_MAP_ALLOC = 0x00,
  DM_MAP_TO = 0x01,
  DM_MAP_FROM = 0x02,
  DM_MAP_TOFROM = 0x03,
  DM_MAP_POINTER = 0x04,
  DM_MAP_TO_PSET = 0x05,
  DM_MAP_FORCE_PRESENT = 0x06,
  DM_MAP_DELETE = 0x07,
  DM_MAP_FORCE_DEVICEPTR = 0x08,
  DM_MAP_DEVICE_RESIDENT = 0x09,
  DM_MAP_LINK = 0x0a,
  DM_MAP_IF_PRESENT = 0x0b,
  DM_MAP_FIRSTPRIVATE = 0x0c,
  DM_MAP_FIRSTPRIVATE_INT = 0x0d,
  DM_MAP_USE_DEVICE_PTR = 0x0e,
  DM_MAP_ZERO_LEN_ARRAY_SECTION = 0x0f,
  DM_MAP_USE_DEVICE_PTR_IF_PRESENT = 0x10,
  DM_MAP_ALWAYS_TO = 0x11,
  DM_MAP_ALWAYS_FROM = 0x12,
  DM_MAP_ALWAYS_TOFROM = 0x13,
  DM_MAP_STRUCT = 0x1c,
  DM_MAP_ALWAYS_POINTER = 0x1d,
  DM_MAP_POINTER_TO_ZERO_LENGTH_ARRAY_SECTION = 0x1e,
  DM_MAP_DELETE_ZERO_LEN_ARRAY_SECTION = 0x1f,
  DM_MAP_RELEASE = 0x17,
  DM_MAP_ATTACH = 0x50,
  DM_MAP_DETACH = 0x51,
  DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION = 0x52,
  DM_MAP_FORCE_ALLOC = 0x80,
  DM_MAP_FORCE_TO = 0x81,
  DM_MAP_FORCE_FROM = 0x82,
  DM_MAP_FORCE_TOFROM = 0x83,
  DM_MAP_FORCE_DETACH = 0xd1
};

#define DM_MAP_FLAG_TO 0x01
#define DM_MAP_FLAG_FROM 0x02
#define DM_MAP_FLAG_SPECIAL 0x0c	/* kinds with these bits never copy */
#define DM_MAP_FLAG_ALWAYS 0x10
#define DM_MAP_FLAG_FORCE 0x80
#define DM_MAP_FLAG_ATTACH 0x40	/* attach and detach kinds (implicit
				   marks stripped) */
#define DM_MAP_SPECIAL_BITS 0x7c
#define DM_MAP_IMPLICIT 0x60	/* "mapped implicitly" marker bits */

/* GOMP_target_ext / _update_ext / enter_exit_data flags.  */
#define DM_TARGET_FLAG_NOWAIT 0x1
#define DM_TARGET_FLAG_EXIT_DATA 0x2

/* GOMP_task flags we pass ourselves.  */
#define DM_TASK_FLAG_DEPEND (1 << 3)
#define DM_TASK_FLAG_DETACH (1 << 13)

/* Device numbers with a meaning of their own.  */
#define DM_DEVICE_ICV (-1)
#define DM_DEVICE_HOST_FALLBACK (-2)

/* Device types in GOMP_offload_register_ver.  */
#define DM_DEVTYPE_NVIDIA_PTX 5
#define DM_DEVTYPE_GCN 8

/* Target launch arguments (the ARGS array of GOMP_target_ext).  */
#define DM_TARGET_ARG_DEVICE_MASK 0x7f
#define DM_TARGET_ARG_DEVICE_ALL 0
#define DM_TARGET_ARG_SUBSEQUENT_PARAM 0x80
#define DM_TARGET_ARG_ID_MASK 0xff00
#define DM_TARGET_ARG_NUM_TEAMS 0x100
#define DM_TARGET_ARG_THREAD_LIMIT 0x200
#define DM_TARGET_ARG_VALUE_SHIFT 16

/* GOMP_offload_register_ver version word.  */
#define DM_VERSION_LIB(v) (((v) >> 16) & 0xffff)
#define DM_VERSION_DEV(v) ((v) & 0xffff)

/* A Fortran array descriptor (TO_PSET) is copied in as TO is.  */
static inline int
dm_kind_copies_to (int kind)
{
  return (!(kind & DM_MAP_FLAG_SPECIAL) && (kind & DM_MAP_FLAG_TO))
	 || kind == DM_MAP_TO_PSET;
}

static inline int
dm_kind_copies_from (int kind)
{
  return !(kind & DM_MAP_FLAG_SPECIAL) && (kind & DM_MAP_FLAG_FROM);
}

static inline int
dm_kind_always_to (int kind)
{
  return kind == DM_MAP_ALWAYS_TO || kind == DM_MAP_ALWAYS_TOFROM;
}

static inline int
dm_kind_always_from (int kind)
{
  return kind == DM_MAP_ALWAYS_FROM || kind == DM_MAP_ALWAYS_TOFROM;
}

/* GCC's host table: two arrays, delimited by begin/end pointers.  FUNCS
   holds host function addresses; VARS holds (address, size) pairs, where
   the size's top bit marks a "declare target link" variable.  */
struct dm_host_table
{
  void *const *funcs_begin, *const *funcs_end;
  const uintptr_t *vars_begin, *vars_end;
};

#define DM_VAR_LINK_BIT ((uintptr_t) 1 << (sizeof (uintptr_t) * 8 - 1))

static inline size_t
dm_host_table_nvars (const struct dm_host_table *t)
{
  return (size_t) (t->vars_end - t->vars_begin) / 2;
}

/* The map kind of entry kind K, without its alignment and without the
   marker of an implicit map.  */
static inline int
dm_plain_kind (unsigned short k)
{
  int kind = k & 0xff;
  if ((kind & DM_MAP_SPECIAL_BITS) == DM_MAP_IMPLICIT)
    kind &= ~DM_MAP_IMPLICIT;
  return kind;
}

/* Entry points of the system libgomp that deepmap calls itself (through
   the forwarding stubs): GCC 12's omp.h lacks the first, the second is
   GCC's internal host-teams entry (GCC 9 and later), which sets the
   thread-limit ICV around FN as no omp_* routine can.  */
extern void omp_fulfill_event (uintptr_t event);
extern void GOMP_teams_reg (void (*fn) (void *), void *data,
			    unsigned num_teams, unsigned thread_limit,
			    unsigned flags);

#endif
