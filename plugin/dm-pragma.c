/* dm-pragma.c -- #pragma deepmap shallow: the next target construct of the
   block maps its items as written (no deep copy).

   A pragma handler runs before the parser has seen the construct, so the
   handler leaves a marker in the statement list of the block it appears
   in (an empty statement at the pragma's location), and the marker is
   matched when the function's body is complete (just before it is
   genericized): it takes the first target construct of the statements
   that follow it in the same list, so never one after the block's
   closing brace, and exactly one, also when a macro expands to several.
   The pass then asks by the construct's location.  g++ drops the marker
   when it instantiates a template, so there a pragma takes the first
   target construct after it in the instantiated function.

   #pragma deepmap nohoist only records where it is: the hoisting pass,
   which sees loops only after the parser is long done, picks the loop or
   target construct that follows it (dm_nohoist_pragma).  */
#include "deepmap-plugin.h"

/* Locations of the shallow pragmas seen in function bodies.  */
static vec<location_t> dm_pragmas;
/* Pragmas warned about (no construct follows them): once each.  */
static vec<location_t> dm_unmatched;
/* Locations of the constructs that stay shallow.  */
static vec<location_t> dm_shallow_constructs;

static bool
dm_has_location (const vec<location_t> &v, location_t loc)
{
  for (unsigned i = 0; i < v.length (); i++)
    if (v[i] == loc)
      return true;
  return false;
}

static void
dm_handle_pragma_shallow (cpp_reader *reader)
{
  tree x;
  location_t loc;

  if (pragma_lex (&x, &loc) != CPP_EOF)
    warning_at (loc, OPT_Wpragmas, "deepmap: junk at end of %<#pragma "
		"deepmap shallow%>");
  if (!current_function_decl || !add_stmt || !stmt_list_stack
      || stmt_list_stack->is_empty ())
    {
      warning_at (loc, OPT_Wpragmas, "deepmap: %<#pragma deepmap shallow%> "
		  "outside a function is ignored");
      return;
    }
  add_stmt (build_empty_stmt (loc));
  dm_pragmas.safe_push (loc);
}

/* Locations of the nohoist pragmas seen in function bodies.  */
static vec<location_t> dm_nohoist_pragmas;

static void
dm_handle_pragma_nohoist (cpp_reader *reader)
{
  tree x;
  location_t loc;

  if (pragma_lex (&x, &loc) != CPP_EOF)
    warning_at (loc, OPT_Wpragmas, "deepmap: junk at end of %<#pragma "
		"deepmap nohoist%>");
  if (!current_function_decl)
    {
      warning_at (loc, OPT_Wpragmas, "deepmap: %<#pragma deepmap nohoist%> "
		  "outside a function is ignored");
      return;
    }
  dm_nohoist_pragmas.safe_push (loc);
}

/* The I-th nohoist pragma that lies strictly between LO and HI (a
   function's source), in *LOC; false when there is none.  */
bool
dm_nohoist_pragma (location_t lo, location_t hi, unsigned i, location_t *loc)
{
  for (location_t p : dm_nohoist_pragmas)
    if (dm_before (lo, p) && dm_before (p, hi) && i-- == 0)
      {
	*loc = p;
	return true;
      }
  return false;
}

void
dm_register_pragmas (void *event_data, void *user_data)
{
  c_register_pragma ("deepmap", "shallow", dm_handle_pragma_shallow);
  c_register_pragma ("deepmap", "nohoist", dm_handle_pragma_nohoist);
  c_register_pragma ("deepmap", "diagnostic", dm_handle_pragma_diagnostic);
  dm_register_pipeline_pragma ();
}

static bool
dm_is_target_construct (const_tree t)
{
  switch (TREE_CODE (t))
    {
    case OMP_TARGET:
    case OMP_TARGET_DATA:
    case OMP_TARGET_UPDATE:
    case OMP_TARGET_ENTER_DATA:
    case OMP_TARGET_EXIT_DATA:
      return true;
    default:
      return false;
    }
}

/* Is T the marker a shallow pragma left?  */
static bool
dm_is_marker (const_tree t)
{
  return TREE_CODE (t) == NOP_EXPR && VOID_TYPE_P (TREE_TYPE (t))
	 && integer_zerop (TREE_OPERAND (t, 0)) && EXPR_HAS_LOCATION (t)
	 && dm_has_location (dm_pragmas, EXPR_LOCATION (t));
}

