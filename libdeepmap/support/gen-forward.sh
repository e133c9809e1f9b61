#!/bin/sh
# gen-forward.sh -- generate the forwarding layer of deepmap's libgomp.so.1.
#
# Usage:
#   gen-forward.sh SYSTEM_LIBGOMP IMPLEMENTED_TXT EXTRA_EXPORTS_TXT OUTDIR
#   gen-forward.sh --verify SYSTEM_LIBGOMP OUR_LIBGOMP [EXTRA_EXPORTS_TXT]
#
# Generation mode reads the version nodes and exported functions of the
# system libgomp and writes into OUTDIR:
#   libgomp.ver       the version script: every version node of the system
#                     library with its parents, each listing the names whose
#                     default (@@) version it is, plus our extra exports;
#   forward-stubs.S   one stub per forwarded (name, version) pair, jumping
#                     through dm_forward_table, plus the table and the list
#                     of forwarded names (layout: see forward.c).
# A pair is forwarded unless it is the default version of a name listed in
# IMPLEMENTED_TXT (one name a line).  EXTRA_EXPORTS_TXT has lines
# "NAME VERSION" for functions we implement that the system library lacks.
#
# Verify mode checks that OUR_LIBGOMP exports exactly the functions of
# SYSTEM_LIBGOMP (name, version, default or not) plus the extra exports, and
# declares the same version nodes; it prints the differences and exits 1 on
# any.  Needs only POSIX sh, awk, sort, comm and binutils' readelf.

set -e

me=gen-forward.sh

die ()
{
  echo "deepmap: error: $*" >&2
  exit 1
}

warn ()
{
  echo "deepmap: warning: $*" >&2
}

command -v readelf >/dev/null 2>&1 \
  || die "readelf not found, $me, install binutils"

# Defined, exported symbols of $1 as "name version D|N" (D: default @@),
# one a line; $2 = "func" keeps functions only.  Unversioned exports are
# printed with version "-".
list_exports ()
{
  readelf --dyn-syms -W "$1" | awk -v only="$2" '
    NF >= 8 && $1 ~ /^[0-9]+:$/ && $7 != "UND" && $7 != "ABS" \
    && ($5 == "GLOBAL" || $5 == "WEAK") \
    && ($6 == "DEFAULT" || $6 == "PROTECTED") {
      if (only == "func" && $4 != "FUNC" && $4 != "IFUNC")
        next
      if ($4 == "SECTION" || $4 == "FILE")
        next
      s = $8
      if ((i = index (s, "@@")) > 0)
        print substr (s, 1, i - 1), substr (s, i + 2), "D"
      else if ((i = index (s, "@")) > 0)
        print substr (s, 1, i - 1), substr (s, i + 1), "N"
      else
        print s, "-", "D"
    }'
}

# Version definitions of $1 as "node parent..." lines, in file order (a
# parent always comes before its children); the BASE entry is left out.
list_verdefs ()
{
  readelf -V -W "$1" | awk '
    /^Version definition section/ { in_d = 1; next }
    /^Version (needs|symbols) section/ { in_d = 0 }
    !in_d { next }
    /Flags:/ && /Name:/ {
      if (cur != "")
        print line
      cur = ""
      if ($0 ~ /Flags: BASE/)
        next
      cur = $NF
      line = cur
      next
    }
    /Parent [0-9]+:/ && cur != "" { line = line " " $NF }
    END { if (cur != "") print line }'
}

