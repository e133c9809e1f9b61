/* deepmap.c -- the deepmap GCC plugin: automatic deep copy for OpenMP
   target constructs.

   For every target construct (target, target data, target enter/exit
   data, target update) the plugin finds the mapped objects whose type
   holds pointers, emits a static type descriptor per such type (where
   its pointers are, what they point to, how many elements) and calls,
   just before the construct,

     if (deepmap_annotate) deepmap_annotate (n, items);

   with the host address of each deep item and its descriptor.  The deepmap
   runtime then maps everything reachable; under another libgomp the weak
   reference is null and the program runs unchanged (shallow).

   Usage: gcc -fopenmp -fplugin=/path/to/deepmap.so file.c; the options
   and source annotations are those of dm_help below, the one text of
   them (-fplugin-arg-deepmap-help prints it; cc1 --help shows it under
   "Help for the loaded plugins", through plugin_info.help).
   The plugin predefines __DEEPMAP_PLUGIN__.  */
#include "deepmap-plugin.h"
#include "plugin-version.h"

int plugin_is_GPL_compatible;

const char *dm_plugin_name;

/* Every option and source annotation, once.  */
static const char dm_help[] =
  "deepmap plugin options (-fplugin-arg-deepmap-OPTION):\n"
  "  help           print this text\n"
  "  off            annotate nothing (attributes and pragmas are still\n"
  "                 accepted)\n"
  "  report         describe annotated constructs and types, hoisted or\n"
  "                 missed sections and pipelined loops on stderr\n"
  "  report=FILE    the same, appended to FILE\n"
  "  hoist=off      keep no data on the device across loops "
  "(also no-hoist)\n"
  "  overwrite=off  copy in what a region stores to in full before it\n"
  "                 reads it (by default it is mapped as from)\n"
  "  sites=off      announce deep items with code before each construct\n"
  "                 instead of a static table per unit (for comparison)\n"
  "  warnings=none|all|error\n"
  "                 the plugin's warnings off, on (default) or errors;\n"
  "                 -Wno-deepmap turns them off too\n"
  "source annotations (include/deepmap.h):\n"
  "  __attribute__ ((counted_by (n)))   on a pointer field: it points to n\n"
  "                                     elements; on a flexible array\n"
  "                                     member: it has n\n"
  "  __attribute__ ((deepmap_shallow))  on a variable, parameter or\n"
  "                                     pointer field: never deep\n"
  "  #pragma deepmap shallow            the next target construct of the\n"
  "                                     block stays shallow\n"
  "  #pragma deepmap diagnostic ignored|warning|error|push|pop\n"
  "                                     the plugin's warnings from there on\n"
  "  #pragma deepmap pipeline(static[C,S]) pipeline_map(to|from|tofrom:\n"
  "          A[split:len][...]) pipeline_mem_limit(N K|M|G)\n"
  "                                     on a for loop: run it in chunks\n"
  "                                     through a device ring buffer\n"
  "the plugin predefines __DEEPMAP_PLUGIN__\n";

static struct plugin_info dm_info = {
  "0.1",
  dm_help
};

static void
dm_usage (void)
{
  fputs (dm_help, stderr);
}

/* Predefine __DEEPMAP_PLUGIN__ so that headers can spell counted_by only
   when someone understands it.  Pragmas are registered once cpplib has its
   hash table, also when only preprocessing.  */
static void
dm_define_macro (void *event_data, void *user_data)
{
  if (parse_in)
    cpp_define (parse_in, "__DEEPMAP_PLUGIN__=1");
}

/* Is FUN another function than the one *KEY remembers (then *KEY
   remembers FUN now)?  The analyses' answers kept per function are
   dropped when it changes: a function's number tells a new body from
   one that reuses the address of a finished function's.  */
bool
dm_new_function_p (dm_function_key *key, function *fun)
{
  if (key->fun == fun && key->no == fun->funcdef_no)
    return false;
  key->fun = fun;
  key->no = fun->funcdef_no;
  return true;
}

/* *MAP, answers kept for the current function only (KEY remembers
   which): made afresh, the old one's vectors released, when the pass
   is on another function.  True when it was.  */
