// cxx-vector-buffers.C with -flto: lto1 knows the vectors by the
// mangled names of their types, and the pointer cell by the bodies of
// its partition (the cell is used by no other).  The same bytes as
// without -flto.
// { dg-options "-flto -fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 16 transfers 65632 bytes, d2h 15 transfers 245760 bytes" { target offload_device } }
#include "cxx-vector-buffers.C"

// { dg-final { scan-deepmap-report "'domain->m_x\\.data\\(\\)' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report-not "'domain->m_x\\.data\\(\\)' copied" } }
// { dg-final { scan-deepmap-report-not "'domain->m_ss\\.data\\(\\)' copied" } }
