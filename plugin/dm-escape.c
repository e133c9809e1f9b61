/* dm-escape.c -- memory that no code the hoisting pass cannot see can
   reach.

   GCC's points-to analysis counts an array as escaped as soon as its
   address is stored into the argument arrays of a target construct
   (they go to GOMP_target_ext), so every call in a time loop, a timer
   included, may read or write it as far as the alias oracle knows.  Yet
   libgomp only copies the bytes; it hands the host address to no other
   code (the region's device code gets the device address).  So an array
   that this function allocated itself (malloc, calloc, aligned_alloc,
   operator new) and whose address goes nowhere else -- only into
   accesses through it, comparisons, constructs' argument arrays and
   free, delete or the mem* builtins, which touch only their arguments
   -- can be reached only through pointers computed from that address
   here.  dm_private_pointers finds those pointers, or says the memory
   escapes.  */
#include "deepmap-plugin.h"
#include "ssa.h"
#include "gimple-walk.h"

/* Can memory of TYPE hold a pointer (so that a load from it gives one)?
   Unknown memory (void) can.  */
bool
dm_may_hold_pointers (tree type, int depth)
{
  while (TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  /* A structure of numbers (Rodinia's struct Node { int starting,
     no_of_edges; }) holds none either.  */
  if (RECORD_OR_UNION_TYPE_P (type) && COMPLETE_TYPE_P (type) && depth < 8)
    {
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
	if (TREE_CODE (f) == FIELD_DECL
	    && dm_may_hold_pointers (TREE_TYPE (f), depth + 1))
	  return true;
      return false;
    }
  return !(INTEGRAL_TYPE_P (type) || SCALAR_FLOAT_TYPE_P (type)
	   || TREE_CODE (type) == COMPLEX_TYPE
	   || TREE_CODE (type) == VECTOR_TYPE);
}

/* Give R the alias set of TYPE, the type the code accesses it as, where
   strict aliasing lets the oracle use it.  */
void
dm_typed_by (ao_ref *r, tree type)
{
  if (flag_strict_aliasing && type && COMPLETE_TYPE_P (type)
      && !VOID_TYPE_P (type))
    r->ref_alias_set = r->base_alias_set = get_alias_set (type);
}

/* P for ADDR &(*P)[0] (a variable-length array's first element), or
   NULL.  */
tree
dm_array_pointer (tree addr)
{
  if (TREE_CODE (addr) != ADDR_EXPR)
    return NULL_TREE;
  tree op = TREE_OPERAND (addr, 0);
  while (TREE_CODE (op) == ARRAY_REF && integer_zerop (TREE_OPERAND (op, 1)))
    op = TREE_OPERAND (op, 0);
  if (TREE_CODE (op) == MEM_REF && integer_zerop (TREE_OPERAND (op, 1))
      && TREE_CODE (TREE_OPERAND (op, 0)) == SSA_NAME)
    return TREE_OPERAND (op, 0);
  return NULL_TREE;
}

/* Is CALL one of the allocation functions whose result is fresh memory
   nothing else points to?  */
static bool
dm_allocation_p (gimple *stmt)
{
  gcall *call = dyn_cast <gcall *> (stmt);
  if (!call || !gimple_call_lhs (call))
    return false;
  if (gimple_call_builtin_p (call, BUILT_IN_MALLOC)
      || gimple_call_builtin_p (call, BUILT_IN_CALLOC)
      || gimple_call_builtin_p (call, BUILT_IN_ALIGNED_ALLOC)
      /* A variable-length array.  */
      || gimple_call_builtin_p (call, BUILT_IN_ALLOCA_WITH_ALIGN))
    return true;
  tree fn = gimple_call_fndecl (call);
  return fn && DECL_IS_REPLACEABLE_OPERATOR_NEW_P (fn);
}

/* Is CALL a question to the OpenMP runtime that reads no memory of the
   program (the presence test the hoisting pass puts before what it
   keeps, and the default device it asks it for), or the pass's test
   over a table (dm-tests.c), which reads the table and asks the
   runtime?  */
bool
dm_presence_query_p (gcall *call)
{
  tree fn = gimple_call_fndecl (call);
  if (!fn || !DECL_NAME (fn))
    return false;
  if (dm_test_function_p (fn))
    return true;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fn));
  return !strcmp (name, "omp_target_is_present")
	 || !strcmp (name, "omp_get_default_device");
}

