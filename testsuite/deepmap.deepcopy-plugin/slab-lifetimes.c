/* The batch strategy carves a construct's new objects from one device
   allocation (a slab) that lives as long as any object carved from it.
   Here part of a list outlives the construct that mapped it (the
   program holds node 5 itself), further structures are mapped and
   unmapped around it (new slabs, which must not overlap what the first
   still holds), and the held nodes keep their device values until the
   program lets them go.  Then a structure whose objects touch on the
   host (one buffer: each new object fuses with the block before it
   while the construct still carves) is mapped, changed and unmapped;
   there each node's next pointer equals the end of its d array, which
   is not an end pointer of d (another type): the node is mapped (it
   was not, before: node 1 kept its values).
   DEEPMAP_CHECK verifies every attached pointer's device copy.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include <string.h>
#include "deeptests.h"

struct node
{
  int n;
  double *d deepmap_counted_by (n);
  struct node *next;
};

#define LEN 8

static struct node *
make_list (int len, int n, double base)
{
  struct node *head = NULL;
  for (int i = len - 1; i >= 0; i--)
    {
      struct node *p = xcalloc (1, sizeof *p);
      p->n = n + i;		/* sizes between the pool's classes */
      p->d = xcalloc (p->n, sizeof (double));
      for (int j = 0; j < p->n; j++)
	p->d[j] = base + i * 100 + j;
      p->next = head;
      head = p;
    }
  return head;
}

static struct node *
nth (struct node *p, int i)
{
  while (i-- > 0)
    p = p->next;
  return p;
}

/* Add ADD to every value of the list from P on, on the device.  */
static void
bump (struct node *p, double add)
{
#pragma omp target map(tofrom: p[0:1])
  for (struct node *q = p; q; q = q->next)
    for (int j = 0; j < q->n; j++)
      q->d[j] += add;
}

static void
check_list (struct node *p, int from, double base)
{
  for (int i = from; p; p = p->next, i++)
    for (int j = 0; j < p->n; j++)
      CHECK (p->d[j] == base + i * 100 + j);
}

int
main (void)
{
  int dev = omp_get_default_device ();
  struct node *a = make_list (LEN, 37, 0);
  struct node *a5 = nth (a, 5);

#pragma omp target enter data map(to: a[0:1])
#pragma omp target enter data map(to: a5[0:1])
  /* The whole list on the device changes; only the held part stays.  */
  bump (a, 1);
  CHECK (a->d[0] == 0);		/* present: not copied back */
#pragma omp target exit data map(release: a[0:1])
  CHECK (!omp_target_is_present (a, dev));
  CHECK (omp_target_is_present (a5, dev));
  CHECK (omp_target_is_present (nth (a, 7)->d, dev));

  /* New structures come and go while nodes 5..7 stay: their slabs must
     not overlap the first one's live part.  */
  for (int round = 0; round < 4; round++)
    {
      struct node *b = make_list (LEN, 21 + round, 1000 * (round + 1));
      bump (b, 0.5);
      for (struct node *p = b; p; p = p->next)
	for (int j = 0; j < p->n; j++)
	  p->d[j] -= 0.5;
      check_list (b, 0, 1000 * (round + 1));
      for (struct node *p = b, *q; p; p = q)
	{
	  q = p->next;
	  free (p->d);
	  free (p);
	}
    }

  /* Nodes 5..7 still hold what the region stored (host: the old values
     + 1 from the bump above, brought back by the region's tofrom).  */
  for (struct node *p = a5; p; p = p->next)
    for (int j = 0; j < p->n; j++)
      p->d[j] = -1;
#pragma omp target update from(a5[0:1])
  check_list (a5, 5, 1);
#pragma omp target exit data map(release: a5[0:1])
  CHECK (!omp_target_is_present (a5, dev));

  /* Objects that touch on the host: one buffer, nodes and arrays in
     turn, so each fuses with the block before it as it is mapped.  */
  size_t bytes = LEN * (sizeof (struct node) + 16 * sizeof (double));
  char *buf = xcalloc (1, bytes), *at = buf;
  struct node *c = NULL, **link = &c;
  for (int i = 0; i < LEN; i++)
    {
      struct node *p = (struct node *) at;
      at += sizeof *p;
      p->n = 16;
      p->d = (double *) at;
      at += 16 * sizeof (double);
      for (int j = 0; j < 16; j++)
	p->d[j] = 5000 + i * 100 + j;
      *link = p;
      link = &p->next;
    }
  bump (c, 2);
  check_list (c, 0, 5002);
  CHECK (!omp_target_is_present (buf, dev));
  return 0;
}
