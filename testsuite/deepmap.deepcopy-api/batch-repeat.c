/* DEEPMAP_DEEPCOPY=batch, the same 300-node list (nodes allocated in a
   shuffled host order) mapped by five regions in turn: each region sends
   its nodes in one transfer and brings them back in one, also when the
   pool hands the blocks freed by the region before back in another order,
   and the results are those of the plain path.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEEPCOPY "batch" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 5 transfers 24000 bytes, d2h 5 transfers 24000 bytes" } */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include "deepmap.h"

#define N 300

struct node
{
  double v;
  struct node *next;
};

int
main (void)
{
  struct deepmap_type *t = deepmap_type_new ("struct node",
					     sizeof (struct node));
  deepmap_type_add_pointer (t, "next", offsetof (struct node, next), t,
			    DEEPMAP_COUNT_ONE, 0, 0, 0);
  struct node *pool = calloc (N, sizeof *pool);
  int order[N];
  for (int i = 0; i < N; i++)
    order[i] = i;
  srand (7);
  for (int i = N - 1; i > 0; i--)
    {
      int j = rand () % (i + 1), x = order[i];
      order[i] = order[j];
      order[j] = x;
    }
  /* List position I lives in pool slot ORDER[I].  */
  for (int i = 0; i < N; i++)
    {
      pool[order[i]].v = i;
      pool[order[i]].next = i + 1 < N ? &pool[order[i + 1]] : NULL;
    }
  struct node *head = &pool[order[0]];
  for (int round = 0; round < 5; round++)
    {
      struct deepmap_annotation ann = { head, t };
      deepmap_annotate (1, &ann);
#pragma omp target map(tofrom: head[0:1])
      for (struct node *p = head; p; p = p->next)
	p->v += 1;
    }
  int i = 0;
  for (struct node *p = head; p; p = p->next, i++)
    if (p->v != i + 5 || (p->next == NULL) != (i == N - 1))
      {
	printf ("node %d wrong\n", i);
	abort ();
      }
  if (i != N)
    abort ();
  return 0;
}
