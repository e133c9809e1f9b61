/* dlopen-lib.c -- an -fopenmp library with a target region, loaded with
   dlopen by dlopen-main.c (see dlopen-tls.exp).  */
int
dlopen_lib_run (int n)
{
  int sum = 0;
#pragma omp target map(tofrom: sum)
  for (int i = 1; i <= n; i++)
    sum += i;
  return sum;
}
