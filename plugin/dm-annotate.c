/* dm-annotate.c -- the GIMPLE pass that annotates target constructs.

   It runs before omplower, while each construct is still one
   GIMPLE_OMP_TARGET carrying its clauses.  For the data items whose
   elements hold pointers it replaces the construct by

     {
       struct deepmap_annotation items[N];
       items[0].host = <address libgomp will get for the item>;
       items[0].type = &<descriptor>;
       ...
       if (deepmap_annotate) deepmap_annotate (N, &items[0]);
       <the construct>
     }

   The block keeps ITEMS alive until the construct has run (the runtime
   reads it there).  Lowering later remaps the addresses like any other
   statement of the enclosing region.  */
#include "deepmap-plugin.h"

/* deepmap_annotate: the program's own declaration when it has one
   (deepmap.h, or a definition in a test), else ours.  Weak either way
   unless the program defines it.  */
static tree dm_user_annotate;
static tree dm_annotate_fn;

static const struct ggc_root_tab dm_annotate_roots[] = {
  { &dm_user_annotate, 1, sizeof (tree), &DM_GGC_MARK_TREE,
    &DM_PCH_WALK_TREE },
  { &dm_annotate_fn, 1, sizeof (tree), &DM_GGC_MARK_TREE, &DM_PCH_WALK_TREE },
  LAST_GGC_ROOT_TAB
};

bool
dm_is_annotate_decl (tree decl)
{
  return decl && TREE_CODE (decl) == FUNCTION_DECL && DECL_NAME (decl)
	 && TREE_PUBLIC (decl)
	 && !strcmp (IDENTIFIER_POINTER (DECL_NAME (decl)), "deepmap_annotate");
}

/* PLUGIN_FINISH_DECL and PLUGIN_FINISH_PARSE_FUNCTION: remember the
   program's deepmap_annotate, so that one symbol gets one declaration.  */
static void
dm_note_decl (void *event_data, void *user_data)
{
  tree decl = (tree) event_data;
  if (dm_is_annotate_decl (decl))
    dm_user_annotate = decl;
}

tree
dm_annotate_decl (void)
{
  if (dm_user_annotate)
    {
      if (DECL_EXTERNAL (dm_user_annotate) && !DECL_WEAK (dm_user_annotate))
	declare_weak (dm_user_annotate);
      /* It only stores two words: no exception edges in C++.  */
      if (DECL_EXTERNAL (dm_user_annotate))
	TREE_NOTHROW (dm_user_annotate) = 1;
      return dm_user_annotate;
    }
  if (!dm_annotate_fn)
    {
      tree item = build_qualified_type (dm_annotation_type (),
					TYPE_QUAL_CONST);
      tree type = build_function_type_list (void_type_node, size_type_node,
					    build_pointer_type (item),
					    NULL_TREE);
      dm_annotate_fn = build_fn_decl ("deepmap_annotate", type);
      declare_weak (dm_annotate_fn);
      TREE_NOTHROW (dm_annotate_fn) = 1;
    }
  return dm_annotate_fn;
}

static const char *
dm_construct_name (int kind)
{
  switch (kind)
    {
    case GF_OMP_TARGET_KIND_REGION: return "target";
    case GF_OMP_TARGET_KIND_DATA: return "target data";
    case GF_OMP_TARGET_KIND_UPDATE: return "target update";
    case GF_OMP_TARGET_KIND_ENTER_DATA: return "target enter data";
    case GF_OMP_TARGET_KIND_EXIT_DATA: return "target exit data";
    default: return NULL;	/* OpenACC: not ours */
    }
}

/* Map kinds that move or hold the item's bytes (not pointers, attach
   entries or firstprivate copies).  */
bool
dm_data_map_kind (enum gomp_map_kind kind)
{
  switch (kind)
    {
    case GOMP_MAP_ALLOC:
    case GOMP_MAP_TO:
    case GOMP_MAP_FROM:
    case GOMP_MAP_TOFROM:
    case GOMP_MAP_ALWAYS_TO:
    case GOMP_MAP_ALWAYS_FROM:
    case GOMP_MAP_ALWAYS_TOFROM:
    case GOMP_MAP_DELETE:
    case GOMP_MAP_RELEASE:
      return true;
    default:
      return false;
    }
}

/* Is the item EXPR, or the variable or field it is reached through,
   marked deepmap_shallow?  */
static bool
dm_item_is_shallow (tree expr)
{
  for (tree t = expr; t;)
    {
      if (DECL_P (t))
	return dm_is_shallow (t);
      switch (TREE_CODE (t))
	{
	case COMPONENT_REF:
	  if (dm_is_shallow (TREE_OPERAND (t, 1)))
	    return true;
	  t = TREE_OPERAND (t, 0);
	  break;
	case ARRAY_REF:
	case ARRAY_RANGE_REF:
	case MEM_REF:
	case INDIRECT_REF:
	case ADDR_EXPR:
	case NOP_EXPR:
	case CONVERT_EXPR:
	case POINTER_PLUS_EXPR:
	  t = TREE_OPERAND (t, 0);
	  break;
	default:
	  return false;
	}
    }
  return false;
}

/* The data item of clause C and whether it is one, or NULL_TREE.  */
static tree
dm_clause_item (tree c)
{
  switch (OMP_CLAUSE_CODE (c))
    {
    case OMP_CLAUSE_MAP:
      if (!dm_data_map_kind (OMP_CLAUSE_MAP_KIND (c)))
	return NULL_TREE;
      break;
    case OMP_CLAUSE_TO:
    case OMP_CLAUSE_FROM:
      break;
    default:
      return NULL_TREE;
    }
  tree decl = OMP_CLAUSE_DECL (c);
  if (!decl || decl == error_mark_node || TREE_TYPE (decl) == error_mark_node)
    return NULL_TREE;
  /* Objects the compiler made (the frame of a function with nested
     functions) are not the program's data structures.  */
  if (DECL_P (decl) && DECL_ARTIFICIAL (decl))
    return NULL_TREE;
  /* Zero-length sections (implicit pointer maps) bring no elements.  */
  if (OMP_CLAUSE_SIZE (c) && integer_zerop (OMP_CLAUSE_SIZE (c)))
    return NULL_TREE;
  /* A pointer variable or member mapped by itself is, in OpenMP, the
     pointer's bytes; its elements are mapped through a section
     (p[0:n]), which is followed.  */
  if (POINTER_TYPE_P (TREE_TYPE (decl))
      && (DECL_P (decl) || TREE_CODE (decl) == COMPONENT_REF))
    return NULL_TREE;
  return decl;
}

/* The source-level name of decl DECL: gimplifier temporaries are named
   after their variable plus ".N".  */
static char *
dm_decl_name (tree decl)
{
  const char *s;
  bool temporary;
  if (TREE_CODE (decl) == SSA_NAME)
    {
      tree id = SSA_NAME_IDENTIFIER (decl);
      if (!id)
	return xstrdup ("<temporary>");
      s = IDENTIFIER_POINTER (id);
      temporary = !SSA_NAME_VAR (decl) || DECL_ARTIFICIAL (SSA_NAME_VAR (decl));
    }
  else if (DECL_P (decl) && DECL_NAME (decl))
    {
      s = IDENTIFIER_POINTER (DECL_NAME (decl));
      temporary = DECL_ARTIFICIAL (decl);
    }
  else
    return xstrdup ("<temporary>");
  const char *dot = temporary ? strchr (s, '.') : NULL;
  return dot ? xstrndup (s, dot - s) : xstrdup (s);
}

