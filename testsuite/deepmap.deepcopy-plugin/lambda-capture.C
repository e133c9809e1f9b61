// A lambda that captures pointers, called in a kernel (HeCBench's
// unfold): the closure is mapped, and the plugin maps what each captured
// pointer points to as one element, a guess the program cannot annotate
// (a closure has no source fields).  The warning names the captured
// variable, not the compiler's field (__p), and says what to do.  The
// arrays are mapped by an enclosing target data, so the captures are
// attached to them: results are the host's.
// { dg-require-effective-target offload_device_nonshared_as }
#include "deeptests.h"

#define N 256

template <typename F>
static void
launch (int n, F f)
{
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++)
    f (i);
}

static void
step (int *out, const int *in, int n)
{
  auto body = [=] (int i) {
    int v = in[i] * 2;	// { dg-warning "pointer .in. captured by a lambda points to .const int.: one element assumed; map what it points to" }
    out[i] += v;	// { dg-warning "pointer .out. captured by a lambda points to .int.: one element assumed" }
  };
  launch (n, body);
}

int
main ()
{
  int *out = static_cast<int *> (xcalloc (N, sizeof (int)));
  int *in = static_cast<int *> (xcalloc (N, sizeof (int)));
  for (int i = 0; i < N; i++)
    in[i] = i;
#pragma omp target data map(tofrom: out[0:N]) map(to: in[0:N])
  for (int r = 0; r < 3; r++)
    step (out, in, N);
  for (int i = 0; i < N; i++)
    CHECK (out[i] == 6 * i, "out[%d] = %d", i, out[i]);
  free (out);
  free (in);
  return 0;
}
