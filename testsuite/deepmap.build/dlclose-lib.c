/* dlclose-lib.c -- a library with an offload image (it registers and, at
   dlclose, unregisters it) whose static array G it maps and leaves
   mapped (see dlclose-unmap.exp).  */
static int g[64];

int *
lib_map (int v)
{
  for (int i = 0; i < 64; i++)
    g[i] = v;
#pragma omp target enter data map(to: g)
  return g;
}

int
lib_sum (void)
{
  int s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < 64; i++)
    s += g[i];
  return s;
}
