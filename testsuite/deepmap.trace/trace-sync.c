/* DEEPMAP_TRACE=FILE.json: synchronous constructs on the calling
   thread's track, copies with the bytes of their map clauses and the
   construct's file:line (DWARF), allocations, frees, a fusion with its
   device-to-device move, and the device memory counter.  */
/* { dg-do run } */
/* { dg-options "-g" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_TRACE "trace-sync.json" } */
/* { dg-output "trace-check: OK" } */

#include "trace-test.h"

#define N 1000
#define M 600

int
main (void)
{
  TRACE_TEST ("copy:H2D:8000 copy:D2H:2400 nocopy:H2D:2400 "
	      "source:H2D:TRACE-TARGET source:D2H:TRACE-TARGET "
	      "source:target:TRACE-TARGET copy:D2D:2000 "
	      "source:fusion:TRACE-FUSE "
	      "has:alloc has:free has:kernel has:target_enter_data "
	      "has:target_exit_data has:target_update "
	      "bytes:H2D:TRACE-UPDATE:4000 bytes:H2D:TRACE-TARGET:8000 "
	      "bytes:D2H:TRACE-TARGET:2400 counter hostonly");
  static double a[N];
  static int b[M];
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp target map(to: a[0:N]) map(from: b[0:M]) /* TRACE-TARGET */
  for (int i = 0; i < M; i++)
    b[i] = (int) a[i] + 1;
  for (int i = 0; i < M; i++)
    if (b[i] != i + 1)
      abort ();

  /* a[0:250] then a[250:500]: the second touches the first, whose
     block (2000 bytes) moves into one covering both.  */
#pragma omp target enter data map(to: a[0:250])
#pragma omp target enter data map(to: a[250:250]) /* TRACE-FUSE */
#pragma omp target update to(a[0:500]) /* TRACE-UPDATE */
#pragma omp target exit data map(release: a[0:500])
  return 0;
}
