/* counted_by on a flexible array member (GCC 15's form): the descriptor
   gets a counted tail (offset, element descriptor, count field); a
   flexible array member without a count is warned about, naming it, as
   only the header is mapped.  */
#include "dm-capture.h"

struct item { int len; int *v deepmap_counted_by (len); };
struct bag
{
  char tag;
  unsigned short count;
  struct item items[] __attribute__ ((counted_by (count)));
};
struct vec { long n; double data[] __attribute__ ((counted_by (n))); };
struct raw { int n; double data[]; };	/* { dg-warning "deepmap: flexible array member 'data' of 'struct raw' has no count: only the header is mapped; use 'counted_by'" } */
struct hold { struct vec *v; struct raw *r; };
struct c { int n; int k __attribute__ ((counted_by (n))); };	/* { dg-warning "'counted_by' attribute ignored: not a pointer field or flexible array member" } */
struct d { int n; int m[4] __attribute__ ((counted_by (n))); };	/* { dg-warning "'counted_by' attribute ignored: not a pointer field or flexible array member" } */

int
main (void)
{
  struct bag *b = calloc (1, sizeof *b + 2 * sizeof (struct item));
  struct vec *v = calloc (1, sizeof *v + 3 * sizeof (double));
  struct raw *r = calloc (1, sizeof *r + 3 * sizeof (double));
  struct hold h = { v, r };

  cap_reset ();
#pragma omp target map(tofrom: b[0:1], v[0:1], r[0:1], h)
  {
    b->tag = 1;
    v->n = 0;
    r->n = 0;
    h.v = 0;	/* comes back (NULL) with the structure */
  }
  CHECK (cap_calls == 1 && cap_n == 3);
  CHECK (!cap_type (r));	/* nothing to follow */

  const struct deepmap_type *tb = cap_type (b);
  CHECK (tb && tb->nfields == 0 && tb->size == sizeof (struct bag));
  CHECK (tb->tail && tb->tail->offset == offsetof (struct bag, items));
  CHECK (tb->tail->count_kind == DEEPMAP_COUNT_FIELD);
  CHECK (tb->tail->count == offsetof (struct bag, count));
  CHECK (tb->tail->count_size == 2 && !tb->tail->count_signed);
  CHECK (tb->tail->pointee->size == sizeof (struct item));
  CHECK (tb->tail->pointee->nfields == 1);
  CHECK (!strcmp (tb->tail->pointee->name, "struct item"));

  const struct deepmap_type *tv = cap_type (v);
  CHECK (tv && tv->tail && tv->tail->pointee->size == sizeof (double));
  CHECK (tv->tail->count == 0 && tv->tail->count_size == 8
	 && tv->tail->count_signed);

  /* Through a pointer: the pointee descriptors carry the tail too.  */
  const struct deepmap_type *th = cap_type (&h);
  CHECK (th && th->nfields == 2);
  CHECK (cap_field (th, "v")->pointee == tv);
  CHECK (!cap_field (th, "r")->pointee->tail);
  puts ("flexible array descriptors ok");
  return 0;
}
/* { dg-output "flexible array descriptors ok" } */
