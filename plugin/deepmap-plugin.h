/* deepmap-plugin.h -- what the files of the deepmap GCC plugin share.

   deepmap.c      plugin_init, options, registration of everything
   dm-attribs.c   counted_by and deepmap_shallow attributes
   dm-pragma.c    #pragma deepmap shallow (per-construct opt-out)
   dm-pipeline.c  #pragma deepmap pipeline (pipelined loops)
   dm-types.c     type descriptors emitted as static data
   dm-annotate.c  the GIMPLE pass: annotate each target construct
   dm-hoist.c     the GIMPLE pass that keeps data on the device across loops
   dm-report.c    -fplugin-arg-deepmap-report output  */
#ifndef DEEPMAP_PLUGIN_H
#define DEEPMAP_PLUGIN_H

#include "dm-compat.h"

/* Must match DEEPMAP_DESCRIPTOR_VERSION and the enum of include/deepmap.h;
   the plugin builds without the runtime's header.  */
#define DM_DESCRIPTOR_VERSION 1
#define DM_COUNT_ONE 0
#define DM_COUNT_FIXED 1
#define DM_COUNT_FIELD 2
#define DM_COUNT_END 3

extern const char *dm_plugin_name;

/* deepmap.c */
extern void dm_insert_pass (const char *name, opt_pass *pass, const char *ref,
			    enum pass_positioning_ops pos);

/* dm-attribs.c */
extern void dm_register_attributes (void *event_data, void *user_data);
extern void dm_wrap_identifier_hook (void);
extern void dm_check_struct (void *event_data, void *user_data);
extern void dm_check_counts (tree type);
extern bool dm_is_shallow (const_tree decl);
extern tree dm_counted_by (const_tree field);

/* dm-pragma.c */
extern void dm_register_pragmas (void *event_data, void *user_data);
extern void dm_match_pragmas (void *event_data, void *user_data);
extern bool dm_construct_is_shallow (location_t loc);
extern bool dm_before (location_t a, location_t b);

/* dm-pipeline.c */
extern void dm_register_pipeline_pragma (void);
extern void dm_lower_pipelines (tree fndecl);
extern void dm_finish_pipelines (void *event_data, void *user_data);

/* dm-types.c */
extern tree dm_annotation_type (void);
extern tree dm_descriptor_for (tree type, location_t construct);
extern void dm_finish_descriptors (void);
extern tree dm_element_type (tree type);
extern void dm_add_member (tree *chain, const char *name, tree type);
extern void dm_types_register_roots (const char *name);

/* dm-annotate.c */
extern void dm_register_pass (const char *name);

/* dm-hoist.c */
extern void dm_register_hoist (const char *name);

/* dm-report.c */
extern bool dm_report_open (const char *file);
extern bool dm_reporting (void);
extern void dm_report (location_t loc, const char *fmt, ...)
  ATTRIBUTE_PRINTF_2;

#endif