bool
dm_fresh_for_function (dm_function_key *key, hash_map<tree, vec<tree> > *&map)
{
  if (!dm_new_function_p (key, cfun))
    return false;
  if (map)
    for (auto it = map->begin (); it != map->end (); ++it)
      (*it).second.release ();
  delete map;
  map = new hash_map<tree, vec<tree> >;
  return true;
}

/* Put PASS before or after (POS) the first instance of pass REF.  */
void
dm_insert_pass (const char *name, opt_pass *pass, const char *ref,
		enum pass_positioning_ops pos)
{
  struct register_pass_info info;
  info.pass = pass;
  info.reference_pass_name = ref;
  info.ref_pass_instance_number = 1;
  info.pos_op = pos;
  register_callback (name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  bool off = false, help = false, hoist = true, sites = true;
  const char *report = NULL, *warnings = NULL;

  dm_plugin_name = info->base_name;
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("deepmap: plugin built for GCC %s cannot run in GCC %s",
	     gcc_version.basever, version->basever);
      return 1;
    }

  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key;
      const char *value = info->argv[i].value;
      if (!strcmp (key, "help") && !value)
	help = true;
      else if (!strcmp (key, "off") && !value)
	off = true;
      else if (!strcmp (key, "no-hoist") && !value)
	hoist = false;
      else if (!strcmp (key, "hoist") && value
	       && (!strcmp (value, "off") || !strcmp (value, "on")))
	hoist = !strcmp (value, "on");
      else if (!strcmp (key, "overwrite") && value
	       && (!strcmp (value, "off") || !strcmp (value, "on")))
	dm_overwrite_enabled = !strcmp (value, "on");
      else if (!strcmp (key, "sites") && value
	       && (!strcmp (value, "off") || !strcmp (value, "on")))
	sites = !strcmp (value, "on");
      else if (!strcmp (key, "report"))
	report = value ? value : "";
      else if (!strcmp (key, "warnings") && value)
	warnings = value;
      else if (value)
	error ("deepmap: unknown option %<-fplugin-arg-%s-%s=%s%>",
	       dm_plugin_name, key, value);
      else
	error ("deepmap: unknown option %<-fplugin-arg-%s-%s%>",
	       dm_plugin_name, key);
    }
  /* Link-time compilation (lto1): the front end's work (descriptors,
     pragmas, the marks of the early passes) was done when each unit was
     compiled; with -flto the late passes run here, so does hoisting, on
     the whole program as partitioned (a callee of another unit that
     holds constructs may be inlined into its caller's loop now).  */
  if (!dm_in_c_front_end ())
    {
      if (hoist && !off)
	{
	  if (report && !dm_report_open (report))
	    return 1;
	  dm_register_hoist (dm_plugin_name);
	}
      return 0;
    }
  if (help)
    dm_usage ();
  if (!dm_diag_init (warnings))
    error ("deepmap: %<-fplugin-arg-%s-warnings=%s%>: expected %<none%>, "
	   "%<all%> or %<error%>", dm_plugin_name, warnings);
  if (report && !dm_report_open (report))
    return 1;

  register_callback (dm_plugin_name, PLUGIN_INFO, NULL, &dm_info);
  register_callback (dm_plugin_name, PLUGIN_PRAGMAS, dm_define_macro, NULL);

  /* Source annotations are accepted even when off, so that the same
     sources build either way.  */
  dm_wrap_identifier_hook ();
  register_callback (dm_plugin_name, PLUGIN_ATTRIBUTES,
		     dm_register_attributes, NULL);
  register_callback (dm_plugin_name, PLUGIN_FINISH_TYPE, dm_check_struct,
		     NULL);
  register_callback (dm_plugin_name, PLUGIN_PRAGMAS, dm_register_pragmas,
		     NULL);
  if (off)
    return 0;

  register_callback (dm_plugin_name, PLUGIN_PRE_GENERICIZE, dm_match_pragmas,
		     NULL);
  register_callback (dm_plugin_name, PLUGIN_FINISH_UNIT, dm_finish_pipelines,
		     NULL);
  dm_types_register_roots (dm_plugin_name);
  dm_register_pass (dm_plugin_name);
  if (sites)
    dm_register_sites (dm_plugin_name);
  if (hoist)
    dm_register_hoist (dm_plugin_name);
  dm_hoist_enabled = hoist;
  return 0;
}
