/* dm-sites.c -- deep items as static data instead of code at each construct.

   The annotate pass (dm-annotate.c) puts in front of each construct with
   deep items

     items[i].host = H_i;  items[i].type = &D_i;  ...
     if (deepmap_annotate) deepmap_annotate (N, &items[0]);

   which is right under any libgomp but is code at every construct: on a
   unit of many small functions it was half the compile time again.  Once
   omp-expand has turned the construct into its GOMP_* call, this pass
   finds, for every H_i, the entry of the call's host address array
   (.omp_data_arr) that receives the same value, and records the site
   (the call's map-kind array, that entry, D_i).  The annotation goes:
   its stores are deleted and its guard made false.  One table per
   translation unit holds the sites; a constructor registers it with the
   runtime (deepmap_register_sites) and a destructor unregisters it, both
   guarded as the call was, so a binary still runs under another libgomp.

   An annotation whose every item is not found that way (a value the
   lowering recomputed; a data construct whose map-kind array is not
   static data) stays as it was: the two forms mean the same to the
   runtime.  A target construct whose map-kind array is computed at run
   time is named by its outlined function instead.  The map-kind arrays
   of the table are made volatile, and its functions no_icf, so that
   identical-code folding never merges two: they are the constructs'
   identities.  */
#include "deepmap-plugin.h"
#include "tree-cfg.h"
#include "tree-eh.h"
#include "gimple-ssa.h"
#include "tree-dfa.h"
#include "tree-ssa-operands.h"
#include "tree-cfgcleanup.h"

/* The sites found so far: a TREE_LIST (purpose: the map-kind array,
   value: a TREE_LIST of entry index and descriptor), newest first, the
   sites of one construct adjacent.  */
static tree dm_sites;
static unsigned dm_nsites;
/* The lists of sites already emitted (see dm_emit_sites).  */
static tree dm_sites_emitted;
static tree dm_register_fn, dm_unregister_fn;

static const struct ggc_root_tab dm_sites_roots[] = {
  { &dm_sites, 1, sizeof (tree), &DM_GGC_MARK_TREE, &DM_PCH_WALK_TREE },
  { &dm_sites_emitted, 1, sizeof (tree), &DM_GGC_MARK_TREE,
    &DM_PCH_WALK_TREE },
  { &dm_register_fn, 1, sizeof (tree), &DM_GGC_MARK_TREE,
    &DM_PCH_WALK_TREE },
  { &dm_unregister_fn, 1, sizeof (tree), &DM_GGC_MARK_TREE,
    &DM_PCH_WALK_TREE },
  LAST_GGC_ROOT_TAB
};

/* The table entries that announce a pending read-only mark
   (dm_read_only_pending_marker), to be decided by the hoisting pass
   (dm_pending_sites_of, dm_make_site_read_only): the construct (its
   map-kind array or outlined function), the entry, and where the mark
   is in which table.  The trees are kept alive by dm_sites_emitted and
   the symbol table.  */
struct dm_pending_site
{
  tree kinds;
  unsigned index;
  tree table;
  unsigned pos;
};
static vec<dm_pending_site> dm_pending_sites;

/* The map-kind arrays that have sites, to their first site (the trees
   are kept alive by dm_sites).  */
static hash_map<tree, tree> *dm_site_index;

/* The positions of the host address and map-kind arguments of a GOMP_*
   call of a construct, or false for any other statement.  */
static bool
dm_construct_call (gimple *stmt, unsigned *addrs, unsigned *kinds)
{
  if (gimple_call_builtin_p (stmt, BUILT_IN_GOMP_TARGET))
    {
      *addrs = 3, *kinds = 5;
      return true;
    }
  if (gimple_call_builtin_p (stmt, BUILT_IN_GOMP_TARGET_DATA)
      || gimple_call_builtin_p (stmt, BUILT_IN_GOMP_TARGET_UPDATE)
      || gimple_call_builtin_p (stmt, BUILT_IN_GOMP_TARGET_ENTER_EXIT_DATA))
    {
      *addrs = 2, *kinds = 4;
      return true;
    }
  return false;
}

/* The variable whose address ARG is, or NULL.  */
static tree
dm_addressed_var (tree arg)
{
  if (TREE_CODE (arg) != ADDR_EXPR)
    return NULL_TREE;
  tree v = TREE_OPERAND (arg, 0);
  return VAR_P (v) ? v : NULL_TREE;
}

