/* A region of a pipelined loop that runs on the host (its if clause is
   false) and uses a pipelined array: its writes went to host rows that
   the pipeline then copied back over from its slot, silently.  Now one
   error line.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "region on the host" } */
/* { dg-output "deepmap: error: pipeline: a target region that runs on the host \\(an if clause that is false, or no device\\) uses b, which the pipelined loop holds on device 0" } */
#include <stdlib.h>

int
main (int argc, char **argv)
{
  int m = 8, nz = 12, on = argc > 5;
  size_t n = (size_t) m * nz;
  float *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b);
  for (size_t x = 0; x < n; x++)
    a[x] = b[x] = x;
  #pragma deepmap pipeline(static[2,2]) pipeline_map(to: a[k:1][0:m]) pipeline_map(tofrom: b[k:1][0:m])
  for (int k = 0; k < nz; k++)
    {
      #pragma omp target teams distribute parallel for if(on)
      for (int i = 0; i < m; i++)
	b[(size_t) k * m + i] = a[(size_t) k * m + i] * 2;
    }
  return 0;
}
