/* export.h -- marks the entry points deepmap implements itself; the build
   collects them (default visibility) and gives each the symbol version
   the system libgomp uses.  */
#ifndef DM_EXPORT_H
#define DM_EXPORT_H

#define DM_EXPORT __attribute__ ((visibility ("default")))

#endif
