/* Device addresses the program holds in what it maps (NeoRodinia's
   kmeans): an array of omp_target_alloc results mapped map(to:), whose
   kernel reads through them, and a structure whose pointer field holds
   one.  Deep copy must leave such a pointer as it is: the host cannot
   read there (on a GPU), and the device needs the address itself.  It
   used to map one element at that address and attach a copy of it, so
   the kernel read one element and then garbage.  DEEPMAP_CHECK (which
   verifies the device copies of pointer fields) stays quiet.  */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include <omp.h>
#include <stdlib.h>
#include "check.h"
#include "deepmap.h"

#define N 4
#define M 8

struct holder
{
  int n;
  float *dev deepmap_counted_by (n);	/* a device address */
};

int
main (void)
{
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  if (dev == host)
    return 0;
  float h[N][M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      h[i][j] = i * 10 + j;
  float **p = (float **) malloc (N * sizeof *p);
  for (int i = 0; i < N; i++)
    {
      p[i] = (float *) omp_target_alloc (M * sizeof (float), dev);
      CHECK (p[i] != NULL, "omp_target_alloc");
      omp_target_memcpy (p[i], h[i], M * sizeof (float), 0, 0, dev, host);
    }
  float sum = 0;
#pragma omp target map(to: p[0:N]) map(tofrom: sum)	/* { dg-warning "a pointer of type 'float ?\\*' \\(not a field: no count\\) points to 'float': one element assumed" } */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sum += p[i][j];
  CHECK (sum == 592, "sum through the array of device pointers: %g", sum);

  struct holder s = { M, p[2] };
  float t = 0;
#pragma omp target map(to: s) map(tofrom: t)
  for (int j = 0; j < s.n; j++)
    t += s.dev[j];
  CHECK (t == 8 * 20 + 28, "sum through the structure's device pointer: %g",
	 t);
  for (int i = 0; i < N; i++)
    omp_target_free (p[i], dev);
  free (p);
  return 0;
}