/* A readable spelling of the list item EXPR for the report.  */
static char *
dm_item_name (tree expr)
{
  char *inner, *s;
  switch (TREE_CODE (expr))
    {
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
    case SSA_NAME:
      return dm_decl_name (expr);
    case MEM_REF:
    case INDIRECT_REF:
      if (TREE_CODE (expr) == MEM_REF && !integer_zerop (TREE_OPERAND (expr, 1)))
	break;
      if (TREE_CODE (TREE_OPERAND (expr, 0)) == ADDR_EXPR)
	return dm_item_name (TREE_OPERAND (TREE_OPERAND (expr, 0), 0));
      inner = dm_item_name (TREE_OPERAND (expr, 0));
      s = concat ("*", inner, NULL);
      free (inner);
      return s;
    case ARRAY_REF:
      inner = dm_item_name (TREE_OPERAND (expr, 0));
      if (tree_fits_shwi_p (TREE_OPERAND (expr, 1)))
	s = xasprintf ("%s[" HOST_WIDE_INT_PRINT_DEC "]", inner,
		       tree_to_shwi (TREE_OPERAND (expr, 1)));
      else
	s = concat (inner, "[...]", NULL);
      free (inner);
      return s;
    case COMPONENT_REF:
      inner = dm_item_name (TREE_OPERAND (expr, 0));
      s = concat (inner, ".",
		  DECL_NAME (TREE_OPERAND (expr, 1))
		  ? IDENTIFIER_POINTER (DECL_NAME (TREE_OPERAND (expr, 1)))
		  : "<anonymous>", NULL);
      free (inner);
      return s;
    default:
      break;
    }
  return print_generic_expr_to_str (expr);
}

static void
dm_report_item (location_t loc, const char *what, tree decl, const char *how)
{
  if (!dm_reporting ())
    return;
  char *s = dm_item_name (decl);
  dm_report (loc, "%s: '%s' %s", what, s, how);
  free (s);
}

/* Put the annotation call for items ADDRS/DESCS in front of the
   construct at GSI, in a new block holding both.  */
static void
dm_insert_annotation (gimple_stmt_iterator *gsi, gomp_target *stmt,
		      vec<tree> &addrs, vec<tree> &descs)
{
  location_t loc = gimple_location (stmt);
  unsigned n = addrs.length ();
  tree ann = dm_annotation_type ();
  tree host_field = TYPE_FIELDS (ann);
  tree type_field = DECL_CHAIN (host_field);
  tree fn = dm_annotate_decl ();

  push_gimplify_context ();
  tree items = create_tmp_var (build_array_type_nelts (ann, n),
			       "deepmap_items");
  tree list = alloc_stmt_list ();
  for (unsigned i = 0; i < n; i++)
    {
      tree elt = build4 (ARRAY_REF, ann, items, size_int (i), NULL_TREE,
			 NULL_TREE);
      tree host = build3 (COMPONENT_REF, TREE_TYPE (host_field), elt,
			  host_field, NULL_TREE);
      append_to_statement_list (build2 (MODIFY_EXPR, TREE_TYPE (host), host,
					fold_convert (TREE_TYPE (host),
						      addrs[i])),
				&list);
      tree type = build3 (COMPONENT_REF, TREE_TYPE (type_field),
			  unshare_expr (elt), type_field, NULL_TREE);
      /* COND ? DESC : nothing, for a mark that holds only at run time.  */
      tree desc = descs[i], value;
      if (TREE_CODE (desc) == COND_EXPR)
	value = build3 (COND_EXPR, TREE_TYPE (type), TREE_OPERAND (desc, 0),
			fold_convert (TREE_TYPE (type),
				      build_fold_addr_expr
					(TREE_OPERAND (desc, 1))),
			build_int_cst (TREE_TYPE (type), 0));
      else
	value = fold_convert (TREE_TYPE (type), build_fold_addr_expr (desc));
      append_to_statement_list (build2 (MODIFY_EXPR, TREE_TYPE (type), type,
					value),
				&list);
    }

  /* Arguments converted to the parameter types of whichever declaration
     we call.  */
  tree args = TYPE_ARG_TYPES (TREE_TYPE (fn));
  tree count_type = args ? TREE_VALUE (args) : size_type_node;
  tree items_type = args && TREE_CHAIN (args) ? TREE_VALUE (TREE_CHAIN (args))
					      : ptr_type_node;
  tree first = build4 (ARRAY_REF, ann, items, size_zero_node, NULL_TREE,
		       NULL_TREE);
  tree call = build_call_expr_loc (loc, fn, 2, build_int_cst (count_type, n),
				   fold_convert (items_type,
						 build_fold_addr_expr (first)));
  tree fn_addr = build_fold_addr_expr (fn);
  tree cond = build2 (NE_EXPR, boolean_type_node, fn_addr,
		      build_int_cst (TREE_TYPE (fn_addr), 0));
  append_to_statement_list (build3 (COND_EXPR, void_type_node, cond, call,
				    NULL_TREE),
			    &list);

  gimple_seq seq = NULL;
  gimplify_and_add (list, &seq);
  annotate_all_with_location (seq, loc);

  gbind *bind = gimple_build_bind (NULL_TREE, NULL, NULL_TREE);
  gsi_replace (gsi, bind, false);
  gimple_seq_add_stmt_without_update (&seq, stmt);
  gimple_bind_set_body (bind, seq);
  pop_gimplify_context (bind);
}