static tree dm_find_name (tree *tp, int *walk_subtrees, void *data);

/* Is NAME, used by CALL, only its argument, which the callee neither
   lets escape nor returns (GCC's escape analysis of the callee, or its
   declaration: EAF flags)?  Then only the call's own accesses through
   it reach the memory (dm_call_reads_only says which).  What the callee
   does with pointers it loads from that memory does not matter: none
   points into it (storing one there is an escape, dm_follow_use).  */
bool
dm_kept_argument_p (gcall *call, tree name)
{
  int kept = EAF_NO_DIRECT_ESCAPE;
  if (gimple_call_lhs (call))
    kept |= EAF_NOT_RETURNED_DIRECTLY;
  if (gimple_call_internal_p (call) || gimple_call_fn (call) == name
      || gimple_call_chain (call) == name)
    return false;
  bool passed = false;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      tree a = gimple_call_arg (call, i);
      if (a == name)
	{
	  if ((gimple_call_arg_flags (call, i) & kept) != kept)
	    return false;
	  passed = true;
	}
      /* An address computed from it in the argument (&p[1]): not
	 followed.  */
      else if (walk_tree (&a, dm_find_name, name, NULL))
	return false;
    }
  return passed;
}

/* May CALL, given pointers of PRIV (dm_private_pointers) only as
   arguments it keeps (dm_kept_argument_p), not store to the memory
   they point into?  Nothing else reaches that memory.  */
bool
dm_call_reads_only (gcall *call, bitmap priv)
{
  const int read_only = EAF_NO_DIRECT_CLOBBER;
  if (gimple_call_internal_p (call))
    return false;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      tree a = gimple_call_arg (call, i);
      if (TREE_CODE (a) == SSA_NAME && bitmap_bit_p (priv, SSA_NAME_VERSION (a))
	  && (gimple_call_arg_flags (call, i) & read_only) != read_only)
	return false;
    }
  return true;
}

/* Is CALL a use of a private pointer that lets it go nowhere: freeing
   it, a presence query, or a builtin that reads or writes only the
   bytes its arguments name (memset, memcpy, memmove, memcmp)?  */
static bool
dm_contained_call_p (gcall *call)
{
  if (dm_presence_query_p (call))
    return true;
  if (gimple_call_builtin_p (call, BUILT_IN_FREE)
      || gimple_call_builtin_p (call, BUILT_IN_MEMSET)
      || gimple_call_builtin_p (call, BUILT_IN_MEMCPY)
      || gimple_call_builtin_p (call, BUILT_IN_MEMMOVE)
      || gimple_call_builtin_p (call, BUILT_IN_MEMCMP))
    return !gimple_call_lhs (call)
	   || !POINTER_TYPE_P (TREE_TYPE (gimple_call_lhs (call)));
  return gimple_call_operator_delete_p (call);
}

/* Is REF memory of the address arrays of GOMP calls: those omp-expand
   builds, or the hoisting pass's own (their addresses go only to the
   GOMP entry points)?  */
static bool
dm_omp_arg_array_p (tree ref)
{
  tree base = get_base_address (ref);
  if (!base || !VAR_P (base) || !DECL_ARTIFICIAL (base) || !DECL_NAME (base))
    return false;
  const char *s = IDENTIFIER_POINTER (DECL_NAME (base));
  return startswith (s, ".omp_data_arr") || startswith (s, "deepmap_hoist");
}

/* Does the function read an argument array back?  Then a pointer
   stored there could come back as one this analysis does not follow.
   Asked once per function (the pass's own arrays are never read).  */
static bool
dm_arg_arrays_read (function *fun)
{
  static dm_function_key asked;
  static bool answer;
  if (!dm_new_function_p (&asked, fun))
    return answer;
  answer = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (gimple_assign_load_p (gsi_stmt (gsi))
	  && dm_omp_arg_array_p (gimple_assign_rhs1 (gsi_stmt (gsi))))
	answer = true;
  return answer;
}

