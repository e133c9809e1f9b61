/* Splits in the second dimension of pipeline_map: the row length must
   come from the variable's type, the first dimension must be whole, and
   dimensions inside the split one too.  */
/* { dg-do compile } */

void
f (float *P, float (*Q)[64], float R[32][64][4], int n)
{
  #pragma deepmap pipeline pipeline_map(to: P[0:n][k*8:8]) /* { dg-error "'pipeline_map' split in the second dimension needs the length of the rows of 'P': declare it as an array of arrays or a pointer to arrays" } */
  for (int k = 0; k < 8; k++)
    {
      #pragma omp target
      P[k] += 1;
    }
  #pragma deepmap pipeline pipeline_map(to: Q[1:n][k*8:8]) /* { dg-error "the first dimension of a 'pipeline_map' split in its second one must be whole" } */
  for (int k = 0; k < 8; k++)
    {
      #pragma omp target
      Q[1][k] += 1;
    }
  #pragma deepmap pipeline pipeline_map(to: R[0:n][k:1][0:2]) /* { dg-error "inner dimensions of 'pipeline_map' must be whole" } */
  for (int k = 0; k < 8; k++)
    {
      #pragma omp target
      R[0][k][0] += 1;
    }
  /* Fine: a pointer to rows, and an array of arrays of arrays.  */
  #pragma deepmap pipeline pipeline_map(to: Q[0:n][k*8:8])
  for (int k = 0; k < 8; k++)
    {
      #pragma omp target
      Q[0][k] += 1;
    }
  #pragma deepmap pipeline pipeline_map(tofrom: R[0:32][k:1][0:4])
  for (int k = 0; k < 64; k++)
    {
      #pragma omp target
      R[0][k][0] += 1;
    }
}