/* walk_tree callback: the first target construct, in source order.  */
static tree
dm_find_construct (tree *tp, int *walk_subtrees, void *data)
{
  if (dm_is_target_construct (*tp) && EXPR_HAS_LOCATION (*tp))
    return *tp;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

static void
dm_warn_unmatched (location_t loc)
{
  if (dm_has_location (dm_unmatched, loc))
    return;
  dm_unmatched.safe_push (loc);
  warning_at (loc, OPT_Wpragmas, "deepmap: %<#pragma deepmap shallow%> is "
	      "not followed by a target construct in its block");
}

/* The markers of statement list LIST: each takes the first target
   construct of the statements after it.  */
static void
dm_match_list (tree list, hash_set<tree> *seen)
{
  for (tree_stmt_iterator i = tsi_start (list); !tsi_end_p (i); tsi_next (&i))
    {
      tree marker = tsi_stmt (i);
      if (!dm_is_marker (marker))
	continue;
      seen->add (marker);
      tree found = NULL_TREE;
      tree_stmt_iterator j = i;
      for (tsi_next (&j); !tsi_end_p (j) && !found; tsi_next (&j))
	if (!dm_is_marker (tsi_stmt (j)))
	  found = walk_tree_without_duplicates (tsi_stmt_ptr (j),
						dm_find_construct, NULL);
	else
	  break;		/* the next pragma's turn */
      if (found)
	dm_shallow_constructs.safe_push (EXPR_LOCATION (found));
      else
	dm_warn_unmatched (EXPR_LOCATION (marker));
    }
}

/* Where X lies in the source: macro expansions at their expansion.  */
static location_t
dm_source_point (location_t x)
{
  return linemap_resolve_location (line_table, x, LRK_MACRO_EXPANSION_POINT,
				   NULL);
}

/* walk_tree callback: the target construct after the pragma at *DATA
   that comes first, in *DATA's second element.  */
static tree
dm_first_after (tree *tp, int *walk_subtrees, void *data)
{
  location_t *best = (location_t *) data;
  if (dm_is_target_construct (*tp) && EXPR_HAS_LOCATION (*tp))
    {
      location_t at = dm_source_point (EXPR_LOCATION (*tp));
      if (at > best[0]
	  && (best[1] == UNKNOWN_LOCATION
	      || at < dm_source_point (best[1])))
	best[1] = EXPR_LOCATION (*tp);
    }
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* walk_tree callback: the last source point of the body in *DATA.  */
static tree
dm_last_point (tree *tp, int *walk_subtrees, void *data)
{
  location_t *last = (location_t *) data;
  if (EXPR_P (*tp) && EXPR_HAS_LOCATION (*tp))
    {
      location_t at = dm_source_point (EXPR_LOCATION (*tp));
      *last = at > *last ? at : *last;
    }
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* The pragmas inside FNDECL's source whose marker its body lacks (a C++
   template's instantiation): each takes the first construct after it.  */
static void
dm_match_by_location (tree fndecl, hash_set<tree> *seen)
{
  location_t lo = dm_source_point (DECL_SOURCE_LOCATION (fndecl));
  location_t hi = UNKNOWN_LOCATION;
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl), dm_last_point,
				&hi);
  for (unsigned i = 0; i < dm_pragmas.length (); i++)
    {
      location_t p = dm_pragmas[i];
      if (p <= lo || p >= hi)
	continue;
      bool marked = false;
      for (hash_set<tree>::iterator m = seen->begin (); m != seen->end (); ++m)
	marked |= EXPR_LOCATION (*m) == p;
      if (marked)
	continue;
      location_t best[2] = { p, UNKNOWN_LOCATION };
      walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl),
				    dm_first_after, best);
      if (best[1] != UNKNOWN_LOCATION)
	dm_shallow_constructs.safe_push (best[1]);
    }
}

static tree
dm_match_walk (tree *tp, int *walk_subtrees, void *data)
{
  hash_set<tree> *seen = (hash_set<tree> *) data;
  if (TREE_CODE (*tp) == STATEMENT_LIST)
    dm_match_list (*tp, seen);
  else if (TREE_CODE (*tp) == DECL_EXPR
	   && TREE_CODE (DECL_EXPR_DECL (*tp)) == FUNCTION_DECL
	   && DECL_SAVED_TREE (DECL_EXPR_DECL (*tp)))
    /* A nested function, genericized with its parent.  */
    walk_tree (&DECL_SAVED_TREE (DECL_EXPR_DECL (*tp)), dm_match_walk, data,
	       NULL);
  else if (dm_is_marker (*tp) && !seen->contains (*tp))
    {
      /* Alone in its block: nothing follows it.  */
      seen->add (*tp);
      dm_warn_unmatched (EXPR_LOCATION (*tp));
    }
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* PLUGIN_PRE_GENERICIZE of FNDECL: match the markers of its body
   (nested functions are genericized with their parent).  */
void
dm_match_pragmas (void *event_data, void *user_data)
{
  tree fndecl = (tree) event_data;
  dm_lower_pipelines (fndecl);
  if (dm_pragmas.is_empty () || !DECL_SAVED_TREE (fndecl))
    return;
  hash_set<tree> seen;
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl), dm_match_walk,
				&seen);
  dm_match_by_location (fndecl, &seen);
}

/* Does A come before B in the same file?  */
bool
dm_before (location_t a, location_t b)
{
  expanded_location ea = expand_location (a);
  expanded_location eb = expand_location (b);
  if (!ea.file || !eb.file || strcmp (ea.file, eb.file))
    return false;
  return ea.line < eb.line || (ea.line == eb.line && ea.column < eb.column);
}

bool
dm_construct_is_shallow (location_t loc)
{
  return dm_has_location (dm_shallow_constructs, loc);
}
