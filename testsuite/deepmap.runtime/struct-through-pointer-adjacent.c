/* As struct-through-pointer.c, with the structure right after an array
   the same construct maps (map(g->a[0:n]) and map(acc[0:4]), which
   GCC 12 lists first, *g at the end of acc): the zero-length section at
   g must not count as present because an array ends where *g begins.
   The region used to get a NULL g and fault.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "check.h"

#define N 48

struct grid { long n; unsigned *a, *b; };

struct both
{
  unsigned acc[4];
  struct grid g;
};

__attribute__ ((noinline)) static void
sum (struct grid *g, int n, unsigned *acc)
{
#pragma omp target map(tofrom: g->a[0:n]) map(to: g->b[0:n]) \
	map(tofrom: acc[0:4])
  for (int i = 0; i < n; i++)
    {
      acc[0] += g->a[i] + g->b[i];
      g->a[i] += 1;
    }
}

int
main (void)
{
  static unsigned a[N], b[N];
  static struct both s;
  CHECK ((char *) &s.g == (char *) (s.acc + 4));
  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = 2 * i;
  s.g = (struct grid) { N, a, b };
  sum (&s.g, N, s.acc);
  /* 0 + 1 + ... + 47 and twice that.  */
  CHECK (s.acc[0] == 3 * (N * (N - 1) / 2), "acc %u", s.acc[0]);
  for (int i = 0; i < N; i++)
    CHECK (a[i] == (unsigned) i + 1 && b[i] == 2u * i, "i %d", i);
  CHECK (s.g.a == a && s.g.b == b && s.g.n == N);
  return 0;
}
