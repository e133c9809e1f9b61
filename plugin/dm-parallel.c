/* dm-parallel.c -- what a host parallel region (omp parallel, its loop
   and sections forms) started in a loop the hoisting pass keeps data
   across may read or write.

   GCC outlines the region's body and passes GOMP_parallel the address
   of an argument block (.omp_data_o) holding the values and addresses
   the body uses.  The alias oracle counts everything that address
   reaches, and everything escaped, as read and written by the call.
   Here the body is looked at: one that stores only to its own variables
   changes nothing of the caller's, one that reads only through its block
   reads only what the values stored there reach, and a variable whose
   address goes only into blocks whose bodies do not store to it keeps
   its value across the region (LULESH's check of its determinants
   between two kernels).  Anything not followed counts as a read or a
   write.  */
#include "deepmap-plugin.h"
#include "ssa.h"
#include "tree-dfa.h"

/* Is CALL the start of a host parallel region (GOMP_parallel and its
   loop and sections forms): FN (DATA) runs on a team of threads and has
   returned when CALL returns?  Then *FN and *BLOCK are set.  */
bool
dm_parallel_start_p (gcall *call, tree *fn, tree *block)
{
  static const built_in_function starts[] = {
    BUILT_IN_GOMP_PARALLEL, BUILT_IN_GOMP_PARALLEL_SECTIONS,
    BUILT_IN_GOMP_PARALLEL_LOOP_STATIC, BUILT_IN_GOMP_PARALLEL_LOOP_DYNAMIC,
    BUILT_IN_GOMP_PARALLEL_LOOP_GUIDED, BUILT_IN_GOMP_PARALLEL_LOOP_RUNTIME,
    BUILT_IN_GOMP_PARALLEL_LOOP_NONMONOTONIC_DYNAMIC,
    BUILT_IN_GOMP_PARALLEL_LOOP_NONMONOTONIC_GUIDED,
    BUILT_IN_GOMP_PARALLEL_LOOP_NONMONOTONIC_RUNTIME,
    BUILT_IN_GOMP_PARALLEL_LOOP_MAYBE_NONMONOTONIC_RUNTIME
  };
  bool start = false;
  for (built_in_function code : starts)
    start |= gimple_call_builtin_p (call, code);
  if (!start || gimple_call_num_args (call) < 2)
    return false;
  tree f = gimple_call_arg (call, 0), d = gimple_call_arg (call, 1);
  if (TREE_CODE (f) != ADDR_EXPR
      || TREE_CODE (TREE_OPERAND (f, 0)) != FUNCTION_DECL
      || TREE_CODE (d) != ADDR_EXPR || !VAR_P (TREE_OPERAND (d, 0)))
    return false;
  *fn = TREE_OPERAND (f, 0);
  *block = TREE_OPERAND (d, 0);
  return true;
}

/* How the function uses BLOCK, a host parallel region's argument block
   (omp-low's .omp_data_o): false unless its address goes only to the
   starts of parallel regions, as their data, and only values are stored
   into it.  Then the values stored go on VALUES, the bodies started on
   BODIES (either may be NULL), and *POINTER_READ says whether a pointer
   is read back from it (an outlined body's copy-out).  */
static bool
dm_scan_block_uses (tree block, vec<tree> *values, vec<tree> *bodies,
		    bool *pointer_read)
{
  if (pointer_read)
    *pointer_read = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *g = gsi_stmt (gsi);
	if (is_gimple_debug (g))
	  continue;
	if (gimple_assign_single_p (g) && gimple_store_p (g)
	    && get_base_address (gimple_assign_lhs (g)) == block)
	  {
	    if (gimple_clobber_p (g))
	      continue;
	    tree v = gimple_assign_rhs1 (g);
	    if (!is_gimple_val (v))
	      return false;
	    if (values)
	      values->safe_push (v);
	    continue;
	  }
	if (pointer_read && gimple_assign_load_p (g)
	    && get_base_address (gimple_assign_rhs1 (g)) == block
	    && !dm_plain_value_type_p (TREE_TYPE (gimple_assign_lhs (g))))
	  *pointer_read = true;
	if (!dm_takes_address (g, block))
	  continue;
	tree fn, b;
	gcall *call = dyn_cast <gcall *> (g);
	if (!call || !dm_parallel_start_p (call, &fn, &b) || b != block)
	  return false;
	for (unsigned i = 0; i < gimple_call_num_args (call); i++)
	  {
	    tree a = gimple_call_arg (call, i);
	    if (i != 1 && TREE_CODE (a) == ADDR_EXPR
		&& get_base_address (TREE_OPERAND (a, 0)) == block)
	      return false;
	  }
	if (bodies)
	  bodies->safe_push (fn);
      }
  return true;
}

