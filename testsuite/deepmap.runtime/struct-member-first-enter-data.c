/* Enter data that names a structure's member before sections through its
   pointer members: GCC 12 lists the attachments ahead of the structure's
   entries, so the pointers are not mapped yet when their attachments come.
   They are mapped with the member (struct-members-enter-data.c) and must
   be attached then: a region that reaches the structure through a pointer
   read the host addresses from its device copy (AMD's Jacobi training
   example, enter data map(to: mesh, h_U[0:N], ...) in a member function;
   under DEEPMAP_EMU_STRICT=1 the scan stopped it).  Two rounds, to see
   the exit data release everything.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" } */

#include <stdlib.h>
#include "dm-check.h"

struct axpy
{
  double a;
  double *x, *y;
  int n;
};

static void
apply (struct axpy *p)
{
#pragma omp target teams distribute parallel for
  for (int i = 0; i < p->n; i++)
    p->y[i] += p->a * p->x[i];
}

static struct axpy
make (int n)
{
  struct axpy s = { 2.0, calloc (n, sizeof (double)),
		    calloc (n, sizeof (double)), n };
  CHECK (s.x && s.y);
  for (int i = 0; i < n; i++)
    {
      s.x[i] = i;
      s.y[i] = 1;
    }
  return s;
}

int
main (void)
{
  int dev = dm_dev ();
  for (int round = 0; round < 2; round++)
    {
      struct axpy s = make (1000 + round);
      double *hx = s.x, *hy = s.y;
#pragma omp target enter data map(to: s.a, s.n) map(to: s.x[0:s.n], s.y[0:s.n])
      CHECK (omp_target_is_present (&s.x, dev)
	     && omp_target_is_present (&s.y, dev));
      apply (&s);
#pragma omp target update from(s.y[0:s.n])
      for (int i = 0; i < s.n; i++)
	CHECK (s.y[i] == 1 + 2.0 * i, "round %d: y[%d] = %g", round, i,
	       s.y[i]);
      CHECK (s.x == hx && s.y == hy);
#pragma omp target exit data map(delete: s.a, s.n) map(delete: s.x[0:s.n], s.y[0:s.n])
      CHECK (!omp_target_is_present (&s.a, dev), "s.a still present");
      CHECK (!omp_target_is_present (&s.x, dev), "s.x still present");
      CHECK (!omp_target_is_present (hx, dev), "x[] still present");
      CHECK (!omp_target_is_present (hy, dev), "y[] still present");
      free (hx);
      free (hy);
    }
  return 0;
}
