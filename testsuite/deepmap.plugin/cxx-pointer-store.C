// pointer-store.c's warning under g++: a member function's region that
// relinks the object's pointers.
// { dg-do compile }
#include "deepmap.h"

struct node
{
  int n;
  double *v deepmap_counted_by (n);
  node *next;
  void unlink ()
  {
#pragma omp target map(tofrom: this[0:1])
    next = nullptr;	// { dg-warning "deepmap: the region stores to pointer 'node::next' of 'node', which deep copy maps" }
  }
};

void
g (node *a)
{
  a->unlink ();
}
