/* As default-device-hidden.c, for a section whose enter data waits for
   its first construct (the loop may be left before it): the runtime
   counts the sections hoisting keeps, not its calls, so a loop left at
   once, which entered nothing, and a loop run to its end leave no count
   behind (the default device may change after them), and a change under
   a kept section still stops the program with one error line naming
   the loop.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu,emu" } */
/* { dg-shouldfail "default device changed under kept data" { target offload_device } } */
/* { dg-output "after the loops: ok\[^\n\]*\n\[^\n\]*deepmap: error: omp_set_default_device \\(1\\): the default device changes from 0 while transfer hoisting keeps data there across the loop at \[^\n\]*default-device-late.c:\[0-9\]+" { target offload_device } } */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#define N 1000
#define STEPS 4

__attribute__ ((noipa)) void
pick (int t, int change)
{
  if (change)
    omp_set_default_device (t % 2);
}

__attribute__ ((noipa)) void
run (double *a, volatile int *stop, int change)
{
  for (int t = 0; t < STEPS; t++)
    {
      if (*stop)
	break;
#pragma omp target teams distribute parallel for map(tofrom: a[0:N])
      for (int i = 0; i < N; i++)
	a[i] += 1.0;
      pick (t, change);
#pragma omp target teams distribute parallel for map(tofrom: a[0:N])
      for (int i = 0; i < N; i++)
	a[i] *= 0.5;
    }
}

int
main (void)
{
  double *a = (double *) malloc (N * sizeof *a);
  volatile int stop = 1;
  for (int i = 0; i < N; i++)
    a[i] = i;
  run (a, &stop, 0);
  stop = 0;
  run (a, &stop, 0);
  omp_set_default_device (1);
  omp_set_default_device (0);
  printf ("after the loops: ok %g\n", a[N - 1]);
  fflush (stdout);
  run (a, &stop, 1);
  printf ("%g\n", a[N - 1]);
  free (a);
  return 0;
}

/* { dg-final { scan-deepmap-report "default-device-late.c:33:9: deepmap: hoist: 'a' kept on the device across the loop at default-device-late.c:29 \[^\n\]*entered at the first construct that maps it" } } */