/* walk_tree callback: is *TP the name DATA?  */
static tree
dm_find_name (tree *tp, int *walk_subtrees, void *data)
{
  if (*tp == (tree) data)
    return *tp;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Is NAME used in STMT, an assignment, only as the address of memory
   STMT accesses, never as a value it stores (but into an argument
   array)?  */
static bool
dm_used_as_address_only (gimple *stmt, tree name)
{
  if (!gimple_assign_single_p (stmt))
    return false;
  tree rhs = gimple_assign_rhs1 (stmt);
  if (!gimple_store_p (stmt))
    return gimple_assign_load_p (stmt);
  /* A store of NAME, of an address computed from it, or of an aggregate
     holding it lets it go.  */
  if (rhs == name || TREE_CODE (rhs) == ADDR_EXPR
      || TREE_CODE (rhs) == CONSTRUCTOR)
    return (!walk_tree (&rhs, dm_find_name, name, NULL)
	    || dm_omp_arg_array_p (gimple_assign_lhs (stmt)));
  return true;
}

static bool dm_is_decl (gimple *, tree base, tree, void *data);

/* Does the function take the address of the automatic variable or
   parameter V only to store it into constructs' argument arrays?  Then
   no call but the GOMP entry points can read or change it (bfs's node
   count, which a target data construct maps tofrom, beside calls that
   print).  Asked once per function and variable: the hoisting pass's
   own uses of the address (presence queries) read nothing.  */
bool
dm_var_only_in_constructs_p (tree v)
{
  return dm_var_address_only_in (v, NULL);
}

/* Does the function take the address of the automatic variable or
   parameter V only to store it into constructs' argument arrays, or
   (ALSO given) into places ALSO (the store's destination) accepts?
   Asked once per function, variable and question (at most one ALSO).  */
bool
dm_var_address_only_in (tree v, bool (*also) (tree))
{
  static dm_function_key asked;
  /* One map of answers per question: none, and each ALSO asked.  */
  static const int questions = 3;
  static bool (*asked_also[questions]) (tree);
  static hash_map<tree, bool> *answers[questions];
  int q = 0;
  if (also)
    for (q = 1; q < questions && asked_also[q] && asked_also[q] != also; q++)
      ;
  gcc_assert (q < questions);
  asked_also[q] = also;
  if ((!VAR_P (v) && TREE_CODE (v) != PARM_DECL) || is_global_var (v)
      || TREE_THIS_VOLATILE (v) || DECL_HAS_VALUE_EXPR_P (v)
      || dm_arg_arrays_read (cfun))
    return false;
  if (dm_new_function_p (&asked, cfun))
    {
      for (int k = 0; k < questions; k++)
	{
	  delete answers[k];
	  answers[k] = new hash_map<tree, bool>;
	}
    }
  if (bool *a = answers[q]->get (v))
    return *a;
  bool ok = true;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
	 ok && !gsi_end_p (gsi); gsi_next (&gsi))
      {
	gimple *g = gsi_stmt (gsi);
	if (is_gimple_debug (g) || !dm_takes_address (g, v))
	  continue;
	gassign *as = dyn_cast <gassign *> (g);
	ok = (as && gimple_assign_single_p (as)
	      && TREE_CODE (gimple_assign_rhs1 (as)) == ADDR_EXPR
	      && TREE_OPERAND (gimple_assign_rhs1 (as), 0) == v);
	if (!ok || dm_omp_arg_array_p (gimple_assign_lhs (as)))
	  continue;
	ok = also && also (gimple_assign_lhs (as));
      }
  answers[q]->put (v, ok);
  return ok;
}

/* The pointer variable REF is as a whole: V itself, or MEM[(T *)&V],
   the variable of a function inlined with its address (a Release (&p)
   that frees and clears it); else NULL_TREE.  */
