/* Without debug information the timeline names a construct by the
   function that holds it and the offset of its call (dladdr), since
   there is no DWARF line to give.  */
/* { dg-do run } */
/* { dg-options "-g0 -rdynamic" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_TRACE "trace-symbols.json" } */
/* { dg-output "trace-check: OK" } */

#include "trace-test.h"

__attribute__ ((noinline)) void
trace_symbols_region (int *x)
{
#pragma omp target map(tofrom: x[0:1])
  x[0]++;
}

int
main (void)
{
  TRACE_TEST ("symbol:target:trace_symbols_region");
  int x = 1;
  trace_symbols_region (&x);
  if (x != 2)
    abort ();
  return 0;
}