/* dm_scan_block_uses' answers for the blocks of the function, kept
   while a dm_parallel_cache lives (one scan of the function for each
   block, not one for each question).  */
struct dm_block_use_facts
{
  bool ok, pointer_read;
  auto_vec<tree> values, bodies;
};
static hash_map<tree, dm_block_use_facts *> *dm_block_cache;
static unsigned dm_block_cache_users;

dm_parallel_cache::dm_parallel_cache ()
{
  if (dm_block_cache_users++ == 0)
    dm_block_cache = new hash_map<tree, dm_block_use_facts *>;
}

dm_parallel_cache::~dm_parallel_cache ()
{
  if (--dm_block_cache_users)
    return;
  for (auto e : *dm_block_cache)
    delete e.second;
  delete dm_block_cache;
  dm_block_cache = NULL;
}

/* dm_scan_block_uses, from the cache where there is one.  */
static bool
dm_block_uses (tree block, vec<tree> *values, vec<tree> *bodies,
	       bool *pointer_read)
{
  if (!dm_block_cache)
    return dm_scan_block_uses (block, values, bodies, pointer_read);
  dm_block_use_facts *&f = dm_block_cache->get_or_insert (block);
  if (!f)
    {
      f = new dm_block_use_facts;
      f->ok = dm_scan_block_uses (block, &f->values, &f->bodies,
				  &f->pointer_read);
    }
  if (values)
    values->safe_splice (f->values);
  if (bodies)
    bodies->safe_splice (f->bodies);
  if (pointer_read)
    *pointer_read = f->pointer_read;
  return f->ok;
}

/* Could the host parallel region CALL starts (dm_parallel_start_p)
   reach memory only the pointers PRIV (SSA versions) point into, or the
   local array DECL: does its argument block hold one of them (any value
   the function stores there; unsure: true)?  Its body gets nothing else
   of this function's.  */
bool
dm_parallel_may_reach (gcall *call, bitmap priv, tree decl)
{
  tree fn, block;
  if (!dm_parallel_start_p (call, &fn, &block))
    return true;
  auto_vec<tree, 8> values;
  if (!dm_block_uses (block, &values, NULL, NULL))
    return true;
  for (tree v : values)
    {
      if (TREE_CODE (v) == SSA_NAME)
	{
	  if (bitmap_bit_p (priv, SSA_NAME_VERSION (v)))
	    return true;
	  continue;
	}
      if (TREE_CODE (v) == ADDR_EXPR)
	{
	  tree base = get_base_address (TREE_OPERAND (v, 0));
	  /* A pointer cell holding one of them: the body loads it.  */
	  if (!base || !DECL_P (base) || base == decl
	      || dm_cell_holds_private (base, priv))
	    return true;
	  continue;
	}
      if (!is_gimple_min_invariant (v))
	return true;
    }
  return false;
}

/* Is NAME, in the outlined body whose block pointer is PARM, a pointer
   the body got from its argument block: the block pointer, or one
   loaded from memory such a pointer reaches, or computed from one?  */
static bool
dm_from_block_p (tree name, tree parm, int depth)
{
  if (TREE_CODE (name) != SSA_NAME || depth > 8)
    return false;
  if (SSA_NAME_IS_DEFAULT_DEF (name))
    return SSA_NAME_VAR (name) == parm;
  gimple *def = SSA_NAME_DEF_STMT (name);
  if (gphi *phi = dyn_cast <gphi *> (def))
    {
      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	{
	  tree a = gimple_phi_arg_def (phi, i);
	  if (a != name && !dm_from_block_p (a, parm, depth + 1))
	    return false;
	}
      return true;
    }
  gassign *as = dyn_cast <gassign *> (def);
  if (!as)
    return false;
  if (gimple_assign_load_p (as))
    {
      tree base = get_base_address (gimple_assign_rhs1 (as));
      return (base && TREE_CODE (base) == MEM_REF
	      && dm_from_block_p (TREE_OPERAND (base, 0), parm, depth + 1));
    }
  enum tree_code code = gimple_assign_rhs_code (as);
  if (code == POINTER_PLUS_EXPR || code == SSA_NAME || CONVERT_EXPR_CODE_P (code))
    return dm_from_block_p (gimple_assign_rhs1 (as), parm, depth + 1);
  return false;
}

/* What each outlined body of a host parallel region does, asked once
   and kept from when the body came through the pass (one compiled
   before its caller is gone): DM_BODY_STORES_NOTHING, it stores only to
   its own automatic variables and calls only what writes nothing else
   (the worksharing and synchronisation entry points, const functions,
   exit and abort); DM_BODY_READS_BLOCK, it reads only its own variables
   and memory it reaches through its argument block.  */
enum { DM_BODY_STORES_NOTHING = 1, DM_BODY_READS_BLOCK = 2 };
static hash_map<tree, int> *dm_body_answers;

static int
dm_parallel_body (tree fn)
{
  if (!dm_body_answers)
    dm_body_answers = new hash_map<tree, int>;
  if (int *a = dm_body_answers->get (fn))
    return *a;
  function *f = DECL_STRUCT_FUNCTION (fn);
  if (!f || !f->cfg || !gimple_in_ssa_p (f))
    return 0;
  tree parm = DECL_ARGUMENTS (fn);
  bool stores_nothing = true, reads_block = parm != NULL_TREE;
  basic_block bb;
  FOR_EACH_BB_FN (bb, f)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *g = gsi_stmt (gsi);
	if (gimple_code (g) == GIMPLE_ASM)
	  stores_nothing = reads_block = false;
	/* A return's use of memory is the caller's business.  */
	if (!gimple_vuse (g) || gimple_code (g) == GIMPLE_RETURN)
	  continue;
	if (gcall *call = dyn_cast <gcall *> (g))
	  {
	    tree d = gimple_call_fndecl (call);
	    const char *name = d && DECL_NAME (d)
			       ? IDENTIFIER_POINTER (DECL_NAME (d)) : "";
	    if (startswith (name, "__builtin_"))
	      name += strlen ("__builtin_");
	    bool entry = (gimple_call_builtin_p (call, BUILT_IN_NORMAL)
			  && (startswith (name, "GOMP_loop")
			      || !strcmp (name, "GOMP_barrier")
			      || startswith (name, "GOMP_critical")
			      || !strcmp (name, "omp_get_thread_num")
			      || !strcmp (name, "omp_get_num_threads")));
	    /* The worksharing calls store their bounds into the body's
	       own variables.  */
	    for (unsigned i = 0; entry && i < gimple_call_num_args (call);
		 i++)
	      {
		tree a = gimple_call_arg (call, i);
		if (TREE_CODE (a) == ADDR_EXPR)
		  {
		    tree b = get_base_address (TREE_OPERAND (a, 0));
		    entry = (b && VAR_P (b) && !is_global_var (b)
			     && DECL_CONTEXT (b) == fn);
		  }
		else
		  entry = !POINTER_TYPE_P (TREE_TYPE (a));
	      }
	    bool ends = (gimple_call_builtin_p (call, BUILT_IN_EXIT)
			 || gimple_call_builtin_p (call, BUILT_IN_ABORT)
			 || gimple_call_builtin_p (call, BUILT_IN__EXIT));
	    bool ok = entry || ends || (gimple_call_flags (call) & ECF_CONST);
	    if (gimple_call_lhs (call) && !is_gimple_reg (gimple_call_lhs (call)))
	      ok = false;
	    stores_nothing &= ok;
	    reads_block &= ok;
	    continue;
	  }
	if (!is_gimple_assign (g))
	  {
	    stores_nothing = reads_block = false;
	    continue;
	  }
	tree refs[2] = { gimple_store_p (g) ? gimple_assign_lhs (g) : NULL_TREE,
			 gimple_assign_load_p (g) ? gimple_assign_rhs1 (g)
			 : NULL_TREE };
	for (int k = 0; k < 2; k++)
	  {
	    if (!refs[k])
	      continue;
	    tree base = get_base_address (refs[k]);
	    bool own = (base && VAR_P (base) && !is_global_var (base)
			&& DECL_CONTEXT (base) == fn);
	    if (k == 0)
	      stores_nothing &= own;
	    else
	      reads_block &= (own || (base && TREE_CODE (base) == MEM_REF
				      && dm_from_block_p (TREE_OPERAND (base, 0),
							  parm, 0)));
	  }
      }
  int answer = (stores_nothing ? DM_BODY_STORES_NOTHING : 0)
	       | (reads_block ? DM_BODY_READS_BLOCK : 0);
  dm_body_answers->put (fn, answer);
  return answer;
}