static tree
dm_whole_var_of (tree ref)
{
  if (VAR_P (ref))
    return ref;
  if (TREE_CODE (ref) == MEM_REF
      && TREE_CODE (TREE_OPERAND (ref, 0)) == ADDR_EXPR
      && VAR_P (TREE_OPERAND (TREE_OPERAND (ref, 0), 0))
      && integer_zerop (TREE_OPERAND (ref, 1))
      && POINTER_TYPE_P (TREE_TYPE (ref)))
    return TREE_OPERAND (TREE_OPERAND (ref, 0), 0);
  return NULL_TREE;
}

/* Does STMT name V anywhere in its operands (also inside a MEM_REF of
   its address)?  */
static bool
dm_names_var (gimple *stmt, tree v)
{
  for (unsigned i = 0; i < gimple_num_ops (stmt); i++)
    {
      tree op = gimple_op (stmt, i);
      if (op && walk_tree (&op, dm_find_name, v, NULL))
	return true;
    }
  return false;
}

/* Is V a pointer cell: an automatic pointer variable that the function
   only stores to and loads from as a whole, its address going only into
   constructs' argument arrays (Rodinia keeps each malloc result in one
   and maps the array through it), or also into the blocks of host
   parallel regions that only read through the pointer they load from
   it (dm_var_only_in_reading_blocks_p)?  Then a pointer stored there
   comes back only as the loads of V, which go on *LOADS, and as the
   reads of those bodies.  */
static bool
dm_pointer_cell_p (tree v, vec<tree> *loads)
{
  if (!VAR_P (v) || !POINTER_TYPE_P (TREE_TYPE (v))
      || !(dm_var_only_in_constructs_p (v)
	   || dm_var_only_in_reading_blocks_p (v)))
    return false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *g = gsi_stmt (gsi);
	if (is_gimple_debug (g) || !dm_names_var (g, v))
	  continue;
	if (gimple_clobber_p (g))
	  continue;
	gassign *as = dyn_cast <gassign *> (g);
	if (!as || !gimple_assign_single_p (as))
	  return false;
	tree lhs = gimple_assign_lhs (as), rhs = gimple_assign_rhs1 (as);
	if (dm_whole_var_of (lhs) == v
	    && !walk_tree (&rhs, dm_find_name, v, NULL))
	  continue;
	if (dm_whole_var_of (rhs) == v && TREE_CODE (lhs) == SSA_NAME)
	  {
	    loads->safe_push (lhs);
	    continue;
	  }
	/* Into a construct's argument array or a reading block (checked
	   above).  */
	if (TREE_CODE (rhs) == ADDR_EXPR && TREE_OPERAND (rhs, 0) == v)
	  continue;
	return false;
      }
  return true;
}

/* The values the current function stores into each pointer variable
   as a whole (dm_whole_var_of); a NULL_TREE among them stands for a
   store of something else than a name or a constant, or a store to
   part of the variable.  Found in one scan per function.  */
hash_map<tree, vec<tree> > *
dm_stored_values (void)
{
  static dm_function_key asked;
  static hash_map<tree, vec<tree> > *stored;
  if (!dm_fresh_for_function (&asked, stored))
    return stored;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gassign *as = dyn_cast <gassign *> (gsi_stmt (gsi));
	if (!as || !gimple_store_p (as) || gimple_clobber_p (as))
	  continue;
	tree lhs = gimple_assign_lhs (as);
	/* MEM[(T *)&v] has V as its base.  */
	tree base = get_base_address (lhs);
	if (!base || !VAR_P (base) || !POINTER_TYPE_P (TREE_TYPE (base)))
	  continue;
	tree val = gimple_assign_rhs1 (as);
	stored->get_or_insert (base).safe_push
	  (dm_whole_var_of (lhs) == base && gimple_assign_single_p (as)
	   && (TREE_CODE (val) == SSA_NAME || is_gimple_min_invariant (val))
	   ? val : NULL_TREE);
      }
  return stored;
}

/* Does the pointer variable V hold a pointer of PRIV (SSA versions):
   does the function store one of them into it?  */
bool
dm_cell_holds_private (tree v, bitmap priv)
{
  if (!priv || !VAR_P (v))
    return false;
  vec<tree> *vals = dm_stored_values ()->get (v);
  if (!vals)
    return false;
  for (tree x : *vals)
    if (x && TREE_CODE (x) == SSA_NAME
	&& bitmap_bit_p (priv, SSA_NAME_VERSION (x)))
      return true;
  return false;
}

