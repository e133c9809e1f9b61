/* dm-storage.c -- where the memory of a section and of a host access
   comes from, and what the object model then says about their
   overlap, where points-to analysis cannot tell them apart.

   Every heap object escapes in a real program (its address goes to a
   constructor, a call of another unit, a construct's argument array),
   and then GCC's oracle lets any loaded pointer reach it.  But:
     - two allocations that are both live never overlap: memory the
       function allocated itself (malloc, operator new: each call's
       result) is apart from memory another of its calls returned;
     - a declared variable never lies in allocated memory;
     - a std::vector<T>'s buffer is an allocation of the vector's own
       that holds T objects only, so, while the vector lives: two
       distinct vector objects have disjoint buffers, none is memory
       the function allocated itself, and for arithmetic T no object of
       class type (a struct's member, a vector's own pointers) lies in
       it; and a member function of a vector of arithmetic T runs no
       user code (no element constructor) and writes only that vector
       and its buffer (the allocator's new and delete aside, which the
       pass counts harmless everywhere).
   HPC codes in C++ keep their arrays in std::vector members of one
   object (LULESH's Domain) and map `&v[0]`, beside arrays they
   allocate themselves.  Both live through the loops that map them
   (a construct that maps one in the loop reads it), as does the
   memory a host access in the loop touches.
   Vectors of character type are left out: their buffers may serve as
   raw storage for other objects; so are vectors of another allocator
   than std::allocator (a pool may hand out any memory).  The class-type rule holds where the
   program keeps the aliasing rules (-fstrict-aliasing, -O2's default).

   A vector is known by where it lies: a base (an SSA pointer or a
   variable) and a constant offset from it, as GIMPLE names its members
   (MEM[(struct vector *)domain + 1112B]._M_impl._M_start).  Two vectors
   at different offsets from the same base are distinct objects.  */
#include "deepmap-plugin.h"
#include "ssa.h"
#include "tree-ssa-alias.h"
#include "tree-dfa.h"
#include "alias.h"
#include "langhooks.h"

/* The FIELD_DECL _M_start of libstdc++'s vector TYPE (in its bases and
   its _M_impl), or NULL.  */
static tree
dm_vector_start_field (tree type, int depth)
{
  if (TREE_CODE (type) != RECORD_TYPE || depth > 4)
    return NULL_TREE;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL)
	continue;
      if (DECL_NAME (f) && !strcmp (IDENTIFIER_POINTER (DECL_NAME (f)),
				    "_M_start"))
	return POINTER_TYPE_P (TREE_TYPE (f)) ? f : NULL_TREE;
      if (tree s = dm_vector_start_field (TREE_TYPE (f), depth + 1))
	return s;
    }
  return NULL_TREE;
}

/* Is the vector type TYPE std::vector<X, std::allocator<X> > for X of a
   one-letter mangling (the arithmetic types)?  The late passes (and
   lto1) know a class template's instance by its mangled name,
   St6vectorIdSaIdEE for std::vector<double>, where the allocator
   argument shows: memory of another allocator may come from anywhere
   (a pool the function allocated).  */
static bool
dm_default_allocator_p (tree type)
{
  tree decl = TYPE_NAME (TYPE_MAIN_VARIANT (type));
  if (!decl || TREE_CODE (decl) != TYPE_DECL)
    return false;
  /* The mangled name: the type's assembler name where it has one (for
     the ODR checks of -flto), else what the front end prints.  */
  const char *name = (DECL_ASSEMBLER_NAME_SET_P (decl)
		      ? IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl))
		      : lang_hooks.decl_printable_name (decl, 2));
  char expect[32];
  if (!name || strlen (name) != strlen ("St6vectorIdSaIdEE")
      || strncmp (name, "St6vectorI", 10))
    return false;
  snprintf (expect, sizeof expect, "St6vectorI%cSaI%cEE", name[10],
	    name[10]);
  return !strcmp (name, expect);
}

/* Is TYPE std::vector<T, std::allocator<T> > for an arithmetic T other
   than a character type?  Then T in *ELT.  */
static bool
dm_arith_vector_type_p (tree type, tree *elt)
{
  if (TREE_CODE (type) != RECORD_TYPE || !dm_std_vector (type)
      || !dm_default_allocator_p (type))
    return false;
  tree f = dm_vector_start_field (type, 0);
  if (!f)
    return false;
  tree t = TREE_TYPE (TREE_TYPE (f));
  if (!(INTEGRAL_TYPE_P (t) || SCALAR_FLOAT_TYPE_P (t))
      || TREE_CODE (t) == BOOLEAN_TYPE
      || TYPE_MAIN_VARIANT (t) == char_type_node
      || TYPE_MAIN_VARIANT (t) == signed_char_type_node
      || TYPE_MAIN_VARIANT (t) == unsigned_char_type_node
      || TYPE_PRECISION (t) == BITS_PER_UNIT)
    return false;
  *elt = t;
  return true;
}

/* Where the object REF (an lvalue) lies: *BASE (an SSA pointer or a
   declaration) and *OFF bytes from it.  */
static bool
dm_object_place (tree ref, tree *base, HOST_WIDE_INT *off)
{
  poly_int64 p;
  tree b = get_addr_base_and_unit_offset (ref, &p);
  if (!b || !p.is_constant ())
    return false;
  *off = p.to_constant ();
  if (TREE_CODE (b) == MEM_REF)
    {
      tree ptr = TREE_OPERAND (b, 0);
      if (TREE_CODE (ptr) != SSA_NAME
	  || !tree_fits_shwi_p (TREE_OPERAND (b, 1)))
	return false;
      *off += tree_to_shwi (TREE_OPERAND (b, 1));
      *base = ptr;
      return true;
    }
  if (DECL_P (b))
    {
      *base = b;
      return true;
    }
  return false;
}

/* If ADDR (an SSA name) is the buffer pointer of a vector of arithmetic
   T (a load of its _M_start), fill *V: where the vector lies, and T.  */
bool
dm_vector_data (tree addr, dm_vector *v)
{
  if (TREE_CODE (addr) != SSA_NAME)
    return false;
  gassign *def = dyn_cast <gassign *> (SSA_NAME_DEF_STMT (addr));
  if (!def || !gimple_assign_load_p (def) || !gimple_assign_single_p (def)
      || gimple_has_volatile_ops (def))
    return false;
  tree ref = gimple_assign_rhs1 (def);
  if (TREE_CODE (ref) != COMPONENT_REF
      || !DECL_NAME (TREE_OPERAND (ref, 1))
      || strcmp (IDENTIFIER_POINTER (DECL_NAME (TREE_OPERAND (ref, 1))),
		 "_M_start"))
    return false;
  /* The vector object the field belongs to.  */
  for (tree r = TREE_OPERAND (ref, 0); ; r = TREE_OPERAND (r, 0))
    {
      if (dm_arith_vector_type_p (TREE_TYPE (r), &v->elt))
	return dm_object_place (r, &v->base, &v->off);
      if (TREE_CODE (r) != COMPONENT_REF)
	return false;
    }
}

/* The class of the object V's vector is a member of, at V's offset in
   an object that V's base pointer points to, as the pointer's type says
   (under strict aliasing, an object of that class lies there), or
   NULL_TREE.  */
static tree
dm_vector_holder (const dm_vector *v)
{
  if (!flag_strict_aliasing || TREE_CODE (v->base) != SSA_NAME
      || !POINTER_TYPE_P (TREE_TYPE (v->base)))
    return NULL_TREE;
  tree rec = TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (v->base)));
  if (TREE_CODE (rec) != RECORD_TYPE || !COMPLETE_TYPE_P (rec))
    return NULL_TREE;
  tree elt;
  for (tree f = TYPE_FIELDS (rec); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL && tree_fits_shwi_p (byte_position (f))
	&& tree_to_shwi (byte_position (f)) == v->off
	&& dm_arith_vector_type_p (TREE_TYPE (f), &elt))
      return rec;
  return NULL_TREE;
}

/* Are the vectors A and B distinct objects (so their buffers are
   disjoint)?  Members at different places of one object are; so are
   members at different places of objects of one class that two
   pointers hold: the same object, or two that do not overlap, objects
   of one class never sharing only part of their bytes (a time loop that
   prints loads its Domain pointer again: a read of one of its vectors
   then is no read of the others).  */
static bool
dm_distinct_vectors (const dm_vector *a, const dm_vector *b)
{
  if (a->off == b->off)
    return false;
  if (a->base == b->base)
    return true;
  tree ra = dm_vector_holder (a);
  return ra && ra == dm_vector_holder (b);
}


