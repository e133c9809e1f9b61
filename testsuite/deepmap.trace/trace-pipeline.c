/* DEEPMAP_TRACE=FILE.json with a pipelined loop: its begin, the
   iterations that start a chunk and its end are the constructs OMPT
   sees (target enter data, target update, target exit data) at their
   calls' lines, with the chunks' copies attributed to them (queued:
   the copies of the chunks the call moves), the slots' allocation and
   free, and the host's waits for a chunk's copies in.  Three-iteration
   chunks of a loop over rows 1 to 18 in two slots: the begin sends
   chunks 0 and 1 (A's rows 0 to 7, B's 1 to 6), the iterations the
   rest and bring back B's rows 1 to 15, the end rows 16 to 18.  */
/* { dg-do run } */
/* { dg-options "-g" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_TRACE "trace-pipeline.json" } */
/* { dg-output "trace-check: OK" } */

#include "deepmap.h"
#include "trace-test.h"

#define NX 64
#define NZ 20
#define ROW (NX * sizeof (float))

static float A[NZ][NX], B[NZ][NX];

int
main (void)
{
  char expect[1024];
  snprintf (expect, sizeof expect,
	    "source:target_enter_data:PIPE-BEGIN "
	    "source:target_update:PIPE-ITER "
	    "source:target_exit_data:PIPE-END "
	    "bytes:H2D:PIPE-BEGIN:%zu bytes:H2D:PIPE-ITER:%zu "
	    "bytes:D2H:PIPE-ITER:%zu bytes:D2H:PIPE-END:%zu "
	    "source:alloc:PIPE-BEGIN source:free:PIPE-END "
	    "source:wait_for_queue:PIPE-ITER source:wait_for_queue:PIPE-END "
	    "has:D2D_copy has:kernel counter",
	    (8 + 6) * ROW, (12 + 12) * ROW, 15 * ROW, 3 * ROW);
  TRACE_TEST (strdup (expect));
  for (int k = 0; k < NZ; k++)
    for (int i = 0; i < NX; i++)
      A[k][i] = k + i;
  struct deepmap_pipe_array arr[2] = {
    { A, sizeof A[0], 1, -1, 3, DEEPMAP_PIPE_TO, "A", 0, 0 },
    { B, sizeof B[0], 1, 0, 1, DEEPMAP_PIPE_TOFROM, "B", 0, 0 } };
  void *p = deepmap_pipeline_begin (-1, 1, NZ - 1, 1, 3, 2, 0, 2, arr); /* PIPE-BEGIN */
  for (int k = 1; k < NZ - 1; k++)
    {
      deepmap_pipeline_iter (p, k); /* PIPE-ITER */
#pragma omp target map(to: A[k - 1:3][0:NX]) map(tofrom: B[k:1][0:NX])
      for (int i = 0; i < NX; i++)
	B[k][i] = A[k - 1][i] + A[k][i] + A[k + 1][i];
    }
  deepmap_pipeline_end (p); /* PIPE-END */
  for (int k = 1; k < NZ - 1; k++)
    for (int i = 0; i < NX; i++)
      if (B[k][i] != 3 * (k + i))
	abort ();
  return 0;
}
