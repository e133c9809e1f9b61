/* abi_omp.c -- the OpenMP device routines: device numbers, the default
   device, omp_target_alloc/free/memcpy(_rect), pointer association and
   presence queries, plus their Fortran entry points.  */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/config.h"
#include "abi/devices.h"
#include "engine/devstate.h"
#include "map/directory.h"
#include "support/error.h"
#include "support/export.h"
#include "support/forward.h"
#include "support/hostmem.h"
#include "support/ompt.h"
#include "map/mapping.h"
#include "support/region.h"
#include "engine/transfer.h"


/* Region code on the emulated device gets what GCC's nvptx runtime
   answers on a GPU (its icv-device.c): no devices, the host as -1, device
   0 as the default, and a default device that cannot be set.  Setting it
   there must not change the host's, which the next construct uses.  */

DM_EXPORT int
omp_get_num_devices (void)
{
  return dm_current_device ? 0 : dm_num_devices ();
}

DM_EXPORT int
omp_get_initial_device (void)
{
  /* OpenMP 5.1: the host's device number is omp_get_num_devices ().  */
  return dm_current_device ? -1 : dm_num_devices ();
}

DM_EXPORT int
omp_get_default_device (void)
{
  if (dm_current_device)
    return 0;
  return __atomic_load_n (&dm_default_device_var, __ATOMIC_RELAXED);
}

DM_EXPORT void
omp_set_default_device (int device_num)
{
  if (dm_current_device)
    return;
  int to = device_num < 0 ? 0 : device_num;
  int from = __atomic_exchange_n (&dm_default_device_var, to,
				  __ATOMIC_RELAXED);
  if (from != to && __atomic_load_n (&dm_hoisted_on_default, __ATOMIC_RELAXED))
    dm_fatal ("omp_set_default_device (%d): the default device changes "
	      "from %d while transfer hoisting keeps data there across the "
	      "loop at %s; the loop's next constructs would not see it "
	      "(build that code with -fplugin-arg-deepmap-no-hoist)",
	      device_num, from, dm_hoisted_where ? dm_hoisted_where : "?");
}

DM_EXPORT int
omp_is_initial_device (void)
{
  return dm_current_device == NULL;
}

DM_EXPORT int
omp_get_device_num (void)
{
  struct dm_backend_dev *dev = dm_current_device;
  return dev ? dev->id : dm_num_devices ();
}

/* Whether an omp_* routine's DEVICE_NUM names the host: OpenMP 5.1's
   omp_get_initial_device () or OpenMP 5.2's omp_initial_device (-1),
   which GCC 13's omp.h defines and its libgomp accepts.  */
static inline int
dm_host_device_num (int device_num)
{
  return device_num == dm_num_devices () || device_num == -1;
}

/* An omp_* device argument: the host (NULL, *HOST set), a device, or
   invalid (NULL, *HOST clear).  */
static struct dm_device *
dm_api_device (int device_num, int *host)
{
  *host = dm_host_device_num (device_num);
  if (*host || dm_config.offload == DM_OFFLOAD_DISABLED)
    return NULL;
  return dm_device_get (device_num);
}

static void *dm_target_alloc (struct dm_device *dev, size_t size,
			      int device_num);

/* OMPT: a device routine's one data operation, around CALL.  */
#define DM_OMPT_ROUTINE_OP(dev, ra, optype, src, dst, size, dst_after, call) \
  do                                                                      \
    {                                                                     \
      struct dm_ompt_op _op;                                              \
      ompt_id_t _id = 0;                                                  \
      dm_ompt_routine_enter (&_op, (dev)->id, (ra));                      \
      dm_ompt_data_op (ompt_scope_begin, &_id, (optype), (src),           \
		       dm_ompt_host_device (), (dst), (dev)->id, (size));   \
      call;                                                               \
      dm_ompt_data_op (ompt_scope_end, &_id, (optype), (src),             \
		       dm_ompt_host_device (), (dst_after), (dev)->id,      \
		       (size));                                             \
      dm_ompt_routine_leave (&_op);                                       \
    }                                                                     \
  while (0)