/* Do A and B give the same address?  */
static bool
dm_same_value (tree a, tree b)
{
  STRIP_NOPS (a);
  STRIP_NOPS (b);
  if (operand_equal_p (a, b, 0))
    return true;
  if (TREE_CODE (a) != ADDR_EXPR || TREE_CODE (b) != ADDR_EXPR)
    return false;
  poly_int64 oa, ob;
  tree ba = get_addr_base_and_unit_offset (TREE_OPERAND (a, 0), &oa);
  tree bb = get_addr_base_and_unit_offset (TREE_OPERAND (b, 0), &ob);
  return ba && bb && known_eq (oa, ob) && operand_equal_p (ba, bb, 0);
}

/* One annotation: its call, guard, stores and what they store.  */
struct dm_annotation_code
{
  gcall *call;
  gcond *guard;
  tree items;				/* the items array */
  auto_vec<gimple *> stores;
  auto_vec<tree> host, type;		/* per item */
};

/* Read the annotation whose call is CALL: the guard ends the block
   before, the stores to the items array precede it there.  */
static bool
dm_read_annotation (gcall *call, dm_annotation_code *a)
{
  basic_block bb = gimple_bb (call);
  if (!single_pred_p (bb) || gimple_call_num_args (call) != 2)
    return false;
  tree count = gimple_call_arg (call, 0);
  tree first = gimple_call_arg (call, 1);
  if (!tree_fits_uhwi_p (count) || TREE_CODE (first) != ADDR_EXPR
      || TREE_CODE (TREE_OPERAND (first, 0)) != ARRAY_REF)
    return false;
  a->items = TREE_OPERAND (TREE_OPERAND (first, 0), 0);
  unsigned n = tree_to_uhwi (count);
  if (!VAR_P (a->items) || n == 0 || n > 4096)
    return false;
  basic_block before = single_pred (bb);
  a->guard = safe_dyn_cast <gcond *> (last_stmt (before));
  if (!a->guard)
    return false;
  a->call = call;
  a->host.safe_grow_cleared (n);
  a->type.safe_grow_cleared (n);
  for (gimple_stmt_iterator gsi = gsi_last_bb (before); !gsi_end_p (gsi);
       gsi_prev (&gsi))
    {
      gimple *s = gsi_stmt (gsi);
      if (!gimple_assign_single_p (s))
	continue;
      tree lhs = gimple_assign_lhs (s);
      if (TREE_CODE (lhs) != COMPONENT_REF
	  || TREE_CODE (TREE_OPERAND (lhs, 0)) != ARRAY_REF
	  || TREE_OPERAND (TREE_OPERAND (lhs, 0), 0) != a->items)
	continue;
      tree idx = TREE_OPERAND (TREE_OPERAND (lhs, 0), 1);
      if (!tree_fits_uhwi_p (idx) || tree_to_uhwi (idx) >= n
	  || stmt_could_throw_p (cfun, s))
	return false;
      unsigned i = tree_to_uhwi (idx);
      /* The record's first field is the host address, the second the
	 descriptor.  */
      tree record = TREE_TYPE (TREE_OPERAND (lhs, 0));
      tree field = TREE_OPERAND (lhs, 1);
      vec<tree> &slot = field == TYPE_FIELDS (record) ? a->host : a->type;
      if (slot[i])
	return false;
      slot[i] = gimple_assign_rhs1 (s);
      a->stores.safe_push (s);
    }
  for (unsigned i = 0; i < n; i++)
    {
      if (!a->host[i] || !a->type[i])
	return false;
      tree d = a->type[i];
      STRIP_NOPS (d);
      if (TREE_CODE (d) != ADDR_EXPR || !VAR_P (TREE_OPERAND (d, 0)))
	return false;
      a->type[i] = TREE_OPERAND (d, 0);
    }
  return true;
}

/* The construct's call after the annotation at A, through the blocks
   omp-expand put in between (one way through), with the values stored
   into its host address array: VALUES[k] for entry k.  */
