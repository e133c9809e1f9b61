// What the plugin says of pointers to classes: a pointer to a class with
// virtual functions may hold an object of a derived class, which deep
// copy maps as the base only (a virtual call in a region then read the
// derived class's fields from memory never mapped, without a word from
// the plugin); a pointer to a std::vector is a link to one vector, not
// a guessed element count (it was warned about as "one element
// assumed").
// { dg-do compile }
#include <vector>

struct base
{
  virtual ~base () {}
  virtual double get () const { return 0; }
};

struct derived : base
{
  int n;
  double *w;
  double get () const override { return w[0]; }
};

struct final_shape final
{
  virtual double area () const { return 1; }
  double s;
};

struct holder
{
  base *b; // { dg-warning "deepmap: pointer 'b' of 'holder' points to 'base', a class with virtual functions: an object of a class derived from it is mapped as a 'base' only, without the derived class's fields" }
  final_shape *f; // { dg-bogus "virtual functions" }
  std::vector<double> *data; // { dg-bogus "one element assumed" }
  const std::vector<int> *idx; // { dg-bogus "one element assumed" }
};

double
use (holder *h)
{
  double s = 0;
#pragma omp target map(tofrom: h[0:1]) map(tofrom: s)
  s = h->f->s + (h->data ? (*h->data)[0] : 0) + (h->idx ? (*h->idx)[0] : 0);
  return s;
}
