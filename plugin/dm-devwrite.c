/* dm-devwrite.c -- which sections a target construct's device code may
   write.

   The transfer hoisting pass keeps a section that a construct maps `to'
   on the device only if the construct's outlined function provably does
   not write it (OpenMP discards such writes at the end of the construct;
   a resident copy would keep them).  When the pass runs on an outlined
   function (or earlier, when a construct or a nested region needs it:
   GCC does not always compile outlined functions first), it records a
   summary: which pointer-sized
   slots of its first parameter (.omp_data_i, whose slot I is map I of a
   target construct) hold a pointer through which the function, or the
   parallel and teams bodies it starts, may store.  Anything the analysis
   does not follow (the pointer passed to a call, stored in memory other
   than a nested region's argument block, a pointer loaded through it)
   counts as a write.  A second summary leaves out the writes through
   pointers loaded from the section: it says whether the section's own
   bytes may be stored to (a structure whose arrays the kernel writes,
   through the structure's pointer fields, keeps its own bytes).  */
#include "deepmap-plugin.h"
#include "ssa.h"
#include "tree-dfa.h"
#include "internal-fn.h"

/* Bit I: slot I may be written through; DM_ALL: anything may be.  */
#define DM_ALL (~(unsigned HOST_WIDE_INT) 0)
#define DM_SLOTS 63

/* What a summary counts as a write through slot I:
   DM_THROUGH  a store through the slot's pointer or through pointers
	       loaded from what it points to, at any depth;
   DM_DIRECT   a store to the slot's own section only (see above);
   DM_DEREF    a store through the pointer the slot's pointee holds: the
	       slot holds the address of a pointer variable of the parent
	       (a pointer shared with a nested region by reference, as a
	       C++ std::swap makes it), and the body loads the section's
	       address from there;
   DM_FIELD    the same, for the pointer field at byte dm_field_offset of
	       the slot's pointee only (a structure's member array: its
	       other pointer fields reach other sections).  */
enum dm_mode { DM_THROUGH, DM_DIRECT, DM_DEREF, DM_FIELD };

/* One map per mode up to DM_DEREF; DM_FIELD's are dm_field_recs.  */
static hash_map<tree, unsigned HOST_WIDE_INT> *dm_summaries[DM_FIELD];
/* DM_FIELD's field while a summary is computed (-1: a field that no
   load names at a known offset).  */
static HOST_WIDE_INT dm_field_offset = -1;

/* DM_FIELD summaries, computed with the others (an outlined body is
   gone once compiled): for each function, one per field offset that it
   or a body it starts loads a pointer from at a known offset, and one
   for any other field (offset -1), adjacent in dm_field_recs.  */
struct dm_field_rec
{
  HOST_WIDE_INT offset;
  unsigned HOST_WIDE_INT written;
};
static vec<dm_field_rec> dm_field_recs;
static hash_map<tree, std::pair<unsigned, unsigned> > *dm_field_index;
/* At most this many offsets per function: more, and DM_FIELD is
   DM_DEREF.  */
#define DM_MAX_FIELDS 16

static unsigned HOST_WIDE_INT *dm_summary_of (tree fn, dm_mode mode);

/* The byte offset in *PARM of memory REF, or -1 if REF is not at a
   constant offset in the block PARM points to.  */
static HOST_WIDE_INT
dm_param_offset (tree ref, tree parm)
{
  poly_int64 off;
  tree base = get_addr_base_and_unit_offset (ref, &off);
  if (!base || TREE_CODE (base) != MEM_REF || TREE_OPERAND (base, 0) != parm
      || !off.is_constant () || off.to_constant () < 0)
    return -1;
  return off.to_constant ();
}

/* The pointer slot of memory REF read from the block PARM points to, or
   -1.  */
static int
dm_param_slot (tree ref, tree parm)
{
  HOST_WIDE_INT off = dm_param_offset (ref, parm);
  HOST_WIDE_INT psize = int_size_in_bytes (ptr_type_node);
  if (off < 0 || off % psize || off / psize >= DM_SLOTS)
    return -1;
  return off / psize;
}

/* Is TYPE a value that cannot be used to write memory?  */
bool
dm_plain_value_type_p (tree type)
{
  return ((INTEGRAL_TYPE_P (type) || SCALAR_FLOAT_TYPE_P (type)
	   || TREE_CODE (type) == COMPLEX_TYPE
	   || TREE_CODE (type) == VECTOR_TYPE)
	  && !POINTER_TYPE_P (type));
}

/* Is CALL the start of a parallel or teams region (GOMP_parallel*,
   GOMP_teams_reg: body function, then its argument block)?  */
static bool
dm_region_start_p (gcall *call)
{
  tree fn = gimple_call_fndecl (call);
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL)
      || gimple_call_num_args (call) < 2)
    return false;
  switch (DECL_FUNCTION_CODE (fn))
    {
    case BUILT_IN_GOMP_PARALLEL:
    case BUILT_IN_GOMP_TEAMS_REG:
    case BUILT_IN_GOMP_PARALLEL_LOOP_STATIC:
    case BUILT_IN_GOMP_PARALLEL_LOOP_DYNAMIC:
    case BUILT_IN_GOMP_PARALLEL_LOOP_GUIDED:
    case BUILT_IN_GOMP_PARALLEL_LOOP_RUNTIME:
      return true;
    default:
      return false;
    }
}

/* The written slots of the nested region body that CALL starts, for a
   pointer stored at byte OFFSET of its argument block BLOCK: DM_ALL
   unless CALL passes &BLOCK to a body with a summary.  */
