/* A pipelined array whose rows would reach beyond the address space (a
   row size computed from a negative or garbage value): one error line at
   the loop's begin, not slot sizes that wrap to a few bytes.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "rows beyond the address space" } */
/* { dg-output "deepmap: error: pipeline: A \\(host 0x\[0-9a-f\]+, 18446744073709551600 bytes per row, rows up to 15\\) reaches beyond the address space" } */
#include "stencil.h"

int
main (void)
{
  static float A[16][8];
  long bad_cols = -4;			/* a row of -4 floats */
  struct deepmap_pipe_array a[1] = {
    { A, bad_cols * sizeof (float), 1, 0, 1, DEEPMAP_PIPE_TOFROM, "A" } };
  void *p = deepmap_pipeline_begin (-1, 0, 16, 1, 2, 2, 0, 1, a);
  for (int k = 0; k < 16; k++)
    {
      deepmap_pipeline_iter (p, k);
      #pragma omp target
      A[k][0] = k;
    }
  deepmap_pipeline_end (p);
  printf ("not reached\n");
  return 0;
}
