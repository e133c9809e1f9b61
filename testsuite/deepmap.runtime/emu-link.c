/* With the emulated link model on (DEEPMAP_EMU_LINK), synchronous and
   queued copies in both directions, regions between them and nowait
   chains give the same results as without it: the model only delays.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_EMU_LINK "1G,20us" } */

#include "dm-check.h"

#define N 4096
#define PARTS 8

static double a[N], b[N];

int
main (void)
{
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp target map(to: a) map(from: b)
  for (int i = 0; i < N; i++)
    b[i] = 2 * a[i];
  for (int i = 0; i < N; i++)
    CHECK (b[i] == 2.0 * i, "b[%d] = %g", i, b[i]);

  /* Chunks in flight at once: their copies share the modelled engines.  */
  const int chunk = N / PARTS;
#pragma omp parallel for
  for (int p = 0; p < PARTS; p++)
    {
      double *x = a + p * chunk, *y = b + p * chunk;
#pragma omp target map(to: x[0:chunk]) map(from: y[0:chunk]) nowait \
		   depend(out: y[0])
      for (int i = 0; i < chunk; i++)
	y[i] = x[i] + 1;
#pragma omp taskwait
    }
  for (int i = 0; i < N; i++)
    CHECK (b[i] == i + 1.0, "b[%d] = %g", i, b[i]);
  printf ("emulated link: ok\n");
  return 0;
}
/* { dg-output "emulated link: ok" } */
