/* Code without target constructs compiles exactly as without the plugin
   (OpenMP parallel loops and pointer-based structs included).  */
/* { dg-do compile } */
#include <stddef.h>

struct node { int v; struct node *next; };

int
sum (struct node *p)
{
  int s = 0;
  for (; p; p = p->next)
    s += p->v;
  return s;
}

int
psum (const int *a, int n)
{
  int s = 0;
#pragma omp parallel for reduction(+: s)
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

/* { dg-final { deepmap-plugin-same-asm } } */
