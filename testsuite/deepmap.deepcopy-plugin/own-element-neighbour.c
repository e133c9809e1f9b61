/* A kernel changes elements of an array of structures through the
   structure that two target data hold deep; then the program maps one
   element of that array itself, tofrom.  At the structure's end the
   neighbouring element's change must come back.  Before, the element's
   own item marked the whole array's segment the program's (OWN_LAST),
   and the structure's end copied none of it back: the neighbour kept
   its old value on the host (random-deep seed 1213, program 8).  Now
   the segment is split at the element's bounds, as a section over
   several segments is.  Packed elements, as in the campaign's program;
   without replay (map/replay.h), which hid it; C and C++
   (cxx-own-element-neighbour.C).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEEP_REPLAY "0" } */
#include "deeptests.h"

struct __attribute__ ((packed)) T0
{
  unsigned f0_n;
  struct T0 *f0 deepmap_counted_by (f0_n);
  unsigned f1;
};

static void
fill (struct T0 *o, int d)
{
  o->f0_n = d >= 3 ? 0 : 3;
  o->f0 = o->f0_n ? (struct T0 *) xcalloc (o->f0_n, sizeof (struct T0))
		  : NULL;
  for (unsigned k = 0; k < o->f0_n; k++)
    fill (&o->f0[k], d + 1);
  o->f1 = d;
}

int
main (void)
{
  struct T0 *r0 = (struct T0 *) xcalloc (1, sizeof *r0);
  fill (r0, 0);
  struct T0 *s0 = &r0->f0[1];
#pragma omp target data map(tofrom: r0[0:1])
  {
#pragma omp target data map(tofrom: r0[0:1])
    {
#pragma omp target map(tofrom: r0[0:1])
      {
	r0->f0[0].f1 += 5;
	r0->f0[1].f1 += 5;
	r0->f0[1].f0[2].f1 += 5;
	r0->f0[2].f1 += 5;
      }
#pragma omp target map(tofrom: s0[0:1])
      s0->f1 += 7;
    }
  }
  CHECK (!omp_target_is_present (r0->f0, omp_get_default_device ()));
  CHECK (r0->f0[0].f1 == 6);
  CHECK (r0->f0[1].f1 == 13);
  CHECK (r0->f0[2].f1 == 6);
  CHECK (r0->f0[1].f0[2].f1 == 7);
  printf ("own element, neighbour: ok\n");
  return 0;
}
/* { dg-output "own element, neighbour: ok" } */
