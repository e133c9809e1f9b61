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

   Usage:
     gcc -fopenmp -fplugin=/path/to/deepmap.so file.c
     -fplugin-arg-deepmap-help          print this usage
     -fplugin-arg-deepmap-off           annotate nothing (attributes and
                                        pragmas are still accepted)
     -fplugin-arg-deepmap-report[=FILE] describe every annotated construct
                                        and type, and every hoisted or
                                        missed section, on stderr (or
                                        append to FILE)
     -fplugin-arg-deepmap-hoist=off     keep no data on the device across
     (or -fplugin-arg-deepmap-no-hoist) loops (see dm-hoist.c)

   In the source (see include/deepmap.h, deepmap_counted_by):
     T *p __attribute__ ((counted_by (n)));   p points to n elements, n an
                                              integer field of the struct
     __attribute__ ((deepmap_shallow))        on a variable, parameter or
                                              pointer field: never deep
     #pragma deepmap shallow                  the next target construct of
                                              the function stays shallow
   The plugin predefines __DEEPMAP_PLUGIN__.  */
#include "deepmap-plugin.h"
#include "plugin-version.h"

int plugin_is_GPL_compatible;

const char *dm_plugin_name;

static struct plugin_info dm_info = {
  "0.1",
  "deepmap: automatic deep copy of pointer-based data for OpenMP target "
  "constructs (-fplugin-arg-deepmap-help for options)"
};

static void
dm_usage (void)
{
  fprintf (stderr,
	   "deepmap plugin options (-fplugin-arg-deepmap-OPTION):\n"
	   "  help           print this text\n"
	   "  off            do not annotate target constructs\n"
	   "  report         describe annotated constructs and types on "
	   "stderr\n"
	   "  report=FILE    the same, appended to FILE\n"
	   "  hoist=off      keep no data on the device across loops "
	   "(also no-hoist)\n"
	   "source annotations:\n"
	   "  __attribute__ ((counted_by (n)))   on a pointer field: it points "
	   "to n elements\n"
	   "  __attribute__ ((deepmap_shallow))  on a variable or pointer "
	   "field: never deep\n"
	   "  #pragma deepmap shallow            the next target construct "
	   "stays shallow\n");
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
  bool off = false, help = false, hoist = true;
  const char *report = NULL;

  dm_plugin_name = info->base_name;
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("deepmap plugin built for GCC %s cannot run in GCC %s",
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
      else if (!strcmp (key, "report"))
	report = value ? value : "";
      else if (value)
	error ("unknown option %<-fplugin-arg-%s-%s=%s%>", dm_plugin_name,
	       key, value);
      else
	error ("unknown option %<-fplugin-arg-%s-%s%>", dm_plugin_name, key);
    }
  /* Link-time compilation: the work was done when the unit was compiled.  */
  if (!dm_in_c_front_end ())
    return 0;
  if (help)
    dm_usage ();
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
  if (hoist)
    dm_register_hoist (dm_plugin_name);
  return 0;
}