static gcall *
dm_following_construct (dm_annotation_code *a, vec<tree> &values,
			tree *kinds_var)
{
  edge e = EDGE_SUCC (gimple_bb (a->guard), 0);
  if (e->dest == gimple_bb (a->call))
    e = EDGE_SUCC (gimple_bb (a->guard), 1);
  basic_block bb = e->dest;
  /* The call's block falls through to the same place (it may also have
     an exception edge, which goes with it).  */
  edge fall = NULL;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, gimple_bb (a->call)->succs)
    if (!(e->flags & EDGE_EH))
      {
	if (fall)
	  return NULL;
	fall = e;
      }
  if (!fall || fall->dest != bb)
    return NULL;
  /* Stores to any variable's fields until the call, by variable.  */
  auto_vec<gimple *> stores;
  for (int blocks = 0; bb && blocks < 16; blocks++)
    {
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *s = gsi_stmt (gsi);
	  unsigned ai, ki;
	  if (is_gimple_call (s))
	    {
	      if (!dm_construct_call (s, &ai, &ki))
		return NULL;
	      tree arr = dm_addressed_var (gimple_call_arg (s, ai));
	      tree kinds = dm_addressed_var (gimple_call_arg (s, ki));
	      /* A map-kind array that is not static data (a section that
		 may have no bytes gets its kind at run time) cannot name
		 the construct; a target construct's outlined function
		 can.  */
	      if (kinds && !TREE_STATIC (kinds))
		{
		  tree fn = gimple_call_arg (s, 1);
		  kinds = NULL_TREE;
		  if (gimple_call_builtin_p (s, BUILT_IN_GOMP_TARGET)
		      && TREE_CODE (fn) == ADDR_EXPR
		      && TREE_CODE (TREE_OPERAND (fn, 0)) == FUNCTION_DECL)
		    kinds = TREE_OPERAND (fn, 0);
		}
	      if (!arr || !kinds || TREE_CODE (TREE_TYPE (arr)) != RECORD_TYPE)
		return NULL;
	      HOST_WIDE_INT psize = int_size_in_bytes (ptr_type_node);
	      for (gimple *st : stores)
		{
		  tree lhs = gimple_assign_lhs (st);
		  if (TREE_OPERAND (lhs, 0) != arr)
		    continue;
		  tree f = TREE_OPERAND (lhs, 1);
		  if (!tree_fits_uhwi_p (bit_position (f)))
		    return NULL;
		  unsigned HOST_WIDE_INT at = int_byte_position (f);
		  if (at % psize)
		    return NULL;
		  unsigned k = at / psize;
		  if (values.length () <= k)
		    values.safe_grow_cleared (k + 1);
		  values[k] = gimple_assign_rhs1 (st);
		}
	      *kinds_var = kinds;
	      return as_a <gcall *> (s);
	    }
	  if (gimple_assign_single_p (s)
	      && TREE_CODE (gimple_assign_lhs (s)) == COMPONENT_REF
	      && VAR_P (TREE_OPERAND (gimple_assign_lhs (s), 0)))
	    stores.safe_push (s);
	}
      bb = single_succ_p (bb) ? single_succ (bb) : NULL;
    }
  return NULL;
}

/* Make sure static variable VAR is output.  */
static void
dm_keep_var (tree var)
{
  varpool_node *node = varpool_node::get (var);
  if (!node || !node->definition)
    {
      varpool_node::finalize_decl (var);
      node = varpool_node::get (var);
    }
  node->force_output = 1;
  TREE_USED (var) = 1;
}

/* Does entry K of the construct whose map kinds are the static array
   KINDS map data (dm_data_map_kind)?  False where KINDS says nothing
   (an outlined function).  */
static bool
dm_data_entry (tree kinds, unsigned k)
{
  if (!VAR_P (kinds) || !DECL_INITIAL (kinds)
      || TREE_CODE (DECL_INITIAL (kinds)) != CONSTRUCTOR
      || k >= CONSTRUCTOR_NELTS (DECL_INITIAL (kinds)))
    return false;
  tree v = CONSTRUCTOR_ELT (DECL_INITIAL (kinds), k)->value;
  if (!tree_fits_uhwi_p (v))
    return false;
  unsigned kind = tree_to_uhwi (v) & 0xff;
  if (GOMP_MAP_IMPLICIT_P (kind))
    kind &= ~GOMP_MAP_IMPLICIT;
  return dm_data_map_kind ((enum gomp_map_kind) kind);
}

/* Record the sites of annotation A, whose construct's call has map-kind
   array KINDS and host address entries VALUES, if every item is found
   there.  */
