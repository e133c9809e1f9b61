/* Built with -flto: a loop that keeps an array calls a function (not
   inlined, compiled before its caller in lto1) that only reads it on
   the host.  lto1 reads every body before the first function is
   compiled, so it knows the callee runs no target construct: the array
   is kept across the loop, copied back before the call.  Results are
   the host's.  */
/* { dg-options "-flto -fplugin-arg-deepmap-report -w" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-output "968.75\[\r\n\]+999.023" { target offload_device } } */
/* { dg-final { scan-deepmap-report "lto-call-no-constructs.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: 'a' kept on the device across the loop" } } */
#include <stdio.h>
#include <stdlib.h>
__attribute__ ((noinline)) static double
total (const double *a, int n)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}
__attribute__ ((noinline)) static void
steps (double *a, int n)
{
  for (int t = 0; t < 10; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
      for (int i = 0; i < n; i++) a[i] += 1;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
      for (int i = 0; i < n; i++) a[i] *= 0.5;
      if (t % 5 == 4)
        printf ("%g\n", total (a, n));
    }
}
int main (void)
{
  double *a = (double *) calloc (1000, sizeof *a);
  steps (a, 1000);
  return 0;
}
