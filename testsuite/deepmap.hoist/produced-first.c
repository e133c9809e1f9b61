/* AMD's HPC training vecadd (3_vecadd/2_vecadd_map), reduced: three
   constructs in a row, each array produced by the first one that maps
   it (map(from:)) and read by the next (map(to:)).  What the next one
   copies in is what the first copied out: the run allocates each array
   on the device (map(alloc:)) instead of copying it in, as the expert's
   target data map(alloc:) does, and copies nothing back when nothing
   reads it afterwards: heap arrays and variable-length arrays alike.
   Where the first construct maps the array with nothing coming back
   (alloc), or only sometimes runs, the copy in stays.  Results are the
   host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-final { scan-deepmap-report "produced-first.c:43:3: deepmap: hoist: 'a' kept on the device from the construct at produced-first.c:43 to the construct at produced-first.c:43 \\(enter data map\\(alloc\\), exit data map\\(release\\)\\)" } } */
/* { dg-final { scan-deepmap-report "produced-first.c:43:3: deepmap: hoist: 'c' kept on the device from the construct at produced-first.c:43 to the construct at produced-first.c:43 \\(enter data map\\(alloc\\), exit data map\\(release\\)\\)" } } */
/* { dg-final { scan-deepmap-report "produced-first.c:54:3: deepmap: hoist: 'a' kept on the device from the construct at produced-first.c:54 to the construct at produced-first.c:54 \\(enter data map\\(alloc\\), exit data map\\(release\\)\\)" } } */
/* { dg-final { scan-deepmap-report "produced-first.c:54:3: deepmap: hoist: 'c' kept on the device from the construct at produced-first.c:54 to the construct at produced-first.c:54 \\(enter data map\\(alloc\\), exit data map\\(release\\)\\)" } } */
/* { dg-final { scan-deepmap-report "produced-first.c:69:9: deepmap: hoist: 'a' kept on the device from the construct at produced-first.c:69 to the construct at produced-first.c:72 \\(enter data map\\(to\\)" } } */
/* heap and vla: the sum's 8 bytes each way, each; sometimes: a in once
   (80000 bytes) and back once, the sum.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 4 transfers 80024 bytes, d2h 4 transfers 80024 bytes" { target offload_device } } */
#include <stdlib.h>
#include "check.h"

#define VECADD(a, c, n, sum)						\
  do {									\
    _Pragma ("omp target teams distribute parallel for map(from: a[0:n])") \
    for (int i = 0; i < n; i++)						\
      a[i] = i;								\
    _Pragma ("omp target teams distribute parallel for map(to: a[0:n]) map(from: c[0:n])") \
    for (int i = 0; i < n; i++)						\
      c[i] = 2 * a[i];							\
    _Pragma ("omp target teams distribute parallel for reduction(+: sum) map(to: c[0:n])") \
    for (int i = 0; i < n; i++)						\
      sum += c[i];							\
  } while (0)

__attribute__ ((noinline)) static double
heap (int n)
{
  double *a = (double *) malloc (n * sizeof (double));
  double *c = (double *) malloc (n * sizeof (double));
  double sum = 0;
  VECADD (a, c, n, sum);
  free (a);
  free (c);
  return sum;
}

__attribute__ ((noinline)) static double
vla (int n)
{
  double a[n], c[n];
  double sum = 0;
  VECADD (a, c, n, sum);
  return sum;
}

/* The producer runs only when asked: the consumer reads the host's a.  */
__attribute__ ((noinline)) static double
sometimes (double *a, int n, int produce)
{
  double sum = 0;
  if (produce)
    {
#pragma omp target teams distribute parallel for map(from: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] = -i;
    }
#pragma omp target teams distribute parallel for reduction(+: sum) map(to: a[0:n])
  for (int i = 0; i < n; i++)
    sum += a[i];
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
  return sum;
}

int
main (void)
{
  int n = 10000;
  double want = (double) n * (n - 1);
  double h = heap (n), v = vla (n);
  CHECK (h == want, "heap: %g, not %g", h, want);
  CHECK (v == want, "vla: %g, not %g", v, want);
  double *a = (double *) malloc (n * sizeof (double));
  for (int i = 0; i < n; i++)
    a[i] = 1;
  double s = sometimes (a, n, 0);
  CHECK (s == n && a[0] == 2 && a[n - 1] == 2, "sometimes: %g", s);
  free (a);
  return 0;
}
