/* As default-device.c, but the loop changes the default device in a
   function the plugin does not look into for that (not inlined): the
   array is kept, and the runtime stops the program with one error line
   naming the loop when the default device changes under it, rather than
   let the next constructs run on the other device with stale bytes.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu,emu" } */
/* { dg-shouldfail "default device changed under kept data" { target offload_device } } */
/* { dg-output "deepmap: error: omp_set_default_device \\(1\\): the default device changes from 0 while transfer hoisting keeps data there across the loop at \[^\n\]*default-device-hidden.c:\[0-9\]+" { target offload_device } } */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#define N 1000
#define STEPS 4

__attribute__ ((noipa)) void
pick (int t)
{
  omp_set_default_device (t % 2);
}

int
main (void)
{
  double *a = (double *) malloc (N * sizeof *a);
  for (int i = 0; i < N; i++)
    a[i] = i;
  for (int t = 0; t < STEPS; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: a[0:N])
      for (int i = 0; i < N; i++)
	a[i] += 1.0;
      pick (t);
#pragma omp target teams distribute parallel for map(tofrom: a[0:N])
      for (int i = 0; i < N; i++)
	a[i] *= 0.5;
    }
  printf ("%g\n", a[N - 1]);
  free (a);
  return 0;
}
