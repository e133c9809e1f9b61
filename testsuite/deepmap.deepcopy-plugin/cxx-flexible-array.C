// Flexible array members with counted_by in C++ (g++ accepts them as an
// extension): classes reached through member pointers are mapped with
// their counted tails, and the pointers in the tail's elements are
// followed.  (g++ 12 refuses to map a class with a flexible array member
// at top level: "does not have mappable type".)
// { dg-require-effective-target offload_device_nonshared_as }
#include "deeptests.h"

struct sample
{
  int n;
  float *w deepmap_counted_by (n);
};

struct series
{
  unsigned short count;
  sample s[] __attribute__ ((counted_by (count)));
};

struct signal
{
  unsigned len;
  double x[] __attribute__ ((counted_by (len)));
};

struct owner
{
  series *ser;
  signal *sig;
  int id;
};

static series *
make_series (unsigned short n)
{
  series *p = static_cast<series *> (xcalloc (1, sizeof (series)
						 + n * sizeof (sample)));
  p->count = n;
  for (int i = 0; i < n; i++)
    {
      p->s[i].n = 3;
      p->s[i].w = static_cast<float *> (xcalloc (3, sizeof (float)));
    }
  return p;
}

static signal *
make_signal (unsigned n)
{
  signal *p = static_cast<signal *> (xcalloc (1, sizeof (signal)
						 + n * sizeof (double)));
  p->len = n;
  for (unsigned i = 0; i < n; i++)
    p->x[i] = i;
  return p;
}

int
main ()
{
  int dev = omp_get_default_device ();
  const int NS = 40, NX = 777;
  owner o = { make_series (NS), make_signal (NX), 7 };
#pragma omp target data map(tofrom: o)
  {
    CHECK (omp_target_is_present (&o.sig->x[NX - 1], dev));
    CHECK (omp_target_is_present (&o.ser->s[NS - 1].w[2], dev));
#pragma omp target
    {
      for (unsigned i = 0; i < o.sig->len; i++)
	o.sig->x[i] = -o.sig->x[i];
      for (int i = 0; i < o.ser->count; i++)
	o.ser->s[i].w[2] = i + 0.5f;
    }
    CHECK (o.sig->x[NX - 1] == NX - 1);
    CHECK (o.ser->s[NS - 1].w[2] == 0);
  }
  for (int i = 0; i < NX; i++)
    CHECK (o.sig->x[i] == -i);
  for (int i = 0; i < NS; i++)
    CHECK (o.ser->s[i].w[2] == i + 0.5f);

  printf ("c++ flexible array: ok\n");
  return 0;
}
// { dg-output "c\\+\\+ flexible array: ok" }
