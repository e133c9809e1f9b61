/* A function of other-unit.c's program, in a translation unit of its
   own: it runs a construct on the array it is given.  */
void
other_unit_smooth (double *p, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    p[i] = p[i] * 3.0 + 1.0;
}
