/* Deep `target update': after a device change, `target update
   from(head[0:1])' brings back every reachable object (list nodes and
   the counted arrays they point to) and leaves the host pointers alone;
   a host change then goes back with a deep `target update to'.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct rec
{
  int n;
  double *v deepmap_counted_by (n);
  struct rec *next;
  long tag;
};

#define N 40

int
main (void)
{
  int dev = omp_get_default_device ();
  struct rec *r[N], *head = NULL;
  for (int i = N - 1; i >= 0; i--)
    {
      r[i] = xcalloc (1, sizeof (struct rec));
      r[i]->n = 1 + i % 7;
      r[i]->v = xcalloc (r[i]->n, sizeof (double));
      for (int j = 0; j < r[i]->n; j++)
	r[i]->v[j] = i + j;
      r[i]->tag = i;
      r[i]->next = head;
      head = r[i];
    }

#pragma omp target enter data map(to: head[0:1])
  for (int i = 0; i < N; i++)
    {
      CHECK (omp_target_is_present (r[i], dev));
      CHECK (omp_target_is_present (&r[i]->v[r[i]->n - 1], dev));
    }

#pragma omp target map(alloc: head[0:1])
  for (struct rec *p = head; p; p = p->next)
    {
      for (int j = 0; j < p->n; j++)
	p->v[j] *= 10;
      p->tag += 1000;
    }
  /* Still present, nothing copied back yet.  */
  for (int i = 0; i < N; i++)
    CHECK (r[i]->tag == i && r[i]->v[0] == i);

#pragma omp target update from(head[0:1])
  for (int i = 0; i < N; i++)
    {
      CHECK (r[i]->tag == 1000 + i);
      CHECK (r[i]->next == (i + 1 < N ? r[i + 1] : NULL));
      for (int j = 0; j < r[i]->n; j++)
	CHECK (r[i]->v[j] == 10 * (i + j));
      CHECK (omp_target_is_present (r[i]->v, dev));
    }

  /* Host change, deep update to, device check.  */
  for (int i = 0; i < N; i++)
    r[i]->v[0] = -i;
  int bad = 0;
#pragma omp target update to(head[0:1])
#pragma omp target map(alloc: head[0:1]) map(tofrom: bad)
  {
    int i = 0;
    for (struct rec *p = head; p; p = p->next, i++)
      bad += p->v[0] != -i || p->tag != 1000 + i;
  }
  CHECK (bad == 0);

#pragma omp target exit data map(release: head[0:1])
  for (int i = 0; i < N; i++)
    {
      CHECK (!omp_target_is_present (r[i], dev));
      CHECK (!omp_target_is_present (r[i]->v, dev));
    }
  puts ("update from ok");
  return 0;
}
/* { dg-output "update from ok" } */