/* Pointer cells: static pointer variables of the unit, their address
   never taken, into which every store of the unit puts the result of an
   allocation call or a null pointer (LULESH keeps per-thread scratch
   arrays in function-local statics allocated on first use).  The
   memory a load of one points into is then some allocation stored
   there: apart from the allocations of the function that did not go
   there, from declared variables and from vectors' buffers.  Found
   once, over every body of the unit, before the first is compiled; in
   lto1, of the partition, which holds every use of a variable that is
   still not public (one used by another partition was made public).  */
static hash_set<tree> *dm_cells;

/* Is V a candidate cell (a static pointer no other unit can store to,
   whose address is never taken)?  */
static bool
dm_cell_candidate_p (tree v)
{
  return (VAR_P (v) && TREE_STATIC (v) && !TREE_PUBLIC (v)
	  && !DECL_EXTERNAL (v) && !TREE_ADDRESSABLE (v)
	  && !TREE_THIS_VOLATILE (v) && POINTER_TYPE_P (TREE_TYPE (v))
	  && (!DECL_INITIAL (v) || integer_zerop (DECL_INITIAL (v))));
}

void
dm_note_pointer_cells (void)
{
  if (dm_cells || (in_lto_p && flag_wpa))
    return;
  dm_cells = new hash_set<tree>;
  hash_set<tree> spoilt;
  hash_set<function *> scanned;
  cgraph_node *node;
  /* Every body the unit will compile: a clone's is its origin's (IPA's
     clones are made from it when they are compiled).  Where one cannot
     be found, no variable is a cell.  */
  FOR_EACH_FUNCTION (node)
    {
      if (!node->definition || node->alias || node->thunk)
	continue;
      cgraph_node *origin = node;
      /* In lto1 a body not compiled yet is still in the object file.  */
      if (in_lto_p && !gimple_has_body_p (node->decl)
	  && node->has_gimple_body_p () && !TREE_ASM_WRITTEN (node->decl)
	  && node->lto_file_data)
	node->get_body ();
      function *fn = DECL_STRUCT_FUNCTION (origin->decl);
      while ((!fn || !fn->cfg) && origin->clone_of)
	{
	  origin = origin->clone_of;
	  fn = DECL_STRUCT_FUNCTION (origin->decl);
	}
      if (!fn || !fn->cfg)
	{
	  dm_cells->empty ();
	  return;
	}
      if (scanned.add (fn))
	continue;
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
	for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	     gsi_next (&gsi))
	  {
	    gassign *as = dyn_cast <gassign *> (gsi_stmt (gsi));
	    if (!as || !gimple_store_p (as))
	      continue;
	    tree v = gimple_assign_lhs (as);
	    if (!dm_cell_candidate_p (v))
	      continue;
	    tree val = gimple_assign_rhs1 (as);
	    auto_vec<tree, 2> allocs;
	    if (gimple_assign_single_p (as)
		&& (integer_zerop (val)
		    || (TREE_CODE (val) == SSA_NAME
			&& dm_allocations_of (val, allocs))))
	      dm_cells->add (v);
	    else
	      spoilt.add (v);
	  }
    }
  for (tree v : spoilt)
    dm_cells->remove (v);
}

/* The allocation results of the current function stored into the cell
   V, pushed on ALLOCS (dm_stored_values finds the stores once per
   function).  */
static void
dm_cell_allocations (tree v, vec<tree> &allocs)
{
  if (vec<tree> *vals = dm_stored_values ()->get (v))
    for (tree x : *vals)
      if (x && TREE_CODE (x) == SSA_NAME)
	{
	  auto_vec<tree, 2> a;
	  dm_allocations_of (x, a);
	  for (tree t : a)
	    if (!allocs.contains (t))
	      allocs.safe_push (t);
	}
}

/* Where memory comes from (dm_origin_of).  */
enum dm_origin_kind
{
  DM_ORIGIN_UNKNOWN,
  DM_ORIGIN_ALLOCS,		/* the function's own allocation calls, or
				   pointer cells (their variables) */
  DM_ORIGIN_VECTOR,		/* a vector's buffer */
  DM_ORIGIN_DECL		/* a declared variable */
};

