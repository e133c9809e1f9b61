/* Cycles end (each object once), shared substructures map once, NULL is
   skipped, a pointer into the middle of a mapped array translates into
   that array's device copy, and enter/exit data deep-map too.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include "deepmap.h"

struct node { int v; struct node *a, *b; int *data; int n; };

int
main (void)
{
  int dev = omp_get_default_device ();
  struct deepmap_type *ti = deepmap_type_new ("int", sizeof (int));
  struct deepmap_type *t = deepmap_type_new ("struct node",
					     sizeof (struct node));
  deepmap_type_add_pointer (t, "a", offsetof (struct node, a), t,
			    DEEPMAP_COUNT_ONE, 0, 0, 0);
  deepmap_type_add_pointer (t, "b", offsetof (struct node, b), t,
			    DEEPMAP_COUNT_ONE, 0, 0, 0);
  deepmap_type_add_pointer (t, "data", offsetof (struct node, data), ti,
			    DEEPMAP_COUNT_FIELD, offsetof (struct node, n),
			    sizeof (int), 1);
  int *arr = malloc (10 * sizeof (int));
  for (int i = 0; i < 10; i++)
    arr[i] = i;
  /* x -> y, x -> z, y -> w, z -> w (DAG), w -> x (cycle); y's data is
     arr[0:10], z's data points into the middle of it (arr[4:3]).  */
  struct node *x = calloc (1, sizeof *x), *y = calloc (1, sizeof *y),
	      *z = calloc (1, sizeof *z), *w = calloc (1, sizeof *w);
  x->a = y, x->b = z, y->a = w, z->a = w, w->a = x;
  y->data = arr, y->n = 10;
  z->data = arr + 4, z->n = 3;
  x->v = 1, y->v = 2, z->v = 3, w->v = 4;

  struct deepmap_annotation ann = { x, t };
  deepmap_annotate (1, &ann);
#pragma omp target enter data map(to: x[0:1])
  if (!omp_target_is_present (w, dev) || !omp_target_is_present (&arr[9], dev))
    abort ();
  int *dz = (int *) omp_get_mapped_ptr (&arr[4], dev);
  struct node dzn;
  omp_target_memcpy (&dzn, omp_get_mapped_ptr (z, dev), sizeof dzn, 0, 0,
		     omp_get_initial_device (), dev);
  if (dzn.data != dz || dzn.b != NULL)
    {
      printf ("z's device data %p, expected %p; b %p\n", (void *) dzn.data,
	      (void *) dz, (void *) dzn.b);
      abort ();
    }
  int sum = 0;
#pragma omp target map(from: sum)
  {
    /* Walk the device graph: x, y, z, w each once via the pointers.  */
    sum = x->v + x->a->v + x->b->v + x->a->a->v + x->a->a->a->v;
    for (int i = 0; i < x->a->n; i++)
      x->a->data[i] += 100;
    x->b->data[0] += 1000;	/* arr[4], through z */
    x->a->a->v = 40;
  }
  if (sum != 1 + 2 + 3 + 4 + 1)
    {
      printf ("sum %d\n", sum);
      abort ();
    }
  if (arr[4] != 4 || w->v != 4)
    abort ();			/* not copied back yet */
  deepmap_annotate (1, &ann);
#pragma omp target exit data map(from: x[0:1])
  if (arr[4] != 1104 || arr[9] != 109 || w->v != 40)
    {
      printf ("arr[4] %d arr[9] %d w %d\n", arr[4], arr[9], w->v);
      abort ();
    }
  if (x->a != y || w->a != x || z->data != arr + 4)
    abort ();
  if (omp_target_is_present (w, dev) || omp_target_is_present (arr, dev))
    abort ();
  return 0;
}
