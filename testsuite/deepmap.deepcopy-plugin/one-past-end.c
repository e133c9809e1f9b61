/* Pointers one past the end of an array that a sibling field maps (the
   begin/end idiom) are translated into that array's device copy, not
   mapped as an element of their own: copy-back never writes the host
   memory after the array (which the structure does not own), and the
   region sees end - begin == n.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"
#include <string.h>

struct range
{
  int n;
  double *begin deepmap_counted_by (n);
  double *end;	/* { dg-warning "pointer .end. of .struct range. points to .double.: one element assumed" } */
};

/* The end pointer first in the layout.  */
struct rrange
{
  double *end;	/* { dg-warning "pointer .end. of .struct rrange. points to .double.: one element assumed" } */
  int n;
  double *begin deepmap_counted_by (n);
};

int
main (void)
{
  int dev = omp_get_default_device ();
  /* The array and, right after it, memory the structure does not own:
     a guard that copy-back must leave alone.  */
  double *mem = xcalloc (16 + 4, sizeof (double));
  for (int i = 16; i < 20; i++)
    mem[i] = -7.0;
  struct range r = { 16, mem, mem + 16 };

#pragma omp target enter data map(to: r)
  CHECK (omp_target_is_present (mem, dev));
  CHECK (!omp_target_is_present (&mem[16], dev));
  long seen = -1;
#pragma omp target map(from: seen)
  {
    seen = r.end - r.begin;
    for (double *p = r.begin; p != r.end; p++)
      *p = 3.0;
  }
  CHECK (seen == 16);
  /* The host changes the guard while the structure is mapped.  */
  for (int i = 16; i < 20; i++)
    mem[i] = 9.0;
#pragma omp target exit data map(from: r)
  for (int i = 0; i < 16; i++)
    CHECK (mem[i] == 3.0);
  for (int i = 16; i < 20; i++)
    CHECK (mem[i] == 9.0);
  CHECK (r.end == mem + 16 && r.begin == mem);

  struct rrange q = { mem + 8, 8, mem };
  seen = -1;
#pragma omp target map(tofrom: q) map(from: seen)
  {
    seen = q.end - q.begin;
    q.begin[7] = 1.5;
  }
  CHECK (seen == 8);
  CHECK (mem[7] == 1.5 && mem[8] == 3.0);
  CHECK (!omp_target_is_present (mem, dev));

  /* An empty range (begin == end): nothing to map or follow.  */
  struct range e = { 0, mem, mem };
#pragma omp target map(tofrom: e)
  {
  }
  CHECK (!omp_target_is_present (mem, dev));
  CHECK (e.begin == mem && e.end == mem);

  /* An array allocated to its exact size: nothing past it is read or
     written (make check-asan reports any access there).  */
  double *x = xcalloc (5, sizeof (double));
  struct range xr = { 5, x, x + 5 };
#pragma omp target map(tofrom: xr)
  for (double *p = xr.begin; p != xr.end; p++)
    *p = 4.0;
  CHECK (x[0] == 4.0 && x[4] == 4.0);
  free (x);

  printf ("one past the end: ok\n");
  free (mem);
  return 0;
}