static bool
dm_record_sites (dm_annotation_code *a, vec<tree> &values, tree kinds)
{
  unsigned n = a->host.length ();
  auto_vec<unsigned> at;
  for (unsigned i = 0; i < n; i++)
    {
      /* The first entry of that address that maps data: GCC puts a
	 zero-length entry of `this' before *this in a member function,
	 and hoisting looks for the deep item at *this's entry.  */
      unsigned k, first = values.length ();
      for (k = 0; k < values.length (); k++)
	if (values[k] && dm_same_value (values[k], a->host[i]))
	  {
	    if (first == values.length ())
	      first = k;
	    if (dm_data_entry (kinds, k))
	      break;
	  }
      if (k == values.length ())
	k = first;
      if (k == values.length ())
	return false;
      at.safe_push (k);
    }
  if (dm_site_index->get (kinds))
    return false;			/* one construct, one annotation */
  /* Marks for hoisting alone stay out of the runtime's table.  */
  unsigned for_runtime = 0;
  for (unsigned i = n; i-- > 0;)
    {
      dm_sites = tree_cons (kinds,
			    build_tree_list (size_int (at[i]), a->type[i]),
			    dm_sites);
      if (!dm_is_written_first_marker (a->type[i]))
	for_runtime++;
    }
  dm_nsites += for_runtime;
  dm_site_index->put (kinds, dm_sites);
  if (!for_runtime)
    return true;
  /* The table refers to both even where nothing else does any more (the
     descriptors' only other use was the annotation; a function that
     turns out unreachable takes its map-kind arrays with it).  */
  for (unsigned i = 0; i < n; i++)
    if (!dm_is_written_first_marker (a->type[i]))
      {
	dm_keep_var (a->type[i]);
	/* What a pending mark may become (dm_make_site_read_only), kept
	   now: a variable nothing refers to yet is gone after IPA.  */
	if (dm_is_read_only_pending_marker (a->type[i]))
	  dm_keep_var (dm_read_only_marker ());
      }
  /* The array (or function) is the construct's identity at run time:
     identical code folding must not merge two.  */
  if (TREE_CODE (kinds) == FUNCTION_DECL)
    {
      DECL_ATTRIBUTES (kinds) = tree_cons (get_identifier ("no_icf"),
					   NULL_TREE,
					   DECL_ATTRIBUTES (kinds));
      if (cgraph_node *node = cgraph_node::get (kinds))
	node->force_output = 1;
      return true;
    }
  dm_keep_var (kinds);
  TREE_THIS_VOLATILE (kinds) = 1;
  TREE_READONLY (kinds) = 0;
  return true;
}

/* Drop the annotation A: its stores go, its guard is made false (the
   call's block is then unreachable and cfg cleanup removes it).  */
static void
dm_drop_annotation (dm_annotation_code *a)
{
  for (gimple *s : a->stores)
    {
      gimple_stmt_iterator gsi = gsi_for_stmt (s);
      gsi_remove (&gsi, true);
    }
  gimple_cond_make_false (a->guard);
  update_stmt (a->guard);
}

static unsigned int dm_sites_execute (function *fun);

/* The functions omp-expand outlined from FUN (parallel regions, tasks):
   they are not lowered again, so the pass visits them from FUN.  */
static void
dm_sites_outlined (function *fun)
{
  static hash_set<tree> *seen;
  if (!seen)
    seen = new hash_set<tree>;
  basic_block bb;
  auto_vec<tree> children;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi));
	for (unsigned i = 0; call && i < gimple_call_num_args (call); i++)
	  {
	    tree a = gimple_call_arg (call, i);
	    if (TREE_CODE (a) != ADDR_EXPR
		|| TREE_CODE (TREE_OPERAND (a, 0)) != FUNCTION_DECL)
	      continue;
	    tree fn = TREE_OPERAND (a, 0);
	    function *child = DECL_STRUCT_FUNCTION (fn);
	    if (fn == fun->decl || !DECL_ARTIFICIAL (fn) || !child
		|| !child->cfg || gimple_in_ssa_p (child) || seen->add (fn))
	      continue;
	    children.safe_push (fn);
	  }
      }
  for (tree fn : children)
    {
      push_cfun (DECL_STRUCT_FUNCTION (fn));
      if (dm_sites_execute (cfun) & TODO_cleanup_cfg)
	cleanup_tree_cfg ();
      pop_cfun ();
    }
}

