/* descriptor.h -- reading objects through their type descriptors
   (struct deepmap_type, include/deepmap.h): a pointer field's value and
   how many elements it points to.  Shared by the expansion of deep items
   (deepcopy.c) and the checks of mapped structures (deepcheck.c).  */
#ifndef DM_DESCRIPTOR_H
#define DM_DESCRIPTOR_H

#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <string.h>

#include "deepmap.h"

/* A pointer field's value: fields of packed structures are unaligned.  */
static inline uintptr_t
dm_deep_load (uintptr_t slot)
{
  uintptr_t v;
  memcpy (&v, (const void *) slot, sizeof v);
  return v;
}

/* The value of F's count field (DEEPMAP_COUNT_FIELD) in object OBJ, as
   signed or unsigned as the field is.  Read bytewise (counts of packed
   structures are unaligned), into the low bytes: the hosts are
   little-endian (README).  */
static inline long long
dm_count_field_value (const struct deepmap_field *f, const char *obj)
{
  unsigned size = f->count_size;
  if (size != 1 && size != 2 && size != 4 && size != 8)
    return 1;
  uint64_t u = 0;
  memcpy (&u, obj + f->count, size);
  unsigned shift = 64 - 8 * size;
  if (f->count_signed)
    return (long long) ((int64_t) (u << shift) >> shift);
  return u > (uint64_t) LLONG_MAX ? LLONG_MAX : (long long) u;
}

/* Elements that field F (at SLOT) of the object at OBJ points to.  */
static inline size_t
dm_field_count (const struct deepmap_field *f, const char *obj,
		uintptr_t slot)
{
  switch (f->count_kind)
    {
    case DEEPMAP_COUNT_FIXED:
      return f->count;
    case DEEPMAP_COUNT_END:
      {
	uintptr_t begin = dm_deep_load (slot);
	uintptr_t end = dm_deep_load (slot + f->count);
	size_t size = f->pointee->size ? f->pointee->size : 1;
	return end > begin ? (end - begin) / size : 0;
      }
    case DEEPMAP_COUNT_FIELD:
      {
	long long v = dm_count_field_value (f, obj);
	return v > 0 ? (size_t) v : 0;
      }
    default:
      return 1;
    }
}

/* Whether A and B describe the same type: one descriptor, or (units
   each emit their own) the same name and size.  */
static inline int
dm_same_type (const struct deepmap_type *a, const struct deepmap_type *b)
{
  return a == b
	 || (a && b && a->size == b->size && a->name && b->name
	     && strcmp (a->name, b->name) == 0);
}

/* Whether TARGET, the value of the uncounted pointer field G of object
   OBJ (type T; repetition R where G repeats), is one past the end of the array a counted sibling
   field maps (the begin/end idiom, or a vector's finish pointer): 1,
   with the element size in *ELEM; 2 when that array is empty (begin ==
   end: nothing to map or translate).  Such a pointer addresses no
   element of its own, so mapping one there would copy back memory the
   structure does not own.  Expansion leaves an empty array's end alone
   (its device copy keeps the host value, equal to the begin pointer's,
   which is not attached either), and the check accepts that.  Only a
   pointer to the array's element type is its end: a pointer of another
   type there points to an object that starts where the array ends (a
   structure marshalled in one buffer: a node after its payload).
   *BEGIN_AT gets the offset of the counted field (of the same
   repetition).  */
static inline int
dm_sibling_end (const struct deepmap_type *t, size_t g, size_t r,
		uintptr_t obj, uintptr_t target, size_t *elem,
		size_t *begin_at)
{
  const struct deepmap_field *eg = &t->fields[g];
  const struct deepmap_type *pt = eg->pointee;
  size_t reps = eg->repeat ? eg->repeat : 1;
  for (size_t f = 0; f < t->nfields; f++)
    {
      const struct deepmap_field *fd = &t->fields[f];
      /* In an array of structures (a field that repeats), the begin
	 pointer of the same element: a field repeating alike, whose
	 count is its own element's (not a count field of the object).  */
      if (f == g || (fd->repeat ? fd->repeat : 1) != reps
	  || (reps > 1 && (fd->stride != eg->stride
			   || fd->count_kind == DEEPMAP_COUNT_FIELD))
	  || !fd->pointee || fd->count_kind == DEEPMAP_COUNT_ONE
	  || !dm_same_type (fd->pointee, pt))
	continue;
      uintptr_t at = obj + fd->offset + r * fd->stride;
      uintptr_t begin = dm_deep_load (at);
      size_t size = fd->pointee->size ? fd->pointee->size : 1;
      size_t n = dm_field_count (fd, (const char *) obj, at);
      if (!begin || begin > target || (target - begin) % size != 0
	  || (target - begin) / size != n)
	continue;
      *elem = size;
      *begin_at = at - obj;
      return n ? 1 : 2;
    }
  return 0;
}

/* Whatever its value, may the uncounted pointer field G of T end the
   array of a counted field before it, of its own element type (a
   vector's _M_finish, whose _M_start counts up to it, or the begin/end
   idiom)?  The offset of that counted field (the nearest, where no
   count names G), in *BEGIN.  */
static inline int
dm_end_field (const struct deepmap_type *t, size_t g, size_t *begin)
{
  const struct deepmap_field *eg = &t->fields[g];
  int found = 0;
  if (eg->count_kind != DEEPMAP_COUNT_ONE || eg->repeat > 1 || !eg->pointee)
    return 0;
  for (size_t f = 0; f < t->nfields; f++)
    {
      const struct deepmap_field *fd = &t->fields[f];
      if (f == g || fd->repeat > 1 || !fd->pointee
	  || fd->count_kind == DEEPMAP_COUNT_ONE || fd->offset >= eg->offset
	  || !dm_same_type (fd->pointee, eg->pointee))
	continue;
      if (fd->count_kind == DEEPMAP_COUNT_END
	  && fd->offset + fd->count == eg->offset)
	{
	  *begin = fd->offset;
	  return 1;
	}
      if (!found || fd->offset > *begin)
	*begin = fd->offset;
      found = 1;
    }
  return found;
}

#endif