DM_EXPORT void *
omp_target_alloc (size_t size, int device_num)
{
  int host;
  struct dm_device *dev = dm_api_device (device_num, &host);
  if (size == 0)
    return NULL;
  if (!dev)
    return host ? malloc (size) : NULL;
  void *p;
  if (DM_OMPT_ON ())
    DM_OMPT_ROUTINE_OP (dev, DM_OMPT_RA, ompt_target_data_alloc, NULL, NULL,
			size, p, p = dm_target_alloc (dev, size, device_num));
  else
    p = dm_target_alloc (dev, size, device_num);
  return p;
}

static void *
dm_target_alloc (struct dm_device *dev, size_t size, int device_num)
{
  dm_device_lock (dev);
  uintptr_t addr;
  /* The pool remembers the block: omp_target_free must tell our
     pointers from anything else.  */
  if (dm_pool_alloc_user (dev, size, &addr) != 0)
    {
      pthread_mutex_unlock (&dev->lock);
      /* The routine's contract is to return NULL; say why once.  */
      dm_warning ("omp_target_alloc on device %d: %s", device_num,
		  dm_reason ());
      return NULL;
    }
  pthread_mutex_unlock (&dev->lock);
  return (void *) addr;
}

/* Give back the program's block at P; -1 when P does not start one.  */
static int
dm_target_free_block (struct dm_device *dev, void *p, size_t *size)
{
  dm_device_lock (dev);
  int r = dm_pool_free_user (dev, (uintptr_t) p, size);
  pthread_mutex_unlock (&dev->lock);
  return r;
}

DM_EXPORT void
omp_target_free (void *device_ptr, int device_num)
{
  int host;
  if (!device_ptr)
    return;
  struct dm_device *dev = dm_api_device (device_num, &host);
  if (!dev)
    {
      if (host)
	{
	  free (device_ptr);
	  return;
	}
      dm_fatal ("omp_target_free (%p, %d): %d is not a device number "
		"(devices 0..%d, host %d or -1)", device_ptr, device_num,
		device_num, dm_num_devices () - 1, dm_num_devices ());
    }
  uintptr_t start;
  size_t size = 0;
  dm_device_lock (dev);
  int known = dm_pool_user_block (dev, (uintptr_t) device_ptr, &start, &size)
	      && start == (uintptr_t) device_ptr;
  /* Regions would go on using the freed bytes as the host object's
     device copy (and whatever the pool gives them to next).  */
  uintptr_t assoc;
  if (known && dm_dir_associated_in (dev, start, size, &assoc))
    dm_fatal_unlock (&dev->lock, "omp_target_free (%p, %d): the block is "
		     "still associated with host %p by "
		     "omp_target_associate_ptr (omp_target_disassociate_ptr "
		     "it first)", device_ptr, device_num, (void *) assoc);
  pthread_mutex_unlock (&dev->lock);
  int r = -1;
  if (known && DM_OMPT_ON ())
    DM_OMPT_ROUTINE_OP (dev, DM_OMPT_RA, ompt_target_data_delete, NULL,
			device_ptr, size, device_ptr,
			r = dm_target_free_block (dev, device_ptr, &size));
  else if (known)
    r = dm_target_free_block (dev, device_ptr, &size);
  /* (Another thread may have freed it in between.)  */
  if (r != 0)
    dm_fatal ("omp_target_free (%p, %d): the pointer was not returned by "
	      "omp_target_alloc for device %d (or was freed already)",
	      device_ptr, device_num, device_num);
}

DM_EXPORT int
omp_target_is_present (const void *ptr, int device_num)
{
  int host;
  if (!ptr)
    return 1;
  struct dm_device *dev = dm_api_device (device_num, &host);
  if (!dev)
    return host;
  return dm_is_present (dev, ptr);
}

DM_EXPORT void *
omp_get_mapped_ptr (const void *ptr, int device_num)
{
  int host;
  if (!ptr)
    return NULL;
  struct dm_device *dev = dm_api_device (device_num, &host);
  if (!dev)
    return host ? (void *) ptr : NULL;
  return dm_translate (dev, ptr);
}

/* Stop with an error unless device [P, P + SIZE) is memory DEV gave out:
   inside one omp_target_alloc block if it starts in one or in the
   rounding after one (an offset one past its end), and inside the
   device's allocations where the backend can tell (the emulated device).
   WHAT names the routine.  */
