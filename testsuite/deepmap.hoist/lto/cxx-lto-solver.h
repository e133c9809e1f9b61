// The solver of cxx-lto-callee.C; its step is in lto/cxx-lto-step.C.
#include <vector>

struct solver
{
  std::vector<double> a, b;
  void step ();
};