/* Add to *DERIVED what STMT, a use of NAME, computes from it; false if
   the address goes anywhere the analysis does not follow.  */
static bool
dm_follow_use (gimple *stmt, tree name, vec<tree> &work, bitmap derived)
{
  tree lhs = NULL_TREE;
  /* Kept in a pointer cell: what comes back out of it.  */
  if (gimple_assign_single_p (stmt) && gimple_assign_rhs1 (stmt) == name
      && dm_whole_var_of (gimple_assign_lhs (stmt)))
    {
      auto_vec<tree> loads;
      if (!dm_pointer_cell_p (dm_whole_var_of (gimple_assign_lhs (stmt)),
			      &loads))
	return false;
      for (tree l : loads)
	if (bitmap_set_bit (derived, SSA_NAME_VERSION (l)))
	  work.safe_push (l);
      return true;
    }
  switch (gimple_code (stmt))
    {
    case GIMPLE_DEBUG:
    case GIMPLE_COND:
      return true;
    case GIMPLE_PHI:
      lhs = gimple_phi_result (stmt);
      break;
    case GIMPLE_CALL:
      return (dm_contained_call_p (as_a <gcall *> (stmt))
	      || dm_kept_argument_p (as_a <gcall *> (stmt), name));
    case GIMPLE_ASSIGN:
      {
	enum tree_code code = gimple_assign_rhs_code (stmt);
	tree l = gimple_assign_lhs (stmt);
	if (TREE_CODE_CLASS (code) == tcc_comparison
	    || code == POINTER_DIFF_EXPR)
	  return true;
	if (TREE_CODE (l) == SSA_NAME && POINTER_TYPE_P (TREE_TYPE (l))
	    && (code == POINTER_PLUS_EXPR || code == SSA_NAME
		|| CONVERT_EXPR_CODE_P (code) || code == COND_EXPR
		|| code == MIN_EXPR || code == MAX_EXPR
		|| (code == ADDR_EXPR
		    && !gimple_assign_load_p (stmt))))
	  {
	    lhs = l;
	    break;
	  }
	/* The address as a number (the hoisting pass's run-time tests
	   of overlap): followed as well, a pointer made back from it
	   included.  */
	if (TREE_CODE (l) == SSA_NAME && INTEGRAL_TYPE_P (TREE_TYPE (l))
	    && (CONVERT_EXPR_CODE_P (code) || code == PLUS_EXPR
		|| code == MINUS_EXPR || code == SSA_NAME
		|| code == MIN_EXPR || code == MAX_EXPR))
	  {
	    lhs = l;
	    break;
	  }
	return dm_used_as_address_only (stmt, name);
      }
    default:
      return false;
    }
  if (!bitmap_bit_p (derived, SSA_NAME_VERSION (lhs)))
    {
      bitmap_set_bit (derived, SSA_NAME_VERSION (lhs));
      work.safe_push (lhs);
    }
  return true;
}

/* walk_stmt_load_store_addr_ops callback: is BASE the variable DATA?  */
static bool
dm_is_decl (gimple *, tree base, tree, void *data)
{
  return base == (tree) data;
}

/* Does STMT take the address of DECL?  */
bool
dm_takes_address (gimple *stmt, tree decl)
{
  return walk_stmt_load_store_addr_ops (stmt, decl, NULL, NULL, dm_is_decl);
}

/* The local array DECL's address, taken in STMT: where does it go?  Into
   a pointer this analysis follows (pushed on WORK), an argument array or
   a contained call (true), or elsewhere (false).  */
static bool
dm_follow_address (gimple *stmt, tree decl, vec<tree> &work, bitmap derived)
{
  if (is_gimple_debug (stmt))
    return true;
  if (gcall *call = dyn_cast <gcall *> (stmt))
    return dm_contained_call_p (call);
  gassign *as = dyn_cast <gassign *> (stmt);
  if (!as)
    return false;
  tree lhs = gimple_assign_lhs (as);
  if (gimple_store_p (as))
    return dm_omp_arg_array_p (lhs);
  if (TREE_CODE (lhs) != SSA_NAME || !POINTER_TYPE_P (TREE_TYPE (lhs))
      || (gimple_assign_rhs_code (as) != ADDR_EXPR
	  && gimple_assign_rhs_code (as) != POINTER_PLUS_EXPR))
    return false;
  if (bitmap_set_bit (derived, SSA_NAME_VERSION (lhs)))
    work.safe_push (lhs);
  return true;
}