/* What dm_region_reads_no_pointer_of looks for: the aggregate variable
   VAR, or (VAR null) the elements of a section, reached through the
   pointers in DERIVED (its base pointer and those computed from it).  */
struct dm_pointer_walk
{
  tree var;
  hash_set<tree> derived;
  bool grew;			/* DERIVED grew in the last walk */
  bool used;			/* an element's member was accessed */
};

/* Is the value AS computes an address from W's section pointers only (a
   copy, a conversion, an offset)?  */
static bool
dm_derived_value_p (dm_pointer_walk *w, gassign *as)
{
  enum tree_code code = gimple_assign_rhs_code (as);
  tree r = gimple_assign_rhs1 (as);
  return ((code == SSA_NAME || code == VAR_DECL || code == PARM_DECL
	   || CONVERT_EXPR_CODE_P (code) || code == POINTER_PLUS_EXPR)
	  && w->derived.contains (r));
}

/* A register-like variable the walk may follow: an SSA name, or a local
   variable whose address nothing takes.  */
static bool
dm_followed_var_p (tree v)
{
  return (TREE_CODE (v) == SSA_NAME
	  || (VAR_P (v) && !TREE_ADDRESSABLE (v) && !is_global_var (v)));
}

/* walk_gimple_stmt callback: add to the derived pointers of WI->info
   what statements compute from them.  */
static tree
dm_collect_derived_ptrs (gimple_stmt_iterator *gsi, bool *handled,
			 struct walk_stmt_info *wi)
{
  dm_pointer_walk *w = (dm_pointer_walk *) wi->info;
  *handled = false;
  gassign *as = dyn_cast <gassign *> (gsi_stmt (*gsi));
  if (as && dm_followed_var_p (gimple_assign_lhs (as))
      && POINTER_TYPE_P (TREE_TYPE (gimple_assign_lhs (as)))
      && dm_derived_value_p (w, as)
      && !w->derived.add (gimple_assign_lhs (as)))
    w->grew = true;
  return NULL_TREE;
}

/* walk_tree callback for dm_region_reads_no_pointer_of: stop at a use
   of W's variable or section other than a member or element that holds
   no pointer.  */
