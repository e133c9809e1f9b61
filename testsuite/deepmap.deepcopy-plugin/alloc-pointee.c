/* A pointee the program maps alloc itself (its device copy never
   written), reached by a structure entered deep, released by the
   program, then the structure leaves with map(from:): in OpenMP only the
   structure's bytes come back and the pointee on the host is untouched.
   Deep copy brought nothing into the pointee and no region reached it
   through deep copy, so it copies nothing back either (it copied the
   device garbage over the host's object: an outside campaign).  A
   pointee a region did change through deep copy still comes back.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-additional-options "-Wno-deepmap" } */
#include "deeptests.h"

struct in
{
  int v[4];
};

struct s
{
  int n;
  struct in *in;
};

struct in inner = { { 1, 2, 3, 4 } };
struct s s = { 4, &inner };
struct in other = { { 5, 6, 7, 8 } };
struct s t = { 4, &other };

int
main (void)
{
#pragma omp target enter data map(alloc: inner)
#pragma omp target enter data map(to: s)
#pragma omp target exit data map(release: inner)
#pragma omp target exit data map(from: s)
  for (int i = 0; i < 4; i++)
    CHECK (inner.v[i] == i + 1, "inner.v[%d] = %d", i, inner.v[i]);
  CHECK (s.n == 4 && s.in == &inner);

#pragma omp target enter data map(alloc: other)
#pragma omp target enter data map(to: t)
#pragma omp target
  for (int i = 0; i < 4; i++)
    t.in->v[i] = 10 * i;
#pragma omp target exit data map(release: other)
#pragma omp target exit data map(from: t)
  for (int i = 0; i < 4; i++)
    CHECK (other.v[i] == 10 * i, "other.v[%d] = %d", i, other.v[i]);
  printf ("alloc pointee: ok\n");
  return 0;
}
/* { dg-output "alloc pointee: ok" } */
