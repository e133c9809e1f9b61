/* dm-pragma.c -- #pragma deepmap shallow: the next target construct of the
   function maps its items as written (no deep copy).

   A pragma handler runs before the parser has seen the construct, so the
   pragma is matched later: when the function's body is complete (just
   before it is genericized) each pragma takes the first target construct
   that starts after it in the same function.  The pass then asks by
   location.  */
#include "deepmap-plugin.h"

struct dm_pragma
{
  location_t loc;
  tree fn;		/* the function the pragma appeared in */
};

static vec<dm_pragma> dm_pending;
/* Locations of the constructs that stay shallow.  */
static vec<location_t> dm_shallow_constructs;

static void
dm_handle_pragma_shallow (cpp_reader *reader)
{
  tree x;
  location_t loc;

  if (pragma_lex (&x, &loc) != CPP_EOF)
    warning_at (loc, OPT_Wpragmas, "junk at end of %<#pragma deepmap "
		"shallow%>");
  if (!current_function_decl)
    {
      warning_at (loc, OPT_Wpragmas, "%<#pragma deepmap shallow%> outside "
		  "a function is ignored");
      return;
    }
  dm_pragma p = { loc, current_function_decl };
  dm_pending.safe_push (p);
}

void
dm_register_pragmas (void *event_data, void *user_data)
{
  c_register_pragma ("deepmap", "shallow", dm_handle_pragma_shallow);
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

static tree
dm_collect_construct (tree *tp, int *walk_subtrees, void *data)
{
  vec<location_t> *found = (vec<location_t> *) data;
  if (dm_is_target_construct (*tp) && EXPR_HAS_LOCATION (*tp))
    found->safe_push (EXPR_LOCATION (*tp));
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
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

static tree
dm_outermost_function (tree fn)
{
  while (decl_function_context (fn))
    fn = decl_function_context (fn);
  return fn;
}

/* PLUGIN_PRE_GENERICIZE of an outermost function FNDECL: match the
   pragmas seen in it and in its nested functions.  */
void
dm_match_pragmas (void *event_data, void *user_data)
{
  tree fndecl = (tree) event_data;
  unsigned i = 0;

  dm_lower_pipelines (fndecl);

  while (i < dm_pending.length ())
    {
      dm_pragma p = dm_pending[i];
      if (dm_outermost_function (p.fn) != fndecl)
	{
	  i++;
	  continue;
	}
      dm_pending.unordered_remove (i);

      auto_vec<location_t> found;
      walk_tree_without_duplicates (&DECL_SAVED_TREE (p.fn),
				    dm_collect_construct, &found);
      location_t best = UNKNOWN_LOCATION;
      for (unsigned j = 0; j < found.length (); j++)
	if (dm_before (p.loc, found[j])
	    && (best == UNKNOWN_LOCATION || dm_before (found[j], best)))
	  best = found[j];
      if (best == UNKNOWN_LOCATION)
	warning_at (p.loc, OPT_Wpragmas, "%<#pragma deepmap shallow%> is not "
		    "followed by a target construct");
      else
	dm_shallow_constructs.safe_push (best);
    }
}

static bool
dm_same_place (location_t a, location_t b)
{
  expanded_location ea = expand_location (a);
  expanded_location eb = expand_location (b);
  return ea.file && eb.file && !strcmp (ea.file, eb.file)
	 && ea.line == eb.line && ea.column == eb.column;
}

bool
dm_construct_is_shallow (location_t loc)
{
  for (unsigned i = 0; i < dm_shallow_constructs.length (); i++)
    if (dm_shallow_constructs[i] == loc
	|| dm_same_place (dm_shallow_constructs[i], loc))
      return true;
  return false;
}