/* The results of the allocation calls the current function stores into
   its automatic pointer variable V, pushed on ALLOCS; false where it
   stores anything else but null pointers there.  */
static bool
dm_local_cell_allocations (tree v, vec<tree> &allocs, int depth)
{
  if (!v || is_global_var (v) || TREE_THIS_VOLATILE (v)
      || DECL_HAS_VALUE_EXPR_P (v) || DECL_CONTEXT (v) != current_function_decl)
    return false;
  vec<tree> *vals = dm_stored_values ()->get (v);
  if (!vals)
    return false;
  for (tree x : *vals)
    if (!x || (!integer_zerop (x)
	       && (TREE_CODE (x) != SSA_NAME
		   || !dm_allocations_of (x, allocs, depth + 1))))
      return false;
  return !allocs.is_empty ();
}

/* Push on ALLOCS the results of the allocation calls that ADDR may point
   into, back through copies, conversions, offsets and PHIs (jump
   threading makes one call per path: x = PHI <malloc (), malloc ()>);
   false if something else may reach ADDR.  CELLS: also through loads of
   a pointer variable into which the function stores only allocations
   and null (whether that variable is a pointer cell, whose address goes
   nowhere else, is for the caller to find: dm_private_pointers follows
   the allocations into it).  */
bool
dm_allocations_of (tree addr, vec<tree> &allocs, int depth, bool cells)
{
  while (TREE_CODE (addr) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (addr)
	 && depth < 16)
    {
      gimple *def = SSA_NAME_DEF_STMT (addr);
      if (dm_allocation_p (def))
	{
	  if (!allocs.contains (addr))
	    allocs.safe_push (addr);
	  return true;
	}
      if (gphi *phi = dyn_cast <gphi *> (def))
	{
	  for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	    {
	      tree a = gimple_phi_arg_def (phi, i);
	      /* A loop's PHI may take its own value back.  */
	      if (a != addr && !dm_allocations_of (a, allocs, depth + 1, cells))
		return false;
	    }
	  return !allocs.is_empty ();
	}
      gassign *as = dyn_cast <gassign *> (def);
      tree p = as ? dm_array_pointer (gimple_assign_rhs1 (as)) : NULL_TREE;
      if (p)
	addr = p;
      else if (as && (gimple_assign_rhs_code (as) == POINTER_PLUS_EXPR
		      || gimple_assign_rhs_code (as) == SSA_NAME
		      || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (as))))
	addr = gimple_assign_rhs1 (as);
      else if (cells && as && gimple_assign_load_p (as))
	return dm_local_cell_allocations
	  (dm_whole_var_of (gimple_assign_rhs1 (as)), allocs, depth);
      else
	return false;
      depth++;
    }
  return false;
}

/* The SSA names (a bitmap of versions) that may point into the memory
   ADDR points into, when that memory was allocated in the current
   function -- by an allocation call, or as a local array (then *DECL is
   the array) -- and its address escapes nowhere (see above); else NULL.
   The caller frees the bitmap.  */
