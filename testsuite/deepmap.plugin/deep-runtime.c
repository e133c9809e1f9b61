/* Plugin-built deep copy on deepmap's emulated discrete device: mapping a
   list head maps every node, a counted_by pointer maps its n elements,
   arrays of structs map what each element points to; data comes back;
   enter/exit data and update are deep too; a construct inside a parallel
   region works.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-additional-options "-O0" { target *-*-* } } */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include "deepmap.h"

#ifndef deepmap_counted_by
# define deepmap_counted_by(f) __attribute__ ((counted_by (f)))
#endif

#include "check.h"

struct node { double v; struct node *next; };
struct vec { int n; double *data deepmap_counted_by (n); };
struct bag { struct vec parts[3]; struct node *first; };

#define N 50

static struct node *
make_list (struct node **nodes)
{
  struct node *head = NULL;
  for (int i = N - 1; i >= 0; i--)
    {
      nodes[i] = malloc (sizeof (struct node));
      nodes[i]->v = i;
      nodes[i]->next = head;
      head = nodes[i];
    }
  return head;
}

int
main (void)
{
  int dev = omp_get_default_device ();
  struct node *nodes[N];
  struct node *head = make_list (nodes);
  struct vec v = { 7, malloc (7 * sizeof (double)) };
  for (int i = 0; i < 7; i++)
    v.data[i] = i;

  CHECK (deepmap_annotate != NULL);
#pragma omp target data map(tofrom: head[0:1], v)
  {
    for (int i = 0; i < N; i++)
      CHECK (omp_target_is_present (nodes[i], dev));
    CHECK (omp_target_is_present (&v.data[6], dev));
#pragma omp target
    {
      for (struct node *p = head; p; p = p->next)
	p->v = 2 * p->v + 1;
      for (int i = 0; i < v.n; i++)
	v.data[i] += 100;
    }
    /* The host copies are untouched until copy-back.  */
    CHECK (nodes[5]->v == 5 && v.data[3] == 3);
  }
  for (int i = 0; i < N; i++)
    CHECK (nodes[i]->v == 2 * i + 1);
  for (int i = 0; i < 7; i++)
    CHECK (v.data[i] == i + 100);
  CHECK (!omp_target_is_present (nodes[3], dev));

  /* An array section of structs holding counted pointers and a list.  */
  struct bag bags[4];
  for (int b = 0; b < 4; b++)
    {
      for (int k = 0; k < 3; k++)
	{
	  bags[b].parts[k].n = k + 1;
	  bags[b].parts[k].data = calloc (k + 1, sizeof (double));
	}
      bags[b].first = nodes[b];
    }
#pragma omp target enter data map(to: bags[1:2])
  CHECK (omp_target_is_present (&bags[2].parts[2].data[2], dev));
  CHECK (omp_target_is_present (nodes[N - 1], dev));	/* via bags[1].first */
  CHECK (!omp_target_is_present (bags[3].parts[0].data, dev));
#pragma omp target
  bags[1].parts[1].data[1] = 42;
#pragma omp target update from(bags[1:2])
  CHECK (bags[1].parts[1].data[1] == 42);
#pragma omp target exit data map(release: bags[1:2])
  CHECK (!omp_target_is_present (&bags[2].parts[2].data[2], dev));

  /* Constructs inside a parallel region: each thread its own list.  */
  int bad = 0;
#pragma omp parallel num_threads(4) reduction(+: bad)
  {
    struct node *mine[N];
    struct node *h = make_list (mine);
#pragma omp target map(tofrom: h[0:1])
    for (struct node *p = h; p; p = p->next)
      p->v = -p->v;
    for (int i = 0; i < N; i++)
      bad += mine[i]->v != -i;
  }
  CHECK (bad == 0);
  puts ("deep copy ok");
  return 0;
}
/* { dg-output "deep copy ok" } */
