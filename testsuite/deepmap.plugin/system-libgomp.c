/* A program built with the plugin runs unchanged under the system
   libgomp: deepmap_annotate is a weak reference that stays null there,
   and the constructs map shallowly (host fallback).  */
/* { dg-set-target-env-var LD_LIBRARY_PATH "" } */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include "deepmap.h"

struct node { int v; struct node *next; };

int
main (void)
{
  struct node *head = NULL;
  for (int i = 0; i < 10; i++)
    {
      struct node *x = malloc (sizeof *x);
      x->v = i;
      x->next = head;
      head = x;
    }
  if (deepmap_annotate)
    {
      puts ("deepmap_annotate resolved: not the system libgomp");
      return 1;
    }
  int s = 0;
#pragma omp target enter data map(to: head[0:1])
#pragma omp target map(tofrom: head[0:1]) map(tofrom: s)
  for (struct node *p = head; p; p = p->next)
    s += p->v;
#pragma omp target update from(head[0:1])
#pragma omp target exit data map(delete: head[0:1])
  printf ("sum %d\n", s);
  return s != 45;
}
/* { dg-output "sum 45" } */
