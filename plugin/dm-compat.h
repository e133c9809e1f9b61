/* dm-compat.h -- the GCC headers the deepmap plugin needs, and the few
   spots where GCC versions differ.  The plugin is written against GCC 12;
   everything version-dependent is kept here.  */
#ifndef DM_COMPAT_H
#define DM_COMPAT_H

#include "gcc-plugin.h"
#include "tree.h"
/* The C front end's headers first: they set up diagnostic formats.  */
#include "c-family/c-common.h"
#include "c-family/c-pragma.h"
#include "tree-core.h"
#include "stringpool.h"
#include "attribs.h"
#include "diagnostic-core.h"
#include "diagnostic.h"
#include "stor-layout.h"
#include "fold-const.h"
#include "varasm.h"
#include "cgraph.h"
#include "target.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify.h"
#include "tree-pass.h"
#include "tree-iterator.h"
#include "omp-general.h"
#include "gomp-constants.h"
#include "tree-pretty-print.h"

#if BUILDING_GCC_MAJOR != 12
# error "the deepmap plugin is written for GCC 12"
#endif

/* With -flto the driver loads the plugin into lto1 as well, which has no
   C front end: the front end's symbols are weak references there, and
   plugin_init does nothing but check the options (dm_in_c_front_end).  */
extern struct cpp_reader *parse_in __attribute__ ((weak));
extern void c_register_pragma (const char *, const char *,
			       pragma_handler_1arg) __attribute__ ((weak));
extern enum cpp_ttype pragma_lex (tree *, location_t *) __attribute__ ((weak));
extern void c_register_pragma_with_expansion (const char *, const char *,
					      pragma_handler_1arg)
  __attribute__ ((weak));
extern tree lookup_name (tree) __attribute__ ((weak));
extern c_language_kind c_language __attribute__ ((weak));
extern tree add_stmt (tree) __attribute__ ((weak));
extern stmt_tree current_stmt_tree (void) __attribute__ ((weak));

static inline bool
dm_in_c_front_end (void)
{
  return c_register_pragma != NULL && pragma_lex != NULL;
}

/* GCC 12's root-table walkers are macros naming the language hooks.  */
#define DM_GGC_MARK_TREE gt_ggc_mx_tree_node
#define DM_PCH_WALK_TREE gt_pch_nx_tree_node

/* An attribute_spec initializer: NAME taking MIN..MAX arguments, on a
   declaration, handled by HANDLER.  GCC 12's layout.  */
#define DM_DECL_ATTRIBUTE(name, min, max, handler) \
  { name, min, max, true, false, false, false, handler, NULL }

#endif