static bool
dm_nested_writes (gcall *call, tree block, HOST_WIDE_INT offset,
		  dm_mode mode)
{
  tree fn = gimple_call_arg (call, 0), data = gimple_call_arg (call, 1);
  if (TREE_CODE (fn) != ADDR_EXPR
      || TREE_CODE (TREE_OPERAND (fn, 0)) != FUNCTION_DECL
      || TREE_CODE (data) != ADDR_EXPR || TREE_OPERAND (data, 0) != block)
    return true;
  unsigned HOST_WIDE_INT *s = dm_summary_of (TREE_OPERAND (fn, 0), mode);
  HOST_WIDE_INT psize = int_size_in_bytes (ptr_type_node);
  if (!s || offset % psize || offset / psize >= DM_SLOTS)
    return true;
  return (*s >> (offset / psize)) & 1;
}

/* Is USE_STMT, a use of NAME (a value derived from a pointer slot),
   harmless: a load through it of a value that is no pointer, or a
   computation whose result the propagation follows?  A store of NAME
   into an automatic block handed to nested bodies is checked apart.
   DIRECT: a load of a pointer through it is harmless too.  */
static bool
dm_harmless_use_p (gimple *use_stmt, tree name, bool direct)
{
  if (is_gimple_debug (use_stmt) || gimple_code (use_stmt) == GIMPLE_COND
      || gimple_code (use_stmt) == GIMPLE_PHI)
    return true;
  gassign *as = dyn_cast <gassign *> (use_stmt);
  if (!as || gimple_store_p (as))
    return false;
  tree lhs = gimple_assign_lhs (as);
  if (!gimple_assign_load_p (as))
    /* Whatever it computes from NAME is followed as a name of its own.  */
    return TREE_CODE (lhs) == SSA_NAME;
  /* A load through it of a pointer would let writes reach memory the
     section points to.  */
  tree base = get_base_address (gimple_assign_rhs1 (as));
  return (base && TREE_CODE (base) == MEM_REF
	  && TREE_OPERAND (base, 0) == name
	  && (direct || dm_plain_value_type_p (TREE_TYPE (lhs))));
}

/* May the load of REF, from an argument block, read the pointer stored at
   byte OFFSET of it (a reduction's result read back after the nested
   region lies elsewhere in the block)?  */
static bool
dm_load_may_read (tree ref, HOST_WIDE_INT offset)
{
  poly_int64 off;
  tree base = get_addr_base_and_unit_offset (ref, &off);
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (ref));
  if (!base || !off.is_constant () || !size || !tree_fits_shwi_p (size))
    return true;
  HOST_WIDE_INT start = off.to_constant ();
  HOST_WIDE_INT psize = int_size_in_bytes (ptr_type_node);
  return start < offset + psize && offset < start + tree_to_shwi (size);
}

static bool dm_block_leaks_p (function *fun, tree block,
			      HOST_WIDE_INT offset, dm_mode mode);

/* Is STMT `B.F = &VAR', storing the address of the automatic variable
   VAR into another automatic block B that only nested region starts
   whose bodies do not write through the pointer VAR holds receive (a
   pointer shared with a nested region by reference)?  Returns B, or
   NULL_TREE.  */
static tree
dm_shared_by_reference (function *fun, gimple *stmt, tree var)
{
  gassign *as = dyn_cast <gassign *> (stmt);
  if (!as || !gimple_store_p (as) || gimple_assign_rhs_code (as) != ADDR_EXPR
      || TREE_OPERAND (gimple_assign_rhs1 (as), 0) != var)
    return NULL_TREE;
  poly_int64 off;
  tree b = get_addr_base_and_unit_offset (gimple_assign_lhs (as), &off);
  if (b && VAR_P (b) && b != var && !is_global_var (b) && off.is_constant ()
      && !dm_block_leaks_p (fun, b, off.to_constant (), DM_DEREF))
    return b;
  return NULL_TREE;
}

/* Does the pointer stored at byte OFFSET of the automatic argument block
   BLOCK of FUN reach a write (as MODE counts them): the block's address
   goes anywhere but to nested region starts whose bodies do not write
   through that slot (or, a pointer variable, into the blocks of such
   starts: shared by reference), or FUN reads it back?  */
static bool
dm_block_leaks_p (function *fun, tree block, HOST_WIDE_INT offset,
		  dm_mode mode)
{
  basic_block bb;
  for (int pass = 0; pass < 2; pass++)
    FOR_EACH_BB_FN (bb, fun)
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (is_gimple_debug (stmt))
	    continue;
	  gcall *call = dyn_cast <gcall *> (stmt);
	  bool start = call && dm_region_start_p (call);
	  if (pass == 0)
	    {
	      /* Its address as the value of a store: shared by reference
		 or a leak.  */
	      for (unsigned i = 0; i < gimple_num_ops (stmt); i++)
		{
		  tree op = gimple_op (stmt, i);
		  if (!op || TREE_CODE (op) != ADDR_EXPR
		      || get_base_address (TREE_OPERAND (op, 0)) != block
		      || (start && op == gimple_call_arg (call, 1)))
		    continue;
		  if (mode == DM_DEREF || mode == DM_FIELD || offset != 0
		      || i != 1 || !dm_shared_by_reference (fun, stmt, block))
		    return true;
		}
	      continue;
	    }
	  /* A start that gets BLOCK through a block it is shared through
	     was checked with that block (dm_shared_by_reference).  One
	     that gets neither cannot reach BLOCK, although the oracle sees
	     its address escape: it went nowhere but to starts (pass 0),
	     whose bodies keep it to themselves (dm_note_outlined).  */
	  tree data = start ? gimple_call_arg (call, 1) : NULL_TREE;
	  if (data && TREE_CODE (data) == ADDR_EXPR
	      && TREE_OPERAND (data, 0) == block
	      && dm_nested_writes (call, block, offset, mode))
	    return true;
	  if (gimple_assign_load_p (stmt)
	      && get_base_address (gimple_assign_rhs1 (stmt)) == block
	      && dm_load_may_read (gimple_assign_rhs1 (stmt), offset))
	    return true;
	}
  return false;
}

/* Call VISIT on every PHI and every assignment to an SSA name of FUN
   until none of the calls changes anything (VISIT returns whether it
   did).  */
static void
dm_fixed_point (function *fun, bool (*visit) (gimple *, void *), void *data)
{
  basic_block bb;
  bool changed = true;
  while (changed)
    {
      changed = false;
      FOR_EACH_BB_FN (bb, fun)
	{
	  for (gphi_iterator pi = gsi_start_phis (bb); !gsi_end_p (pi);
	       gsi_next (&pi))
	    changed |= visit (pi.phi (), data);
	  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	       gsi_next (&gsi))
	    {
	      gassign *as = dyn_cast <gassign *> (gsi_stmt (gsi));
	      if (as && TREE_CODE (gimple_assign_lhs (as)) == SSA_NAME)
		changed |= visit (as, data);
	    }
	}
    }
}

/* What dm_propagate's visitor works with.  */
struct dm_propagation
{
  vec<unsigned HOST_WIDE_INT> *from;
  unsigned HOST_WIDE_INT (*seed) (gassign *, void *);
  void *data;
};

static bool
dm_propagate_stmt (gimple *stmt, void *data)
{
  dm_propagation *pr = (dm_propagation *) data;
  vec<unsigned HOST_WIDE_INT> &from = *pr->from;
  if (gphi *phi = dyn_cast <gphi *> (stmt))
    {
      tree res = gimple_phi_result (phi);
      unsigned HOST_WIDE_INT m = from[SSA_NAME_VERSION (res)];
      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	{
	  tree a = gimple_phi_arg_def (phi, i);
	  if (TREE_CODE (a) == SSA_NAME)
	    m |= from[SSA_NAME_VERSION (a)];
	}
      bool changed = m != from[SSA_NAME_VERSION (res)];
      from[SSA_NAME_VERSION (res)] = m;
      return changed;
    }
  gassign *as = as_a <gassign *> (stmt);
  tree lhs = gimple_assign_lhs (as);
  unsigned HOST_WIDE_INT m = from[SSA_NAME_VERSION (lhs)];
  if (gimple_assign_load_p (as))
    m |= pr->seed (as, pr->data);
  else
    /* Any value computed from it may point into it again.  */
    {
      ssa_op_iter oi;
      tree op;
      FOR_EACH_SSA_TREE_OPERAND (op, as, oi, SSA_OP_USE)
	m |= from[SSA_NAME_VERSION (op)];
    }
  bool changed = m != from[SSA_NAME_VERSION (lhs)];
  from[SSA_NAME_VERSION (lhs)] = m;
  return changed;
}

/* Follow FROM, the slots each SSA name's value may derive from, through
   computations (not loads) and PHIs to a fixed point; SEED adds the
   slots of the value a load gives, or 0.  */
static void
dm_propagate (function *fun, vec<unsigned HOST_WIDE_INT> &from,
	      unsigned HOST_WIDE_INT (*seed) (gassign *, void *), void *data)
{
  dm_propagation pr = { &from, seed, data };
  dm_fixed_point (fun, dm_propagate_stmt, &pr);
}

/* Seeds of dm_propagate: a pointer loaded from slot I of the block DATA
   (the parameter) has bit I.  */
static unsigned HOST_WIDE_INT
dm_slot_seed (gassign *as, void *data)
{
  int slot = dm_param_slot (gimple_assign_rhs1 (as), (tree) data);
  return slot >= 0 && POINTER_TYPE_P (TREE_TYPE (gimple_assign_lhs (as)))
	 ? (unsigned HOST_WIDE_INT) 1 << slot : 0;
}

/* ... a pointer loaded through a name with slots in the vector DATA has
   its slots (the pointer a slot's pointee holds).  */
static unsigned HOST_WIDE_INT
dm_pointee_seed (gassign *as, void *data)
{
  vec<unsigned HOST_WIDE_INT> *level1 = (vec<unsigned HOST_WIDE_INT> *) data;
  tree base = get_base_address (gimple_assign_rhs1 (as));
  if (!POINTER_TYPE_P (TREE_TYPE (gimple_assign_lhs (as))) || !base
      || TREE_CODE (base) != MEM_REF
      || TREE_CODE (TREE_OPERAND (base, 0)) != SSA_NAME)
    return 0;
  return (*level1)[SSA_NAME_VERSION (TREE_OPERAND (base, 0))];
}

/* ... for DM_FIELD: a pointer loaded at byte dm_field_offset of what a
   name with slots points to (DATA: a dm_field_data), or at an offset
   not known relative to the slot's pointer (through a name derived by
   arithmetic).  */
struct dm_field_data
{
  vec<unsigned HOST_WIDE_INT> *level1;
  bitmap exact;		/* names that are a slot's pointer itself */
};

