/* DEEPMAP_CHECK=1 on a 40,000-node list mapped by enter data and unmapped
   by exit data, twice, and once by a region: the check records are found
   per field (they were searched linearly, quadratic in the list).  Also
   nested enter data of the same list: one record per enter, each exit
   takes one.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include "deeptests.h"

#define N 40000

struct node
{
  long value;
  struct node *next;
};

int
main (void)
{
  struct node *head = xcalloc (1, sizeof *head), **tail = &head->next;
  for (long i = 1; i < N; i++, tail = &(*tail)->next)
    {
      *tail = xcalloc (1, sizeof **tail);
      (*tail)->value = i;
    }
  int dev = omp_get_default_device ();
  for (int round = 0; round < 2; round++)
    {
#pragma omp target enter data map(to: head[0:1])
#pragma omp target enter data map(to: head[0:1])
#pragma omp target
      for (struct node *p = head; p; p = p->next)
	p->value += 1;
#pragma omp target exit data map(release: head[0:1])
      CHECK (omp_target_is_present (head, dev));
#pragma omp target exit data map(from: head[0:1])
      CHECK (!omp_target_is_present (head, dev));
    }
#pragma omp target map(tofrom: head[0:1])
  for (struct node *p = head; p; p = p->next)
    p->value *= 2;
  long i = 0;
  for (struct node *p = head; p; p = p->next, i++)
    CHECK (p->value == 2 * (i + 2));
  CHECK (i == N);
  return 0;
}