bool
dm_parallel_body_stores_nothing (tree fn)
{
  return dm_parallel_body (fn) & DM_BODY_STORES_NOTHING;
}

/* May the host parallel region CALL starts read REF?  Through its
   argument block only, where its body reads nothing else: a pointer in
   the block, or one a variable whose address is in the block holds
   (LULESH's determinants, shared by reference); a pointer loaded
   through those, where what they point to may hold pointers, may point
   anywhere.  True when unsure.  */
bool
dm_parallel_may_read (gcall *call, ao_ref *ref)
{
  tree fn, block;
  if (!dm_parallel_start_p (call, &fn, &block)
      || !(dm_parallel_body (fn) & DM_BODY_READS_BLOCK))
    return true;
  auto_vec<tree, 8> values;
  if (!dm_block_uses (block, &values, NULL, NULL))
    return true;
  for (tree v : values)
    {
      if (TREE_CODE (v) == SSA_NAME && POINTER_TYPE_P (TREE_TYPE (v)))
	{
	  ao_ref pr;
	  ao_ref_init_from_ptr_and_size (&pr, v, NULL_TREE);
	  dm_typed_by (&pr, TREE_TYPE (TREE_TYPE (v)));
	  if (dm_may_hold_pointers (TREE_TYPE (TREE_TYPE (v))))
	    return true;
	  if (refs_may_alias_p_1 (&pr, ref, true)
	      && !dm_pointer_apart_from_ref (v, ref))
	    return true;
	  continue;
	}
      if (TREE_CODE (v) == ADDR_EXPR)
	{
	  tree var = get_base_address (TREE_OPERAND (v, 0));
	  if (!var || !DECL_P (var))
	    return true;
	  ao_ref vref;
	  ao_ref_init (&vref, var);
	  if (refs_may_alias_p_1 (&vref, ref, true))
	    return true;
	  if (!dm_may_hold_pointers (TREE_TYPE (var)))
	    continue;
	  /* A pointer variable: what the function stores into it, where
	     nothing else can (its address goes only to GOMP calls).  */
	  if (!POINTER_TYPE_P (TREE_TYPE (var))
	      || !dm_var_only_in_omp_blocks_p (var)
	      || dm_may_hold_pointers (TREE_TYPE (TREE_TYPE (var))))
	    return true;
	  basic_block bb;
	  FOR_EACH_BB_FN (bb, cfun)
	    for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
		 !gsi_end_p (gsi); gsi_next (&gsi))
	      {
		gimple *g = gsi_stmt (gsi);
		if (!gimple_assign_single_p (g) || !gimple_store_p (g)
		    || gimple_clobber_p (g)
		    || get_base_address (gimple_assign_lhs (g)) != var)
		  continue;
		tree w = gimple_assign_rhs1 (g);
		if (integer_zerop (w))
		  continue;
		if (TREE_CODE (w) != SSA_NAME)
		  return true;
		/* The body reads it as the variable's type says.  */
		ao_ref wr;
		ao_ref_init_from_ptr_and_size (&wr, w, NULL_TREE);
		dm_typed_by (&wr, TREE_TYPE (TREE_TYPE (var)));
		if (refs_may_alias_p_1 (&wr, ref, true)
		    && !dm_pointer_apart_from_ref (w, ref))
		  return true;
	      }
	  continue;
	}
      if (!is_gimple_min_invariant (v) && TREE_CODE (v) != SSA_NAME)
	return true;
    }
  return false;
}