struct dm_origin
{
  enum dm_origin_kind kind;
  auto_vec<tree, 2> allocs;	/* DM_ORIGIN_ALLOCS: the calls' results */
  dm_vector vec;		/* DM_ORIGIN_VECTOR */
  tree decl;			/* DM_ORIGIN_DECL */
  gimple *def;			/* dm_origin_cached: the name's definition */
};

static void dm_origin_of (tree p, dm_origin *o, int level = 0);

/* Fill *O with the origin of the PHI's arguments, where they all have
   allocations as origin (a cell allocated on first use: PHI <new,
   load of the cell>), or all are the same vector.  */
static void
dm_phi_origin (gphi *phi, dm_origin *o, int level)
{
  o->kind = DM_ORIGIN_UNKNOWN;
  if (level > 4)
    return;
  dm_origin first;
  for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
    {
      dm_origin a;
      dm_origin_of (gimple_phi_arg_def (phi, i), &a, level + 1);
      if (a.kind != DM_ORIGIN_ALLOCS && a.kind != DM_ORIGIN_VECTOR)
	return;
      if (i == 0)
	{
	  first.kind = a.kind;
	  first.vec = a.vec;
	}
      else if (a.kind != first.kind
	       || (a.kind == DM_ORIGIN_VECTOR
		   && (a.vec.base != first.vec.base
		       || a.vec.off != first.vec.off)))
	return;
      for (tree t : a.allocs)
	if (!o->allocs.contains (t))
	  o->allocs.safe_push (t);
    }
  o->kind = first.kind;
  o->vec = first.vec;
}

/* Fill *O with where the memory pointer P points into comes from,
   back through copies, conversions, offsets and PHIs.  */
static void
dm_origin_of (tree p, dm_origin *o, int level)
{
  o->kind = DM_ORIGIN_UNKNOWN;
  for (int depth = 0; depth < 16; depth++)
    {
      if (TREE_CODE (p) == ADDR_EXPR)
	{
	  tree obj = get_base_address (TREE_OPERAND (p, 0));
	  if (obj && DECL_P (obj))
	    {
	      o->kind = DM_ORIGIN_DECL;
	      o->decl = obj;
	      return;
	    }
	  if (!obj || TREE_CODE (obj) != MEM_REF)
	    return;
	  p = TREE_OPERAND (obj, 0);
	  continue;
	}
      if (TREE_CODE (p) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (p))
	return;
      if (dm_vector_data (p, &o->vec))
	{
	  o->kind = DM_ORIGIN_VECTOR;
	  return;
	}
      if (dm_allocations_of (p, o->allocs))
	{
	  o->kind = DM_ORIGIN_ALLOCS;
	  return;
	}
      o->allocs.truncate (0);
      if (gphi *phi = dyn_cast <gphi *> (SSA_NAME_DEF_STMT (p)))
	{
	  dm_phi_origin (phi, o, level);
	  return;
	}
      gassign *def = dyn_cast <gassign *> (SSA_NAME_DEF_STMT (p));
      if (!def)
	return;
      /* A load of a pointer cell: the allocations stored there, the
	 cell standing for those of other functions.  */
      tree cell = gimple_assign_rhs1 (def);
      if (gimple_assign_load_p (def) && dm_cells && dm_cells->contains (cell))
	{
	  o->kind = DM_ORIGIN_ALLOCS;
	  o->allocs.safe_push (cell);
	  dm_cell_allocations (cell, o->allocs);
	  return;
	}
      enum tree_code code = gimple_assign_rhs_code (def);
      if (code == POINTER_PLUS_EXPR || code == SSA_NAME
	  || CONVERT_EXPR_CODE_P (code) || code == ADDR_EXPR)
	p = gimple_assign_rhs1 (def);
      else
	return;
    }
}

/* The origin of pointer P (dm_origin_of): where P is an SSA name, kept
   for the rest of the function (the pass asks about the same sections
   for every statement of a loop and every pair of them); else worked
   out into *LOCAL.  */
static const dm_origin *
dm_origin_cached (tree p, dm_origin *local)
{
  static dm_function_key asked;
  static vec<dm_origin *> known;
  if (dm_new_function_p (&asked, cfun))
    {
      for (dm_origin *o : known)
	delete o;
      known.release ();
    }
  if (TREE_CODE (p) != SSA_NAME)
    {
      dm_origin_of (p, local);
      return local;
    }
  unsigned v = SSA_NAME_VERSION (p);
  if (v >= known.length ())
    known.safe_grow_cleared (v + 1);
  /* A version the pass released and made again names another value.  */
  if (known[v] && known[v]->def != SSA_NAME_DEF_STMT (p))
    {
      delete known[v];
      known[v] = NULL;
    }
  if (!known[v])
    {
      known[v] = new dm_origin;
      dm_origin_of (p, known[v]);
      known[v]->def = SSA_NAME_DEF_STMT (p);
    }
  return known[v];
}

