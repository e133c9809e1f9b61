/* A program that maps its structure in a target data (or enter data)
   and the structure's array itself at each kernel, writing the array on
   the host between kernels and after the last one, gets the OpenMP
   result when built with the plugin (found by an outside campaign: AMD's
   training examples' pattern, reduced).  Deep copy maps the array with
   the structure; OpenMP does not, so each kernel's own map must copy
   the host's values in, and the end of the structure's mapping must not
   copy back over what the host wrote after the last kernel's own map
   copied the array back.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include "deeptests.h"

struct field
{
  int n;
  double *p deepmap_counted_by (n);
};

#define N 8

int
main (void)
{
  int dev = omp_get_default_device ();
  struct field s;
  s.n = N;
  s.p = (double *) xcalloc (N, sizeof (double));
  for (int i = 0; i < N; i++)
    s.p[i] = 1;

#pragma omp target data map(tofrom: s)
  {
    CHECK (omp_target_is_present (s.p, dev));	/* deep copy's */
    for (int it = 0; it < 3; it++)
      {
#pragma omp target map(tofrom: s.p[0:s.n])
	for (int i = 0; i < s.n; i++)
	  s.p[i] *= 2;
	CHECK (s.p[0] == (it == 0 ? 2 : 2 * (100 + it - 1)));
	s.p[0] = 100 + it;	/* the next kernel must see it */
      }
    s.p[1] = -1;		/* after the last kernel: kept */
  }
  CHECK (s.p[0] == 102 && s.p[1] == -1);
  for (int i = 2; i < N; i++)
    CHECK (s.p[i] == 8);

  /* The same held by enter data, and a kernel that only reads.  */
  double sum = 0;
#pragma omp target enter data map(to: s)
  for (int it = 0; it < 2; it++)
    {
      s.p[2] = 1000 + it;
#pragma omp target map(to: s.p[0:s.n]) map(tofrom: sum)
      sum += s.p[2];
    }
  s.p[3] = -3;
#pragma omp target exit data map(from: s)
  CHECK (sum == 2001);
  CHECK (s.p[2] == 1001 && s.p[3] == -3);
  CHECK (!omp_target_is_present (s.p, dev));
  printf ("own pointee maps: ok\n");
  return 0;
}
/* { dg-output "own pointee maps: ok" } */