static tree
dm_pointer_use (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  dm_pointer_walk *w = (dm_pointer_walk *) wi->info;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if ((w->var && t == w->var) || w->derived.contains (t))
    return t;
  /* The address of any part reaches all of it (container_of).  */
  if (TREE_CODE (t) == ADDR_EXPR)
    {
      tree b = get_base_address (TREE_OPERAND (t, 0));
      if (b && ((w->var && b == w->var)
		|| (TREE_CODE (b) == MEM_REF
		    && w->derived.contains (TREE_OPERAND (b, 0)))))
	return t;
    }
  /* A nested construct's data sharing of the variable copies or shares
     its bytes; the uses are in the body, which is walked.  */
  if (TREE_CODE (t) == OMP_CLAUSE)
    switch (OMP_CLAUSE_CODE (t))
      {
      case OMP_CLAUSE_SHARED:
      case OMP_CLAUSE_PRIVATE:
      case OMP_CLAUSE_FIRSTPRIVATE:
	*walk_subtrees = 0;
	if (OMP_CLAUSE_DECL (t) != w->var
	    && !w->derived.contains (OMP_CLAUSE_DECL (t))
	    && walk_tree (&OMP_CLAUSE_DECL (t), dm_pointer_use, data, NULL))
	  return t;
	return walk_tree (&OMP_CLAUSE_CHAIN (t), dm_pointer_use, data, NULL);
      default:
	return NULL_TREE;
      }
  if (TREE_CODE (t) != COMPONENT_REF && TREE_CODE (t) != ARRAY_REF
      && TREE_CODE (t) != MEM_REF)
    return NULL_TREE;
  tree base = t;
  while (TREE_CODE (base) == COMPONENT_REF || TREE_CODE (base) == ARRAY_REF)
    base = TREE_OPERAND (base, 0);
  bool mine = (w->var ? base == w->var
	       : (TREE_CODE (base) == MEM_REF
		  && w->derived.contains (TREE_OPERAND (base, 0))));
  if (!mine)
    return NULL_TREE;
  if (dm_may_hold_pointers (TREE_TYPE (t)))
    return t;
  w->used = true;
  /* Its bytes hold no pointer; the indices may name the section still.  */
  *walk_subtrees = 0;
  for (tree r = t; r != base; r = TREE_OPERAND (r, 0))
    if (TREE_CODE (r) == ARRAY_REF)
      for (int k = 1; k < 4; k++)
	if (TREE_OPERAND (r, k)
	    && walk_tree (&TREE_OPERAND (r, k), dm_pointer_use, data, NULL))
	  return t;
  if (TREE_CODE (base) == MEM_REF
      && walk_tree (&TREE_OPERAND (base, 1), dm_pointer_use, data, NULL))
    return t;
  return NULL_TREE;
}

/* walk_gimple_stmt callback: the statements that compute derived
   pointers, or compare them, use them as they may; the others' operands
   go to dm_pointer_use.  */
static tree
dm_pointer_use_stmt (gimple_stmt_iterator *gsi, bool *handled,
		     struct walk_stmt_info *wi)
{
  dm_pointer_walk *w = (dm_pointer_walk *) wi->info;
  gimple *g = gsi_stmt (*gsi);
  *handled = false;
  if (gassign *as = dyn_cast <gassign *> (g))
    {
      tree lhs = gimple_assign_lhs (as);
      enum tree_code code = gimple_assign_rhs_code (as);
      if (w->derived.contains (lhs) && dm_derived_value_p (w, as))
	*handled = true;
      else if ((TREE_CODE_CLASS (code) == tcc_comparison
		|| code == POINTER_DIFF_EXPR)
	       && dm_followed_var_p (lhs))
	*handled = true;
    }
  else if (gimple_code (g) == GIMPLE_COND)
    *handled = true;
  return NULL_TREE;
}

/* Is DECL, an item of the target region STMT whose elements' type holds
   pointers, used by the region only through members and elements that
   hold none?  DECL is a variable (XSBench's Inputs, passed by value,
   whose char *HM no kernel reads) or a section p[lo:len] reached through
   a pointer variable p (NeoRodinia's streamcluster: points[i].cost and
   .assign, never .coord).  Then deep copy has nothing to follow that the
   region could see: the device copy's pointers keep host values that
   nothing reads, and copied back they are the host's own.  Any other use
   (the whole object, its address, a pointer member, a pointer to it
   given to a call or stored) answers no.  */
