/* A linked list of 100,000 nodes mapped by its head: the expansion
   follows pointers with a work list, not one recursion per hop (45,000
   nodes overflowed an 8 MiB stack), and the runtime's per-construct
   arrays of a list that long live on the heap.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "deeptests.h"

#ifndef N
#define N 100000
#endif

struct node
{
  long value;
  struct node *next;
};

int
main (void)
{
  struct node *head = NULL;
  for (long i = N - 1; i >= 0; i--)
    {
      struct node *p = malloc (sizeof *p);
      CHECK (p != NULL);
      p->value = i;
      p->next = head;
      head = p;
    }
#pragma omp target map(tofrom: head[0:1])
  for (struct node *p = head; p; p = p->next)
    p->value = 3 * p->value + 1;
  long i = 0;
  for (struct node *p = head; p; p = p->next, i++)
    CHECK (p->value == 3 * i + 1);
  CHECK (i == N);
  CHECK (!omp_target_is_present (head, omp_get_default_device ()));
  return 0;
}