/* Are memory of origins A and B, both live, apart?  */
static bool
dm_origins_apart (const dm_origin *a, const dm_origin *b)
{
  for (int i = 0; i < 2; i++, std::swap (a, b))
    switch (a->kind)
      {
      case DM_ORIGIN_DECL:
	if (b->kind == DM_ORIGIN_ALLOCS || b->kind == DM_ORIGIN_VECTOR
	    || (b->kind == DM_ORIGIN_DECL && b->decl != a->decl))
	  return true;
	break;
      case DM_ORIGIN_VECTOR:
	if (b->kind == DM_ORIGIN_ALLOCS
	    || (b->kind == DM_ORIGIN_VECTOR
		&& dm_distinct_vectors (&a->vec, &b->vec)))
	  return true;
	break;
      case DM_ORIGIN_ALLOCS:
	if (b->kind == DM_ORIGIN_ALLOCS)
	  {
	    for (tree x : a->allocs)
	      if (b->allocs.contains (x))
		return false;
	    return true;
	  }
	break;
      default:
	break;
      }
  return false;
}

/* Is TYPE a class with a member of another type than ELT (arrays and
   classes of ELT alone do not count): one no program views a buffer of
   ELT as?  */
static bool
dm_not_a_view_p (tree type, tree elt, int depth = 0)
{
  if (TREE_CODE (type) != RECORD_TYPE || depth > 8)
    return false;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL)
	continue;
      tree t = TREE_TYPE (f);
      while (TREE_CODE (t) == ARRAY_TYPE)
	t = TREE_TYPE (t);
      if (TYPE_MAIN_VARIANT (t) == TYPE_MAIN_VARIANT (elt))
	continue;
      if (TREE_CODE (t) == RECORD_TYPE && !dm_not_a_view_p (t, elt, depth + 1))
	continue;
      return true;
    }
  return false;
}

/* Can the memory operand OP of a host statement lie in the section
   whose memory comes from S?  */
static bool
dm_operand_apart (tree op, const dm_origin *s)
{
  tree base = get_base_address (op);
  if (!base)
    return false;
  dm_origin decl;
  const dm_origin *o;
  if (DECL_P (base))
    {
      decl.kind = DM_ORIGIN_DECL;
      decl.decl = base;
      o = &decl;
    }
  else if (TREE_CODE (base) == MEM_REF || TREE_CODE (base) == TARGET_MEM_REF)
    o = dm_origin_cached (TREE_OPERAND (base, 0), &decl);
  else
    return false;
  if (dm_origins_apart (o, s))
    return true;
  /* A member of a class object (LULESH's domain.dthydro()) is in no
     buffer of a vector of arithmetic type.  Not for a class made of
     the elements' type only: programs view such buffers as arrays of
     them (struct vec3 { double x, y, z; } over a vector<double>),
     which GCC tolerates.  */
  if (s->kind == DM_ORIGIN_VECTOR && flag_strict_aliasing)
    {
      tree elt = s->vec.elt;
      for (tree r = op; handled_component_p (r); r = TREE_OPERAND (r, 0))
	if (TREE_CODE (r) == COMPONENT_REF
	    && dm_not_a_view_p (TREE_TYPE (TREE_OPERAND (r, 0)), elt))
	  return true;
      if (dm_not_a_view_p (TREE_TYPE (base), elt))
	return true;
      /* Bytes of the object a reference to a class binds to (GIMPLE
	 folds domain.m_dt to MEM[(double &)domain + 120]).  */
      tree ptr = TREE_OPERAND (base, 0);
      tree pt = TREE_TYPE (ptr);
      poly_int64 off;
      tree b = get_addr_base_and_unit_offset (op, &off);
      if (TREE_CODE (base) == MEM_REF && TREE_CODE (pt) == REFERENCE_TYPE
	  && dm_not_a_view_p (TREE_TYPE (pt), elt)
	  && COMPLETE_TYPE_P (TREE_TYPE (pt)) && b == base
	  && off.is_constant () && tree_fits_shwi_p (TREE_OPERAND (base, 1))
	  && tree_fits_uhwi_p (TYPE_SIZE_UNIT (TREE_TYPE (op))))
	{
	  HOST_WIDE_INT at = off.to_constant ()
			     + tree_to_shwi (TREE_OPERAND (base, 1));
	  HOST_WIDE_INT end = at + tree_to_uhwi (TYPE_SIZE_UNIT (TREE_TYPE (op)));
	  if (at >= 0 && end <= int_size_in_bytes (TREE_TYPE (pt)))
	    return true;
	}
    }
  return false;
}

