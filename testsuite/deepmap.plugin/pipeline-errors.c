/* Bad uses of #pragma deepmap pipeline: a GCC error at the pragma's
   clause, nothing lowered.  */
/* { dg-do compile } */

#define LOOP(X)					\
  for (int k = 0; k < n; k++)			\
    {						\
      _Pragma ("omp target")			\
      X[k] += 1;				\
    }

void
f (float *A, float *B, int n, int m)
{
  #pragma deepmap pipeline(static[1,2]) pipeline_map(to: A[k:1]) pipeline_chunks(3) /* { dg-error "unknown clause 'pipeline_chunks' in '#pragma deepmap pipeline'" } */
  LOOP (A)
  #pragma deepmap pipeline(dynamic) pipeline_map(to: A[k:1]) /* { dg-error "expected 'static' schedule in 'pipeline' clause" } */
  LOOP (A)
  #pragma deepmap pipeline pipeline_map(into: A[k:1]) /* { dg-error "expected 'to', 'from' or 'tofrom' in 'pipeline_map' clause" } */
  LOOP (A)
  #pragma deepmap pipeline pipeline_map(to: A[k:1) /* { dg-error "expected '\\]' in '#pragma deepmap pipeline'" } */
  LOOP (A)
  #pragma deepmap pipeline pipeline_map(to: n[k:1]) /* { dg-error "expected an array or pointer variable in 'pipeline_map' clause" } */
  LOOP (A)
  #pragma deepmap pipeline pipeline_map(to: A[k:1]) pipeline_mem_limit(3 T) /* { dg-error "expected a positive size with an optional K, M or G in 'pipeline_mem_limit' clause" } */
  LOOP (A)
  #pragma deepmap pipeline(static[2,2]) /* { dg-error "'#pragma deepmap pipeline' needs a 'pipeline_map' clause" } */
  LOOP (A)
}

void
g (float *A, float *B, int n, int m)
{
  #pragma deepmap pipeline pipeline_map(to: A[k*k:1]) /* { dg-error "split expression of 'pipeline_map' is not affine in the loop variable 'k'" } */
  LOOP (A)
  #pragma deepmap pipeline pipeline_map(to: A[k:1]) /* { dg-error "the loop of '#pragma deepmap pipeline' must step its variable 'k' by 1" } */
  for (int k = 0; k < n; k += 2)
    {
      #pragma omp target
      A[k] += 1;
    }
  #pragma deepmap pipeline pipeline_map(to: A[k:1]) /* { dg-error "needs a loop of the form" } */
  for (int k = n; k > 0; k--)
    {
      #pragma omp target
      A[k] += 1;
    }
  #pragma deepmap pipeline pipeline_map(to: B[k:1][1:m]) /* { dg-error "inner dimensions of 'pipeline_map' must be whole" } */
  LOOP (B)
  #pragma deepmap pipeline pipeline_map(to: B[j:1]) /* { dg-error "'j' in '#pragma deepmap pipeline' is undeclared" } */
  LOOP (B)
}