# Non-blank, non-comment lines of the extra-exports file as "name version".
read_extras ()
{
  awk -v file="$1" '
    /^[ \t]*(#|$)/ { next }
    NF != 2 {
      printf "deepmap: error: bad line %d, %s, expected \"NAME VERSION\"\n", \
             NR, file > "/dev/stderr"
      exit 1
    }
    { print $1, $2 }' "$1"
}

verify ()
{
  sys=$1
  ours=$2
  extras=$3
  [ -r "$sys" ] || die "cannot read $sys, $me --verify, no such file"
  [ -r "$ours" ] || die "cannot read $ours, $me --verify, no such file"
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/dm-verify.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT

  list_exports "$sys" all | awk '{ print $1 ($3 == "D" ? "@@" : "@") $2 }' \
    > "$tmp/want"
  list_verdefs "$sys" > "$tmp/want-nodes"
  if [ -n "$extras" ]; then
    read_extras "$extras" > "$tmp/extras"
    awk '{ print $1 "@@" $2 }' "$tmp/extras" >> "$tmp/want"
    # New version nodes are declared without parents.
    awk 'NR == FNR { known[$1] = 1; next }
         !($2 in known) { known[$2] = 1; print $2 }' \
      "$tmp/want-nodes" "$tmp/extras" > "$tmp/new-nodes"
    cat "$tmp/new-nodes" >> "$tmp/want-nodes"
  fi
  list_exports "$ours" all | awk '{ print $1 ($3 == "D" ? "@@" : "@") $2 }' \
    > "$tmp/have"
  list_verdefs "$ours" > "$tmp/have-nodes"

  sort -u "$tmp/want" > "$tmp/want.s"
  sort -u "$tmp/have" > "$tmp/have.s"
  sort -u "$tmp/want-nodes" > "$tmp/want-nodes.s"
  sort -u "$tmp/have-nodes" > "$tmp/have-nodes.s"
  bad=0
  comm -23 "$tmp/want.s" "$tmp/have.s" > "$tmp/missing"
  comm -13 "$tmp/want.s" "$tmp/have.s" > "$tmp/extra"
  comm -23 "$tmp/want-nodes.s" "$tmp/have-nodes.s" > "$tmp/nmissing"
  comm -13 "$tmp/want-nodes.s" "$tmp/have-nodes.s" > "$tmp/nextra"
  if [ -s "$tmp/missing" ]; then
    bad=1
    sed 's/^/  missing: /' "$tmp/missing" >&2
  fi
  if [ -s "$tmp/extra" ]; then
    bad=1
    sed 's/^/  unexpected: /' "$tmp/extra" >&2
  fi
  if [ -s "$tmp/nmissing" ]; then
    bad=1
    sed 's/^/  missing version node: /' "$tmp/nmissing" >&2
  fi
  if [ -s "$tmp/nextra" ]; then
    bad=1
    sed 's/^/  unexpected version node: /' "$tmp/nextra" >&2
  fi
  if [ $bad -ne 0 ]; then
    echo "deepmap: error: exports differ, $ours against $sys," \
         "see the lines above" >&2
    exit 1
  fi
  echo "$me: $ours exports the $(wc -l < "$tmp/want.s") symbols expected"
  exit 0
}

if [ "$1" = --verify ]; then
  [ $# -eq 3 ] || [ $# -eq 4 ] \
    || die "usage: $me --verify SYSTEM_LIBGOMP OUR_LIBGOMP [EXTRA_EXPORTS]"
  verify "$2" "$3" "$4"
fi

[ $# -eq 4 ] \
  || die "usage: $me SYSTEM_LIBGOMP IMPLEMENTED_TXT EXTRA_EXPORTS_TXT OUTDIR"
sys=$1
impl=$2
extras=$3
out=$4
[ -r "$sys" ] || die "cannot read $sys, $me, no such file (set SYSTEM_LIBGOMP)"
[ -r "$impl" ] || die "cannot read $impl, $me, no such file"
[ -r "$extras" ] || die "cannot read $extras, $me, no such file"
mkdir -p "$out"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dm-gen.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

list_exports "$sys" all > "$tmp/all"
list_exports "$sys" func | sort -k1,1 -k2,2 > "$tmp/funcs"
list_verdefs "$sys" > "$tmp/nodes"
read_extras "$extras" > "$tmp/extras"
[ -s "$tmp/funcs" ] || die "no exported functions in $sys, $me, not a libgomp"
[ -s "$tmp/nodes" ] || die "no version nodes in $sys, $me, not a libgomp"
if [ "$(wc -l < "$tmp/all")" != "$(wc -l < "$tmp/funcs")" ]; then
  die "$sys exports data objects, $me, only functions can be forwarded"
fi

# One awk pass decides every pair's fate and writes both outputs.
awk -v sysname="$sys" -v extrasname="$extras" -v ver="$out/libgomp.ver.tmp" \
    -v asm="$out/forward-stubs.S.tmp" '
  function warn (msg)
  {
    print "deepmap: warning: " msg > "/dev/stderr"
  }
  function fail (msg)
  {
    print "deepmap: error: " msg > "/dev/stderr"
    failed = 1
    exit 1
  }
  BEGIN { nfwd = 0; nnodes = 0 }
  FILENAME == ARGV[1] { impl[$1] = 1; next }
  FILENAME == ARGV[2] {
    node[++nnodes] = $1
    isnode[$1] = 1
    parents[$1] = ""
    for (i = 2; i <= NF; i++)
      parents[$1] = parents[$1] " " $i
    next
  }
  FILENAME == ARGV[3] {
    if ($2 == "-")
      fail("unversioned export " $1 ", " sysname ", cannot be reproduced")
    if (!($2 in isnode))
      fail("symbol " $1 "@" $2 " has no version node, " sysname ", odd readelf output")
    # Every default version is named in its node, ours or forwarded.
    if ($3 == "D")
      {
        sysdefault[$1] = $2
        members[$2] = members[$2] "    " $1 ";\n"
        if ($1 in impl)
          {
            exported[$1] = 1
            next
          }
      }
    fname[nfwd] = $1
    fver[nfwd] = $2
    fdef[nfwd] = ($3 == "D")
    if ($3 != "D")
      hasold[$2] = 1
    nfwd++
    next
  }
  FILENAME == ARGV[4] {
    if ($1 in sysdefault)
      fail("extra export " $1 "@" $2 " is already exported by " sysname ", " extrasname ", remove the line")
    if (!($1 in impl))
      {
        warn("extra export " $1 "@" $2 " is not implemented, left out")
        next
      }
    if (!($2 in isnode))
      {
        node[++nnodes] = $2
        isnode[$2] = 1
        parents[$2] = ""
      }
    members[$2] = members[$2] "    " $1 ";\n"
    exported[$1] = 1
    next
  }
  END {
    if (failed)
      exit 1
    for (n in impl)
      if (!(n in exported))
        warn("implemented function " n " is not exported (no default version in the system library, not in extra-exports.txt)")

    # ld hides name@NODE when NODE itself says "local: *", so that goes in
    # a node no non-default version uses.
    localnode = ""
    for (i = 1; i <= nnodes && localnode == ""; i++)
      if (!(node[i] in hasold))
        localnode = node[i]
    if (localnode == "")
      fail("every version node has non-default symbols, " sysname ", no node can hold local: *")

    print "/* libgomp.ver -- generated by gen-forward.sh from " sysname > ver
    print "   and " extrasname "; do not edit.  */" > ver
    for (i = 1; i <= nnodes; i++)
      {
        v = node[i]
        print "" > ver
        print v > ver
        print "{" > ver
        if (v in members)
          printf "  global:\n%s", members[v] > ver
        if (v == localnode)
          printf "  local:\n    *;\n" > ver
        print "}" parents[v] ";" > ver
      }

    print "/* forward-stubs.S -- generated by gen-forward.sh from" > asm
    print "   " sysname "; do not edit." > asm
    print "" > asm
    print "   " nfwd " stubs: stub K jumps to dm_forward_table[K], filled by" > asm
    print "   dm_forward_init (forward.c); a stub finding its slot empty (called" > asm
    print "   before the constructor) runs dm_forward_init first, keeping every" > asm
    print "   argument register.  dm_forward_strings holds \"name\\0version\\0\" for" > asm
    print "   K = 0 .. dm_forward_count - 1, in order.  */" > asm
    print "" > asm
    print "#if defined __x86_64__" > asm
    print "" > asm
    print "\t.macro dm_fwd_stub k, sym" > asm
    print "\t.text" > asm
    print "\t.p2align 4" > asm
    print "\t.globl \\sym" > asm
    print "\t.type \\sym, %function" > asm
    print "\\sym:" > asm
    print "\t.cfi_startproc" > asm
    print ".Ldm_fwd_retry_\\k:" > asm
    print "\tmovq dm_forward_table+8*\\k(%rip), %r11" > asm
    print "\ttestq %r11, %r11" > asm
    print "\tjz .Ldm_fwd_lazy_\\k" > asm
    print "\tjmp *%r11" > asm
    print ".Ldm_fwd_lazy_\\k:" > asm
    print "\tcall dm_forward_lazy" > asm
    print "\tjmp .Ldm_fwd_retry_\\k" > asm
    print "\t.cfi_endproc" > asm
    print "\t.size \\sym, .-\\sym" > asm
    print "\t.endm" > asm
    print "" > asm
    print "/* Save the argument registers (and %rax, the vector count of variadic" > asm
    print "   calls) around dm_forward_init; the stack stays 16-byte aligned.  */" > asm
    print "\t.text" > asm
    print "\t.p2align 4" > asm
    print "\t.type dm_forward_lazy, %function" > asm
    print "dm_forward_lazy:" > asm
    print "\t.cfi_startproc" > asm
    n = split("rax rdi rsi rdx rcx r8 r9", gpr, " ")
    for (i = 1; i <= n; i++)
      printf "\tpushq %%%s\n\t.cfi_adjust_cfa_offset 8\n", gpr[i] > asm
    print "\tsubq $136, %rsp" > asm
    print "\t.cfi_adjust_cfa_offset 136" > asm
    for (i = 0; i < 8; i++)
      printf "\tmovdqa %%xmm%d, %d(%%rsp)\n", i, 16 * i > asm
    print "\tcall dm_forward_init@PLT" > asm
    for (i = 0; i < 8; i++)
      printf "\tmovdqa %d(%%rsp), %%xmm%d\n", 16 * i, i > asm
    print "\taddq $136, %rsp" > asm
    print "\t.cfi_adjust_cfa_offset -136" > asm
    for (i = n; i >= 1; i--)
      printf "\tpopq %%%s\n\t.cfi_adjust_cfa_offset -8\n", gpr[i] > asm
    print "\tret" > asm
    print "\t.cfi_endproc" > asm
    print "\t.size dm_forward_lazy, .-dm_forward_lazy" > asm
    print "" > asm
    print "#elif defined __aarch64__" > asm
    print "" > asm
    print "\t.macro dm_fwd_stub k, sym" > asm
    print "\t.text" > asm
    print "\t.p2align 3" > asm
    print "\t.globl \\sym" > asm
    print "\t.type \\sym, %function" > asm
    print "\\sym:" > asm
    print "\t.cfi_startproc" > asm
    print ".Ldm_fwd_retry_\\k:" > asm
    print "\tadrp x16, dm_forward_table+8*\\k" > asm
    print "\tldr x16, [x16, #:lo12:dm_forward_table+8*\\k]" > asm
    print "\tcbz x16, .Ldm_fwd_lazy_\\k" > asm
    print "\tbr x16" > asm
    print ".Ldm_fwd_lazy_\\k:" > asm
    print "\tstp x29, x30, [sp, #-16]!" > asm
    print "\t.cfi_def_cfa_offset 16" > asm
    print "\t.cfi_offset 29, -16" > asm
    print "\t.cfi_offset 30, -8" > asm
    print "\tbl dm_forward_lazy" > asm
    print "\tldp x29, x30, [sp], #16" > asm
    print "\t.cfi_restore 30" > asm
    print "\t.cfi_restore 29" > asm
    print "\t.cfi_def_cfa_offset 0" > asm
    print "\tb .Ldm_fwd_retry_\\k" > asm
    print "\t.cfi_endproc" > asm
    print "\t.size \\sym, .-\\sym" > asm
    print "\t.endm" > asm
    print "" > asm
    print "/* Save x0-x8 and q0-q7 (the argument registers) around" > asm
    print "   dm_forward_init.  */" > asm
    print "\t.text" > asm
    print "\t.p2align 3" > asm
    print "\t.type dm_forward_lazy, %function" > asm
    print "dm_forward_lazy:" > asm
    print "\t.cfi_startproc" > asm
    print "\tstp x29, x30, [sp, #-224]!" > asm
    print "\t.cfi_def_cfa_offset 224" > asm
    print "\t.cfi_offset 29, -224" > asm
    print "\t.cfi_offset 30, -216" > asm
    print "\tmov x29, sp" > asm
    print "\tstp x0, x1, [sp, #16]" > asm
    print "\tstp x2, x3, [sp, #32]" > asm
    print "\tstp x4, x5, [sp, #48]" > asm
    print "\tstp x6, x7, [sp, #64]" > asm
    print "\tstr x8, [sp, #80]" > asm
    print "\tstp q0, q1, [sp, #96]" > asm
    print "\tstp q2, q3, [sp, #128]" > asm
    print "\tstp q4, q5, [sp, #160]" > asm
    print "\tstp q6, q7, [sp, #192]" > asm
    print "\tbl dm_forward_init" > asm
    print "\tldp x0, x1, [sp, #16]" > asm
    print "\tldp x2, x3, [sp, #32]" > asm
    print "\tldp x4, x5, [sp, #48]" > asm
    print "\tldp x6, x7, [sp, #64]" > asm
    print "\tldr x8, [sp, #80]" > asm
    print "\tldp q0, q1, [sp, #96]" > asm
    print "\tldp q2, q3, [sp, #128]" > asm
    print "\tldp q4, q5, [sp, #160]" > asm
    print "\tldp q6, q7, [sp, #192]" > asm
    print "\tldp x29, x30, [sp], #224" > asm
    print "\t.cfi_restore 30" > asm
    print "\t.cfi_restore 29" > asm
    print "\t.cfi_def_cfa_offset 0" > asm
    print "\tret" > asm
    print "\t.cfi_endproc" > asm
    print "\t.size dm_forward_lazy, .-dm_forward_lazy" > asm
    print "" > asm
    print "#else" > asm
    print "# error \"deepmap: forwarding stubs exist for x86_64 and aarch64 only\"" > asm
    print "#endif" > asm
    print "" > asm

    # Default versions are plain globals the version script names;
    # non-default ones are private stubs given name@VERSION by .symver.
    for (k = 0; k < nfwd; k++)
      {
        if (fdef[k])
          printf "\tdm_fwd_stub %d, %s\n", k, fname[k] > asm
        else
          {
            stub = "dm_fwd_" k "_" fname[k]
            printf "\tdm_fwd_stub %d, %s\n", k, stub > asm
            printf "\t.symver %s, %s@%s\n", stub, fname[k], fver[k] > asm
          }
      }

    print "" > asm
    print "\t.section .rodata" > asm
    print "\t.p2align 3" > asm
    print "\t.globl dm_forward_count" > asm
    print "\t.hidden dm_forward_count" > asm
    print "\t.type dm_forward_count, %object" > asm
    print "\t.size dm_forward_count, 8" > asm
    print "dm_forward_count:" > asm
    print "\t.quad " nfwd > asm
    print "\t.globl dm_forward_strings" > asm
    print "\t.hidden dm_forward_strings" > asm
    print "\t.type dm_forward_strings, %object" > asm
    print "dm_forward_strings:" > asm
    for (k = 0; k < nfwd; k++)
      printf "\t.asciz \"%s\"\n\t.asciz \"%s\"\n", fname[k], fver[k] > asm
    print "\t.size dm_forward_strings, .-dm_forward_strings" > asm
    print "" > asm
    print "\t.bss" > asm
    print "\t.p2align 3" > asm
    print "\t.globl dm_forward_table" > asm
    print "\t.hidden dm_forward_table" > asm
    print "\t.type dm_forward_table, %object" > asm
    print "\t.size dm_forward_table, " 8 * (nfwd > 0 ? nfwd : 1) > asm
    print "dm_forward_table:" > asm
    print "\t.skip " 8 * (nfwd > 0 ? nfwd : 1) > asm
    print "" > asm
    print "\t.section .note.GNU-stack,\"\",%progbits" > asm
    close(ver)
    close(asm)
    nimpl = 0
    for (n in exported)
      nimpl++
    printf "gen-forward.sh: %d pairs forwarded, %d functions implemented\n", \
           nfwd, nimpl > "/dev/stderr"
  }
' "$impl" "$tmp/nodes" "$tmp/funcs" "$tmp/extras" \
  || die "generation failed, $me, see the messages above"

mv "$out/libgomp.ver.tmp" "$out/libgomp.ver"
mv "$out/forward-stubs.S.tmp" "$out/forward-stubs.S"
