/* Deep `target enter data' / `target exit data' of one structure (a
   tree whose nodes hold counted arrays): enter maps everything once,
   regions in between see the device copies and leave the host alone,
   a second enter/exit pair only counts references, the final exit data
   map(from:) copies every object back and unmaps it.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct tnode
{
  struct tnode *kid[2];
  int n;
  int *w deepmap_counted_by (n);
  int sum;
};

#define N 63

int
main (void)
{
  int dev = omp_get_default_device ();
  struct tnode *t[N];
  for (int i = 0; i < N; i++)
    {
      t[i] = xcalloc (1, sizeof (struct tnode));
      t[i]->n = 3 + i % 4;
      t[i]->w = xcalloc (t[i]->n, sizeof (int));
      for (int j = 0; j < t[i]->n; j++)
	t[i]->w[j] = i * 10 + j;
    }
  for (int i = 0; i < N; i++)
    for (int k = 0; k < 2; k++)
      t[i]->kid[k] = 2 * i + 1 + k < N ? t[2 * i + 1 + k] : NULL;
  struct tnode *root = t[0];

#pragma omp target enter data map(to: root[0:1])
  for (int i = 0; i < N; i++)
    {
      CHECK (omp_target_is_present (t[i], dev));
      CHECK (omp_target_is_present (&t[i]->w[t[i]->n - 1], dev));
    }

  /* Sum each node's weights into it, then double the weights.  */
#pragma omp target map(tofrom: root[0:1])
  {
    struct tnode *stack[32];
    int sp = 0;
    stack[sp++] = root;
    while (sp)
      {
	struct tnode *p = stack[--sp];
	for (int j = 0; j < p->n; j++)
	  {
	    p->sum += p->w[j];
	    p->w[j] *= 2;
	  }
	for (int k = 0; k < 2; k++)
	  if (p->kid[k])
	    stack[sp++] = p->kid[k];
      }
  }
  /* The region's tofrom did not copy back: the enter data holds it.  */
  for (int i = 0; i < N; i++)
    CHECK (t[i]->sum == 0 && t[i]->w[0] == i * 10);

  /* A second reference: exit of it copies nothing, removes nothing.  */
#pragma omp target enter data map(to: root[0:1])
#pragma omp target exit data map(from: root[0:1])
  for (int i = 0; i < N; i++)
    {
      CHECK (omp_target_is_present (t[i]->w, dev));
      CHECK (t[i]->sum == 0);
    }

#pragma omp target exit data map(from: root[0:1])
  for (int i = 0; i < N; i++)
    {
      CHECK (!omp_target_is_present (t[i], dev));
      CHECK (!omp_target_is_present (t[i]->w, dev));
      int s = 0;
      for (int j = 0; j < t[i]->n; j++)
	{
	  s += i * 10 + j;
	  CHECK (t[i]->w[j] == 2 * (i * 10 + j));
	}
      CHECK (t[i]->sum == s);
      for (int k = 0; k < 2; k++)
	CHECK (t[i]->kid[k] == (2 * i + 1 + k < N ? t[2 * i + 1 + k] : NULL));
    }
  puts ("enter exit ok");
  return 0;
}
/* { dg-output "enter exit ok" } */
