/* A pointer to structures is a link to one object for deep copy (a
   list's next, a tree's child), not a guess, unless the unit's code uses
   it as an array: then one element is a guess, warned about with where
   it is indexed.  Quicksilver's vault of particles (T *_data, indexed
   _data[i] in its regions) had one particle mapped, without a word, and
   the region read the others from device memory never written.  The
   indexing may come after the construct (a function further down): the
   warning waits for every function of the unit.  A link that is only
   followed, or offset by nothing, or whose section the construct maps
   itself, is not warned about.  */
/* { dg-do compile } */
#include "deepmap.h"

struct particle { double x, w; int cell; };
struct node { struct node *next; int v; };
struct tree { struct tree *kids; int nkids; int v; };

struct vault
{
  struct particle *parts;	/* { dg-warning "pointer 'parts' of 'struct vault' points to 'struct particle' and is used as an array \\(\[^)\]*link-indexed.c:44\\): one element assumed; use 'deepmap_counted_by'" } */
  int n;
  struct node *head;		/* { dg-bogus "used as an array" } */
  struct particle *counted deepmap_counted_by (n);	/* { dg-bogus "used as an array" } */
  struct particle *own;		/* { dg-bogus "used as an array" } */
};

struct forest
{
  struct tree *root;		/* { dg-bogus "used as an array" } */
};

double
weigh (struct vault *v)
{
  double s = 0;
#pragma omp target map(to: v[0:1], v->own[0:v->n]) map(tofrom: s)
  {
    for (struct node *p = v->head; p; p = p->next)
      s += p->v;
    for (int i = 0; i < v->n; i++)
      s += v->counted[i].x + v->own[i].w;
    s += v->parts->w;		/* element 0: not an index */
    for (int i = 0; i < v->n; i++)
      s += v->parts[i].x;
  }
  return s;
}

int count (struct tree *t);

int
grow (struct forest *f)
{
  int r = 0;
#pragma omp target map(to: f[0:1]) map(tofrom: r)
  r = count (f->root);
  return r;
}

/* After the construct: tree's kids are indexed here.  */
#pragma omp declare target
int
count (struct tree *t)
{
  int r = t->v;
  for (int i = 0; i < t->nkids; i++)
    r += count (&t->kids[i]);
  return r;
}
#pragma omp end declare target
/* { dg-warning "pointer 'kids' of 'struct tree' points to 'struct tree' and is used as an array \\(\[^)\]*link-indexed.c:67\\)" "" { target *-*-* } 16 } */
