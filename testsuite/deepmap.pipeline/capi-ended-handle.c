/* A pipeline handle used after deepmap_pipeline_end (a second loop that
   reuses the first one's handle): one error line naming the call and the
   handle, not the freed pipeline read as a live one.  The first loop runs
   to its end and its results are right.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "handle of an ended pipeline" } */
/* { dg-output "first loop: ok\n" } */
/* { dg-output "deepmap: error: deepmap_pipeline_iter: 0x\[0-9a-f\]+ is not this thread's pipelined loop \\(ended already, begun on another thread, or not a handle from deepmap_pipeline_begin\\)" } */
#include "stencil.h"

int
main (void)
{
  static float A[16][8];
  struct deepmap_pipe_array a[1] = {
    { A, sizeof A[0], 1, 0, 1, DEEPMAP_PIPE_TOFROM, "A" } };
  void *p = deepmap_pipeline_begin (-1, 0, 16, 1, 2, 2, 0, 1, a);
  for (int k = 0; k < 16; k++)
    {
      deepmap_pipeline_iter (p, k);
      #pragma omp target
      A[k][0] = k;
    }
  deepmap_pipeline_end (p);
  int ok = 1;
  for (int k = 0; k < 16; k++)
    ok &= A[k][0] == k;
  printf ("first loop: %s\n", ok ? "ok" : "wrong");
  fflush (stdout);
  for (int k = 0; k < 16; k++)
    {
      deepmap_pipeline_iter (p, k);
      #pragma omp target
      A[k][0] = 2 * k;
    }
  printf ("not reached\n");
  return 0;
}
