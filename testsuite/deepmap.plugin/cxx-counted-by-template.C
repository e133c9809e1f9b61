// counted_by in C++ class templates: the template itself is checked for
// the name only (a field's type may depend on the arguments); each
// instantiation that deep copy describes gets the full check, with the
// error at the attribute.
// { dg-do compile }
// { dg-options "-fplugin-arg-deepmap-report" }
#include "deepmap.h"

template <typename T>
struct ok { T n; int *p deepmap_counted_by (n); };

template <typename T>
struct bad_type { T n; int *p deepmap_counted_by (n); };	// { dg-error "'counted_by' field 'n' must be an integer" }

template <typename T>
struct bad_name { int n; T *p deepmap_counted_by (m); };	// { dg-error "'counted_by' names 'm', which is not a field of 'bad_name<T>'" }

// A valid instantiation of a template another argument breaks: no error.
bad_type<int> fine;

void use (void *);

void
f (ok<short> *o, ok<unsigned long> *u, bad_type<double> *b)
{
#pragma omp target map(tofrom: o[0:1], u[0:1])
  use (o);
#pragma omp target map(tofrom: b[0:1])
  use (b);
}

// { dg-final { scan-deepmap-report "type 'ok': size 16, 1 pointer field" } }
// { dg-final { scan-deepmap-report "p at 8 -> 'int', count in field 'n' at 0 \\(2 bytes, signed\\)" } }
// { dg-final { scan-deepmap-report "p at 8 -> 'int', count in field 'n' at 0 \\(8 bytes, unsigned\\)" } }
