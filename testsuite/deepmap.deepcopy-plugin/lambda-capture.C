// A lambda that captures pointers, called in a kernel (HeCBench's
// unfold): the closure is mapped, and GCC attaches each captured pointer
// to what is mapped already (a zero-length attachment), as OpenMP says.
// Deep copy leaves those pointers to that attachment: it guesses no
// element for them, so the plugin warns about none.  The arrays are
// mapped by an enclosing target data, so the captures are attached to
// them: results are the host's.
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
    int v = in[i] * 2;	// { dg-bogus "one element assumed" }
    out[i] += v;	// { dg-bogus "one element assumed" }
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
