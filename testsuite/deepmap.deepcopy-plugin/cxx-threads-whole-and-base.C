// Pairs of objects of two classes derived from one base, each pointing
// to the other as a Base * (the base holds a counted array), offloaded
// by four threads at once: for each pair one thread maps the A whole,
// another the B whole, and each reaches its partner's base part and
// array.  Two bugs lost the regions' writes to the arrays (an outside
// tester's program: every run had wrong pairs):
// - a construct that waited in the middle of its mapping (a fusion
//   needed a block another thread's running region held) found segments
//   it had taken marked by constructs that ran meanwhile, took them a
//   second time and dropped them once, so they never came back;
// - what it had planned to copy in for the objects it made was copied
//   after the wait, over what the other thread's region had written
//   there meanwhile (those constructs found the objects present).
// { dg-require-effective-target offload_device_nonshared_as }
#include "deeptests.h"

struct Base
{
  int n;
  double *w deepmap_counted_by (n);
  Base *buddy;
};
struct A : Base { double s; };
struct B : Base { double r; };

int
main ()
{
  const int N = 200;
  A *a = new A[N];
  B *b = new B[N];
  for (int i = 0; i < N; i++)
    {
      a[i].s = 0;
      a[i].n = 2;
      a[i].w = new double[2] { 1, 2 };
      a[i].buddy = &b[i];
      b[i].r = 0;
      b[i].n = 3;
      b[i].w = new double[3] { 3, 4, 5 };
      b[i].buddy = &a[i];
    }
#pragma omp parallel num_threads(4)
  {
    int t = omp_get_thread_num (), nt = omp_get_num_threads ();
    for (int k = 0; k < N; k += nt > 1 ? nt / 2 : 1)
      {
	int i = k + (nt > 1 ? t / 2 : 0);
	if (i < N && (nt == 1 || t % 2 == 0))
	  {
	    A *x = &a[i];
#pragma omp target map(tofrom: x[0:1])
	    {
	      x->s += 1;
	      for (int j = 0; j < x->n; j++)
		x->w[j] *= 2;
	    }
	  }
	if (i < N && (nt == 1 || t % 2 == 1))
	  {
	    B *y = &b[i];
#pragma omp target map(tofrom: y[0:1])
	    {
	      y->r += 1;
	      for (int j = 0; j < y->n; j++)
		y->w[j] += 1;
	    }
	  }
#pragma omp barrier
      }
  }
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += !(a[i].s == 1 && a[i].w[0] == 2 && a[i].w[1] == 4)
	   || !(b[i].r == 1 && b[i].w[0] == 4 && b[i].w[1] == 5
		&& b[i].w[2] == 6);
  CHECK (bad == 0, "%d of %d pairs wrong", bad, N);
  printf ("ok\n");
  return 0;
}
