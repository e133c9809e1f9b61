/* A loop that keeps more sections than the plugin tests in line (17
   arrays, 60 pairs of pointer parameters it cannot tell apart): its
   run-time tests, that no caller holds a section mapped and that the
   pairs are disjoint, are calls of two functions the plugin adds to the
   unit itself, static and built from omp_target_is_present and
   omp_get_default_device alone, so that the binary keeps the arrays on
   the device under any libgomp (GCC's too), not only under deepmap's.
   Nothing refers to the runtime's deepmap_sections_absent or
   deepmap_sections_apart, nor stands in for them (memcmp).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -fdump-tree-all" } */

#define N 64

void
steps (const int *a, const int *b, const int *c, const int *d, const int *e,
       int *f, int *g, int *h, int *k, int *l0, int *l1, int *l2, int *l3,
       int *l4, int *l5, int *l6, int *l7, int t)
{
  for (int s = 0; s < t; s++)
    {
#pragma omp target map(tofrom: a[0:N], b[0:N], c[0:N], d[0:N], e[0:N], f[0:N], g[0:N], h[0:N], k[0:N], l0[0:N], l1[0:N], l2[0:N], l3[0:N], l4[0:N], l5[0:N], l6[0:N], l7[0:N])
      for (int i = 0; i < N; i++)
	{
	  f[i] += a[i] + b[i];
	  g[i] += c[i];
	  h[i] += d[i];
	  k[i] += e[i];
	  l0[i]++; l1[i]++; l2[i]++; l3[i]++;
	  l4[i]++; l5[i]++; l6[i]++; l7[i]++;
	}
    }
}

/* { dg-final { scan-tree-dump-times "__deepmap_sections_absent \\(&deepmap_hoist" 1 "deepmap_hoist" } } */
/* { dg-final { scan-tree-dump-times "__deepmap_sections_apart \\(&deepmap_hoist" 1 "deepmap_hoist" } } */
/* Both read the enter data's own address and size arrays, which it
   then takes as they are (17 sections and its record).  */
/* { dg-final { scan-tree-dump "__deepmap_sections_absent \\(&(deepmap_hoist\\.\[0-9\]+), &(deepmap_hoist\\.\[0-9\]+), .*__deepmap_sections_apart \\(&\\1, &\\2, .*GOMP_target_enter_exit_data \\(\[^,\]+, 18, &\\1, &\\2, " "deepmap_hoist" } } */
/* { dg-final { scan-tree-dump-not "\[^_\]deepmap_sections_(absent|apart)" "optimized" } } */
/* { dg-final { scan-tree-dump-not "memcmp" "optimized" } } */
/* The functions themselves, in the unit.  */
/* { dg-final { scan-tree-dump "__deepmap_sections_absent \\(const void \\* addrs, const void \\* sizes, const void \\* arg, long unsigned int n\\)" "optimized" } } */
/* { dg-final { scan-tree-dump "omp_target_is_present \\(" "optimized" } } */
/* { dg-final { scan-tree-dump "__deepmap_sections_apart \\(const void \\* addrs, const void \\* sizes, const void \\* arg, long unsigned int n\\)" "optimized" } } */
