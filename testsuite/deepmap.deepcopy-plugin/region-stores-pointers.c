/* A target region that stores into pointers deep copy attached gets what
   it stored back on the host: NULL, or the host address of the mapped
   byte the device address points to.  Relinking a list (reversal,
   truncation, appending a spare node), swapping two arrays' pointers
   (the stencil's ping-pong), copying a followed pointer into an output
   structure (SOLLVE V&V 4.5's enter data struct test, plugin build),
   and the same inside a target data that holds the structure (the
   pointers come back at its end), with target update from, and in the
   program's own copy back (shallow, nowait) of a structure deep copy
   holds.  Before,
   the host kept its own pointers and a pointer that was NULL came back
   as a device address.  Run with DEEPMAP_CHECK=1 too: the changes are
   the device's, not the host's, and are not reported.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct node
{
  int v;
  struct node *next;
};

struct list
{
  int n;
  struct node *head;
  struct node *spare;
};

struct grid
{
  int n;
  double *cur deepmap_counted_by (n);
  double *nxt deepmap_counted_by (n);
};

struct out
{
  int a;
  int *p deepmap_counted_by (a);
};

struct holder
{
  int a;
  int *p deepmap_counted_by (a);
};

static struct node *nodes[6];

static void
build (struct list *l)
{
  l->n = 5;
  l->head = NULL;
  for (int i = 4; i >= 0; i--)
    {
      nodes[i] = (struct node *) xcalloc (1, sizeof (struct node));
      nodes[i]->v = i;
      nodes[i]->next = l->head;
      l->head = nodes[i];
    }
  nodes[5] = (struct node *) xcalloc (1, sizeof (struct node));
  nodes[5]->v = 5;
  l->spare = nodes[5];
}

/* The list from L->head is nodes ORDER[0..N) and ends there.  */
static void
expect (const struct list *l, const int *order, int n, const char *what)
{
  const struct node *p = l->head;
  for (int i = 0; i < n; i++, p = p->next)
    CHECK (p == nodes[order[i]] && p->v == order[i], "%s: element %d is "
	   "%p (%d), not node %d", what, i, (void *) p, p ? p->v : -1,
	   order[i]);
  CHECK (p == NULL, "%s: the list goes on after %d elements", what, n);
}

static void
reverse_on_device (struct list *l)
{
#pragma omp target map(tofrom: l[0:1])
  {
    struct node *prev = NULL, *cur = l->head;
    while (cur)
      {
	struct node *nx = cur->next;
	cur->next = prev;
	prev = cur;
	cur = nx;
      }
    l->head = prev;
  }
}

static const int forward[] = { 4, 3, 2, 1, 0 }, two[] = { 4, 3 },
  three[] = { 4, 3, 5 };

int
main (void)
{
  struct list l;
  build (&l);

  /* Reversal, then truncation to two, then the spare appended.  */
  reverse_on_device (&l);
  expect (&l, forward, 5, "reversed");
#pragma omp target map(tofrom: l)
  l.head->next->next = NULL;
  expect (&l, two, 2, "truncated");
#pragma omp target map(tofrom: l)
  {
    l.head->next->next = l.spare;
    l.spare = NULL;
  }
  expect (&l, three, 3, "appended");
  CHECK (l.spare == NULL, "spare: %p", (void *) l.spare);

  /* Inside a target data that holds the list: the region's changes stay
     on the device until the data region's end brings them back.  */
  struct list m;
  build (&m);
#pragma omp target data map(tofrom: m)
  {
    reverse_on_device (&m);
    CHECK (m.head == nodes[0], "target data: the host's head changed "
	   "before the end (%p)", (void *) m.head);
    reverse_on_device (&m);
    reverse_on_device (&m);
  }
  expect (&m, forward, 5, "target data");

  /* Enter data, a region, target update from, exit data.  */
  struct list u;
  build (&u);
#pragma omp target enter data map(to: u)
  reverse_on_device (&u);
#pragma omp target update from(u)
  expect (&u, forward, 5, "update from");
#pragma omp target exit data map(release: u)
  for (int i = 0; i < 5; i++)
    CHECK (!omp_target_is_present (nodes[i], omp_get_default_device ()),
	   "node %d still mapped after exit data", i);

  /* The program's own copy back (mapped shallow, always from, nowait)
     of a structure enter data holds deep: the pointer comes back the
     same way.  */
  struct list w;
  build (&w);
#pragma omp target enter data map(to: w)
#pragma omp target map(alloc: w)
  w.head = w.head->next;
#pragma deepmap shallow
#pragma omp target map(always, from: w) nowait
  w.n = 7;
#pragma omp taskwait
  CHECK (w.n == 7 && w.head == nodes[1], "own copy back: n %d, head %p, "
	 "not %p", w.n, (void *) w.head, (void *) nodes[1]);
#pragma omp target exit data map(release: w)

  /* Ping-pong: the region swaps the two arrays' pointers.  */
  struct grid g;
  g.n = 8;
  g.cur = (double *) xcalloc (8, sizeof (double));
  g.nxt = (double *) xcalloc (8, sizeof (double));
  double *a = g.cur, *b = g.nxt;
  for (int step = 0; step < 3; step++)
    {
#pragma omp target map(tofrom: g)
      {
	for (int i = 0; i < g.n; i++)
	  g.nxt[i] = g.cur[i] + i;
	double *t = g.cur;
	g.cur = g.nxt;
	g.nxt = t;
      }
      CHECK (g.cur == (step % 2 ? a : b) && g.nxt == (step % 2 ? b : a),
	     "step %d: cur %p nxt %p (a %p b %p)", step, (void *) g.cur,
	     (void *) g.nxt, (void *) a, (void *) b);
    }
  for (int i = 0; i < 8; i++)
    CHECK (g.cur[i] == 3.0 * i, "grid[%d] = %g", i, g.cur[i]);

  /* A followed pointer copied into an output structure's NULL one.  */
  int *data = (int *) xcalloc (5, sizeof (int));
  struct holder x = { 5, data };
  struct out y = { 0, NULL };
#pragma omp target enter data map(to: x)
#pragma omp target map(from: y) map(alloc: x)
  {
    y.a = x.a;
    y.p = x.p;
  }
  CHECK (y.a == 5 && y.p == data, "copied pointer: %p, not %p",
	 (void *) y.p, (void *) data);
#pragma omp target exit data map(delete: x)

  printf ("region stores pointers: ok\n");
  return 0;
}
/* { dg-output "region stores pointers: ok" } */
