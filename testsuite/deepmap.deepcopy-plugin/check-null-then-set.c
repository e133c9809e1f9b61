/* DEEPMAP_CHECK and a pointer field that was NULL when its structure was
   mapped and that the host sets while it stays mapped (a structure a
   base class's constructor maps before the derived one allocates its
   array; SOLLVE V&V's classes tests): the exit data that deletes the
   structure finds nothing left behind, since the pointer reached
   nothing, and is no error (it stopped the program before).  One that
   pointed somewhere and changed still is an error: check-mode.c.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-additional-options "-Wno-deepmap" } */
#include "deeptests.h"

struct b
{
  int n;
  double *x deepmap_counted_by (n);
};

int
main (void)
{
  struct b *b = (struct b *) xcalloc (1, sizeof *b);
  b->n = 100;
#pragma omp target enter data map(to: b[0:1])
  b->x = (double *) xcalloc (b->n, sizeof (double));
  double *hx = b->x;
  int n = b->n;
#pragma omp target map(tofrom: hx[0:n])
  for (int i = 0; i < n; i++)
    hx[i] = i;
#pragma omp target exit data map(delete: b[0:1])
  double s = 0;
  for (int i = 0; i < n; i++)
    s += b->x[i];
  CHECK (s == 4950.0, "sum %g", s);
  printf ("null then set: ok\n");
  return 0;
}
/* { dg-output "null then set: ok" } */
