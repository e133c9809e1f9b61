/* sites-lib.c -- a library built with the plugin whose constructs map a
   structure deeply: its sites are registered when it is opened and
   unregistered when it is closed (sites-dlclose.exp).  */
#include <stdlib.h>
#include "deepmap.h"

struct vec
{
  long n;
  int *data deepmap_counted_by (n);
};

struct vec *
lib_enter (int v)
{
  struct vec *p = malloc (sizeof *p);
  p->n = 64;
  p->data = malloc (64 * sizeof (int));
  for (int i = 0; i < 64; i++)
    p->data[i] = v;
#pragma omp target enter data map(to: p[0:1])
  return p;
}

int
lib_sum (struct vec *p)
{
  int s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < p->n; i++)
    s += p->data[i];
  return s;
}

void
lib_exit (struct vec *p)
{
#pragma omp target exit data map(from: p[0:1])
  free (p->data);
  free (p);
}
