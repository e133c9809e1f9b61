/* dm-tests.c -- the functions the hoisting pass's run-time tests call
   where a loop keeps many sections (dm-hoist.c): that the sections the
   compiler cannot tell apart are disjoint, and that no caller holds any
   of them mapped on the device; and the one that picks the map kinds of
   its enter and exit data.  One call over the enter data's own arrays
   instead of code per pair or section keeps the compile time down
   (OMPDart's naive LULESH keeps some sixty sections and has hundreds of
   pairs).

   The functions are the unit's own, static, built from standard OpenMP
   calls alone (omp_target_is_present, omp_get_default_device), so that a
   program built with the plugin keeps its data on the device under any
   libgomp, GCC's included.  They are made while the unit's functions are
   still being lowered (the first target construct the annotation pass
   meets), when the call graph takes a new body as it takes a parsed one;
   the hoisting pass runs too late for that.  In lto1 nothing makes them:
   the pass tests inline there.  */
#include "deepmap-plugin.h"

/* omp_target_is_present and omp_get_default_device, declared once.  */
static tree dm_query_decls[2];
/* The unit's functions (dm_make_test_functions).  */
static tree dm_test_decls[DM_TEST_COUNT];

static const struct ggc_root_tab dm_tests_roots[] = {
  { &dm_query_decls[0], 2, sizeof (tree), &DM_GGC_MARK_TREE,
    &DM_PCH_WALK_TREE },
  { &dm_test_decls[0], DM_TEST_COUNT, sizeof (tree), &DM_GGC_MARK_TREE,
    &DM_PCH_WALK_TREE },
  LAST_GGC_ROOT_TAB
};

tree
dm_omp_query_decl (enum dm_omp_query which)
{
  if (!dm_query_decls[0])
    {
      tree t = build_fn_decl ("omp_target_is_present",
			      build_function_type_list
				(integer_type_node, const_ptr_type_node,
				 integer_type_node, NULL_TREE));
      tree d = build_fn_decl ("omp_get_default_device",
			      build_function_type_list (integer_type_node,
							NULL_TREE));
      for (tree f : { t, d })
	DECL_EXTERNAL (f) = TREE_PUBLIC (f) = 1;
      dm_query_decls[DM_IS_PRESENT] = t;
      dm_query_decls[DM_DEFAULT_DEVICE] = d;
    }
  return dm_query_decls[which];
}

tree
dm_test_function (enum dm_test which)
{
  return dm_test_decls[which];
}

bool
dm_test_function_p (const_tree fn)
{
  for (int i = 0; fn && i < DM_TEST_COUNT; i++)
    if (fn == dm_test_decls[i])
      return true;
  return false;
}

/* What a body is built of: its function, locals and statements.  */
struct dm_body
{
  dm_body (tree f) : fn (f), stmts (alloc_stmt_list ()) {}
  tree fn;
  tree vars = NULL_TREE;
  tree stmts;
};

static tree
dm_local (dm_body &b, const char *name, tree type)
{
  tree v = build_decl (UNKNOWN_LOCATION, VAR_DECL, get_identifier (name),
		       type);
  DECL_CONTEXT (v) = b.fn;
  DECL_ARTIFICIAL (v) = 1;
  TREE_USED (v) = 1;
  DECL_CHAIN (v) = b.vars;
  b.vars = v;
  return v;
}

static void
dm_add (dm_body &b, tree stmt)
{
  append_to_statement_list (stmt, &b.stmts);
}

static void
dm_set (dm_body &b, tree var, tree val)
{
  dm_add (b, build2 (MODIFY_EXPR, TREE_TYPE (var), var,
		     fold_convert (TREE_TYPE (var), val)));
}

static tree
dm_label (dm_body &b)
{
  tree l = build_decl (UNKNOWN_LOCATION, LABEL_DECL, NULL_TREE,
		       void_type_node);
  DECL_ARTIFICIAL (l) = 1;
  DECL_IGNORED_P (l) = 1;
  DECL_CONTEXT (l) = b.fn;
  return l;
}

static tree
dm_goto (tree label)
{
  return build1 (GOTO_EXPR, void_type_node, label);
}

/* if (COND) goto LABEL;  */
static void
dm_branch (dm_body &b, tree cond, tree label)
{
  dm_add (b, build3 (COND_EXPR, void_type_node, cond, dm_goto (label),
		     NULL_TREE));
}

