// const-table.c built as C++: a `static const' table is never copied
// back.
// { dg-options "-fplugin-arg-deepmap-report" }
#include "const-table.c"
// { dg-final { scan-deepmap-report "const-table.c:26:9: deepmap: hoist: 'table' kept on the device across the loop at const-table.c:24 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } }
