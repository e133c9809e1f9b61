/* deepcopy.c -- automatic deep copy (the deepmap GCC plugin: one map
   clause on the top-level object) against hand-written deep copy in
   standard OpenMP (deepcopy-hand.c, built without the plugin), on the
   deep copy paper's list, split list and tree and the pointerchain
   paper's Linear and Dense scenarios.  See bench/README.

   Usage: deepcopy CASE MODE [ITERS]
     CASE  list-128 list-1k list-1m split-... tree-... (N nodes, -n N),
	   linear-aa-N, linear-al-N, linear-ll-N (allinit-allused,
	   allinit-LLused, LLinit-LLused; N doubles per level), dense-N
	   (q = 4, depth 3, N doubles per structure)
     MODE  both: ITERS timed iterations of each, interleaved, medians,
	   and of the bound: the same bytes as one array (bulk_ms);
	   auto or hand: one untimed iteration of that variant alone (for
	   DEEPMAP_STATS), no other device activity.
   Prints one line "deepcopy case=... key=value ...".  */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "benchutil.h"
#include "deepcopy.h"

#ifndef __DEEPMAP_PLUGIN__
# error "deepcopy.c is built with the deepmap plugin (-fplugin=.../deepmap.so)"
#endif

static void
die (const char *msg)
{
  fprintf (stderr, "deepcopy: %s\n", msg);
  exit (2);
}

static void *
xmalloc (size_t n)
{
  void *p = malloc (n);
  if (!p)
    die ("out of memory");
  return p;
}

/* ---- Lists and trees, generic over the layout ---------------------- */

struct nodes
{
  int n;
  size_t size;
  struct dc_layout l;
  char **node;
  int tree;
};

static double
init_val (int i, int j)
{
  return (double) i * 262144 + j;
}

/* Node I's payload element J (J counted over both segments).  */
static double *
payload (struct nodes *s, int i, int j)
{
  char *p = s->node[i];
  return j < s->l.n0 ? (double *) (p + s->l.s0) + j
		     : (double *) (p + s->l.s1) + (j - s->l.n0);
}

static char *
expected_ptr (struct nodes *s, int i, int which)
{
  int k = s->tree ? 2 * i + 1 + which : i + 1;
  return k < s->n ? s->node[k] : NULL;
}

/* The two variants' structures (S[0] auto's, S[1] hand's), their nodes
   allocated alternately: neither variant gets the host pages the other
   would have had (page placement alone moved the ratio by 0.3 at 1 MiB
   nodes).  */
static void
build_pair (struct nodes s[2], int n, size_t size, struct dc_layout l,
	    int tree)
{
  for (int v = 0; v < 2; v++)
    {
      s[v].n = n;
      s[v].size = size;
      s[v].l = l;
      s[v].tree = tree;
      s[v].node = xmalloc (n * sizeof (char *));
    }
  for (int i = 0; i < n; i++)
    for (int v = 0; v < 2; v++)
      {
	s[v].node[i] = xmalloc (size);
	memset (s[v].node[i], 0, size);
	for (int j = 0; j < l.n0 + l.n1; j++)
	  *payload (&s[v], i, j) = init_val (i, j);
      }
  for (int v = 0; v < 2; v++)
    for (int i = 0; i < n; i++)
      {
	*(char **) (s[v].node[i] + l.p0) = expected_ptr (&s[v], i, 0);
	if (tree)
	  *(char **) (s[v].node[i] + l.p1) = expected_ptr (&s[v], i, 1);
      }
}

/* 1 when every payload element is its initial value + ADDED and every
   pointer field is the host's.  */
static int
verify (struct nodes *s, double added)
{
  for (int i = 0; i < s->n; i++)
    {
      if (*(char **) (s->node[i] + s->l.p0) != expected_ptr (s, i, 0))
	return 0;
      if (s->tree && *(char **) (s->node[i] + s->l.p1) != expected_ptr (s, i, 1))
	return 0;
      for (int j = 0; j < s->l.n0 + s->l.n1; j++)
	if (*payload (s, i, j) != init_val (i, j) + added)
	  return 0;
    }
  return 1;
}

