// #pragma deepmap pipeline in a C++ lambda: an array the lambda captures
// by reference is an error (GCC 12's regions leave the device copy of
// such a capture holding the host pointer), and so is one it does not
// capture at all.
// { dg-do compile }
// { dg-prune-output "one element assumed" }

void
by_reference (double *a, int n)
{
  auto f = [&] ()
  {
    #pragma deepmap pipeline pipeline_map(tofrom: a[k:1]) // { dg-error "'a', named in 'pipeline_map', is captured by reference" }
    for (int k = 0; k < n; k++)
      {
	#pragma omp target
	a[k] += 1;
      }
  };
  f ();
}

void
not_captured (double *a, double *b, int n)
{
  auto f = [a, n] ()
  {
    #pragma deepmap pipeline pipeline_map(tofrom: a[k:1]) pipeline_map(to: b[k:1]) // { dg-error "'b', named in 'pipeline_map', is not captured by the lambda" }
    for (int k = 0; k < n; k++)
      {
	#pragma omp target
	a[k] += 1;
      }
  };
  f ();
}
