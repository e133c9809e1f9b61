/* dm-ptrstore.c -- a target region that stores to a pointer field of a
   structure deep copy maps: deep copy never copies pointers back (the
   host's pointers stay, so that copy-back cannot leave device addresses
   in host memory), so the store is lost to the host.  A program that
   relinks a list or sets a pointer to NULL on the device gets a
   different result than on the host, silently; say so at compile time,
   once per field.  */
#include "deepmap-plugin.h"

/* Fields warned about in this unit (FIELD_DECLs live as long as their
   types: no GC root needed).  */
static hash_set<tree> *dm_warned_fields;

/* The record types the deep items' element types reach through their
   pointer fields (and members), onto SEEN.  */
static void
dm_reached_types (tree type, hash_set<tree> *seen)
{
  type = TYPE_MAIN_VARIANT (type);
  if (!RECORD_OR_UNION_TYPE_P (type) || seen->add (type))
    return;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL)
      {
	/* Members, elements of arrays, what pointers point to.  */
	tree t = strip_array_types (TREE_TYPE (f));
	while (POINTER_TYPE_P (t))
	  t = strip_array_types (TREE_TYPE (t));
	dm_reached_types (t, seen);
      }
}

struct dm_store_walk
{
  hash_set<tree> *types;	/* the record types deep copy maps */
  hash_set<tree> *vars;		/* the variables of the deep items */
};

static tree
dm_pointer_store (gimple_stmt_iterator *gsi, bool *handled,
		  struct walk_stmt_info *wi)
{
  *handled = false;
  gassign *as = dyn_cast <gassign *> (gsi_stmt (*gsi));
  if (!as)
    return NULL_TREE;
  tree lhs = gimple_assign_lhs (as);
  if (TREE_CODE (lhs) != COMPONENT_REF)
    return NULL_TREE;
  tree field = TREE_OPERAND (lhs, 1);
  if (!POINTER_TYPE_P (TREE_TYPE (field)))
    return NULL_TREE;
  /* Through a pointer (an object deep copy brought) or in a deep item's
     variable, not in a local of the region.  */
  struct dm_store_walk *w = (struct dm_store_walk *) wi->info;
  tree base = get_base_address (lhs);
  if (!base || (TREE_CODE (base) != MEM_REF
		&& TREE_CODE (base) != TARGET_MEM_REF
		&& !w->vars->contains (base)))
    return NULL_TREE;
  tree rec = TYPE_MAIN_VARIANT (DECL_CONTEXT (field));
  if (!w->types->contains (rec))
    return NULL_TREE;
  if (!dm_warned_fields)
    dm_warned_fields = new hash_set<tree>;
  if (dm_warned_fields->add (field))
    return NULL_TREE;
  location_t loc = gimple_location (as);
  dm_warning (loc, "deepmap: the region stores to pointer %qD of %qT, "
	      "which deep copy maps: deep copy does not copy back the "
	      "pointers it followed, so the host keeps its own (one that "
	      "was NULL comes back as the region left it); map the target "
	      "and set the pointer on the host too, or mark the structure "
	      "%<deepmap_shallow%>", field, dm_shown (rec));
  return NULL_TREE;
}

void
dm_warn_pointer_stores (gomp_target *stmt, const vec<tree> &deep_items)
{
  if (deep_items.is_empty ()
      || gimple_omp_target_kind (stmt) != GF_OMP_TARGET_KIND_REGION)
    return;
  hash_set<tree> types, vars;
  for (unsigned i = 0; i < deep_items.length (); i++)
    {
      dm_reached_types (dm_element_type (TREE_TYPE (deep_items[i])),
			&types);
      tree base = get_base_address (deep_items[i]);
      if (base && DECL_P (base))
	vars.add (base);
    }
  struct dm_store_walk w = { &types, &vars };
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &w;
  walk_gimple_seq (gimple_omp_body (stmt), dm_pointer_store, NULL, &wi);
}
