// member-grid.h -- the class of cxx-member-reload.C and
// cxx-member-new.C: a time step as a method that offloads two member
// arrays, and two loops of steps (one inlined where it is called, one
// not).

struct grid
{
  long n;
  double *u, *v;

  void
  step (int t)
  {
#pragma omp target teams distribute parallel for map(tofrom: u[0:n]) map(to: v[0:n])
    for (long i = 0; i < n; i++)
      u[i] = 0.5 * u[i] + v[i] + t;
  }

  // Inlined where it is called: the object is the caller's.
  void
  run (int steps)
  {
    for (int t = 0; t < steps; t++)
      step (t);
  }

  // Not inlined: the object is *this.
  __attribute__ ((noinline)) void
  run_method (int steps)
  {
    for (int t = 0; t < steps; t++)
      step (t);
  }
};
