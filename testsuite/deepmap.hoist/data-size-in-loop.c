/* Rodinia's bfs: a do-while loop whose target data construct maps the
   node count tofrom beside the arrays it sizes, around a kernel that
   reaches the arrays through their pointers' implicit maps, then a
   second construct; the arrays are pointer variables (their addresses
   go to the constructs) holding malloc results, and the input is read
   with sscanf and a message printed between the mallocs and the loop.
   The count's copy back writes what it was (no kernel stores to it),
   so the sections are the same at every step: all kept across the loop;
   the edge list and the nodes (a structure of numbers) are only read,
   so they do not come back, nor do the masks, which nothing reads
   afterwards.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* In: nodes 8 x N, edges 4 x E, cost 4 x N, three masks N each
   (8000 + 8000 + 4000 + 3000 = 23000), plus the count (4 bytes, kept
   across the loop: no construct writes it, so the host's reads of it
   for the sections' sizes need no update) and stop (1 byte a step),
   14 steps.  Back: cost (4000; the masks are not read after the loop,
   the pointer variables that hold them are loaded only to free them),
   stop likewise, never the count.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 23018 bytes, d2h \[0-9\]+ transfers 4014 bytes" { target offload_device } } */
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>

struct node
{
  int start, count;
};

static const char *input = "1000";

int
main (void)
{
  int no_of_nodes = 0;
  if (sscanf (input, "%d", &no_of_nodes) != 1)
    abort ();
  int edges = 2 * no_of_nodes;
  struct node *nodes = (struct node *) malloc (sizeof (struct node) * no_of_nodes);
  int *edge = (int *) malloc (sizeof (int) * edges);
  bool *mask = (bool *) malloc (no_of_nodes);
  bool *upd = (bool *) malloc (no_of_nodes);
  bool *visited = (bool *) malloc (no_of_nodes);
  int *cost = (int *) malloc (sizeof (int) * no_of_nodes);
  for (int i = 0; i < no_of_nodes; i++)
    {
      nodes[i].start = 2 * i;
      nodes[i].count = 2;
      edge[2 * i] = (i + 1) % no_of_nodes;
      edge[2 * i + 1] = (i * 7 + 3) % no_of_nodes;
      mask[i] = upd[i] = visited[i] = false;
      cost[i] = -1;
    }
  mask[0] = visited[0] = true;
  cost[0] = 0;
  printf ("Start traversing the graph\n");
  bool stop;
  int k = 0;
  do
    {
      stop = false;
#pragma omp target data map(tofrom: no_of_nodes, mask[0:no_of_nodes], nodes[0:no_of_nodes], edge[0:edges], visited[0:no_of_nodes], upd[0:no_of_nodes], cost[0:no_of_nodes])
#pragma omp target
#pragma omp parallel for
      for (int tid = 0; tid < no_of_nodes; tid++)
	if (mask[tid])
	  {
	    mask[tid] = false;
	    for (int i = nodes[tid].start; i < nodes[tid].start + nodes[tid].count; i++)
	      {
		int id = edge[i];
		if (!visited[id])
		  {
		    cost[id] = cost[tid] + 1;
		    upd[id] = true;
		  }
	      }
	  }
#pragma omp target map(tofrom: stop, no_of_nodes, mask[0:no_of_nodes], visited[0:no_of_nodes], upd[0:no_of_nodes])
#pragma omp parallel for
      for (int tid = 0; tid < no_of_nodes; tid++)
	if (upd[tid])
	  {
	    mask[tid] = true;
	    visited[tid] = true;
	    stop = true;
	    upd[tid] = false;
	  }
      k++;
    }
  while (stop);

  /* The host's breadth-first search.  */
  int *want = (int *) malloc (sizeof (int) * no_of_nodes);
  int *queue = (int *) malloc (sizeof (int) * no_of_nodes);
  for (int i = 0; i < no_of_nodes; i++)
    want[i] = -1;
  want[0] = 0;
  int head = 0, tail = 0;
  queue[tail++] = 0;
  while (head < tail)
    {
      int v = queue[head++];
      for (int i = 0; i < 2; i++)
	{
	  int id = edge[2 * v + i];
	  if (want[id] < 0)
	    {
	      want[id] = want[v] + 1;
	      queue[tail++] = id;
	    }
	}
    }
  for (int i = 0; i < no_of_nodes; i++)
    if (cost[i] != want[i] || nodes[i].start != 2 * i)
      abort ();
  printf ("%d steps\n", k);
  return 0;
}

/* { dg-final { scan-deepmap-report "data-size-in-loop.c:63:9: deepmap: hoist: 'cost' kept on the device across the loop at data-size-in-loop.c:92 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "data-size-in-loop.c:63:9: deepmap: hoist: 'edge' kept on the device across the loop at data-size-in-loop.c:92 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } } */
/* { dg-final { scan-deepmap-report "data-size-in-loop.c:63:9: deepmap: hoist: 'nodes' kept on the device across the loop at data-size-in-loop.c:92 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } } */
/* { dg-final { scan-deepmap-report "data-size-in-loop.c:80:9: deepmap: hoist: 'mask' kept on the device across the loop at data-size-in-loop.c:92 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: nothing reads it afterwards" } } */
/* { dg-final { scan-deepmap-report "data-size-in-loop.c:63:9: deepmap: hoist: 'no_of_nodes' kept on the device across the loop at data-size-in-loop.c:92 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } } */
