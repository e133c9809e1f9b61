/* OMPT: OMP_TOOL=disabled: the tool of OMP_TOOL_LIBRARIES is never
   opened, and constructs run as usual.  */
/* { dg-set-target-env-var OMP_TOOL "disabled" } */
#include "ompt-check.h"

int
main (void)
{
  int x = 1;
#pragma omp target map(tofrom: x)
  x++;
  CHECK (x == 2, "result");
  CHECK (getenv ("OMP_TOOL_LIBRARIES") && tool_handle () == NULL,
	 "the tool was loaded");
  return 0;
}
