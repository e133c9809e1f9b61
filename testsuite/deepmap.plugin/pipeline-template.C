// #pragma deepmap pipeline in a C++ template is an error at the pragma
// (its instantiations are functions the pragma does not reach), not a
// loop run silently unpipelined.
// { dg-do compile }

template <typename T>
void
sweep (T *a, int n)
{
  #pragma deepmap pipeline pipeline_map(tofrom: a[k:1]) // { dg-error "'#pragma deepmap pipeline' is not supported in a template" }
  for (int k = 0; k < n; k++)
    {
      #pragma omp target
      a[k] += 1;
    }
}

void
use (float *a)
{
  sweep (a, 4);
}
