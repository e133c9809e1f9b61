/* deepmap-plugin.h -- what the files of the deepmap GCC plugin share.

   deepmap.c      plugin_init, options, registration of everything
   dm-attribs.c   counted_by and deepmap_shallow attributes
   dm-pragma.c    #pragma deepmap shallow (per-construct opt-out) and
                  nohoist
   dm-pipeline.c  #pragma deepmap pipeline (pipelined loops)
   dm-types.c     type descriptors emitted as static data
   dm-annotate.c  the GIMPLE pass: annotate each target construct
   dm-overwrite.c which items a region stores to in full before reading,
                  only reads, or reads only where it or the region
                  before it stored
   dm-sites.c     after omp-expand: annotations become a static table
   dm-hoist.c     the GIMPLE pass that keeps data on the device across loops
   dm-tests.c     the unit's functions that hoisting's run-time tests call
   dm-devwrite.c  which sections a construct's device code may write
   dm-escape.c    memory no code the hoisting pass cannot see can reach
   dm-parallel.c  what a host parallel region in a kept loop may touch
   dm-storage.c   where memory comes from: allocations, variables and
                  std::vector buffers that cannot overlap
   dm-report.c    -fplugin-arg-deepmap-report output
   dm-diag.c      the plugin's warnings and how they are controlled
   dm-indexed.c   which pointer fields to structures the code indexes  */
#ifndef DEEPMAP_PLUGIN_H
#define DEEPMAP_PLUGIN_H

#include "dm-compat.h"

/* The descriptor ABI (struct deepmap_type and its constants) is
   include/deepmap.h's: the plugin emits what that header declares, and
   dm-types.c checks the record types it builds against its layout.  */
#include "deepmap.h"

#define DM_DESCRIPTOR_VERSION DEEPMAP_DESCRIPTOR_VERSION
#define DM_COUNT_ONE DEEPMAP_COUNT_ONE
#define DM_COUNT_FIXED DEEPMAP_COUNT_FIXED
#define DM_COUNT_FIELD DEEPMAP_COUNT_FIELD
#define DM_COUNT_END DEEPMAP_COUNT_END

extern const char *dm_plugin_name;

/* deepmap.c */
extern void dm_insert_pass (const char *name, opt_pass *pass, const char *ref,
			    enum pass_positioning_ops pos);
struct dm_function_key
{
  function *fun = NULL;
  int no = -1;
};
extern bool dm_new_function_p (dm_function_key *key, function *fun);
extern bool dm_fresh_for_function (dm_function_key *key,
				   hash_map<tree, vec<tree> > *&map);

/* dm-attribs.c */
extern void dm_register_attributes (void *event_data, void *user_data);
extern void dm_wrap_identifier_hook (void);
extern void dm_check_struct (void *event_data, void *user_data);
extern void dm_check_counts (tree type);
extern bool dm_is_shallow (const_tree decl);
extern tree dm_counted_by (const_tree field, const vec<tree> &scopes,
			   const vec<HOST_WIDE_INT> &bases,
			   HOST_WIDE_INT rec_base, HOST_WIDE_INT *offset);

/* dm-pragma.c */
extern void dm_register_pragmas (void *event_data, void *user_data);
extern void dm_match_pragmas (void *event_data, void *user_data);
extern bool dm_construct_is_shallow (location_t loc);
extern bool dm_before (location_t a, location_t b);
extern bool dm_nohoist_pragma (location_t lo, location_t hi, unsigned i,
			       location_t *loc);

/* dm-indexed.c */
/* Note the pointer fields to structures FUN's code uses as arrays.  */
extern void dm_note_indexing (function *fun);
/* Has code of the unit indexed FIELD (so far)?  *WHERE: where first.  */
extern bool dm_field_indexed (tree field, location_t *where);

/* dm-pipeline.c */
extern void dm_register_pipeline_pragma (void);
extern void dm_lower_pipelines (tree fndecl);
extern void dm_finish_pipelines (void *event_data, void *user_data);
/* Is FIELD a lambda's capture of an array a pipelined loop streams (no
   guess of deep copy's to warn of: the loop's slots hold it)?  */
