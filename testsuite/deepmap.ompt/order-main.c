/* order-main.c -- run by ompt.exp (not a dg test: no dg-do): one
   target region, for the discovery-order check.  */
int
main (void)
{
  int x = 1;
#pragma omp target map(tofrom: x)
  x++;
  return x != 2;
}
