/* typeapi.c -- deepmap_type descriptors built at run time, for programs
   compiled without the plugin (deepmap.h).  They are the same structures
   the plugin emits as static data.  */
#include <stdlib.h>
#include <string.h>

#include "deepmap.h"
#include "support/export.h"

DM_EXPORT struct deepmap_type *
deepmap_type_new (const char *name, size_t size)
{
  struct deepmap_type *t = calloc (1, sizeof *t);
  if (!t)
    return NULL;
  t->version = DEEPMAP_DESCRIPTOR_VERSION;
  t->name = strdup (name ? name : "?");
  t->size = size;
  if (!t->name)
    {
      free (t);
      return NULL;
    }
  return t;
}

DM_EXPORT int
deepmap_type_add_field (struct deepmap_type *t, const struct deepmap_field *f)
{
  if (!t || !f || f->offset + sizeof (void *) > t->size
      || f->count_kind > DEEPMAP_COUNT_END
      || (f->count_kind == DEEPMAP_COUNT_END
	  && f->offset + f->count > t->size - sizeof (void *))
      || (f->count_kind == DEEPMAP_COUNT_FIELD
	  && (f->count + f->count_size > t->size
	      || (f->count_size != 1 && f->count_size != 2
		  && f->count_size != 4 && f->count_size != 8))))
    return -1;
  struct deepmap_field *fields
    = realloc ((void *) t->fields, (t->nfields + 1) * sizeof *fields);
  if (!fields)
    return -1;
  /* Keep them sorted by offset, as the plugin does.  */
  size_t i = t->nfields;
  while (i > 0 && fields[i - 1].offset > f->offset)
    {
      fields[i] = fields[i - 1];
      i--;
    }
  fields[i] = *f;
  fields[i].name = strdup (f->name ? f->name : "?");
  if (fields[i].repeat == 0)
    fields[i].repeat = 1;
  t->fields = fields;
  t->nfields++;
  return fields[i].name ? 0 : -1;
}

DM_EXPORT int
deepmap_type_add_pointer (struct deepmap_type *t, const char *field,
			  size_t offset, const struct deepmap_type *pointee,
			  unsigned count_kind, size_t count,
			  unsigned count_size, int count_signed)
{
  struct deepmap_field f = { offset, 1, 0, pointee, count_kind, count_size,
			     count_signed, count, field };
  return deepmap_type_add_field (t, &f);
}

DM_EXPORT int
deepmap_type_set_tail (struct deepmap_type *t, const struct deepmap_field *f)
{
  /* The elements need a size; their count is per object or fixed.  */
  if (!t || !f || t->tail || !f->pointee || !f->pointee->size
      || f->offset > t->size
      || (f->count_kind != DEEPMAP_COUNT_FIELD
	  && f->count_kind != DEEPMAP_COUNT_FIXED)
      || (f->count_kind == DEEPMAP_COUNT_FIELD
	  && (f->count + f->count_size > t->size
	      || (f->count_size != 1 && f->count_size != 2
		  && f->count_size != 4 && f->count_size != 8))))
    return -1;
  struct deepmap_field *tail = malloc (sizeof *tail);
  if (!tail)
    return -1;
  *tail = *f;
  tail->repeat = 1;
  tail->stride = 0;
  tail->name = strdup (f->name ? f->name : "?");
  if (!tail->name)
    {
      free (tail);
      return -1;
    }
  t->tail = tail;
  return 0;
}

DM_EXPORT void
deepmap_type_free (struct deepmap_type *t)
{
  if (!t)
    return;
  if (t->tail)
    free ((void *) t->tail->name);
  free ((void *) t->tail);
  for (size_t i = 0; i < t->nfields; i++)
    free ((void *) t->fields[i].name);
  free ((void *) t->fields);
  free ((void *) t->name);
  free (t);
}