/* Called by the hoisting pass on every function: answer for FUN now if
   it is an outlined body, while its statements are there.  */
void
dm_note_parallel_body (function *fun)
{
  tree parm = DECL_ARGUMENTS (fun->decl);
  if (parm && DECL_NAME (parm)
      && !strcmp (IDENTIFIER_POINTER (DECL_NAME (parm)), ".omp_data_i"))
    dm_parallel_body (fun->decl);
}

/* Is BLOCK, a host parallel region's argument block (omp-low's
   .omp_data_o) that holds the address of a variable at byte OFFSET, used
   only as such: its address going only to the starts of parallel regions
   whose bodies neither store to the variable nor let its address go
   (the DM_DIRECT summary of their slot; THROUGH: nor store through the
   pointer they load from it or let that go, the DM_DEREF summary), and
   no pointer read back from it?  */
static bool
dm_parallel_block_keeps (tree block, HOST_WIDE_INT offset,
			 bool through = false)
{
  HOST_WIDE_INT psize = int_size_in_bytes (ptr_type_node);
  if (!DECL_ARTIFICIAL (block) || !DECL_NAME (block)
      || !startswith (IDENTIFIER_POINTER (DECL_NAME (block)), ".omp_data_o")
      || offset % psize)
    return false;
  auto_vec<tree, 2> bodies;
  bool pointer_read;
  if (!dm_block_uses (block, NULL, &bodies, &pointer_read) || pointer_read)
    return false;
  HOST_WIDE_INT slot = offset / psize;
  for (tree fn : bodies)
    if (dm_device_may_write (fn, slot, true)
	|| (through
	    && (slot >= HOST_BITS_PER_WIDE_INT - 1
		|| dm_device_writes_through_loaded
		     (fn, (unsigned HOST_WIDE_INT) 1 << slot))))
      return false;
  return true;
}

/* Is LHS, where a variable's address is stored, a slot of a parallel
   region's argument block that keeps the variable
   (dm_parallel_block_keeps; THROUGH: and what it points to)?  */
static bool
dm_stored_in_kept_block (tree lhs, bool through)
{
  poly_int64 off;
  tree block = get_addr_base_and_unit_offset (lhs, &off);
  return (block && VAR_P (block) && off.is_constant ()
	  && dm_parallel_block_keeps (block, off.to_constant (), through));
}

static bool
dm_stored_in_kept_block (tree lhs)
{
  return dm_stored_in_kept_block (lhs, false);
}

/* ... whose bodies only read through the pointer the variable holds.  */
static bool
dm_stored_in_reading_block (tree lhs)
{
  return dm_stored_in_kept_block (lhs, true);
}

/* Does the function take the address of the automatic variable or
   parameter V only to store it into constructs' argument arrays and
   into the argument blocks of host parallel regions that do not change
   it (dm_parallel_block_keeps: LULESH's host check of the determinants
   between two kernels, a pointer shared by reference because the
   program later passes its address to a function that frees it)?  Then
   only the GOMP entry points can read it, and of those only the target
   constructs change it.  */
bool
dm_var_only_in_omp_blocks_p (tree v)
{
  return dm_var_address_only_in (v, dm_stored_in_kept_block);
}

/* Does the function take the address of the pointer variable V only to
   store it into constructs' argument arrays and into the argument
   blocks of host parallel regions whose bodies neither change V nor
   store through the pointer they load from it, nor let that pointer go
   anywhere (the DM_DEREF summary of the slot: OMPDart's LULESH shares
   its determinants array by reference with a loop that checks it)?
   Then memory only V's values point into is reached there only by
   reads through the blocks (dm-escape.c's pointer cells).  */
bool
dm_var_only_in_reading_blocks_p (tree v)
{
  return dm_var_address_only_in (v, dm_stored_in_reading_block);
}
