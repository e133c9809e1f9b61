/* Objects of 80 KiB with pointers come back straight from the device
   into host memory (no staging copy of their bytes), the host's values
   of their pointer slots put back after the copy, and what a region
   stored into a pointer deep copy attached comes back translated: the
   region reverses a list of such nodes and moves a second pointer, adds
   to every payload, and leaves a third pointer alone.  Once through a
   target region, once inside a target data with target update from in
   between.  An object of more pointers than that path takes on (5000)
   comes back through staging, as before.  Run under every
   DEEPMAP_DEEPCOPY strategy and with DEEPMAP_CHECK=1 (the tcpy-,
   pcpy-, base- and check- forms).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

#define PAY 10240
#define N 6

struct leaf
{
  int v;
};

struct node
{
  double pay[PAY];
  struct node *next;
  struct leaf *mark;		/* a region moves it to KEEP's leaf */
  struct leaf *keep;		/* the region leaves it alone */
};

struct list
{
  struct node *head;
};

#define WIDE 5000
struct wide
{
  struct leaf *p[WIDE];
};

static struct node *nodes[N];
static struct leaf leaves[N + 1];

static void
build (struct list *l)
{
  l->head = NULL;
  for (int i = N - 1; i >= 0; i--)
    {
      nodes[i] = (struct node *) xcalloc (1, sizeof (struct node));
      for (int k = 0; k < PAY; k++)
	nodes[i]->pay[k] = i * 1000.0 + k;
      nodes[i]->next = l->head;
      nodes[i]->mark = &leaves[i];
      nodes[i]->keep = &leaves[N - 1 - i];
      l->head = nodes[i];
    }
  for (int i = 0; i <= N; i++)
    leaves[i].v = 100 + i;
}

/* On the device: add ADD to every payload and reverse the list.  */
static void
step (struct list *l, double add)
{
#pragma omp target map(tofrom: l[0:1])
  {
    struct node *prev = NULL, *p = l->head;
    while (p)
      {
	for (int k = 0; k < PAY; k++)
	  p->pay[k] += add;
	struct node *next = p->next;
	p->next = prev;
	prev = p;
	p = next;
      }
    l->head = prev;
  }
}

static void
expect (const struct list *l, int reversed, double added, const char *what)
{
  const struct node *p = l->head;
  for (int j = 0; j < N; j++, p = p->next)
    {
      int i = reversed ? N - 1 - j : j;
      CHECK (p == nodes[i], "%s: element %d is %p, not node %d", what, j,
	     (void *) p, i);
      CHECK (p->pay[0] == i * 1000.0 + added
	     && p->pay[PAY - 1] == i * 1000.0 + PAY - 1 + added,
	     "%s: node %d payload %g .. %g", what, i, p->pay[0],
	     p->pay[PAY - 1]);
      CHECK (p->keep == &leaves[N - 1 - i], "%s: node %d keep is %p, not "
	     "%p", what, i, (void *) p->keep, (void *) &leaves[N - 1 - i]);
      CHECK (p->mark == &leaves[i], "%s: node %d mark is %p, not %p", what,
	     i, (void *) p->mark, (void *) &leaves[i]);
    }
  CHECK (p == NULL, "%s: the list goes on after %d nodes", what, N);
}

int
main (void)
{
  struct list l;
  build (&l);
  step (&l, 1.0);
  expect (&l, 1, 1.0, "target");
  step (&l, 2.0);
  expect (&l, 0, 3.0, "target again");

  /* Inside a target data holding the list: the pointers come back with
     the update and at the end.  */
#pragma omp target data map(tofrom: l)
  {
    step (&l, 4.0);
#pragma omp target update from(l)
    expect (&l, 1, 7.0, "target data, update from");
    step (&l, 8.0);
  }
  expect (&l, 0, 15.0, "target data, at its end");

  /* A pointer the region moves: each node's mark to its keep's leaf.  */
#pragma omp target map(tofrom: l)
  {
    for (struct node *p = l.head; p; p = p->next)
      if (p->mark != p->keep)
	p->mark = p->keep;
  }
  for (int i = 0; i < N; i++)
    {
      CHECK (nodes[i]->mark == &leaves[N - 1 - i], "moved mark of node %d "
	     "is %p, not %p", i, (void *) nodes[i]->mark,
	     (void *) &leaves[N - 1 - i]);
      CHECK (nodes[i]->keep == &leaves[N - 1 - i], "keep of node %d is %p",
	     i, (void *) nodes[i]->keep);
      nodes[i]->mark = &leaves[i];
    }
  expect (&l, 0, 15.0, "after the move");
  for (int i = 0; i <= N; i++)
    CHECK (leaves[i].v == 100 + i, "leaf %d is %d", i, leaves[i].v);

  /* Many pointers: the region swaps the first and the last.  */
  struct wide *w = (struct wide *) xcalloc (1, sizeof (struct wide));
  for (int k = 0; k < WIDE; k++)
    w->p[k] = &leaves[k % (N + 1)];
#pragma omp target map(tofrom: w[0:1])
  {
    struct leaf *t = w->p[0];
    w->p[0] = w->p[WIDE - 1];
    w->p[WIDE - 1] = t;
  }
  for (int k = 0; k < WIDE; k++)
    {
      int want = k == 0 ? (WIDE - 1) % (N + 1) : k == WIDE - 1 ? 0
		 : k % (N + 1);
      CHECK (w->p[k] == &leaves[want], "wide pointer %d is %p, not %p", k,
	     (void *) w->p[k], (void *) &leaves[want]);
    }

  printf ("big objects back: ok\n");
  return 0;
}
/* { dg-output "big objects back: ok" } */
