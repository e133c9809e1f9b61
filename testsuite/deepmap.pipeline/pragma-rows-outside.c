/* A region of a pipelined loop that maps rows of a pipelined array its
   chunk does not hold (a fixed boundary row A[0], beside the split
   A[k-1:3]): the section was translated into the slot, where those rows
   are not, and the region read other rows, silently.  Now one error
   line; the whole array, or rows of the chunk, may still be mapped.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "rows outside the chunk" } */
/* { dg-output "deepmap: error: pipeline: a target region of iteration \[0-9\]+ maps host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\) of A, rows the pipelined loop's chunk does not hold \\(it holds rows \[0-9\]+ to \[0-9\]+ there\\)" } */
#include <stdlib.h>

int
main (void)
{
  int m = 8, nz = 20;
  size_t n = (size_t) m * nz;
  float *A = malloc (n * sizeof *A), *B = malloc (n * sizeof *B);
  for (size_t x = 0; x < n; x++)
    A[x] = B[x] = x;
  #pragma deepmap pipeline(static[3,2]) pipeline_map(to: A[k-1:3][0:m]) pipeline_map(tofrom: B[k:1][0:m])
  for (int k = 2; k < nz - 1; k++)
    {
      #pragma omp target teams distribute parallel for map(to: A[0:m])
      for (int i = 0; i < m; i++)
	B[(size_t) k * m + i] = A[(size_t) (k - 1) * m + i]
				+ A[(size_t) (k + 1) * m + i] + A[i];
    }
  return 0;
}