bitmap
dm_private_pointers (tree addr, tree *decl)
{
  *decl = NULL_TREE;
  auto_vec<tree> work;
  bitmap derived = BITMAP_ALLOC (NULL);
  if (dm_arg_arrays_read (cfun))
    goto escapes;
  if (tree p = dm_array_pointer (addr))
    addr = p;
  if (TREE_CODE (addr) == ADDR_EXPR)
    {
      /* A local array: every statement that takes its address.  */
      tree base = get_base_address (TREE_OPERAND (addr, 0));
      if (!base || !VAR_P (base) || is_global_var (base)
	  || DECL_HAS_VALUE_EXPR_P (base))
	goto escapes;
      *decl = base;
      basic_block bb;
      FOR_EACH_BB_FN (bb, cfun)
	for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	     gsi_next (&gsi))
	  if (dm_takes_address (gsi_stmt (gsi), base)
	      && !dm_follow_address (gsi_stmt (gsi), base, work, derived))
	    goto escapes;
    }
  else
    {
      auto_vec<tree, 2> allocs;
      if (!dm_allocations_of (addr, allocs, 0, true))
	goto escapes;
      for (tree base : allocs)
	{
	  bitmap_set_bit (derived, SSA_NAME_VERSION (base));
	  work.safe_push (base);
	}
    }
  while (!work.is_empty ())
    {
      tree name = work.pop ();
      imm_use_iterator it;
      gimple *use_stmt;
      FOR_EACH_IMM_USE_STMT (use_stmt, it, name)
	if (!dm_follow_use (use_stmt, name, work, derived))
	  goto escapes;
    }
  return derived;

escapes:
  BITMAP_FREE (derived);
  *decl = NULL_TREE;
  return NULL;
}

/* Can the memory ADDR points to lie in the automatic variable V?  Not
   when V's address goes only where dm_private_pointers follows it and
   ADDR is none of the pointers computed from it (a kept section, loaded
   from a structure, beside a temporary whose address only a construct's
   argument array holds: LULESH's u_cut).  Answered once per function
   and variable; a name made after the answer gets "maybe".  */
bool
dm_local_apart_p (tree v, tree addr)
{
  struct derived_from { bitmap names; unsigned made_before; };
  static dm_function_key asked;
  static hash_map<tree, derived_from> *answers;
  /* The answers' own obstack: GCC releases its default one between
     functions.  */
  static bitmap_obstack kept;
  if (!VAR_P (v) || is_global_var (v) || DECL_HAS_VALUE_EXPR_P (v))
    return false;
  if (TREE_CODE (addr) == ADDR_EXPR)
    {
      tree base = get_base_address (TREE_OPERAND (addr, 0));
      return base && DECL_P (base) && base != v;
    }
  if (TREE_CODE (addr) != SSA_NAME)
    return false;
  if (dm_new_function_p (&asked, cfun))
    {
      if (answers)
	bitmap_obstack_release (&kept);
      bitmap_obstack_initialize (&kept);
      delete answers;
      answers = new hash_map<tree, derived_from>;
    }
  bool existed;
  derived_from &d = answers->get_or_insert (v, &existed);
  if (!existed)
    {
      tree decl;
      bitmap names = dm_private_pointers (build_fold_addr_expr (v), &decl);
      d.names = NULL;
      if (names)
	{
	  d.names = BITMAP_ALLOC (&kept);
	  bitmap_copy (d.names, names);
	  BITMAP_FREE (names);
	}
      d.made_before = num_ssa_names;
    }
  return (d.names && SSA_NAME_VERSION (addr) < d.made_before
	  && !bitmap_bit_p (d.names, SSA_NAME_VERSION (addr)));
}

/* Whether USE_STMT, a use of a private pointer, reads or writes the
   memory behind it (freeing it does not count: nothing reads it after).  */
static bool
dm_touches_memory (gimple *use_stmt)
{
  if (is_gimple_debug (use_stmt) || !gimple_vuse (use_stmt))
    return false;
  gcall *call = dyn_cast <gcall *> (use_stmt);
  return !(call && (gimple_call_builtin_p (call, BUILT_IN_FREE)
		    || gimple_call_operator_delete_p (call)
		    || dm_presence_query_p (call)));
}

/* Does a statement of the blocks REACHED, or one after AFTER (if not
   NULL) in AFTER's block, pass TEST (with DATA)?  */
static bool
dm_some_stmt_after (bitmap reached, gimple *after,
		    bool (*test) (gimple *, void *), void *data)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      if (!bitmap_bit_p (reached, bb->index)
	  && !(after && bb == gimple_bb (after)))
	continue;
      gimple_stmt_iterator gsi = bitmap_bit_p (reached, bb->index)
				 ? gsi_start_bb (bb) : gsi_for_stmt (after);
      for (; !gsi_end_p (gsi); gsi_next (&gsi))
	if (gsi_stmt (gsi) != after && test (gsi_stmt (gsi), data))
	  return true;
    }
  return false;
}