static unsigned int
dm_sites_execute (function *fun)
{
  auto_vec<gcall *> calls;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (is_gimple_call (gsi_stmt (gsi))
	  && dm_is_annotate_decl (gimple_call_fndecl (gsi_stmt (gsi))))
	calls.safe_push (as_a <gcall *> (gsi_stmt (gsi)));
  dm_sites_outlined (fun);
  if (calls.is_empty ())
    return 0;
  if (!dm_site_index)
    dm_site_index = new hash_map<tree, tree>;
  unsigned changed = 0;
  for (gcall *call : calls)
    {
      dm_annotation_code a;
      auto_vec<tree> values;
      tree kinds = NULL_TREE;
      const char *kept = !dm_read_annotation (call, &a)
			 ? "its items were not found"
			 : !dm_following_construct (&a, values, &kinds)
			 ? "its construct's call was not found"
			 : !dm_record_sites (&a, values, kinds)
			 ? "an item is not in the construct's arrays" : NULL;
      if (kept)
	{
	  if (dump_file)
	    fprintf (dump_file, "annotation kept: %s\n", kept);
	  continue;
	}
      if (dump_file)
	{
	  fprintf (dump_file, "deep sites of the construct with map kinds ");
	  print_generic_expr (dump_file, kinds);
	  for (unsigned i = 0; i < a.host.length (); i++)
	    {
	      fprintf (dump_file, "%s", i ? ", " : ": ");
	      print_generic_expr (dump_file, a.host[i]);
	      fprintf (dump_file, " of type ");
	      print_generic_expr (dump_file, a.type[i]);
	    }
	  fprintf (dump_file, "\n");
	}
      dm_drop_annotation (&a);
      changed++;
    }
  return changed ? TODO_cleanup_cfg : 0;
}

/* The variable or function whose address is the word VALUE of a site
   table (a construct is keyed by its map-kind array, or by its outlined
   function where that array is not constant), or NULL.  */
static tree
dm_table_address (tree value)
{
  STRIP_NOPS (value);
  if (TREE_CODE (value) != ADDR_EXPR)
    return NULL_TREE;
  tree decl = TREE_OPERAND (value, 0);
  return VAR_P (decl) || TREE_CODE (decl) == FUNCTION_DECL ? decl : NULL_TREE;
}

/* In lto1: the site tables the compile steps emitted (dm_emit_sites),
   read back into dm_site_index, so that hoisting there sees the deep
   items and marks the runtime will be told of.  A table outside this
   partition is not seen: its constructs then look as if they had none
   (dm_item::maybe_deep is the careful side).  */
static void
dm_recover_sites (void)
{
  static bool done;
  if (done || !in_lto_p)
    return;
  done = true;
  varpool_node *v;
  FOR_EACH_VARIABLE (v)
    {
      tree name = DECL_NAME (v->decl);
      if (!name || !startswith (IDENTIFIER_POINTER (name), "__deepmap_sites"))
	continue;
      tree ctor = v->get_constructor ();
      if (!ctor || TREE_CODE (ctor) != CONSTRUCTOR)
	continue;
      unsigned n = CONSTRUCTOR_NELTS (ctor);
      for (unsigned i = 0; i + 2 < n; i += 3)
	{
	  tree kinds = dm_table_address (CONSTRUCTOR_ELT (ctor, i)->value);
	  tree index = CONSTRUCTOR_ELT (ctor, i + 1)->value;
	  tree desc = dm_table_address (CONSTRUCTOR_ELT (ctor, i + 2)->value);
	  STRIP_NOPS (index);
	  if (!kinds || !desc || !VAR_P (desc) || TREE_CODE (index) != INTEGER_CST
	      || !tree_fits_uhwi_p (index))
	    continue;
	  if (!dm_site_index)
	    dm_site_index = new hash_map<tree, tree>;
	  tree *head = dm_site_index->get (kinds);
	  tree l = tree_cons (kinds,
			      build_tree_list (size_int (tree_to_uhwi (index)),
					       desc),
			      head ? *head : NULL_TREE);
	  dm_site_index->put (kinds, l);
	  dm_sites_emitted = tree_cons (NULL_TREE, l, dm_sites_emitted);
	}
    }
}

/* What the site of entry INDEX of the construct whose map-kind array is
   KINDS announces to the runtime (a descriptor, or a mark), or NULL; with
   WRITTEN_FIRST, its site of that mark for hoisting instead.  */