/* Are the sections at A and B (SSA names) apart by where their memory
   comes from?  */
bool
dm_sections_apart_by_origin (tree a, tree b)
{
  dm_origin la, lb;
  const dm_origin *oa = dm_origin_cached (a, &la);
  return (oa->kind != DM_ORIGIN_UNKNOWN
	  && dm_origins_apart (oa, dm_origin_cached (b, &lb)));
}

/* Is the memory pointer P points into apart from REF's (a section's,
   through its pointer), by where they come from?  */
bool
dm_pointer_apart_from_ref (tree p, ao_ref *ref)
{
  tree base = ref->base;
  return (base && TREE_CODE (base) == MEM_REF
	  && TREE_CODE (TREE_OPERAND (base, 0)) == SSA_NAME
	  && dm_sections_apart_by_origin (p, TREE_OPERAND (base, 0)));
}

/* Is STMT an assignment whose memory operands cannot lie in the section
   at ADDR: by where they come from, or as temporaries whose address
   only constructs get (dm_local_apart_p)?  Points-to analysis lets a
   loaded pointer reach every escaped object; each such access in a loop
   would become an update that copies nothing, or whole copies around
   a host loop.  */
bool
dm_stmt_apart (gimple *stmt, tree addr)
{
  if (!gimple_assign_single_p (stmt))
    return false;
  dm_origin local;
  const dm_origin *s = dm_origin_cached (addr, &local);
  tree ops[2] = { gimple_assign_lhs (stmt), gimple_assign_rhs1 (stmt) };
  for (tree op : ops)
    {
      if (is_gimple_reg (op) || is_gimple_min_invariant (op)
	  || TREE_CODE (op) == CONSTRUCTOR)
	continue;
      tree base = get_base_address (op);
      if (base && dm_local_apart_p (base, addr))
	continue;
      if (s->kind == DM_ORIGIN_UNKNOWN || !dm_operand_apart (op, s))
	return false;
    }
  return true;
}

/* Does CALL, a member function of a vector of arithmetic T called on
   that vector, leave REF alone?  It writes only the vector object and
   T elements in the vector's buffer: REF is neither when it does not
   overlap the object and T's accesses cannot alias it.  */
bool
dm_vector_call_spares (gcall *call, ao_ref *ref)
{
  tree fn = gimple_call_fndecl (call);
  if (!fn || !DECL_IN_SYSTEM_HEADER (fn) || gimple_call_num_args (call) == 0
      || TREE_CODE (TREE_TYPE (fn)) != METHOD_TYPE)
    return false;
  tree self = gimple_call_arg (call, 0);
  tree elt;
  if (!POINTER_TYPE_P (TREE_TYPE (self))
      || !dm_arith_vector_type_p (TYPE_METHOD_BASETYPE (TREE_TYPE (fn)), &elt))
    return false;
  /* Another vector it may write (swap), or what it is given to write
     into, is no longer only itself.  */
  for (unsigned i = 1; i < gimple_call_num_args (call); i++)
    {
      tree t = TREE_TYPE (gimple_call_arg (call, i));
      if (POINTER_TYPE_P (t) && !TYPE_READONLY (TREE_TYPE (t)))
	return false;
      if (AGGREGATE_TYPE_P (t) && dm_may_hold_pointers (t))
	return false;
    }
  tree vtype = TYPE_METHOD_BASETYPE (TREE_TYPE (fn));
  ao_ref obj;
  ao_ref_init_from_ptr_and_size (&obj, self, TYPE_SIZE_UNIT (vtype));
  if (refs_may_alias_p_1 (&obj, ref, true))
    return false;
  return !alias_sets_conflict_p (ao_ref_alias_set (ref), get_alias_set (elt));
}
