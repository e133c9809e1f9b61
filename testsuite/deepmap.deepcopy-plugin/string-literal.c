/* A structure whose `char *' field points to a string literal, mapped
   tofrom: automatic deep copy maps the pointee (one element, as the
   plugin warns), and the copy back would write read-only memory and
   fault.  The runtime leaves read-only host memory alone where the
   device's bytes are the host's (hostmem.c); a kernel that changed
   them is an error (string-literal-written.c).  */
/* { dg-options "-w" } */
#include <stdio.h>
#include <stdlib.h>
#include "deepmap.h"

struct inputs
{
  long lookups;
  const char *mode;
  char *name;
};

int
main (void)
{
  struct inputs in = { 100, "event", (char *) "xs" };
  int *v = (int *) malloc (100 * sizeof (int));
#pragma omp target teams distribute parallel for map(tofrom: in, v[0:in.lookups])
  for (long i = 0; i < in.lookups; i++)
    v[i] = (int) i + in.name[0] + in.mode[0];
  long s = 0;
  for (long i = 0; i < in.lookups; i++)
    s += v[i];
  if (s != 4950 + 100 * ('x' + 'e') || in.name[0] != 'x')
    abort ();
  free (v);
  return 0;
}
