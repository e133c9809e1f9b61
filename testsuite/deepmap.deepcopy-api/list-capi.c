/* Deep copy of a linked list described with the C API: mapping the head
   maps every node, the device copies' next pointers are device pointers,
   the host's stay untouched (also before copy-back), data comes back.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include "deepmap.h"

struct node { double v; struct node *next; };

#define N 100

int
main (void)
{
  int dev = omp_get_default_device ();
  struct deepmap_type *t = deepmap_type_new ("struct node", sizeof (struct node));
  if (!t || deepmap_type_add_pointer (t, "next", offsetof (struct node, next),
				      t, DEEPMAP_COUNT_ONE, 0, 0, 0))
    abort ();
  struct node *nodes[N], *head = NULL;
  for (int i = N - 1; i >= 0; i--)
    {
      nodes[i] = malloc (sizeof (struct node));
      nodes[i]->v = i;
      nodes[i]->next = head;
      head = nodes[i];
    }
  struct deepmap_annotation ann = { head, t };
  deepmap_annotate (1, &ann);
#pragma omp target data map(tofrom: head[0:1])
  {
    for (int i = 0; i < N; i++)
      if (!omp_target_is_present (nodes[i], dev))
	{
	  printf ("node %d not present\n", i);
	  abort ();
	}
    /* The device copy of node 3's next points at node 4's device copy.  */
    struct node d3;
    omp_target_memcpy (&d3, omp_get_mapped_ptr (nodes[3], dev), sizeof d3, 0,
		       0, omp_get_initial_device (), dev);
    if (d3.next != omp_get_mapped_ptr (nodes[4], dev))
      {
	printf ("device next %p, expected %p\n", (void *) d3.next,
		omp_get_mapped_ptr (nodes[4], dev));
	abort ();
      }
#pragma omp target
    for (struct node *p = head; p; p = p->next)
      p->v = p->v * 2 + 1;
    for (int i = 0; i < N; i++)
      if (nodes[i]->v != i)
	{
	  printf ("host node %d changed before copy-back\n", i);
	  abort ();
	}
  }
  for (int i = 0; i < N; i++)
    {
      if (nodes[i]->v != 2 * i + 1)
	{
	  printf ("node %d: %g, expected %d\n", i, nodes[i]->v, 2 * i + 1);
	  abort ();
	}
      if (nodes[i]->next != (i + 1 < N ? nodes[i + 1] : NULL))
	{
	  printf ("host next pointer of node %d overwritten\n", i);
	  abort ();
	}
      if (omp_target_is_present (nodes[i], dev))
	abort ();
    }
  return 0;
}