static tree
dm_site_entry (tree kinds, unsigned index, bool written_first = false)
{
  dm_recover_sites ();
  tree *first = dm_site_index ? dm_site_index->get (kinds) : NULL;
  if (!first)
    return NULL_TREE;
  for (tree l = *first; l && TREE_PURPOSE (l) == kinds; l = TREE_CHAIN (l))
    if (tree_to_uhwi (TREE_PURPOSE (TREE_VALUE (l))) == index
	&& dm_is_written_first_marker (TREE_VALUE (TREE_VALUE (l)))
	   == written_first)
      return TREE_VALUE (TREE_VALUE (l));
  return NULL_TREE;
}

/* The descriptor of entry INDEX of the construct whose map-kind array
   is KINDS when that entry is a deep item, else NULL.  */
tree
dm_site_descriptor (tree kinds, unsigned index)
{
  tree desc = dm_site_entry (kinds, index);
  return dm_is_mark (desc) ? NULL_TREE : desc;
}

/* Is that entry announced as overwritten by its region
   (dm-overwrite.c)?  */
bool
dm_site_overwritten (tree kinds, unsigned index)
{
  return dm_is_overwrite_marker (dm_site_entry (kinds, index));
}

/* Is that entry announced as read only where written first
   (dm_region_reads_written)?  */
bool
dm_site_written_first (tree kinds, unsigned index)
{
  tree mark = dm_site_entry (kinds, index, true);
  const dm_access_summary *s = dm_marker_access (mark);
  return mark && (!s || s->written_first);
}

/* What the region of that construct does with that entry, where known
   (dm_region_reads_written).  */
const dm_access_summary *
dm_site_access (tree kinds, unsigned index)
{
  return dm_marker_access (dm_site_entry (kinds, index, true));
}

/* The entries of the construct KEY (its map-kind array or outlined
   function) whose read-only mark is pending, onto INDEXES.  */
void
dm_pending_sites_of (tree key, vec<unsigned> &indexes)
{
  for (dm_pending_site &p : dm_pending_sites)
    if (p.kinds == key && p.table)
      indexes.safe_push (p.index);
}

/* Entry INDEX of the construct KEY is only read by its region: its
   pending mark becomes the read-only mark in the table, which is not
   output yet (variables go after every function).  */
void
dm_make_site_read_only (tree key, unsigned index)
{
  for (dm_pending_site &p : dm_pending_sites)
    if (p.kinds == key && p.index == index && p.table)
      {
	tree ctor = DECL_INITIAL (p.table);
	if (!ctor || TREE_CODE (ctor) != CONSTRUCTOR
	    || TREE_ASM_WRITTEN (p.table)
	    || CONSTRUCTOR_NELTS (ctor) <= 3 * p.pos + 2)
	  continue;
	CONSTRUCTOR_ELT (ctor, 3 * p.pos + 2)->value
	  = fold_convert (ptr_type_node,
			  build_fold_addr_expr (dm_read_only_marker ()));
	p.table = NULL_TREE;
      }
}

/* A read-only static variable NAME of TYPE initialized with ELTS, handed
   to the symbol table, made after it was built (during IPA or the
   passes on each function).  */
tree
dm_static_data (tree name, tree type, vec<constructor_elt, va_gc> *elts)
{
  tree var = dm_new_static (name, type);
  tree ctor = build_constructor (type, elts);
  TREE_CONSTANT (ctor) = 1;
  TREE_STATIC (ctor) = 1;
  DECL_INITIAL (var) = ctor;
  varpool_node::finalize_decl (var);
  /* Past the construction of the symbol table nothing analyzes a new
     variable for us.  */
  varpool_node *node = varpool_node::get (var);
  if (node && !node->analyzed)
    node->analyze ();
  return var;
}

/* A weak external declaration of void NAME (const void *, size_t).  */
static tree
dm_weak_fn (const char *name)
{
  tree type = build_function_type_list (void_type_node, const_ptr_type_node,
					size_type_node, NULL_TREE);
  tree fn = build_fn_decl (name, type);
  declare_weak (fn);
  return fn;
}

/* if (FN) FN (&TABLE[0], N);  */
static tree
dm_guarded_call (tree fn, tree table, unsigned n)
{
  tree call = build_call_expr (fn, 2,
			       fold_convert (const_ptr_type_node,
					     build_fold_addr_expr (table)),
			       size_int (n));
  tree fn_addr = build_fold_addr_expr (fn);
  tree cond = build2 (NE_EXPR, boolean_type_node, fn_addr,
		      build_int_cst (TREE_TYPE (fn_addr), 0));
  return build3 (COND_EXPR, void_type_node, cond, call, NULL_TREE);
}

