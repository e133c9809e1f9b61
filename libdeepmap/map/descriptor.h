/* descriptor.h -- reading objects through their type descriptors
   (struct deepmap_type, include/deepmap.h): a pointer field's value and
   how many elements it points to.  Shared by the expansion of deep items
   (deepcopy.c) and the checks of mapped structures (deepcheck.c).  */
#ifndef DM_DESCRIPTOR_H
#define DM_DESCRIPTOR_H

#include <stddef.h>
#include <stdint.h>
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
	/* Bytewise: counts of packed structures are unaligned.  */
	const char *p = obj + f->count;
	long long v = 0;
	int8_t i8; int16_t i16; int32_t i32; int64_t i64;
	switch (f->count_size)
	  {
	  case 1:
	    memcpy (&i8, p, 1);
	    v = f->count_signed ? (long long) i8 : (long long) (uint8_t) i8;
	    break;
	  case 2:
	    memcpy (&i16, p, 2);
	    v = f->count_signed ? (long long) i16 : (long long) (uint16_t) i16;
	    break;
	  case 4:
	    memcpy (&i32, p, 4);
	    v = f->count_signed ? (long long) i32 : (long long) (uint32_t) i32;
	    break;
	  case 8:
	    memcpy (&i64, p, 8);
	    v = f->count_signed ? (long long) i64 : (long long) (uint64_t) i64;
	    break;
	  default: return 1;
	  }
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
   OBJ (type T), is one past the end of the array a counted sibling
   field maps (the begin/end idiom, or a vector's finish pointer): 1,
   with the element size in *ELEM; 2 when that array is empty (begin ==
   end: nothing to map or translate).  Such a pointer addresses no
   element of its own, so mapping one there would copy back memory the
   structure does not own.  Expansion leaves an empty array's end alone
   (its device copy keeps the host value, equal to the begin pointer's,
   which is not attached either), and the check accepts that.  Only a
   pointer to the array's element type is its end: a pointer of another
   type there points to an object that starts where the array ends (a
   structure marshalled in one buffer: a node after its payload).  */
static inline int
dm_sibling_end (const struct deepmap_type *t, size_t g, uintptr_t obj,
		uintptr_t target, size_t *elem)
{
  const struct deepmap_type *pt = t->fields[g].pointee;
  for (size_t f = 0; f < t->nfields; f++)
    {
      const struct deepmap_field *fd = &t->fields[f];
      if (f == g || fd->repeat > 1 || !fd->pointee
	  || fd->count_kind == DEEPMAP_COUNT_ONE
	  || !dm_same_type (fd->pointee, pt))
	continue;
      uintptr_t begin = dm_deep_load (obj + fd->offset);
      size_t size = fd->pointee->size ? fd->pointee->size : 1;
      size_t n = dm_field_count (fd, (const char *) obj, obj + fd->offset);
      if (!begin || begin > target || (target - begin) % size != 0
	  || (target - begin) / size != n)
	continue;
      *elem = size;
      return n ? 1 : 2;
    }
  return 0;
}

#endif