static void
dm_return (dm_body &b, int value)
{
  tree res = DECL_RESULT (b.fn);
  dm_add (b, build1 (RETURN_EXPR, void_type_node,
		     build2 (MODIFY_EXPR, TREE_TYPE (res), res,
			     build_int_cst (TREE_TYPE (res), value))));
}

/* ELEMENT (of TYPE, SIZE bytes) K * STRIDE + OFF of the array at BASE.  */
static tree
dm_element (tree base, tree k, unsigned stride, unsigned off, tree type)
{
  unsigned size = tree_to_uhwi (TYPE_SIZE_UNIT (type));
  tree bytes = fold_build2 (PLUS_EXPR, sizetype,
			    fold_build2 (MULT_EXPR, sizetype,
					 fold_convert (sizetype, k),
					 size_int (stride * size)),
			    size_int (off * size));
  return build_simple_mem_ref (fold_build_pointer_plus (base, bytes));
}

/* The parameters of the tests: a GOMP call's address and size arrays.  */
static const char *const dm_table_params[4] = { "addrs", "sizes", "arg", "n" };

/* int NAME (const void *, const void *, const void *, size_t), static,
   with its parameters (called NAMES) in ARGS; its body is left to the
   caller.  */
static tree
dm_test_decl (const char *name, tree args[4],
	      const char *const names[4] = dm_table_params)
{
  tree type = build_function_type_list (integer_type_node,
					const_ptr_type_node,
					const_ptr_type_node,
					const_ptr_type_node, size_type_node,
					NULL_TREE);
  tree fn = build_decl (UNKNOWN_LOCATION, FUNCTION_DECL,
			get_identifier (name), type);
  TREE_STATIC (fn) = 1;
  TREE_USED (fn) = 1;
  DECL_ARTIFICIAL (fn) = 1;
  DECL_IGNORED_P (fn) = 1;
  DECL_UNINLINABLE (fn) = 1;
  /* Its callers appear after IPA: nothing may change its signature.  */
  DECL_ATTRIBUTES (fn) = tree_cons (get_identifier ("noipa"), NULL_TREE,
				    NULL_TREE);
  /* Compiled without optimization: each runs once where a loop or run
     starts, over a few dozen entries, and every unit with target
     constructs gets all three (kept though nothing calls them yet); at
     -O2 they cost a one-construct unit 60 million instructions more
     than the plugin's other work, 16 million at -O0.  */
  tree level = build_string (3, "O0");
  decl_attributes (&fn, tree_cons (get_identifier ("optimize"),
				   build_tree_list (NULL_TREE, level),
				   NULL_TREE), 0);
  tree res = build_decl (UNKNOWN_LOCATION, RESULT_DECL, NULL_TREE,
			 integer_type_node);
  DECL_ARTIFICIAL (res) = 1;
  DECL_IGNORED_P (res) = 1;
  DECL_CONTEXT (res) = fn;
  DECL_RESULT (fn) = res;
  tree types[4] = { const_ptr_type_node, const_ptr_type_node,
		    const_ptr_type_node, size_type_node };
  tree chain = NULL_TREE;
  for (int i = 3; i >= 0; i--)
    {
      tree p = build_decl (UNKNOWN_LOCATION, PARM_DECL,
			   get_identifier (names[i]), types[i]);
      DECL_ARG_TYPE (p) = types[i];
      DECL_CONTEXT (p) = fn;
      TREE_USED (p) = 1;
      DECL_CHAIN (p) = chain;
      chain = p;
      args[i] = p;
    }
  DECL_ARGUMENTS (fn) = chain;
  return fn;
}

/* The locals A and S of B: the address and size arrays ARGS[0] and
   ARGS[1] (a GOMP call's, dm_make_arrays).  */
static void
dm_table_locals (dm_body &b, tree args[4], tree *a, tree *s)
{
  *a = dm_local (b, "a", build_pointer_type (ptr_type_node));
  *s = dm_local (b, "s", build_pointer_type (size_type_node));
  dm_set (b, *a, args[0]);
  dm_set (b, *s, args[1]);
}

/* The first and one-past-the-last address of entry K of the tables A
   and S (dm_table_locals), in *LO and *HI.  */
