/* DEEPMAP_CHECK=1: a record that no deep exit data takes (the structure
   was unmapped by a shallow exit data) does not blame a later, correct
   enter/exit cycle of a structure at the same address; nested enter data
   of one structure keep one record each.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include "deepmap.h"

struct node { int v; struct node *next; };

static struct deepmap_type *t;

/* The runtime reads the annotation at the construct: static.  */
static struct deepmap_annotation ann;

static void
deep (struct node *p)
{
  ann = (struct deepmap_annotation) { p, t };
  deepmap_annotate (1, &ann);
}

int
main (void)
{
  t = deepmap_type_new ("struct node", sizeof (struct node));
  deepmap_type_add_pointer (t, "next", offsetof (struct node, next), t,
			    DEEPMAP_COUNT_ONE, 0, 0, 0);
  struct node *a = calloc (1, sizeof *a), *b = calloc (1, sizeof *b);
  struct node *c = calloc (1, sizeof *c);
  int dev = omp_get_default_device ();
  a->next = b;
  deep (a);
#pragma omp target enter data map(to: a[0:1])
  /* Shallow: only a goes, b stays mapped; a's record stays too.  */
#pragma omp target exit data map(release: a[0:1])
  if (omp_target_is_present (a, dev) || !omp_target_is_present (b, dev))
    abort ();

  /* A correct cycle with another pointer in the same field.  */
  a->next = c;
  deep (a);
#pragma omp target enter data map(to: a[0:1])
  deep (a);
#pragma omp target enter data map(to: a[0:1])
  deep (a);
#pragma omp target exit data map(release: a[0:1])
  deep (a);
#pragma omp target exit data map(release: a[0:1])
  if (omp_target_is_present (a, dev) || omp_target_is_present (c, dev))
    abort ();

  /* NULL at enter data, NULL at exit data: nothing to report.  */
  a->next = NULL;
  deep (a);
#pragma omp target enter data map(to: a[0:1])
  deep (a);
#pragma omp target exit data map(release: a[0:1])
  puts ("ok");
  return 0;
}
/* { dg-output "ok" } */
