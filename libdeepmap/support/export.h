/* export.h -- marks the entry points deepmap implements itself; the build
   collects them (default visibility) and gives each the symbol version
   the system libgomp uses.  */
#ifndef DM_EXPORT_H
#define DM_EXPORT_H

#define DM_EXPORT __attribute__ ((visibility ("default")))

/* Thread-local state of the runtime.  The library is loaded with the
   program (it is libgomp.so.1), so the initial-exec model applies and
   spares every access a __tls_get_addr call on the mapping hot path.  */
#define DM_TLS __thread __attribute__ ((tls_model ("initial-exec")))

#endif