static unsigned HOST_WIDE_INT
dm_field_seed (gassign *as, void *data)
{
  dm_field_data *fd = (dm_field_data *) data;
  unsigned HOST_WIDE_INT m = dm_pointee_seed (as, fd->level1);
  if (!m)
    return 0;
  tree ref = gimple_assign_rhs1 (as);
  tree name = TREE_OPERAND (get_base_address (ref), 0);
  poly_int64 off;
  tree base = get_addr_base_and_unit_offset (ref, &off);
  HOST_WIDE_INT psize = int_size_in_bytes (ptr_type_node);
  if (!bitmap_bit_p (fd->exact, SSA_NAME_VERSION (name)) || !base
      || TREE_CODE (base) != MEM_REF || !off.is_constant ())
    return m;
  HOST_WIDE_INT start = off.to_constant ();
  return dm_field_offset >= 0 && start < dm_field_offset + psize
	 && dm_field_offset < start + psize ? m : 0;
}

/* What dm_exact_slot_names's visitor works with.  */
struct dm_exactness
{
  tree parm;
  bitmap exact;
};

static bool
dm_exact_stmt (gimple *stmt, void *data)
{
  dm_exactness *ex = (dm_exactness *) data;
  bool is;
  tree lhs;
  if (gphi *phi = dyn_cast <gphi *> (stmt))
    {
      lhs = gimple_phi_result (phi);
      if (virtual_operand_p (lhs))
	return false;
      is = true;
      for (unsigned i = 0; is && i < gimple_phi_num_args (phi); i++)
	{
	  tree a = gimple_phi_arg_def (phi, i);
	  is = TREE_CODE (a) == SSA_NAME
	       && bitmap_bit_p (ex->exact, SSA_NAME_VERSION (a));
	}
    }
  else
    {
      gassign *as = as_a <gassign *> (stmt);
      lhs = gimple_assign_lhs (as);
      tree rhs = gimple_assign_rhs1 (as);
      if (gimple_assign_load_p (as))
	is = POINTER_TYPE_P (TREE_TYPE (lhs))
	     && dm_param_slot (rhs, ex->parm) >= 0;
      else
	is = (gimple_assign_single_p (as)
	      || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (as)))
	     && TREE_CODE (rhs) == SSA_NAME
	     && bitmap_bit_p (ex->exact, SSA_NAME_VERSION (rhs));
    }
  return is && bitmap_set_bit (ex->exact, SSA_NAME_VERSION (lhs));
}

/* The names of FUN that hold the pointer a slot of PARM's block holds,
   unchanged: its loads, and copies and PHIs of those alone.  */
static void
dm_exact_slot_names (function *fun, tree parm, bitmap exact)
{
  dm_exactness ex = { parm, exact };
  dm_fixed_point (fun, dm_exact_stmt, &ex);
}

/* Is USE_STMT an atomic operation on the number NAME points to (a
   reduction's update): it reads and writes that memory as a number, and
   loads no pointer from it?  */
static bool
dm_atomic_on_p (gimple *use_stmt, tree name)
{
  gcall *call = dyn_cast <gcall *> (use_stmt);
  if (!call || gimple_call_num_args (call) < 1
      || gimple_call_arg (call, 0) != name)
    return false;
  for (unsigned i = 1; i < gimple_call_num_args (call); i++)
    if (gimple_call_arg (call, i) == name)
      return false;
  tree lhs = gimple_call_lhs (call);
  if (lhs && POINTER_TYPE_P (TREE_TYPE (lhs)))
    return false;
  if (gimple_call_internal_p (call))
    return gimple_call_internal_fn (call) == IFN_ATOMIC_COMPARE_EXCHANGE;
  tree fn = gimple_call_fndecl (call);
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return false;
  switch (DECL_FUNCTION_CODE (fn))
    {
    case BUILT_IN_ATOMIC_LOAD_1: case BUILT_IN_ATOMIC_LOAD_2:
    case BUILT_IN_ATOMIC_LOAD_4: case BUILT_IN_ATOMIC_LOAD_8:
    case BUILT_IN_ATOMIC_STORE_1: case BUILT_IN_ATOMIC_STORE_2:
    case BUILT_IN_ATOMIC_STORE_4: case BUILT_IN_ATOMIC_STORE_8:
    case BUILT_IN_ATOMIC_COMPARE_EXCHANGE_1:
    case BUILT_IN_ATOMIC_COMPARE_EXCHANGE_2:
    case BUILT_IN_ATOMIC_COMPARE_EXCHANGE_4:
    case BUILT_IN_ATOMIC_COMPARE_EXCHANGE_8:
    case BUILT_IN_ATOMIC_FETCH_ADD_1: case BUILT_IN_ATOMIC_FETCH_ADD_2:
    case BUILT_IN_ATOMIC_FETCH_ADD_4: case BUILT_IN_ATOMIC_FETCH_ADD_8:
    case BUILT_IN_ATOMIC_ADD_FETCH_1: case BUILT_IN_ATOMIC_ADD_FETCH_2:
    case BUILT_IN_ATOMIC_ADD_FETCH_4: case BUILT_IN_ATOMIC_ADD_FETCH_8:
    case BUILT_IN_SYNC_FETCH_AND_ADD_1: case BUILT_IN_SYNC_FETCH_AND_ADD_2:
    case BUILT_IN_SYNC_FETCH_AND_ADD_4: case BUILT_IN_SYNC_FETCH_AND_ADD_8:
    case BUILT_IN_SYNC_BOOL_COMPARE_AND_SWAP_1:
    case BUILT_IN_SYNC_BOOL_COMPARE_AND_SWAP_2:
    case BUILT_IN_SYNC_BOOL_COMPARE_AND_SWAP_4:
    case BUILT_IN_SYNC_BOOL_COMPARE_AND_SWAP_8:
    case BUILT_IN_SYNC_VAL_COMPARE_AND_SWAP_1:
    case BUILT_IN_SYNC_VAL_COMPARE_AND_SWAP_2:
    case BUILT_IN_SYNC_VAL_COMPARE_AND_SWAP_4:
    case BUILT_IN_SYNC_VAL_COMPARE_AND_SWAP_8:
      return true;
    default:
      return false;
    }
}

