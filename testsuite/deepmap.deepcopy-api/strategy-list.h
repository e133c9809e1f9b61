/* A 100-node list mapped deeply by its head in one target region; the
   including test picks the strategy (DEEPMAP_DEEPCOPY) and matches the
   transfer counts DEEPMAP_STATS prints.  */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include "deepmap.h"

struct node { double v; struct node *next; };

int
main (void)
{
  struct deepmap_type *t = deepmap_type_new ("struct node",
					     sizeof (struct node));
  deepmap_type_add_pointer (t, "next", offsetof (struct node, next), t,
			    DEEPMAP_COUNT_ONE, 0, 0, 0);
  struct node *head = NULL;
  for (int i = 99; i >= 0; i--)
    {
      struct node *p = malloc (sizeof *p);
      p->v = i;
      p->next = head;
      head = p;
    }
  struct node *keep = head;
  struct deepmap_annotation ann = { head, t };
  deepmap_annotate (1, &ann);
#pragma omp target map(tofrom: head[0:1])
  for (struct node *p = head; p; p = p->next)
    p->v += 1;
  int i = 0;
  for (struct node *p = keep; p; p = p->next, i++)
    if (p->v != i + 1 || (p->next == NULL) != (i == 99))
      {
	printf ("node %d wrong\n", i);
	abort ();
      }
  return 0;
}
