/* Re-entering a present deep structure without a walk (replay): a loop
   of regions over a list that enter data or target data holds gives
   the results of the full path, in every case where what the record
   knows changes: the holder goes and comes back after the host changed
   the list, the program maps a pointee itself, fusion moves blocks, and
   another thread releases the holder while a replayed region runs (the
   region's end then copies back and unmaps, as the full path does).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* On the emulated device even under make check-gpu: a region polls host
   flags, which only the emulated device can reach.  */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
#include "deeptests.h"
#include <pthread.h>
#include <stdint.h>

struct node
{
  struct node *next;
  int n;
  int *v deepmap_counted_by (n);
};

#define N 500

static struct node *
make (void)
{
  struct node *head = NULL;
  for (int i = N - 1; i >= 0; i--)
    {
      struct node *p = xcalloc (1, sizeof *p);
      p->n = 1 + i % 3;
      p->v = xcalloc (p->n, sizeof (int));
      p->next = head;
      head = p;
    }
  return head;
}

/* Every element of every node, plus one, on the device.  */
static void
bump (struct node *head)
{
#pragma omp target map(tofrom: head[0:1])
  for (struct node *p = head; p; p = p->next)
    for (int j = 0; j < p->n; j++)
      p->v[j]++;
}

static void
expect (struct node *head, int value)
{
  for (struct node *p = head; p; p = p->next)
    for (int j = 0; j < p->n; j++)
      {
	if (p->v[j] != value)
	  fprintf (stderr, "expected %d, got %d\n", value, p->v[j]);
	CHECK (p->v[j] == value);
      }
}

static volatile int released, in_region;
static struct node *shared_head;

/* Another thread lets go of the holder (exit data with a map type that
   copies back when ARG is non-NULL) while the main thread's region runs.  */
static void *
releaser (void *arg)
{
  while (!in_region)
    ;
  if (arg)
    {
#pragma omp target exit data map(from: shared_head[0:1])
    }
  else
    {
#pragma omp target exit data map(release: shared_head[0:1])
    }
  released = 1;
  return NULL;
}

/* The region of the race: increments everything once the other thread
   has let go.  The emulated device runs region code in the host's
   address space: the flags are read where they are.  */
static void
racing_bump (struct node *head)
{
  volatile int *flag_released = &released, *flag_in = &in_region;
  uintptr_t fr = (uintptr_t) flag_released, fi = (uintptr_t) flag_in;
#pragma omp target map(tofrom: head[0:1]) firstprivate(fr, fi)
  {
    *(volatile int *) fi = 1;
    while (!*(volatile int *) fr)
      ;
    for (struct node *p = head; p; p = p->next)
      for (int j = 0; j < p->n; j++)
	p->v[j]++;
  }
}

int
main (void)
{
  int dev = omp_get_default_device ();
  struct node *head = make ();

  /* Held by enter data: ten regions, the host untouched until exit.  */
#pragma omp target enter data map(to: head[0:1])
  for (int r = 0; r < 10; r++)
    bump (head);
  expect (head, 0);
#pragma omp target exit data map(from: head[0:1])
  expect (head, 10);
  CHECK (!omp_target_is_present (head->next->v, dev));

  /* The host changes the list while it is not mapped; mapped again, the
     regions see the change (the old record no longer holds).  */
  head->next->v[0] = 100;
#pragma omp target enter data map(to: head[0:1])
  bump (head);
  bump (head);
#pragma omp target exit data map(from: head[0:1])
  CHECK (head->next->v[0] == 102);
  head->next->v[0] = 12;
  expect (head, 12);

  /* Held by target data, with the program mapping one pointee itself
     inside and copying it back.  */
#pragma omp target data map(to: head[0:1])
  {
    bump (head);
    struct node *third = head->next->next;
#pragma omp target enter data map(to: third->v[0:third->n])
    bump (head);
#pragma omp target exit data map(from: third->v[0:third->n])
    CHECK (third->v[0] == 14);
    bump (head);
    CHECK (head->v[0] == 12);
  }
  /* Only the pointee the program copied back changed on the host.  */
  struct node *third = head->next->next;
  for (int j = 0; j < third->n; j++)
    {
      CHECK (third->v[j] == 14);
      third->v[j] = 12;
    }
  expect (head, 12);

  /* Fusion moves blocks between replays: the first two nodes' arrays
     are moved (while unmapped) into one buffer, then a section of the
     whole buffer is mapped between two replays.  */
  int *buf = xcalloc (8, sizeof (int));
  for (int j = 0; j < head->n; j++)
    buf[j] = head->v[j];
  for (int j = 0; j < head->next->n; j++)
    buf[4 + j] = head->next->v[j];
  int *old0 = head->v, *old1 = head->next->v;
  head->v = buf;
  head->next->v = buf + 4;
#pragma omp target enter data map(to: head[0:1])
  bump (head);
#pragma omp target enter data map(alloc: buf[0:8])
  bump (head);
#pragma omp target exit data map(from: head[0:1])
  /* The buffer's section holds the two arrays now: they come back with
     it.  */
#pragma omp target exit data map(from: buf[0:8])
  expect (head, 14);
  for (int j = 0; j < head->n; j++)
    old0[j] = buf[j];
  for (int j = 0; j < head->next->n; j++)
    old1[j] = buf[4 + j];
  head->v = old0;
  head->next->v = old1;

  /* Another thread releases the holder while a replayed region runs:
     the region's end copies everything back and unmaps it, as the full
     path's end would; then the same with exit data map(from:), which
     copies nothing back itself (the region still holds the data).  */
  shared_head = head;
  for (int round = 0; round < 2; round++)
    {
      released = in_region = 0;
#pragma omp target enter data map(to: head[0:1])
      bump (head);			/* recorded or replayed */
      pthread_t t;
      CHECK (pthread_create (&t, NULL, releaser,
			     round ? (void *) head : NULL) == 0);
      racing_bump (head);
      pthread_join (t, NULL);
      expect (head, 16 + 2 * round);
      CHECK (!omp_target_is_present (head, dev));
      CHECK (!omp_target_is_present (head->next->v, dev));
    }

  printf ("replay: ok\n");
  return 0;
}
/* { dg-output "replay: ok" } */
