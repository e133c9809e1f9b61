/* A target region that stores to a pointer field of a structure deep
   copy maps loses the store (deep copy does not copy back the pointers
   it followed: the host keeps its own), so the plugin says so, once per
   field: through a pointer, in a mapped variable, in a structure the
   deep item reaches.
   Stores to a local of the region, or to a structure mapped shallow, are
   not warned about (an outside campaign: a device that clears or swaps
   pointers got a different result than the host, silently).  */
/* { dg-do compile } */
#include "deepmap.h"

struct buf { int n; double *v deepmap_counted_by (n); struct buf *next; };
struct pair { int n; double *cur deepmap_counted_by (n), *nxt deepmap_counted_by (n); };
struct holder { struct buf *b; };

void
f (struct buf *b, struct pair p, struct holder *h, struct buf *other)
{
#pragma omp target map(tofrom: b[0:1], p, h[0:1])
  {
    b->next = 0;	/* { dg-warning "deepmap: the region stores to pointer 'next' of 'struct buf', which deep copy maps" } */
    b->next = 0;	/* once per field */
    double *t = p.cur;
    p.cur = p.nxt;	/* { dg-warning "stores to pointer 'cur' of 'struct pair'" } */
    p.nxt = t;		/* { dg-warning "stores to pointer 'nxt' of 'struct pair'" } */
    h->b->v = 0;	/* { dg-warning "stores to pointer 'v' of 'struct buf'" } */
    struct buf local;
    local.next = 0;	/* a local of the region */
    local.n = 1;
    b->n = local.n;
  }
  /* Mapped shallow: its pointers are its own bytes, copied back.  */
#pragma deepmap shallow
#pragma omp target map(tofrom: other[0:1])
  other->next = 0;
}
