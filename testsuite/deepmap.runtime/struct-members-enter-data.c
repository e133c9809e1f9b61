/* Enter data maps sections through two pointer members of a structure
   and one scalar member; regions then use the structure whole (an
   implicit map), reading a member that no map named (AMD's
   HPCTrainingExamples, C++ classes, explicit daxpy: the enter data in a
   constructor, the object used in main; an outside campaign).  GCC 12
   names neither pointer member: they are mapped with the scalar member
   and attached, the region's implicit map brings in the rest of the
   small structure, and the exit data that deletes the members releases
   the pointers with them.  Before, the device structure held poison in
   both pointers and in the count, and the region faulted.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" } */

#include <stdlib.h>
#include "dm-check.h"

struct saxpy
{
  double a;
  double *x;
  double *y;
  int n;
};

int
main (void)
{
  int dev = dm_dev ();
  for (int round = 0; round < 2; round++)
    {
      struct saxpy s;
      s.a = 0.5;
      s.n = 1000 + round;
      s.x = (double *) malloc (s.n * sizeof (double));
      s.y = (double *) malloc (s.n * sizeof (double));
      CHECK (s.x && s.y);
      double *hx = s.x, *hy = s.y;
#pragma omp target enter data map(alloc: s.x[0:s.n], s.y[0:s.n]) map(to: s.a)
      CHECK (omp_target_is_present (&s.x, dev)
	     && omp_target_is_present (&s.y, dev));
#pragma omp target
      for (int i = 0; i < s.n; i++)
	{
	  s.x[i] = 1.0;
	  s.y[i] = 0.5 * (i % 3);
	}
#pragma omp target
      for (int i = 0; i < s.n; i++)
	s.y[i] = s.a * s.x[i] + s.y[i];
#pragma omp target update from(s.y[0:s.n])
      for (int i = 0; i < s.n; i++)
	CHECK (s.y[i] == 0.5 + 0.5 * (i % 3), "y[%d] = %g", i, s.y[i]);
      CHECK (s.x == hx && s.y == hy && s.n == 1000 + round);
#pragma omp target exit data map(delete: s.x[0:s.n], s.y[0:s.n], s.a)
      CHECK (!omp_target_is_present (&s.a, dev), "s.a still present");
      CHECK (!omp_target_is_present (&s.x, dev), "s.x still present");
      CHECK (!omp_target_is_present (&s.y, dev), "s.y still present");
      CHECK (!omp_target_is_present (hx, dev), "x[] still present");
      free (hx);
      free (hy);
    }
  return 0;
}