static bool dm_callee_may_write (gcall *call, tree name, dm_mode mode);

/* DM_DEREF: may a use of NAME, a pointer to the parent's pointer
   variable, let the section's address go where the analysis does not
   follow it?  Loads through it are followed; a store through it only
   changes the variable.  */
static bool
dm_pointee_escapes_p (function *fun, gimple *use_stmt, tree name,
		      const vec<unsigned HOST_WIDE_INT> &level1,
		      bitmap exact)
{
  if (dm_harmless_use_p (use_stmt, name, true) || dm_atomic_on_p (use_stmt, name))
    return false;
  /* A device function that writes nothing through its parameter, at any
     depth, does not write through pointers it loads from there either
     (XSBench hands its arrays, not their addresses, to its lookups).  */
  if (gcall *call = dyn_cast <gcall *> (use_stmt))
    return dm_region_start_p (call)
	   || dm_callee_may_write (call, name, DM_THROUGH);
  gassign *as = dyn_cast <gassign *> (use_stmt);
  if (!as || !gimple_store_p (as))
    return true;
  /* Handed on to nested bodies in an automatic block: what they load
     through it is checked in them.  */
  poly_int64 off;
  tree block = gimple_assign_rhs1 (as) == name
	       ? get_addr_base_and_unit_offset (gimple_assign_lhs (as), &off)
	       : NULL_TREE;
  if (block && VAR_P (block) && !is_global_var (block) && off.is_constant ())
    return dm_block_leaks_p (fun, block, off.to_constant (),
			     exact && bitmap_bit_p (exact,
						    SSA_NAME_VERSION (name))
			     ? DM_FIELD : DM_DEREF);
  tree base = get_base_address (gimple_assign_lhs (as));
  tree rhs = gimple_assign_rhs1 (as);
  return (!base || TREE_CODE (base) != MEM_REF
	  || TREE_OPERAND (base, 0) != name
	  || (TREE_CODE (rhs) == SSA_NAME && level1[SSA_NAME_VERSION (rhs)]));
}

/* The slots in FROM of the SSA names that have a use BAD says writes.  */
static unsigned HOST_WIDE_INT
dm_written_by_uses (function *fun, const vec<unsigned HOST_WIDE_INT> &from,
		    bool (*bad) (function *, gimple *, tree, void *),
		    void *data)
{
  unsigned HOST_WIDE_INT written = 0;
  for (unsigned v = 1; v < from.length (); v++)
    {
      tree name = ssa_name (v);
      if (!name || !from[v] || (written | from[v]) == written)
	continue;
      imm_use_iterator it;
      gimple *use_stmt;
      FOR_EACH_IMM_USE_STMT (use_stmt, it, name)
	if (bad (fun, use_stmt, name, data))
	  written |= from[v];
    }
  return written;
}

/* dm_written_by_uses's test for DM_DEREF's slot values (DATA: the slots
   of each name).  */
static bool
dm_pointee_escape_use (function *fun, gimple *use_stmt, tree name,
		       void *data)
{
  dm_field_data *fd = (dm_field_data *) data;
  return dm_pointee_escapes_p (fun, use_stmt, name, *fd->level1, fd->exact);
}

/* ... and for pointers into the sections (DATA: the mode): a store
   through it, or its value going where the analysis does not follow it
   (an automatic block handed to nested starts is followed).  */

static bool
dm_section_write_use (function *fun, gimple *use_stmt, tree name, void *data)
{
  dm_mode mode = *(dm_mode *) data;
  if (dm_harmless_use_p (use_stmt, name, mode == DM_DIRECT))
    return false;
  /* NAME points into a section: under DM_DEREF and DM_FIELD it is the
     pointer loaded from the slot's pointee, which a device function may
     be given as well as any other.  */
  if (gcall *call = dyn_cast <gcall *> (use_stmt))
    if (!dm_region_start_p (call)
	&& !dm_callee_may_write (call, name,
				 mode == DM_DIRECT ? DM_DIRECT : DM_THROUGH))
      return false;
  gassign *as = dyn_cast <gassign *> (use_stmt);
  poly_int64 off;
  tree block = NULL_TREE;
  if (as && gimple_store_p (as) && gimple_assign_rhs1 (as) == name)
    block = get_addr_base_and_unit_offset (gimple_assign_lhs (as), &off);
  if (!block || !VAR_P (block) || is_global_var (block)
      || !off.is_constant ())
    return true;
  return dm_block_leaks_p (fun, block, off.to_constant (),
			   mode == DM_DIRECT ? DM_DIRECT : DM_THROUGH);
}

/* The slots of FUN's argument block that FUN may write through, as MODE
   counts writes.  */