static bool
dm_region_reads_no_pointer_of (gomp_target *stmt, tree decl)
{
  if (gimple_omp_target_kind (stmt) != GF_OMP_TARGET_KIND_REGION)
    return false;
  dm_pointer_walk w;
  w.var = NULL_TREE;
  if ((VAR_P (decl) || TREE_CODE (decl) == PARM_DECL)
      && AGGREGATE_TYPE_P (TREE_TYPE (decl)))
    w.var = decl;
  /* Not an element type with a counted tail: the tail is mapped as
     deep copy maps it, pointers or not.  */
  else if (TREE_CODE (decl) == MEM_REF
	   && integer_zerop (TREE_OPERAND (decl, 1))
	   && (VAR_P (TREE_OPERAND (decl, 0))
	       || TREE_CODE (TREE_OPERAND (decl, 0)) == PARM_DECL)
	   && POINTER_TYPE_P (TREE_TYPE (TREE_OPERAND (decl, 0)))
	   && !dm_has_flexible_array (TREE_TYPE (decl)))
    w.derived.add (TREE_OPERAND (decl, 0));
  else
    return false;
  if (!dm_may_hold_pointers (TREE_TYPE (decl)))
    return false;
  struct walk_stmt_info wi;
  gimple_seq body = gimple_omp_body (stmt);
  if (!w.var)
    do
      {
	w.grew = false;
	memset (&wi, 0, sizeof wi);
	wi.info = &w;
	walk_gimple_seq (body, dm_collect_derived_ptrs, NULL, &wi);
      }
    while (w.grew);
  memset (&wi, 0, sizeof wi);
  wi.info = &w;
  w.used = false;
  if (walk_gimple_seq (body, dm_pointer_use_stmt, dm_pointer_use, &wi))
    return false;
  /* A section the region does not touch keeps the deep copy it asks
     for (the plugin's own tests of descriptors map such ones).  */
  return w.var || w.used;
}

/* The variable that T's storage is reached from (s of s.a.p, p of
   p->q[i]).  */
static tree
dm_root_var (tree t)
{
  for (;;)
    if (handled_component_p (t))
      t = TREE_OPERAND (t, 0);
    else if (TREE_CODE (t) == MEM_REF || TREE_CODE (t) == INDIRECT_REF)
      t = TREE_OPERAND (t, 0);
    else
      return t;
}

/* The constructs whose bodies the walk is in (target data): what they
   map stays mapped for the constructs inside.  */
static vec<gomp_target *> dm_enclosing;

/* Add to ATTACHED the pointer fields of ROOT that the clauses of STMT
   attach: to a section they map, or (GCC's zero-length attachment of a
   pointer member a member function's region uses, this->p, or of a
   lambda's capture) to what is mapped already, which deep copy leaves
   to the attachment (map/deepcopy.c, dm_own_slot): no guess either.  */
static void
dm_attached_fields (gomp_target *stmt, tree root, vec<tree> *attached)
{
  for (tree c = gimple_omp_target_clauses (stmt); c; c = OMP_CLAUSE_CHAIN (c))
    if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_MAP
	&& (OMP_CLAUSE_MAP_KIND (c) == GOMP_MAP_ATTACH
	    || OMP_CLAUSE_MAP_KIND (c) == GOMP_MAP_ATTACH_DETACH
	    || (OMP_CLAUSE_MAP_KIND (c)
		== GOMP_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION))
	&& TREE_CODE (OMP_CLAUSE_DECL (c)) == COMPONENT_REF
	&& dm_root_var (OMP_CLAUSE_DECL (c)) == root)
      attached->safe_push (TREE_OPERAND (OMP_CLAUSE_DECL (c), 1));
}

/* Warn about the guesses of one element the deep item DECL of STMT
   relies on: not for its pointer fields the construct, or a target data
   around it, attaches to a section it maps (map(s, s.p[0:n]): the
   program maps the pointee; RSBench's target data maps data.n_poles[:n]
   and its region data).  */
static void
dm_warn_item_guesses (gomp_target *stmt, tree decl)
{
  auto_vec<tree> attached;
  tree root = dm_root_var (decl);
  dm_attached_fields (stmt, root, &attached);
  for (gomp_target *outer : dm_enclosing)
    dm_attached_fields (outer, root, &attached);
  dm_warn_guesses (TREE_TYPE (decl), attached);
}