static void
dm_api_check_range (struct dm_device *dev, const void *p, size_t size,
		    const char *what)
{
  uintptr_t a = (uintptr_t) p;
  if (size == 0)
    return;
  if (a + size < a)
    dm_fatal ("%s: device range at %p of %zu bytes wraps the address space",
	      what, p, size);
  dm_device_lock (dev);
  uintptr_t s;
  size_t bytes;
  if ((dm_pool_user_block (dev, a, &s, &bytes)
       || dm_pool_user_pad (dev, a, &s, &bytes)) && a + size > s + bytes)
    {
      pthread_mutex_unlock (&dev->lock);
      dm_fatal ("%s: device [%p, %p) runs %zu bytes past the end of the "
		"%zu-byte omp_target_alloc block at %p on device %d", what, p,
		(void *) (a + size), (size_t) (a + size - (s + bytes)), bytes,
		(void *) s, dev->id);
    }
  pthread_mutex_unlock (&dev->lock);
  if (dev->ops->check_range
      && dev->ops->check_range (&dev->core, a, size) != 0)
    dm_fatal ("%s: %s", what, dm_reason ());
}

/* Copy LENGTH bytes between two places, each on the host (NULL) or a
   device.  */
static int
dm_copy_between (struct dm_device *ddev, char *dst, struct dm_device *sdev,
		 const char *src, size_t length)
{
  /* A write there would fault inside the runtime.  */
  if (!ddev && dm_host_read_only ((uintptr_t) dst, length))
    {
      dm_set_reason ("host [%p, %p) is read-only memory (a constant or "
		     "string literal): it cannot be written", (void *) dst,
		     (void *) (dst + length));
      return -1;
    }
  if (!ddev && !sdev)
    {
      if (dm_host_check (src, length) || dm_host_check (dst, length))
	return -1;
      memmove (dst, src, length);
      return 0;
    }
  if (!sdev)
    return dm_copy_to_device (ddev, (uintptr_t) dst, src, length, NULL);
  if (!ddev)
    return dm_copy_to_host (sdev, dst, (uintptr_t) src, length, NULL);
  if (ddev == sdev)
    return dm_copy_device_to_device (ddev, (uintptr_t) dst, (uintptr_t) src,
				     length, NULL);
  /* Between two devices: through the host.  */
  char *bounce = malloc (length ? length : 1);
  if (!bounce)
    {
      dm_set_reason ("out of host memory for a %zu-byte bounce buffer",
		     length);
      return -1;
    }
  int r = dm_copy_to_host (sdev, bounce, (uintptr_t) src, length, NULL);
  if (r == 0)
    r = dm_copy_to_device (ddev, (uintptr_t) dst, bounce, length, NULL);
  free (bounce);
  return r;
}

static int
dm_memcpy_devices (int dst_device, int src_device, struct dm_device **ddev,
		   struct dm_device **sdev)
{
  int dhost, shost;
  *ddev = dm_api_device (dst_device, &dhost);
  *sdev = dm_api_device (src_device, &shost);
  return (*ddev || dhost) && (*sdev || shost);
}

DM_EXPORT int
omp_target_memcpy (void *dst, const void *src, size_t length,
		   size_t dst_offset, size_t src_offset, int dst_device_num,
		   int src_device_num)
{
  struct dm_device *ddev, *sdev;
  if (!dm_memcpy_devices (dst_device_num, src_device_num, &ddev, &sdev))
    return EINVAL;
  if (length == 0)
    return 0;
  if (ddev)
    dm_api_check_range (ddev, (char *) dst + dst_offset, length,
			"omp_target_memcpy (destination)");
  if (sdev)
    dm_api_check_range (sdev, (const char *) src + src_offset, length,
			"omp_target_memcpy (source)");
  struct dm_ompt_op op;
  int traced = DM_OMPT_ON () && (ddev || sdev);
  if (traced)
    dm_ompt_routine_enter (&op, ddev ? ddev->id : sdev->id, DM_OMPT_RA);
  int r = dm_copy_between (ddev, (char *) dst + dst_offset, sdev,
			   (const char *) src + src_offset, length);
  if (traced)
    dm_ompt_routine_leave (&op);
  if (r != 0)
    dm_fatal ("omp_target_memcpy of %zu bytes from %p on device %d to %p on "
	      "device %d failed: %s", length, (const char *) src + src_offset,
	      src_device_num, (char *) dst + dst_offset, dst_device_num,
	      dm_reason ());
  return 0;
}

/* One dimension of a rectangular copy; the innermost dimension is one
   contiguous run.  */
