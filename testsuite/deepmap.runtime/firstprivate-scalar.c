/* Scalars are firstprivate in a target region (explicitly, or implicitly
   when not mapped); GCC passes those that fit in a pointer by value
   (GOMP_MAP_FIRSTPRIVATE_INT).  Writes in the region stay private.  */
/* { dg-do run } */

#include <stdint.h>
#include "dm-check.h"

int
main (void)
{
  char c = -5;
  unsigned char uc = 250;
  short sh = -12345;
  int i = 0x7fff0001;
  unsigned u = 0xdeadbeefu;
  long l = -0x123456789abcL;
  unsigned long long ull = 0xfedcba9876543210ULL;
  float f = 3.25f;
  double d = -1.0e100;
  _Bool b = 1;
  int *ptr = (int *) (uintptr_t) 0x1234;
  int neg = -1;
  long sum_bad = 0;
  int dev = dm_dev ();

#pragma omp target firstprivate(c, uc, sh, i, u, l, ull, f, d, b, ptr) \
  map(from: sum_bad) device(dev)
  {
    long bad = 0;
    bad += c != -5;
    bad += uc != 250;
    bad += sh != -12345;
    bad += i != 0x7fff0001;
    bad += u != 0xdeadbeefu;
    bad += l != -0x123456789abcL;
    bad += ull != 0xfedcba9876543210ULL;
    bad += f != 3.25f;
    bad += d != -1.0e100;
    bad += b != 1;
    bad += ptr != (int *) (uintptr_t) 0x1234;
    sum_bad = bad;
    c = uc = sh = i = u = l = ull = 0;
    f = d = 0;
    b = 0;
    ptr = 0;
  }
  CHECK (sum_bad == 0, "%ld explicit firstprivate scalars had wrong values",
	 sum_bad);
  CHECK (c == -5 && uc == 250 && sh == -12345 && i == 0x7fff0001
	 && u == 0xdeadbeefu && l == -0x123456789abcL
	 && ull == 0xfedcba9876543210ULL && f == 3.25f && d == -1.0e100
	 && b == 1 && ptr == (int *) (uintptr_t) 0x1234,
	 "host scalars changed by a firstprivate region");

  /* Implicitly firstprivate: no clause at all.  */
  int got_i = 0;
  double got_d = 0;
  short got_sh = 0;
#pragma omp target map(from: got_i, got_d, got_sh) device(dev)
  {
    got_i = i + neg;
    got_d = d * 2;
    got_sh = sh;
    i = 0;
    neg = 5;
  }
  CHECK (got_i == 0x7fff0000, "implicit int: %#x", got_i);
  CHECK (got_d == -2.0e100, "implicit double: %g", got_d);
  CHECK (got_sh == -12345, "implicit short: %d", got_sh);
  CHECK (i == 0x7fff0001 && neg == -1, "host scalars changed: i %#x neg %d",
	 i, neg);

  /* A scalar used in a loop bound and nested parallelism.  */
  int n = 57, total = 0;
#pragma omp target map(tofrom: total) device(dev)
#pragma omp parallel for reduction(+: total)
  for (int k = 0; k < n; k++)
    total += k;
  CHECK (total == 57 * 56 / 2, "reduction over a firstprivate bound: %d",
	 total);
  return 0;
}