/* dm_some_stmt_after's test: does G take the address of one of the
   variables DATA (a vec<tree>)?  */
static bool
dm_takes_address_of_one (gimple *g, void *data)
{
  for (tree v : *(vec<tree> *) data)
    if (dm_takes_address (g, v))
      return true;
  return false;
}

/* A walker's test: is BASE the variable DATA, or bytes of it reached
   through its address (MEM[(T *)&DATA + 24]: GCC's form of a read
   through a pointer it proved equal to &DATA, or of a memcpy it
   folded)?  */
static bool
dm_is_decl_or_its_bytes (gimple *, tree base, tree, void *data)
{
  if (base && (TREE_CODE (base) == MEM_REF
	       || TREE_CODE (base) == TARGET_MEM_REF)
      && TREE_CODE (TREE_OPERAND (base, 0)) == ADDR_EXPR)
    base = get_base_address (TREE_OPERAND (TREE_OPERAND (base, 0), 0));
  else if (base && handled_component_p (base))
    base = get_base_address (base);
  return base == (tree) data;
}

/* ... does G read or write the variable DATA directly (its end of
   scope does not count)?  */
static bool
dm_names_decl (gimple *g, void *data)
{
  tree decl = (tree) data;
  return (!is_gimple_debug (g) && !gimple_clobber_p (g)
	  && walk_stmt_load_store_addr_ops (g, decl, dm_is_decl_or_its_bytes,
					    dm_is_decl_or_its_bytes,
					    dm_is_decl_or_its_bytes));
}

/* May the program touch the memory ADDR points into, a private
   allocation (dm_private_pointers), after leaving a region: in the
   blocks STARTS (whole) or after statement AFTER (if not NULL), or
   anywhere reachable from them?  True when unsure (the memory is not
   private).  A copy back at the region's end that nothing can read is
   wasted: the memory is only freed.  */
bool
dm_private_touched_after (tree addr, vec<basic_block> &starts,
			  gimple *after)
{
  tree decl;
  bitmap priv = dm_private_pointers (addr, &decl);
  if (!priv)
    return true;
  auto_bitmap reached;
  auto_vec<basic_block> work;
  work.safe_splice (starts);
  if (after)
    for (edge e : gimple_bb (after)->succs)
      work.safe_push (e->dest);
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      if (!bitmap_set_bit (reached, bb->index))
	continue;
      for (edge e : bb->succs)
	work.safe_push (e->dest);
    }
  /* The pointer cells holding it: a statement there that takes a
     cell's address passes it to a parallel region's body, which reads
     through it.  */
  auto_vec<tree, 4> cells;
  for (auto it = dm_stored_values ()->begin ();
       it != dm_stored_values ()->end (); ++it)
    if (dm_cell_holds_private ((*it).first, priv))
      cells.safe_push ((*it).first);
  bool touched = ((!cells.is_empty ()
		   && dm_some_stmt_after (reached, after,
					  dm_takes_address_of_one, &cells))
		  /* The array's own name.  */
		  || (decl && dm_some_stmt_after (reached, after,
						  dm_names_decl, decl)));
  bitmap_iterator bi;
  unsigned v;
  EXECUTE_IF_SET_IN_BITMAP (priv, 0, v, bi)
    {
      imm_use_iterator it;
      gimple *use_stmt;
      FOR_EACH_IMM_USE_STMT (use_stmt, it, ssa_name (v))
	{
	  basic_block bb = gimple_bb (use_stmt);
	  if (!bb || !dm_touches_memory (use_stmt))
	    continue;
	  if (bitmap_bit_p (reached, bb->index))
	    touched = true;
	  else if (after && bb == gimple_bb (after))
	    /* Later in AFTER's own block?  */
	    for (gimple_stmt_iterator gsi = gsi_for_stmt (after);
		 !gsi_end_p (gsi); gsi_next (&gsi))
	      touched |= gsi_stmt (gsi) == use_stmt && use_stmt != after;
	}
      if (touched)
	break;
    }
  BITMAP_FREE (priv);
  return touched;
}