static int
same_nodes (struct nodes *a, struct nodes *b)
{
  for (int i = 0; i < a->n; i++)
    for (int j = 0; j < a->l.n0 + a->l.n1; j++)
      if (*payload (a, i, j) != *payload (b, i, j))
	return 0;
  return 1;
}

/* Automatic deep copy: one construct, the top-level object.  */
#define DC_AUTO(T)							\
  static void								\
  auto_##T (void *root, void **buf, struct dc_layout l)			\
  {									\
    struct T *h = root;							\
    (void) buf;								\
    _Pragma ("omp target map(tofrom: h[0:1])")				\
    dc_kernel ((char *) h, l.p0, l.p1, l.s0, l.n0, l.s1, l.n1);		\
  }
#define DC_AUTO_ALL(SUF) DC_AUTO (list_##SUF) DC_AUTO (split_##SUF) \
  DC_AUTO (tree_##SUF)
DC_AUTO_ALL (128)
DC_AUTO_ALL (1k)
DC_AUTO_ALL (1m)

typedef void (*node_fn) (void *, void **, struct dc_layout);

struct node_case
{
  const char *name;
  size_t size;
  int tree;
  struct dc_layout l;
  node_fn autofn, handfn;
};

#define LAYOUT_LIST(T) { offsetof (struct T, next), -1, \
  offsetof (struct T, d), sizeof (((struct T *) 0)->d) / 8, 0, 0 }
#define LAYOUT_SPLIT(T) { offsetof (struct T, next), -1, \
  offsetof (struct T, a), sizeof (((struct T *) 0)->a) / 8, \
  offsetof (struct T, b), sizeof (((struct T *) 0)->b) / 8 }
#define LAYOUT_TREE(T) { offsetof (struct T, left), offsetof (struct T, right), \
  offsetof (struct T, d), sizeof (((struct T *) 0)->d) / 8, 0, 0 }
