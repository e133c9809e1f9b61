/* dm-indexed.c -- which pointer fields to structures the unit's code
   uses as arrays.

   Deep copy takes a pointer to a structure for a link to one object (a
   list's next, a tree's children), without a warning.  A container's
   element pointer (Quicksilver's QS_Vector<T>::_data, indexed _data[i])
   is the same type; mapped as one element, a region read the others from
   device memory never written.  What tells them apart is the code: a
   field whose loaded value gets an offset added (p->f[i], p->f + n) is
   an array.  Each function's GIMPLE is looked at once, before omplower
   (variables and the gimplifier's temporaries, not SSA form yet): one
   loaded from such a field, or copied or converted from one, then offset
   by a variable or by at least one element.  */
#include "deepmap-plugin.h"

/* Indexed fields, each with where it was first seen indexed.  */
static hash_map<tree, location_t> *dm_indexed;

/* Is T a pointer to a structure or union (the links deep copy takes for
   one object)?  */
static bool
dm_struct_pointer_type_p (tree t)
{
  return t && POINTER_TYPE_P (t) && RECORD_OR_UNION_TYPE_P (TREE_TYPE (t));
}

/* A variable or temporary (the gimplifier makes SSA names of some
   already).  */
static bool
dm_temp_p (tree t)
{
  return TREE_CODE (t) == SSA_NAME || TREE_CODE (t) == VAR_DECL
	 || TREE_CODE (t) == PARM_DECL;
}

/* The pointer field whose value RHS loads: X.F or P->F.  */
static tree
dm_loaded_field (tree rhs)
{
  if (TREE_CODE (rhs) != COMPONENT_REF)
    return NULL_TREE;
  tree f = TREE_OPERAND (rhs, 1);
  return TREE_CODE (f) == FIELD_DECL && dm_struct_pointer_type_p (TREE_TYPE (f))
	 ? f : NULL_TREE;
}

/* Does adding OFF to a pointer to ELEM step past the first element?  */
static bool
dm_offset_indexes (tree off, tree elem)
{
  if (TREE_CODE (off) != INTEGER_CST)
    return true;
  tree size = TYPE_SIZE_UNIT (elem);
  if (!size || TREE_CODE (size) != INTEGER_CST || integer_zerop (size))
    return false;
  /* An offset is unsigned (sizetype): a negative one wraps, and steps
     before the element.  */
  offset_int o = wi::to_offset (off), s = wi::to_offset (size);
  return wi::geu_p (o, s);
}

/* Look at the assignment G: what the temporaries of HOLDS (temporary to
   field) hold, and whether it offsets one.  */
static void
dm_note_assign (gimple *g, hash_map<tree, tree> *holds)
{
  tree lhs = gimple_assign_lhs (g);
  tree rhs1 = gimple_assign_rhs1 (g);
  enum tree_code code = gimple_assign_rhs_code (g);
  tree field = NULL_TREE;
  tree *f;
  if (gimple_assign_single_p (g))
    {
      field = dm_loaded_field (rhs1);
      /* *(T *)(tmp + c), folded: MEM[tmp + c] with c at least one
	 element.  */
      if (!field && TREE_CODE (rhs1) == MEM_REF
	  && (f = holds->get (TREE_OPERAND (rhs1, 0)))
	  && dm_offset_indexes (TREE_OPERAND (rhs1, 1),
				TREE_TYPE (TREE_TYPE (*f)))
	  && !dm_indexed->get (*f))
	dm_indexed->put (*f, gimple_location (g));
      if (!field && dm_temp_p (rhs1) && (f = holds->get (rhs1)))
	field = *f;
    }
  else if (CONVERT_EXPR_CODE_P (code))
    {
      if ((f = holds->get (rhs1)))
	field = *f;
    }
  else if (code == POINTER_PLUS_EXPR && (f = holds->get (rhs1))
	   && dm_offset_indexes (gimple_assign_rhs2 (g),
				 TREE_TYPE (TREE_TYPE (*f)))
	   && !dm_indexed->get (*f))
    dm_indexed->put (*f, gimple_location (g));
  if (dm_temp_p (lhs))
    {
      if (field)
	holds->put (lhs, field);
      else
	holds->remove (lhs);
    }
}

static tree
dm_indexing_stmt (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  gimple *g = gsi_stmt (*gsi);
  if (is_gimple_assign (g))
    dm_note_assign (g, (hash_map<tree, tree> *) wi->info);
  return NULL_TREE;
}

void
dm_note_indexing (function *fun)
{
  gimple_seq body = gimple_body (fun->decl);
  if (!body)
    return;
  if (!dm_indexed)
    dm_indexed = new hash_map<tree, location_t>;
  /* Temporaries holding a field's value, in this function.  */
  hash_map<tree, tree> holds;
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &holds;
  walk_gimple_seq (body, dm_indexing_stmt, NULL, &wi);
}

bool
dm_field_indexed (tree field, location_t *where)
{
  location_t *at = dm_indexed ? dm_indexed->get (field) : NULL;
  if (at && where)
    *where = *at;
  return at != NULL;
}
