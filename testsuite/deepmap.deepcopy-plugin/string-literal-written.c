/* string-literal.c's structure, whose kernel writes the byte its `char
   *' field points to, a string literal: the copy back would change
   read-only memory, which the program could not have done either.  One
   error line, not a fault.  */
/* { dg-options "-w" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "a kernel changed a string literal" } */
/* { dg-output "deepmap: error: \[^\n\]*read-only host memory" } */
#include <stdlib.h>
#include "deepmap.h"

struct label
{
  char *name;
};

int
main (void)
{
  struct label l = { (char *) "xs" };
#pragma omp target map(tofrom: l)
  l.name[0] = 'y';
  return 0;
}