/* Annotate the construct STMT at GSI if any of its items is deep.  */
static void
dm_annotate_construct (gimple_stmt_iterator *gsi, gomp_target *stmt)
{
  const char *what = dm_construct_name (gimple_omp_target_kind (stmt));
  location_t loc = gimple_location (stmt);
  if (!what)
    return;

  bool shallow = dm_construct_is_shallow (loc);
  auto_vec<tree> addrs, descs;
  for (tree c = gimple_omp_target_clauses (stmt); c; c = OMP_CLAUSE_CHAIN (c))
    {
      tree decl = dm_clause_item (c);
      if (!decl)
	continue;
      if (shallow)
	{
	  if (dm_descriptor_for (TREE_TYPE (decl), loc))
	    dm_report_item (loc, what, decl,
			    "shallow (#pragma deepmap shallow)");
	  continue;
	}
      if (dm_item_is_shallow (decl))
	{
	  dm_report_item (loc, what, decl, "shallow (deepmap_shallow)");
	  continue;
	}
      tree desc = NULL_TREE;
      /* An always map copies what the structure reaches whatever the
	 region does with it (always, from brings back what earlier
	 regions wrote).  */
      bool always = OMP_CLAUSE_CODE (c) == OMP_CLAUSE_MAP
		    && (OMP_CLAUSE_MAP_KIND (c) == GOMP_MAP_ALWAYS_FROM
			|| OMP_CLAUSE_MAP_KIND (c) == GOMP_MAP_ALWAYS_TO
			|| OMP_CLAUSE_MAP_KIND (c) == GOMP_MAP_ALWAYS_TOFROM);
      if (!always && dm_region_reads_no_pointer_of (stmt, decl))
	dm_report_item (loc, what, decl,
			"shallow: the region uses none of its pointers");
      else
	desc = dm_descriptor_for (TREE_TYPE (decl), loc);
      if (desc)
	dm_warn_item_guesses (stmt, decl);
      if (!desc)
	{
	  /* Plain data the region overwrites, or only reads: announce
	     it so.  */
	  tree mark = NULL_TREE, cond = NULL_TREE;
	  bool overwritten = false;
	  if (!dm_overwrite_enabled)
	    ;
	  else if (dm_region_overwrites (*gsi, stmt, c, &cond))
	    {
	      dm_report_item (loc, what, decl,
			      cond ? "is stored to in full before it is read "
				     "where no loop count is negative: then "
				     "not copied in (as map(from:))"
				   : "is stored to in full before it is read: "
				     "not copied in (as map(from:))");
	      mark = dm_overwrite_marker ();
	      /* Checked as the construct starts.  */
	      if (cond)
		mark = build3 (COND_EXPR, void_type_node, cond, mark,
			       NULL_TREE);
	      /* Hoisting sees only marks that always hold.  */
	      overwritten = cond == NULL_TREE;
	    }
	  else if (dm_region_reads_only (*gsi, stmt, c)
		   || dm_scalar_reads_only (stmt, c))
	    {
	      dm_report_item (loc, what, decl,
			      "is only read: not copied back (as map(to:))");
	      mark = dm_read_only_marker ();
	    }
	  /* Given to functions (Rodinia's hotspot: a device function
	     reads the input): the hoisting pass asks their bodies.  */
	  else if (dm_hoist_enabled
		   && dm_region_reads_only_but_calls (*gsi, stmt, c))
	    {
	      /* Made now, with the descriptors: the site table may come
		 to point at it (dm_make_site_read_only).  */
	      dm_read_only_marker ();
	      mark = dm_read_only_pending_marker ();
	    }
	  if (mark)
	    {
	      addrs.safe_push (build_fold_addr_expr (unshare_expr (decl)));
	      descs.safe_push (mark);
	    }
	  /* For hoisting alone: a section kept across a loop need not be
	     copied in if every construct reads only what it wrote
	     (dm-hoist.c).  */
	  dm_access_summary *sum = NULL;
	  bool wf = (dm_overwrite_enabled && dm_hoist_enabled && !overwritten
		     && dm_region_reads_written (*gsi, stmt, c, &sum));
	  if (sum)
	    sum->written_first = wf;
	  if (wf || sum)
	    {
	      addrs.safe_push (build_fold_addr_expr (unshare_expr (decl)));
	      descs.safe_push (sum ? dm_access_marker (sum)
			       : dm_written_first_marker ());
	    }
	  continue;
	}
      if (dm_reporting ())
	{
	  char *tn = dm_type_name (dm_element_type (TREE_TYPE (decl)));
	  char *how = xasprintf ("deep, elements of type '%s'%s", tn,
				 OMP_CLAUSE_CODE (c) == OMP_CLAUSE_MAP
				 && OMP_CLAUSE_MAP_IMPLICIT (c)
				 ? " (implicit map)" : "");
	  dm_report_item (loc, what, decl, how);
	  free (how);
	  free (tn);
	}
      addrs.safe_push (build_fold_addr_expr (unshare_expr (decl)));
      descs.safe_push (desc);
    }
  if (!addrs.is_empty ())
    dm_insert_annotation (gsi, stmt, addrs, descs);
}