static int
dm_memcpy_rect (char *dst, const char *src, size_t esize, int ndims,
		const size_t *volume, const size_t *dst_off,
		const size_t *src_off, const size_t *dst_dims,
		const size_t *src_dims, struct dm_device *ddev,
		struct dm_device *sdev)
{
  if (ndims == 1)
    {
      char *d = dst + dst_off[0] * esize;
      const char *from = src + src_off[0] * esize;
      size_t n = volume[0] * esize;
      if (ddev)
	dm_api_check_range (ddev, d, n, "omp_target_memcpy_rect (destination)");
      if (sdev)
	dm_api_check_range (sdev, from, n, "omp_target_memcpy_rect (source)");
      return dm_copy_between (ddev, d, sdev, from, n);
    }
  size_t dst_slice = esize, src_slice = esize;
  for (int d = 1; d < ndims; d++)
    {
      dst_slice *= dst_dims[d];
      src_slice *= src_dims[d];
    }
  for (size_t j = 0; j < volume[0]; j++)
    {
      int r = dm_memcpy_rect (dst + (dst_off[0] + j) * dst_slice,
			      src + (src_off[0] + j) * src_slice, esize,
			      ndims - 1, volume + 1, dst_off + 1, src_off + 1,
			      dst_dims + 1, src_dims + 1, ddev, sdev);
      if (r)
	return r;
    }
  return 0;
}

/* Check the bytes from the rectangle's first element to its last with
   dm_api_check_range.  */
static void
dm_rect_check (struct dm_device *dev, const void *base, size_t esize,
	       int ndims, const size_t *volume, const size_t *offsets,
	       const size_t *dims, const char *what)
{
  size_t first = 0, last = 0, stride = 1;
  for (int d = ndims - 1; d >= 0; d--)
    {
      first += offsets[d] * stride;
      last += (offsets[d] + volume[d] - 1) * stride;
      stride *= dims[d];
    }
  dm_api_check_range (dev, (const char *) base + first * esize,
		      (last - first + 1) * esize, what);
}

DM_EXPORT int
omp_target_memcpy_rect (void *dst, const void *src, size_t element_size,
			int num_dims, const size_t *volume,
			const size_t *dst_offsets, const size_t *src_offsets,
			const size_t *dst_dimensions,
			const size_t *src_dimensions, int dst_device_num,
			int src_device_num)
{
  /* Both NULL: how many dimensions are supported.  */
  if (!dst && !src)
    return INT_MAX;
  struct dm_device *ddev, *sdev;
  if (!dst || !src || num_dims < 1 || element_size == 0
      || !dm_memcpy_devices (dst_device_num, src_device_num, &ddev, &sdev))
    return EINVAL;
  for (int d = 0; d < num_dims; d++)
    if (volume[d] == 0)
      return 0;
  /* The whole rectangle's extent on each device side, checked at once:
     a row may start exactly where a block ends.  */
  if (ddev)
    dm_rect_check (ddev, dst, element_size, num_dims, volume, dst_offsets,
		   dst_dimensions, "omp_target_memcpy_rect (destination)");
  if (sdev)
    dm_rect_check (sdev, src, element_size, num_dims, volume, src_offsets,
		   src_dimensions, "omp_target_memcpy_rect (source)");
  struct dm_ompt_op op;
  int traced = DM_OMPT_ON () && (ddev || sdev);
  if (traced)
    dm_ompt_routine_enter (&op, ddev ? ddev->id : sdev->id, DM_OMPT_RA);
  int r = dm_memcpy_rect (dst, src, element_size, num_dims, volume,
			  dst_offsets, src_offsets, dst_dimensions,
			  src_dimensions, ddev, sdev);
  if (traced)
    dm_ompt_routine_leave (&op);
  if (r)
    dm_fatal ("omp_target_memcpy_rect of a %d-dimensional rectangle from "
	      "device %d to device %d failed: %s", num_dims, src_device_num,
	      dst_device_num, dm_reason ());
  return 0;
}

