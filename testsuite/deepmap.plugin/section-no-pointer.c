/* A section of structures with pointers whose region uses none of them
   (NeoRodinia's streamcluster: map(to: points[0:n]) of Point { float
   weight; float *coord; long assign; float cost; }, the kernel reading
   .cost and .assign): mapped as plain data, not deep-copied (which
   followed every coord, a million transfers of one float each).  Deep
   where the region reads a pointer member (reads_coord), hands an
   element's address to a function (hands_element), or never touches the
   section (untouched: nothing to go by).  Results are checked.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <stdlib.h>
#include "check.h"
#include "deepmap.h"

typedef struct
{
  float weight;
  float *coord deepmap_counted_by (dim);
  int dim;
  long assign;
  float cost;
} Point;

__attribute__ ((noinline)) static float
costs (Point *pts, int n)
{
  float s = 0;
#pragma omp target teams distribute parallel for map(to: pts[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++)
    s += pts[i].cost * (float) pts[i].assign;
  return s;
}

__attribute__ ((noinline)) static float
reads_coord (Point *pts, int n)
{
  float s = 0;
#pragma omp target teams distribute parallel for map(to: pts[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++)
    s += pts[i].coord[0];
  return s;
}

#pragma omp declare target
static float
first_coord (const Point *p)
{
  return p->coord[1];
}
#pragma omp end declare target

__attribute__ ((noinline)) static float
hands_element (Point *pts, int n)
{
  float s = 0;
#pragma omp target teams distribute parallel for map(to: pts[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++)
    s += first_coord (&pts[i]);
  return s;
}

__attribute__ ((noinline)) static void
untouched (Point *pts, int n)
{
#pragma omp target map(to: pts[0:n])
  ;
}

int
main (void)
{
  enum { N = 16, D = 2 };
  Point *pts = (Point *) malloc (N * sizeof *pts);
  for (int i = 0; i < N; i++)
    {
      pts[i].weight = 1;
      pts[i].dim = D;
      pts[i].coord = (float *) malloc (D * sizeof (float));
      pts[i].coord[0] = i;
      pts[i].coord[1] = 2 * i;
      pts[i].assign = i % 3;
      pts[i].cost = 0.5f;
    }
  float want = 0, c0 = 0, c1 = 0;
  for (int i = 0; i < N; i++)
    want += 0.5f * (i % 3), c0 += i, c1 += 2 * i;
  CHECK (costs (pts, N) == want, "costs");
  CHECK (reads_coord (pts, N) == c0, "reads_coord");
  CHECK (hands_element (pts, N) == c1, "hands_element");
  untouched (pts, N);
  for (int i = 0; i < N; i++)
    CHECK (pts[i].coord[0] == i && pts[i].coord[1] == 2 * i, "coord %d", i);
  return 0;
}

/* { dg-final { scan-deepmap-report "section-no-pointer.c:27:9: deepmap: target: '\\*pts' shallow: the region uses none of its pointers" } } */
/* { dg-final { scan-deepmap-report "section-no-pointer.c:37:9: deepmap: target: '\\*pts' deep" } } */
/* { dg-final { scan-deepmap-report "section-no-pointer.c:55:9: deepmap: target: '\\*pts' deep" } } */
/* { dg-final { scan-deepmap-report "section-no-pointer.c:64:9: deepmap: target: '\\*pts' deep" } } */
