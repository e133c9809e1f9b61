/* Sections whose elements are pointers are followed as their type says:
   map(tofrom: rows[0:n]) of an int ** maps each rows[i]'s int (one
   element: a guess, warned about) and attaches it, and a struct T **
   parameter's section maps each object and its list.  A pointer mapped
   by itself stays its own bytes.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct cell { int v; struct cell *next; };

static void
bump_all (struct cell **cells, int n)
{
  int dev = omp_get_default_device ();
#pragma omp target enter data map(to: cells[0:n])
  for (int i = 0; i < n; i++)
    CHECK (omp_target_is_present (cells[i]->next, dev));
#pragma omp target
  for (int i = 0; i < n; i++)
    for (struct cell *c = cells[i]; c; c = c->next)
      c->v += 100;
  CHECK (cells[n - 1]->next->v == 1 - n);
#pragma omp target exit data map(from: cells[0:n])
}

int
main (void)
{
  int dev = omp_get_default_device ();
  enum { N = 5 };
  int **rows = xcalloc (N, sizeof *rows);
  for (int i = 0; i < N; i++)
    {
      rows[i] = xcalloc (1, sizeof (int));
      *rows[i] = i;
    }

#pragma omp target data map(tofrom: rows[0:N])	/* { dg-warning "a pointer of type 'int \\*' \\(not a field: no count\\) points to 'int': one element assumed" } */
  {
    for (int i = 0; i < N; i++)
      CHECK (omp_target_is_present (rows[i], dev));
#pragma omp target
    for (int i = 0; i < N; i++)
      *rows[i] *= 10;
    /* The device copies changed, not the host's yet.  */
    CHECK (*rows[3] == 3);
  }
  for (int i = 0; i < N; i++)
    {
      CHECK (!omp_target_is_present (rows[i], dev));
      CHECK (*rows[i] == 10 * i);
    }

  struct cell *cells[3];
  for (int i = 0; i < 3; i++)
    {
      cells[i] = xcalloc (2, sizeof (struct cell));
      cells[i][0].v = i;
      cells[i][0].next = &cells[i][1];
      cells[i][1].v = -i;
    }
  bump_all (cells, 3);
  for (int i = 0; i < 3; i++)
    CHECK (cells[i][0].v == 100 + i && cells[i][1].v == 100 - i);
  CHECK (!omp_target_is_present (cells[2], dev));

  for (int i = 0; i < N; i++)
    free (rows[i]);
  free (rows);
  for (int i = 0; i < 3; i++)
    free (cells[i]);
  printf ("pointer sections: ok\n");
  return 0;
}
/* { dg-output "pointer sections: ok" } */