/* PLUGIN_ALL_IPA_PASSES_START: every function has been through the pass;
   emit the table (struct deepmap_site[], three words each) and the
   constructor and destructor that register it.  */
static void
dm_emit_sites (void *event_data, void *user_data)
{
  if (!dm_nsites || seen_error ())
    return;
  tree word = ptr_type_node;
  tree type = build_array_type_nelts (word, 3 * dm_nsites);
  vec<constructor_elt, va_gc> *elts = NULL;
  vec_alloc (elts, 3 * dm_nsites);
  unsigned pending_from = dm_pending_sites.length ();
  for (tree l = dm_sites; l; l = TREE_CHAIN (l))
    {
      tree kinds = TREE_PURPOSE (l);
      tree desc = TREE_VALUE (TREE_VALUE (l));
      if (dm_is_written_first_marker (desc))
	continue;
      if (dm_is_read_only_pending_marker (desc))
	{
	  dm_pending_site p
	    = { kinds, (unsigned) tree_to_uhwi (TREE_PURPOSE (TREE_VALUE (l))),
		NULL_TREE, elts->length () / 3 };
	  dm_pending_sites.safe_push (p);
	}
      CONSTRUCTOR_APPEND_ELT (elts, NULL_TREE,
			      fold_convert (word,
					    build_fold_addr_expr (kinds)));
      CONSTRUCTOR_APPEND_ELT (elts, NULL_TREE,
			      fold_convert (word,
					    TREE_PURPOSE (TREE_VALUE (l))));
      CONSTRUCTOR_APPEND_ELT (elts, NULL_TREE,
			      fold_convert (word,
					    build_fold_addr_expr (desc)));
    }
  tree table = dm_static_data (get_identifier ("__deepmap_sites"), type,
			       elts);
  for (unsigned i = pending_from; i < dm_pending_sites.length (); i++)
    dm_pending_sites[i].table = table;

  if (!dm_register_fn)
    {
      dm_register_fn = dm_weak_fn ("deepmap_register_sites");
      dm_unregister_fn = dm_weak_fn ("deepmap_unregister_sites");
    }
  /* Before the program's own constructors (which may run constructs)
     and, for the destructor, after its destructors.  */
  int priority = MAX_RESERVED_INIT_PRIORITY + 1;
  cgraph_build_static_cdtor ('I', dm_guarded_call (dm_register_fn, table,
						   dm_nsites), priority);
  cgraph_build_static_cdtor ('D', dm_guarded_call (dm_unregister_fn, table,
						   dm_nsites), priority);
  /* Lowered now, as the other functions are, before the first IPA pass
     walks every function's body.  */
  symtab->process_new_functions ();
  /* Emitted, but dm_site_index still refers to them (the hoisting pass
     reads it later): keep them from the collector.  */
  dm_sites_emitted = tree_cons (NULL_TREE, dm_sites, dm_sites_emitted);
  dm_sites = NULL_TREE;
  dm_nsites = 0;
}

static const pass_data dm_sites_pass_data = {
  GIMPLE_PASS,
  "deepmap_sites",		/* name, for -fdump-tree-deepmap_sites */
  OPTGROUP_OMP,
  TV_NONE,
  PROP_gimple_any | PROP_cfg,	/* properties_required */
  0, 0, 0, 0
};

class dm_sites_pass : public gimple_opt_pass
{
public:
  dm_sites_pass (gcc::context *ctx) : gimple_opt_pass (dm_sites_pass_data, ctx)
  {}
  virtual bool gate (function *) { return flag_openmp; }
  virtual unsigned int execute (function *fun)
  {
    return dm_sites_execute (fun);
  }
};

/* Right after omp-expand: constructs are GOMP_* calls, and the
   functions are not in SSA form yet.  */
void
dm_register_sites (const char *name)
{
  dm_insert_pass (name, new dm_sites_pass (g), "ompexp",
		  PASS_POS_INSERT_AFTER);
  register_callback (name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) dm_sites_roots);
  register_callback (name, PLUGIN_ALL_IPA_PASSES_START, dm_emit_sites, NULL);
}
