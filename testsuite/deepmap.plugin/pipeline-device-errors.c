/* The device of a pipelined loop comes from its target regions: regions
   that name different devices, or a device that changes in the loop,
   are errors at the region (the pragma's device clause settles it).  */
/* { dg-do compile } */

void
f (float *A, int n, int d, int e)
{
  #pragma deepmap pipeline pipeline_map(to: A[k:1])
  for (int k = 0; k < n; k++)
    {
      #pragma omp target device(d)
      A[k] += 1;
      #pragma omp target device(e) /* { dg-error "target regions of a pipelined loop must name the same device" } */
      A[k] += 2;
    }
  #pragma deepmap pipeline pipeline_map(to: A[k:1])
  for (int k = 0; k < n; k++)
    {
      #pragma omp target device(d)
      A[k] += 1;
      #pragma omp target /* { dg-error "target regions of a pipelined loop must name the same device" } */
      A[k] += 2;
    }
  #pragma deepmap pipeline pipeline_map(to: A[k:1])
  for (int k = 0; k < n; k++)
    {
      #pragma omp target device(k % 2) /* { dg-error "'device' clause of a target region in a pipelined loop must not change in the loop" } */
      A[k] += 1;
    }
  /* Settled by the pragma: no error.  */
  #pragma deepmap pipeline pipeline_map(to: A[k:1]) device(d)
  for (int k = 0; k < n; k++)
    {
      #pragma omp target device(d)
      A[k] += 1;
    }
  #pragma deepmap pipeline pipeline_map(to: A[k:1]) device(k) /* { dg-error "the device in '#pragma deepmap pipeline' depends on the loop variable 'k'" } */
  for (int k = 0; k < n; k++)
    {
      #pragma omp target device(d)
      A[k] += 1;
    }
}
