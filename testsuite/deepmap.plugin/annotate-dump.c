/* What the plugin's passes insert, seen in their dumps: one guarded
   deepmap_annotate call per construct with deep items, the count of its
   items, none for a construct without them or one that #pragma deepmap
   shallow marks; after omp-expand, both calls turned into sites of the
   unit's static table (registered by a constructor, unregistered by a
   destructor) and gone from the code; and the enter and exit data calls
   hoisting puts around a time-step loop, each with its section and its
   record (a zero-length section of kind 0xff0f, DEEPMAP_HOIST_KIND, at
   static data) stored volatile (={v}), their map kinds picked by the
   unit's __deepmap_kinds, on the default device (-1) where the run-time
   test that nothing kept is mapped already (the unit's
   __deepmap_sections_absent) holds, else on the host (-2), which does
   nothing: no branch of their own.  */
/* { dg-do compile } */
/* { dg-additional-options "-fdump-tree-all" } */

struct node
{
  int v;
  struct node *next;
};

struct pair
{
  struct node *a, *b;
};

void
deep_one (struct node *p)
{
#pragma omp target map(tofrom: p[0:1])
  p->v += p->next ? 1 : 2;	/* reads a pointer: deep */
}

void
deep_two (struct node *p, struct pair *q)
{
#pragma omp target enter data map(to: p[0:1], q[0:1])
}

/* At an index the compiler does not know: no summary of its accesses
   for hoisting either.  */
void
plain (int *x, int k)
{
#pragma omp target map(tofrom: x[0:4])
  x[k]++;
}

void
shallow (struct node *p)
{
#pragma deepmap shallow
#pragma omp target map(tofrom: p[0:1])
  p->v++;
}

void
steps (double *a, int n, int t)
{
  for (int s = 0; s < t; s++)
    {
#pragma omp target map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] += 1;
    }
}

/* { dg-final { scan-tree-dump-times "deepmap_annotate \\(1, " 1 "deepmap" } } */
/* { dg-final { scan-tree-dump-times "deepmap_annotate \\(2, " 1 "deepmap" } } */
/* { dg-final { scan-tree-dump-times "if \\(deepmap_annotate != 0B\\)" 2 "deepmap" } } */
/* { dg-final { scan-tree-dump "\\.type = &__deepmap_type" "deepmap" } } */
/* { dg-final { scan-tree-dump-not "deepmap_annotate \\(0, " "deepmap" } } */
/* { dg-final { scan-tree-dump-times "deep sites of the construct with map kinds \\.omp_data_kinds\[.0-9\]*: p of type __deepmap_type" 1 "deepmap_sites" } } */
/* { dg-final { scan-tree-dump-times "of type __deepmap_type\[.0-9\]*, " 1 "deepmap_sites" } } */
/* { dg-final { scan-tree-dump-not "annotation kept" "deepmap_sites" } } */
/* { dg-final { scan-tree-dump-not "deepmap_annotate" "optimized" } } */
/* { dg-final { scan-tree-dump-times "GOMP_target_enter_exit_data \\(_\[0-9\]+, 2, &deepmap_hoist" 2 "deepmap_hoist" } } */
/* { dg-final { scan-tree-dump-times "= _\[0-9\]+ \\? -1 : -2;" 2 "deepmap_hoist" } } */
/* { dg-final { scan-tree-dump-times "deepmap_hoist\[.0-9\]*\\\[1\\\] =\{v\} &deepmap_hoist_site" 2 "deepmap_hoist" } } */
/* { dg-final { scan-tree-dump-times "__deepmap_kinds \\(&deepmap_hoist\[.0-9\]*, &deepmap_kinds\[.0-9\]*, &deepmap_hoist\[.0-9\]*, 2\\);" 2 "deepmap_hoist" } } */
/* { dg-final { scan-tree-dump-times "__deepmap_sections_absent \\(&deepmap_hoist" 1 "deepmap_hoist" } } */
/* { dg-final { scan-tree-dump-not "deepmap_hoist_(enter|exit|sync)" "optimized" } } */