extern bool dm_pipe_captured_field_p (tree field);

/* What one target region does with one item it maps, where every bound
   and stride is a constant (dm-overwrite.c): SIZE bytes at
   C0 + sum STRIDE[k] * i_k, for i_k from LO[k] up to HI[k].  */
#define DM_SUMMARY_LOOPS 3
struct dm_const_place
{
  HOST_WIDE_INT c0, size;
  unsigned n;
  HOST_WIDE_INT stride[DM_SUMMARY_LOOPS], lo[DM_SUMMARY_LOOPS],
    hi[DM_SUMMARY_LOOPS];
};

struct dm_access_summary
{
  bool written_first;		/* dm_region_reads_written held */
  vec<dm_const_place> stores;	/* made every time the region runs */
  vec<dm_const_place> loads;	/* of bytes it did not store first */
};

/* dm-types.c */
extern tree dm_annotation_type (void);
extern tree dm_descriptor_for (tree type, location_t construct);
/* Warn about the guesses of one element that a deep item of TYPE relies
   on: those of its own pointer fields the construct attaches itself
   (ATTACHED: their FIELD_DECLs) are not guesses.  */
extern void dm_warn_guesses (tree type, const vec<tree> &attached);
extern void dm_finish_descriptors (void);
extern tree dm_element_type (tree type);
extern void dm_add_member (tree *chain, const char *name, tree type);
extern char *dm_type_name (tree type);
extern void dm_types_register_roots (const char *name);
extern tree dm_overwrite_marker (void);
extern bool dm_std_vector (tree type);
extern tree dm_new_static (tree name, tree type);
extern tree dm_read_only_marker (void);
extern tree dm_written_first_marker (void);
extern tree dm_read_only_pending_marker (void);
extern bool dm_is_read_only_pending_marker (tree desc);
extern bool dm_is_overwrite_marker (tree desc);
extern bool dm_is_written_first_marker (tree desc);
extern tree dm_access_marker (dm_access_summary *summary);
extern const dm_access_summary *dm_marker_access (tree desc);
extern bool dm_is_mark (tree desc);

/* dm-annotate.c */
extern void dm_register_pass (const char *name);
extern tree dm_annotate_decl (void);
extern bool dm_is_annotate_decl (tree decl);

/* dm-annotate.c */
extern bool dm_data_map_kind (enum gomp_map_kind kind);

/* dm-overwrite.c */
extern bool dm_overwrite_enabled;
extern bool dm_region_overwrites (gimple_stmt_iterator gsi, gomp_target *stmt,
				  tree clause, tree *cond);
extern bool dm_region_reads_only (gimple_stmt_iterator gsi, gomp_target *stmt,
				  tree clause);
extern bool dm_scalar_reads_only (gomp_target *stmt, tree c);
extern bool dm_region_reads_only_but_calls (gimple_stmt_iterator gsi,
					    gomp_target *stmt, tree c);
extern bool dm_region_reads_written (gimple_stmt_iterator gsi,
				     gomp_target *stmt, tree c,
				     dm_access_summary **summary);
extern bool dm_loads_stored_before
  (const dm_access_summary *reader,
   const vec<const dm_access_summary *> &writers);

/* dm-sites.c */
extern void dm_register_sites (const char *name);
extern tree dm_site_descriptor (tree kinds, unsigned index);
extern void dm_pending_sites_of (tree key, vec<unsigned> &indexes);
extern void dm_make_site_read_only (tree key, unsigned index);
extern tree dm_static_data (tree name, tree type,
			   vec<constructor_elt, va_gc> *elts);
extern bool dm_site_overwritten (tree kinds, unsigned index);
extern bool dm_site_written_first (tree kinds, unsigned index);
extern const dm_access_summary *dm_site_access (tree kinds, unsigned index);

/* dm-hoist.c */
extern bool dm_hoist_enabled;
extern void dm_register_hoist (const char *name);

