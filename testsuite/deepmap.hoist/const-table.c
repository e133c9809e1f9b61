/* A `static const' table that the regions of a loop read through a
   function the linker may replace (weak: it may store through anything
   it is given, as far as the compiler knows) is still never copied back:
   no construct may write a const object, and the copy back would go
   into read-only memory (HeCBench's adamw: the kept table's exit data
   map(from) faulted).  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <stdio.h>
#include <stdlib.h>

static const float table[8] = { 0.f, 0.25f, 0.5f, 0.75f, 1.f, 1.25f, 1.5f,
				1.75f };

__attribute__ ((noinline, weak)) void
scale (float *out, const float *t, int i)
{
  out[i] = 2 * t[i & 7];
}

int
main (void)
{
  float out[64];
  for (int it = 0; it < 3; it++)
    {
#pragma omp target map(tofrom: table) map(from: out[0:64])
      for (int i = 0; i < 64; i++)
	scale (out, table, i);
    }
  for (int i = 0; i < 64; i++)
    if (out[i] != 2 * table[i & 7])
      abort ();
  return 0;
}
/* { dg-final { scan-deepmap-report "const-table.c:26:9: deepmap: hoist: 'table' kept on the device across the loop at const-table.c:24 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } } */
