/* A target region that maps some members of a structure and a section
   through a pointer member it does not name (map(s.p[0:n], s.a, s.b), or
   map(s.p[:0], s.a, s.b) inside a target data that maps s.p[0:n]): GCC 12
   passes the named members and an attachment of s.p, which found no
   device copy of s.p, so the region read garbage through it.  The
   pointer is now mapped with the members and attached; the host
   structure is unchanged afterwards.  Members far from the structure's
   start (a large buffer first) included.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 100

struct rec
{
  char pad[1 << 20];
  float a, b;
  float *p;
};

static struct rec s1, s2;

static void
scale (struct rec *r)
{
  for (int i = 0; i < N; i++)
    r->p[i] = r->p[i] * r->a + r->b;
}

int
main (void)
{
  dm_require_device ();
  float *v1 = malloc (N * sizeof *v1), *v2 = malloc (N * sizeof *v2);
  CHECK (v1 && v2, "out of memory");
  for (int i = 0; i < N; i++)
    v1[i] = v2[i] = i;
  s1.a = s2.a = 2;
  s1.b = s2.b = 4;
  s1.p = v1;
  s2.p = v2;

#pragma omp target data map(s1.p[:N])
#pragma omp target map(s1.p[:0], s1.a, s1.b)
  scale (&s1);

#pragma omp target map(s2.p[:N], s2.a, s2.b)
  scale (&s2);

  CHECK (s1.p == v1 && s2.p == v2, "the host pointers changed");
  for (int i = 0; i < N; i++)
    CHECK (v1[i] == 2 * i + 4 && v2[i] == 2 * i + 4,
	   "v1[%d] = %g, v2[%d] = %g, expected %d", i, v1[i], i, v2[i],
	   2 * i + 4);
  return 0;
}