static void
dm_table_ends (tree a, tree s, tree k, tree *lo, tree *hi)
{
  tree uptr = pointer_sized_int_node;
  *lo = fold_convert (uptr, dm_element (a, k, 1, 0, ptr_type_node));
  *hi = fold_build2 (PLUS_EXPR, uptr,
		     fold_convert (uptr, dm_element (a, k, 1, 0,
						     ptr_type_node)),
		     fold_convert (uptr, dm_element (s, k, 1, 0,
						     size_type_node)));
}

/* Give FN the body B and hand it to the call graph, to be lowered and
   compiled as the unit's functions are, and kept though nothing calls it
   yet.  */
static void
dm_finish_test (dm_body &b)
{
  tree block = make_node (BLOCK);
  BLOCK_VARS (block) = b.vars;
  BLOCK_SUPERCONTEXT (block) = b.fn;
  TREE_USED (block) = 1;
  DECL_INITIAL (b.fn) = block;
  DECL_SAVED_TREE (b.fn) = build3 (BIND_EXPR, void_type_node, b.vars,
				   b.stmts, block);
  push_struct_function (b.fn);
  pop_cfun ();
  cgraph_node::add_new_function (b.fn, false);
  cgraph_node::get_create (b.fn)->force_output = 1;
}

/* The loop over K from 0 to N of both tests: LOOP is its head, which
   leaves for DONE at the end.  */
static tree
dm_loop_head (dm_body &b, tree k, tree n, tree done)
{
  dm_set (b, k, build_int_cst (TREE_TYPE (k), 0));
  tree loop = dm_label (b);
  dm_add (b, build1 (LABEL_EXPR, void_type_node, loop));
  dm_branch (b, build2 (GE_EXPR, boolean_type_node, k, n), done);
  return loop;
}

/* The end of the loop and of the body: the next K, then 1 at YES (the
   loop's end), 0 at NO (a failed check); the body goes to the call
   graph.  */
static void
dm_loop_end (dm_body &b, tree k, tree loop, tree yes, tree no)
{
  dm_set (b, k, build2 (PLUS_EXPR, TREE_TYPE (k), k,
			build_int_cst (TREE_TYPE (k), 1)));
  dm_add (b, dm_goto (loop));
  dm_add (b, build1 (LABEL_EXPR, void_type_node, yes));
  dm_return (b, 1);
  dm_add (b, build1 (LABEL_EXPR, void_type_node, no));
  dm_return (b, 0);
  dm_finish_test (b);
}

/* int apart (addrs, sizes, pairs, npairs): ADDRS and SIZES hold the
   sections (as a GOMP call's arrays), PAIRS the indices (unsigned short)
   of the pairs to compare; 1 when every pair is disjoint.  As
   deepmap_sections_apart in the runtime (deepmap.h), which takes the
   ends as one table.  */
static tree
dm_make_apart (void)
{
  tree args[4];
  dm_body b (dm_test_decl ("__deepmap_sections_apart", args));
  tree ushort = short_unsigned_type_node;
  tree a, s;
  dm_table_locals (b, args, &a, &s);
  tree p = dm_local (b, "p", build_pointer_type (ushort));
  tree k = dm_local (b, "k", size_type_node);
  tree i = dm_local (b, "i", size_type_node);
  tree j = dm_local (b, "j", size_type_node);
  dm_set (b, p, args[2]);
  tree yes = dm_label (b), no = dm_label (b);
  tree loop = dm_loop_head (b, k, args[3], yes);
  dm_set (b, i, dm_element (p, k, 2, 0, ushort));
  dm_set (b, j, dm_element (p, k, 2, 1, ushort));
  /* Overlap: lo_i < hi_j && lo_j < hi_i.  */
  tree lo_i, hi_i, lo_j, hi_j;
  dm_table_ends (a, s, i, &lo_i, &hi_i);
  dm_table_ends (a, s, j, &lo_j, &hi_j);
  dm_branch (b, build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
			build2 (GT_EXPR, boolean_type_node, hi_i, lo_j),
			build2 (GT_EXPR, boolean_type_node, hi_j, lo_i)), no);
  dm_loop_end (b, k, loop, yes, no);
  return b.fn;
}

/* int absent (addrs, sizes, &device, n): 1 when neither the first nor
   the last byte (the one before, for no bytes) of any of the N sections
   is present on the device (-1, GOMP_DEVICE_ICV: the default one).  As
   deepmap_sections_absent in the runtime, which takes the ends as one
   table.  */
