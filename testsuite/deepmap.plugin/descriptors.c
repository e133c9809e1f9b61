/* The descriptors and items the plugin emits: recursive types, counted_by,
   nested structs, arrays of structs and of pointers, pointers to arrays,
   and the host address of each kind of list item.  */
#include "dm-capture.h"

struct node { int v; struct node *next; };
struct vec { long pad; unsigned short n; double *data deepmap_counted_by (n); };
struct inner { int *p; char c; };	/* { dg-warning "pointer .in\\\[\\\]\\.p. of .struct inner. points to .int.: one element assumed; use .deepmap_counted_by." } */
/* On the emulated device even under make check-gpu: dm-capture.h keeps deep
   copy from the runtime: the region reads host pointers, which only the
   emulated device can.  */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
struct outer
{
  int k;
  struct inner in[3];		/* array of structs: repeat 3, stride 16 */
  struct node *heads[4];	/* array of pointers */
  int (*row)[8];		/* points to 8 ints */ /* { dg-warning "pointer .row. of .struct outer. points to .int\\\[8\\\].: one element assumed" } */
  struct vec v;			/* nested: count field offset shifts */
};
struct plain { int a, b; };

int
main (void)
{
  struct node *list = calloc (1, sizeof *list);
  struct vec v = { 0, 3, calloc (3, sizeof (double)) };
  struct outer o[6];
  memset (o, 0, sizeof o);
  struct plain pl = { 1, 2 };

  cap_reset ();
#pragma omp target map(tofrom: list[0:1]) map(v) map(pl)
  {
    list->v = 7;
    v.data[0] = 1;
    pl.a = 3;
  }
  CHECK (cap_calls == 1 && cap_n == 2);
  /* list[0:1]: the pointer's value; v: its address.  */
  const struct deepmap_type *tn = cap_type (list);
  const struct deepmap_type *tv = cap_type (&v);
  CHECK (tn && tv && !cap_type (&pl));
  CHECK (tn->version == DEEPMAP_DESCRIPTOR_VERSION);
  CHECK (!strcmp (tn->name, "struct node") && tn->size == sizeof (struct node));
  CHECK (tn->nfields == 1);
  const struct deepmap_field *f = cap_field (tn, "next");
  CHECK (f->offset == offsetof (struct node, next));
  CHECK (f->pointee == tn);			/* recursive */
  CHECK (f->count_kind == DEEPMAP_COUNT_ONE && f->repeat <= 1);

  CHECK (tv->nfields == 1 && tv->size == sizeof (struct vec));
  f = cap_field (tv, "data");
  CHECK (f->offset == offsetof (struct vec, data));
  CHECK (f->count_kind == DEEPMAP_COUNT_FIELD);
  CHECK (f->count == offsetof (struct vec, n));
  CHECK (f->count_size == sizeof (unsigned short) && !f->count_signed);
  CHECK (f->pointee->size == sizeof (double) && f->pointee->nfields == 0);

  /* An array section of structs: the address of its first element.  */
  cap_reset ();
#pragma omp target data map(to: o[2:3])
  {
    CHECK (cap_calls == 1 && cap_n == 1);
    const struct deepmap_type *to = cap_type (&o[2]);
    CHECK (to && to->size == sizeof (struct outer));
    f = cap_field (to, "in[].p");
    CHECK (f->offset == offsetof (struct outer, in[0].p));
    CHECK (f->repeat == 3 && f->stride == sizeof (struct inner));
    CHECK (f->pointee->size == sizeof (int));
    f = cap_field (to, "heads[]");
    CHECK (f->offset == offsetof (struct outer, heads));
    CHECK (f->repeat == 4 && f->stride == sizeof (struct node *));
    CHECK (f->pointee == tn);			/* reused descriptor */
    f = cap_field (to, "row");
    CHECK (f->count_kind == DEEPMAP_COUNT_FIXED && f->count == 8);
    CHECK (f->pointee->size == sizeof (int));
    f = cap_field (to, "v.data");
    CHECK (f->offset == offsetof (struct outer, v.data));
    CHECK (f->count_kind == DEEPMAP_COUNT_FIELD
	   && f->count == offsetof (struct outer, v.n));
    /* Sorted by offset.  */
    for (size_t i = 1; i < to->nfields; i++)
      CHECK (to->fields[i - 1].offset <= to->fields[i].offset);

    /* target update: to/from clauses.  */
    cap_reset ();
#pragma omp target update to(v) from(list[0:1])
    CHECK (cap_calls == 1 && cap_n == 2);
    CHECK (cap_type (&v) == tv && cap_type (list) == tn);
  }

  cap_reset ();
#pragma omp target enter data map(to: list[0:1])
  CHECK (cap_calls == 1 && cap_type (list) == tn);
  cap_reset ();
#pragma omp target exit data map(from: list[0:1])
  CHECK (cap_calls == 1 && cap_type (list) == tn);

  /* No item with pointers: no call.  */
  cap_reset ();
#pragma omp target map(pl)
  pl.b = 4;
  CHECK (cap_calls == 0);

  CHECK (list->v == 7 && v.data[0] == 1 && pl.a == 3 && pl.b == 4);
  puts ("descriptors ok");
  return 0;
}
/* { dg-output "descriptors ok" } */
