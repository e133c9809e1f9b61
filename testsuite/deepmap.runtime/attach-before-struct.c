/* A combined `target teams distribute parallel for' that maps sections
   through two pointer members of a structure passed by value and two of
   its other members: GCC 12 lists the sections and the pointers'
   attachments before the structure's entry (for a plain target, after
   it), and names neither pointer member in it.  The pointers must be
   mapped with the structure and attached, whatever the order (RSBench's
   event mode read poison through them; an outside campaign).  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" } */

#include <stdlib.h>
#include "dm-check.h"

struct data
{
  int *a;
  int la;
  double *b;
  int lb;
  int k;
};

static long __attribute__ ((noinline))
sum_teams (struct data d)
{
  long s = 0;
#pragma omp target teams distribute parallel for reduction(+: s) \
	map(to: d.a[:d.la], d.b[:d.lb], d.k, d.la) map(tofrom: s)
  for (int i = 0; i < d.la; i++)
    s += d.a[i] + (long) d.b[i] + d.k;
  return s;
}

static long __attribute__ ((noinline))
sum_target (struct data d)
{
  long s = 0;
#pragma omp target map(to: d.a[:d.la], d.b[:d.lb], d.k, d.la) \
	map(tofrom: s)
  for (int i = 0; i < d.la; i++)
    s += d.a[i] + (long) d.b[i] + d.k;
  return s;
}

int
main (void)
{
  struct data d;
  d.la = d.lb = 100;
  d.k = 1;
  d.a = (int *) malloc (100 * sizeof (int));
  d.b = (double *) malloc (100 * sizeof (double));
  CHECK (d.a && d.b);
  for (int i = 0; i < 100; i++)
    {
      d.a[i] = i;
      d.b[i] = 2 * i;
    }
  CHECK (sum_teams (d) == 3 * 4950 + 100);
  CHECK (sum_target (d) == 3 * 4950 + 100);
  CHECK (!omp_target_is_present (d.a, omp_get_default_device ()));
  return 0;
}