#define NODE_CASES(SUF)							\
  { "list-" #SUF, sizeof (struct list_##SUF), 0,			\
    LAYOUT_LIST (list_##SUF), auto_list_##SUF, hand_list_##SUF },	\
  { "split-" #SUF, sizeof (struct split_##SUF), 0,			\
    LAYOUT_SPLIT (split_##SUF), auto_split_##SUF, hand_split_##SUF },	\
  { "tree-" #SUF, sizeof (struct tree_##SUF), 1,			\
    LAYOUT_TREE (tree_##SUF), auto_tree_##SUF, hand_tree_##SUF },

static const struct node_case node_cases[] = {
  NODE_CASES (128)
  NODE_CASES (1k)
  NODE_CASES (1m)
};

/* ---- Linear and Dense ---------------------------------------------- */

static double *
new_array (int n, int id)
{
  double *a = xmalloc (n * sizeof (double));
  for (int i = 0; i < n; i++)
    a[i] = init_val (id, i);
  return a;
}

static int
check_array (const double *a, int n, int id, double added)
{
  for (int i = 0; i < n; i++)
    if (a[i] != init_val (id, i) + added)
      return 0;
  return 1;
}

static struct L1 *
build_linear (int n, int init_all)
{
  struct L1 *l1 = xmalloc (sizeof *l1);
  struct L2 *l2 = xmalloc (sizeof *l2);
  struct L3 *l3 = xmalloc (sizeof *l3);
  struct L4 *l4 = xmalloc (sizeof *l4);
  l1->Lnext = l2;
  l2->Lnext = l3;
  l3->Lnext = l4;
  l1->nLnext = l2->nLnext = l3->nLnext = 1;
  l1->nA = l2->nA = l3->nA = init_all ? n : 0;
  l1->A = init_all ? new_array (n, 1) : NULL;
  l2->A = init_all ? new_array (n, 2) : NULL;
  l3->A = init_all ? new_array (n, 3) : NULL;
  l4->nA = n;
  l4->A = new_array (n, 4);
  return l1;
}

static int
verify_linear (struct L1 *l1, int init_all, int used_all, double added)
{
  struct L2 *l2 = l1->Lnext;
  struct L3 *l3 = l2->Lnext;
  struct L4 *l4 = l3->Lnext;
  if (!check_array (l4->A, l4->nA, 4, added))
    return 0;
  if (!init_all)
    return !l1->A && !l2->A && !l3->A;
  double other = used_all ? added : 0;
  return check_array (l1->A, l1->nA, 1, other)
	 && check_array (l2->A, l2->nA, 2, other)
	 && check_array (l3->A, l3->nA, 3, other);
}

static void
auto_linear (struct L1 *l1, int all)
{
#pragma omp target map(tofrom: l1[0:1])
  dc_linear_kernel (l1, all);
}

#define Q 4

static struct D0 *
build_dense (int n)
{
  int id = 0;
  struct D0 *a0 = xmalloc (sizeof *a0);
  a0->nA = n;
  a0->A = new_array (n, id++);
  a0->nLnext = Q;
  a0->Lnext = xmalloc (Q * sizeof (struct D1));
  for (int a = 0; a < Q; a++)
    {
      struct D1 *d1 = &a0->Lnext[a];
      d1->nA = n;
      d1->A = new_array (n, id++);
      d1->nLnext = Q;
      d1->Lnext = xmalloc (Q * sizeof (struct D2));
      for (int b = 0; b < Q; b++)
	{
	  struct D2 *d2 = &d1->Lnext[b];
	  d2->nA = n;
	  d2->A = new_array (n, id++);
	  d2->nLnext = Q;
	  d2->Lnext = xmalloc (Q * sizeof (struct D3));
	  for (int c = 0; c < Q; c++)
	    {
	      d2->Lnext[c].nA = n;
	      d2->Lnext[c].A = new_array (n, id++);
	    }
	}
    }
  return a0;
}

static int
verify_dense (struct D0 *a0, double added)
{
  int id = 0, ok = check_array (a0->A, a0->nA, id++, added);
  for (int a = 0; a < Q; a++)
    {
      struct D1 *d1 = &a0->Lnext[a];
      ok &= check_array (d1->A, d1->nA, id++, added);
      for (int b = 0; b < Q; b++)
	{
	  struct D2 *d2 = &d1->Lnext[b];
	  ok &= check_array (d2->A, d2->nA, id++, added);
	  for (int c = 0; c < Q; c++)
	    ok &= check_array (d2->Lnext[c].A, d2->Lnext[c].nA, id++, added);
	}
    }
  return ok;
}

static void
auto_dense (struct D0 *a0)
{
#pragma omp target map(tofrom: a0[0:1])
  dc_dense_kernel (a0);
}

/* ---- Driver --------------------------------------------------------- */

/* One case: two copies of the structure (auto's and hand's), run
   functions, verification.  */
struct bench
{
  const char *kind;
  void (*run[2]) (struct bench *);	/* auto, hand */
  int (*check) (struct bench *, double);
  int (*same) (struct bench *);
  struct nodes s[2];
  const struct node_case *nc;
  void **buf;
  struct L1 *lin[2];
  int init_all, used_all;
  struct D0 *dense[2];
  size_t bytes;				/* host bytes of one structure */
  int variant;				/* being run: 0 auto, 1 hand */
};

static void
run_nodes (struct bench *b)
{
  node_fn f = b->variant ? b->nc->handfn : b->nc->autofn;
  f (b->s[b->variant].node[0], b->buf, b->nc->l);
}

static int
check_nodes (struct bench *b, double added)
{
  return verify (&b->s[b->variant], added);
}

static int
same_of_nodes (struct bench *b)
{
  return same_nodes (&b->s[0], &b->s[1]);
}

static void
run_linear (struct bench *b)
{
  if (b->variant)
    hand_linear (b->lin[1], b->used_all);
  else
    auto_linear (b->lin[0], b->used_all);
}

static int
check_linear (struct bench *b, double added)
{
  return verify_linear (b->lin[b->variant], b->init_all, b->used_all, added);
}

static int
same_linear (struct bench *b)
{
  /* Both verified against the same expected values.  */
  (void) b;
  return 1;
}

static void
run_dense (struct bench *b)
{
  if (b->variant)
    hand_dense (b->dense[1]);
  else
    auto_dense (b->dense[0]);
}

static int
check_dense (struct bench *b, double added)
{
  return verify_dense (b->dense[b->variant], added);
}

static void
setup (struct bench *b, const char *name, int nnodes)
{
  memset (b, 0, sizeof *b);
  for (size_t i = 0; i < sizeof node_cases / sizeof node_cases[0]; i++)
    if (!strcmp (name, node_cases[i].name))
      {
	const struct node_case *c = &node_cases[i];
	b->kind = c->tree ? "tree" : "list";
	b->nc = c;
	b->run[0] = b->run[1] = run_nodes;
	b->check = check_nodes;
	b->same = same_of_nodes;
	build_pair (b->s, nnodes, c->size, c->l, c->tree);
	b->buf = xmalloc (nnodes * sizeof (void *));
	b->bytes = (size_t) nnodes * c->size;
	return;
      }
  int n;
  char lay[3];
  if (sscanf (name, "linear-%2[a-z]-%d", lay, &n) == 2 && n > 0)
    {
      if (!strcmp (lay, "aa"))
	b->init_all = b->used_all = 1;
      else if (!strcmp (lay, "al"))
	b->init_all = 1;
      else if (strcmp (lay, "ll"))
	die ("linear layout: aa, al or ll");
      b->kind = "linear";
      b->run[0] = b->run[1] = run_linear;
      b->check = check_linear;
      b->same = same_linear;
      for (int v = 0; v < 2; v++)
	b->lin[v] = build_linear (n, b->init_all);
      b->bytes = sizeof (struct L1) + sizeof (struct L2) + sizeof (struct L3)
		 + sizeof (struct L4) + (b->init_all ? 4 : 1) * n * 8UL;
      return;
    }
  if (sscanf (name, "dense-%d", &n) == 1 && n > 0)
    {
      b->kind = "dense";
      b->run[0] = b->run[1] = run_dense;
      b->check = check_dense;
      b->same = same_linear;
      for (int v = 0; v < 2; v++)
	b->dense[v] = build_dense (n);
      b->bytes = sizeof (struct D0) + Q * sizeof (struct D1)
		 + Q * Q * sizeof (struct D2) + Q * Q * Q * sizeof (struct D3)
		 + (1 + Q + Q * Q + Q * Q * Q) * n * 8UL;
      return;
    }
  die ("unknown case");
}

int
main (int argc, char **argv)
{
  int nnodes = 1024;
  if (argc > 2 && !strcmp (argv[1], "-n"))
    {
      nnodes = atoi (argv[2]);
      argc -= 2;
      argv += 2;
    }
  if (argc < 3 || nnodes < 1)
    die ("usage: deepcopy [-n NODES] CASE both|auto|hand|bulk [ITERS]");
  const char *name = argv[1], *mode = argv[2];
  int iters = argc > 3 ? atoi (argv[3]) : 5;
  if (iters < 1)
    die ("ITERS must be >= 1");
  struct bench b;
  setup (&b, name, nnodes);

  if (strcmp (mode, "both"))
    {
      /* ITERS iterations (default 1) of one variant, nothing else on the
	 device: DEEPMAP_STATS counts one, a profiler sees many, and a
	 runtime that can run only the hand-written variant (GCC's libgomp
	 on a GPU: it has no automatic deep copy) is timed alone.  ms is
	 the median of the iterations after the first (the warm-up).  */
      int reps = argc > 3 ? iters : 1;
      double *t = xmalloc (reps * sizeof (double));
      int ok = 1;
      if (!strcmp (mode, "bulk"))
	{
	  int nbulk = (int) (b.bytes / sizeof (double));
	  double *bulk = xmalloc (nbulk * sizeof (double));
	  memset (bulk, 0, nbulk * sizeof (double));
	  for (int it = 0; it < reps; it++)
	    {
	      double t0 = bench_now_s ();
	      bulk_copy (bulk, nbulk);
	      t[it] = bench_now_s () - t0;
	    }
	  for (int i = 0; i < nbulk; i++)
	    ok &= bulk[i] == reps;
	}
      else
	{
	  b.variant = !strcmp (mode, "hand");
	  if (!b.variant && strcmp (mode, "auto"))
	    die ("MODE: both, auto, hand or bulk");
	  for (int it = 0; it < reps; it++)
	    {
	      double t0 = bench_now_s ();
	      b.run[b.variant] (&b);
	      t[it] = bench_now_s () - t0;
	    }
	  ok = b.check (&b, reps);
	}
      double ms = 1e3 * (reps > 1 ? bench_median (t + 1, reps - 1) : t[0]);
      printf ("deepcopy case=%s variant=%s bytes=%zu iters=%d ms=%.4f ok=%d\n",
	      name, mode, b.bytes, reps, ms, ok);
      return ok ? 0 : 1;
    }

  /* The regions must run off the host, on a device with its own copies.  */
  int offload = 0, discrete = 0;
  double x = 1;
#pragma omp target data map(to: x)
  {
#pragma omp target map(from: offload) map(alloc: x)
    {
      offload = !omp_is_initial_device ();
      x = 2;
    }
    discrete = x == 1;
  }

  /* The bound: one array of the structure's bytes.  */
  int nbulk = (int) (b.bytes / sizeof (double));
  double *bulk = xmalloc (nbulk * sizeof (double));
  memset (bulk, 0, nbulk * sizeof (double));
  double *t[3];
  for (int v = 0; v < 3; v++)
    t[v] = xmalloc ((iters + 1) * sizeof (double));
  int ok = 1;
  /* Iteration 0 warms up (pool, page faults); alternate which variant
     goes first.  */
  for (int it = 0; it <= iters; it++)
    {
      for (int k = 0; k < 2; k++)
	{
	  b.variant = (it + k) % 2;
	  double t0 = bench_now_s ();
	  b.run[b.variant] (&b);
	  t[b.variant][it] = bench_now_s () - t0;
	  ok &= b.check (&b, it + 1);
	}
      double t0 = bench_now_s ();
      bulk_copy (bulk, nbulk);
      t[2][it] = bench_now_s () - t0;
    }
  for (int i = 0; i < nbulk; i++)
    ok &= bulk[i] == iters + 1;
  int same = b.same (&b);
  double ta = bench_median (t[0] + 1, iters);
  double th = bench_median (t[1] + 1, iters);
  double tb = bench_median (t[2] + 1, iters);
  printf ("deepcopy case=%s kind=%s nodes=%d bytes=%zu iters=%d auto_ms=%.4f "
	  "hand_ms=%.4f bulk_ms=%.4f ratio=%.3f ratio_bulk=%.3f ok=%d same=%d "
	  "offload=%d discrete=%d\n", name, b.kind, b.nc ? nnodes : 0,
	  b.bytes, iters, ta * 1e3, th * 1e3, tb * 1e3, ta / th, ta / tb, ok,
	  same, offload, discrete);
  return ok && same ? 0 : 1;
}