static tree
dm_make_absent (void)
{
  tree args[4];
  dm_body b (dm_test_decl ("__deepmap_sections_absent", args));
  tree uptr = pointer_sized_int_node;
  tree a, s;
  dm_table_locals (b, args, &a, &s);
  tree dev = dm_local (b, "dev", integer_type_node);
  tree k = dm_local (b, "k", size_type_node);
  dm_set (b, dev, build_simple_mem_ref
		    (fold_convert (build_pointer_type (integer_type_node),
				   args[2])));
  tree asked = dm_label (b);
  dm_branch (b, build2 (NE_EXPR, boolean_type_node, dev,
			build_int_cst (integer_type_node, GOMP_DEVICE_ICV)),
	     asked);
  dm_set (b, dev, build_call_expr (dm_omp_query_decl (DM_DEFAULT_DEVICE),
				   0));
  dm_add (b, build1 (LABEL_EXPR, void_type_node, asked));
  tree yes = dm_label (b), no = dm_label (b);
  tree loop = dm_loop_head (b, k, args[3], yes);
  tree first, end;
  dm_table_ends (a, s, k, &first, &end);
  tree last = fold_build2 (MINUS_EXPR, uptr, end, build_int_cst (uptr, 1));
  for (tree at : { first, last })
    {
      tree call = build_call_expr (dm_omp_query_decl (DM_IS_PRESENT), 2,
				   fold_convert (const_ptr_type_node, at),
				   dev);
      dm_branch (b, build2 (NE_EXPR, boolean_type_node, call,
			    integer_zero_node), no);
    }
  dm_loop_end (b, k, loop, yes, no);
  return b.fn;
}

/* int kinds (sizes, table, out, n): entry K of OUT (unsigned short) is
   entry K of TABLE where entry K of SIZES (size_t) is not 0, else entry
   N + K: the map kinds of a GOMP call whose zero-length sections map
   nothing, as omp-expand decides them at run time, in one call instead
   of a choice and a store per section.  Returns 1.  */
static tree
dm_make_kinds (void)
{
  tree args[4];
  static const char *const names[4] = { "sizes", "table", "out", "n" };
  dm_body b (dm_test_decl ("__deepmap_kinds", args, names));
  tree ushort = short_unsigned_type_node;
  tree s = dm_local (b, "s", build_pointer_type (size_type_node));
  tree t = dm_local (b, "t", build_pointer_type (ushort));
  tree z = dm_local (b, "z", build_pointer_type (ushort));
  tree o = dm_local (b, "o", build_pointer_type (ushort));
  tree k = dm_local (b, "k", size_type_node);
  dm_set (b, s, args[0]);
  dm_set (b, t, args[1]);
  dm_set (b, o, args[2]);
  dm_set (b, z, fold_build_pointer_plus
		  (t, fold_build2 (MULT_EXPR, sizetype,
				   fold_convert (sizetype, args[3]),
				   TYPE_SIZE_UNIT (ushort))));
  tree yes = dm_label (b), no = dm_label (b);
  tree loop = dm_loop_head (b, k, args[3], yes);
  tree pick = build3 (COND_EXPR, ushort,
		      build2 (NE_EXPR, boolean_type_node,
			      dm_element (s, k, 1, 0, size_type_node),
			      size_zero_node),
		      dm_element (t, k, 1, 0, ushort),
		      dm_element (z, k, 1, 0, ushort));
  dm_add (b, build2 (MODIFY_EXPR, ushort, dm_element (o, k, 1, 0, ushort),
		     pick));
  dm_loop_end (b, k, loop, yes, no);
  return b.fn;
}

void
dm_make_test_functions (void)
{
  /* The hoisting pass runs where the optimising pass list does.  */
  if (dm_test_decls[DM_TEST_APART] || !dm_hoist_enabled || !optimize
      || optimize_debug || symtab->state != CONSTRUCTION
      /* Without fat objects the unit is compiled in lto1 only.  */
      || (flag_lto && !flag_fat_lto_objects))
    return;
  dm_test_decls[DM_TEST_APART] = dm_make_apart ();
  dm_test_decls[DM_TEST_ABSENT] = dm_make_absent ();
  dm_test_decls[DM_FILL_KINDS] = dm_make_kinds ();
}

void
dm_register_tests (const char *name)
{
  register_callback (name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) dm_tests_roots);
}