static unsigned HOST_WIDE_INT
dm_compute_writes (function *fun, tree parm, dm_mode mode)
{
  auto_vec<unsigned HOST_WIDE_INT> from;
  from.safe_grow_cleared (num_ssa_names);
  /* Seed: loads of pointer slots; then follow copies, conversions,
     pointer arithmetic and PHIs to a fixed point.  */
  dm_propagate (fun, from, dm_slot_seed, parm);
  unsigned HOST_WIDE_INT written = 0;
  if (mode == DM_DEREF || mode == DM_FIELD)
    {
      /* The slots hold addresses of pointer variables (or structures):
	 those go nowhere but into loads; the pointers loaded from them
	 (from the field, DM_FIELD) are followed.  */
      auto_bitmap exact;
      if (mode == DM_FIELD)
	dm_exact_slot_names (fun, parm, exact);
      dm_field_data fd = { &from, mode == DM_FIELD ? (bitmap) exact : NULL };
      written = dm_written_by_uses (fun, from, dm_pointee_escape_use, &fd);
      auto_vec<unsigned HOST_WIDE_INT> level2;
      level2.safe_grow_cleared (num_ssa_names);
      if (mode == DM_FIELD)
	dm_propagate (fun, level2, dm_field_seed, &fd);
      else
	dm_propagate (fun, level2, dm_pointee_seed, &from);
      from.truncate (0);
      from.safe_splice (level2);
    }
  return written | dm_written_by_uses (fun, from, dm_section_write_use,
				       &mode);
}

/* Does STMT take the address of a field of the block PARM points to that
   holds a value, no pointer (a reduction variable that a parallel body
   updates in its parent's block)?  Stores through that address land in
   the block: no section is written through it.  */
static bool
dm_value_field_address_p (gimple *stmt, tree parm)
{
  gassign *as = dyn_cast <gassign *> (stmt);
  if (!as || gimple_assign_rhs_code (as) != ADDR_EXPR)
    return false;
  tree ref = TREE_OPERAND (gimple_assign_rhs1 (as), 0);
  return dm_param_offset (ref, parm) >= 0
	 && dm_plain_value_type_p (TREE_TYPE (ref));
}

/* The DM_FIELD summaries of FUN (block pointer PARM): the offsets at
   which it loads a pointer through a slot's own pointer, and those of
   the bodies it starts (their tables are made first), each computed,
   then any other offset.  More than DM_MAX_FIELDS: no table.  */
static void
dm_note_fields (function *fun, tree parm)
{
  auto_bitmap exact;
  dm_exact_slot_names (fun, parm, exact);
  auto_vec<HOST_WIDE_INT, DM_MAX_FIELDS> offs;
  bool full = false;
  auto add = [&] (HOST_WIDE_INT o) {
    if (o >= 0 && !offs.contains (o))
      {
	if (offs.length () == DM_MAX_FIELDS)
	  full = true;
	else
	  offs.quick_push (o);
      }
  };
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	gcall *call = dyn_cast <gcall *> (stmt);
	if (call && dm_region_start_p (call))
	  {
	    tree fn = gimple_call_arg (call, 0);
	    if (TREE_CODE (fn) != ADDR_EXPR
		|| TREE_CODE (TREE_OPERAND (fn, 0)) != FUNCTION_DECL)
	      continue;
	    fn = TREE_OPERAND (fn, 0);
	    dm_summary_of (fn, DM_DEREF);
	    std::pair<unsigned, unsigned> *ix
	      = dm_field_index ? dm_field_index->get (fn) : NULL;
	    if (ix)
	      for (unsigned k = ix->first; k < ix->first + ix->second; k++)
		add (dm_field_recs[k].offset);
	    continue;
	  }
	gassign *as = dyn_cast <gassign *> (stmt);
	if (!as || !gimple_assign_load_p (as)
	    || !POINTER_TYPE_P (TREE_TYPE (gimple_assign_lhs (as))))
	  continue;
	tree ref = gimple_assign_rhs1 (as);
	tree base = get_base_address (ref);
	poly_int64 off;
	if (base && TREE_CODE (base) == MEM_REF
	    && TREE_CODE (TREE_OPERAND (base, 0)) == SSA_NAME
	    && bitmap_bit_p (exact, SSA_NAME_VERSION (TREE_OPERAND (base, 0)))
	    && get_addr_base_and_unit_offset (ref, &off)
	    && off.is_constant ())
	  add (off.to_constant ());
      }
  if (full)
    return;
  /* A query may be under way (its body summarized on demand).  */
  HOST_WIDE_INT saved = dm_field_offset;
  offs.quick_push (-1);
  if (!dm_field_index)
    dm_field_index = new hash_map<tree, std::pair<unsigned, unsigned> >;
  unsigned first = dm_field_recs.length ();
  for (HOST_WIDE_INT o : offs)
    {
      dm_field_offset = o;
      dm_field_rec rec = { o, dm_compute_writes (fun, parm, DM_FIELD) };
      dm_field_recs.safe_push (rec);
    }
  dm_field_offset = saved;
  dm_field_index->put (fun->decl, std::make_pair (first, offs.length ()));
}

/* Device functions a target region calls (omp declare target, not
   inlined: Rodinia's hotspot, XSBench's lookups): bit K of a summary
   says the function may write through its parameter K, as MODE counts
   writes (DM_THROUGH or DM_DIRECT).  GCC compiles callees first and
   then drops their bodies, so each is summarized when it comes through
   the hoisting pass (dm_note_outlined), or on demand before that.  */
static hash_map<tree, unsigned HOST_WIDE_INT> *dm_param_summaries[2];
/* Their parameter counts: GCC clears DECL_ARGUMENTS of a function it has
   compiled.  */
