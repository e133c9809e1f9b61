/* dm-diag.c -- the plugin's own warnings, and how users control them.

   GCC 12 has no way for a plugin to add a -W option: -Wdeepmap and
   -Werror=deepmap are rejected by the driver and by cc1 before any
   plugin runs, and #pragma GCC diagnostic knows only GCC's options.  So
   every warning of the plugin's own (all of them start "deepmap:") goes
   through dm_warning, which takes its kind from, in order:

     #pragma deepmap diagnostic ignored|warning|error|push|pop
				location-scoped, like #pragma GCC diagnostic
				(the state at the warning's location wins)
     -Wno-deepmap		accepted by GCC 12 as an unknown -Wno-
				option, which the plugin reads back
     -fplugin-arg-deepmap-warnings=none|all|error
				the default for the translation unit
				(error: what -Werror=deepmap would be)

   -w and -Werror act on them as on every warning.  Warnings about
   attribute and pragma syntax keep GCC's -Wattributes and -Wpragmas.  */
#include "deepmap-plugin.h"
#include "opts.h"
#include "toplev.h"

/* A change of the state by a pragma, in source order.  */
struct dm_diag_change
{
  location_t loc;
  int kind;			/* a diagnostic_t, or DM_PUSH / DM_POP */
};

enum { DM_PUSH = -1, DM_POP = -2 };

static vec<dm_diag_change> dm_changes;
static diagnostic_t dm_default_kind = DK_WARNING;

/* Was -Wno-deepmap on the command line?  GCC keeps unknown -Wno- options
   (and mentions them only if some other diagnostic is given).  */
static bool
dm_wno_deepmap (void)
{
  for (unsigned i = 0; i < save_decoded_options_count; i++)
    {
      const cl_decoded_option *o = &save_decoded_options[i];
      if (o->opt_index == OPT_SPECIAL_unknown && o->orig_option_with_args_text
	  && !strcmp (o->orig_option_with_args_text, "-Wno-deepmap"))
	return true;
    }
  return false;
}

/* Set the default from -fplugin-arg-deepmap-warnings=VALUE (NULL when not
   given) and -Wno-deepmap.  False for a bad VALUE.  */
bool
dm_diag_init (const char *value)
{
  if (!value || !strcmp (value, "all"))
    dm_default_kind = DK_WARNING;
  else if (!strcmp (value, "none"))
    dm_default_kind = DK_IGNORED;
  else if (!strcmp (value, "error"))
    dm_default_kind = DK_ERROR;
  else
    return false;
  if (dm_wno_deepmap ())
    dm_default_kind = DK_IGNORED;
  return true;
}

/* #pragma deepmap diagnostic KIND.  */
void
dm_handle_pragma_diagnostic (cpp_reader *reader)
{
  tree x;
  location_t loc;
  enum cpp_ttype tok = pragma_lex (&x, &loc);
  int kind = 0;
  const char *s = tok == CPP_NAME ? IDENTIFIER_POINTER (x) : "";

  if (!strcmp (s, "ignored"))
    kind = DK_IGNORED;
  else if (!strcmp (s, "warning"))
    kind = DK_WARNING;
  else if (!strcmp (s, "error"))
    kind = DK_ERROR;
  else if (!strcmp (s, "push"))
    kind = DM_PUSH;
  else if (!strcmp (s, "pop"))
    kind = DM_POP;
  else
    {
      warning_at (loc, OPT_Wpragmas, "deepmap: %<#pragma deepmap "
		  "diagnostic%> expects %<ignored%>, %<warning%>, %<error%>, "
		  "%<push%> or %<pop%>");
      return;
    }
  if (pragma_lex (&x, &loc) != CPP_EOF)
    warning_at (loc, OPT_Wpragmas, "deepmap: junk at end of %<#pragma "
		"deepmap diagnostic%>");
  dm_diag_change c = { loc, kind };
  dm_changes.safe_push (c);
}

/* The kind of a plugin warning at LOC: the pragmas before it (locations
   grow in the order the compiler reads the source, headers included).  */
static diagnostic_t
dm_kind_at (location_t loc)
{
  if (dm_changes.is_empty () || loc <= BUILTINS_LOCATION)
    return dm_default_kind;
  loc = linemap_resolve_location (line_table, loc,
				  LRK_MACRO_EXPANSION_POINT, NULL);
  auto_vec<diagnostic_t> stack;
  diagnostic_t kind = dm_default_kind;
  for (unsigned i = 0; i < dm_changes.length () && dm_changes[i].loc <= loc;
       i++)
    if (dm_changes[i].kind == DM_PUSH)
      stack.safe_push (kind);
    else if (dm_changes[i].kind == DM_POP)
      kind = stack.is_empty () ? dm_default_kind : stack.pop ();
    else
      kind = (diagnostic_t) dm_changes[i].kind;
  return kind;
}

/* A warning of the plugin at LOC (GCC's format directives), as the
   state there says: ignored, a warning or an error.  */
bool
dm_warning (location_t loc, const char *gmsgid, ...)
{
  diagnostic_t kind = dm_kind_at (loc);
  if (kind == DK_IGNORED)
    return false;
  va_list ap;
  va_start (ap, gmsgid);
  bool ret = emit_diagnostic_valist (kind, loc, 0, gmsgid, &ap);
  va_end (ap);
  return ret;
}

/* TYPE as messages name it: an anonymous struct by the typedef that
   names it (typedef struct { ... } foo; is 'foo', not '<anonymous>').
   C++ names such a struct after the typedef itself.  */
tree
dm_shown (tree type)
{
  if (!type || !TYPE_P (type))
    return type;
  tree main = TYPE_MAIN_VARIANT (type);
  if (TYPE_NAME (main) || !RECORD_OR_UNION_TYPE_P (main))
    return type;
  for (tree v = TYPE_NEXT_VARIANT (main); v; v = TYPE_NEXT_VARIANT (v))
    {
      tree n = TYPE_NAME (v);
      if (n && TREE_CODE (n) == TYPE_DECL && DECL_NAME (n) && !TYPE_QUALS (v))
	return v;
    }
  return type;
}