DM_EXPORT int
omp_target_associate_ptr (const void *host_ptr, const void *device_ptr,
			  size_t size, size_t device_offset, int device_num)
{
  int host;
  struct dm_device *dev = dm_api_device (device_num, &host);
  if (!dev || !host_ptr || !device_ptr)
    return EINVAL;
  uintptr_t h = (uintptr_t) host_ptr, d = (uintptr_t) device_ptr;
  if (size > PTRDIFF_MAX || h + size < h || d + device_offset < d
      || d + device_offset + size < d + device_offset)
    {
      dm_warning ("omp_target_associate_ptr (%p, %p, %zu, %zu, %d): the "
		  "range wraps around the address space", host_ptr,
		  device_ptr, size, device_offset, device_num);
      return EINVAL;
    }
  int r;
  void *at = (void *) (d + device_offset);
  /* Regions would read and write the device range as the object's copy:
     one that leaves its allocation corrupts whatever lies beyond it.  */
  char what[160];
  snprintf (what, sizeof what, "omp_target_associate_ptr (%p, %p, %zu, %zu, "
	    "%d)", host_ptr, device_ptr, size, device_offset, device_num);
  dm_api_check_range (dev, at, size, what);
  if (DM_OMPT_ON ())
    DM_OMPT_ROUTINE_OP (dev, DM_OMPT_RA, ompt_target_data_associate,
			(void *) host_ptr, at, size, at,
			r = dm_associate (dev, host_ptr, (uintptr_t) at, size));
  else
    r = dm_associate (dev, host_ptr, (uintptr_t) at, size);
  return r ? EINVAL : 0;
}

DM_EXPORT int
omp_target_disassociate_ptr (const void *ptr, int device_num)
{
  int host;
  struct dm_device *dev = dm_api_device (device_num, &host);
  if (!dev)
    return EINVAL;
  int r;
  if (DM_OMPT_ON ())
    {
      void *at = ptr ? dm_translate (dev, ptr) : NULL;
      DM_OMPT_ROUTINE_OP (dev, DM_OMPT_RA, ompt_target_data_disassociate,
			  (void *) ptr, at, 0, at,
			  r = dm_disassociate (dev, ptr));
    }
  else
    r = dm_disassociate (dev, ptr);
  if (r != 0)
    dm_fatal ("omp_target_disassociate_ptr (%p, %d): host %p is not "
	      "associated with device memory on device %d (only pointers "
	      "given to omp_target_associate_ptr can be disassociated)",
	      ptr, device_num, ptr, device_num);
  return 0;
}

/* Pausing the host goes to the system libgomp's omp_pause_resource_all,
   which, unlike its omp_pause_resource, never starts that library's own
   offload devices.  */
DM_EXPORT int
omp_pause_resource_all (int kind)
{
  static int (*real) (int);
  if (!real)
    real = (int (*) (int)) dm_forward_symbol ("omp_pause_resource_all",
					      "OMP_5.0");
  return real (kind);
}

DM_EXPORT int
omp_pause_resource (int kind, int device_num)
{
  if (dm_host_device_num (device_num))
    return omp_pause_resource_all (kind);
  if (device_num < 0 || device_num >= dm_num_devices ())
    return -1;
  return 0;
}

/* Fortran entry points: arguments by reference.  */
DM_EXPORT int omp_get_num_devices_ (void) { return omp_get_num_devices (); }
DM_EXPORT int omp_get_initial_device_ (void) { return omp_get_initial_device (); }
DM_EXPORT int omp_get_default_device_ (void) { return omp_get_default_device (); }
DM_EXPORT int omp_is_initial_device_ (void) { return omp_is_initial_device (); }
DM_EXPORT int omp_get_device_num_ (void) { return omp_get_device_num (); }
DM_EXPORT void omp_set_default_device_ (const int *n) { omp_set_default_device (*n); }

DM_EXPORT void
omp_set_default_device_8_ (const int64_t *n)
{
  omp_set_default_device (*n > INT_MAX ? INT_MAX : (int) *n);
}

DM_EXPORT int
omp_pause_resource_ (const int *kind, const int *device_num)
{
  return omp_pause_resource (*kind, *device_num);
}

DM_EXPORT int
omp_pause_resource_all_ (const int *kind)
{
  return omp_pause_resource_all (*kind);
}

/* deepmap's own: the partial-overlap policy (deepmap.h).  */
DM_EXPORT int
deepmap_set_overlap_policy (int policy)
{
  if (policy != DM_OVERLAP_KEEP && policy != DM_OVERLAP_REFRESH)
    return -1;
  __atomic_store_n (&dm_overlap_policy, policy, __ATOMIC_RELAXED);
  return 0;
}
