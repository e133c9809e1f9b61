// C++: a target data around a region that maps the pointees of a
// structure's pointers (RSBench's SimulationData, passed by value and
// mapped implicitly by the region) leaves no guess of one element for
// them: no warning.  One the target data does not map is warned about.
// { dg-do compile }

struct sim
{
  int *p;			// { dg-bogus "one element assumed" }
  long np;
  double *q;			// { dg-bogus "one element assumed" }
  long nq;
  float *rest;			// { dg-warning "pointer 'rest' of 'sim' points to 'float': one element assumed" }
};

double
enclosed (sim data)
{
  double r = 0;
#pragma omp target data map(to: data.p[:data.np], data.q[:data.nq])
  {
#pragma omp target teams distribute parallel for reduction(+: r)
    for (int i = 0; i < data.np; i++)
      r += data.p[i] + data.q[i % data.nq];
#pragma omp target map(tofrom: r)
    r += data.rest[0];
  }
  return r;
}

// A pointer member a member function's region uses: GCC attaches it to
// what is mapped already (zero-length), and deep copy leaves it to that
// attachment: no guess, no warning.  A member the region does not use
// is still followed as one element: warned.
struct holder
{
  int *used;			// { dg-bogus "one element assumed" }
  int *unused;			// { dg-warning "pointer 'unused' of 'holder' points to 'int': one element assumed" }
  void run ()
  {
#pragma omp target
    used[0] = 42;
  }
};

void
call_run (holder &h)
{
  h.run ();
}
