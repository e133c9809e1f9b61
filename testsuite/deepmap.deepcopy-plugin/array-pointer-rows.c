/* A pointer to an array type is as often the rows of a 2-D array
   (double (*a)[N] = malloc (m * sizeof *a)) as one row.  Without a
   count the plugin maps one row and says so; the region then read the
   other rows from device memory never written, silently.  With
   deepmap_counted_by the rows are mapped, read and written back.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

#define NX 4

struct grid_counted
{
  int rows;
  double (*a)[NX] deepmap_counted_by (rows);
};

struct grid_guess
{
  double (*a)[NX];		/* { dg-warning "pointer 'a' of 'struct grid_guess' points to 'double\\\[4\\\]': one element assumed; use 'deepmap_counted_by'" } */
  int rows;
};

int
main (void)
{
  int m = 5;
  struct grid_counted g = { m, xcalloc (m, sizeof *g.a) }, *gp = &g;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < NX; j++)
      g.a[i][j] = 10 * i + j;
  double sum = 0;
#pragma omp target map(tofrom: gp[0:1], sum)
  for (int i = 0; i < gp->rows; i++)
    for (int j = 0; j < NX; j++)
      {
	sum += gp->a[i][j];
	gp->a[i][j] *= 2;
      }
  double want = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < NX; j++)
      {
	want += 10 * i + j;
	CHECK (g.a[i][j] == 2 * (10 * i + j));
      }
  CHECK (sum == want);

  /* The guess: one row, as the warning says.  */
  struct grid_guess h = { xcalloc (1, sizeof *h.a), 1 }, *hp = &h;
  h.a[0][3] = 7;
#pragma omp target map(tofrom: hp[0:1])
  hp->a[0][3] += 1;
  CHECK (h.a[0][3] == 8);
  printf ("array pointer rows: ok\n");
  return 0;
}
/* { dg-output "array pointer rows: ok" } */
