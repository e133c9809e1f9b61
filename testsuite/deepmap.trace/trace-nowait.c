/* DEEPMAP_TRACE=FILE.json with nowait constructs: each construct's
   queued copies and region appear on the track of its device queue,
   inside the construct's span there, timed when the queue runs them
   (by the device itself on a GPU: CUDA events, queueclock);
   the host thread's track holds the construct's host part.  (One queue
   track at least: the two regions get a queue each only when both are
   in flight at once, which a slow run, under ASan, may not give.)  */
/* { dg-do run } */
/* { dg-options "-g" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_TRACE "trace-nowait.json" } */
/* { dg-set-target-env-var DEEPMAP_EMU_LINK "4G,20us" } */
/* { dg-output "trace-check: OK" } */

#include "trace-test.h"

#define N 100000

int
main (void)
{
  TRACE_TEST ("queues:1 bytes:H2D:TRACE-A:800000 bytes:D2H:TRACE-A:800000 "
	      "bytes:H2D:TRACE-B:400000 bytes:D2H:TRACE-B:400000 "
	      "bytes:H2D:TRACE-ENTER:80000 bytes:D2H:TRACE-EXIT:80000 "
	      "has:nowait_enqueue has:kernel counter queueclock timeline");
  double *a = malloc (N * sizeof *a);
  float *b = malloc (N * sizeof *b);
  for (int i = 0; i < N; i++)
    a[i] = b[i] = i;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target map(tofrom: a[0:N]) nowait /* TRACE-A */
    for (int i = 0; i < N; i++)
      a[i] += 1;
#pragma omp target map(tofrom: b[0:N]) nowait /* TRACE-B */
    for (int i = 0; i < N; i++)
      b[i] += 2;
#pragma omp taskwait
#pragma omp target enter data map(to: a[0:N/10]) nowait depend(out: a) /* TRACE-ENTER */
#pragma omp target exit data map(from: a[0:N/10]) nowait depend(inout: a) /* TRACE-EXIT */
#pragma omp taskwait
  }
  for (int i = 0; i < N; i++)
    if (a[i] != i + 1 || b[i] != i + 2)
      abort ();
  free (a);
  free (b);
  return 0;
}
