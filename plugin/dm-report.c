/* dm-report.c -- -fplugin-arg-deepmap-report[=FILE]: one line per fact,
   "FILE:LINE:COLUMN: deepmap: TEXT", located at the target construct the
   fact was found for.  Lines go to stderr or are appended to FILE (one
   file can collect the reports of several compilations).  */
#include "deepmap-plugin.h"

static FILE *dm_report_file;

bool
dm_report_open (const char *file)
{
  if (!*file)
    {
      dm_report_file = stderr;
      return true;
    }
  dm_report_file = fopen (file, "a");
  if (!dm_report_file)
    {
      error ("deepmap: cannot open report file %qs: %m", file);
      return false;
    }
  return true;
}

bool
dm_reporting (void)
{
  return dm_report_file != NULL;
}

void
dm_report (location_t loc, const char *fmt, ...)
{
  va_list ap;

  if (!dm_report_file)
    return;
  expanded_location x = expand_location (loc);
  fprintf (dm_report_file, "%s:%d:%d: deepmap: ", x.file ? x.file : "<unknown>",
	   x.line, x.column);
  va_start (ap, fmt);
  vfprintf (dm_report_file, fmt, ap);
  va_end (ap);
  fputc ('\n', dm_report_file);
  fflush (dm_report_file);
}
