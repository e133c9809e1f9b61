// link-indexed.c in C++: a container class template whose element
// pointer (Quicksilver's QS_Vector<T>::_data) is indexed by a member
// function, operator[], that the region calls: one element is a guess,
// warned about.  A class holding a link that member functions only
// follow gets no warning.
// { dg-do compile }
#include "deepmap.h"

struct particle { double x, w; int cell; };

template <class T>
struct qs_vector
{
  T *_data;		// { dg-warning "pointer '_particles._data' of 'qs_vector<particle>' points to 'particle' and is used as an array \\(\[^)\]*cxx-link-indexed.C:17\\): one element assumed; use 'deepmap_counted_by'" }
  int _capacity;
  int _size;
  T &operator[] (int i) { return _data[i]; }
  int size () const { return _size; }
};

struct node
{
  node *next;		// { dg-bogus "used as an array" }
  int v;
  node *after () { return next; }
};

struct vault
{
  qs_vector<particle> _particles;
  node *head;
};

double
sum (vault *v)
{
  double s = 0;
#pragma omp target map(to: v[0:1]) map(tofrom: s)
  {
    for (int i = 0; i < v->_particles.size (); i++)
      s += v->_particles[i].x;
    for (node *p = v->head; p; p = p->after ())
      s += p->v;
  }
  return s;
}
