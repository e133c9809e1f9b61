/* double **rows counted by nr: the rows are counted, the doubles each
   row points to are not, and the warning says so at the field (it said
   "a pointer of type 'double *' (not a field: no count)" at the
   construct, which did not lead to rows).  One element of each row is
   mapped, as warned; the region uses just that.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct mat
{
  int nr;
  double **rows deepmap_counted_by (nr); /* { dg-warning "deepmap: the pointers that 'rows' of 'struct mat' points to \\(of type 'double \\*', no count\\) point to 'double': one element assumed each" } */
};

int
main (void)
{
  struct mat m;
  m.nr = 3;
  m.rows = xcalloc (3, sizeof (double *));
  for (int i = 0; i < 3; i++)
    m.rows[i] = xcalloc (1, sizeof (double));
#pragma omp target map(tofrom: m)
  for (int i = 0; i < m.nr; i++)
    m.rows[i][0] = 10 + i;
  for (int i = 0; i < 3; i++)
    CHECK (m.rows[i][0] == 10 + i, "rows[%d][0] = %g", i, m.rows[i][0]);
  return 0;
}