static tree
dm_visit_stmt (gimple_stmt_iterator *gsi, bool *handled_ops,
	       struct walk_stmt_info *wi)
{
  gomp_target *stmt = dyn_cast <gomp_target *> (gsi_stmt (*gsi));
  if (!stmt)
    return NULL_TREE;
  /* The functions hoisting's run-time tests may call, made while they
     still can be.  */
  dm_make_test_functions ();
  /* Constructs nested in a target data body first; then this one, which
     moves into a new block and must not be walked again.  */
  *handled_ops = true;
  dm_enclosing.safe_push (stmt);
  walk_gimple_seq_mod (gimple_omp_body_ptr (stmt), dm_visit_stmt, NULL, wi);
  dm_enclosing.pop ();
  dm_annotate_construct (gsi, stmt);
  return NULL_TREE;
}

static unsigned int
dm_execute (function *fun)
{
  tree fndecl = fun->decl;
  dm_note_indexing (fun);

  /* Device code (declare target functions) has no runtime to call.  */
  if (lookup_attribute ("omp declare target", DECL_ATTRIBUTES (fndecl))
      || lookup_attribute ("omp declare target nohost",
			   DECL_ATTRIBUTES (fndecl)))
    return 0;
  gimple_seq body = gimple_body (fndecl);
  if (!body)
    return 0;
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  walk_gimple_seq_mod (&body, dm_visit_stmt, NULL, &wi);
  gimple_set_body (fndecl, body);
  dm_finish_descriptors ();
  return 0;
}

static const pass_data dm_pass_data = {
  GIMPLE_PASS,
  "deepmap",			/* name, for -fdump-tree-deepmap */
  OPTGROUP_OMP,
  TV_NONE,
  PROP_gimple_any,		/* properties_required */
  0, 0, 0, 0
};

class dm_pass : public gimple_opt_pass
{
public:
  dm_pass (gcc::context *ctx) : gimple_opt_pass (dm_pass_data, ctx) {}
  /* Target constructs exist only with -fopenmp.  (GCC 12 sets
     has_omp_target for target regions only, not for data constructs.)  */
  virtual bool gate (function *) { return flag_openmp; }
  virtual unsigned int execute (function *fun) { return dm_execute (fun); }
};

void
dm_register_pass (const char *name)
{
  dm_insert_pass (name, new dm_pass (g), "omplower", PASS_POS_INSERT_BEFORE);
  register_callback (name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) dm_annotate_roots);
  register_callback (name, PLUGIN_FINISH_DECL, dm_note_decl, NULL);
  register_callback (name, PLUGIN_FINISH_PARSE_FUNCTION, dm_note_decl, NULL);
}
