/* A pointer without a count is a guess of one element only where deep
   copy follows it: a construct that maps the pointee's section itself
   (map(s, s.p[0:n]): the pointer is attached to that section) makes no
   guess, and nothing is warned about for it.  The warning comes with the
   first construct that does rely on the guess, for the field it names;
   a structure with no such construct, and a structure the region uses
   only shallow, get none.  A target data around the construct that maps
   the section (RSBench: map(to: data.p[:data.n]) around a region that
   maps data implicitly) counts as the construct's own.  */
/* { dg-do compile } */
#include "deepmap.h"

struct vec
{
  int n;
  int *p;			/* { dg-bogus "one element assumed" } */
};

struct two
{
  int n;
  double *a;			/* { dg-warning "pointer 'a' of 'struct two' points to 'double': one element assumed" } */
  double *b;			/* { dg-bogus "one element assumed" } */
};

struct sim
{
  int *p;			/* { dg-bogus "one element assumed" } */
  long np;
  double *q;			/* { dg-bogus "one element assumed" } */
  long nq;
  double *unmapped;		/* { dg-warning "pointer 'unmapped' of 'struct sim' points to 'double': one element assumed" } */
};

struct outer
{
  struct vec v;
  float *f;			/* { dg-bogus "one element assumed" } */
};

int
sum (struct vec *s)
{
  int r = 0;
#pragma omp target map(to: s[0:1], s->p[0:s->n]) map(tofrom: r)
  for (int i = 0; i < s->n; i++)
    r += s->p[i];
  return r;
}

double
both (struct two t)
{
  double r = 0;
#pragma omp target map(to: t, t.b[0:t.n]) map(tofrom: r)
  r = t.a[0] + t.b[t.n - 1];
  return r;
}

int
embedded (struct outer *o)
{
  int r = 0;
#pragma omp target map(to: o[0:1], o->v.p[0:o->v.n], o->f[0:4]) map(tofrom: r)
  r = o->v.p[0] + (int) o->f[3];
  return r;
}

double
enclosed (struct sim data)
{
  double r = 0;
#pragma omp target data map(to: data.p[:data.np], data.q[:data.nq])
  {
#pragma omp target teams distribute parallel for reduction(+: r)
    for (int i = 0; i < data.np; i++)
      r += data.p[i] + data.q[i % data.nq];
  }
  return r;
}

double
not_enclosed (struct sim data)
{
  double r = 0;
#pragma omp target map(to: data.p[:data.np], data.q[:data.nq]) map(tofrom: r)
  r = data.p[0] + data.q[0] + data.unmapped[0];
  return r;
}