/* dm-tests.c */
enum dm_omp_query { DM_IS_PRESENT, DM_DEFAULT_DEVICE };
enum dm_test { DM_TEST_APART, DM_TEST_ABSENT, DM_FILL_KINDS, DM_TEST_COUNT };
extern tree dm_omp_query_decl (enum dm_omp_query which);
extern void dm_make_test_functions (void);
extern tree dm_test_function (enum dm_test which);
extern bool dm_test_function_p (const_tree fn);
extern void dm_register_tests (const char *name);

/* dm-devwrite.c */
extern void dm_note_outlined (function *fun);
extern bool dm_device_may_write (tree fn, unsigned index, bool direct);
extern bool dm_plain_value_type_p (tree type);
extern bool dm_device_writes_through_field (tree fn, unsigned slot,
					    HOST_WIDE_INT offset);
extern bool dm_device_writes_through_loaded (tree fn,
					     unsigned HOST_WIDE_INT slots);

/* dm-escape.c */
extern bool dm_presence_query_p (gcall *call);
extern bitmap dm_private_pointers (tree addr, tree *decl);
extern bool dm_allocations_of (tree addr, vec<tree> &allocs, int depth = 0,
			       bool cells = false);
extern bool dm_local_apart_p (tree v, tree addr);
extern bool dm_kept_argument_p (gcall *call, tree name);
extern tree dm_array_pointer (tree addr);
extern bool dm_var_only_in_constructs_p (tree v);
extern bool dm_var_address_only_in (tree v, bool (*also) (tree));
extern bool dm_takes_address (gimple *stmt, tree decl);
extern bool dm_may_hold_pointers (tree type, int depth = 0);
extern bool dm_has_flexible_array (const_tree type);
extern void dm_typed_by (ao_ref *r, tree type);
extern bool dm_call_reads_only (gcall *call, bitmap priv);
extern bool dm_private_touched_after (tree addr, vec<basic_block> &starts,
				      gimple *after);
extern bool dm_cell_holds_private (tree v, bitmap priv);
extern hash_map<tree, vec<tree> > *dm_stored_values (void);

/* dm-parallel.c */
extern bool dm_parallel_start_p (gcall *call, tree *fn, tree *block);
extern bool dm_parallel_may_reach (gcall *call, bitmap priv, tree decl);
extern bool dm_parallel_body_stores_nothing (tree fn);
extern bool dm_parallel_may_read (gcall *call, ao_ref *ref);
/* While one lives, what the function does with the argument blocks of
   its host parallel regions is looked up once for each: for a caller
   that asks many times and changes no statement meanwhile.  */
class dm_parallel_cache
{
public:
  dm_parallel_cache ();
  ~dm_parallel_cache ();
};
extern void dm_note_parallel_body (function *fun);
extern bool dm_var_only_in_omp_blocks_p (tree v);
extern bool dm_var_only_in_reading_blocks_p (tree v);

/* dm-storage.c */
struct dm_vector
{
  tree base;			/* where the vector object lies: a pointer */
  HOST_WIDE_INT off;		/* or a variable, and the offset from it */
  tree elt;			/* its arithmetic element type */
};
extern bool dm_vector_data (tree addr, dm_vector *v);
extern bool dm_sections_apart_by_origin (tree a, tree b);
extern bool dm_stmt_apart (gimple *stmt, tree addr);
extern bool dm_pointer_apart_from_ref (tree p, ao_ref *ref);
extern bool dm_vector_call_spares (gcall *call, ao_ref *ref);
extern void dm_note_pointer_cells (void);

/* dm-diag.c */
extern bool dm_diag_init (const char *value);
extern void dm_handle_pragma_diagnostic (cpp_reader *reader);
extern bool dm_warning (location_t loc, const char *gmsgid, ...);
extern tree dm_shown (tree type);

/* dm-report.c */
extern bool dm_report_open (const char *file);
extern bool dm_reporting (void);
extern void dm_report (location_t loc, const char *fmt, ...)
  ATTRIBUTE_PRINTF_2;

#endif
