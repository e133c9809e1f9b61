/* Constructs in less common places: inside a parallel region, in a nested
   function (items reached through the static chain), a VLA of structs,
   a struct member section; the items' host addresses are exact.  (GCC 12
   itself fails on a VLA that a nested function and a target construct
   inside a parallel region both use, so the nested function does not.)  */
/* { dg-options "-O1" } */
#include "dm-capture.h"

struct node { int v; struct node *next; };
struct holder { int k; struct node *arr; }; /* { dg-warning "pointer 'arr' of 'struct holder' points to 'struct node' and is used as an array" } */

int
main (int argc, char **argv)
{
  int n = argc + 4;
  struct node vla[n];
  struct node *list = calloc (1, sizeof *list);
  struct holder h = { 0, calloc (3, sizeof (struct node)) };
  memset (vla, 0, sizeof vla);

  cap_reset ();
#pragma omp parallel num_threads(1)
  {
#pragma omp target map(tofrom: vla[1:2])
    vla[1].v = 1;
  }
  CHECK (cap_calls == 1 && cap_type (&vla[1]) != NULL);
  const struct deepmap_type *tn = cap_type (&vla[1]);

  void nested (void)
  {
#pragma omp target enter data map(to: list[0:1], h)
  }
  cap_reset ();
  nested ();
  CHECK (cap_calls == 1 && cap_n == 2);
  CHECK (cap_type (list) == tn);
  CHECK (cap_type (&h) && cap_type (&h)->nfields == 1);

  cap_reset ();
#pragma omp target map(tofrom: h.arr[1:2])
  h.arr[1].v = 5;
  CHECK (cap_calls == 1 && cap_type (&h.arr[1]) != NULL);
  CHECK (vla[1].v == 1 && h.arr[1].v == 5);
  puts ("regions ok");
  return 0;
}
/* { dg-output "regions ok" } */
