/* A split in the second dimension whose columns run past the end of a
   row is a clear error, not a copy into the next row.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "columns beyond the row" } */
/* { dg-output "deepmap: error: pipeline: iteration 7 uses column 8 of B, beyond its rows of 64 bytes" } */
#include <omp.h>
#include <deepmap.h>

static double B[4][8];

int
main (void)
{
  /* B[0:4][k:2] for k in 0 .. 7: the last iteration needs column 8.  */
  struct deepmap_pipe_array a[1] = {
    { B, sizeof (double), 1, 0, 2, DEEPMAP_PIPE_TO, "B", 4, sizeof B[0] } };
  /* Links the runtime in: the program has no construct.  */
  if (omp_get_num_devices () < 1)
    return 1;
  void *p = deepmap_pipeline_begin (-1, 0, 8, 1, 1, 2, 0, 1, a);
  for (int k = 0; k < 8; k++)
    deepmap_pipeline_iter (p, k);
  deepmap_pipeline_end (p);
  return 0;
}
