/* runtime-kernel.h -- the kernel of runtime-disjoint.c and
   runtime-overlap.c, and its host model.  Both constructs work element
   by element, so the result is defined even where A and B overlap: an
   element of both gets the first update, then the second, each step.  */

__attribute__ ((noinline)) static void
kernel (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
	A[i] = A[i] * 0.5 + 1.0;
#pragma omp target teams distribute parallel for \
	map(tofrom: A[0:n], B[0:n])
      for (int i = 0; i < n; i++)
	B[i] = B[i] * 0.25 + (double) (t & 3);
    }
}

__attribute__ ((noinline)) static void
host (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i = 0; i < n; i++)
	A[i] = A[i] * 0.5 + 1.0;
      for (int i = 0; i < n; i++)
	B[i] = B[i] * 0.25 + (double) (t & 3);
    }
}
