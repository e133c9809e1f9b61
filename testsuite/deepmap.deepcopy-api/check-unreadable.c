/* DEEPMAP_CHECK=1: pointers that deep copy does not follow because they
   point to no readable memory (never set, or left dangling) are the
   program's to never dereference on the device; check mode names them,
   the first five, so that a region that does fault can be explained.
   Here seven elements hold such pointers the region never follows: the
   run is right, with five warnings, the last saying the rest are not
   reported.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-output "(deepmap: warning: deep copy: struct item at 0x\[0-9a-f\]+: its pointer 'other' holds 0x\[0-9a-f\]+, which is not readable memory: not followed, its device copy keeps that value \\(a region that dereferences it faults\\)\n){4}" } */
/* { dg-output "deepmap: warning: deep copy: struct item at 0x\[0-9a-f\]+: its pointer 'other' holds 0x\[0-9a-f\]+, which is not readable memory: not followed, its device copy keeps that value \\(a region that dereferences it faults\\); further such pointers are not reported\n" } */
/* { dg-output "sum 28: ok" } */
#include <stdint.h>
#include "capi.h"

struct item { int v; struct item *other; };

static struct deepmap_annotation ann;

int
main (void)
{
  struct deepmap_type *t = deepmap_type_new ("struct item", sizeof (struct item));
  CHECK (t != NULL, "type");
  CHECK (deepmap_type_add_pointer (t, "other", offsetof (struct item, other),
				   t, DEEPMAP_COUNT_ONE, 0, 0, 0) == 0,
	 "pointer");
  struct item *a = calloc (7, sizeof *a);
  for (int i = 0; i < 7; i++)
    {
      a[i].v = i + 1;
      a[i].other = (struct item *) (uintptr_t) (0x10 + 0x20 * i);
    }
  int sum = 0;
  ann = (struct deepmap_annotation) { a, t };
  deepmap_annotate (1, &ann);
#pragma omp target map(tofrom: a[0:7]) map(tofrom: sum)
  for (int i = 0; i < 7; i++)
    sum += a[i].v;
  printf ("sum %d: %s\n", sum, sum == 28 ? "ok" : "wrong");
  return sum != 28;
}
