/* The begin/end idiom (a counted begin pointer and an end pointer of
   the same type) changed by a region: an end pointer that was NULL, or
   an array that was empty, gets the region's array, and an end pointer
   set equal to its begin (the array emptied) comes back as such.  The
   end pointer comes back relative to the begin pointer: one past the
   array is no byte of it, and here the first byte of the next object
   the construct maps.  Before, a NULL end came back NULL or as the
   address of that next object.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct span
{
  int n;
  double *begin deepmap_counted_by (n);
  double *end;	/* { dg-warning "pointer .end. of .struct span. points to .double.: one element assumed" } */
};

int
main (void)
{
  /* Two arrays adjacent on the host, so that the first one's end is the
     second one's first element.  */
  double *both = (double *) xcalloc (8, sizeof (double));
  for (int i = 0; i < 8; i++)
    both[i] = i;
  struct span s[2] = { { 4, both, both + 4 }, { 0, NULL, NULL } };
  struct span *p = s;

  /* Move the first span into the second (NULL) one.  */
#pragma omp target map(tofrom: p[0:2]) map(tofrom: both[4:4])
  {
    p[1].n = p[0].n;
    p[1].begin = p[0].begin;
    p[1].end = p[0].end;
    p[0].n = 0;
    p[0].end = p[0].begin;
  }
  CHECK (s[1].begin == both && s[1].end == both + 4 && s[1].n == 4,
	 "moved span: begin %p end %p, not %p %p", (void *) s[1].begin,
	 (void *) s[1].end, (void *) both, (void *) (both + 4));
  CHECK (s[0].n == 0 && s[0].end == s[0].begin && s[0].begin == both,
	 "emptied span: begin %p end %p", (void *) s[0].begin,
	 (void *) s[0].end);
  printf ("ok\n");
  return 0;
}