static hash_map<tree, unsigned> *dm_param_counts;
/* Functions being summarized: a recursive call counts as a write.  */
static hash_set<tree> *dm_param_busy;

/* Seed of dm_propagate for parameter summaries: loads give none.  */
static unsigned HOST_WIDE_INT
dm_no_seed (gassign *, void *)
{
  return 0;
}

/* The parameters of FUN (the current function) it may write through,
   as MODE counts writes.  */
static unsigned HOST_WIDE_INT
dm_compute_param_writes (function *fun, dm_mode mode)
{
  auto_vec<unsigned HOST_WIDE_INT> from;
  from.safe_grow_cleared (num_ssa_names);
  unsigned k = 0;
  for (tree p = DECL_ARGUMENTS (fun->decl); p && k < DM_SLOTS;
       p = DECL_CHAIN (p), k++)
    if (POINTER_TYPE_P (TREE_TYPE (p)))
      if (tree d = ssa_default_def (fun, p))
	from[SSA_NAME_VERSION (d)] |= (unsigned HOST_WIDE_INT) 1 << k;
  dm_propagate (fun, from, dm_no_seed, NULL);
  return dm_written_by_uses (fun, from, dm_section_write_use, &mode);
}

/* Summarize FUN, the current function, if it is a device function.  */
static void
dm_note_device_function (function *fun)
{
  tree fn = fun->decl;
  if (!DECL_ARGUMENTS (fn)
      || !lookup_attribute ("omp declare target", DECL_ATTRIBUTES (fn))
      || !fun->cfg || !gimple_in_ssa_p (fun))
    return;
  if (!dm_param_busy)
    dm_param_busy = new hash_set<tree>;
  if (dm_param_busy->add (fn))
    return;
  /* One GCC may replace at link or load time may do anything.  */
  cgraph_node *node = cgraph_node::get (fn);
  enum availability avail = AVAIL_NOT_AVAILABLE;
  if (node)
    node = node->ultimate_alias_target (&avail);
  bool replaceable = !node || avail < AVAIL_AVAILABLE || node->decl != fn;
  /* A body that IPA cloned away (XSBench's calculate_micro_xs, now only
     its .isra clone) is no longer a definition in the call graph, but a
     caller's body not yet transformed still calls the original with the
     original parameters: what the body says holds if nothing can replace
     the symbol (static, or a C++ COMDAT: one definition rule).  */
  if (node && !node->definition && !DECL_EXTERNAL (fn)
      && !decl_replaceable_p (fn, flag_semantic_interposition))
    replaceable = false;
  if (!dm_param_counts)
    dm_param_counts = new hash_map<tree, unsigned>;
  dm_param_counts->put (fn, list_length (DECL_ARGUMENTS (fn)));
  for (int m = 0; m < 2; m++)
    {
      if (!dm_param_summaries[m])
	dm_param_summaries[m] = new hash_map<tree, unsigned HOST_WIDE_INT>;
      dm_param_summaries[m]->put (fn, replaceable ? DM_ALL
				  : dm_compute_param_writes
				      (fun, m ? DM_DIRECT : DM_THROUGH));
    }
  dm_param_busy->remove (fn);
}

/* May CALL, given NAME, write through it as MODE counts writes?  Only a
   device function of this unit that GCC will not replace (its body is
   the one that runs, dm_note_device_function) can say no: NAME must be
   one of its named pointer parameters, never its address or
   result.  */
static bool
dm_callee_may_write (gcall *call, tree name, dm_mode mode)
{
  tree fn = gimple_call_fndecl (call);
  if (!fn || gimple_call_internal_p (call) || gimple_call_chain (call) == name
      || gimple_call_lhs (call) == name
      || !lookup_attribute ("omp declare target", DECL_ATTRIBUTES (fn)))
    return true;
  /* Summarized when it came through the pass (its body may be gone
     now), or from its body now.  */
  int m = mode == DM_DIRECT;
  unsigned HOST_WIDE_INT *s = dm_param_summaries[m]
			      ? dm_param_summaries[m]->get (fn) : NULL;
  if (!s && !(dm_param_busy && dm_param_busy->contains (fn)))
    {
      function *f = DECL_STRUCT_FUNCTION (fn);
      if (f && f->cfg && gimple_in_ssa_p (f))
	{
	  push_cfun (f);
	  dm_note_device_function (f);
	  pop_cfun ();
	  s = dm_param_summaries[m] ? dm_param_summaries[m]->get (fn) : NULL;
	}
    }
  unsigned *nparms_p = dm_param_counts ? dm_param_counts->get (fn) : NULL;
  if (!s || !nparms_p)
    return true;
  unsigned nparms = *nparms_p;
  bool passed = false;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    if (gimple_call_arg (call, i) == name)
      {
	if (i >= nparms || i >= DM_SLOTS || ((*s >> i) & 1))
	  return true;
	passed = true;
      }
  return !passed;
}

/* Called by the hoisting pass on every function: summarize FUN if it is
   an outlined body (its first parameter is the argument block).  */
