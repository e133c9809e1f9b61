/* A construct's deep items are walked once its dependences are met, not
   when it is encountered: a nowait target (or enter data) that depends on
   a task relinking the structure maps what that task linked.  Before, the
   walk ran at the encounter, so the nowait construct mapped the old list
   and stopped with "cannot set the device copy of the pointer ... is not
   mapped" (or, with a pointer whose target may be missing, saw NULL);
   chains of nowait regions that each reverse a list held in adjacent
   holders failed that way in 10-65% of runs, as the walk read links the
   previous region's copy back was writing.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include <unistd.h>
#include "deeptests.h"

struct node
{
  long v;
  struct node *next;
};

struct holder
{
  struct node *head;
  long sum;
};

#define LEN 100
#define NH 16
#define ROUNDS 9

static struct node *
make_list (int n, long base)
{
  struct node *h = NULL;
  for (int i = n - 1; i >= 0; i--)
    {
      struct node *p = xcalloc (1, sizeof *p);
      p->v = base + i;
      p->next = h;
      h = p;
    }
  return h;
}

static long
list_sum (const struct node *p)
{
  long s = 0;
  for (; p; p = p->next)
    s += p->v;
  return s;
}

static int
list_present (const struct node *p)
{
  int n = 0;
  for (; p; p = p->next)
    n += omp_target_is_present (p, omp_get_default_device ());
  return n;
}

/* The relinking task waits (boundedly: a one-thread team runs it at
   once) until the construct that depends on it has been encountered.  */
static void
wait_for (int *flag)
{
  double until = omp_get_wtime () + 10.0;
  while (!__atomic_load_n (flag, __ATOMIC_ACQUIRE)
	 && omp_get_wtime () < until)
    ;
}

int
main (void)
{
  struct node *a = make_list (LEN, 0), *b = make_list (LEN, 1000);
  long sum_b = list_sum (b);

  /* 1. target nowait after a task that relinks the holder.  */
  struct holder h = { a, 0 };
  struct holder *hp = &h;
  int encountered = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out: h) shared(h, encountered)
    {
      wait_for (&encountered);
      h.head = b;
    }
#pragma omp target nowait map(tofrom: hp[0:1]) depend(inout: h)
    {
      long s = 0;
      for (struct node *p = hp->head; p; p = p->next)
	s += p->v;
      hp->sum = s;
    }
    __atomic_store_n (&encountered, 1, __ATOMIC_RELEASE);
#pragma omp taskwait
  }
  CHECK (h.head == b && h.sum == sum_b, "target nowait: sum %ld, not %ld",
	 h.sum, sum_b);
  CHECK (list_present (a) == 0 && list_present (b) == 0,
	 "target nowait: nodes still mapped");

  /* 2. enter data nowait after such a task: the new list is what it
     holds.  */
  h.head = a;
  encountered = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out: h) shared(h, encountered)
    {
      wait_for (&encountered);
      h.head = b;
    }
#pragma omp target enter data nowait map(to: hp[0:1]) depend(inout: h)
    __atomic_store_n (&encountered, 1, __ATOMIC_RELEASE);
#pragma omp taskwait
  }
  CHECK (list_present (b) == LEN && list_present (a) == 0,
	 "enter data nowait: %d of the new list's nodes and %d of the old "
	 "one's are mapped", list_present (b), list_present (a));
#pragma omp target map(tofrom: hp[0:1])
  {
    long s = 0;
    for (struct node *p = hp->head; p; p = p->next)
      s += p->v;
    hp->sum = s;
  }
  CHECK (h.sum == sum_b, "after enter data nowait: sum %ld, not %ld", h.sum,
	 sum_b);
#pragma omp target exit data map(release: hp[0:1])
  CHECK (list_present (b) == 0, "exit data: nodes still mapped");

  /* 3. enter data without nowait, depending on a relinking task: the
     walk waits for it too.  */
  h.head = a;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out: h) shared(h)
    {
      usleep (100000);
      h.head = b;
    }
#pragma omp target enter data map(to: hp[0:1]) depend(in: h)
  }
  CHECK (list_present (b) == LEN && list_present (a) == 0,
	 "enter data with depend: %d new nodes, %d old ones mapped",
	 list_present (b), list_present (a));
#pragma omp target exit data map(release: hp[0:1])

  /* 4. Chains of nowait regions, one per holder (adjacent elements of one
     array), each reversing its holder's list: region r + 1 walks what
     region r linked.  */
  struct holder hold[NH];
  for (int i = 0; i < NH; i++)
    hold[i] = (struct holder) { make_list (LEN, 100000 * (i + 1)), 0 };
#pragma omp parallel num_threads(4)
#pragma omp single
  for (int r = 0; r < ROUNDS; r++)
    for (int i = 0; i < NH; i++)
      {
	struct holder *q = &hold[i];
#pragma omp target nowait map(tofrom: q[0:1]) depend(inout: hold[i])
	{
	  struct node *prev = NULL, *p = q->head;
	  while (p)
	    {
	      struct node *n = p->next;
	      p->next = prev;
	      prev = p;
	      p = n;
	    }
	  q->head = prev;
	}
      }
  for (int i = 0; i < NH; i++)
    {
      int k = 0;
      for (struct node *p = hold[i].head; p; p = p->next, k++)
	CHECK (p->v == 100000 * (i + 1) + ((ROUNDS & 1) ? LEN - 1 - k : k),
	       "holder %d, node %d: %ld", i, k, p->v);
      CHECK (k == LEN, "holder %d: %d nodes, not %d", i, k, LEN);
      CHECK (list_present (hold[i].head) == 0, "holder %d: nodes mapped", i);
    }
  printf ("ok\n");
  return 0;
}
