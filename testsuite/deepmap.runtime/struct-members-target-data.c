/* A target data construct maps sections through two pointer members of
   a structure passed by value and one of its scalar members (HeCBench's
   RSBench, run_event_based_simulation; an outside campaign); the region
   inside maps the structure implicitly, which uses what is present.
   GCC 12 names neither pointer member: they are mapped with the
   structure and attached, as for a target region, or the region read
   poison through them.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" } */

#include <stdlib.h>
#include "dm-check.h"

struct data
{
  int *a;
  int len_a;
  double *b;
  int len_b;
  int max;
};

static long __attribute__ ((noinline))
run (struct data data)
{
  long v = 0;
#pragma omp target data map(to: data.a[:data.len_a]) \
	map(to: data.b[:data.len_b]) map(to: data.max) map(tofrom: v)
  {
#pragma omp target teams distribute parallel for reduction(+: v)
    for (int i = 0; i < 1000; i++)
      v += data.a[i % 100] + (long) data.b[i % 50] + data.max;
  }
  return v;
}

int
main (void)
{
  struct data d;
  d.len_a = 100;
  d.len_b = 50;
  d.max = 3;
  d.a = (int *) malloc (d.len_a * sizeof (int));
  d.b = (double *) malloc (d.len_b * sizeof (double));
  CHECK (d.a && d.b);
  for (int i = 0; i < d.len_a; i++)
    d.a[i] = i;
  for (int i = 0; i < d.len_b; i++)
    d.b[i] = 2 * i;
  CHECK (run (d) == 101500);
  CHECK (!omp_target_is_present (d.a, omp_get_default_device ()));
  return 0;
}
