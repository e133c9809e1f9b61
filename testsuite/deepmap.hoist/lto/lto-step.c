/* The constructs of lto-callee.c's time loop, in a translation unit of
   their own.  */
void
lto_step (double *a, double *b, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: a[0:n], b[0:n])
  for (int i = 1; i < n - 1; i++)
    b[i] = 0.5 * (a[i - 1] + a[i + 1]);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n], b[0:n])
  for (int i = 1; i < n - 1; i++)
    a[i] = b[i];
}