void
dm_note_outlined (function *fun)
{
  dm_note_device_function (fun);
  tree parm = DECL_ARGUMENTS (fun->decl);
  if (!parm || !DECL_NAME (parm) || !POINTER_TYPE_P (TREE_TYPE (parm))
      || strcmp (IDENTIFIER_POINTER (DECL_NAME (parm)), ".omp_data_i"))
    return;
  tree def = ssa_default_def (fun, parm);
  unsigned HOST_WIDE_INT w = 0;
  if (def)
    {
      /* The block pointer itself must go nowhere but into loads.  */
      imm_use_iterator it;
      gimple *use_stmt;
      FOR_EACH_IMM_USE_STMT (use_stmt, it, def)
	{
	  if (is_gimple_debug (use_stmt) || dm_value_field_address_p (use_stmt,
									 def))
	    continue;
	  if (!gimple_assign_load_p (use_stmt))
	    {
	      w = DM_ALL;
	      continue;
	    }
	  tree rhs = gimple_assign_rhs1 (use_stmt);
	  tree type = TREE_TYPE (gimple_assign_lhs (use_stmt));
	  if (POINTER_TYPE_P (type) ? dm_param_slot (rhs, def) < 0
	      : (dm_param_offset (rhs, def) < 0
		 || !dm_plain_value_type_p (type)))
	    w = DM_ALL;
	}
    }
  for (int mode = DM_THROUGH; mode <= DM_DEREF; mode++)
    {
      if (!dm_summaries[mode])
	dm_summaries[mode] = new hash_map<tree, unsigned HOST_WIDE_INT>;
      dm_summaries[mode]->put (fun->decl,
			       def && !w ? dm_compute_writes (fun, def,
							      (dm_mode) mode)
			       : w);
    }
  unsigned HOST_WIDE_INT deref = *dm_summaries[DM_DEREF]->get (fun->decl);
  if (def && deref && deref != DM_ALL)
    dm_note_fields (fun, def);
}


/* The summary of the outlined function FN, or NULL.  GCC compiles
   functions in an order of its own (an outlined body is reached through
   its address, not a call), so one that has not come through the pass
   yet is summarized now, from its body as the inliner left it: the
   analysis reads only what the code does, so any version of the body
   gives a sound answer.  */
static unsigned HOST_WIDE_INT *
dm_summary_of (tree fn, dm_mode mode)
{
  if (TREE_CODE (fn) != FUNCTION_DECL)
    return NULL;
  if (mode == DM_FIELD)
    {
      /* No table: no write through any loaded pointer, or writes we do
	 not place (the DM_DEREF summary says which).  */
      unsigned HOST_WIDE_INT *d = dm_summary_of (fn, DM_DEREF);
      std::pair<unsigned, unsigned> *ix
	= dm_field_index ? dm_field_index->get (fn) : NULL;
      if (!d || !ix)
	return d;
      unsigned HOST_WIDE_INT *other = NULL;
      for (unsigned k = ix->first; k < ix->first + ix->second; k++)
	if (dm_field_recs[k].offset == dm_field_offset)
	  return &dm_field_recs[k].written;
	else if (dm_field_recs[k].offset < 0)
	  other = &dm_field_recs[k].written;
      return other;
    }
  hash_map<tree, unsigned HOST_WIDE_INT> *&map = dm_summaries[mode];
  unsigned HOST_WIDE_INT *s = map ? map->get (fn) : NULL;
  if (s)
    return s;
  /* With -flto, a body another function is compiled before is still in
     the object file: read it in.  */
  cgraph_node *node = cgraph_node::get (fn);
  if (in_lto_p && node && node->has_gimple_body_p ()
      && !gimple_has_body_p (fn))
    node->get_body ();
  function *f = DECL_STRUCT_FUNCTION (fn);
  if (!f || !f->cfg || !gimple_in_ssa_p (f))
    return s;
  push_cfun (f);
  dm_note_outlined (f);
  pop_cfun ();
  return map ? map->get (fn) : NULL;
}

/* May the outlined function FN of a target construct (or the bodies it
   starts) write through the pointer field at byte OFFSET of the
   structure its slot SLOT points to (a structure's member array, its
   other pointer fields set aside)?  True when unsure.  */
bool
dm_device_writes_through_field (tree fn, unsigned slot, HOST_WIDE_INT offset)
{
  if (TREE_CODE (fn) == ADDR_EXPR)
    fn = TREE_OPERAND (fn, 0);
  if (slot >= DM_SLOTS || offset < 0)
    return true;
  dm_field_offset = offset;
  unsigned HOST_WIDE_INT *s = dm_summary_of (fn, DM_FIELD);
  dm_field_offset = -1;
  return !s || ((*s >> slot) & 1);
}

/* May the outlined function FN of a target construct (or the bodies it
   starts) write through a pointer it loads from one of its sections in
   the slots SLOTS (a structure's pointer field reaching another
   section)?  Such a write may land anywhere: in a section whose own slot
   is never written through.  True when unsure.  */
bool
dm_device_writes_through_loaded (tree fn, unsigned HOST_WIDE_INT slots)
{
  if (TREE_CODE (fn) == ADDR_EXPR)
    fn = TREE_OPERAND (fn, 0);
  unsigned HOST_WIDE_INT *s = dm_summary_of (fn, DM_DEREF);
  return !s || (*s & slots) != 0;
}

/* May the outlined function FN of a target construct write through the
   device address of map INDEX?  DIRECT: to the bytes of that section
   itself only, not through pointers loaded from it.  True when unsure.  */
bool
dm_device_may_write (tree fn, unsigned index, bool direct)
{
  if (TREE_CODE (fn) == ADDR_EXPR)
    fn = TREE_OPERAND (fn, 0);
  unsigned HOST_WIDE_INT *s = dm_summary_of (fn, direct ? DM_DIRECT
						    : DM_THROUGH);
  return !s || index >= DM_SLOTS || ((*s >> index) & 1);
}
