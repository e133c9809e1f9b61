/* dm-hoist.c -- transfer hoisting: keep data on the device across a loop
   of target constructs.

   A loop such as

     for (t = 0; t < steps; t++)
       {
         #pragma omp target map(tofrom: a[0:n])
         ...
       }

   copies a[0:n] in and out at every iteration.  This pass, which runs on
   optimised GIMPLE (after PRE, so that loop-invariant computations are
   already outside the loop and points-to information exists), finds the
   GOMP_target_ext calls that omp-expand made of such constructs, reads
   their hostaddrs/sizes/kinds arrays, and for each mapped section that it
   can prove safe inserts, in the loop's preheader, the equivalent of

     #pragma omp target enter data map(to or alloc: <section>)

   and on every exit edge of the loop

     #pragma omp target exit data map(from or release: <section>)

   as GOMP_target_enter_exit_data calls, exactly as GCC emits them for
   those directives.  The constructs inside the loop are left alone: the
   section is present, so by reference counting their maps move nothing.
   Only standard entry points are called, so the binary means the same
   under any libgomp.

   The exit data copies a section back unless nothing reads it after L
   (dm-escape.c) or no construct of L writes it (dm_group_writes_itself;
   a section that may share its bytes with a written one is tested
   apart from it on entry, below).

   The same is done around a run of constructs in one basic block (enter
   data before the first, exit data after the last) for sections that
   two or more of its constructs map and no kept loop holds.

   A section is kept on the device across loop (or run) L only when all
   of this holds (anything else is a "missed" line in the report, with
   why):
   - its address, size and device are values computed before L;
   - every construct of L that maps it maps it from or tofrom, so every
     device write was copied back to the host in the original program
     and the host copy always equalled the device copy at construct
     boundaries (a `to' map may be written on the device and discarded,
     which a resident copy would not discard), or `to' where the
     construct's outlined function provably writes nothing through it
     (dm-devwrite.c);
   - every other statement of L that may read or write its memory is a
     load or store of a constant number of bytes, not in a loop nested
     in L: it gets a target update from right before (a read) or a
     target update to right after (a write) of what it touches of the
     section, so the host and device copies meet where the original
     made them meet; calls (alias oracle; unknown calls count) and asm
     are not followed; no statement of L may throw, L has no target
     data/update/enter/exit constructs, and L is left only by normal
     edges;
   - a section that may overlap it is mapped by exactly the same
     constructs (then libgomp sees the same pairs together as before) and
     is itself kept, or both sections' addresses and sizes are computed
     before L: then a test on entry to L checks that they are disjoint,
     and everything L keeps is kept only where the test holds (a
     program that passes overlapping arrays runs as written).  */
#include "deepmap-plugin.h"
#include "ssa.h"
#include "cfgloop.h"
#include "tree-ssa-alias.h"
#include "tree-dfa.h"
#include "tree-cfg.h"
#include "tree-eh.h"
#include "tree-into-ssa.h"
#include "gimplify-me.h"
#include "gimple-fold.h"
#include "tree-data-ref.h"
#include "tree-scalar-evolution.h"
#include "except.h"
#include "tree-ssa-loop.h"
#include "tree-ssa-loop-niter.h"

/* -fplugin-arg-deepmap-hoist=off clears it.  */
bool dm_hoist_enabled = true;

#define DM_KIND_MASK 0xff

/* One data section of one target construct.  */
struct dm_item
{
  gcall *call;			/* the GOMP_target_ext call, or the
				   GOMP_target_data_ext of a target data
				   construct (DATA_REGION) */
  bool data_region;
  unsigned index;		/* its map number in the construct */
  tree addr, size, device;	/* GIMPLE values */
  unsigned kind;		/* full kind (alignment << 8 | map kind) */
  bool dynamic_kind;		/* zero-length sections get another kind */
  int group;			/* index of the first identical item */
  bool fixed;			/* MISSED holds whatever the loop */
  bool nohoist;			/* #pragma deepmap nohoist covers it */
  bool hoisted;
  unsigned enter_kind, exit_kind;	/* what the hoisted maps are */
  const char *missed;		/* last reason it was not hoisted */
  location_t loop;		/* where it was hoisted or last missed */
  /* Runs of constructs outside a kept loop (in one block).  */
  bool in_run;			/* HOISTED across a run, not a loop */
  const char *run_missed;	/* why the run did not keep it */
  location_t run_from, run_to;	/* the run's first and last construct */
  bool run_to_loop;		/* RUN_TO is a loop, not a construct */
  bool run_from_loop;		/* RUN_FROM is one */
  /* Kept only where this boolean is true at run time: the section and
     another one the alias oracle could not tell apart were found
     disjoint on entry to the region.  NULL: kept unconditionally.  */
  tree guard;
  bool tested_apart;		/* GUARD includes disjointness tests */
  /* Pointer swaps between steps: a section whose address is a PHI of a
     loop's header that takes its values from a few arrays set before
     the loop (A and B trading places each step) is ROTATING in ROT_LOOP;
     across that loop it is represented by one SYNTHETIC item per array
     (ORIG: the item it stands for), all of one rotation ROT_ID, which
     are kept together or not at all.  */
  class loop *rot_loop;
  bool rotating;		/* HOISTED as its arrays were */
  bool synthetic;
  unsigned orig;
  unsigned rot_id;		/* 0: none */
  bool dead_after;		/* no copy back: nothing reads it after */
  bool read_only;		/* no copy back: no construct writes it */
  /* Members of a mapped structure that lie end to end: one item for the
     bytes of all of them, the map numbers INDEX .. INDEX + SPAN - 1 (0
     for an ordinary item); SPAN_LAST: the last one's address.  */
  unsigned span;
  tree span_last;
  /* A deep item of its construct (dm-sites.c): its descriptor.  Kept
     WHOLE (with everything it reaches, the hoisted calls announce it
     deep) where the region does no host memory access at all; else the
     structure alone is kept and each construct maps what it reaches.  */
  tree deep_desc;
  /* Under LTO the compile step's marks are not seen: an item whose type
     may hold pointers may be a deep item all the same (the runtime's
     site table says so).  Counted as one wherever that is the careful
     side; never announced whole.  */
  bool maybe_deep;
  bool whole;
  /* Its construct's region stores to all of it before reading it
     (dm-overwrite.c).  DEFER_IN: some item of the group is, so the
     hoisted enter data announces it overwritten by its next use: the
     runtime then copies it in only if that use is not such a region.  */
  bool overwritten;
  bool defer_in;
  /* Its loop's enter data waits for the first construct that maps it
     (dm_emit_late_enter): set on the group's first item.  */
  bool enter_late;
  /* Entered by the runtime instead (latehoist.h): the static array of
     the N_LATE_TRIGGERS constructs' keys it waits for (its address,
     dm_construct_key), set on each item of the group
     (dm_late_by_runtime).  */
  tree late_triggers;
  unsigned n_late_triggers;
  /* Its construct's region reads only bytes of it that it, or the
     construct that always runs right before it, stored first
     (dm_region_reads_written).  NOT_COPIED_IN: every construct of the
     loop that keeps it is so, nothing comes back and the host touches
     none of it there: the enter data only allocates it.  */
  bool written_first;
  bool not_copied_in;
  /* REFILLED: the host writes it, and that write's update comes before
     any construct or other host access of the loop uses it
     (dm_update_comes_first): the enter data announces it overwritten
     (as DEFER_IN), and the runtime drops the copy in where that update
     sends all of it.  */
  bool refilled;
  /* What its construct's region does with it, where the bounds are
     constants (dm_access_summary): the loads another construct's stores
     may cover (dm_loads_written_before).  */
  const dm_access_summary *access;
};

/* Is IT a deep item, or may it be one (dm_item::maybe_deep)?  */
static inline bool
dm_deep_p (const dm_item *it)
{
  return it->deep_desc || it->maybe_deep;
}

/* A host load or store of a kept section: it gets a target update.  */
struct dm_access
{
  int group;			/* the section's group (its first item) */
  gimple *stmt;
  tree ref;			/* the memory it reads or writes */
  bool write;
  /* An access in a host loop nested in the kept loop: its update covers
     every iteration, before the loop (a read) or on its exit (a write).
     The address of iteration I is FIRST + I * STEP, for I from 0 to
     LATCHES.  */
  class loop *host_loop;
  tree first, step, latches;
  /* A call that may read (or write) the section: the whole section is
     copied back before it (and sent again after it).  REF is NULL.  */
  bool whole;
  /* For a whole access of one of a rotation's arrays: the rotating
     pointer the call is given, which points into one of them; the bytes
     updated are those of [THROUGH, THROUGH + size) in the section, none
     when THROUGH is another array (dm_rotation_call_access).  */
  tree through;
};

/* Where sections are kept: a loop, or a run (LOOP null) from construct
   FIRST to construct LAST, or to the start of block EXIT_BB when it ends
   with a loop.  A run lies at the level of loop LEVEL (loop 0: the
   function body): its statements are in LEVEL, or in loops of LEVEL
   that it holds whole.  */
struct dm_region
{
  class loop *loop;
  class loop *level;		/* the loop itself, or the run's level */
  gimple *first, *last;
  /* A run that starts with a loop: FIRST is NULL, and the run starts on
     that loop's preheader edge.  */
  edge enter_edge = NULL;
  basic_block exit_bb;
  location_t end_loc;		/* the loop that ends a run at EXIT_BB */
  auto_vec<gimple *> stmts;	/* every statement of the region */
  hash_set<gimple *> members;	/* the same, for lookups (runs) */
  /* Those that may access a kept section (dm_host_stmts).  */
  bool host_stmts_known = false;
  auto_vec<gimple *> host_stmts;
  auto_vec<edge> exits;		/* the loop's exit edges */
  location_t loc;
  /* Pairs of groups (their first items' indices in the state) that may
     overlap but are kept only if they do not, tested on entry.  */
  auto_vec<std::pair<unsigned, unsigned> > checks;
  /* Calls of the loop that may throw out of it: an exception from one
     runs the exit data on its way (dm_finish_throwers).  */
  auto_vec<gimple *> throwers;
  /* Whether a construct of the region writes each group (by its first
     item), asked once (dm_group_writes_itself).  */
  hash_map<int_hash<int, -1, -2>, bool> group_writes;
  /* (group, construct): the loop's enter data of that group waits for
     those constructs (dm_group_always_mapped), the first of each of
     its first passes that map it.  */
  auto_vec<std::pair<int, gimple *> > late_enters;
  /* The constructs of the loop its header reaches first (the first of
     each block that holds one), once known.  */
  bool first_calls_known = false;
  auto_vec<gimple *> first_calls;
};

/* Forget the constructs group G's enter data was to wait for in R.  */
static void
dm_forget_late_enter (dm_region *r, int g)
{
  unsigned kept = 0;
  for (unsigned i = 0; i < r->late_enters.length (); i++)
    if (r->late_enters[i].first != g)
      r->late_enters[kept++] = r->late_enters[i];
  r->late_enters.truncate (kept);
}

/* The exit data of a kept loop for its calls that may throw, built once
   the whole function is done.  */
struct dm_eh_exit
{
  auto_vec<gimple *> throwers;
  /* Copies of the sections as the loop's other exits have them: the
     state's items move when later loops add to them.  */
  auto_vec<dm_item> secs;
  /* (thrower, section's index in SECS) where the call may write the
     section, whole copies around it (or throws inside a host loop that
     may, likewise): its exception leaves with the host's bytes the
     current ones, so that pad releases the section instead of copying
     it back.  */
  auto_vec<std::pair<gimple *, unsigned> > host_current;
  tree device;
  tree arrs[3];
  /* The arrays of the exit data that every way out shares, filled
     beside the enter data (dm_emit_hoist), or NULL.  */
  tree filled[3];
  location_t loc;
};

/* The state of one function.  */
struct dm_hoist_state
{
  /* Kept loops' exits by exception, oldest (outermost) first.  */
  auto_vec<dm_eh_exit *> eh_exits;
  auto_vec<dm_item> items;
  /* Accesses of sections kept so far, updated once all is decided.  */
  auto_vec<dm_access> accesses;
  /* Calls the pass must not look through: constructs it could not read,
     and target data/update/enter/exit calls.  */
  auto_vec<gimple *> opaque;
  /* The function announces deep items at run time (deepmap_annotate
     calls the sites pass could not turn into sites: a construct with an
     if clause): constructs without a site may have deep items.  */
  bool runtime_annotations = false;
};

static bool
dm_is_target_call (gimple *stmt)
{
  return gimple_call_builtin_p (stmt, BUILT_IN_GOMP_TARGET);
}

/* The start and the end of a target data construct.  */
static bool
dm_is_data_region_call (gimple *stmt)
{
  return gimple_call_builtin_p (stmt, BUILT_IN_GOMP_TARGET_DATA);
}

static bool
dm_is_end_data_call (gimple *stmt)
{
  return gimple_call_builtin_p (stmt, BUILT_IN_GOMP_TARGET_END_DATA);
}

static bool
dm_is_data_call (gimple *stmt)
{
  return (gimple_call_builtin_p (stmt, BUILT_IN_GOMP_TARGET_DATA)
	  || gimple_call_builtin_p (stmt, BUILT_IN_GOMP_TARGET_END_DATA)
	  || gimple_call_builtin_p (stmt, BUILT_IN_GOMP_TARGET_UPDATE)
	  || gimple_call_builtin_p (stmt, BUILT_IN_GOMP_TARGET_ENTER_EXIT_DATA));
}

/* Is REF memory of the argument arrays omp-expand builds for a construct
   (.omp_data_arr, .omp_data_sizes, .omp_data_kinds, .omp_target_args),
   or of the argument block of a host parallel region or task
   (.omp_data_o)?  Their addresses go only to the GOMP calls, so they are
   never a program's data (the oracle counts a block as escaped, so that
   its end of life may end an array's: LULESH's host checks).  */
static bool
dm_omp_temp_ref_p (tree ref)
{
  tree base = get_base_address (ref);
  if (!base || !VAR_P (base) || !DECL_ARTIFICIAL (base) || !DECL_NAME (base))
    return false;
  const char *s = IDENTIFIER_POINTER (DECL_NAME (base));
  return (startswith (s, ".omp_data_arr") || startswith (s, ".omp_data_sizes")
	  || startswith (s, ".omp_data_kinds")
	  || startswith (s, ".omp_target_args")
	  || startswith (s, ".omp_data_o"));
}

/* Is STMT a store of a register value into such an array, or a clobber
   of one?  */
static bool
dm_omp_temp_stmt_p (gimple *stmt)
{
  if (!gimple_assign_single_p (stmt) || !gimple_store_p (stmt)
      || !dm_omp_temp_ref_p (gimple_assign_lhs (stmt)))
    return false;
  return gimple_clobber_p (stmt) || !gimple_assign_load_p (stmt);
}

/* The value of the static DECL's slot at byte OFFSET: its initializer's
   (ESIZE bytes each).  */
static tree
dm_static_slot (tree decl, HOST_WIDE_INT offset, HOST_WIDE_INT esize)
{
  tree init = DECL_INITIAL (decl);
  /* In lto1 the initializer stays in the object file until asked
     for.  */
  if (in_lto_p && (!init || init == error_mark_node))
    if (varpool_node *vnode = varpool_node::get (decl))
      init = vnode->get_constructor ();
  /* omp-low's static arrays are not read-only but never written.  */
  if (!DECL_ARTIFICIAL (decl) || !init || TREE_CODE (init) != CONSTRUCTOR)
    return NULL_TREE;
  unsigned HOST_WIDE_INT ix;
  tree idx, val;
  FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (init), ix, idx, val)
    {
      HOST_WIDE_INT i = idx && tree_fits_shwi_p (idx) ? tree_to_shwi (idx)
						      : (HOST_WIDE_INT) ix;
      if (i * esize == offset)
	return val;
    }
  return NULL_TREE;
}

/* The values stored into the N slots of ESIZE bytes of DECL before CALL
   in its block, into VALS (NULL where not known): the initializer of a
   static DECL, else the nearest store of each, in one walk back (a
   construct of sixty entries asked slot by slot walked its stores sixty
   times).  With ONLY, just slot ONLY is asked for.  */
static void
dm_arg_slots (gcall *call, tree decl, HOST_WIDE_INT esize, unsigned n,
	      vec<tree> &vals, int only = -1)
{
  vals.truncate (0);
  vals.safe_grow_cleared (n);
  if (TREE_STATIC (decl))
    {
      for (unsigned i = 0; i < n; i++)
	if (only < 0 || (int) i == only)
	  vals[i] = dm_static_slot (decl, i * esize, esize);
      return;
    }
  unsigned left = only < 0 ? n : 1;
  auto_sbitmap found (n);
  bitmap_clear (found);
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  gsi_prev (&gsi);
  tree vuse = gimple_vuse (call);
  /* The stores may lie in a block before CALL's (an if clause's test
     puts the device's choice between them): follow the memory state
     back to the last store before the block, unless paths merge.  */
  for (int blocks = 0; blocks < 8 && left; blocks++)
    {
      for (; !gsi_end_p (gsi) && left; gsi_prev (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (gimple_vuse (stmt))
	    vuse = gimple_vuse (stmt);
	  if (!gimple_assign_single_p (stmt) || !gimple_store_p (stmt))
	    continue;
	  poly_int64 off;
	  tree base = get_addr_base_and_unit_offset (gimple_assign_lhs (stmt),
						     &off);
	  if (base != decl)
	    continue;
	  /* A clobber or a whole-array store: no slot not found yet is
	     ours to read.  */
	  if (gimple_clobber_p (stmt) || !off.is_constant ())
	    return;
	  HOST_WIDE_INT o = off.to_constant ();
	  if (o < 0 || o % esize || o / esize >= (HOST_WIDE_INT) n
	      || bitmap_bit_p (found, o / esize))
	    continue;
	  bitmap_set_bit (found, o / esize);
	  tree rhs = gimple_assign_rhs1 (stmt);
	  vals[o / esize] = is_gimple_val (rhs) ? rhs : NULL_TREE;
	  if (only < 0 || o / esize == only)
	    left--;
	}
      if (!left || !vuse || TREE_CODE (vuse) != SSA_NAME)
	return;
      gimple *def = SSA_NAME_DEF_STMT (vuse);
      if (gimple_nop_p (def) || gimple_code (def) == GIMPLE_PHI)
	return;
      gsi = gsi_for_stmt (def);
    }
}

/* The value stored into DECL at byte OFFSET before CALL in its block
   (dm_arg_slots).  */
static tree
dm_arg_slot (gcall *call, tree decl, HOST_WIDE_INT offset, HOST_WIDE_INT esize)
{
  if (offset < 0 || offset % esize)
    return NULL_TREE;
  auto_vec<tree, 8> vals;
  dm_arg_slots (call, decl, esize, offset / esize + 1, vals,
		offset / esize);
  return vals[offset / esize];
}

static tree
dm_arg_decl (gcall *call, unsigned arg)
{
  tree a = gimple_call_arg (call, arg);
  if (TREE_CODE (a) != ADDR_EXPR || !VAR_P (TREE_OPERAND (a, 0)))
    return NULL_TREE;
  return TREE_OPERAND (a, 0);
}

/* The map kind in VAL: a constant, or the `size == 0 ? zero-length :
   KIND' omp-expand writes for array sections.  */
static bool
dm_read_kind (tree val, unsigned *kind, bool *dynamic)
{
  *dynamic = false;
  if (val && TREE_CODE (val) == SSA_NAME)
    {
      gassign *def = dyn_cast <gassign *> (SSA_NAME_DEF_STMT (val));
      if (!def || gimple_assign_rhs_code (def) != COND_EXPR
	  || TREE_CODE (gimple_assign_rhs2 (def)) != INTEGER_CST
	  || ((TREE_INT_CST_LOW (gimple_assign_rhs2 (def)) & DM_KIND_MASK)
	      != GOMP_MAP_ZERO_LEN_ARRAY_SECTION))
	return false;
      val = gimple_assign_rhs3 (def);
      *dynamic = true;
    }
  if (!val || TREE_CODE (val) != INTEGER_CST)
    return false;
  *kind = TREE_INT_CST_LOW (val);
  return true;
}

/* ADDR, or the address it was computed from once (by PRE).  */
static tree
dm_addr_expr (tree addr)
{
  if (TREE_CODE (addr) == SSA_NAME)
    if (gassign *def = dyn_cast <gassign *> (SSA_NAME_DEF_STMT (addr)))
      if (gimple_assign_rhs_code (def) == ADDR_EXPR)
	return gimple_assign_rhs1 (def);
  return addr;
}

/* The byte offset of the member whose address is ADDR from its
   structure, and the structure (*BASE); false unless ADDR is the
   address of a member at a constant offset.  */
static bool
dm_member_offset (tree addr, tree *base, HOST_WIDE_INT *offset)
{
  addr = dm_addr_expr (addr);
  if (TREE_CODE (addr) != ADDR_EXPR
      || TREE_CODE (TREE_OPERAND (addr, 0)) != COMPONENT_REF)
    return false;
  poly_int64 off;
  *base = get_addr_base_and_unit_offset (TREE_OPERAND (addr, 0), &off);
  return *base && off.is_constant (offset);
}

/* A member of a mapped structure: its offset and size, its address and
   its alignment bits of the map kind.  */
struct dm_member
{
  HOST_WIDE_INT off, size;
  tree addr;
  unsigned align;
};

static int
dm_member_cmp (const void *a, const void *b)
{
  const dm_member *x = (const dm_member *) a, *y = (const dm_member *) b;
  return x->off < y->off ? -1 : x->off > y->off;
}

/* The COUNT members after map number I of CALL (a GOMP_MAP_STRUCT entry)
   as one section, if they can be: each from or tofrom (the device's
   writes come back, as the hoisted exit data brings them), at constant
   offsets of one structure, end to end (in offset order) with constant
   sizes, so that the section holds their bytes and no other.  Then
   *ADDR and *SIZE are its bounds, *LAST the last member's address and
   *KIND its map kind.  */
static bool
dm_struct_span (gcall *call, tree addrs, tree sizes, tree kinds, unsigned i,
		unsigned count, tree *addr, tree *last, tree *size,
		unsigned *kind)
{
  HOST_WIDE_INT psize = int_size_in_bytes (ptr_type_node);
  HOST_WIDE_INT ssize = int_size_in_bytes (size_type_node);
  HOST_WIDE_INT ksize = int_size_in_bytes (short_unsigned_type_node);
  auto_vec<dm_member> m;
  tree base0 = NULL_TREE;
  bool to = false;
  for (unsigned j = i + 1; j <= i + count; j++)
    {
      unsigned k;
      bool dynamic;
      if (!dm_read_kind (dm_arg_slot (call, kinds, j * ksize, ksize), &k,
			 &dynamic)
	  || dynamic)
	return false;
      if ((k & DM_KIND_MASK) != GOMP_MAP_FROM
	  && (k & DM_KIND_MASK) != GOMP_MAP_TOFROM)
	return false;
      to |= (k & DM_KIND_MASK) == GOMP_MAP_TOFROM;
      tree a = dm_arg_slot (call, addrs, j * psize, psize);
      tree sz = dm_arg_slot (call, sizes, j * ssize, ssize);
      tree base;
      HOST_WIDE_INT off;
      if (!a || !sz || !tree_fits_uhwi_p (sz) || integer_zerop (sz)
	  || !dm_member_offset (a, &base, &off)
	  || (base0 && !operand_equal_p (base, base0, 0)))
	return false;
      base0 = base;
      dm_member x = { off, (HOST_WIDE_INT) tree_to_uhwi (sz), a,
		      k & ~DM_KIND_MASK };
      m.safe_push (x);
    }
  /* By offset: GCC 12 lists the members of x->u, x->v last first.  */
  m.qsort (dm_member_cmp);
  for (unsigned j = 1; j < m.length (); j++)
    if (m[j].off != m[j - 1].off + m[j - 1].size)
      return false;
  *addr = m[0].addr;
  *last = m.last ().addr;
  *size = build_int_cst (size_type_node,
			 m.last ().off + m.last ().size - m[0].off);
  *kind = m[0].align | (to ? GOMP_MAP_TOFROM : GOMP_MAP_FROM);
  return true;
}

/* The value of map I of CALL's host address array, as the program had it
   (before it became a void *, and the address an SSA name stands for).  */
static tree
dm_host_value (gcall *call, tree addrs, unsigned i)
{
  HOST_WIDE_INT psize = int_size_in_bytes (ptr_type_node);
  tree a = dm_arg_slot (call, addrs, i * psize, psize);
  while (a && TREE_CODE (a) == SSA_NAME
	 && gimple_assign_single_p (SSA_NAME_DEF_STMT (a))
	 && (gimple_assign_cast_p (SSA_NAME_DEF_STMT (a))
	     || TREE_CODE (gimple_assign_rhs1 (SSA_NAME_DEF_STMT (a)))
		== ADDR_EXPR))
    a = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (a));
  while (a && CONVERT_EXPR_P (a))
    a = TREE_OPERAND (a, 0);
  return a;
}

/* Is map INDEX of CALL a section reached through a pointer field of a
   structure that map *SLOT of CALL holds, the field at byte *OFFSET of
   it (map(to: s->p[0:n]), or p[0:n] in a member function: the next map
   attaches the field, &s->p)?  */
static bool
dm_section_of_field (gcall *call, unsigned index, unsigned *slot,
		     HOST_WIDE_INT *offset)
{
  tree addrs = dm_arg_decl (call, 3), kinds = dm_arg_decl (call, 5);
  if (!addrs || !kinds || !tree_fits_uhwi_p (gimple_call_arg (call, 2)))
    return false;
  unsigned n = tree_to_uhwi (gimple_call_arg (call, 2));
  if (index + 1 >= n)
    return false;
  HOST_WIDE_INT ksize = int_size_in_bytes (short_unsigned_type_node);
  unsigned kind;
  bool dynamic;
  if (!dm_read_kind (dm_arg_slot (call, kinds, (index + 1) * ksize, ksize),
		     &kind, &dynamic)
      || ((kind & DM_KIND_MASK) != GOMP_MAP_ATTACH
	  && (kind & DM_KIND_MASK)
	     != GOMP_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION))
    return false;
  tree field = dm_host_value (call, addrs, index + 1);
  if (!field || TREE_CODE (field) != ADDR_EXPR)
    return false;
  poly_int64 off;
  tree base = get_addr_base_and_unit_offset (TREE_OPERAND (field, 0), &off);
  if (!base || !off.is_constant ())
    return false;
  /* The structure's address: the pointer of a MEM_REF at offset 0 (its
     offset is in OFF), or a variable's.  */
  tree sval = TREE_CODE (base) == MEM_REF ? TREE_OPERAND (base, 0)
	      : DECL_P (base) ? build_fold_addr_expr (base) : NULL_TREE;
  if (!sval)
    return false;
  for (unsigned j = 0; j < n && j < 63; j++)
    {
      if (j == index || j == index + 1)
	continue;
      tree v = dm_host_value (call, addrs, j);
      if (v && operand_equal_p (v, sval, 0))
	{
	  *slot = j;
	  *offset = off.to_constant ();
	  return true;
	}
    }
  return false;
}

/* The address A of a map entry as the program had it, before it became
   a void *.  */
static tree
dm_typed_address (tree a)
{
  while (a && TREE_CODE (a) == SSA_NAME
	 && gimple_assign_cast_p (SSA_NAME_DEF_STMT (a))
	 && VOID_TYPE_P (TREE_TYPE (TREE_TYPE (a))))
    a = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (a));
  return a;
}

/* The number of map entries of the GOMP_target_ext call CALL, or -1
   where its arrays cannot be read.  */
static int
dm_target_entries (gcall *call)
{
  if (!dm_arg_decl (call, 3) || !dm_arg_decl (call, 5)
      || !tree_fits_uhwi_p (gimple_call_arg (call, 2)))
    return -1;
  return tree_to_uhwi (gimple_call_arg (call, 2));
}

/* The addresses of the N entries of that call as the program had them
   (NULL where not known), in ADDRS, and in VALUE whether each passes a
   firstprivate integer, no address.  COPIED, if given: whether the
   runtime may copy each entry's host bytes as a firstprivate value (a
   double, an array, a structure; or a kind that cannot be read).  */
static void
dm_target_entries_of (gcall *call, unsigned n, vec<tree> &addrs,
		      vec<bool> &value, vec<bool> *copied = NULL)
{
  HOST_WIDE_INT ksize = int_size_in_bytes (short_unsigned_type_node);
  HOST_WIDE_INT psize = int_size_in_bytes (ptr_type_node);
  auto_vec<tree> kinds;
  dm_arg_slots (call, dm_arg_decl (call, 5), ksize, n, kinds);
  dm_arg_slots (call, dm_arg_decl (call, 3), psize, n, addrs);
  value.truncate (0);
  for (unsigned i = 0; i < n; i++)
    {
      unsigned kind;
      bool dynamic;
      bool known = dm_read_kind (kinds[i], &kind, &dynamic);
      value.safe_push (known && !dynamic
		       && (kind & DM_KIND_MASK) == GOMP_MAP_FIRSTPRIVATE_INT);
      if (copied)
	copied->safe_push (!known
			   || (kind & DM_KIND_MASK) == GOMP_MAP_FIRSTPRIVATE);
      addrs[i] = dm_typed_address (addrs[i]);
    }
}

/* Push on ENTRIES the map entries of the GOMP_target_ext call CALL that
   pass an address (not a firstprivate integer), with their slots; false
   where the arguments cannot be read or an entry is no pointer.  */
static bool
dm_address_entries (gcall *call, vec<std::pair<unsigned, tree> > &entries)
{
  int n = dm_target_entries (call);
  if (n < 0)
    return false;
  auto_vec<tree> addrs;
  auto_vec<bool> value;
  dm_target_entries_of (call, n, addrs, value);
  for (int i = 0; i < n; i++)
    {
      if (value[i])
	continue;
      tree a = addrs[i];
      if (!a || !POINTER_TYPE_P (TREE_TYPE (a)))
	return false;
      entries.safe_push (std::make_pair ((unsigned) i, a));
    }
  return true;
}

/* Does the GOMP_target_ext call CALL copy bytes of REF from the host as
   it starts, besides through its sections: a firstprivate value the
   runtime copies from its address (a double, an array, a structure;
   an integer's value is loaded by the host's own code)?  A kept copy
   the device wrote leaves those host bytes stale.  An entry whose kind
   or address cannot be read counts.  SECTION: the section's address.  */
static bool
dm_firstprivate_reads (gcall *call, ao_ref *ref, tree section)
{
  int n = dm_target_entries (call);
  if (n < 0)
    return true;
  auto_vec<tree> addrs;
  auto_vec<bool> value, copied;
  dm_target_entries_of (call, n, addrs, value, &copied);
  for (int i = 0; i < n; i++)
    {
      if (!copied[i])
	continue;
      tree a = addrs[i];
      if (!a || !POINTER_TYPE_P (TREE_TYPE (a)))
	return true;
      /* A temporary whose address only constructs get (LULESH's u_cut)
	 is apart from a section the alias oracle lets it reach.  */
      if (TREE_CODE (a) == ADDR_EXPR)
	{
	  tree base = get_base_address (TREE_OPERAND (a, 0));
	  if (base && dm_local_apart_p (base, section))
	    continue;
	}
      else if (dm_pointer_apart_from_ref (a, ref))
	continue;
      ao_ref r;
      ao_ref_init_from_ptr_and_size (&r, a, NULL_TREE);
      if (refs_may_alias_p_1 (&r, ref, true))
	return true;
    }
  return false;
}

/* Give R, a reference through the pointer PTR, the alias set of what PTR
   points to where that type is known: under strict aliasing every
   access through it is of that type.  */
static void
dm_ref_typed (ao_ref *r, tree ptr)
{
  if (ptr && POINTER_TYPE_P (TREE_TYPE (ptr)))
    dm_typed_by (r, TREE_TYPE (TREE_TYPE (ptr)));
}

/* The slots of the GOMP_target_ext call CALL whose sections may hold
   pointers, as a mask: not a firstprivate integer passed in the slot,
   nor an address of plain numbers (a slot not understood counts).  */
static unsigned HOST_WIDE_INT
dm_pointer_bearing_slots (gcall *call)
{
  int n = dm_target_entries (call);
  if (n < 0)
    return ~(unsigned HOST_WIDE_INT) 0;
  unsigned HOST_WIDE_INT mask = ~(unsigned HOST_WIDE_INT) 0;
  int m = MIN (n, HOST_BITS_PER_WIDE_INT);
  auto_vec<tree> addrs;
  auto_vec<bool> value;
  dm_target_entries_of (call, m, addrs, value);
  for (int i = 0; i < m; i++)
    {
      bool plain = value[i];
      tree a = addrs[i];
      if (a && TREE_CODE (a) == ADDR_EXPR)
	plain |= !dm_may_hold_pointers (TREE_TYPE (TREE_OPERAND (a, 0)));
      else if (a && POINTER_TYPE_P (TREE_TYPE (a)))
	plain |= !dm_may_hold_pointers (TREE_TYPE (TREE_TYPE (a)));
      if (plain)
	mask &= ~((unsigned HOST_WIDE_INT) 1 << i);
    }
  return mask;
}

/* Record the data sections of the GOMP_target_ext call CALL; false if
   its arguments are not in the shape omp-expand gives them.  */
static bool
dm_read_construct (gcall *call, dm_hoist_state *st)
{
  /* GOMP_target_ext (device, fn, n, addrs, sizes, kinds, flags, depend,
     args) or GOMP_target_data_ext (device, n, addrs, sizes, kinds).  */
  bool data = dm_is_data_region_call (call);
  unsigned a = data ? 1 : 2;
  if (gimple_call_num_args (call) < (data ? 5 : 8)
      || !tree_fits_uhwi_p (gimple_call_arg (call, a))
      || (!data && (!integer_zerop (gimple_call_arg (call, 6))
		    || !integer_zerop (gimple_call_arg (call, 7)))))
    return false;
  unsigned n = tree_to_uhwi (gimple_call_arg (call, a));
  tree addrs = dm_arg_decl (call, a + 1), sizes = dm_arg_decl (call, a + 2);
  tree kinds = dm_arg_decl (call, a + 3);
  if (!addrs || !sizes || !kinds)
    return false;
  HOST_WIDE_INT psize = int_size_in_bytes (ptr_type_node);
  HOST_WIDE_INT ssize = int_size_in_bytes (size_type_node);
  HOST_WIDE_INT ksize = int_size_in_bytes (short_unsigned_type_node);
  unsigned struct_members = 0;
  for (unsigned i = 0; i < n; i++)
    {
      unsigned kind;
      bool dynamic;
      if (!dm_read_kind (dm_arg_slot (call, kinds, i * ksize, ksize), &kind,
			 &dynamic))
	return false;
      /* An implicit map (an array the construct uses without naming it,
	 GCC 12) maps as its kind says; present data satisfies it.  */
      if (GOMP_MAP_IMPLICIT_P (kind & DM_KIND_MASK))
	kind &= ~GOMP_MAP_IMPLICIT;
      bool member = struct_members > 0;
      if (member)
	struct_members--;
      unsigned k = kind & DM_KIND_MASK;
      /* The host code of a target data construct that uses device
	 addresses may do anything with the device's copies.  */
      if (data && (k == GOMP_MAP_USE_DEVICE_PTR
		   || k == GOMP_MAP_USE_DEVICE_PTR_IF_PRESENT))
	return false;
      if (k == GOMP_MAP_STRUCT)
	{
	  tree count = dm_arg_slot (call, sizes, i * ssize, ssize);
	  if (!count || !tree_fits_uhwi_p (count))
	    return false;
	  struct_members = tree_to_uhwi (count);
	  /* Members end to end: one section of all their bytes, which the
	     construct's own structure mapping then finds present (in GCC's
	     libgomp as in deepmap: its members lie in one mapping).  */
	  tree span_addr = NULL_TREE, span_last = NULL_TREE;
	  tree span_size = NULL_TREE;
	  unsigned span_kind = 0;
	  if (struct_members > 1 && i + struct_members < n
	      && dm_struct_span (call, addrs, sizes, kinds, i, struct_members,
				 &span_addr, &span_last, &span_size,
				 &span_kind))
	    {
	      dm_item it;
	      memset (&it, 0, sizeof it);
	      it.call = call;
	      it.data_region = data;
	      it.index = i + 1;
	      it.span = struct_members;
	      it.span_last = span_last;
	      it.addr = span_addr;
	      it.size = span_size;
	      it.device = gimple_call_arg (call, 0);
	      it.kind = span_kind;
	      it.group = -1;
	      st->items.safe_push (it);
	      i += struct_members;
	      struct_members = 0;
	    }
	  continue;
	}
      /* Pointers, attachments and firstprivate values hold no section.  */
      if (k != GOMP_MAP_ALLOC && k != GOMP_MAP_TO && k != GOMP_MAP_FROM
	  && k != GOMP_MAP_TOFROM && k != GOMP_MAP_ALWAYS_TO
	  && k != GOMP_MAP_ALWAYS_FROM && k != GOMP_MAP_ALWAYS_TOFROM)
	continue;
      dm_item it;
      memset (&it, 0, sizeof it);
      it.call = call;
      it.data_region = data;
      it.index = i;
      it.addr = dm_arg_slot (call, addrs, i * psize, psize);
      it.size = dm_arg_slot (call, sizes, i * ssize, ssize);
      if (!it.addr || !it.size)
	return false;
      it.device = gimple_call_arg (call, 0);
      it.deep_desc = dm_site_descriptor (kinds, i);
      tree fn = data ? null_pointer_node : gimple_call_arg (call, 1);
      if (!it.deep_desc && TREE_CODE (fn) == ADDR_EXPR)
	it.deep_desc = dm_site_descriptor (TREE_OPERAND (fn, 0), i);
      bool unseen = in_lto_p || st->runtime_annotations;
      if (unseen && !it.deep_desc && !data)
	it.maybe_deep = (i >= HOST_BITS_PER_WIDE_INT
			 || ((dm_pointer_bearing_slots (call) >> i) & 1));
      else if (unseen && !it.deep_desc)
	{
	  /* A target data construct's entry: by its address's type.  */
	  tree a = it.addr, t = NULL_TREE;
	  if (TREE_CODE (a) == ADDR_EXPR)
	    t = TREE_TYPE (TREE_OPERAND (a, 0));
	  else if (POINTER_TYPE_P (TREE_TYPE (a)))
	    t = TREE_TYPE (TREE_TYPE (a));
	  it.maybe_deep = !t || VOID_TYPE_P (t) || dm_may_hold_pointers (t);
	}
      it.overwritten = dm_site_overwritten (kinds, i)
		       || (TREE_CODE (fn) == ADDR_EXPR
			   && dm_site_overwritten (TREE_OPERAND (fn, 0), i));
      it.written_first = dm_site_written_first (kinds, i)
			 || (TREE_CODE (fn) == ADDR_EXPR
			     && dm_site_written_first (TREE_OPERAND (fn, 0),
						       i));
      it.access = dm_site_access (kinds, i);
      if (!it.access && TREE_CODE (fn) == ADDR_EXPR)
	it.access = dm_site_access (TREE_OPERAND (fn, 0), i);
      it.kind = kind;
      it.dynamic_kind = dynamic;
      it.group = -1;
      /* Members of a mapped structure share its reference count; a
	 member mapped apart from its siblings is an error in libgomp.  */
      if (member)
	it.missed = "it is a member of a mapped structure";
      else if (k != GOMP_MAP_ALLOC && k != GOMP_MAP_TO && k != GOMP_MAP_FROM
	       && k != GOMP_MAP_TOFROM)
	it.missed = "it is mapped with an 'always' modifier";
      else if (integer_zerop (it.size))
	it.missed = "it has no bytes";
      /* What the constructs in it write would stay on the device, where
	 the end of the original drops it.  */
      else if (data && !(k & GOMP_MAP_FLAG_FROM))
	it.missed = "a target data construct maps it without 'from'";
      it.fixed = it.missed != NULL;
      st->items.safe_push (it);
    }
  return true;
}

/* The name of a variable DECL, or NULL for one the compiler made.  */
static const char *
dm_decl_name (tree decl)
{
  if (!decl || !DECL_P (decl) || !DECL_NAME (decl) || DECL_ARTIFICIAL (decl))
    return NULL;
  return IDENTIFIER_POINTER (DECL_NAME (decl));
}

static char *dm_value_name (tree addr, int depth);

/* The parameters of CALL's callee (a function of this unit) that get
   ARG, pushed on PARMS.  */
static void
dm_params_given (gcall *call, tree arg, vec<tree> &parms)
{
  tree fn = gimple_call_fndecl (call);
  tree parm = fn ? DECL_ARGUMENTS (fn) : NULL_TREE;
  for (unsigned i = 0; parm && i < gimple_call_num_args (call);
       i++, parm = DECL_CHAIN (parm))
    if (gimple_call_arg (call, i) == arg)
      parms.safe_push (parm);
}

/* The member of record type REC at byte OFF whose type is TYPE, or
   NULL_TREE.  */
static tree
dm_member_at (tree rec, HOST_WIDE_INT off, tree type)
{
  if (!rec || !RECORD_OR_UNION_TYPE_P (rec)
      || TYPE_MAIN_VARIANT (rec) == TYPE_MAIN_VARIANT (type))
    return NULL_TREE;
  for (tree f = TYPE_FIELDS (rec); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL && DECL_NAME (f)
	&& tree_fits_shwi_p (byte_position (f))
	&& tree_to_shwi (byte_position (f)) == off
	&& TYPE_MAIN_VARIANT (TREE_TYPE (f)) == TYPE_MAIN_VARIANT (type))
      return f;
  return NULL_TREE;
}

/* walk_tree callback: is *TP a MEM_REF at offset 0 of the pointer
   DATA[0] of a record type?  Then it goes on the vec<tree> DATA[1].  */
static tree
dm_find_record_access (tree *tp, int *walk_subtrees, void *data)
{
  void **d = (void **) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == MEM_REF && TREE_OPERAND (*tp, 0) == d[0]
	   && integer_zerop (TREE_OPERAND (*tp, 1))
	   && RECORD_OR_UNION_TYPE_P (TREE_TYPE (*tp)))
    {
      vec<tree> *recs = (vec<tree> *) d[1];
      if (!recs->contains (TREE_TYPE (*tp)))
	recs->safe_push (TREE_TYPE (*tp));
    }
  return NULL_TREE;
}

/* The member at byte OFF, of type TYPE, of the class or structure the
   code uses at the pointer PTR, whose own type does not say (operator
   new's void *): one a call's parameter gives it (a constructor's
   this) or that an access at PTR names; NULL_TREE if none.  The
   classes are found once per function and pointer.  */
static tree
dm_pointee_member (tree ptr, HOST_WIDE_INT off, tree type)
{
  if (TREE_CODE (ptr) != SSA_NAME)
    return NULL_TREE;
  static dm_function_key asked;
  static hash_map<tree, vec<tree> > *known;
  dm_fresh_for_function (&asked, known);
  bool existed;
  vec<tree> &recs = known->get_or_insert (ptr, &existed);
  if (!existed)
    {
      recs = vNULL;
      void *d[2] = { ptr, &recs };
      imm_use_iterator it;
      gimple *use;
      FOR_EACH_IMM_USE_STMT (use, it, ptr)
	{
	  auto_vec<tree, 2> parms;
	  if (gcall *call = dyn_cast <gcall *> (use))
	    dm_params_given (call, ptr, parms);
	  for (tree parm : parms)
	    if (POINTER_TYPE_P (TREE_TYPE (parm))
		&& RECORD_OR_UNION_TYPE_P (TREE_TYPE (TREE_TYPE (parm)))
		&& !recs.contains (TREE_TYPE (TREE_TYPE (parm))))
	      recs.safe_push (TREE_TYPE (TREE_TYPE (parm)));
	  for (unsigned i = 0; i < gimple_num_ops (use); i++)
	    if (tree op = gimple_op (use, i))
	      walk_tree (&op, dm_find_record_access, d, NULL);
	}
    }
  for (tree rec : recs)
    if (tree m = dm_member_at (rec, off, type))
      return m;
  return NULL_TREE;
}

/* The tag of the class or structure type T (no "struct"), or NULL.  */
static const char *
dm_tag_name (tree t)
{
  tree n = TYPE_NAME (TYPE_MAIN_VARIANT (t));
  if (n && TREE_CODE (n) == TYPE_DECL)
    n = DECL_NAME (n);
  return n && TREE_CODE (n) == IDENTIFIER_NODE ? IDENTIFIER_POINTER (n) : NULL;
}

/* A readable name for the pointer loaded by REF: 'g->u', 's.u', 'p',
   'v.data()' for a std::vector's start, or NULL.  */
static char *
dm_load_name (tree ref, int depth)
{
  if (const char *n = dm_decl_name (ref))
    return xstrdup (n);
  if (TREE_CODE (ref) != COMPONENT_REF
      || !DECL_NAME (TREE_OPERAND (ref, 1)))
    return NULL;
  const char *field = IDENTIFIER_POINTER (DECL_NAME (TREE_OPERAND (ref, 1)));
  tree obj = TREE_OPERAND (ref, 0);
  /* libstdc++'s vector: v._M_impl.<base>._M_start.  */
  bool data = false;
  if (!strcmp (field, "_M_start"))
    for (tree o = obj; TREE_CODE (o) == COMPONENT_REF; o = TREE_OPERAND (o, 0))
      {
	tree f = TREE_OPERAND (o, 1);
	if (DECL_NAME (f) && !strcmp (IDENTIFIER_POINTER (DECL_NAME (f)),
				      "_M_impl"))
	  {
	    obj = TREE_OPERAND (o, 0);
	    data = true;
	    break;
	  }
      }
  /* Base classes (unnamed fields) are no part of the name.  */
  while (data && TREE_CODE (obj) == COMPONENT_REF
	 && !DECL_NAME (TREE_OPERAND (obj, 1)))
    obj = TREE_OPERAND (obj, 0);
  char *base = NULL;
  const char *sep = ".";
  if (TREE_CODE (obj) == MEM_REF && TREE_CODE (TREE_OPERAND (obj, 0)) == SSA_NAME
      && tree_fits_shwi_p (TREE_OPERAND (obj, 1)))
    {
      /* p->m as the compiler writes it: MEM[(type of m *) p + offset].  */
      tree ptr = TREE_OPERAND (obj, 0);
      HOST_WIDE_INT off = tree_to_shwi (TREE_OPERAND (obj, 1));
      tree rec = POINTER_TYPE_P (TREE_TYPE (ptr))
		 ? TREE_TYPE (TREE_TYPE (ptr)) : NULL_TREE;
      tree member = dm_member_at (rec, off, TREE_TYPE (obj));
      if (!member && (!rec || !RECORD_OR_UNION_TYPE_P (rec)))
	member = dm_pointee_member (ptr, off, TREE_TYPE (obj));
      if (member)
	rec = DECL_CONTEXT (member);
      if (off == 0 || member)
	{
	  base = dm_value_name (ptr, depth + 1);
	  sep = "->";
	  if (base && member)
	    {
	      char *p = base;
	      base = concat (p, "->", IDENTIFIER_POINTER (DECL_NAME (member)),
			     NULL);
	      free (p);
	      sep = ".";
	    }
	  else if (member && dm_tag_name (rec))
	    {
	      /* An object nothing names (LULESH's new Domain, kept in a
		 local variable that is gone): its class's member.  */
	      base = concat (dm_tag_name (rec), "::",
			     IDENTIFIER_POINTER (DECL_NAME (member)), NULL);
	      sep = ".";
	    }
	}
    }
  else if (TREE_CODE (obj) == COMPONENT_REF)
    base = dm_load_name (obj, depth + 1);
  else if (dm_decl_name (obj))
    base = xstrdup (dm_decl_name (obj));
  if (base && data)
    sep = ".";
  if (!base)
    return NULL;
  char *name = concat (base, sep, data ? "data()" : field, NULL);
  free (base);
  return name;
}

/* The index that the byte offset OFF is in elements of type ELT: a
   number, or the variable it is a multiple of; else NULL.  */
static char *
dm_index_name (tree off, tree elt)
{
  tree size = COMPLETE_TYPE_P (elt) ? TYPE_SIZE_UNIT (elt) : NULL_TREE;
  if (!size || TREE_CODE (size) != INTEGER_CST || integer_zerop (size))
    return NULL;
  if (TREE_CODE (off) == INTEGER_CST)
    {
      if (!multiple_of_p (sizetype, off, size))
	return NULL;
      tree k = fold_build2 (EXACT_DIV_EXPR, sizetype, off, size);
      return print_generic_expr_to_str (fold_convert (ssizetype, k));
    }
  for (int i = 0; i < 4 && TREE_CODE (off) == SSA_NAME; i++)
    {
      gassign *as = dyn_cast <gassign *> (SSA_NAME_DEF_STMT (off));
      if (!as)
	return NULL;
      if (gimple_assign_cast_p (as))
	off = gimple_assign_rhs1 (as);
      else if (gimple_assign_rhs_code (as) == MULT_EXPR
	       && tree_int_cst_equal (gimple_assign_rhs2 (as), size))
	{
	  tree x = gimple_assign_rhs1 (as);
	  while (TREE_CODE (x) == SSA_NAME && !SSA_NAME_VAR (x)
		 && is_gimple_assign (SSA_NAME_DEF_STMT (x))
		 && gimple_assign_cast_p (SSA_NAME_DEF_STMT (x)))
	    x = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (x));
	  const char *n = TREE_CODE (x) == SSA_NAME
			  ? dm_decl_name (SSA_NAME_VAR (x)) : NULL;
	  return n ? xstrdup (n) : NULL;
	}
      else
	return NULL;
    }
  return NULL;
}

/* A readable name for the pointer value ADDR, or NULL: the variable it
   is, was loaded from or was stored to, through copies, conversions and
   PHIs whose arguments agree.  */
static char *
dm_value_name (tree addr, int depth)
{
  if (depth > 6)
    return NULL;
  if (TREE_CODE (addr) == ADDR_EXPR)
    {
      /* &(*p)[0], a variable-length array: p's name.  */
      if (tree p = dm_array_pointer (addr))
	return dm_value_name (p, depth + 1);
      return print_generic_expr_to_str (TREE_OPERAND (addr, 0));
    }
  if (TREE_CODE (addr) != SSA_NAME)
    return dm_decl_name (addr) ? xstrdup (dm_decl_name (addr)) : NULL;
  if (const char *n = dm_decl_name (SSA_NAME_VAR (addr)))
    return xstrdup (n);
  /* C++'s this.  */
  if (SSA_NAME_VAR (addr) && TREE_CODE (SSA_NAME_VAR (addr)) == PARM_DECL
      && DECL_NAME (SSA_NAME_VAR (addr)))
    return xstrdup (IDENTIFIER_POINTER (DECL_NAME (SSA_NAME_VAR (addr))));
  gimple *def = SSA_NAME_DEF_STMT (addr);
  if (gassign *as = dyn_cast <gassign *> (def))
    {
      if (gimple_assign_load_p (as))
	{
	  if (char *n = dm_load_name (gimple_assign_rhs1 (as), depth))
	    return n;
	}
      else if (gimple_assign_single_p (as) || gimple_assign_cast_p (as))
	{
	  if (char *n = dm_value_name (gimple_assign_rhs1 (as), depth + 1))
	    return n;
	}
      else if (gimple_assign_rhs_code (as) == POINTER_PLUS_EXPR)
	/* An element's address (a section that starts inside an array):
	   &array[index].  */
	if (char *n = dm_value_name (gimple_assign_rhs1 (as), depth + 1))
	  {
	    char *index = dm_index_name (gimple_assign_rhs2 (as),
					 TREE_TYPE (TREE_TYPE (addr)));
	    char *name = concat ("&", n, "[", index ? index : "...", "]",
				 NULL);
	    free (n);
	    free (index);
	    return name;
	  }
    }
  else if (gphi *phi = dyn_cast <gphi *> (def))
    {
      /* The first argument's that has one (a loop's value on entry,
	 with what the loop set it to since).  */
      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	if (char *n = dm_value_name (gimple_phi_arg_def (phi, i), depth + 1))
	  return n;
    }
  /* What a call returned (malloc, new): the variable or member the
     program keeps it in.  */
  imm_use_iterator it;
  gimple *use;
  FOR_EACH_IMM_USE_STMT (use, it, addr)
    if (gimple_assign_single_p (use) && gimple_assign_rhs1 (use) == addr)
      {
	if (char *n = dm_load_name (gimple_assign_lhs (use), depth))
	  return n;
      }
    else if (gimple_debug_bind_p (use)
	     && gimple_debug_bind_get_value (use) == addr)
      {
	/* -g: the variable the value is.  */
	if (const char *n = dm_decl_name (gimple_debug_bind_get_var (use)))
	  return xstrdup (n);
      }
  /* Handed to a function of this unit (whose constructs hoisting saw):
     its parameter's name.  */
  FOR_EACH_IMM_USE_STMT (use, it, addr)
    if (gcall *call = dyn_cast <gcall *> (use))
      {
	auto_vec<tree, 2> parms;
	dm_params_given (call, addr, parms);
	for (tree parm : parms)
	  if (dm_decl_name (parm))
	    return xstrdup (dm_decl_name (parm));
      }
  /* A gimplifier temporary is named after its variable plus ".N".  */
  if (SSA_NAME_IDENTIFIER (addr))
    {
      const char *s = IDENTIFIER_POINTER (SSA_NAME_IDENTIFIER (addr));
      const char *dot = strchr (s, '.');
      if (dot && dot != s)
	return xstrndup (s, dot - s);
    }
  /* What an allocation returned that no variable keeps any more
     (LULESH's Allocate<Real_t> (n), inlined at -O2 without -g): the
     call and where the program makes it.  Not for an object whose
     member is named (its class names it better).  */
  if (gcall *call = depth == 0 ? dyn_cast <gcall *> (def) : NULL)
    if (tree fn = gimple_call_fndecl (call))
      if (DECL_NAME (fn) && gimple_location (call) != UNKNOWN_LOCATION)
	{
	  location_t loc = gimple_location (call);
	  /* The outermost call site of the functions inlined around it.  */
	  for (tree b = gimple_block (call); b && TREE_CODE (b) == BLOCK;
	       b = BLOCK_SUPERCONTEXT (b))
	    {
	      tree origin = block_ultimate_origin (b);
	      if (origin && TREE_CODE (origin) == FUNCTION_DECL
		  && BLOCK_SOURCE_LOCATION (b) != UNKNOWN_LOCATION)
		loc = BLOCK_SOURCE_LOCATION (b);
	    }
	  expanded_location x = expand_location (loc);
	  if (x.file)
	    return xasprintf ("%s () at %s:%d",
			      IDENTIFIER_POINTER (DECL_NAME (fn)),
			      lbasename (x.file), x.line);
	}
  return NULL;
}

/* A readable name for the section at ADDR.  */
static char *
dm_section_name (tree addr)
{
  if (char *n = dm_value_name (addr, 0))
    return n;
  return print_generic_expr_to_str (addr);
}

/* A readable name for item IT: its section's, or for members of a
   structure mapped as one section 'first..last'.  */
static char *
dm_item_name (const dm_item *it)
{
  if (!it->span)
    return dm_section_name (it->addr);
  char *first = dm_section_name (dm_addr_expr (it->addr));
  char *last = dm_section_name (dm_addr_expr (it->span_last));
  char *name = concat (first, "..", last, NULL);
  free (first);
  free (last);
  return name;
}

/* Is VAL computed outside LOOP?  */
static bool
dm_invariant_p (tree val, class loop *loop)
{
  if (TREE_CODE (val) == SSA_NAME)
    {
      if (SSA_NAME_IS_DEFAULT_DEF (val))
	return true;
      basic_block bb = gimple_bb (SSA_NAME_DEF_STMT (val));
      return bb && !flow_bb_inside_loop_p (loop, bb);
    }
  return is_gimple_min_invariant (val);
}

static void
dm_section_ref (dm_item *it, ao_ref *ref)
{
  ao_ref_init_from_ptr_and_size (ref, it->addr, it->size);
}

/* A location that names LOOP: its exit test, else its header.  */
static location_t
dm_loop_location (class loop *loop)
{
  for (edge e : get_loop_exit_edges (loop))
    {
      gimple *last = last_stmt (e->src);
      if (last && gimple_location (last) != UNKNOWN_LOCATION)
	return gimple_location (last);
    }
  for (gimple_stmt_iterator gsi = gsi_start_bb (loop->header);
       !gsi_end_p (gsi); gsi_next (&gsi))
    if (gimple_location (gsi_stmt (gsi)) != UNKNOWN_LOCATION)
      return gimple_location (gsi_stmt (gsi));
  return UNKNOWN_LOCATION;
}

/* Is the pointer A a string literal: "..." or &"..."[0] (printf
   ("...\n") made puts), or one of several (c ? "PASS" : "FAIL")?  */
static bool
dm_string_literal_p (tree a, int depth)
{
  if (TREE_CODE (a) == ADDR_EXPR)
    {
      tree lit = TREE_OPERAND (a, 0);
      while (handled_component_p (lit))
	lit = TREE_OPERAND (lit, 0);
      return TREE_CODE (lit) == STRING_CST;
    }
  if (TREE_CODE (a) != SSA_NAME || depth > 4)
    return false;
  gimple *def = SSA_NAME_DEF_STMT (a);
  if (gphi *phi = dyn_cast <gphi *> (def))
    {
      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	if (!dm_string_literal_p (gimple_phi_arg_def (phi, i), depth + 1))
	  return false;
      return true;
    }
  gassign *as = dyn_cast <gassign *> (def);
  if (!as)
    return false;
  if (gimple_assign_rhs_code (as) == COND_EXPR)
    return (dm_string_literal_p (gimple_assign_rhs2 (as), depth + 1)
	    && dm_string_literal_p (gimple_assign_rhs3 (as), depth + 1));
  return ((gimple_assign_single_p (as) || gimple_assign_cast_p (as))
	  && !gimple_assign_load_p (as)
	  && dm_string_literal_p (gimple_assign_rhs1 (as), depth + 1));
}

/* Is CALL (to FN) a clock read that stores only its result: clock (),
   time (NULL), C++'s steady_clock::now () and system_clock::now ()
   (high_resolution_clock is the latter), into a register or a variable
   whose address is never taken (so no construct maps it)?  */
static bool
dm_clock_call_p (gcall *call, tree fn)
{
  const char *as = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fn));
  bool clock = (gimple_call_builtin_p (call, BUILT_IN_NORMAL)
		? false
		: !strcmp (as, "clock")
		  || !strcmp (as, "_ZNSt6chrono3_V212steady_clock3nowEv")
		  || !strcmp (as, "_ZNSt6chrono3_V212system_clock3nowEv"));
  if (!strcmp (as, "time") && gimple_call_num_args (call) == 1
      && integer_zerop (gimple_call_arg (call, 0)))
    clock = true;
  else if (clock && gimple_call_num_args (call) != 0)
    clock = false;
  if (!clock)
    return false;
  tree lhs = gimple_call_lhs (call);
  if (!lhs || TREE_CODE (lhs) == SSA_NAME)
    return true;
  tree base = get_base_address (lhs);
  return (base && VAR_P (base) && !is_global_var (base)
	  && !TREE_ADDRESSABLE (base));
}

/* Is CALL the program's question about a mapping (omp_target_is_present,
   omp_target_is_accessible, omp_get_mapped_ptr), not the pass's own?  */
static bool
dm_mapping_query_p (gcall *call)
{
  tree fn = gimple_call_fndecl (call);
  if (!fn || !DECL_NAME (fn) || fn == dm_omp_query_decl (DM_IS_PRESENT))
    return false;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fn));
  return (!strcmp (name, "omp_target_is_present")
	  || !strcmp (name, "omp_target_is_accessible")
	  || !strcmp (name, "omp_get_mapped_ptr"));
}

/* Calls that touch no memory of the program: timers, presence queries,
   the plugin's announcements, printing whose pointer arguments are
   string literals or FILE streams, and a replaceable operator new (as
   malloc: GCC 12's oracle lets it write anything escaped; later GCCs
   assume it sane, -fassume-sane-operators-new-delete).  Not operator
   delete: a section it frees must not stay kept (dm_frees_p).  */
/* Does the unit define a replaceable operator new (any of its forms)?
   Asked once per unit.  */
static bool
dm_unit_replaces_operator_new (void)
{
  static int answer = -1;
  if (answer < 0)
    {
      answer = 0;
      cgraph_node *node;
      FOR_EACH_FUNCTION (node)
	if (node->definition
	    && DECL_IS_REPLACEABLE_OPERATOR_NEW_P (node->decl))
	  answer = 1;
    }
  return answer;
}

static bool
dm_harmless_call_p (gcall *call)
{
  tree fn = gimple_call_fndecl (call);
  if (!fn || !DECL_NAME (fn))
    return false;
  if (dm_presence_query_p (call))
    return true;
  /* The library's operator new, unless the unit replaces one (the
     library's new[] calls the replacement, which may touch anything or
     run constructs).  */
  if (DECL_IS_REPLACEABLE_OPERATOR_NEW_P (fn))
    return !dm_unit_replaces_operator_new ();
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fn));
  /* The plugin's own announcement of the next construct's items (an
     overwrite that holds where no loop count is negative): the runtime
     notes their addresses, and reads or writes none of their bytes.  */
  if (!strcmp (name, "deepmap_annotate"))
    return true;
  /* Known by name: only the library's (a function the unit defines, or
     a static one, is the program's, whatever its name).  */
  bool library = TREE_PUBLIC (fn) && DECL_EXTERNAL (fn);
  if (library
      && (!strcmp (name, "omp_get_wtime") || !strcmp (name, "omp_get_wtick")))
    return true;
  if (library && dm_clock_call_p (call, fn))
    return true;
  /* The FILE * argument, if any: a stream is the C library's state.  */
  int stream = -1;
  if (gimple_call_builtin_p (call, BUILT_IN_FPRINTF))
    stream = 0;
  else if (gimple_call_builtin_p (call, BUILT_IN_FPUTS)
	   || gimple_call_builtin_p (call, BUILT_IN_FPUTC)
	   || gimple_call_builtin_p (call, BUILT_IN_PUTC))
    stream = 1;
  else if (!gimple_call_builtin_p (call, BUILT_IN_PRINTF)
	   && !gimple_call_builtin_p (call, BUILT_IN_PUTS)
	   && !gimple_call_builtin_p (call, BUILT_IN_PUTCHAR))
    return false;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      tree a = gimple_call_arg (call, i);
      if (!POINTER_TYPE_P (TREE_TYPE (a)))
	continue;
      if (dm_string_literal_p (a, 0))
	continue;
      /* %s of a program's array, or %n, reads or writes through it.  */
      if ((int) i != stream
	  || TREE_CODE (TREE_TYPE (TREE_TYPE (a))) != RECORD_TYPE)
	return false;
    }
  return true;
}

/* Does STMT of the loop need no look: it touches no memory, or only the
   argument arrays of constructs, or it is a construct itself (its body
   runs on the device).  */
static bool
dm_stmt_ignorable_p (gimple *stmt)
{
  if (is_gimple_debug (stmt) || !gimple_vuse (stmt))
    return true;
  /* A target data construct's copies are its items'; a target update's
     sections are asked apart (dm_update_may_copy).  */
  if (dm_is_target_call (stmt) || dm_omp_temp_stmt_p (stmt)
      || dm_is_data_region_call (stmt) || dm_is_end_data_call (stmt)
      || gimple_call_builtin_p (stmt, BUILT_IN_GOMP_TARGET_UPDATE))
    return true;
  gcall *call = dyn_cast <gcall *> (stmt);
  return call && dm_harmless_call_p (call);
}

/* Is CALL one of the C library's calls that take pages away from an
   address or put others there (munmap, mremap, mmap with MAP_FIXED at
   an address, madvise that drops pages, shmdt)?  Its first argument is
   that address.  */
static bool
dm_unmaps_p (gcall *call)
{
  tree fn = gimple_call_fndecl (call);
  if (!fn || !DECL_NAME (fn) || !TREE_PUBLIC (fn) || !DECL_EXTERNAL (fn))
    return false;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fn));
  static const char *const unmapping[] = {
    "munmap", "mremap", "mmap", "mmap64", "madvise", "posix_madvise",
    "shmdt"
  };
  for (const char *u : unmapping)
    if (!strcmp (name, u))
      return true;
  return false;
}

/* Does CALL free (or reallocate, or unmap) memory that may hold REF's
   bytes?  */
static bool
dm_frees_p (gcall *call, ao_ref *ref)
{
  if (!gimple_call_builtin_p (call, BUILT_IN_FREE)
      && !gimple_call_builtin_p (call, BUILT_IN_REALLOC)
      && !gimple_call_operator_delete_p (call)
      && !dm_unmaps_p (call))
    return false;
  if (gimple_call_num_args (call) < 1)
    return true;
  tree p = gimple_call_arg (call, 0);
  if (!POINTER_TYPE_P (TREE_TYPE (p)))
    return true;
  ao_ref pr;
  ao_ref_init_from_ptr_and_size (&pr, p, NULL_TREE);
  return refs_may_alias_p_1 (&pr, ref, false);
}

/* The statements of R that may access a section R keeps: constructs
   (which may run elsewhere) and those not ignorable, listed once for
   all its groups (dm_group_obstacle; LULESH's time loop has thousands
   of statements and sixty groups).  */
static vec<gimple *> &
dm_host_stmts (dm_region *r)
{
  if (!r->host_stmts_known)
    {
      r->host_stmts_known = true;
      for (gimple *stmt : r->stmts)
	if (dm_is_target_call (stmt) || !dm_stmt_ignorable_p (stmt))
	  r->host_stmts.safe_push (stmt);
    }
  return r->host_stmts;
}

/* The reasons below name the region: a loop or a run of constructs.  */
#define DM_WHY(r, in_loop, in_run) ((r)->loop ? (in_loop) : (in_run))

/* Is GIMPLE value VAL computed before region R?  */
static bool
dm_region_invariant_p (tree val, dm_region *r)
{
  if (r->loop)
    return dm_invariant_p (val, r->loop);
  /* A run: computed before it starts, and not again between the
     constructs.  A construct inside a loop the run holds may use a
     value that loop computes (a PHI of its header, which is no
     statement of the run): that one is computed where the run starts
     only if its block comes first.  */
  if (TREE_CODE (val) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (val))
    return true;
  gimple *def = SSA_NAME_DEF_STMT (val);
  if (r->members.contains (def))
    return false;
  basic_block start = r->first ? gimple_bb (r->first)
		      : r->enter_edge ? r->enter_edge->src : NULL;
  return (!start || !gimple_bb (def)
	  || dominated_by_p (CDI_DOMINATORS, start, gimple_bb (def)));
}

static bool
dm_region_has (dm_region *r, gimple *stmt)
{
  if (r->loop)
    return gimple_bb (stmt) && flow_bb_inside_loop_p (r->loop,
						       gimple_bb (stmt));
  return r->members.contains (stmt);
}

/* Is the memory REF a bounded access: a constant number of bytes at an
   address GIMPLE can take?  Then its update is exact wherever it points
   (see dm_emit_update), through the section's pointer or another one
   that may point into it.  */
static bool
dm_bounded_access_p (tree ref)
{
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (ref));
  if (!size || TREE_CODE (size) != INTEGER_CST || !get_base_address (ref))
    return false;
  for (tree r = ref; handled_component_p (r); r = TREE_OPERAND (r, 0))
    if (TREE_CODE (r) == BIT_FIELD_REF
	|| (TREE_CODE (r) == COMPONENT_REF
	    && DECL_BIT_FIELD (TREE_OPERAND (r, 1))))
      return false;
  return true;
}

/* Does LOOP (not the function's body) hold a target construct?  */
static bool
dm_loop_has_construct (class loop *loop)
{
  if (!loop_outer (loop))
    return true;
  basic_block *body = get_loop_body (loop);
  bool constructs = false;
  for (unsigned i = 0; i < loop->num_nodes && !constructs; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (dm_is_target_call (gsi_stmt (gsi)) || dm_is_data_call (gsi_stmt (gsi)))
	constructs = true;
  free (body);
  return constructs;
}

/* May the host loop LOOP, below region level OUTER, have the updates of
   what it accesses placed around it: one level down, no construct in
   it, one exit, into OUTER (any exits, for reads alone: their update
   goes before it)?  */
static bool
dm_host_loop_wraps (class loop *loop, class loop *outer, bool writes = true)
{
  if (loop_outer (loop) != outer || dm_loop_has_construct (loop))
    return false;
  /* Reads need their copy only before it (a search that breaks out,
     LULESH's test of q against qstop).  */
  if (!writes)
    return true;
  edge exit = single_exit (loop);
  return exit && flow_bb_inside_loop_p (outer, exit->dest);
}

/* Can the access ACC, in host loop LOOP nested in the kept loop OUTER,
   be updated once for the whole loop?  Then note the bytes it touches.
   LOOP must be one level down, hold no construct (a device access in
   the middle would see the host's writes late), and leave by one exit
   into OUTER; its address must step by a constant from iteration to
   iteration, for a number of iterations known when it starts.  A read
   may be updated for more bytes than it reads (the device copy is the
   current one); a write must cover all of them, every iteration: its
   step is its size and it runs before the exit test.  */
static bool
dm_host_loop_range (dm_access *acc, class loop *loop, class loop *outer)
{
  if (!dm_host_loop_wraps (loop, outer))
    return false;
  edge exit = single_exit (loop);
  tree latches = number_of_latch_executions (loop);
  if (!latches || chrec_contains_undetermined (latches)
      || chrec_contains_symbols_defined_in_loop (latches, loop->num))
    return false;
  innermost_loop_behavior drb;
  if (!dr_analyze_innermost (&drb, acc->ref, loop, acc->stmt)
      || TREE_CODE (drb.step) != INTEGER_CST)
    return false;
  if (acc->write)
    {
      tree size = TYPE_SIZE_UNIT (TREE_TYPE (acc->ref));
      if (!tree_int_cst_equal (size, fold_abs_const (drb.step, ssizetype))
	  || !dominated_by_p (CDI_DOMINATORS, exit->src,
			      gimple_bb (acc->stmt)))
	return false;
    }
  acc->host_loop = loop;
  acc->first = fold_build_pointer_plus (drb.base_address,
					size_binop (PLUS_EXPR,
						    fold_convert (ssizetype,
								  drb.offset),
						    drb.init));
  acc->step = drb.step;
  acc->latches = latches;
  return true;
}

/* The host loop around STMT (below region R's level) that the updates
   of a whole-section access by STMT go around: the outermost loop
   containing STMT below R's level that holds no construct, if it leaves
   by one exit into its parent (any exit, if STMT only reads: WRITES
   false).  NULL when STMT is at R's level or in a
   loop holding a construct (its updates go right at it), or when no
   such loop wraps it; *OK is false in that last case only.  */
static class loop *
dm_wrapping_loop (gimple *stmt, dm_region *r, bool *ok, bool writes)
{
  *ok = true;
  class loop *l = gimple_bb (stmt)->loop_father;
  if (l == r->level || dm_loop_has_construct (l)
      || !flow_loop_nested_p (r->level, l))
    return NULL;
  while (loop_outer (l) != r->level && !dm_loop_has_construct (loop_outer (l)))
    l = loop_outer (l);
  if (!dm_host_loop_wraps (l, loop_outer (l), writes))
    {
      *ok = false;
      return NULL;
    }
  return l;
}

/* STMT, in region R, may read the section of group G (and write it, if
   WRITES) in a way only whole copies can follow: the whole section is
   copied back before it and, if it may write, sent again after it
   (exact: the host copy equals the device copy when it starts); in a
   host loop below the region's level the copies go around the
   outermost such loop that holds no construct.  Pushed on ACCESSES,
   once per place; false if no loop wraps STMT.  */
static bool
dm_whole_access (gimple *stmt, int g, dm_region *r, bool writes,
		 vec<dm_access> &accesses, tree through = NULL_TREE,
		 bool reads = true)
{
  bool ok;
  class loop *host_loop = dm_wrapping_loop (stmt, r, &ok, writes);
  if (!ok)
    return false;
  for (int w = !reads; w <= writes; w++)
    {
      bool seen = false;
      if (host_loop)
	for (dm_access &a : accesses)
	  seen |= (a.whole && a.group == g && a.host_loop == host_loop
		   && a.write == (w != 0) && a.through == through);
      dm_access acc = { g, stmt, NULL_TREE, w != 0, host_loop, NULL, NULL,
			NULL, true, through };
      if (!seen)
	accesses.safe_push (acc);
    }
  return true;
}

/* Do A and B, sizes or addresses, have the same value: equal, or
   computed by the same operations from equal operands (a length the
   loop computes again as the construct's size was computed)?  */
static bool
dm_same_computation (tree a, tree b, int depth = 0)
{
  if (operand_equal_p (a, b, 0))
    return true;
  if (depth > 4 || TREE_CODE (a) != SSA_NAME || TREE_CODE (b) != SSA_NAME
      || !types_compatible_p (TREE_TYPE (a), TREE_TYPE (b)))
    return false;
  gassign *da = dyn_cast <gassign *> (SSA_NAME_DEF_STMT (a));
  gassign *db = dyn_cast <gassign *> (SSA_NAME_DEF_STMT (b));
  if (!da || !db || gimple_assign_rhs_code (da) != gimple_assign_rhs_code (db)
      || gimple_num_ops (da) != gimple_num_ops (db)
      || gimple_assign_load_p (da) || gimple_assign_load_p (db))
    return false;
  for (unsigned i = 1; i < gimple_num_ops (da); i++)
    if (!dm_same_computation (gimple_op (da, i), gimple_op (db, i), depth + 1))
      return false;
  return true;
}

/* Does CALL store to every byte of LEAD's section and read none of it:
   a memset of exactly the section?  */
static bool
dm_call_fills (gcall *call, const dm_item *lead)
{
  return (gimple_call_builtin_p (call, BUILT_IN_MEMSET)
	  && dm_same_computation (gimple_call_arg (call, 0), lead->addr)
	  && dm_same_computation (gimple_call_arg (call, 2), lead->size));
}

/* CALL, in region R, may read the section of group G (and write it, if
   WRITES): dm_whole_access, or why not.  */
static const char *
dm_call_access (gimple *call, int g, dm_region *r, bool writes,
		vec<dm_access> &accesses)
{
  if (!dm_whole_access (call, g, r, writes, accesses))
    return DM_WHY (r, "a call in the loop may access it",
		   "a call between the constructs may access it");
  return NULL;
}

static bool dm_call_runs_constructs (gimple *call);
static bool dm_callback_runs_constructs (gimple *call, int depth);

static tree dm_called_body (gimple *call);

/* Why STMT of region R may access the section REF in a way a target
   update cannot follow, or NULL.  A bounded load or store that may
   access it is pushed on ACCESSES (group G) instead.  READS_ONLY: STMT,
   a call, does not store to it whatever the oracle says.  */
static const char *
dm_host_access (gimple *stmt, ao_ref *ref, int g,
		dm_region *r, vec<dm_access> &accesses, bool reads_only)
{
  if (gimple_code (stmt) == GIMPLE_ASM)
    return DM_WHY (r, "an asm statement of the loop may access it",
		   "an asm statement between the constructs may access it");
  bool reads = ref_maybe_used_by_stmt_p (stmt, ref, true);
  bool writes = !reads_only && stmt_may_clobber_ref_p_1 (stmt, ref, true);
  /* A host parallel region whose body stores only to its own variables
     and reads through its argument block (LULESH's check of the
     determinants between two kernels) reads what the block reaches.  */
  tree pfn, pblock;
  gcall *pcall = dyn_cast <gcall *> (stmt);
  if (pcall && dm_parallel_start_p (pcall, &pfn, &pblock)
      && dm_parallel_body_stores_nothing (pfn))
    {
      writes = false;
      reads &= dm_parallel_may_read (pcall, ref);
    }
  if (!reads && !writes)
    return NULL;
  if (is_gimple_call (stmt) && dm_call_runs_constructs (stmt))
    {
      if (dm_callback_runs_constructs (stmt, 0))
	return DM_WHY (r, "a call in the loop may call back a function that "
			  "runs target constructs that may map it",
		       "a call between the constructs may call back a "
		       "function that runs target constructs that may map "
		       "it");
      /* A body the unit does not have: it may run some.  */
      tree fn = dm_called_body (stmt);
      cgraph_node *node = fn ? cgraph_node::get (fn) : NULL;
      if (!fn)
	return DM_WHY (r, "a call through a pointer in the loop may run "
			  "target constructs that may map it",
		       "a call through a pointer between the constructs may "
		       "run target constructs that may map it");
      if (!node || !node->ultimate_alias_target ()->definition)
	return DM_WHY (r, "a call in the loop of a function the unit does "
			  "not define may run target constructs that may "
			  "map it",
		       "a call between the constructs of a function the "
		       "unit does not define may run target constructs "
		       "that may map it");
      return DM_WHY (r, "a call in the loop runs target constructs that "
			"may map it",
		     "a call between the constructs runs target constructs "
		     "that may map it");
    }
  if (is_gimple_call (stmt))
    return dm_call_access (stmt, g, r, writes, accesses);
  const char *why = DM_WHY (r, "the host accesses it in the loop",
			    "the host accesses it between the constructs");
  if (gimple_clobber_p (stmt))
    /* The variable's storage may serve another one in between, which
       a resident copy's copy-back would overwrite.  */
    return DM_WHY (r, "its variable's lifetime ends in the loop",
		   "its variable's lifetime ends between the constructs");
  if (!gimple_assign_single_p (stmt) || gimple_has_volatile_ops (stmt))
    return why;
  /* An access in a loop below the region's level is updated once for
     that loop (dm_host_loop_range), unless the loop holds constructs:
     then, as at the region's own level, right where it happens.  */
  class loop *host_loop = gimple_bb (stmt)->loop_father;
  if (host_loop == r->level || dm_loop_has_construct (host_loop))
    host_loop = NULL;
  if (reads)
    {
      tree rhs = gimple_assign_rhs1 (stmt);
      if (!gimple_assign_load_p (stmt) || !dm_bounded_access_p (rhs))
	return why;
      dm_access acc = { g, stmt, rhs, false, NULL, NULL, NULL, NULL, false };
      if (host_loop && !dm_host_loop_range (&acc, host_loop, r->level))
	{
	  /* Deeper, or not stepping by a constant: the whole section
	     around the loop.  */
	  if (!dm_whole_access (stmt, g, r, false, accesses))
	    return "the host accesses it in a loop nested in the loop";
	}
      else
	accesses.safe_push (acc);
    }
  if (writes)
    {
      tree lhs = gimple_assign_lhs (stmt);
      if (!gimple_store_p (stmt) || !dm_bounded_access_p (lhs))
	return why;
      dm_access acc = { g, stmt, lhs, true, NULL, NULL, NULL, NULL, false };
      if (host_loop && !dm_host_loop_range (&acc, host_loop, r->level))
	{
	  /* A strided or conditional write, or one deeper: the whole
	     section back before the loop and out again after it.  */
	  if (!dm_whole_access (stmt, g, r, true, accesses))
	    return "the host accesses it in a loop nested in the loop";
	}
      else
	accesses.safe_push (acc);
    }
  return NULL;
}

/* May the target update CALL copy bytes of the section REF (either way)?
   True when one of its entries cannot be read.  PRIV, DECL: the
   section's memory is private (dm_private_pointers); then only an entry
   given one of those pointers, or the array DECL, reaches it.  */
static bool
dm_update_may_copy (gcall *call, ao_ref *ref, bitmap priv, tree decl)
{
  tree addrs = dm_arg_decl (call, 2), sizes = dm_arg_decl (call, 3);
  if (!addrs || !sizes || !tree_fits_uhwi_p (gimple_call_arg (call, 1)))
    return true;
  HOST_WIDE_INT psize = int_size_in_bytes (ptr_type_node);
  HOST_WIDE_INT ssize = int_size_in_bytes (size_type_node);
  unsigned n = tree_to_uhwi (gimple_call_arg (call, 1));
  for (unsigned i = 0; i < n; i++)
    {
      tree a = dm_arg_slot (call, addrs, i * psize, psize);
      tree size = dm_arg_slot (call, sizes, i * ssize, ssize);
      if (!a || !POINTER_TYPE_P (TREE_TYPE (a)))
	return true;
      if (priv && TREE_CODE (a) == SSA_NAME
	  && !bitmap_bit_p (priv, SSA_NAME_VERSION (a)))
	continue;
      if (priv && TREE_CODE (a) == ADDR_EXPR
	  && get_base_address (TREE_OPERAND (a, 0)) != decl
	  && DECL_P (get_base_address (TREE_OPERAND (a, 0))))
	continue;
      ao_ref r;
      ao_ref_init_from_ptr_and_size (&r, a, size && TREE_CODE (size)
					    == INTEGER_CST ? size : NULL_TREE);
      if (refs_may_alias_p_1 (ref, &r, false))
	return true;
    }
  return false;
}

/* Is G a target update whose entries dm_update_may_copy can read?  */
static bool
dm_readable_update_p (gimple *g)
{
  gcall *call = dyn_cast <gcall *> (g);
  return (call && gimple_call_builtin_p (call, BUILT_IN_GOMP_TARGET_UPDATE)
	  && dm_arg_decl (call, 2) && dm_arg_decl (call, 3)
	  && tree_fits_uhwi_p (gimple_call_arg (call, 1)));
}

/* Region-wide reasons not to keep anything across R, or NULL.  */
/* Is G a call of LOOP that may throw out of it (to no handler of this
   function, or to a landing pad outside LOOP)?  Those get the loop's
   exit data on the exception's path.  A statement that must not throw
   (std::terminate follows) needs nothing; other throwing statements
   (resumes, dispatches, non-call exceptions) are left alone.  A run's
   calls count the same way, their handler being none of its
   statements.  */
static bool
dm_leaves_by_exception (dm_region *r, gimple *g)
{
  if (!is_gimple_call (g) || !stmt_could_throw_p (cfun, g))
    return false;
  int lp_nr = lookup_stmt_eh_lp (g);
  if (lp_nr < 0)
    return false;
  if (lp_nr == 0)
    return true;
  eh_landing_pad lp = get_eh_landing_pad_from_number (lp_nr);
  basic_block pad = lp && lp->post_landing_pad
		    ? label_to_block (cfun, lp->post_landing_pad) : NULL;
  if (!pad)
    return false;
  if (r->loop)
    return !flow_bb_inside_loop_p (r->loop, pad);
  /* A run: the handler must not be one of its statements.  */
  for (gimple_stmt_iterator gsi = gsi_start_bb (pad); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (r->members.contains (gsi_stmt (gsi)))
      return false;
  return true;
}

/* What MEMO says of FN, or of the function a clone or alias FN was made
   from (IPA's clones are made after the memo was filled), or NULL.  */
static bool *
dm_memo_of (hash_map<tree, bool> *memo, tree fn)
{
  if (!memo)
    return NULL;
  cgraph_node *node = cgraph_node::get (fn);
  for (int depth = 0; node && depth < 8; depth++)
    {
      node = node->ultimate_alias_target ();
      if (bool *m = memo->get (node->decl))
	return m;
      if (node->former_clone_of)
	if (bool *m = memo->get (node->former_clone_of))
	  return m;
      node = node->clone_of;
    }
  return DECL_ABSTRACT_ORIGIN (fn) ? memo->get (DECL_ABSTRACT_ORIGIN (fn))
				   : NULL;
}

/* Is FN one of the C library's non-local gotos?  */
static bool
dm_longjmp_decl_p (tree fn)
{
  if (fndecl_built_in_p (fn, BUILT_IN_LONGJMP))
    return true;
  if (!DECL_NAME (fn))
    return false;
  const char *n = IDENTIFIER_POINTER (DECL_NAME (fn));
  return !strcmp (n, "longjmp") || !strcmp (n, "_longjmp")
	 || !strcmp (n, "siglongjmp") || !strcmp (n, "__longjmp_chk");
}

static hash_map<tree, bool> *dm_longjmp_memo;

/* May a call of FN longjmp out of its caller: FN is longjmp, or a
   function of the unit that calls one that may?  A library's other
   functions do not; a function of another unit is not known (one that
   may run constructs stops hoisting already: dm_call_runs_constructs).
   A function not lowered yet is asked no further: it may.  */
static bool
dm_may_longjmp (tree fn, int depth)
{
  if (dm_longjmp_decl_p (fn))
    return true;
  if (fndecl_built_in_p (fn) || !gimple_has_body_p (fn))
    return false;
  function *f = DECL_STRUCT_FUNCTION (fn);
  if (!f || !f->cfg || depth > 8)
    return true;
  if (!dm_longjmp_memo)
    dm_longjmp_memo = new hash_map<tree, bool>;
  if (bool *m = dm_longjmp_memo->get (fn))
    return *m;
  dm_longjmp_memo->put (fn, false);	/* recursion: the others decide */
  bool may = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, f)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
	 !may && !gsi_end_p (gsi); gsi_next (&gsi))
      {
	gimple *g = gsi_stmt (gsi);
	tree callee = is_gimple_call (g) && !gimple_call_internal_p (g)
		      ? gimple_call_fndecl (g) : NULL_TREE;
	may = callee && callee != fn && dm_may_longjmp (callee, depth + 1);
      }
  dm_longjmp_memo->put (fn, may);
  return may;
}

/* May CALL longjmp out of its caller (dm_may_longjmp, asked of every
   function at the start of IPA: a body compiled since is gone)?  A clone
   made since may what its original may.  */
static bool
dm_call_may_longjmp (gimple *call)
{
  tree fn = gimple_call_fndecl (call);
  if (!fn)
    return false;
  if (bool *m = dm_memo_of (dm_longjmp_memo, fn))
    return *m;
  return dm_may_longjmp (fn, 0);
}

/* Does G order this thread's memory accesses with another thread's or
   a task's: a task created or waited for, a barrier, a critical or
   ordered section, an atomic operation or fence?  Hoisting's model is
   one thread whose calls do their work before they return; a deferred
   task writes the host's arrays later, and another thread of the
   parallel region writes them whenever it synchronizes with this one,
   so an update moved across such a point would copy over its writes.  */
static bool
dm_synchronizes_p (gimple *g)
{
  if (!is_gimple_call (g) || gimple_call_internal_p (g))
    return false;
  tree fn = gimple_call_fndecl (g);
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return false;
  enum built_in_function code = DECL_FUNCTION_CODE (fn);
  if (code >= BUILT_IN_SYNC_FETCH_AND_ADD_N
      && code <= BUILT_IN_ATOMIC_SIGNAL_FENCE)
    return true;
  switch (code)
    {
    case BUILT_IN_GOMP_TASK:
    case BUILT_IN_GOMP_TASKLOOP:
    case BUILT_IN_GOMP_TASKLOOP_ULL:
    case BUILT_IN_GOMP_TASKWAIT:
    case BUILT_IN_GOMP_TASKWAIT_DEPEND:
    case BUILT_IN_GOMP_TASKYIELD:
    case BUILT_IN_GOMP_TASKGROUP_START:
    case BUILT_IN_GOMP_TASKGROUP_END:
    case BUILT_IN_GOMP_BARRIER:
    case BUILT_IN_GOMP_BARRIER_CANCEL:
    case BUILT_IN_GOMP_CRITICAL_START:
    case BUILT_IN_GOMP_CRITICAL_NAME_START:
    case BUILT_IN_GOMP_ATOMIC_START:
    case BUILT_IN_GOMP_ORDERED_START:
      return true;
    default:
      return false;
    }
}

/* A call of the pipelining runtime (deepmap_pipeline_begin, _iter, _end:
   #pragma deepmap pipeline); with WHICH, that one.  */
static bool
dm_is_pipeline_call (gimple *g, const char *which = NULL)
{
  if (!is_gimple_call (g) || gimple_call_internal_p (g))
    return false;
  tree fn = gimple_call_fndecl (g);
  if (!fn || !DECL_NAME (fn))
    return false;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fn));
  return which ? strcmp (name, which) == 0
	       : strncmp (name, "deepmap_pipeline_", 17) == 0;
}

/* Is region R in a loop that #pragma deepmap pipeline runs in chunks
   (its body calls deepmap_pipeline_iter)?  The pipeline maps that
   loop's arrays chunk by chunk into slots of its own: a section kept
   across constructs of the loop would be mapped whole beside them, and
   its copies would race with the pipeline's.  */
static bool
dm_in_pipelined_loop (dm_region *r)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (dm_is_pipeline_call (gsi_stmt (gsi), "deepmap_pipeline_iter"))
	{
	  class loop *l = bb->loop_father;
	  if (l == r->level || flow_loop_nested_p (l, r->level))
	    return true;
	}
  return false;
}

static const char *
dm_region_obstacle (dm_region *r, dm_hoist_state *st)
{
  if (r->loop && r->exits.is_empty ())
    return "the loop has no exit";
  for (gimple *g : r->stmts)
    if (dm_leaves_by_exception (r, g))
      r->throwers.safe_push (g);
  for (edge e : r->exits)
    if ((e->flags & EDGE_COMPLEX)
	&& !((e->flags & EDGE_EH) && !(e->flags & EDGE_ABNORMAL)
	     && last_stmt (e->src)
	     && r->throwers.contains (last_stmt (e->src))))
      return "an exception or abnormal edge leaves the loop";
  if (!r->loop && r->last && stmt_ends_bb_p (r->last))
    return "the last construct ends its block";
  /* A run that holds the start of a target data construct but not its
     end (or the reverse) would let go of its sections inside the target
     data (or take them there): where the target data maps memory the
     kept sections also reach (two structures pointing to one buffer),
     the copy-back a construct inside did then waits for the target
     data's end, which copies back its own sections only.  */
  if (!r->loop)
    {
      int depth = 0;
      for (gimple *g : r->stmts)
	{
	  if (dm_is_data_region_call (g))
	    depth++;
	  else if (dm_is_end_data_call (g) && --depth < 0)
	    break;
	}
      if (depth != 0)
	return "the start or the end of a target data construct is between "
	       "the constructs, not both";
    }
  for (gimple *g : st->opaque)
    if (dm_region_has (r, g) && !dm_readable_update_p (g))
      return dm_is_data_call (g)
	     ? DM_WHY (r, "the loop holds target update, enter or exit data "
			  "constructs, or target data that uses device "
			  "addresses",
		       "target update, enter or exit data constructs, or "
		       "target data that uses device addresses, are between "
		       "the constructs")
	     : DM_WHY (r, "a target construct of the loop could not be read",
		       "a target construct between them could not be read");
  for (gimple *g : r->stmts)
    if (r->loop && dm_is_pipeline_call (g, "deepmap_pipeline_iter")
	&& gimple_bb (g)->loop_father == r->loop)
      return "the loop is pipelined (#pragma deepmap pipeline): its arrays "
	     "are mapped chunk by chunk";
  for (gimple *g : r->stmts)
    if (dm_is_pipeline_call (g))
      return DM_WHY (r, "the loop holds a pipelined loop (#pragma deepmap "
			"pipeline), which maps its arrays chunk by chunk",
		     "a pipelined loop (#pragma deepmap pipeline) is between "
		     "the constructs");
  if (dm_in_pipelined_loop (r))
    return DM_WHY (r, "the loop is in a pipelined loop (#pragma deepmap "
		      "pipeline), which maps its arrays chunk by chunk",
		   "the constructs are in a pipelined loop (#pragma deepmap "
		   "pipeline), which maps its arrays chunk by chunk");
  for (gimple *g : r->stmts)
    if (dm_synchronizes_p (g))
      return DM_WHY (r, "the loop creates or waits for tasks, or "
			"synchronizes with other threads",
		     "a statement between the constructs creates or waits "
		     "for tasks, or synchronizes with other threads");
  /* A longjmp out of the region would skip its exit data, and leave
     the sections mapped with a reference no one lets go of.  */
  for (gimple *g : r->stmts)
    if (is_gimple_call (g) && !gimple_call_internal_p (g)
	&& gimple_call_fndecl (g)
	&& dm_call_may_longjmp (g))
      return DM_WHY (r, "a call of the loop may longjmp out of it",
		     "a call between the constructs may longjmp out of "
		     "them");
  for (gimple *g : r->stmts)
    if (stmt_could_throw_p (cfun, g) && !r->throwers.contains (g)
	&& lookup_stmt_eh_lp (g) >= 0)
      /* The exit data would be skipped by the exception.  */
      return DM_WHY (r, "a statement of the loop may throw",
		     "a statement between the constructs may throw");
  return NULL;
}

/* Are items A and B the same section on the same device?  */
static bool
dm_same_section (dm_item *a, dm_item *b)
{
  return (operand_equal_p (a->addr, b->addr, 0)
	  && operand_equal_p (a->size, b->size, 0)
	  && operand_equal_p (a->device, b->device, 0));
}

/* The constructs of IN_LOOP that map each group, as bitmaps of their
   numbers, for dm_mapped_apart.  */
struct dm_group_calls
{
  hash_map<int_hash<int, -1, -2>, bitmap> of;
  ~dm_group_calls ()
  {
    for (auto p : of)
      BITMAP_FREE (p.second);
  }
};

static void
dm_collect_group_calls (dm_hoist_state *st, vec<unsigned> &in_loop,
			dm_group_calls *gc)
{
  hash_map<gimple *, unsigned> number;
  for (unsigned i : in_loop)
    {
      bool existed;
      unsigned &k = number.get_or_insert (st->items[i].call, &existed);
      if (!existed)
	k = number.elements () - 1;
      bitmap &b = gc->of.get_or_insert (st->items[i].group, &existed);
      if (!existed)
	b = BITMAP_ALLOC (NULL);
      bitmap_set_bit (b, k);
    }
}

/* Does some call map one of the groups G1, G2 and not the other?  */
static bool
dm_mapped_apart (dm_group_calls *gc, int g1, int g2)
{
  bitmap *b1 = gc->of.get (g1), *b2 = gc->of.get (g2);
  if (!b1 || !b2)
    return (b1 == NULL) != (b2 == NULL);
  return !bitmap_equal_p (*b1, *b2);
}

/* Is ADDR the address of an automatic variable of this function?  */
static bool
dm_local_address_p (tree addr)
{
  if (TREE_CODE (addr) != ADDR_EXPR)
    return false;
  tree base = get_base_address (TREE_OPERAND (addr, 0));
  return base && VAR_P (base) && !is_global_var (base);
}

/* Sections X and Y that points-to analysis cannot tell apart but that
   are disjoint: a parameter's incoming value was made before this
   activation's variables existed, so it cannot point to one of them
   (points-to information is flow-insensitive and lets parameters point
   to every escaped variable).  */
static bool
dm_provably_disjoint (dm_item *x, dm_item *y)
{
  /* Distinct allocations, std::vector buffers (dm-storage.c).  */
  if (!x->span && !y->span && !dm_deep_p (x) && !dm_deep_p (y)
      && dm_sections_apart_by_origin (x->addr, y->addr))
    return true;
  for (int i = 0; i < 2; i++, std::swap (x, y))
    if (TREE_CODE (x->addr) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF (x->addr)
	&& SSA_NAME_VAR (x->addr)
	&& TREE_CODE (SSA_NAME_VAR (x->addr)) == PARM_DECL
	&& dm_local_address_p (y->addr))
      return true;
  return false;
}

/* Is ADDR a parameter's incoming value, and STMT an assignment whose
   memory operands are all automatic variables (see above)?  */
static bool
dm_touches_only_locals (gimple *stmt, tree addr)
{
  if (TREE_CODE (addr) != SSA_NAME || !SSA_NAME_IS_DEFAULT_DEF (addr)
      || !SSA_NAME_VAR (addr) || TREE_CODE (SSA_NAME_VAR (addr)) != PARM_DECL
      || !gimple_assign_single_p (stmt))
    return false;
  tree ops[2] = { gimple_assign_lhs (stmt), gimple_assign_rhs1 (stmt) };
  for (tree op : ops)
    if (!is_gimple_reg (op) && !is_gimple_min_invariant (op)
	&& TREE_CODE (op) != CONSTRUCTOR
	&& !dm_local_address_p (build_fold_addr_expr (op)))
      return false;
  return true;
}

/* Would keeping group G across R save nothing?  Then why.  Each host
   access MINE becomes a copy: a call that may touch the section costs a
   whole one (two if it may write), an access that covers all of it (a
   scalar such as a residual the host resets before a kernel and reads
   after it) as much.  Across a loop: not worth it when calls run at
   every step as often as the constructs copy it, or when every access
   covers all of it and there are as many as copies.  Across a run whose
   constructs run once: not when the calls' copies and the enter and exit
   data add up to the constructs' copies.  A cost rule only; either
   choice gives the same results.  */
static const char *
dm_updates_cost_as_much (dm_region *r, dm_hoist_state *st,
			 vec<unsigned> &in_loop, int g, vec<dm_access> &mine)
{
  if (mine.is_empty ())
    return NULL;
  unsigned copies = 0;
  bool repeated = false;
  for (unsigned i : in_loop)
    if (st->items[i].group == g)
      {
	copies += (((st->items[i].kind & GOMP_MAP_FLAG_TO) != 0)
		   + ((st->items[i].kind & GOMP_MAP_FLAG_FROM) != 0));
	repeated |= gimple_bb (st->items[i].call)->loop_father != r->level;
      }
  unsigned whole = 0, every_step = 0;
  for (dm_access &acc : mine)
    if (acc.whole)
      {
	whole++;
	every_step += (r->loop
		       && dominated_by_p (CDI_DOMINATORS, r->loop->latch,
					  acc.host_loop ? acc.host_loop->header
							: gimple_bb (acc.stmt)));
	repeated |= (acc.host_loop
		     || gimple_bb (acc.stmt)->loop_father != r->level);
      }
  bool by_calls = true;
  for (dm_access &acc : mine)
    by_calls &= !acc.whole || is_gimple_call (acc.stmt);
  const char *calls
    = !by_calls ? DM_WHY (r, "a host loop that only whole copies can follow "
			     "runs at every step: copying it around the "
			     "loop would move as much as the constructs' "
			     "maps",
			  "a host loop between the constructs only whole "
			  "copies can follow: copying it around the loop "
			  "would move as much as the constructs' maps")
    : DM_WHY (r, "a call that may access it runs at every "
		 "step: copying it around the call would "
		 "move as much as the constructs' maps",
	      "a call between the constructs may access it: "
	      "copying it around the call would move as "
	      "much as the constructs' maps");
  if (r->loop && every_step && every_step >= copies)
    return calls;
  if (!r->loop && whole && !repeated && whole + 2 >= copies)
    return calls;
  tree size = st->items[g].size;
  if (!r->loop || TREE_CODE (size) != INTEGER_CST)
    return NULL;
  /* Only accesses that are the section itself count: one that may only
     alias it (a store through another pointer of the same type) moves
     what it touches of the section, nothing where it lies elsewhere.  */
  unsigned same = 0;
  for (dm_access &acc : mine)
    {
      if (acc.host_loop || acc.whole
	  || !tree_int_cst_equal (TYPE_SIZE_UNIT (TREE_TYPE (acc.ref)), size))
	return NULL;
      same += operand_equal_p (build_fold_addr_expr (acc.ref),
			       st->items[g].addr, 0);
    }
  if (same < copies)
    return NULL;
  return "the host reads or writes all of it between the constructs of "
	 "each step: its updates would move as much as the constructs' "
	 "maps";
}

/* Can STMT not touch memory only the pointers PRIV (SSA versions, see
   dm-escape.c) point into, or the local array DECL holds: a call given
   none of them (it cannot have the address any other way), or an access
   through another pointer or to another variable?  */
static bool
dm_cannot_reach (gimple *stmt, bitmap priv, tree decl)
{
  ssa_op_iter it;
  tree use;
  if (gcall *call = dyn_cast <gcall *> (stmt))
    {
      FOR_EACH_SSA_TREE_OPERAND (use, call, it, SSA_OP_USE)
	if (bitmap_bit_p (priv, SSA_NAME_VERSION (use)))
	  return false;
      for (unsigned i = 0; i < gimple_call_num_args (call); i++)
	{
	  tree a = gimple_call_arg (call, i);
	  if (decl && TREE_CODE (a) == ADDR_EXPR
	      && get_base_address (TREE_OPERAND (a, 0)) == decl)
	    return false;
	}
      tree fn, block;
      if (dm_parallel_start_p (call, &fn, &block))
	return !dm_parallel_may_reach (call, priv, decl);
      return !gimple_call_builtin_p (call, BUILT_IN_NORMAL);
    }
  if (!gimple_assign_single_p (stmt))
    return false;
  tree ref = gimple_store_p (stmt) ? gimple_assign_lhs (stmt)
				   : gimple_assign_rhs1 (stmt);
  if (gimple_store_p (stmt) && gimple_assign_load_p (stmt))
    return false;			/* an aggregate copy: two places */
  tree base = get_base_address (ref);
  if (!base)
    return false;
  if (DECL_P (base))
    return base != decl;
  if (TREE_CODE (base) != MEM_REF && TREE_CODE (base) != TARGET_MEM_REF)
    return false;
  tree ptr = TREE_OPERAND (base, 0);
  if (TREE_CODE (ptr) == ADDR_EXPR)
    return get_base_address (TREE_OPERAND (ptr, 0)) != decl;
  return (TREE_CODE (ptr) == SSA_NAME
	  && !bitmap_bit_p (priv, SSA_NAME_VERSION (ptr)));
}


/* May the device code of IT's construct write IT's section through a
   pointer it loads from another section (a structure's pointer field)?
   For a section that is itself a structure's member array, the loads of
   that field are asked apart from the structure's other fields (whose
   sections the run-time tests keep apart).  */
static bool
dm_to_reached_by_writes (dm_item *it)
{
  tree fn = gimple_call_arg (it->call, 1);
  unsigned HOST_WIDE_INT slots = dm_pointer_bearing_slots (it->call);
  unsigned slot;
  HOST_WIDE_INT offset;
  if (!dm_section_of_field (it->call, it->index, &slot, &offset))
    return dm_device_writes_through_loaded (fn, slots);
  return dm_device_writes_through_loaded (fn, slots & ~((unsigned HOST_WIDE_INT)
							1 << slot))
	 || dm_device_writes_through_field (fn, slot, offset);
}

static bool dm_rotation_values (tree addr, class loop *loop, vec<tree> &values,
				unsigned *key);

/* The header PHI of IT's rotation that NAME is computed from (through
   copies, conversions and offsets), or NULL.  */
static tree
dm_rotation_root (tree name, dm_item *it)
{
  while (TREE_CODE (name) == SSA_NAME)
    {
      gimple *def = SSA_NAME_DEF_STMT (name);
      if (gimple_code (def) == GIMPLE_PHI)
	{
	  auto_vec<tree> values;
	  unsigned key;
	  if (gimple_bb (def) != it->rot_loop->header
	      || !dm_rotation_values (name, it->rot_loop, values, &key)
	      || key + 1 != it->rot_id)
	    return NULL_TREE;
	  return name;
	}
      gassign *as = dyn_cast <gassign *> (def);
      if (!as)
	return NULL_TREE;
      enum tree_code code = gimple_assign_rhs_code (as);
      if (code != POINTER_PLUS_EXPR && code != SSA_NAME
	  && !CONVERT_EXPR_CODE_P (code))
	return NULL_TREE;
      name = gimple_assign_rhs1 (as);
    }
  return NULL_TREE;
}

/* Is LEAD, one array of a rotation (private memory: PRIV), an object of
   its own, apart from every other array of the rotation by where they
   come from (dm-storage.c: each an allocation or a local array of this
   function)?  Then a pointer rotating among them points into LEAD only
   while it equals LEAD.  */
static bool
dm_rotation_apart (dm_hoist_state *st, dm_item *lead)
{
  for (dm_item &o : st->items)
    if (o.synthetic && o.rot_id == lead->rot_id
	&& !operand_equal_p (o.addr, lead->addr, 0)
	&& !dm_sections_apart_by_origin (lead->addr, o.addr))
      return false;
  return true;
}

/* CALL, in region R, given pointers into LEAD's private memory PRIV only
   as pointers that rotate among the arrays of LEAD's rotation (A and B
   trading places, the host printing the current one): push on ACCESSES
   one whole access (group G) through each such pointer, which updates
   LEAD only while the pointer is LEAD, and return true.  False: the
   call is an ordinary access (a call that may write and throw is: its
   exception path must know which array the host wrote).  */
static bool
dm_rotation_call_access (gcall *call, dm_item *lead, bitmap priv, int g,
			 dm_region *r, bool writes, vec<dm_access> &accesses)
{
  if (writes && stmt_could_throw_p (cfun, call))
    return false;
  auto_vec<tree, 2> roots;
  ssa_op_iter it;
  tree use;
  FOR_EACH_SSA_TREE_OPERAND (use, call, it, SSA_OP_USE)
    if (bitmap_bit_p (priv, SSA_NAME_VERSION (use)))
      {
	tree root = dm_rotation_root (use, lead);
	if (!root)
	  return false;
	if (!roots.contains (root))
	  roots.safe_push (root);
      }
  if (roots.is_empty ())
    return false;
  for (tree root : roots)
    if (!dm_whole_access (call, g, r, writes, accesses, root))
      return false;
  return true;
}

static bool dm_region_targets_may_write (dm_region *r, dm_hoist_state *st,
					 dm_item *it);

/* Does a construct of R map a structure (a deep item) whose device code
   may write through the structure's pointers into group G, where the
   construct's maps of G do not decide what becomes of those writes?
   Mapped without 'from', the original drops them with its copy, and a
   resident copy would keep them (random-hoist seed 1073, program 23);
   mapped with 'from', the original brings them back, and a section
   whose own constructs only read it would be released, not copied
   back (program 16).  Where the construct maps G itself, through the
   field the structure holds, the writes through that field are G's,
   and its kind decides, unless only the structure's brings them back.
   The run-time test of overlap looks at the structure's own bytes
   alone.  */
static bool
dm_deep_writes (dm_region *r, dm_hoist_state *st, vec<unsigned> &in_loop,
		int g)
{
  /* Structures kept across an outer loop count too: unless kept with
     all they point to, each construct still maps that (random-hoist
     seed 1078, program 16).  */
  for (dm_item &di : st->items)
    {
      dm_item *d = &di;
      if (!dm_deep_p (d) || !dm_region_has (r, d->call)
	  || (!d->hoisted && d->group == g))
	continue;
      bool d_from = ((d->kind & DM_KIND_MASK) & GOMP_MAP_FLAG_FROM) != 0;
      if (d->data_region)
	{
	  /* The regions inside reach what it maps through their own
	     pointers.  */
	  for (gimple *x : r->stmts)
	    if (dm_is_target_call (x)
		&& dm_device_writes_through_loaded
		     (gimple_call_arg (x, 1),
		      dm_pointer_bearing_slots (as_a <gcall *> (x))))
	      return true;
	  continue;
	}
      tree fn = gimple_call_arg (d->call, 1);
      dm_item *mine = NULL;
      for (unsigned j : in_loop)
	if (st->items[j].call == d->call && st->items[j].group == g)
	  mine = &st->items[j];
      if (mine == d)
	continue;
      unsigned slot;
      HOST_WIDE_INT offset;
      bool writes;
      if (mine && dm_section_of_field (d->call, mine->index, &slot, &offset)
	  && slot == d->index)
	writes = dm_device_writes_through_field (fn, slot, offset);
      else
	writes = dm_device_writes_through_loaded
		   (fn, dm_pointer_bearing_slots (d->call));
      if (!writes)
	continue;
      if (!mine
	  || (d_from && !((mine->kind & DM_KIND_MASK) & GOMP_MAP_FLAG_FROM)))
	return true;
    }
  return false;
}

/* May the target construct STMT run where the device copy of LEAD's
   section is not (the host, when an if clause is false, or another
   device) and still reach its bytes?  There it reads and writes the
   host's copy, which a kept section leaves stale (random-hoist seed
   1271, program 15: an `if(target:)' construct reading, through a
   structure's pointers, an array a construct before it wrote).  Its
   own entries, and any pointer it may load on the way, count; of memory
   whose address is stored nowhere (PRIV, DECL: dm_private_pointers),
   only its entries.  An entry with bytes of its own is an item, which
   the overlap checks (dm_drop_overlaps) tell apart from a kept one,
   at compile time or at run time; a zero-length one is not.  */
static bool
dm_runs_elsewhere_reaching (gimple *stmt, dm_item *lead, ao_ref *ref,
			    bitmap priv, tree decl, dm_hoist_state *st)
{
  if (!dm_is_target_call (stmt)
      || operand_equal_p (gimple_call_arg (stmt, 0), lead->device, 0))
    return false;
  gcall *call = as_a <gcall *> (stmt);
  int n = dm_target_entries (call);
  if (st->opaque.contains (stmt) || n < 0)
    return true;
  /* dm_pointer_bearing_slots counts the slots past N as well.  */
  if (!priv && (n >= HOST_BITS_PER_WIDE_INT
		|| (dm_pointer_bearing_slots (call)
		    & (((unsigned HOST_WIDE_INT) 1 << n) - 1))))
    return true;
  if (!priv)
    for (dm_item &it : st->items)
      if (it.call == call && dm_deep_p (&it))
	return true;
  auto_vec<std::pair<unsigned, tree>, 16> entries;
  if (!dm_address_entries (call, entries))
    return true;
  for (auto &e : entries)
    {
      unsigned i = e.first;
      tree a = e.second;
      bool sized = false;
      for (dm_item &it : st->items)
	sized |= (it.call == call && it.index == i && !it.span
		  && !integer_zerop (it.size));
      if (sized)
	continue;
      if (priv && TREE_CODE (a) == SSA_NAME)
	{
	  if (bitmap_bit_p (priv, SSA_NAME_VERSION (a)))
	    return true;
	  continue;
	}
      if (priv && TREE_CODE (a) == ADDR_EXPR)
	{
	  tree base = get_base_address (TREE_OPERAND (a, 0));
	  if (base == decl || dm_cell_holds_private (base, priv))
	    return true;
	  continue;
	}
      ao_ref r;
      ao_ref_init_from_ptr_and_size (&r, a, NULL_TREE);
      if (refs_may_alias_p_1 (&r, ref, true))
	return true;
    }
  return false;
}

static bool dm_group_writes_itself (dm_region *, dm_hoist_state *,
				    vec<unsigned> &, int);

/* The first pass through a loop: the blocks its header reaches without
   taking a back edge to the header and without running a construct
   that maps the section (FIRST).  Values there are the ones the loop
   starts with, as they are in every block of FIRST on the paths that
   count (dm_first_value).  */
struct dm_first_pass
{
  class loop *loop;
  bitmap first;
};

static tree dm_first_value (dm_first_pass *fp, tree v, int depth);

/* The value VALUE gives for each argument of PHI that comes from a
   block of the first pass FP, where they all agree on a constant.  */
template <typename F>
static tree
dm_first_agree (dm_first_pass *fp, gphi *phi, F value)
{
  tree same = NULL_TREE;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, gimple_bb (phi)->preds)
    if (bitmap_bit_p (fp->first, e->src->index))
      {
	tree x = value (PHI_ARG_DEF_FROM_EDGE (phi, e));
	if (!x || (same && !operand_equal_p (x, same, 0)))
	  return NULL_TREE;
	same = x;
      }
  return same;
}

/* The value the memory state VUSE (of the first pass) holds at REF, a
   constant a store before it wrote, or NULL.  */
static tree
dm_first_memory (dm_first_pass *fp, tree vuse, ao_ref *r, tree ref,
		 int depth)
{
  for (int steps = 0; steps < 16 && depth < 8; steps++)
    {
      if (!vuse || TREE_CODE (vuse) != SSA_NAME)
	return NULL_TREE;
      gimple *st = SSA_NAME_DEF_STMT (vuse);
      if (gimple_nop_p (st))
	return NULL_TREE;
      if (gphi *phi = dyn_cast <gphi *> (st))
	{
	  basic_block bb = gimple_bb (phi);
	  if (bb == fp->loop->header)
	    {
	      vuse = PHI_ARG_DEF_FROM_EDGE (phi, loop_preheader_edge (fp->loop));
	      continue;
	    }
	  if (!bitmap_bit_p (fp->first, bb->index))
	    return NULL_TREE;
	  /* Every way in of the first pass stored the same.  */
	  return dm_first_agree (fp, phi, [&] (tree in)
	    { return dm_first_memory (fp, in, r, ref, depth + 1); });
	}
      if (gimple_assign_single_p (st) && gimple_store_p (st)
	  && operand_equal_p (gimple_assign_lhs (st), ref, 0))
	{
	  tree val = gimple_assign_rhs1 (st);
	  return (TREE_CODE (val) == INTEGER_CST
		  && types_compatible_p (TREE_TYPE (val), TREE_TYPE (ref))
		  ? val : NULL_TREE);
	}
      if (stmt_may_clobber_ref_p_1 (st, r, true))
	return NULL_TREE;
      vuse = gimple_vuse (st);
    }
  return NULL_TREE;
}

/* The value of V in the first pass FP, when that is a constant: the
   header's PHIs take it from the preheader, another block's from the
   first pass's ways in (which must agree), a load from the last store
   before it (`s->it = 0; while (s->it < 1000)'); through conversions.
   Arithmetic is not followed: a value computed in a loop below may
   change from iteration to iteration.  */
static tree
dm_first_value (dm_first_pass *fp, tree v, int depth)
{
  if (TREE_CODE (v) == INTEGER_CST || TREE_CODE (v) == REAL_CST)
    return v;
  if (TREE_CODE (v) != SSA_NAME || depth > 8)
    return NULL_TREE;
  gimple *d = SSA_NAME_DEF_STMT (v);
  basic_block bb = gimple_bb (d);
  if (!bb || !flow_bb_inside_loop_p (fp->loop, bb))
    return NULL_TREE;
  if (gphi *phi = dyn_cast <gphi *> (d))
    {
      if (bb == fp->loop->header)
	return dm_first_value (fp, PHI_ARG_DEF_FROM_EDGE
				     (phi, loop_preheader_edge (fp->loop)),
			       depth + 1);
      if (!bitmap_bit_p (fp->first, bb->index))
	return NULL_TREE;
      return dm_first_agree (fp, phi, [&] (tree in)
	{ return dm_first_value (fp, in, depth + 1); });
    }
  gassign *a = dyn_cast <gassign *> (d);
  if (!a || !bitmap_bit_p (fp->first, bb->index))
    return NULL_TREE;
  if (CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (a)))
    {
      tree x = dm_first_value (fp, gimple_assign_rhs1 (a), depth + 1);
      return x ? fold_convert (TREE_TYPE (v), x) : NULL_TREE;
    }
  if (!gimple_assign_load_p (a) || !gimple_assign_single_p (a)
      || gimple_has_volatile_ops (a))
    return NULL_TREE;
  ao_ref r;
  ao_ref_init (&r, gimple_assign_rhs1 (a));
  return dm_first_memory (fp, gimple_vuse (a), &r, gimple_assign_rhs1 (a),
			  depth + 1);
}

/* Is the exit edge E of a block of the first pass FP never taken there:
   its test decided by the values the loop starts with, or the loop's
   iteration count never zero?  */
static bool
dm_first_test_stays (dm_first_pass *fp, edge e)
{
  class tree_niter_desc niter;
  if (e->src == fp->loop->header
      && number_of_iterations_exit (fp->loop, e, &niter, false)
      && integer_zerop (niter.may_be_zero))
    return true;
  gcond *c = safe_dyn_cast <gcond *> (last_stmt (e->src));
  if (!c || !(e->flags & (EDGE_TRUE_VALUE | EDGE_FALSE_VALUE)))
    return false;
  tree l = dm_first_value (fp, gimple_cond_lhs (c), 0);
  tree r = l ? dm_first_value (fp, gimple_cond_rhs (c), 0) : NULL_TREE;
  if (!r)
    return false;
  tree t = fold_binary (gimple_cond_code (c), boolean_type_node, l, r);
  if (!t || TREE_CODE (t) != INTEGER_CST)
    return false;
  return integer_zerop (t) == ((e->flags & EDGE_TRUE_VALUE) != 0);
}

/* May the section of LEAD be mapped where the program maps nothing: is
   its memory there whatever the program does?  A variable's own bytes
   (a constant size within it) are.  */
static bool
dm_section_always_there (dm_item *lead)
{
  if (lead->synthetic || dm_deep_p (lead) || TREE_CODE (lead->addr) != ADDR_EXPR
      || !tree_fits_uhwi_p (lead->size))
    return false;
  poly_int64 off;
  tree base = get_addr_base_and_unit_offset (TREE_OPERAND (lead->addr, 0),
					     &off);
  if (!base || !VAR_P (base) || !off.is_constant ()
      || !tree_fits_uhwi_p (DECL_SIZE_UNIT (base)))
    return false;
  HOST_WIDE_INT o = off.to_constant ();
  return (o >= 0
	  && (unsigned HOST_WIDE_INT) o + tree_to_uhwi (lead->size)
	     <= tree_to_uhwi (DECL_SIZE_UNIT (base)));
}

/* Does a construct of region R that maps group G (items IN_LOOP) run on
   every path through R: from the loop's header to each of its exits and
   round to the header again, or from the run's start to its end?  Else
   an enter data where R starts would map the section where the program
   maps nothing (a kernel that runs only when its section is valid, a
   loop left before its first kernel, a loop below the region's level
   that runs no iteration): it would read memory that need not exist
   and copy back over bytes the host may have changed under another
   name.  For a loop, FIRST gets the constructs that map it and that the
   header reaches without passing another (the first in each block):
   where the answer is no, the enter data waits for them
   (dm_emit_late_enter).  An exception's or a longjmp's path does not
   count: a program is not expected to map memory that is not there on
   its normal paths.  */
static bool
dm_group_always_mapped (dm_region *r, dm_hoist_state *st,
			vec<unsigned> &in_loop, int g, vec<gimple *> *first)
{
  hash_set<basic_block> mapping;
  hash_set<gimple *> calls;
  for (unsigned i : in_loop)
    if (st->items[i].group == g && st->items[i].call)
      {
	mapping.add (gimple_bb (st->items[i].call));
	calls.add (st->items[i].call);
      }
  basic_block start, stop = NULL;
  if (r->loop)
    start = r->loop->header;
  else
    {
      start = r->first ? gimple_bb (r->first) : r->enter_edge->dest;
      stop = r->last ? gimple_bb (r->last) : r->exit_bb;
    }
  /* The blocks reached without such a construct; for a loop, those of
     its first pass, and its exits from them.  */
  auto_vec<basic_block, 32> work;
  auto_bitmap seen;
  auto_vec<edge, 8> exits;
  bool always = true;
  work.safe_push (start);
  bitmap_set_bit (seen, start->index);
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      if (mapping.contains (bb))
	{
	  if (first)
	    for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
		 !gsi_end_p (gsi); gsi_next (&gsi))
	      if (calls.contains (gsi_stmt (gsi)))
		{
		  first->safe_push (gsi_stmt (gsi));
		  break;
		}
	  continue;
	}
      if (bb == stop)
	return false;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	{
	  if (e->flags & (EDGE_EH | EDGE_ABNORMAL))
	    continue;
	  if (r->loop && !flow_bb_inside_loop_p (r->loop, e->dest))
	    {
	      exits.safe_push (e);
	      continue;
	    }
	  /* Around the loop without the construct: a later test may
	     leave it.  */
	  if (e->dest == start && r->loop)
	    always = false;
	  if (!r->loop && e->dest == EXIT_BLOCK_PTR_FOR_FN (cfun))
	    return false;
	  if (bitmap_set_bit (seen, e->dest->index))
	    work.safe_push (e->dest);
	}
    }
  if (!always)
    return false;
  /* A loop's test on the way in (one GCC has not made a guarded
     do-while: `while (s->it < 1000)' after `s->it = 0') is no way out
     where the values the loop starts with decide it.  */
  dm_first_pass fp = { r->loop, seen };
  for (edge e : exits)
    if (!dm_first_test_stays (&fp, e))
      return false;
  return true;
}

/* The constructs of loop region R (items IN_LOOP) that its header
   reaches without passing another: the first of each block.  */
static vec<gimple *> &
dm_region_first_calls (dm_region *r, dm_hoist_state *st,
		       vec<unsigned> &in_loop)
{
  if (r->first_calls_known)
    return r->first_calls;
  r->first_calls_known = true;
  hash_set<gimple *> calls;
  hash_set<basic_block> blocks;
  for (unsigned i : in_loop)
    if (st->items[i].call)
      {
	calls.add (st->items[i].call);
	blocks.add (gimple_bb (st->items[i].call));
      }
  auto_vec<basic_block, 32> work;
  auto_bitmap seen;
  work.safe_push (r->loop->header);
  bitmap_set_bit (seen, r->loop->header->index);
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      if (blocks.contains (bb))
	{
	  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	       gsi_next (&gsi))
	    if (calls.contains (gsi_stmt (gsi)))
	      {
		r->first_calls.safe_push (gsi_stmt (gsi));
		break;
	      }
	  continue;
	}
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (!(e->flags & (EDGE_EH | EDGE_ABNORMAL))
	    && flow_bb_inside_loop_p (r->loop, e->dest)
	    && bitmap_set_bit (seen, e->dest->index))
	  work.safe_push (e->dest);
    }
  return r->first_calls;
}

/* Does every path of loop region R from the constructs FROM (once one
   of them runs) to a way out of the loop pass a construct that maps
   group G (items IN_LOOP)?  Then G's enter data may go with that of
   every such group, right before those constructs: the program maps G
   before the loop ends whatever it does.  One enter data for all of
   them, not one per construct that maps some first.  */
static bool
dm_group_mapped_after (dm_region *r, dm_hoist_state *st,
		       vec<unsigned> &in_loop, int g, vec<gimple *> &from)
{
  hash_set<basic_block> mapping;
  for (unsigned i : in_loop)
    if (st->items[i].group == g && st->items[i].call)
      mapping.add (gimple_bb (st->items[i].call));
  auto_vec<basic_block, 32> work;
  auto_bitmap seen;
  for (gimple *c : from)
    if (bitmap_set_bit (seen, gimple_bb (c)->index))
      work.safe_push (gimple_bb (c));
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      if (mapping.contains (bb))
	continue;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	{
	  if (e->flags & (EDGE_EH | EDGE_ABNORMAL))
	    continue;
	  if (!flow_bb_inside_loop_p (r->loop, e->dest))
	    return false;
	  if (bitmap_set_bit (seen, e->dest->index))
	    work.safe_push (e->dest);
	}
    }
  return true;
}

/* Per-section checks of group G (items IN_LOOP of region R whose group
   is G): invariance, map kinds and host accesses.  Returns why not, ""
   for a run in which only one construct maps it (nothing to keep), or
   NULL; then the host's accesses of the section are on ACCESSES.  */
static const char *
dm_group_obstacle (dm_region *r, dm_hoist_state *st, vec<unsigned> &in_loop,
		   int g, vec<dm_access> &accesses)
{
  dm_item *lead = &st->items[g];
  gcall *last_call = NULL;
  unsigned calls = 0;
  for (unsigned i : in_loop)
    if (st->items[i].group == g)
      {
	calls += st->items[i].call != last_call;
	last_call = st->items[i].call;
      }
  if (!r->loop && calls < 2)
    return "";
  if (!dm_region_invariant_p (lead->addr, r)
      || !dm_region_invariant_p (lead->size, r))
    return DM_WHY (r, "its address or size is computed in the loop",
		   "its address or size is computed between the constructs");
  if (!dm_region_invariant_p (lead->device, r))
    return DM_WHY (r, "its device is computed in the loop",
		   "its device is computed between the constructs");
  /* In a loop, the enter data of a section no construct maps on every
     path waits for the first that does (dm_emit_late_enter); not for
     arrays that trade places, which are entered together.  */
  dm_forget_late_enter (r, g);
  if (r->loop)
    {
      auto_vec<gimple *, 4> first;
      if (!dm_group_always_mapped (r, st, in_loop, g, &first))
	{
	  if (lead->synthetic || lead->rot_loop)
	    return "no construct that maps it runs on every path through "
		   "the loop";
	  vec<gimple *> &loop_first = dm_region_first_calls (r, st, in_loop);
	  if (dm_group_mapped_after (r, st, in_loop, g, loop_first))
	    {
	      first.truncate (0);
	      first.safe_splice (loop_first);
	    }
	  for (gimple *c : first)
	    r->late_enters.safe_push (std::make_pair (g, c));
	}
    }
  else if (!dm_section_always_there (lead)
	   && !dm_group_always_mapped (r, st, in_loop, g, NULL))
    return "no construct that maps it runs on every path between the "
	   "constructs";
  /* The default device, which a call of omp_set_default_device changes
     (one the pass does not see, in a function called, stops the program
     with an error in the runtime).  */
  if (integer_minus_onep (lead->device))
    for (gimple *stmt : r->stmts)
      if (gcall *call = dyn_cast <gcall *> (stmt))
	if (tree fn = gimple_call_fndecl (call))
	  if (DECL_NAME (fn)
	      && !strcmp (IDENTIFIER_POINTER (DECL_NAME (fn)),
			  "omp_set_default_device"))
	    return DM_WHY (r, "the loop changes the default device",
			   "the default device changes between the "
			   "constructs");
  /* The program asks the runtime about it in the loop (is it present,
     where is it on the device): kept, it would get another answer than
     the program as written (SOLLVE's Mapper maps what is not present).
     Not the pass's own presence tests (dm_omp_query_decl).  */
  for (gimple *stmt : r->stmts)
    if (gcall *call = dyn_cast <gcall *> (stmt))
      if (dm_mapping_query_p (call) && gimple_call_num_args (call) > 0
	  && POINTER_TYPE_P (TREE_TYPE (gimple_call_arg (call, 0)))
	  && ptr_derefs_may_alias_p (gimple_call_arg (call, 0), lead->addr))
	return DM_WHY (r, "the loop asks the runtime whether it is present",
		       "the program asks the runtime whether it is present "
		       "between the constructs");
  /* A structure the runtime may map as a deep item that this pass does
     not know of (announced at run time, or under -flto without its
     site): what the runtime does with a resident plain copy of it is
     not what hoisting planned (random-hoist seed 1213, program 15).  */
  for (unsigned i : in_loop)
    if (st->items[i].group == g && st->items[i].maybe_deep)
      return "a construct may map it as a deep item the compiler does not "
	     "see (announced at run time)";
  bool all_to = true, data_mapped = false;
  for (unsigned i : in_loop)
    if (st->items[i].group == g)
      {
	dm_item *it = &st->items[i];
	unsigned k = it->kind & DM_KIND_MASK;
	data_mapped |= it->data_region;
	if (!(k & GOMP_MAP_FLAG_FROM)
	    && (k != GOMP_MAP_TO || it->data_region
		|| dm_device_may_write (gimple_call_arg (it->call, 1),
					it->index, false)
		|| dm_to_reached_by_writes (it)))
	  /* The device may write a `to' section (through its own address,
	     or a pointer loaded from another section: a structure's
	     field); the original discards that write at the end of the
	     construct, a resident copy would not.  */
	  return "a construct maps it without 'from' and its device code "
		 "may write it";
	all_to &= (k & GOMP_MAP_FLAG_TO) != 0;
	/* A deep item's own bytes say what it points to (its counts, its
	   pointers), and the runtime reads them from the host copy, which
	   a kept structure leaves behind what a kernel stored there: each
	   construct would map other lengths or arrays than the program's
	   (a kernel that grows a count).  */
	if (dm_deep_p (it) && !it->data_region
	    && dm_device_may_write (gimple_call_arg (it->call, 1), it->index,
				    true))
	  return "a construct's device code may change the structure's own "
		 "bytes (its counts or pointers)";
      }
  ao_ref ref;
  dm_section_ref (lead, &ref);
  /* The host accesses its elements as their type: a member of another
     type, a loop counter in the object that holds the array's pointer,
     is none of them.  */
  if (!dm_deep_p (lead) && !lead->span)
    dm_ref_typed (&ref, dm_typed_address (lead->addr));
  auto_vec<dm_access> mine;
  tree decl;
  bitmap priv = dm_private_pointers (lead->addr, &decl);
  /* Memory whose address is stored nowhere no structure reaches.  A
     structure kept (its own bytes: each construct still maps what it
     points to) is written through another's pointers all the same
     (random-deep seed 1368, program 6).  */
  if (!priv && dm_deep_writes (r, st, in_loop, g))
    return "a construct maps a structure that may point into it, and its "
	   "device code may write through the structure's pointers";
  /* A target update of other sections moves none of this one's bytes;
     of this one, in the original it copies nothing when no construct
     maps it, and in a kept one it would.  */
  for (gimple *stmt : r->stmts)
    if (gimple_call_builtin_p (stmt, BUILT_IN_GOMP_TARGET_UPDATE)
	&& dm_update_may_copy (as_a <gcall *> (stmt), &ref, priv, decl))
      {
	BITMAP_FREE (priv);
	return DM_WHY (r, "a target update in the loop may copy it",
		       "a target update between the constructs may copy "
		       "it");
      }
  bool rotation_apart = priv && lead->synthetic
			&& dm_rotation_apart (st, lead);
  for (gimple *stmt : dm_host_stmts (r))
    {
      if (dm_runs_elsewhere_reaching (stmt, lead, &ref, priv, decl, st))
	{
	  BITMAP_FREE (priv);
	  return DM_WHY (r, "a construct in the loop that may run on the "
			    "host or another device may access it",
			 "a construct between them that may run on the "
			 "host or another device may access it");
	}
      /* A construct's firstprivate copy reads the host's bytes: the
	 device's come back before it, as for any host read.  */
      if (dm_is_target_call (stmt)
	  && dm_firstprivate_reads (as_a <gcall *> (stmt), &ref,
				    lead->addr)
	  && !dm_whole_access (stmt, g, r, false, mine))
	{
	  BITMAP_FREE (priv);
	  return "a construct's firstprivate copy of it reads the host's "
		 "bytes in a host loop nested in the loop";
	}
      if (dm_stmt_ignorable_p (stmt)
	  || dm_touches_only_locals (stmt, lead->addr)
	  || (!dm_deep_p (lead) && dm_stmt_apart (stmt, lead->addr))
	  || (priv && dm_cannot_reach (stmt, priv, decl)))
	continue;
      /* A call that private memory reaches only through arguments it
	 does not store through only reads it.  */
      gcall *call = dyn_cast <gcall *> (stmt);
      /* Memory freed while its copy is kept would stay mapped for the
	 next allocation that gets its address (random-hoist seed 843:
	 a function inlined twice, its run of constructs taking both
	 copies in).  */
      if (call && dm_frees_p (call, &ref))
	{
	  BITMAP_FREE (priv);
	  return DM_WHY (r, "the host frees it in the loop",
			 "the host frees it between the constructs");
	}
      bool reads_only = priv && call && dm_call_reads_only (call, priv);
      if (rotation_apart && call
	  && dm_rotation_call_access (call, lead, priv, g, r,
				      !reads_only
				      && stmt_may_clobber_ref_p_1 (call, &ref,
								   true),
				      mine))
	continue;
      /* Its update after it is all the device needs.  */
      if (call && dm_call_fills (call, lead)
	  && dm_whole_access (call, g, r, true, mine, NULL_TREE, false))
	continue;
      const char *why = dm_host_access (stmt, &ref, g, r, mine, reads_only);
      if (why)
	{
	  BITMAP_FREE (priv);
	  return why;
	}
    }
  BITMAP_FREE (priv);
  /* Where no construct writes it, the device's bytes are the host's at
     every host read: only host writes need an update (BFS's node count,
     which a target data construct in the loop maps and the host reads
     for the sizes of the sections).  */
  if (!mine.is_empty () && !dm_group_writes_itself (r, st, in_loop, g))
    {
      unsigned kept = 0;
      for (dm_access &acc : mine)
	if (acc.write)
	  mine[kept++] = acc;
      mine.truncate (kept);
    }
  /* Inside a target data construct the host sees its own copy, which
     an update would change; the walk does not tell inside from after.  */
  if (data_mapped && !mine.is_empty ())
    return DM_WHY (r, "the host accesses it in the loop and a target data "
		      "construct maps it",
		   "the host accesses it between the constructs and a "
		   "target data construct maps it");
  for (dm_access &acc : mine)
    {
      /* A host loop whose writes go to the device once it is done, left
	 by an exception half way, leaves neither copy whole; unless the
	 whole section came back before it (dm_eh_exit).  */
      if (acc.write && acc.host_loop && !acc.whole)
	for (gimple *g : r->throwers)
	  if (flow_bb_inside_loop_p (acc.host_loop, gimple_bb (g)))
	    return "a host loop that writes it holds a call that may throw";
    }
  for (dm_access &acc : mine)
    if (acc.write && !all_to)
      /* The original's next construct would not copy the host's write
	 in; an update would.  */
      return DM_WHY (r, "the host writes it in the loop and a construct "
			"maps it without 'to'",
		     "the host writes it between the constructs and a "
		     "construct maps it without 'to'");
  if (const char *why = dm_updates_cost_as_much (r, st, in_loop, g, mine))
    return why;
  accesses.safe_splice (mine);
  return NULL;
}

/* Mark every item of IN_LOOP in group G as not kept across region R,
   because WHY.  */
static void
dm_kill_group (dm_region *r, dm_hoist_state *st, vec<unsigned> &in_loop,
	       vec<bool> &alive, int g, const char *why)
{
  for (unsigned x = 0; x < in_loop.length (); x++)
    if (st->items[in_loop[x]].group == g)
      {
	alive[x] = false;
	if (r->loop)
	  st->items[in_loop[x]].missed = why;
	else
	  st->items[in_loop[x]].run_missed = *why ? why : NULL;
      }
}

/* Note that region R keeps groups I and J (their first items) only if
   their sections turn out disjoint when it is entered.  */
static void
dm_add_check (dm_region *r, unsigned i, unsigned j)
{
  for (auto &c : r->checks)
    if ((c.first == i && c.second == j) || (c.first == j && c.second == i))
      return;
  r->checks.safe_push (std::make_pair (i, j));
}

/* May the device write the bytes of group G through the group's own
   sections?  Through its own address in a construct that maps it, or a
   pointer such a construct loads from a section that may hold pointers
   (as for a kept `to' section, dm_group_obstacle).  Deep items, merged
   members and arrays that trade places count as written.  A section of
   another group that may share its bytes is either written too, or
   tested apart from it (dm_drop_overlaps), or mapped by other
   constructs and then tested apart or not kept: so when this is false,
   nothing the region keeps writes G's bytes.  */
static bool dm_entries_may_write (gcall *call, ao_ref *lref, class loop *loop,
				  dm_hoist_state *st);

/* May STMT, of LOOP (NULL: a run), be a target region that stores to
   the device copy of REF: through any of its entries, a pointer's
   implicit zero-length one included (Rodinia's bfs), or a pointer it
   loads from one of its sections?  True for one the pass cannot read.
   A target data construct's copy back brings what such regions stored
   while it held the bytes.  */
static bool
dm_target_may_write (gimple *stmt, ao_ref *ref, class loop *loop,
		     dm_hoist_state *st)
{
  if (!dm_is_target_call (stmt))
    return false;
  gcall *call = as_a <gcall *> (stmt);
  return (st->opaque.contains (stmt)
	  || dm_entries_may_write (call, ref, loop, st)
	  || dm_device_writes_through_loaded (gimple_call_arg (call, 1),
					      dm_pointer_bearing_slots (call)));
}

/* May a target region of R store to the bytes of IT, a section a target
   data construct of R maps?  The regions that run while it is mapped are
   R's.  */
static bool
dm_region_targets_may_write (dm_region *r, dm_hoist_state *st, dm_item *it)
{
  ao_ref sref;
  dm_section_ref (it, &sref);
  dm_ref_typed (&sref, it->addr);
  for (gimple *x : r->stmts)
    if (dm_target_may_write (x, &sref, r->loop, st))
      return true;
  return false;
}

static bool
dm_group_writes_uncached (dm_region *r, dm_hoist_state *st,
			  vec<unsigned> &in_loop, int g)
{
  for (unsigned z : in_loop)
    {
      dm_item *it = &st->items[z];
      if (it->group != g)
	continue;
      if (dm_deep_p (it) || it->span || it->synthetic || it->rot_loop)
	return true;
      if (it->data_region)
	{
	  if (dm_region_targets_may_write (r, st, it))
	    return true;
	  continue;
	}
      tree fn = gimple_call_arg (it->call, 1);
      if (dm_device_may_write (fn, it->index, false)
	  || dm_device_writes_through_loaded
	       (fn, dm_pointer_bearing_slots (it->call)))
	return true;
    }
  return false;
}

/* Does a construct of region R write group G (of IN_LOOP, its items,
   which stay the same for R)?  Asked by the host accesses' checks, the
   drop of overlaps and the choice of exit kinds: answered once.  */
static bool
dm_group_writes_itself (dm_region *r, dm_hoist_state *st,
			vec<unsigned> &in_loop, int g)
{
  bool existed;
  bool &w = r->group_writes.get_or_insert (g, &existed);
  if (!existed)
    w = dm_group_writes_uncached (r, st, in_loop, g);
  return w;
}

/* Drop the groups that may overlap a section that is not kept with them
   (mapped by other constructs, or not kept at all): libgomp could see
   sections meet that never met before, and a resident copy would take
   device writes meant for the other section.  Where both sections'
   addresses and sizes are known before R, the pair is tested at run time
   instead (R->checks), as the vectorizer versions a loop for aliasing:
   parameters that may point anywhere rarely do.  ALIVE[i] tells whether
   in_loop[i]'s group is still to be hoisted.  */
/* The private pointers (dm_private_pointers) of the memory group G's
   section lies in, asked once per group: NULL where it escapes.  */
struct dm_privacy
{
  bitmap priv;
  tree decl;
};

static dm_privacy *
dm_group_privacy (hash_map<int_hash<int, -1, -2>, dm_privacy> &cache,
		  dm_hoist_state *st, int g)
{
  bool existed;
  dm_privacy &p = cache.get_or_insert (g, &existed);
  if (!existed)
    p.priv = dm_private_pointers (st->items[g].addr, &p.decl);
  return &p;
}

/* Can the section of Y not lie in the memory of X's group, memory this
   function allocated whose address goes to no code the pass does not
   see (dm-escape.c)?  Only pointers the function computes from it point
   into it: a loaded pointer, or another one, does not (LULESH's
   Allocate'd element arrays beside the std::vector data of its Domain,
   whose addresses the loop reloads).  */
static bool
dm_private_apart (hash_map<int_hash<int, -1, -2>, dm_privacy> &cache,
		  dm_hoist_state *st, dm_item *x, dm_item *y)
{
  for (int i = 0; i < 2; i++, std::swap (x, y))
    {
      dm_privacy *p = dm_group_privacy (cache, st, x->group);
      if (!p->priv)
	continue;
      if (TREE_CODE (y->addr) == SSA_NAME)
	{
	  if (!bitmap_bit_p (p->priv, SSA_NAME_VERSION (y->addr)))
	    return true;
	  continue;
	}
      if (TREE_CODE (y->addr) != ADDR_EXPR)
	continue;
      tree base = get_base_address (TREE_OPERAND (y->addr, 0));
      if (base && VAR_P (base) && base != p->decl)
	return true;
    }
  return false;
}

static void
dm_drop_overlaps (dm_region *r, dm_hoist_state *st, vec<unsigned> &in_loop,
		  vec<bool> &alive)
{
  hash_map<int_hash<int, -1, -2>, dm_privacy> privacy;
  unsigned n = in_loop.length ();
  auto_vec<ao_ref> refs;
  refs.safe_grow (n);
  for (unsigned x = 0; x < n; x++)
    dm_section_ref (&st->items[in_loop[x]], &refs[x]);
  /* Whether the sections of X and Y may share bytes (2) or not (1),
     asked once per pair: each group dropped starts the scan again
     (LULESH's loop has hundreds of items).  */
  auto_vec<unsigned char> overlap;
  overlap.safe_grow_cleared (n * n);
  dm_group_calls group_calls;
  dm_collect_group_calls (st, in_loop, &group_calls);
  bool changed = true;
  while (changed)
    {
      changed = false;
      for (unsigned x = 0; x < n; x++)
	{
	  dm_item *ix = &st->items[in_loop[x]];
	  if (!alive[x])
	    continue;
	  for (unsigned y = 0; y < n; y++)
	    {
	      dm_item *iy = &st->items[in_loop[y]];
	      if (iy->group == ix->group)
		continue;
	      unsigned char &o = overlap[x * n + y];
	      if (!o)
		o = (dm_provably_disjoint (ix, iy)
		     || !refs_may_alias_p_1 (&refs[x], &refs[y], false)
		     || dm_private_apart (privacy, st, ix, iy)) ? 1 : 2;
	      if (o == 1)
		continue;
	      /* Arrays that trade places: the constructs map them together,
		 but the original never mapped two of them at once unless
		 the program names both.  */
	      if (ix->rot_id && ix->rot_id == iy->rot_id)
		{
		  dm_add_check (r, ix->group, iy->group);
		  continue;
		}
	      if (alive[y] && !dm_mapped_apart (&group_calls, ix->group,
						  iy->group))
		{
		  /* Both kept, so both invariant.  Where only one of
		     them is written, a test lets the other be kept
		     without its copy back.  */
		  if (dm_group_writes_itself (r, st, in_loop, ix->group)
		      != dm_group_writes_itself (r, st, in_loop, iy->group))
		    dm_add_check (r, ix->group, iy->group);
		  continue;
		}
	      if (dm_region_invariant_p (iy->addr, r)
		  && dm_region_invariant_p (iy->size, r))
		{
		  dm_add_check (r, ix->group, iy->group);
		  continue;
		}
	      dm_kill_group (r, st, in_loop, alive, ix->group,
			     "it may overlap a section that is mapped by "
			     "other constructs or not kept");
	      changed = true;
	      break;
	    }
	}
    }
  for (auto p : privacy)
    BITMAP_FREE (p.second.priv);
}

/* Sections of R's constructs that an enclosing loop keeps only under
   its run-time test (GUARD) are not R's to keep, and dm_drop_overlaps
   does not see them; but where that test fails the constructs map them
   as written, so they may then share bytes with what R keeps.  Test
   such pairs on entry to R too, or drop R's group.  */
static void
dm_check_guarded_outer (dm_region *r, dm_hoist_state *st,
			vec<unsigned> &in_loop, vec<bool> &alive)
{
  for (unsigned j = 0; j < st->items.length (); j++)
    {
      dm_item *iy = &st->items[j];
      if (!iy->hoisted || !iy->guard || !dm_region_has (r, iy->call))
	continue;
      ao_ref ry;
      dm_section_ref (iy, &ry);
      for (unsigned x = 0; x < in_loop.length (); x++)
	{
	  dm_item *ix = &st->items[in_loop[x]];
	  if (!alive[x] || (int) in_loop[x] != ix->group)
	    continue;
	  ao_ref rx;
	  dm_section_ref (ix, &rx);
	  if (dm_provably_disjoint (ix, iy)
	      || !refs_may_alias_p_1 (&rx, &ry, false))
	    continue;
	  if (dm_region_invariant_p (iy->addr, r)
	      && dm_region_invariant_p (iy->size, r))
	    dm_add_check (r, ix->group, j);
	  else
	    dm_kill_group (r, st, in_loop, alive, ix->group,
			   "it may overlap a section that an enclosing loop "
			   "keeps only under a run-time test");
	}
    }
}

/* A rotation is kept whole or not at all: drop the arrays of one that
   lost a member.  True if it dropped any.  */
static bool
dm_drop_rotations (dm_region *r, dm_hoist_state *st, vec<unsigned> &in_loop,
		   vec<bool> &alive)
{
  bool changed = false;
  for (unsigned x = 0; x < in_loop.length (); x++)
    {
      dm_item *ix = &st->items[in_loop[x]];
      if (!alive[x] || !ix->rot_id)
	continue;
      for (unsigned y = 0; y < in_loop.length (); y++)
	if (!alive[y] && st->items[in_loop[y]].rot_id == ix->rot_id)
	  {
	    dm_kill_group (r, st, in_loop, alive, ix->group,
			   "an array it rotates with cannot be kept");
	    changed = true;
	    break;
	  }
    }
  return changed;
}

/* The run-time tests and the choice of the map kinds are calls of the
   unit's functions over tables (dm-tests.c) for any number of sections
   and pairs: OMPDart's naive LULESH has hundreds, whose comparisons in
   line took half of what the plugin added to its compile time, and even
   a few sections' code costs more than the call (XSBench's one kept loop
   of nine sections: two presence queries per section, 14.1% -> 8.5% of
   its unit's compile time; the generated unit of 80 constructs, two to
   four sections each, 24.7% -> 22.3%).  Code per pair or section
   remains for lto1, which has no unit functions, and for sections on
   several devices.  */

static tree dm_store_slot (gimple_seq *seq, tree arr, unsigned i, tree type,
			  tree val);
static void dm_make_arrays (unsigned n, tree *arrs);

/* Sections in the address and size arrays of a GOMP call
   (dm_make_arrays), as the test functions (dm-tests.c) read them.  The
   absent test's are those of the enter data that follows it, which
   maps the same sections in the same order: the two share the stores
   (dm_emit_hoist), and the apart test reads them too where it can.  */
struct dm_section_table
{
  tree arrs[3] = { NULL_TREE, NULL_TREE, NULL_TREE };
  auto_vec<dm_item *> items;	/* the section of each entry */
  auto_vec<tree> sizes;		/* the size value stored in each entry */
};

/* Fill T, on SEQ, with the addresses and sizes of ITEMS, in arrays of
   ITEMS' entries and EXTRA more (the enter data's record).  */
static void
dm_fill_section_table (dm_section_table *t, vec<dm_item *> &items,
		       unsigned extra, gimple_seq *seq)
{
  dm_make_arrays (items.length () + extra, t->arrs);
  for (unsigned k = 0; k < items.length (); k++)
    {
      t->items.safe_push (items[k]);
      dm_store_slot (seq, t->arrs[0], k, ptr_type_node, items[k]->addr);
      t->sizes.safe_push (dm_store_slot (seq, t->arrs[1], k, size_type_node,
					 items[k]->size));
    }
}

/* The test WHICH (addresses, sizes, ARG, N) over T, a call of the unit's
   function (dm-tests.c), added to SEQ, as a truth value.  LOCAL (if
   given) dies after it, and T's arrays unless SHARED.  */
static tree
dm_table_test (enum dm_test which, dm_section_table *t, tree arg, unsigned n,
	       tree local, bool shared, gimple_seq *seq)
{
  gcall *call = gimple_build_call (dm_test_function (which), 4,
				   build_fold_addr_expr (t->arrs[0]),
				   build_fold_addr_expr (t->arrs[1]), arg,
				   build_int_cst (size_type_node, n));
  tree res = make_ssa_name (integer_type_node);
  gimple_call_set_lhs (call, res);
  gimple_seq_add_stmt (seq, call);
  for (tree v : { shared ? NULL_TREE : t->arrs[0],
		  shared ? NULL_TREE : t->arrs[1], local })
    if (v)
      gimple_seq_add_stmt (seq, gimple_build_assign
				  (v, build_clobber (TREE_TYPE (v))));
  return gimple_build (seq, NE_EXPR, boolean_type_node, res,
		       integer_zero_node);
}

/* The test of dm_build_disjoint_test as a call: the pairs, as indices
   of entries, in static data; the entries those of SHARED (the absent
   test's, if it made one) where it has every section, else a table of
   their own.  */
static tree
dm_build_disjoint_call (dm_region *r, dm_hoist_state *st,
			dm_section_table *shared, gimple_seq *seq)
{
  hash_map<int_hash<unsigned, -1u, -2u>, unsigned> slot;
  bool all_shared = shared->arrs[0] != NULL_TREE;
  for (unsigned k = 0; k < shared->items.length (); k++)
    slot.put (shared->items[k] - &st->items[0], k);
  for (auto &c : r->checks)
    all_shared &= slot.get (c.first) && slot.get (c.second);
  /* Else each section once, numbered in order of appearance.  */
  dm_section_table own;
  if (!all_shared)
    {
      slot.empty ();
      auto_vec<dm_item *> order;
      for (auto &c : r->checks)
	for (unsigned i : { c.first, c.second })
	  if (!slot.get (i))
	    {
	      slot.put (i, order.length ());
	      order.safe_push (&st->items[i]);
	    }
      dm_fill_section_table (&own, order, 0, seq);
    }
  tree ushort = short_unsigned_type_node;
  unsigned npairs = r->checks.length ();
  vec<constructor_elt, va_gc> *elts = NULL;
  vec_alloc (elts, 2 * npairs);
  for (auto &c : r->checks)
    for (unsigned i : { c.first, c.second })
      CONSTRUCTOR_APPEND_ELT (elts, NULL_TREE,
			      build_int_cst (ushort, *slot.get (i)));
  static unsigned serial;
  char name[32];
  snprintf (name, sizeof name, "__deepmap_pairs.%u", serial++);
  tree pairs = dm_static_data (get_identifier (name),
			       build_array_type_nelts (ushort, 2 * npairs),
			       elts);
  return dm_table_test (DM_TEST_APART, all_shared ? shared : &own,
			build_fold_addr_expr (pairs), npairs, NULL_TREE,
			all_shared, seq);
}

/* The run-time test of R's checks, added to SEQ: true when every pair
   of sections is disjoint.  SHARED: the absent test's table, which a
   call reads too where it can (dm_build_disjoint_call).  */
static tree
dm_build_disjoint_test (dm_region *r, dm_hoist_state *st,
			dm_section_table *shared, gimple_seq *seq)
{
  /* In lto1 the unit has no test functions (dm-tests.c): code.  */
  if (dm_test_function (DM_TEST_APART))
    return dm_build_disjoint_call (r, st, shared, seq);
  tree uptr = pointer_sized_int_node, all = NULL_TREE;
  for (auto &c : r->checks)
    {
      dm_item *a = &st->items[c.first], *b = &st->items[c.second];
      tree lo_a = gimple_convert (seq, uptr, a->addr);
      tree hi_a = gimple_build (seq, PLUS_EXPR, uptr, lo_a,
				gimple_convert (seq, uptr, a->size));
      tree lo_b = gimple_convert (seq, uptr, b->addr);
      tree hi_b = gimple_build (seq, PLUS_EXPR, uptr, lo_b,
				gimple_convert (seq, uptr, b->size));
      tree apart = gimple_build (seq, BIT_IOR_EXPR, boolean_type_node,
				 gimple_build (seq, LE_EXPR, boolean_type_node,
					       hi_a, lo_b),
				 gimple_build (seq, LE_EXPR, boolean_type_node,
					       hi_b, lo_a));
      all = all ? gimple_build (seq, BIT_AND_EXPR, boolean_type_node, all,
				apart)
		: apart;
    }
  return all;
}

/* The test, added to SEQ, that none of the sections R keeps (the groups
   of IN_LOOP still ALIVE) is mapped on its device yet when R starts: a
   caller's target data may hold them, and then the original's
   constructs never copied them in or back (their references were not
   the last), so the host accesses between them saw the host's bytes; a
   kept section's target updates would show them the device's.  R then
   runs as written.  Through omp_target_is_present, so under any
   libgomp.  */
/* The most sections one inserted target update copies: the host
   accesses at one place that need updates the same way share a call
   (dm_emit_updates).  */
#define DM_UPDATE_MAX 16

/* The read-only kinds arrays of updates from and to of 1 to
   DM_UPDATE_MAX sections (dm_update_kinds).  */
static tree dm_update_kinds_decls[2][DM_UPDATE_MAX];

/* The test of dm_build_absent_test as one call, for the sections of
   LEADS, all on DEVICE, filled into SHARED: the arrays of the enter
   data of LEADS (and its record), which the enter data then takes as
   they are.  */
static tree
dm_build_absent_call (vec<dm_item *> &leads, tree device,
		      dm_section_table *shared, gimple_seq *seq)
{
  dm_fill_section_table (shared, leads, 1, seq);
  tree dev = create_tmp_var (integer_type_node, "deepmap_device");
  TREE_ADDRESSABLE (dev) = 1;
  gimple_seq_add_stmt (seq, gimple_build_assign
			      (dev, gimple_convert (seq, integer_type_node,
						    device)));
  return dm_table_test (DM_TEST_ABSENT, shared, build_fold_addr_expr (dev),
			leads.length (), dev, true, seq);
}

/* The test as a call fills *SHARED (dm_build_absent_call); it is left
   empty otherwise.  */
static tree
dm_build_absent_test (dm_hoist_state *st, vec<unsigned> &in_loop,
		      vec<bool> &alive, dm_section_table *shared,
		      gimple_seq *seq)
{
  /* Sections on one device: one call (OMPDart's naive LULESH keeps
     some sixty, whose two presence calls each were a tenth of what the
     plugin added to its compile time).  */
  auto_vec<dm_item *> leads;
  bool one_device = true;
  for (unsigned x = 0; x < in_loop.length (); x++)
    {
      dm_item *it = &st->items[in_loop[x]];
      if (!alive[x] || (int) in_loop[x] != it->group)
	continue;
      one_device &= (leads.is_empty ()
		     || operand_equal_p (leads[0]->device, it->device, 0));
      leads.safe_push (it);
    }
  if (!leads.is_empty () && one_device && dm_test_function (DM_TEST_ABSENT))
    return dm_build_absent_call (leads, leads[0]->device, shared, seq);

  tree is_present = dm_omp_query_decl (DM_IS_PRESENT);
  tree default_device = dm_omp_query_decl (DM_DEFAULT_DEVICE);
  /* GOMP_DEVICE_ICV in a construct means the default device.  */
  tree dflt = make_ssa_name (integer_type_node);
  gcall *ask = gimple_build_call (default_device, 0);
  gimple_call_set_lhs (ask, dflt);
  gimple_seq_add_stmt (seq, ask);
  tree all = NULL_TREE;
  for (dm_item *it : leads)
    {
      tree dev = gimple_convert (seq, integer_type_node, it->device);
      tree icv = gimple_build (seq, EQ_EXPR, boolean_type_node, dev,
			       build_int_cst (integer_type_node,
					      GOMP_DEVICE_ICV));
      dev = gimple_build (seq, COND_EXPR, integer_type_node, icv, dflt, dev);
      /* Its first and its last byte: a caller's mapping that the section
	 only overlaps in part (deepmap fuses it; GCC's libgomp refuses
	 it) is found where it covers either end.  */
      /* A size of 0 asks the byte before the first: at worst a
	 mapping that ends there keeps nothing.  */
      tree first = gimple_convert (seq, const_ptr_type_node, it->addr);
      tree last_off = gimple_build (seq, MINUS_EXPR, sizetype,
				    gimple_convert (seq, sizetype, it->size),
				    size_one_node);
      tree last = gimple_build (seq, POINTER_PLUS_EXPR, const_ptr_type_node,
				first, last_off);
      tree present = NULL_TREE;
      for (tree at : { first, last })
	{
	  tree p = make_ssa_name (integer_type_node);
	  gcall *call = gimple_build_call (is_present, 2, at, dev);
	  gimple_call_set_lhs (call, p);
	  gimple_seq_add_stmt (seq, call);
	  present = present ? gimple_build (seq, BIT_IOR_EXPR,
					    integer_type_node, present, p)
			    : p;
	}
      tree absent = gimple_build (seq, EQ_EXPR, boolean_type_node, present,
				  integer_zero_node);
      all = all ? gimple_build (seq, BIT_AND_EXPR, boolean_type_node, all,
				absent)
		: absent;
    }
  return all;
}

static const struct ggc_root_tab dm_hoist_roots[] = {
  { &dm_update_kinds_decls[0][0], 2 * DM_UPDATE_MAX, sizeof (tree),
    &DM_GGC_MARK_TREE, &DM_PCH_WALK_TREE },
  LAST_GGC_ROOT_TAB
};
/* The calls inserted for sections kept under a run-time test, and the
   test's value: made no-ops where it fails at the function's end
   (dm_select_on_guard).  */
static vec<std::pair<gcall *, tree> > dm_tested_calls;

/* Late enter data (dm_emit_late_enter), each to go right before its
   construct once every region of the function is decided: the runs
   analysed after a loop must not see them as constructs of theirs.  */
static vec<std::pair<gimple *, gimple_seq> > dm_late_inserts;

/* Is IT announced to the runtime with the enter data (EXIT false) or
   exit data of its hoisting?  */
static bool
dm_announced (const dm_item *it, bool exit)
{
  return it->whole || (!exit && it->defer_in);
}

/* IT's name (dm_item_name) for the records, kept for the function:
   a loop's enter data, exit data, updates and exception pads each name
   its sections again, and naming a member of a large class (LULESH's
   Domain) looks through its fields.  Keyed by the item's address, a
   value that lives as long as the item.  */
static const char *
dm_record_name (const dm_item *it)
{
  static dm_function_key key;
  static hash_map<tree, char *> *names;
  if (dm_new_function_p (&key, cfun) || !names)
    {
      if (names)
	for (auto e : *names)
	  free (e.second);
      delete names;
      names = new hash_map<tree, char *>;
    }
  /* A span's name (two addresses) is made each time; the record copies
     it at once.  */
  if (it->span)
    {
      static char *scratch;
      free (scratch);
      scratch = dm_item_name (it);
      return scratch;
    }
  bool existed;
  char *&name = names->get_or_insert (it->addr, &existed);
  if (!existed)
    name = dm_item_name (it);
  return name;
}

/* The record (struct deepmap_hoist_site of deepmap.h, which a call
   inserted for SECS passes as its last entry) of operation OP: static
   data, so that what DEEPMAP_CHECK and deep copy need costs no code (a
   guarded call per section was a fifth of the compile time hoisting
   added).  It names each section and says where it is kept (WHERE), for
   DEEPMAP_CHECK; it announces, as deepmap_annotate would, the deep items
   kept whole (the runtime then maps and unmaps all they reach) and, on
   the enter data, the sections some construct of the region overwrites
   (dm_item::defer_in, with the overwrite marker); and it flags the exit
   entries in HOST_CURRENT (may be NULL), whose host bytes a throwing
   call may have changed on purpose.  */
static unsigned dm_entry_kind (const dm_item *it, unsigned map_kind,
			       bool empty);

static tree
dm_hoist_record (enum deepmap_hoist_op op, vec<dm_item *> &secs,
		 location_t where, hash_set<dm_item *> *host_current)
{
  /* Words of a pointer's size, as the record's fields are on the LP64
     hosts the plugin runs on.  */
  tree word = ptr_type_node;
  unsigned n = secs.length ();
  /* The sections the runtime enters at their first constructs: a
     struct deepmap_hoist_late each after the entries.  */
  unsigned nlate = 0;
  if (op == DEEPMAP_HOIST_ENTER)
    for (dm_item *it : secs)
      nlate += it->late_triggers != NULL_TREE;
  unsigned words = 4 + 3 * n + 4 * nlate;
  tree type = build_array_type_nelts (word, words);
  vec<constructor_elt, va_gc> *elts = NULL;
  vec_alloc (elts, words);
  auto add = [&] (tree val) {
    CONSTRUCTOR_APPEND_ELT (elts, NULL_TREE, fold_convert (word, val));
  };
  auto add_int = [&] (unsigned HOST_WIDE_INT v) {
    add (build_int_cst (pointer_sized_int_node, v));
  };
  auto add_string = [&] (const char *str) {
    add (build_string_literal (strlen (str) + 1, str));
  };
  add_int (DEEPMAP_HOIST_MAGIC);
  add_int (op);
  if (op == DEEPMAP_HOIST_ENTER)
    {
      expanded_location x = expand_location (where);
      char *at = xasprintf ("%s:%d", x.file ? x.file : "<unknown>", x.line);
      add_string (at);
      free (at);
    }
  else
    add (null_pointer_node);
  add_int (n);
  bool exit = op == DEEPMAP_HOIST_EXIT;
  auto add_type = [&] (dm_item *it) {
    if (op != DEEPMAP_HOIST_UPDATE && dm_announced (it, exit))
      add (build_fold_addr_expr (it->whole ? it->deep_desc
				 : dm_overwrite_marker ()));
    else
      add (null_pointer_node);
  };
  for (dm_item *it : secs)
    {
      add_string (dm_record_name (it));
      bool late = nlate && it->late_triggers;
      /* A late section's type is announced when it is entered.  */
      if (late)
	add (null_pointer_node);
      else
	add_type (it);
      add_int ((host_current && host_current->contains (it)
		? DEEPMAP_HOIST_HOST_CURRENT : 0)
	       | (late ? DEEPMAP_HOIST_LATE : 0));
    }
  for (dm_item *it : secs)
    if (nlate && it->late_triggers)
      {
	add_int (dm_entry_kind (it, it->enter_kind, false)
		 | (dm_entry_kind (it, it->enter_kind, true) << 16));
	add_int (it->n_late_triggers);
	add (it->late_triggers);
	add_type (it);
      }
  return build_fold_addr_expr (dm_static_data (create_tmp_var_name
						 ("deepmap_hoist_site"),
					       type, elts));
}

/* Make CALL, of sections kept under the run-time test GUARD, do nothing
   where GUARD is false, without a branch (a branch per call was a tenth
   of the compile time hoisting added to a unit of small kernels): the
   GOMP_* call gets the device GOMP_DEVICE_HOST_FALLBACK, for which every
   libgomp's enter data, exit data and update return at once.  */
static void
dm_select_on_guard (gcall *call, tree guard)
{
  tree dev = gimple_call_arg (call, 0);
  tree host = build_int_cst (TREE_TYPE (dev), GOMP_DEVICE_HOST_FALLBACK);
  gimple_seq seq = NULL;
  tree sel = gimple_build (&seq, COND_EXPR, TREE_TYPE (dev), guard, dev,
			   host);
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);
  gimple_call_set_arg (call, 0, sel);
  update_stmt (call);
}

/* Store VAL, converted to TYPE, into element I of array ARR on SEQ
   (a volatile store where the elements are).  */
static tree
dm_store_slot (gimple_seq *seq, tree arr, unsigned i, tree type, tree val)
{
  gimple_seq conv = NULL;	/* force_gimple_operand starts it afresh */
  val = force_gimple_operand (fold_convert (type, val), &conv, true,
			      NULL_TREE);
  gimple_seq_add_seq (seq, conv);
  tree etype = TREE_TYPE (TREE_TYPE (arr));
  tree slot = build4 (ARRAY_REF, etype, arr, size_int (i), NULL_TREE,
		      NULL_TREE);
  TREE_THIS_VOLATILE (slot) = TYPE_VOLATILE (etype);
  gimple_seq_add_stmt (seq, gimple_build_assign (slot, val));
  return val;
}

/* Does block DEST outside R's loop have two or more ways in, all ways
   out of the loop (not by exception)?  Then the exit data runs once at
   its start instead of on each.  */
static bool
dm_exits_join_p (dm_region *r, basic_block dest)
{
  if (EDGE_COUNT (dest->preds) < 2
      || flow_bb_inside_loop_p (r->loop, dest))
    return false;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, dest->preds)
    if ((e->flags & (EDGE_EH | EDGE_ABNORMAL))
	|| !flow_bb_inside_loop_p (r->loop, e->src))
      return false;
  return true;
}

/* Three arrays of N pointers, sizes and kinds for a GOMP call (N
   counts the record's entry, dm_add_record).  Their elements are
   volatile: the stores reach the call as written all the same (only the
   call reads them), and GCC's passes that weigh each store of a block
   against the others (DSE, SLP, CSE, reload's cselib) pass them by --
   a loop that keeps sixty sections stores hundreds in one block, which
   made those passes a third of what hoisting added to LULESH's compile
   time.  */
static void
dm_make_arrays (unsigned n, tree *arrs)
{
  tree types[3] = { ptr_type_node, size_type_node, short_unsigned_type_node };
  for (unsigned i = 0; i < 3; i++)
    {
      arrs[i] = create_tmp_var (build_array_type_nelts
				  (build_qualified_type (types[i],
							 TYPE_QUAL_VOLATILE),
				   n), "deepmap_hoist");
      TREE_ADDRESSABLE (arrs[i]) = 1;
    }
}

/* Add to SEQ the call FN (GOMP_target_enter_exit_data or
   GOMP_target_update_ext, which take the same arguments) of the N
   sections in ARRS, with FLAGS, and the clobbers of ARRS.  */
static void
dm_add_gomp_call (gimple_seq *seq, built_in_function fn, tree device,
		  unsigned n, tree *arrs, unsigned flags, tree guard,
		  location_t loc, bool keep = false)
{
  gcall *call
    = gimple_build_call (builtin_decl_explicit (fn), 7, device, size_int (n),
			 build_fold_addr_expr (arrs[0]),
			 build_fold_addr_expr (arrs[1]),
			 build_fold_addr_expr (arrs[2]),
			 build_int_cst (unsigned_type_node, flags),
			 null_pointer_node);
  gimple_set_location (call, loc);
  gimple_seq_add_stmt (seq, call);
  if (guard)
    dm_tested_calls.safe_push (std::make_pair (call, guard));
  /* The arrays are dead after the call, as omp-expand's are (not a
     read-only one), unless KEEP: a later call reads the addresses and
     sizes again.  */
  for (unsigned i = keep ? 2 : 0; i < 3; i++)
    if (!TREE_STATIC (arrs[i]))
      gimple_seq_add_stmt (seq, gimple_build_assign (arrs[i],
						     build_clobber
						       (TREE_TYPE (arrs[i]))));
}

/* The read-only kinds array of an update of N sections with kind KIND
   and its record: one per kind and N, shared by the unit's updates.  */
static tree
dm_update_kinds (unsigned kind, unsigned n)
{
  gcc_checking_assert (n >= 1 && n <= DM_UPDATE_MAX);
  tree &made = dm_update_kinds_decls[kind == GOMP_MAP_TO][n - 1];
  if (made)
    return made;
  tree ushort = short_unsigned_type_node;
  tree type = build_array_type_nelts (ushort, n + 1);
  vec<constructor_elt, va_gc> *elts = NULL;
  for (unsigned i = 0; i < n; i++)
    CONSTRUCTOR_APPEND_ELT (elts, size_int (i), build_int_cst (ushort, kind));
  CONSTRUCTOR_APPEND_ELT (elts, size_int (n),
			  build_int_cst (ushort, DEEPMAP_HOIST_KIND));
  made = dm_static_data (create_tmp_var_name ("deepmap_hoist_kinds"), type,
			 elts);
  return made;
}

/* Store into entry I of ARRS, on SEQ, the hoisting record REC (an
   address, dm_hoist_record): a zero-length section of kind
   DEEPMAP_HOIST_KIND.  */
static void
dm_add_record (gimple_seq *seq, tree *arrs, unsigned i, tree rec,
	       bool kind = true)
{
  dm_store_slot (seq, arrs[0], i, ptr_type_node, rec);
  dm_store_slot (seq, arrs[1], i, size_type_node, size_zero_node);
  /* A read-only kinds array (dm_update_kinds) holds it already, or
     dm_kinds_call stores it.  */
  if (kind && !TREE_STATIC (arrs[2]))
    dm_store_slot (seq, arrs[2], i, short_unsigned_type_node,
		   build_int_cst (short_unsigned_type_node,
				  DEEPMAP_HOIST_KIND));
}

/* The full map kind (with IT's alignment) of IT's entry with MAP_KIND,
   where its section is EMPTY (no bytes) or not: where IT's kind is
   decided at run time, as for the construct, a zero-length section maps
   nothing.  */
static unsigned
dm_entry_kind (const dm_item *it, unsigned map_kind, bool empty)
{
  unsigned align = it->kind & ~DM_KIND_MASK;
  return align | (empty && it->dynamic_kind ? GOMP_MAP_ZERO_LEN_ARRAY_SECTION
		  : map_kind);
}

/* The full kind of IT's entry in a hoisted enter data (EXIT false) or
   exit data, where its section is EMPTY or not: a section the runtime
   enters at its first construct (dm_late_by_runtime) is a zero-length
   one to the enter data, which every other libgomp then skips.  */
static unsigned
dm_hoisted_kind (const dm_item *it, bool exit, bool empty)
{
  if (!exit && it->late_triggers)
    return (it->kind & ~DM_KIND_MASK) | GOMP_MAP_ZERO_LEN_ARRAY_SECTION;
  return dm_entry_kind (it, exit ? it->exit_kind : it->enter_kind, empty);
}

/* Store into entry I of ARRS' kinds, on SEQ, IT's kind in an enter or
   EXIT data (dm_hoisted_kind), chosen by SIZE, the entry's size, where
   it is decided at run time.  */
static void
dm_store_kind (gimple_seq *seq, tree *arrs, unsigned i, dm_item *it,
	       bool exit, tree size)
{
  tree ushort = short_unsigned_type_node;
  tree kind = build_int_cst (ushort, dm_hoisted_kind (it, exit, false));
  if (it->dynamic_kind)
    {
      tree empty = make_ssa_name (boolean_type_node);
      gimple_seq_add_stmt (seq, gimple_build_assign (empty, EQ_EXPR, size,
						     size_zero_node));
      tree k = make_ssa_name (ushort);
      tree zero_len = build_int_cst (ushort, dm_hoisted_kind (it, exit, true));
      gimple_seq_add_stmt (seq, gimple_build_assign (k, COND_EXPR, empty,
						     zero_len, kind));
      kind = k;
    }
  dm_store_slot (seq, arrs[2], i, ushort, kind);
}

/* The map kinds of SECS (EXIT: those of the exit data) and of the
   record after them into ARRS[2], on SEQ, where ARRS[1] holds their
   sizes: one call of the unit's function (dm-tests.c) that picks each
   kind from a read-only table by its size, which holds the zero-length
   kind of each section whose kind the construct decided at run time
   after the ordinary ones.  */
static void
dm_kinds_call (gimple_seq *seq, vec<dm_item *> &secs, bool exit, tree *arrs)
{
  unsigned n = secs.length ();
  tree ushort = short_unsigned_type_node;
  auto_vec<unsigned> kinds;
  for (bool empty : { false, true })
    {
      for (dm_item *it : secs)
	kinds.safe_push (dm_hoisted_kind (it, exit, empty));
      kinds.safe_push (DEEPMAP_HOIST_KIND);
    }
  vec<constructor_elt, va_gc> *elts = NULL;
  vec_alloc (elts, kinds.length ());
  for (unsigned k : kinds)
    CONSTRUCTOR_APPEND_ELT (elts, NULL_TREE, build_int_cst (ushort, k));
  tree table = dm_static_data (create_tmp_var_name ("deepmap_kinds"),
			       build_array_type_nelts (ushort,
						       kinds.length ()),
			       elts);
  gcall *call = gimple_build_call (dm_test_function (DM_FILL_KINDS), 4,
				   build_fold_addr_expr (arrs[1]),
				   build_fold_addr_expr (table),
				   build_fold_addr_expr (arrs[2]),
				   size_int (n + 1));
  gimple_seq_add_stmt (seq, call);
}

/* The stores of SECS' addresses, sizes and kinds into the arrays ARRS
   for GOMP_target_enter_exit_data, as GCC makes them for `target enter
   data' (EXIT false) or `target exit data', with the hoisting record
   (kept across the region at WHERE; HOST_CURRENT: see dm_hoist_record).
   With FILLED, ARRS hold SECS' addresses and sizes already (the absent
   test's, or the enter data's for its exit), FILLED the size values
   stored.  SIZES (if given) gets the size values.  */
static gimple_seq
dm_fill_data_arrays (vec<dm_item *> &secs, bool exit, tree *arrs,
		     location_t where, hash_set<dm_item *> *host_current,
		     vec<tree> *sizes = NULL, const vec<tree> *filled = NULL)
{
  gimple_seq seq = NULL;
  /* The kinds as one call of the unit's function (dm_kinds_call), not
     a choice and a store each (OMPDart's naive LULESH keeps sixty
     sections: those, twice, were a tenth of what hoisting added to its
     compile time); in lto1, which has no such function, in line.  */
  bool by_call = dm_test_function (DM_FILL_KINDS) != NULL_TREE;
  for (unsigned i = 0; i < secs.length (); i++)
    {
      dm_item *it = secs[i];
      tree size;
      if (filled)
	size = (*filled)[i];
      else
	{
	  dm_store_slot (&seq, arrs[0], i, ptr_type_node, it->addr);
	  size = dm_store_slot (&seq, arrs[1], i, size_type_node, it->size);
	}
      if (sizes)
	sizes->safe_push (size);
      if (!by_call)
	dm_store_kind (&seq, arrs, i, it, exit, size);
    }
  dm_add_record (&seq, arrs, secs.length (),
		 dm_hoist_record (exit ? DEEPMAP_HOIST_EXIT : DEEPMAP_HOIST_ENTER,
				  secs, where, host_current), !by_call);
  if (by_call)
    dm_kinds_call (&seq, secs, exit, arrs);
  return seq;
}

/* The call that takes SECS' arrays ARRS (dm_fill_data_arrays).  */
static void
dm_add_data_call (gimple_seq *seq, vec<dm_item *> &secs, tree device,
		  bool exit, tree *arrs, location_t loc, bool keep = false)
{
  dm_add_gomp_call (seq, BUILT_IN_GOMP_TARGET_ENTER_EXIT_DATA, device,
		    secs.length () + 1, arrs,
		    exit ? GOMP_TARGET_FLAG_EXIT_DATA : 0, secs[0]->guard, loc,
		    keep);
}

/* The GOMP_target_enter_exit_data call for sections SECS on DEVICE with
   the stores of its arrays (dm_fill_data_arrays).  */
static gimple_seq
dm_build_data_call (vec<dm_item *> &secs, tree device, bool exit, tree *arrs,
		    location_t where, hash_set<dm_item *> *host_current,
		    location_t loc)
{
  gimple_seq seq = dm_fill_data_arrays (secs, exit, arrs, where,
					host_current);
  dm_add_data_call (&seq, secs, device, exit, arrs, loc);
  return seq;
}

/* The exit data of SECS (DEEPMAP_CHECK checks each section's host bytes
   are as they were at the enter data first, except HOST_CURRENT's).  */
static gimple_seq
dm_build_exit (vec<dm_item *> &secs, tree device, tree *arrs,
	       hash_set<dm_item *> *host_current, location_t loc)
{
  return dm_build_data_call (secs, device, true, arrs, UNKNOWN_LOCATION,
			     host_current, loc);
}

/* The exit data of SECS (on DEVICE, arrays ARRS, or EXIT_ARRS where the
   enter data filled those for every way out) for the calls of region R
   that may throw out of it: built once the whole function is done
   (dm_finish_throwers).  */
static void
dm_note_eh_exit (dm_region *r, dm_hoist_state *st, vec<dm_item *> &secs,
		 tree device, tree *arrs, tree *exit_arrs, location_t loc)
{
  if (r->throwers.is_empty ())
    return;
  dm_eh_exit *x = new dm_eh_exit;
  x->throwers.safe_splice (r->throwers);
  for (dm_item *it : secs)
    x->secs.safe_push (*it);
  for (gimple *t : r->throwers)
    for (unsigned k = 0; k < secs.length (); k++)
      for (dm_access &acc : st->accesses)
	if (acc.whole && acc.write && acc.group == secs[k]->group
	    && !acc.through
	    && (acc.stmt == t
		|| (acc.host_loop
		    && flow_bb_inside_loop_p (acc.host_loop,
					      gimple_bb (t)))))
	  {
	    x->host_current.safe_push (std::make_pair (t, k));
	    break;
	  }
  x->device = device;
  for (int i = 0; i < 3; i++)
    {
      x->arrs[i] = arrs[i];
      x->filled[i] = exit_arrs[i];
    }
  x->loc = loc;
  st->eh_exits.safe_push (x);
}

/* Add to SEQ a GOMP_target_enter_exit_data call (an enter data) of the
   N sections in ARRS on DEVICE, made only where the flag ENTERED is
   clear and GUARD holds where given (dm_select_on_guard).  It leaves the
   arrays as they are: a later call reads them again.  */
static void
dm_add_flagged_enter (gimple_seq *seq, tree device, unsigned n, tree *arrs,
		      tree entered, tree guard, location_t loc)
{
  tree was = make_ssa_name (integer_type_node);
  gimple_seq_add_stmt (seq, gimple_build_assign (was, entered));
  tree ok = gimple_build (seq, EQ_EXPR, boolean_type_node, was,
			  integer_zero_node);
  if (guard)
    ok = gimple_build (seq, BIT_AND_EXPR, boolean_type_node, ok,
		       gimple_convert (seq, boolean_type_node, guard));
  gcall *call
    = gimple_build_call (builtin_decl_explicit
			   (BUILT_IN_GOMP_TARGET_ENTER_EXIT_DATA), 7, device,
			 size_int (n), build_fold_addr_expr (arrs[0]),
			 build_fold_addr_expr (arrs[1]),
			 build_fold_addr_expr (arrs[2]),
			 build_int_cst (unsigned_type_node, 0),
			 null_pointer_node);
  gimple_set_location (call, loc);
  gimple_seq_add_stmt (seq, call);
  dm_tested_calls.safe_push (std::make_pair (call, ok));
}

/* The enter data of CLS, sections of loop region R that no construct
   maps on every path through it, made right before the first
   constructs that map them (CALLS: dm_group_always_mapped), once: the
   arrays are filled on the way into the loop with a flag that says the
   call was made, and each of those places makes the call on DEVICE
   where the flag is clear (and GUARD holds) and sets it.  The call runs
   where the program as written maps them, so it maps only memory the
   program does; a path that never gets there enters nothing, and the
   exit data of a section that is not present does nothing.  */
static void
dm_emit_late_enter (dm_region *r, vec<dm_item *> &cls, vec<gimple *> &calls,
		    tree device, tree guard, location_t loc)
{
  tree arrs[3];
  dm_make_arrays (cls.length () + 1, arrs);
  tree flag = create_tmp_var (integer_type_node, "deepmap_entered");
  TREE_ADDRESSABLE (flag) = 1;
  gimple_seq pre = dm_fill_data_arrays (cls, false, arrs, r->loc, NULL);
  gimple_seq_add_stmt (&pre, gimple_build_assign (flag, integer_zero_node));
  gsi_insert_seq_on_edge (loop_preheader_edge (r->loop), pre);
  for (gimple *c : calls)
    {
      gimple_seq seq = NULL;
      dm_add_flagged_enter (&seq, device, cls.length () + 1, arrs, flag,
			    guard, loc);
      gimple_seq_add_stmt (&seq, gimple_build_assign (flag,
						      integer_one_node));
      dm_late_inserts.safe_push (std::make_pair (c, seq));
    }
  for (dm_item *it : cls)
    it->enter_late = true;
}

/* The exit data of SECS, kept across loop region R on DEVICE, on every
   way out of it (by exception too).  Its arrays are filled once on the
   way in, and each way out only makes the call, once where ways out
   meet.  It exits the sections whose enter data waits for their first
   constructs too: for a section not entered (not present) an exit data
   does nothing.  */
static void
dm_emit_exits (dm_region *r, dm_hoist_state *st, vec<dm_item *> &secs,
	       tree device, location_t loc)
{
  tree arrs[3];
  dm_make_arrays (secs.length () + 1, arrs);
  gsi_insert_seq_on_edge (loop_preheader_edge (r->loop),
			  dm_fill_data_arrays (secs, true, arrs,
					       UNKNOWN_LOCATION, NULL));
  hash_set<basic_block> joined;
  for (edge e : r->exits)
    {
      if (e->flags & EDGE_EH)
	continue;
      bool join = dm_exits_join_p (r, e->dest);
      if (join && joined.add (e->dest))
	continue;
      gimple_seq call = NULL;
      dm_add_data_call (&call, secs, device, true, arrs, loc);
      if (join)
	{
	  gimple_stmt_iterator gsi = gsi_after_labels (e->dest);
	  gsi_insert_seq_before (&gsi, call, GSI_SAME_STMT);
	}
      else
	gsi_insert_seq_on_edge (e, call);
    }
  dm_note_eh_exit (r, st, secs, device, arrs, arrs, loc);
}

/* What the runtime knows construct CALL by (latehoist.h in the
   runtime): a target construct's outlined function (its own: offloaded
   functions are never merged), a target data construct's map-kind array
   where it is static data; else NULL_TREE.  */
static tree
dm_construct_key (gimple *call)
{
  if (dm_is_target_call (call))
    {
      tree f = gimple_call_arg (call, 1);
      return (TREE_CODE (f) == ADDR_EXPR
	      && TREE_CODE (TREE_OPERAND (f, 0)) == FUNCTION_DECL
	      ? TREE_OPERAND (f, 0) : NULL_TREE);
    }
  if (!dm_is_data_region_call (call))
    return NULL_TREE;
  tree a = gimple_call_arg (call, 4);
  if (TREE_CODE (a) != ADDR_EXPR)
    return NULL_TREE;
  tree d = TREE_OPERAND (a, 0);
  return VAR_P (d) && TREE_STATIC (d) ? d : NULL_TREE;
}

/* Can the runtime enter LATE, sections of loop region R that wait for
   their first constructs (r->late_enters), right before those, so that
   the loop holds no code for them (a flagged enter data before each
   such construct was most of the compile time LULESH's hoisting added)?
   The runtime knows a construct by its outlined function or map-kind
   array (dm_construct_key): no other construct of the function may
   pass the same, and no call of the loop may run constructs (an inlined
   copy's original, or this function again, would).  If so, give each
   item of LATE the array of its constructs' keys.  */
static bool
dm_late_by_runtime (dm_region *r, vec<dm_item *> &late)
{
  hash_map<tree, unsigned> uses;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *g = gsi_stmt (gsi);
	if (!is_gimple_call (g))
	  continue;
	if (tree d = dm_construct_key (g))
	  uses.get_or_insert (d)++;
	else if (flow_bb_inside_loop_p (r->loop, bb) && !dm_is_target_call (g)
		 && !dm_is_data_call (g) && dm_call_runs_constructs (g))
	  return false;
      }
  for (dm_item *it : late)
    for (auto &p : r->late_enters)
      if (p.first == it->group)
	{
	  tree d = dm_construct_key (p.second);
	  if (!d || *uses.get (d) != 1)
	    return false;
	}
  for (dm_item *it : late)
    {
      vec<constructor_elt, va_gc> *elts = NULL;
      unsigned n = 0;
      for (auto &p : r->late_enters)
	if (p.first == it->group)
	  {
	    tree d = dm_construct_key (p.second);
	    CONSTRUCTOR_APPEND_ELT (elts, NULL_TREE,
				    fold_convert (ptr_type_node,
						  build_fold_addr_expr (d)));
	    n++;
	  }
      tree arr = dm_static_data (create_tmp_var_name ("deepmap_late"),
				 build_array_type_nelts (ptr_type_node, n),
				 elts);
      it->late_triggers = build_fold_addr_expr (arr);
      it->n_late_triggers = n;
      it->enter_late = true;
    }
  return true;
}

/* Enter and exit data of SECS on DEVICE for loop region R where LATE of
   them wait for their first constructs (dm_emit_late_enter): the others
   are entered on the way in, the late ones in groups that wait for the
   same constructs, and every way out exits them all.  */
static void
dm_emit_hoist_late (dm_region *r, dm_hoist_state *st, vec<dm_item *> &secs,
		    vec<dm_item *> &late, tree device, location_t loc)
{
  tree guard = secs[0]->guard;
  /* The runtime's check of omp_set_default_device counts the sections
     entered, not the calls: one exit data ends them all.  */
  auto_vec<dm_item *> now;
  for (dm_item *it : secs)
    if (!late.contains (it))
      now.safe_push (it);
  if (!now.is_empty ())
    {
      tree arrs[3];
      dm_make_arrays (now.length () + 1, arrs);
      gsi_insert_seq_on_edge (loop_preheader_edge (r->loop),
			      dm_build_data_call (now, device, false, arrs,
						  r->loc, NULL, loc));
    }
  auto_vec<bool> done;
  done.safe_grow_cleared (late.length ());
  for (unsigned i = 0; i < late.length (); i++)
    {
      if (done[i])
	continue;
      auto_vec<gimple *, 4> calls;
      for (auto &p : r->late_enters)
	if (p.first == late[i]->group)
	  calls.safe_push (p.second);
      auto_vec<dm_item *> cls;
      for (unsigned j = i; j < late.length (); j++)
	{
	  if (done[j])
	    continue;
	  unsigned same = 0, theirs = 0;
	  for (auto &p : r->late_enters)
	    if (p.first == late[j]->group)
	      {
		theirs++;
		same += calls.contains (p.second);
	      }
	  if (same == theirs && theirs == calls.length ())
	    {
	      cls.safe_push (late[j]);
	      done[j] = true;
	    }
	}
      dm_emit_late_enter (r, cls, calls, device, guard, loc);
    }
  /* One exit data for all: of a section not entered (not present) it
     does nothing.  */
  dm_emit_exits (r, st, secs, device, loc);
}

/* Put enter data for SECS (on DEVICE) before region R and exit data
   after it: on the loop's preheader edge and exit edges, or around the
   run.  */
static void
dm_emit_hoist (dm_region *r, dm_hoist_state *st, vec<dm_item *> &secs,
	       tree device, location_t loc, dm_section_table *filled)
{
  auto_vec<dm_item *> late;
  if (r->loop)
    for (dm_item *it : secs)
      for (auto &p : r->late_enters)
	if (p.first == it->group)
	  {
	    late.safe_push (it);
	    break;
	  }
  if (!late.is_empty () && !dm_late_by_runtime (r, late))
    {
      dm_emit_hoist_late (r, st, secs, late, device, loc);
      return;
    }
  tree arrs[3], exit_arrs[3] = { NULL_TREE, NULL_TREE, NULL_TREE };
  /* The absent test's arrays, where it filled them with SECS.  */
  bool prefilled = filled->arrs[0] && filled->items.length () == secs.length ();
  for (unsigned i = 0; prefilled && i < secs.length (); i++)
    prefilled = filled->items[i] == secs[i];
  if (prefilled)
    for (int i = 0; i < 3; i++)
      arrs[i] = filled->arrs[i];
  else
    dm_make_arrays (secs.length () + 1, arrs);
  unsigned ways_out = r->throwers.length ();
  for (edge e : r->exits)
    ways_out += !(e->flags & EDGE_EH);
  /* A loop with several ways out (LULESH's time loop: its error exits
     and the calls that may throw): the exit data's arrays are ready
     beside the enter data, and each way out only makes the call.  They
     are the enter data's addresses and sizes, which no GOMP call
     writes, with kinds of their own and the exit's record.  */
  bool shared = r->loop && ways_out > 1;
  auto_vec<tree> sizes;
  gimple_seq enter = dm_fill_data_arrays (secs, false, arrs, r->loc, NULL,
					  shared ? &sizes : NULL,
					  prefilled ? &filled->sizes : NULL);
  dm_add_data_call (&enter, secs, device, false, arrs, loc, shared);
  if (!r->loop)
    {
      gimple_stmt_iterator gsi;
      if (r->first)
	{
	  gsi = gsi_for_stmt (r->first);
	  gsi_insert_seq_before (&gsi, enter, GSI_SAME_STMT);
	}
      else
	gsi_insert_seq_on_edge (r->enter_edge, enter);
      gimple_seq exit = dm_build_exit (secs, device, arrs, NULL, loc);
      if (r->last)
	{
	  gsi = gsi_for_stmt (r->last);
	  gsi_insert_seq_after (&gsi, exit, GSI_SAME_STMT);
	}
      else
	{
	  /* Every way into EXIT_BB comes from the run.  */
	  gsi = gsi_after_labels (r->exit_bb);
	  gsi_insert_seq_before (&gsi, exit, GSI_SAME_STMT);
	}
    }
  else
    {
      if (shared)
	{
	  tree kinds[3];
	  dm_make_arrays (secs.length () + 1, kinds);
	  exit_arrs[0] = arrs[0];
	  exit_arrs[1] = arrs[1];
	  exit_arrs[2] = kinds[2];
	  gimple_seq_add_seq (&enter, dm_fill_data_arrays (secs, true,
							   exit_arrs,
							   UNKNOWN_LOCATION,
							   NULL, NULL,
							   &sizes));
	}
      gsi_insert_seq_on_edge (loop_preheader_edge (r->loop), enter);
      hash_set<basic_block> joined;
      for (edge e : r->exits)
	if (e->flags & EDGE_EH)
	  continue;
	else if (exit_arrs[0] && dm_exits_join_p (r, e->dest))
	  {
	    /* Once where the ways out meet (LULESH's time loop: five
	       ways out, two blocks they lead to).  */
	    if (joined.add (e->dest))
	      continue;
	    gimple_seq call = NULL;
	    dm_add_data_call (&call, secs, device, true, exit_arrs, loc);
	    gimple_stmt_iterator gsi = gsi_after_labels (e->dest);
	    gsi_insert_seq_before (&gsi, call, GSI_SAME_STMT);
	  }
	else if (exit_arrs[0])
	  {
	    gimple_seq call = NULL;
	    dm_add_data_call (&call, secs, device, true, exit_arrs, loc);
	    gsi_insert_seq_on_edge (e, call);
	  }
	else
	  gsi_insert_seq_on_edge (e, dm_build_exit (secs, device, arrs, NULL,
						    loc));
    }
  dm_note_eh_exit (r, st, secs, device, arrs, exit_arrs, loc);
}

/* The bytes [*LO, *HI) that ACC touches, as integers computed on SEQ:
   those of its one execution, or of every iteration of its host loop.  */
static void
dm_access_bounds (dm_access *acc, gimple_seq *seq, tree *lo, tree *hi)
{
  tree uptr = pointer_sized_int_node;
  tree size = fold_convert (uptr, TYPE_SIZE_UNIT (TREE_TYPE (acc->ref)));
  gimple_seq conv = NULL;
  if (!acc->host_loop)
    {
      tree at = force_gimple_operand (build_fold_addr_expr (unshare_expr
							      (acc->ref)),
				      &conv, true, NULL_TREE);
      gimple_seq_add_seq (seq, conv);
      *lo = gimple_convert (seq, uptr, at);
      *hi = gimple_build (seq, PLUS_EXPR, uptr, *lo, size);
      return;
    }
  tree first = force_gimple_operand (unshare_expr (acc->first), &conv, true,
				     NULL_TREE);
  gimple_seq_add_seq (seq, conv);
  conv = NULL;
  tree latches = force_gimple_operand (fold_convert (uptr,
						     unshare_expr
						       (acc->latches)),
				       &conv, true, NULL_TREE);
  gimple_seq_add_seq (seq, conv);
  tree a = gimple_convert (seq, uptr, first);
  /* The last iteration's address, in modular arithmetic: a negative
     step wraps as the pointer arithmetic does.  */
  tree b = gimple_build (seq, PLUS_EXPR, uptr, a,
			 gimple_build (seq, MULT_EXPR, uptr, latches,
				       fold_convert (uptr, acc->step)));
  if (tree_int_cst_sgn (acc->step) < 0)
    std::swap (a, b);
  *lo = a;
  *hi = gimple_build (seq, PLUS_EXPR, uptr, b, size);
}

/* Where the target update of the host's access ACC goes: right before
   it (a read: copy what it reads back from the device) or right after
   it (a write: copy what it wrote to the device), or, where that is
   an edge (the preheader or exit of its host loop, the normal successor
   of a call that ends its block), on *E.  */
struct dm_update_place
{
  edge e;
  gimple *stmt;
  bool operator== (const dm_update_place &o) const
  {
    return e == o.e && stmt == o.stmt;
  }
};

static dm_update_place
dm_update_place_of (dm_access *acc)
{
  dm_update_place p = { NULL, NULL };
  if (acc->host_loop)
    p.e = (acc->write ? single_exit (acc->host_loop)
	   : loop_preheader_edge (acc->host_loop));
  else if (acc->write && stmt_ends_bb_p (acc->stmt))
    {
      /* A call that may throw ends its block: after it is its normal
	 successor (an exception takes its landing pad).  */
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, gimple_bb (acc->stmt)->succs)
	if (!(e->flags & (EDGE_EH | EDGE_ABNORMAL)))
	  p.e = e;
      gcc_assert (p.e);
    }
  else
    p.stmt = acc->stmt;
  return p;
}

/* The bytes of the kept section LEAD that the host's access ACC
   touches, computed on SEQ at run time as an address *LO and a length
   *LEN, so an access that strays out of the section moves nothing (a
   length of zero) instead of an unmapped range.  */
static void
dm_update_bytes (dm_item *lead, dm_access *acc, gimple_seq *seq, tree *lo,
		 tree *len)
{
  tree uptr = pointer_sized_int_node;
  tree lo_s = gimple_convert (seq, uptr, lead->addr);
  if (acc->whole && !acc->through)
    {
      /* The whole section: no bounds to meet (a section never wraps
	 around the address space).  */
      *lo = lo_s;
      *len = gimple_convert (seq, uptr, lead->size);
      return;
    }
  tree hi_s = gimple_build (seq, PLUS_EXPR, uptr, lo_s,
			    gimple_convert (seq, uptr, lead->size));
  tree lo_a, hi_a;
  if (!acc->whole)
    dm_access_bounds (acc, seq, &lo_a, &hi_a);
  else
    {
      lo_a = gimple_convert (seq, uptr, acc->through);
      hi_a = gimple_build (seq, PLUS_EXPR, uptr, lo_a,
			   gimple_convert (seq, uptr, lead->size));
    }
  *lo = gimple_build (seq, MAX_EXPR, uptr, lo_s, lo_a);
  tree hi = gimple_build (seq, MIN_EXPR, uptr, hi_s, hi_a);
  hi = gimple_build (seq, MAX_EXPR, uptr, hi, *lo);
  *len = gimple_build (seq, MINUS_EXPR, uptr, hi, *lo);
}

/* Say, for the report, that the host's access ACC of LEAD gets a target
   update at LOC.  */
static void
dm_report_update (dm_item *lead, dm_access *acc, location_t loc)
{
  if (!dm_reporting ())
    return;
  /* Through a rotating pointer: its name, once for all the arrays it
     may be.  */
  char *name = acc->through ? dm_value_name (acc->through, 0) : NULL;
  if (!name)
    name = dm_item_name (lead);
  if (acc->whole && !is_gimple_call (acc->stmt))
    dm_report (loc, acc->write
		    ? "hoist: '%s' copied to the device after the host "
		      "loop whose writes may change it, whole (target "
		      "update to)"
		    : "hoist: '%s' copied from the device before the host "
		      "loop whose accesses may see it, whole (target update "
		      "from)", name);
  else if (acc->whole && dm_is_target_call (acc->stmt))
    dm_report (loc, "hoist: '%s' copied from the device before a "
		    "construct whose firstprivate copy reads it (target "
		    "update from)", name);
  else if (acc->whole)
    dm_report (loc, acc->write
		    ? "hoist: '%s' copied to the device after a call that "
		      "may change it%s (target update to)"
		    : "hoist: '%s' copied from the device before a call "
		      "that may see it%s (target update from)",
	       name, acc->host_loop ? ", around the host loop" : "");
  else if (acc->host_loop)
    dm_report (loc, acc->write
		    ? "hoist: '%s' copied to the device after the host "
		      "loop whose writes may change it (target update to)"
		    : "hoist: '%s' copied from the device before the host "
		      "loop whose reads may see it (target update from)",
	       name);
  else
    dm_report (loc, acc->write
		    ? "hoist: '%s' copied to the device after a host "
		      "write that may change it (target update to)"
		    : "hoist: '%s' copied from the device before a host "
		      "read that may see it (target update from)", name);
  free (name);
}

/* One target update, at PLACE, of the host accesses ACCS of the kept
   sections LEADS (ACCS[i] of LEADS[i]; all reads or all writes, on one
   device under one guard): the bytes of each, then the record that
   tells DEEPMAP_CHECK that those host bytes changed (update from) or
   were changed (the write) on purpose.  One call for the accesses of a
   place, not one each: a call is what a loop's code pays most for in
   GCC's register allocation (LULESH's time loop gets eleven updates at
   six places).  */
static void
dm_emit_updates (vec<dm_item *> &leads, vec<dm_access *> &accs,
		 dm_update_place place)
{
  unsigned n = leads.length ();
  dm_access *first = accs[0];
  gimple_seq seq = NULL;
  tree arrs[3];
  dm_make_arrays (n + 1, arrs);
  for (unsigned i = 0; i < n; i++)
    {
      tree lo, len;
      dm_update_bytes (leads[i], accs[i], &seq, &lo, &len);
      dm_store_slot (&seq, arrs[0], i, ptr_type_node, lo);
      dm_store_slot (&seq, arrs[1], i, size_type_node, len);
    }
  /* The kinds are constants: a read-only array, as omp-expand makes
     them, not stores for GCC to analyze.  */
  arrs[2] = dm_update_kinds (first->write ? GOMP_MAP_TO : GOMP_MAP_FROM, n);
  dm_add_record (&seq, arrs, n,
		 dm_hoist_record (DEEPMAP_HOIST_UPDATE, leads,
				  UNKNOWN_LOCATION, NULL));
  dm_add_gomp_call (&seq, BUILT_IN_GOMP_TARGET_UPDATE, leads[0]->device,
		    n + 1, arrs, 0, leads[0]->guard,
		    gimple_location (first->stmt));
  if (place.e)
    gsi_insert_seq_on_edge (place.e, seq);
  else
    {
      gimple_stmt_iterator gsi = gsi_for_stmt (place.stmt);
      if (first->write)
	gsi_insert_seq_after (&gsi, seq, GSI_SAME_STMT);
      else
	gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);
    }
}

/* The target updates of ST's host accesses, last, as the statements
   they follow are where the analysis saw them.  The accesses of one
   place that follow each other there the same way, on one device under
   one guard, share a call; a change of way starts another call, so the
   copies keep their order.  */
static void
dm_emit_all_updates (dm_hoist_state *st)
{
  unsigned n = st->accesses.length ();
  auto_vec<dm_update_place> places (n);
  auto_vec<bool> live (n);
  for (dm_access &acc : st->accesses)
    {
      /* A load that only computed what a later loop's promotion now
	 takes from before it is gone (dm_remove_dead): nothing reads
	 there any more (random-hoist seed 1074, program 16).  */
      bool alive = acc.host_loop || gimple_bb (acc.stmt);
      live.quick_push (alive);
      dm_update_place none = { NULL, NULL };
      places.quick_push (alive ? dm_update_place_of (&acc) : none);
    }
  for (unsigned i = 0; i < n; i++)
    {
      dm_access *acc = &st->accesses[i];
      /* Once for all the arrays a rotating pointer may be.  */
      bool told = false;
      for (unsigned k = 0; k < i && acc->through; k++)
	told |= (st->accesses[k].through == acc->through
		 && st->accesses[k].stmt == acc->stmt
		 && st->accesses[k].write == acc->write);
      if (live[i] && !told)
	dm_report_update (&st->items[acc->group], acc,
			  gimple_location (acc->stmt));
    }
  auto_vec<dm_item *> leads;
  auto_vec<dm_access *> accs;
  for (unsigned i = 0; i < n; i++)
    {
      if (!live[i])
	continue;
      leads.truncate (0);
      accs.truncate (0);
      for (unsigned j = i; j < n && accs.length () < DM_UPDATE_MAX; j++)
	{
	  if (!live[j] || !(places[j] == places[i]))
	    continue;
	  dm_access *acc = &st->accesses[j];
	  dm_item *lead = &st->items[acc->group];
	  if (j > i
	      && (acc->write != accs[0]->write
		  || lead->device != leads[0]->device
		  || lead->guard != leads[0]->guard))
	    break;
	  leads.safe_push (lead);
	  accs.safe_push (acc);
	  live[j] = false;
	}
      dm_emit_updates (leads, accs, places[i]);
    }
}

/* Which unkept items of ST region R holds, in IN_LOOP, each with its
   group (the first item of the same section); ALIVE: not fixed.  */
static void
dm_region_items (dm_region *r, dm_hoist_state *st, vec<unsigned> &in_loop,
		 vec<bool> &alive)
{
  for (unsigned i = 0; i < st->items.length (); i++)
    if (!st->items[i].hoisted && dm_region_has (r, st->items[i].call)
	/* Across its loop a rotating section is its arrays; they are
	   nothing anywhere else.  */
	&& (st->items[i].synthetic ? st->items[i].rot_loop == r->loop
	    : r->loop == NULL || st->items[i].rot_loop != r->loop))
      {
	dm_item *it = &st->items[i];
	in_loop.safe_push (i);
	alive.safe_push (!it->fixed);
	if (r->loop)
	  it->loop = r->loc;
	else
	  {
	    it->run_from = r->first ? gimple_location (r->first) : r->loc;
	    it->run_to = r->last ? gimple_location (r->last) : r->end_loc;
	    it->run_to_loop = r->last == NULL;
	    it->run_from_loop = r->first == NULL;
	  }
	it->group = i;
	for (unsigned j : in_loop)
	  if (dm_same_section (&st->items[j], it))
	    {
	      it->group = j;
	      break;
	    }
      }
}

/* Is what region R leaves in the memory ADDR points into never read
   (dm_private_touched_after)?  */
static bool
dm_region_result_unused (dm_region *r, tree addr)
{
  auto_vec<basic_block> starts;
  for (edge e : r->exits)
    starts.safe_push (e->dest);
  if (r->exit_bb)
    starts.safe_push (r->exit_bb);
  return !dm_private_touched_after (addr, starts, r->loop ? NULL : r->last);
}

static bool dm_stmt_dominates (gimple *a, gimple *b);

/* Does the region of item Z of loop R load only bytes of its section
   that regions of R stored before, in the same iteration: regions that
   map the same section, run every time Z's does, earlier (they dominate
   it in R's body, not inside a loop of their own), and store where
   their summaries say (an interior, and the border a second region
   writes under tests of its indices)?  */
static bool
dm_loads_written_before (dm_region *r, dm_hoist_state *st,
			 vec<unsigned> &in_loop, unsigned z)
{
  dm_item *it = &st->items[z];
  if (!it->access || it->data_region)
    return false;
  auto_vec<const dm_access_summary *> writers;
  for (unsigned y : in_loop)
    {
      dm_item *w = &st->items[y];
      if (w->group != it->group || w->call == it->call || w->data_region
	  || gimple_bb (w->call)->loop_father != r->loop
	  || !dm_stmt_dominates (w->call, it->call))
	continue;
      if (w->overwritten)
	return true;
      if (w->access)
	writers.safe_push (w->access);
    }
  return !writers.is_empty () && dm_loads_stored_before (it->access, writers);
}

/* May the device of loop R read bytes of group G that no construct of
   R wrote first?  Not where every construct that maps it reads only
   what it or the one right before it stored (dm_item::written_first;
   that construct is in R too: nothing comes between them), or what
   constructs before it in R stored (dm_loads_written_before), and no
   construct of R reaches those bytes otherwise: through a deep item,
   or a section that may overlap them and is not tested apart on entry
   to R.  */
static bool
dm_group_written_first (dm_region *r, dm_hoist_state *st,
			vec<unsigned> &in_loop, int g)
{
  if (!r->loop)
    return false;
  ao_ref ra;
  dm_section_ref (&st->items[g], &ra);
  for (unsigned z : in_loop)
    {
      dm_item *it = &st->items[z];
      if (dm_deep_p (it) || it->span || it->synthetic || it->rot_loop)
	return false;
      if (it->group == g)
	{
	  if (!it->written_first && !it->overwritten
	      && !dm_loads_written_before (r, st, in_loop, z))
	    return false;
	  continue;
	}
      ao_ref rb;
      dm_section_ref (it, &rb);
      if (dm_provably_disjoint (&st->items[g], it)
	  || !refs_may_alias_p_1 (&ra, &rb, false))
	continue;
      bool tested = false;
      for (auto &c : r->checks)
	tested |= (c.first == (unsigned) g && (int) c.second == it->group)
		  || ((int) c.first == it->group && c.second == (unsigned) g);
      if (!tested)
	return false;
    }
  return true;
}

/* Does the first construct of region R to map group G map it from and
   not to: one that comes before every other construct of R mapping G,
   whose own map copies nothing in and leaves the host the device's
   bytes, so that what the next constructs copy in is the device's?  */
static bool
dm_group_produced_first (dm_hoist_state *st, vec<unsigned> &in_loop, int g)
{
  for (unsigned z : in_loop)
    {
      dm_item *it = &st->items[z];
      unsigned k = it->kind & DM_KIND_MASK;
      if (it->group != g || (k & GOMP_MAP_FLAG_TO) || !(k & GOMP_MAP_FLAG_FROM)
	  || dm_deep_p (it) || it->span || it->synthetic || it->dynamic_kind)
	continue;
      bool first = true;
      for (unsigned y : in_loop)
	if (st->items[y].group == g && st->items[y].call != it->call)
	  first &= dm_stmt_dominates (it->call, st->items[y].call);
      if (first)
	return true;
    }
  return false;
}

static bool dm_stmt_dominates (gimple *, gimple *);

/* Does the target update after host write W of group G (one of
   ACCESSES) come before each of the group's constructs in IN_LOOP and
   each other host access of it, on every path?  Then the enter data may
   leave its copy in to the runtime (announced as for an overwritten
   section), which drops it where that update sends all of the section
   (accuracy's count[0] = 0, a memset or a host loop that clears an
   accumulator before the kernel that adds to it) and makes it first
   otherwise.  */
static bool
dm_update_comes_first (dm_hoist_state *st, vec<unsigned> &in_loop, int g,
		       vec<dm_access> &accesses, dm_access &w)
{
  /* Where the update is: after the statement, on its normal edge when
     it may throw, on the exit of its host loop.  */
  basic_block after = NULL;
  if (w.host_loop)
    {
      edge e = single_exit (w.host_loop);
      if (!e)
	return false;
      after = e->dest;
    }
  else if (stmt_ends_bb_p (w.stmt))
    {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, gimple_bb (w.stmt)->succs)
	if (!(e->flags & (EDGE_EH | EDGE_ABNORMAL)))
	  after = e->dest;
    }
  if (after && !single_pred_p (after))
    return false;
  auto before = [&] (gimple *b, class loop *l) {
    basic_block bb = l ? l->header : gimple_bb (b);
    if (after)
      return dominated_by_p (CDI_DOMINATORS, bb, after);
    return l ? (dominated_by_p (CDI_DOMINATORS, bb, gimple_bb (w.stmt))
		&& bb != gimple_bb (w.stmt))
	     : dm_stmt_dominates (w.stmt, b);
  };
  for (unsigned z : in_loop)
    if (st->items[z].group == g && !before (st->items[z].call, NULL))
      return false;
  /* A read by the writing statement itself is updated before it.  */
  for (dm_access &o : accesses)
    if (o.group == g && &o != &w
	&& (o.stmt == w.stmt || !before (o.stmt, o.host_loop)))
      return false;
  return true;
}

/* Does some host write of group G (of ACCESSES) have its update come
   first (dm_update_comes_first)?  */
static bool
dm_group_refilled_first (dm_hoist_state *st, vec<unsigned> &in_loop, int g,
			 vec<dm_access> &accesses)
{
  for (dm_access &w : accesses)
    if (w.group == g && w.write && !w.through
	&& dm_update_comes_first (st, in_loop, g, accesses, w))
      return true;
  return false;
}

/* Is ADDR the address of (part of) a variable declared const?  No
   construct may write it (undefined), so nothing comes back: a copy back
   would also fault where it lies in read-only memory (HeCBench's adamw:
   `static const' tables its kernels read).  */
static bool
dm_const_object_p (tree addr)
{
  if (TREE_CODE (addr) != ADDR_EXPR)
    return false;
  tree base = get_base_address (TREE_OPERAND (addr, 0));
  return base && VAR_P (base) && TREE_READONLY (base);
}

/* Mark the items of IN_LOOP on DEVICE that are still ALIVE, from X on,
   as kept across region R, and push their groups' first items on SECS
   with the map kinds of the enter and exit data.  */
static void
dm_keep_items (dm_region *r, dm_hoist_state *st, vec<unsigned> &in_loop,
	       vec<bool> &alive, unsigned x, tree device,
	       vec<dm_access> &accesses, vec<dm_item *> &secs)
{
  for (unsigned y = x; y < in_loop.length (); y++)
    {
      dm_item *it = &st->items[in_loop[y]];
      if (!alive[y] || !operand_equal_p (it->device, device, 0))
	continue;
      it->hoisted = true;
      it->missed = NULL;
      it->run_missed = NULL;
      it->in_run = !r->loop;
      if (it->group != (int) in_loop[y])
	continue;
      /* The union of the constructs' maps, all from or tofrom; a host
	 access before the first construct reads the host's bytes.  */
      bool to = false, from = false, host = false;
      for (dm_access &acc : accesses)
	if (acc.group == it->group)
	  {
	    to = host = true;
	    st->accesses.safe_push (acc);
	  }
      for (unsigned z : in_loop)
	if (st->items[z].group == it->group)
	  {
	    to |= (st->items[z].kind & GOMP_MAP_FLAG_TO) != 0;
	    from |= (st->items[z].kind & GOMP_MAP_FLAG_FROM) != 0;
	    if ((st->items[z].kind & ~DM_KIND_MASK)
		> (it->kind & ~DM_KIND_MASK))
	      it->kind = (st->items[z].kind & ~DM_KIND_MASK)
			 | (it->kind & DM_KIND_MASK);
	    it->dynamic_kind |= st->items[z].dynamic_kind;
	  }
      /* The first construct produces it: nothing to copy in.  */
      if (to && !host && dm_group_produced_first (st, in_loop, it->group))
	to = false;
      it->enter_kind = to ? GOMP_MAP_TO : GOMP_MAP_ALLOC;
      /* Sections only read on the device need not come back, nor those
	 nothing reads afterwards (dm-escape.c); but a deep item kept
	 whole brings back what it points to, which the host may read
	 through other copies of the pointers.  */
      if (from && !it->whole && dm_region_result_unused (r, it->addr))
	{
	  from = false;
	  it->dead_after = true;
	}
      if (from && (dm_const_object_p (it->addr)
		   || !dm_group_writes_itself (r, st, in_loop, it->group)))
	{
	  from = false;
	  it->read_only = true;
	}
      it->exit_kind = from ? GOMP_MAP_FROM : GOMP_MAP_RELEASE;
      if (to && !from && !host
	  && dm_group_written_first (r, st, in_loop, it->group))
	{
	  it->enter_kind = GOMP_MAP_ALLOC;
	  it->not_copied_in = true;
	}
      else if (to && !it->whole
	       && dm_group_refilled_first (st, in_loop, it->group, accesses))
	it->refilled = true;
      secs.safe_push (it);
    }
  for (unsigned z : in_loop)
    {
      dm_item *it = &st->items[z];
      it->enter_kind = st->items[it->group].enter_kind;
      it->exit_kind = st->items[it->group].exit_kind;
      it->dead_after = st->items[it->group].dead_after;
      it->read_only = st->items[it->group].read_only;
      it->not_copied_in = st->items[it->group].not_copied_in;
      it->refilled = st->items[it->group].refilled;
      it->defer_in |= it->refilled;
      /* Nothing to copy in, nothing to defer.  */
      it->defer_in &= !it->not_copied_in && it->enter_kind == GOMP_MAP_TO;
    }
}

/* Decide and keep the sections of the constructs in region R that are
   not kept on the device across an enclosing loop already.  Returns
   whether it inserted anything.  */
/* Does region R do no host memory access besides its constructs' own
   argument arrays (and harmless calls)?  Then nothing on the host can
   see or change what a kept deep item reaches while it is kept.  */
static bool
dm_region_quiet (dm_region *r)
{
  for (gimple *stmt : r->stmts)
    if (!dm_stmt_ignorable_p (stmt))
      return false;
  return true;
}

/* Which kept groups of R are kept whole (see dm_item::whole): a deep
   item, in a quiet region, mapped by every construct with 'from' (a
   construct that maps it without 'from' would drop its device's writes
   to what it reaches; a resident copy would keep them), not under a
   run-time test.  Every item of the group gets the group's answer and
   descriptor.  */
static void
dm_decide_whole (dm_region *r, dm_hoist_state *st, vec<unsigned> &in_loop,
		 vec<bool> &alive)
{
  bool quiet = dm_region_quiet (r);
  for (unsigned x = 0; x < in_loop.length (); x++)
    {
      dm_item *lead = &st->items[in_loop[x]];
      if (!alive[x] || (int) in_loop[x] != lead->group)
	continue;
      tree desc = NULL_TREE;
      bool all_from = true;
      for (unsigned y = 0; y < in_loop.length (); y++)
	{
	  dm_item *it = &st->items[in_loop[y]];
	  if (it->group != lead->group)
	    continue;
	  if (it->deep_desc && !desc)
	    desc = it->deep_desc;
	  else if (it->deep_desc && it->deep_desc != desc)
	    all_from = false;		/* two types: keep it shallow */
	  all_from &= ((it->kind & DM_KIND_MASK) & GOMP_MAP_FLAG_FROM) != 0;
	  /* Arrays that trade places are kept as their own items.  */
	  all_from &= !it->synthetic && !it->rot_loop;
	}
      bool whole = desc && quiet && all_from && !lead->tested_apart;
      bool defer = false;
      for (unsigned y = 0; y < in_loop.length (); y++)
	{
	  dm_item *it = &st->items[in_loop[y]];
	  defer |= it->group == lead->group && it->overwritten;
	}
      for (unsigned y = 0; y < in_loop.length (); y++)
	{
	  dm_item *it = &st->items[in_loop[y]];
	  if (it->group == lead->group)
	    {
	      it->whole = whole;
	      it->defer_in = defer && !whole;
	      if (desc)
		it->deep_desc = desc;
	    }
	}
    }
}

static bool
dm_hoist_region (dm_region *r, dm_hoist_state *st)
{
  auto_vec<unsigned> in_loop;
  auto_vec<bool> alive;
  dm_region_items (r, st, in_loop, alive);
  if (in_loop.is_empty ())
    return false;

  const char *why = dm_region_obstacle (r, st);
  auto_vec<dm_access> accesses;
  /* A section that an opted-out construct maps is not kept with it by
     the others either: the drop of overlaps below sees it as unkept.  */
  for (unsigned x = 0; x < in_loop.length (); x++)
    if (alive[x] && st->items[in_loop[x]].nohoist)
      dm_kill_group (r, st, in_loop, alive, st->items[in_loop[x]].group,
		     "'#pragma deepmap nohoist' applies to it");
  /* A section that one construct's map keeps from staying (a target
     data construct's map without 'from') stays for none.  */
  for (unsigned x = 0; x < in_loop.length (); x++)
    {
      dm_item *it = &st->items[in_loop[x]];
      if (it->fixed)
	dm_kill_group (r, st, in_loop, alive, it->group, it->missed);
    }
  {
    /* The groups' host accesses are asked of the same statements.  */
    dm_parallel_cache cache;
    for (unsigned x = 0; x < in_loop.length (); x++)
      if (alive[x] && (int) in_loop[x] == st->items[in_loop[x]].group)
	{
	  const char *w = why ? why : dm_group_obstacle (r, st, in_loop,
							 in_loop[x],
							 accesses);
	  if (w)
	    dm_kill_group (r, st, in_loop, alive, in_loop[x], w);
	}
  }
  dm_drop_overlaps (r, st, in_loop, alive);
  while (dm_drop_rotations (r, st, in_loop, alive))
    dm_drop_overlaps (r, st, in_loop, alive);
  dm_check_guarded_outer (r, st, in_loop, alive);

  /* A test guards all that R keeps: that the pairs only run time can
     tell apart are disjoint, and that nothing kept is mapped already.
     Where it fails, R runs exactly as written.  */
  bool kept = false;
  for (unsigned x = 0; x < in_loop.length (); x++)
    kept |= alive[x];
  if (!kept)
    return false;
  gimple_seq test = NULL;
  bool apart = !r->checks.is_empty ();
  dm_section_table filled;
  tree guard = dm_build_absent_test (st, in_loop, alive, &filled, &test);
  if (apart)
    guard = gimple_build (&test, BIT_AND_EXPR, boolean_type_node, guard,
			  dm_build_disjoint_test (r, st, &filled, &test));
  if (r->loop)
    gsi_insert_seq_on_edge (loop_preheader_edge (r->loop), test);
  else if (!r->first)
    gsi_insert_seq_on_edge (r->enter_edge, test);
  else
    {
      gimple_stmt_iterator gsi = gsi_for_stmt (r->first);
      gsi_insert_seq_before (&gsi, test, GSI_SAME_STMT);
    }
  for (unsigned x = 0; x < in_loop.length (); x++)
    if (alive[x])
      {
	st->items[in_loop[x]].guard = guard;
	st->items[in_loop[x]].tested_apart = apart;
      }

  dm_decide_whole (r, st, in_loop, alive);

  /* One enter and one exit call per device.  */
  for (unsigned x = 0; x < in_loop.length (); x++)
    {
      dm_item *lead = &st->items[in_loop[x]];
      if (!alive[x] || lead->hoisted)
	continue;
      auto_vec<dm_item *> secs;
      dm_keep_items (r, st, in_loop, alive, x, lead->device, accesses, secs);
      dm_emit_hoist (r, st, secs, lead->device, r->loc, &filled);
    }
  return true;
}

/* The arrays the rotating address ADDR, a PHI of LOOP's header, takes
   its values from, on VALUES (at most DM_ROT_MAX, each computed before
   LOOP), and in *KEY the smallest SSA version among the PHIs involved
   (the rotation's identity); false unless every value that reaches it
   is one of them or another PHI of LOOP.  */
#define DM_ROT_MAX 4

static bool
dm_rotation_values (tree addr, class loop *loop, vec<tree> &values,
		    unsigned *key)
{
  auto_vec<tree> phis;
  phis.safe_push (addr);
  *key = SSA_NAME_VERSION (addr);
  for (unsigned k = 0; k < phis.length (); k++)
    {
      gphi *phi = as_a <gphi *> (SSA_NAME_DEF_STMT (phis[k]));
      for (unsigned j = 0; j < gimple_phi_num_args (phi); j++)
	{
	  tree a = gimple_phi_arg_def (phi, j);
	  gimple *d = TREE_CODE (a) == SSA_NAME ? SSA_NAME_DEF_STMT (a) : NULL;
	  if (d && gimple_code (d) == GIMPLE_PHI && gimple_bb (d)
	      && flow_bb_inside_loop_p (loop, gimple_bb (d)))
	    {
	      if (!phis.contains (a))
		{
		  phis.safe_push (a);
		  *key = MIN (*key, SSA_NAME_VERSION (a));
		}
	      continue;
	    }
	  if (!dm_invariant_p (a, loop) || !POINTER_TYPE_P (TREE_TYPE (a)))
	    return false;
	  bool seen = false;
	  for (tree v : values)
	    seen |= operand_equal_p (v, a, 0);
	  if (!seen)
	    {
	      if (values.length () == DM_ROT_MAX)
		return false;
	      values.safe_push (a);
	    }
	}
    }
  return values.length () >= 2;
}

/* Give each rotating section of LOOP (see struct dm_item) one synthetic
   item per array it rotates among.  */
static void
dm_expand_rotations (class loop *loop, dm_hoist_state *st)
{
  unsigned n = st->items.length ();
  for (unsigned i = 0; i < n; i++)
    {
      dm_item it = st->items[i];
      if (it.hoisted || it.fixed || it.synthetic || it.rot_loop
	  || !flow_bb_inside_loop_p (loop, gimple_bb (it.call))
	  || TREE_CODE (it.addr) != SSA_NAME
	  || gimple_code (SSA_NAME_DEF_STMT (it.addr)) != GIMPLE_PHI
	  || gimple_bb (SSA_NAME_DEF_STMT (it.addr)) != loop->header
	  || !dm_invariant_p (it.size, loop) || !dm_invariant_p (it.device,
								 loop))
	continue;
      auto_vec<tree> values;
      unsigned key;
      if (!dm_rotation_values (it.addr, loop, values, &key))
	continue;
      st->items[i].rot_loop = loop;
      for (tree v : values)
	{
	  dm_item syn = it;
	  syn.addr = v;
	  syn.synthetic = true;
	  syn.rot_loop = loop;
	  syn.orig = i;
	  syn.rot_id = key + 1;
	  syn.group = -1;
	  st->items.safe_push (syn);
	}
    }
}

/* After LOOP was decided: a rotating section is kept if all of its
   arrays were.  */
static void
dm_settle_rotations (class loop *loop, dm_hoist_state *st)
{
  for (unsigned i = 0; i < st->items.length (); i++)
    {
      dm_item *it = &st->items[i];
      if (it->synthetic || it->rot_loop != loop)
	continue;
      bool all = true;
      const char *why = NULL;
      for (dm_item &syn : st->items)
	if (syn.synthetic && syn.orig == i)
	  {
	    all &= syn.hoisted;
	    if (!syn.hoisted && !why)
	      why = syn.missed;
	    it->loop = syn.loop;
	    if (!syn.hoisted)
	      continue;
	    it->enter_kind = st->items[syn.group].enter_kind;
	    it->exit_kind = st->items[syn.group].exit_kind;
	    it->dead_after = st->items[syn.group].dead_after;
	    it->read_only = st->items[syn.group].read_only;
	    it->guard = syn.guard;
	    it->tested_apart = syn.tested_apart;
	  }
      it->hoisted = it->rotating = all;
      it->missed = all ? NULL : why ? why : "an array it rotates with "
					    "cannot be kept";
    }
}

/* May objects that deep copy reaches from an object of TYPE (through its
   pointer fields, transitively) hold memory of alias set SET?  A deep
   item's copy-back writes them.  Any pointer whose target type is
   unknown or conflicts, or no strict aliasing, answers yes.  */
static bool
dm_reaches_alias_set_1 (tree type, alias_set_type set, hash_set<tree> &seen)
{
  type = TYPE_MAIN_VARIANT (type);
  if (TREE_CODE (type) == ARRAY_TYPE)
    return dm_reaches_alias_set_1 (TREE_TYPE (type), set, seen);
  if (!RECORD_OR_UNION_TYPE_P (type) || seen.add (type))
    return false;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL)
	continue;
      tree ft = TREE_TYPE (f);
      if (!POINTER_TYPE_P (ft))
	{
	  if (dm_reaches_alias_set_1 (ft, set, seen))
	    return true;
	  continue;
	}
      tree to = TREE_TYPE (ft);
      if (VOID_TYPE_P (to) || !COMPLETE_TYPE_P (to)
	  || TREE_CODE (to) == FUNCTION_TYPE || TREE_CODE (to) == METHOD_TYPE
	  || alias_sets_conflict_p (get_alias_set (to), set)
	  || dm_reaches_alias_set_1 (to, set, seen))
	return true;
    }
  return false;
}

static bool
dm_reaches_alias_set (tree type, alias_set_type set)
{
  if (!flag_strict_aliasing || set == 0)
    return true;
  hash_set<tree> seen;
  return dm_reaches_alias_set_1 (type, set, seen);
}

static bool dm_location_unchanged (class loop *loop, ao_ref *lref,
				   dm_hoist_state *st);

/* What the stores to a location that reach a point put there.  */
struct dm_stored_value
{
  tree ref, value;
  bool other;				/* some path met another write */
};

/* Does CALL, to the C library's stream functions, leave SV's location
   (an automatic variable's bytes) alone?  They store only through the
   pointers they are given (scanf's targets, printf's %n) and into their
   streams; Rodinia reads its inputs with fscanf after the malloc whose
   result the variable keeps.  */
static bool
dm_library_call_spares_p (gcall *call, dm_stored_value *sv)
{
  tree base = get_base_address (sv->ref);
  tree fn = gimple_call_fndecl (call);
  if (!base || !VAR_P (base) || is_global_var (base) || !fn
      || !DECL_NAME (fn))
    return false;
  /* The first pointer argument that is written, and the stream's.  */
  int first, stream = -1;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fn));
  if (gimple_call_builtin_p (call, BUILT_IN_FSCANF)
      || gimple_call_builtin_p (call, BUILT_IN_FPRINTF))
    first = 1, stream = 0;
  else if (gimple_call_builtin_p (call, BUILT_IN_SCANF)
	   || gimple_call_builtin_p (call, BUILT_IN_SSCANF)
	   || gimple_call_builtin_p (call, BUILT_IN_PRINTF))
    first = 0;
  else if (DECL_IN_SYSTEM_HEADER (fn) && DECL_EXTERNAL (fn)
	   && !strcmp (name, "fclose"))
    first = 1, stream = 0;
  else if (DECL_IN_SYSTEM_HEADER (fn) && DECL_EXTERNAL (fn)
	   && (!strcmp (name, "fopen") || !strcmp (name, "fopen64")))
    first = gimple_call_num_args (call);
  else
    return false;
  ao_ref r;
  ao_ref_init (&r, sv->ref);
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      tree a = gimple_call_arg (call, i);
      if (!POINTER_TYPE_P (TREE_TYPE (a)))
	continue;
      if ((int) i == stream)
	{
	  if (TREE_CODE (TREE_TYPE (TREE_TYPE (a))) != RECORD_TYPE)
	    return false;
	  continue;
	}
      if ((int) i >= first
	  && (TREE_CODE (a) != SSA_NAME && TREE_CODE (a) != ADDR_EXPR))
	return false;
      ao_ref pr;
      ao_ref_init_from_ptr_and_size (&pr, a, NULL_TREE);
      if ((int) i >= first && refs_may_alias_p_1 (&pr, &r, false))
	return false;
    }
  return true;
}

/* walk_aliased_vdefs callback: DATA is a dm_stored_value whose VALUE
   (unless given) is set by the first store found; a path that ends in
   another store, or in one of another value, sets OTHER.  */
static bool
dm_collect_stored (ao_ref *, tree vdef, void *data)
{
  dm_stored_value *sv = (dm_stored_value *) data;
  gimple *w = SSA_NAME_DEF_STMT (vdef);
  /* A timer, a message or input read between the store and the
     loop.  */
  if (gcall *call = dyn_cast <gcall *> (w))
    if (dm_harmless_call_p (call) || dm_library_call_spares_p (call, sv))
      return false;
  if (!gimple_assign_single_p (w)
      || !operand_equal_p (gimple_assign_lhs (w), sv->ref, 0)
      || (sv->value
	  && !operand_equal_p (gimple_assign_rhs1 (w), sv->value, 0)))
    sv->other = true;
  else if (!sv->value)
    sv->value = gimple_assign_rhs1 (w);
  return true;			/* this path is decided */
}

/* Walk back from VUSE to the stores to SV's location (dm_collect_stored);
   *ENTRY: some path reached the function's start.  What
   walk_aliased_vdefs returns (negative: gave up).  */
static int
dm_walk_stores (dm_stored_value *sv, tree vuse, bool *entry)
{
  ao_ref r;
  ao_ref_init (&r, sv->ref);
  *entry = false;
  return walk_aliased_vdefs (&r, vuse, dm_collect_stored, sv, NULL, entry,
			     256);
}

/* The SSA name that the stores before LOOP put, on every path, into the
   location that LOAD (in LOOP, of a variable's bytes that nothing in
   LOOP changes) reads; NULL_TREE if there is none such.  Where nothing
   stores to it at all and it is a parameter, *INCOMING (if given) says
   so: it holds the value the function was called with.  */
static tree
dm_stored_before (class loop *loop, gimple *load, bool *incoming = NULL)
{
  tree ref = gimple_assign_rhs1 (load), lhs = gimple_assign_lhs (load);
  gphi *vphi = get_virtual_phi (loop->header);
  tree vuse = vphi ? PHI_ARG_DEF_FROM_EDGE (vphi, loop_preheader_edge (loop))
		   : gimple_vuse (load);
  dm_stored_value sv = { ref, NULL_TREE, false };
  bool entry;
  int walked = dm_walk_stores (&sv, vuse, &entry);
  if (incoming)
    *incoming = (walked >= 0 && entry && !sv.other && !sv.value
		 && TREE_CODE (ref) == PARM_DECL);
  if (walked < 0 || entry || sv.other || !sv.value
      || TREE_CODE (sv.value) != SSA_NAME
      || !useless_type_conversion_p (TREE_TYPE (lhs), TREE_TYPE (sv.value)))
    return NULL_TREE;
  /* It reached the loop on every path through a store of it, each
     dominated by its definition: so is the preheader.  */
  gimple *def = SSA_NAME_DEF_STMT (sv.value);
  if (!SSA_NAME_IS_DEFAULT_DEF (sv.value)
      && (!gimple_bb (def)
	  || !dominated_by_p (CDI_DOMINATORS, loop_preheader_edge (loop)->src,
			      gimple_bb (def))))
    return NULL_TREE;
  return sv.value;
}

/* A, loaded in LOOP from a variable nothing in LOOP changes, as the
   value the program stored there before the loop on every path (an
   array's pointer that a construct maps by its address: the loaded copy
   may point anywhere the oracle knows of, the malloc result stored
   points to the heap alone), or NULL_TREE.  *INCOMING as for
   dm_stored_before.  */
static tree
dm_loaded_value_before (class loop *loop, tree a, dm_hoist_state *st,
			bool *incoming = NULL)
{
  static int depth;
  if (!loop || TREE_CODE (a) != SSA_NAME || depth > 2)
    return NULL_TREE;
  gimple *s = SSA_NAME_DEF_STMT (a);
  if (!gimple_assign_load_p (s) || !gimple_assign_single_p (s)
      || gimple_has_volatile_ops (s) || !gimple_bb (s)
      || !flow_bb_inside_loop_p (loop, gimple_bb (s)))
    return NULL_TREE;
  tree ref = gimple_assign_rhs1 (s);
  tree base = get_base_address (ref);
  if (!base || !DECL_P (base))
    return NULL_TREE;
  ao_ref r;
  ao_ref_init (&r, ref);
  depth++;
  bool unchanged = dm_location_unchanged (loop, &r, st);
  depth--;
  if (!unchanged)
    return NULL_TREE;
  return dm_stored_before (loop, s, incoming);
}

/* May the region of target construct CALL store to LREF through the
   address of one of its map entries: on the device, or on the host
   where a libgomp runs it there (host fallback)?  CALL is in LOOP.  */
static bool
dm_entries_may_write (gcall *call, ao_ref *lref, class loop *loop,
		      dm_hoist_state *st)
{
  tree fn = gimple_call_arg (call, 1);
  auto_vec<std::pair<unsigned, tree>, 16> entries;
  if (!dm_address_entries (call, entries))
    return true;
  for (auto &e : entries)
    {
      unsigned i = e.first;
      tree a = e.second;
      /* Its stores are of its type, as a section's.  */
      ao_ref r;
      ao_ref_init_from_ptr_and_size (&r, a, NULL_TREE);
      dm_ref_typed (&r, a);
      if (!refs_may_alias_p_1 (&r, lref, true)
	  || !dm_device_may_write (fn, i, true))
	continue;
      bool incoming = false;
      if (tree x = dm_loaded_value_before (loop, a, st, &incoming))
	{
	  ao_ref_init_from_ptr_and_size (&r, x, NULL_TREE);
	  dm_ref_typed (&r, a);
	  if (!refs_may_alias_p_1 (&r, lref, true))
	    continue;
	}
      /* The caller's pointer (a parameter nothing stores to), and LREF
	 an automatic variable of this call (a count parameter that a
	 target data construct maps): it cannot point there.  */
      tree base = lref->ref ? get_base_address (lref->ref) : NULL_TREE;
      if (incoming && base && (VAR_P (base) || TREE_CODE (base) == PARM_DECL)
	  && !is_global_var (base))
	continue;
      return true;
    }
  return false;
}

/* May a target region of LOOP (blocks BODY) store to LREF's device
   copy (dm_target_may_write)?  */
static int
dm_loop_regions_may_write (class loop *loop, basic_block *body, ao_ref *lref,
			   dm_hoist_state *st)
{
  for (unsigned i = 0; i < loop->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (dm_target_may_write (gsi_stmt (gsi), lref, loop, st))
	return 1;
  return 0;
}

/* Does nothing in LOOP change the memory LREF reads?  Host statements
   are asked of the alias oracle; a construct writes host memory only by
   copying back its 'from' sections (asked by type as well: a section of
   doubles does not hold a structure's pointer field), which changes
   nothing where its device code never writes the section, and one that
   is unread may write anything; a deep item's copy-back also writes the
   objects it reaches (asked by their types).  */
static bool
dm_location_unchanged (class loop *loop, ao_ref *lref, dm_hoist_state *st)
{
  basic_block *body = get_loop_body (loop);
  bool ok = true;
  /* Whether some target region of the loop may store to LREF's device
     copy (-1: not asked yet).  */
  int regions_write = -1;
  for (unsigned i = 0; ok && i < loop->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	 ok && !gsi_end_p (gsi); gsi_next (&gsi))
      {
	gimple *x = gsi_stmt (gsi);
	if (!gimple_vdef (x) || dm_omp_temp_stmt_p (x))
	  continue;
	/* The start of a target data construct writes no host memory;
	   its end copies back the sections it maps from.  */
	bool end_data = dm_is_end_data_call (x);
	if (dm_is_target_call (x) || dm_is_data_region_call (x) || end_data)
	  {
	    /* A construct read in full writes its sections back, and its
	       region what it stores to.  */
	    bool read = !st->opaque.contains (x)
			&& !(dm_is_target_call (x)
			     && dm_entries_may_write (as_a <gcall *> (x), lref,
						      loop, st));
	    for (dm_item &it : st->items)
	      if (end_data
		  ? it.data_region && flow_bb_inside_loop_p (loop,
							     gimple_bb (it.call))
		  : it.call == x && !it.synthetic)
		{
		  if (!((it.kind & DM_KIND_MASK) & GOMP_MAP_FLAG_FROM)
		      || (it.data_region && !end_data))
		    continue;
		  tree ptype = TREE_TYPE (it.addr);
		  /* What a deep item points to comes back too; but no
		     pointer reaches a variable whose address goes only to
		     constructs' argument arrays (XSBench's inputs, the
		     structure itself being a deep item, under -flto).  */
		  if (dm_deep_p (&it)
		      && !(lref->ref
			   && dm_var_only_in_constructs_p
				(get_base_address (lref->ref)))
		      && (!POINTER_TYPE_P (ptype)
			  || dm_reaches_alias_set (TREE_TYPE (ptype),
						   ao_ref_alias_set (lref))))
		    {
		      ok = false;
		      break;
		    }
		  ao_ref sref;
		  dm_section_ref (&it, &sref);
		  dm_ref_typed (&sref, it.addr);
		  /* A section whose own bytes the device code never stores
		     to comes back as it went: the host's bytes, with the
		     pointers attached in it detached (restored) before the
		     copy.  Stores through pointers loaded from it reach
		     other sections (disjoint by the alias sets above).  */
		  if (!refs_may_alias_p_1 (&sref, lref, true))
		    continue;
		  /* What a target data construct of the loop copies back
		     was stored to on the device by the regions that ran
		     while it was mapped: the loop's own (a region a call
		     runs would need the address, and such a call may
		     change the location itself: below).  Rodinia's bfs
		     maps its node count tofrom around its kernels.  */
		  if (it.data_region && !it.span && regions_write < 0)
		    regions_write = dm_loop_regions_may_write (loop, body,
							       lref, st);
		  if (it.span || (it.data_region && regions_write)
		      || (!it.data_region
			  && dm_device_may_write (gimple_call_arg (x, 1),
						  it.index, true)))
		    {
		      ok = false;
		      break;
		    }
		}
	    ok &= read;
	    continue;
	  }
	gcall *call = dyn_cast <gcall *> (x);
	if (call && dm_harmless_call_p (call))
	  continue;
	/* A variable only the constructs get the address of: no other
	   call reaches it (the GOMP calls were asked above); nor where
	   host parallel regions that do not change it get it too.  */
	tree pfn, pblock;
	bool parallel = call && dm_parallel_start_p (call, &pfn, &pblock);
	if (call
	    && (!gimple_call_builtin_p (call, BUILT_IN_NORMAL) || parallel)
	    && lref->ref && dm_var_only_in_omp_blocks_p
			      (get_base_address (lref->ref)))
	  continue;
	/* A host parallel region that stores only to its own variables
	   changes nothing here.  */
	if (parallel && dm_parallel_body_stores_nothing (pfn))
	  continue;
	if (stmt_may_clobber_ref_p_1 (x, lref, true))
	  ok = false;
      }
  free (body);
  return ok;
}

/* Values of a section's address or size that LOOP computes again at
   every step from memory nothing in it changes: loads and what plain
   arithmetic makes of them (the preheader copies, by value).  */
struct dm_promotion
{
  class loop *loop;
  dm_hoist_state *st;
  edge pre;
  auto_vec<edge> exits;
  hash_map<tree, tree> copies;		/* loop value -> preheader value */
  hash_map<tree, tree> converted;	/* stored value -> its conversion */
  auto_vec<std::pair<tree, tree> > loads;	/* memory read -> its value */
  auto_vec<gimple *> arith;		/* the arithmetic copies made */
};

/* walk_tree callback: SSA names to their values in DATA, a
   hash_map<tree, tree>.  */
static tree
dm_substitute (tree *tp, int *walk_subtrees, void *data)
{
  if (TREE_CODE (*tp) == SSA_NAME)
    {
      if (tree *to = ((hash_map<tree, tree> *) data)->get (*tp))
	*tp = *to;
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Remove the statement computing V in LOOP, and those computing its
   operands, as they lose their last use.  */
static void
dm_remove_dead (tree v, class loop *loop)
{
  /* An operand named twice (n * n) is released with its first use.  */
  if (TREE_CODE (v) != SSA_NAME || SSA_NAME_IN_FREE_LIST (v)
      || SSA_NAME_IS_DEFAULT_DEF (v) || !has_zero_uses (v))
    return;
  gimple *s = SSA_NAME_DEF_STMT (v);
  if (!s || !gimple_bb (s) || !flow_bb_inside_loop_p (loop, gimple_bb (s)))
    return;
  auto_vec<tree> ops;
  if (gphi *phi = dyn_cast <gphi *> (s))
    {
      /* A value kept across the loop (dm_reloaded_value).  */
      if (virtual_operand_p (v))
	return;
      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	ops.safe_push (gimple_phi_arg_def (phi, i));
      gphi_iterator pi = gsi_for_phi (phi);
      remove_phi_node (&pi, true);
    }
  else
    {
      if (!is_gimple_assign (s) || gimple_vdef (s))
	return;
      ssa_op_iter iter;
      tree op;
      FOR_EACH_SSA_TREE_OPERAND (op, s, iter, SSA_OP_USE)
	ops.safe_push (op);
      gimple_stmt_iterator gsi = gsi_for_stmt (s);
      gsi_remove (&gsi, true);
      release_defs (s);
    }
  for (tree o : ops)
    dm_remove_dead (o, loop);
}

/* Does the location REF hold VALUE where the virtual operand VUSE is
   live: on every path back to there from the function's start, the
   last statement that may write REF stores VALUE into it?  */
static bool
dm_holds_stored_value (tree ref, tree value, tree vuse)
{
  dm_stored_value sv = { ref, value, false };
  bool entry;
  return dm_walk_stores (&sv, vuse, &entry) >= 0 && !entry && !sv.other;
}

/* V, a PHI of P->loop's header, is the value partial redundancy
   elimination keeps of a load across the loop: PHI <X before the loop,
   L from the latch> where L reloads a location that nothing in the loop
   changes and X is what the program stored there before the loop (a
   member pointer that a loop of member function calls reads again each
   time).  Then V is X throughout.  */
static tree
dm_reloaded_value (dm_promotion *p, gphi *phi)
{
  if (gimple_bb (phi) != p->loop->header || gimple_phi_num_args (phi) != 2)
    return NULL_TREE;
  tree x = PHI_ARG_DEF_FROM_EDGE (phi, p->pre);
  tree l = PHI_ARG_DEF_FROM_EDGE (phi, loop_latch_edge (p->loop));
  if (!dm_invariant_p (x, p->loop) || TREE_CODE (l) != SSA_NAME)
    return NULL_TREE;
  gimple *s = SSA_NAME_DEF_STMT (l);
  if (!gimple_assign_load_p (s) || !gimple_assign_single_p (s)
      || gimple_has_volatile_ops (s)
      || !flow_bb_inside_loop_p (p->loop, gimple_bb (s)))
    return NULL_TREE;
  tree ref = gimple_assign_rhs1 (s);
  /* The location's address must be the same everywhere: a variable's
     member, or a member through a pointer set before the loop.  */
  tree base = get_base_address (ref);
  if (!base
      || (!DECL_P (base)
	  && (TREE_CODE (base) != MEM_REF
	      || !dm_invariant_p (TREE_OPERAND (base, 0), p->loop))))
    return NULL_TREE;
  ao_ref aref;
  ao_ref_init (&aref, ref);
  gphi *vphi = get_virtual_phi (p->loop->header);
  if (!vphi)
    return NULL_TREE;
  tree entry = PHI_ARG_DEF_FROM_EDGE (vphi, p->pre);
  /* X is the location's value at the loop's entry: the same load with
     no store since (partial redundancy elimination put it before the
     loop), or what the program stored there.  */
  gimple *xs = TREE_CODE (x) == SSA_NAME ? SSA_NAME_DEF_STMT (x) : NULL;
  bool same_load = xs && gimple_assign_load_p (xs)
		   && gimple_assign_single_p (xs)
		   && !gimple_has_volatile_ops (xs)
		   && operand_equal_p (gimple_assign_rhs1 (xs), ref, 0)
		   && gimple_vuse (xs) == entry;
  if ((!same_load && !dm_holds_stored_value (ref, x, entry))
      || !dm_location_unchanged (p->loop, &aref, p->st))
    return NULL_TREE;
  /* Other loads of the location in the loop are X too: one value for
     one section.  */
  for (auto &l : p->loads)
    if (operand_equal_p (l.first, ref, 0)
	&& useless_type_conversion_p (TREE_TYPE (x), TREE_TYPE (l.second)))
      return l.second;
  p->loads.safe_push (std::make_pair (ref, x));
  return x;
}

/* The object memory reference REF lies in: the base MEM_REF *P of REF,
   or of what P was taken the address of (&q->member, a member passed
   by reference).  Its pointer in *PTR, and the MEM_REF's constant
   offset from it in *MOFF (MEM[(struct vector *)p + 1112B], a member
   std::vector of LULESH's Domain); NULL if none.  */
static tree
dm_ref_object (tree ref, tree *ptr, HOST_WIDE_INT *moff)
{
  *moff = 0;
  for (int depth = 0; depth < 4; depth++)
    {
      tree base = get_base_address (ref);
      if (!base || TREE_CODE (base) != MEM_REF
	  || TREE_CODE (TREE_OPERAND (base, 0)) != SSA_NAME
	  || !tree_fits_shwi_p (TREE_OPERAND (base, 1)))
	return NULL_TREE;
      tree p = TREE_OPERAND (base, 0);
      gassign *def = dyn_cast <gassign *> (SSA_NAME_DEF_STMT (p));
      if (!def || gimple_assign_rhs_code (def) != ADDR_EXPR)
	{
	  *ptr = p;
	  *moff = tree_to_shwi (TREE_OPERAND (base, 1));
	  return base;
	}
      if (!integer_zerop (TREE_OPERAND (base, 1)))
	return NULL_TREE;
      ref = TREE_OPERAND (gimple_assign_rhs1 (def), 0);
    }
  return NULL_TREE;
}

/* Does REF, a load through a pointer (p->field), read memory of an
   object that an access before loop L already reached (an object at the
   same pointer, of the same type or as large as REF's reach, on every
   path to L): then it cannot trap.  *AT_OFFSET: REF is a member at an
   offset into that object (MEM[(struct vector *)p + 1112B]._M_start).  */
static bool
dm_object_accessed_before (tree ref, class loop *l, bool *at_offset)
{
  tree ptr;
  HOST_WIDE_INT moff;
  tree base = dm_ref_object (ref, &ptr, &moff);
  if (!base || moff < 0)
    return false;
  *at_offset = moff != 0;
  /* Where REF ends in the object at PTR, when REF is right on it (the
     offset get_addr_base_and_unit_offset gives leaves out the MEM_REF's
     own).  */
  HOST_WIDE_INT end = -1;
  poly_int64 off;
  if (get_base_address (ref) == base
      && get_addr_base_and_unit_offset (ref, &off) && off.is_constant ()
      && int_size_in_bytes (TREE_TYPE (ref)) > 0)
    end = moff + off.to_constant () + int_size_in_bytes (TREE_TYPE (ref));
  basic_block pre = loop_preheader_edge (l)->src;
  imm_use_iterator it;
  gimple *use;
  FOR_EACH_IMM_USE_STMT (use, it, ptr)
    {
      if (!gimple_assign_single_p (use) || !gimple_bb (use)
	  || flow_bb_inside_loop_p (l, gimple_bb (use))
	  || !dominated_by_p (CDI_DOMINATORS, pre, gimple_bb (use)))
	continue;
      tree optr;
      HOST_WIDE_INT ooff;
      tree ob = dm_ref_object (gimple_store_p (use) ? gimple_assign_lhs (use)
			       : gimple_assign_rhs1 (use), &optr, &ooff);
      if (ob && optr == ptr && ooff == 0
	  && ((moff == 0
	       && TYPE_MAIN_VARIANT (TREE_TYPE (ob))
		  == TYPE_MAIN_VARIANT (TREE_TYPE (base)))
	      || (end > 0 && int_size_in_bytes (TREE_TYPE (ob)) >= end)))
	return true;
    }
  return false;
}

/* Put STMT on the loop's preheader edge PRE now.  A run kept from that
   loop on may already have queued its enter data there (committed at
   the end), which gsi_insert_on_edge_immediate does not allow: the
   preheader block (the only way in, LOOPS_HAVE_PREHEADERS) takes it
   then, before what is queued.  */
static void
dm_insert_on_preheader (edge pre, gimple *stmt)
{
  if (!PENDING_STMT (pre))
    {
      gsi_insert_on_edge_immediate (pre, stmt);
      return;
    }
  gcc_checking_assert (single_succ_p (pre->src));
  gimple_stmt_iterator gsi = gsi_last_bb (pre->src);
  if (!gsi_end_p (gsi) && stmt_ends_bb_p (gsi_stmt (gsi)))
    gsi_insert_before (&gsi, stmt, GSI_SAME_STMT);
  else
    gsi_insert_after (&gsi, stmt, GSI_NEW_STMT);
}

/* Does nothing that may store to REF's location run between the memory
   state STOP and the state VUSE, on any path back from VUSE?  Each path
   must reach STOP (the state of a load that dominates VUSE's place)
   within a bounded walk.  */
static bool
dm_unchanged_since (ao_ref *ref, tree vuse, tree stop, bitmap visited,
		    int *budget)
{
  while (vuse != stop)
    {
      if (--*budget < 0 || !bitmap_set_bit (visited, SSA_NAME_VERSION (vuse)))
	return *budget >= 0;
      gimple *def = SSA_NAME_DEF_STMT (vuse);
      if (gphi *phi = dyn_cast <gphi *> (def))
	{
	  for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	    if (!dm_unchanged_since (ref, gimple_phi_arg_def (phi, i), stop,
				     visited, budget))
	      return false;
	  return true;
	}
      gcall *call = dyn_cast <gcall *> (def);
      if (call && dm_vector_call_spares (call, ref))
	{
	  vuse = gimple_vuse (def);
	  continue;
	}
      if (gimple_nop_p (def) || stmt_may_clobber_ref_p_1 (def, ref, true))
	return false;
      vuse = gimple_vuse (def);
    }
  return true;
}

/* A load before the loop whose preheader edge is PRE that reads what
   RHS (the copy of a load of the loop, its address a value before the
   loop) would read there, in state AT_PRE: the same location, read at a
   place that dominates the preheader, with no store to it since.  Its
   value then, or NULL_TREE.  LULESH reloads a Domain member's array
   pointer in its time loop, beside the same pointer loaded before it
   for other constructs: one section, not two that a run-time test
   would have to keep apart.  *SEEN: some load of the location
   dominates the preheader.  */
static tree
dm_same_load_before (edge pre, tree rhs, tree at_pre, tree v, bool *seen)
{
  tree base = get_base_address (rhs);
  if (!base || TREE_CODE (base) != MEM_REF
      || TREE_CODE (TREE_OPERAND (base, 0)) != SSA_NAME)
    return NULL_TREE;
  imm_use_iterator it;
  gimple *use;
  FOR_EACH_IMM_USE_STMT (use, it, TREE_OPERAND (base, 0))
    {
      if (!gimple_assign_load_p (use) || !gimple_assign_single_p (use)
	  || TREE_CODE (gimple_assign_lhs (use)) != SSA_NAME
	  || !gimple_bb (use)
	  || !dominated_by_p (CDI_DOMINATORS, pre->src, gimple_bb (use))
	  || gimple_has_volatile_ops (use)
	  || !operand_equal_p (gimple_assign_rhs1 (use), rhs, 0)
	  || !useless_type_conversion_p (TREE_TYPE (v),
					 TREE_TYPE (gimple_assign_lhs (use))))
	continue;
      *seen = true;
      ao_ref ref;
      ao_ref_init (&ref, rhs);
      auto_bitmap visited;
      int budget = 1000;
      if (dm_unchanged_since (&ref, at_pre, gimple_vuse (use), visited,
			      &budget))
	return gimple_assign_lhs (use);
    }
  return NULL_TREE;
}

/* The value of V computed before P->loop, emitted on the preheader edge
   as needed, or NULL when V cannot be.  A load qualifies when its
   address is such a value, nothing in the loop changes what it reads and
   it cannot trap or runs before any way out of the loop (the first
   iteration ran it);
   plain arithmetic that cannot trap when its operands do; a load kept
   across the loop in a PHI (dm_reloaded_value).  */
static tree
dm_value_before (dm_promotion *p, tree v, int depth)
{
  if (dm_invariant_p (v, p->loop))
    return v;
  if (TREE_CODE (v) != SSA_NAME || depth > 8)
    return NULL_TREE;
  if (tree *done = p->copies.get (v))
    return *done;
  gimple *s = SSA_NAME_DEF_STMT (v);
  if (gphi *phi = dyn_cast <gphi *> (s))
    {
      tree x = dm_reloaded_value (p, phi);
      if (x)
	p->copies.put (v, x);
      return x;
    }
  if (!is_gimple_assign (s) || gimple_has_volatile_ops (s)
      || stmt_could_throw_p (cfun, s))
    return NULL_TREE;
  bool load = gimple_assign_load_p (s);
  bool member_of_object = false;
  if (load)
    {
      if (!gimple_assign_single_p (s))
	return NULL_TREE;
      /* One that cannot trap (a variable's bytes, a field of an object
	 accessed before the loop) may run although the loop would have
	 left first.  */
      bool at_offset = false;
      if (!tree_could_trap_p (gimple_assign_rhs1 (s)))
	;
      else if (dm_object_accessed_before (gimple_assign_rhs1 (s), p->loop,
					  &at_offset))
	member_of_object = at_offset;
      else
	for (edge e : p->exits)
	  if (!dominated_by_p (CDI_DOMINATORS, e->src, gimple_bb (s)))
	    return NULL_TREE;
    }
  else if (gimple_vuse (s) || gimple_could_trap_p (s))
    return NULL_TREE;
  /* The operands first.  */
  hash_map<tree, tree> subst;
  ssa_op_iter iter;
  tree op;
  FOR_EACH_SSA_TREE_OPERAND (op, s, iter, SSA_OP_USE)
    {
      tree before = dm_value_before (p, op, depth + 1);
      if (!before)
	return NULL_TREE;
      subst.put (op, before);
    }
  gimple *copy = gimple_copy (s);
  for (unsigned i = 1; i < gimple_num_ops (copy); i++)
    walk_tree (gimple_op_ptr (copy, i), dm_substitute, &subst, NULL);
  if (load)
    {
      tree rhs = gimple_assign_rhs1 (copy);
      for (auto &l : p->loads)
	if (operand_equal_p (l.first, rhs, 0)
	    && useless_type_conversion_p (TREE_TYPE (v), TREE_TYPE (l.second)))
	  {
	    p->copies.put (v, l.second);
	    return l.second;
	  }
      ao_ref ref;
      ao_ref_init (&ref, gimple_assign_rhs1 (s));
      if (!dm_location_unchanged (p->loop, &ref, p->st))
	return NULL_TREE;
      /* A variable's value stored before the loop is that value: the
	 alias oracle knows where a malloc result points, not where a
	 copy loaded from an escaped variable does.  */
      tree base = get_base_address (gimple_assign_rhs1 (s));
      if (base && DECL_P (base))
	if (tree x = dm_stored_before (p->loop, s))
	  {
	    /* Of the type the program gave the variable (malloc's void *
	       was converted): the analysis types the section by it.  */
	    tree *conv = p->converted.get (x);
	    if (TREE_TYPE (x) != TREE_TYPE (v) && conv
		&& TREE_TYPE (*conv) == TREE_TYPE (v))
	      x = *conv;
	    else if (TREE_TYPE (x) != TREE_TYPE (v))
	      {
		/* One conversion for every load of the variable: their
		   sections are seen to be one.  */
		tree c = make_ssa_name (TREE_TYPE (v));
		p->converted.put (x, c);
		if (POINTER_TYPE_P (TREE_TYPE (v)) && SSA_NAME_PTR_INFO (x))
		  duplicate_ssa_name_ptr_info (c, SSA_NAME_PTR_INFO (x));
		dm_insert_on_preheader (p->pre,
					gimple_build_assign (c, NOP_EXPR, x));
		x = c;
	      }
	    p->copies.put (v, x);
	    return x;
	  }
      gphi *vphi = get_virtual_phi (p->loop->header);
      tree at_pre = vphi ? PHI_ARG_DEF_FROM_EDGE (vphi, p->pre)
			 : gimple_vuse (s);
      bool seen = false;
      if (tree e = dm_same_load_before (p->pre, rhs, at_pre, v, &seen))
	{
	  p->copies.put (v, e);
	  return e;
	}
      /* A member at an offset into an object, reloaded in the loop (a
	 std::vector member's data pointer) while an earlier load of it
	 may hold another value: two sections the run-time test would
	 find the same and keep nothing of the run (LULESH under -flto,
	 where its vectors are not known as such).  */
      if (seen && member_of_object)
	return NULL_TREE;
      gimple_set_vuse (copy, at_pre);
    }
  else
    /* The same computation of the same values: one value, so that the
       sections of two constructs are seen to be one.  */
    for (gimple *a : p->arith)
      if (gimple_assign_rhs_code (a) == gimple_assign_rhs_code (copy)
	  && types_compatible_p (TREE_TYPE (gimple_assign_lhs (a)),
				 TREE_TYPE (v))
	  && gimple_num_ops (a) == gimple_num_ops (copy))
	{
	  bool same = true;
	  for (unsigned i = 1; same && i < gimple_num_ops (a); i++)
	    same = operand_equal_p (gimple_op (a, i), gimple_op (copy, i), 0);
	  if (same)
	    {
	      p->copies.put (v, gimple_assign_lhs (a));
	      return gimple_assign_lhs (a);
	    }
	}
  tree nv = make_ssa_name (TREE_TYPE (v));
  gimple_assign_set_lhs (copy, nv);
  dm_insert_on_preheader (p->pre, copy);
  if (load)
    p->loads.safe_push (std::make_pair (gimple_assign_rhs1 (copy), nv));
  else
    p->arith.safe_push (copy);
  p->copies.put (v, nv);
  return nv;
}

/* The addresses and sizes of LOOP's sections that it computes again at
   every step (`g->u[0:n]': GCC reloads g->u at each step, as a
   construct might change it) but that dm_value_before can compute
   before it: their uses take the preheader's values, so the sections
   are invariant and one for every construct.  */
static bool
dm_promote_loads (class loop *loop, dm_hoist_state *st)
{
  dm_promotion p;
  p.loop = loop;
  p.st = st;
  p.pre = loop_preheader_edge (loop);
  p.exits = get_loop_exit_edges (loop);
  bool changed = false;
  for (unsigned i = 0; i < st->items.length (); i++)
    {
      dm_item *it = &st->items[i];
      if (it->hoisted || it->synthetic
	  || !flow_bb_inside_loop_p (loop, gimple_bb (it->call)))
	continue;
      for (int which = 0; which < 2; which++)
	{
	  tree v = which ? it->size : it->addr;
	  if (TREE_CODE (v) != SSA_NAME || dm_invariant_p (v, loop))
	    continue;
	  tree nv = dm_value_before (&p, v, 0);
	  if (!nv)
	    continue;
	  replace_uses_by (v, nv);
	  for (dm_item &o : st->items)
	    {
	      if (o.addr == v)
		o.addr = nv;
	      if (o.size == v)
		o.size = nv;
	    }
	  /* What only computed it goes, or the analysis would see its
	     loads as host reads of the sections.  */
	  dm_remove_dead (v, loop);
	  changed = true;
	}
    }
  return changed;
}

static bool
dm_hoist_loop (class loop *loop, dm_hoist_state *st)
{
  dm_region r;
  r.loop = r.level = loop;
  r.first = r.last = NULL;
  r.exit_bb = NULL;
  r.end_loc = UNKNOWN_LOCATION;
  r.loc = dm_loop_location (loop);
  bool promoted = dm_promote_loads (loop, st);
  r.exits = get_loop_exit_edges (loop);
  basic_block *body = get_loop_body (loop);
  for (unsigned i = 0; i < loop->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      r.stmts.safe_push (gsi_stmt (gsi));
  free (body);
  dm_expand_rotations (loop, st);
  bool any = dm_hoist_region (&r, st);
  dm_settle_rotations (loop, st);
  return any || promoted;
}

/* Keep the sections of run R (its constructs in R->stmts, R->first to
   R->last) across it, when it has two constructs or more.  */
static bool
dm_hoist_one_run (dm_region *r, unsigned constructs, dm_hoist_state *st)
{
  if (constructs < 2)
    return false;
  while (r->stmts.last () != r->last)
    r->stmts.pop ();
  for (gimple *g : r->stmts)
    r->members.add (g);
  r->loc = gimple_location (r->first);
  return dm_hoist_region (r, st);
}

/* Keep sections across the runs of constructs of each block: from the
   first to the last construct of the block that has a section not kept
   across a loop.  A run ends at the start or the end of a target data
   construct: kept across it, a section would be let go inside (or taken
   outside) the target data, whose own mapping may hold the same memory
   (two structures that point to one buffer): the copy-back that the
   construct after the target data's start did would wait for the target
   data's end, which copies back only its own sections.  */
static bool
dm_hoist_runs (dm_hoist_state *st)
{
  bool any = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      dm_region *r = NULL;
      unsigned constructs = 0;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb);; gsi_next (&gsi))
	{
	  gimple *stmt = gsi_end_p (gsi) ? NULL : gsi_stmt (gsi);
	  if (!stmt || dm_is_data_region_call (stmt)
	      || dm_is_end_data_call (stmt))
	    {
	      if (r)
		any |= dm_hoist_one_run (r, constructs, st);
	      delete r;
	      r = NULL;
	      constructs = 0;
	      if (!stmt)
		break;
	      continue;
	    }
	  if (r)
	    r->stmts.safe_push (stmt);
	  if (!dm_is_target_call (stmt))
	    continue;
	  bool open = false;
	  for (dm_item &it : st->items)
	    open |= (it.call == stmt && !it.hoisted && !it.fixed
		     && !it.synthetic);
	  if (!open)
	    continue;
	  if (!r)
	    {
	      r = new dm_region ();
	      r->loop = NULL;
	      r->level = bb->loop_father;
	      r->first = stmt;
	      r->exit_bb = NULL;
	      r->end_loc = UNKNOWN_LOCATION;
	      r->stmts.safe_push (stmt);
	    }
	  r->last = stmt;
	  constructs++;
	}
    }
  return any;
}

/* Does statement A come before statement B on every path to B?  */
static bool
dm_stmt_dominates (gimple *a, gimple *b)
{
  if (gimple_bb (a) != gimple_bb (b))
    return dominated_by_p (CDI_DOMINATORS, gimple_bb (b), gimple_bb (a));
  for (gimple_stmt_iterator gsi = gsi_for_stmt (a); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (gsi_stmt (gsi) == b)
      return true;
  return false;
}

/* Where the run at LEVEL that starts at FIRST may end after child loop
   LOOP: the nearest block after LOOP's single exit that every path from
   FIRST reaches and that only FIRST's paths reach; NULL if none.  */
static basic_block
dm_run_end_after_loop (class loop *level, class loop *loop, basic_block start)
{
  edge e = single_exit (loop);
  if (!e)
    return NULL;
  basic_block x = e->dest;
  while (x && x != EXIT_BLOCK_PTR_FOR_FN (cfun)
	 && !dominated_by_p (CDI_POST_DOMINATORS, start, x))
    x = get_immediate_dominator (CDI_POST_DOMINATORS, x);
  if (!x || x == EXIT_BLOCK_PTR_FOR_FN (cfun) || x->loop_father != level
      || !dominated_by_p (CDI_DOMINATORS, x, start))
    return NULL;
  return x;
}

/* The places at LEVEL where sections are still to be kept: constructs
   directly in LEVEL, and LEVEL's child loops that hold such
   constructs.  */
static void
dm_level_anchors (class loop *level, dm_hoist_state *st,
		  vec<gimple *> &constructs, vec<class loop *> &loops)
{
  for (dm_item &it : st->items)
    {
      if (it.hoisted || it.fixed || it.synthetic)
	continue;
      basic_block bb = gimple_bb (it.call);
      class loop *l = bb->loop_father;
      if (l == level)
	{
	  if (!constructs.contains (it.call))
	    constructs.safe_push (it.call);
	  continue;
	}
      if (!flow_bb_inside_loop_p (level, bb))
	continue;
      while (loop_outer (l) != level)
	l = loop_outer (l);
      if (!loops.contains (l))
	loops.safe_push (l);
    }
}

/* A run across blocks at the level of loop LEVEL (loop 0: the function's
   body), for what neither a loop nor LEVEL itself keeps: from a
   construct that comes before every other place at that level where a
   section is to be kept (dm_level_anchors) to the last of them -- a
   construct, or a child loop -- which every path from the first
   reaches: one entry, one exit.  An initialising kernel and the time
   loop after it, or two kernels with host code between them, keep their
   sections from the first enter to the last exit.  */
static bool
dm_hoist_level_run (class loop *level, dm_hoist_state *st)
{
  auto_vec<gimple *> constructs;
  auto_vec<class loop *> loops;
  dm_level_anchors (level, st, constructs, loops);
  if (constructs.length () + loops.length () < 2)
    return false;
  gimple *first = NULL;
  for (gimple *c : constructs)
    {
      bool before_all = true;
      for (gimple *d : constructs)
	before_all &= d == c || dm_stmt_dominates (c, d);
      for (class loop *l : loops)
	before_all &= dominated_by_p (CDI_DOMINATORS, l->header,
				      gimple_bb (c));
      if (before_all)
	{
	  first = c;
	  break;
	}
    }
  /* Else a loop that comes before every other anchor (a warm-up loop
     before the timed one): the run starts on its preheader edge.  */
  class loop *first_loop = NULL;
  if (!first)
    for (class loop *l : loops)
      {
	bool before_all = true;
	for (gimple *d : constructs)
	  before_all &= dominated_by_p (CDI_DOMINATORS, gimple_bb (d),
					l->header);
	for (class loop *m : loops)
	  before_all &= m == l || dominated_by_p (CDI_DOMINATORS, m->header,
						  l->header);
	if (before_all && loop_preheader_edge (l)->src->loop_father == level)
	  {
	    first_loop = l;
	    break;
	  }
      }
  if (!first && !first_loop)
    return false;
  basic_block start = first ? gimple_bb (first) : first_loop->header;

  /* The end: the last construct (its block reached from every other
     anchor), or a loop whose end point is after every other anchor.  */
  gimple *last = NULL;
  basic_block end = NULL;
  location_t end_loc = UNKNOWN_LOCATION;
  for (gimple *c : constructs)
    {
      bool after_all = true;
      for (gimple *d : constructs)
	after_all &= (d == c || (dm_stmt_dominates (d, c)
				 && dominated_by_p (CDI_POST_DOMINATORS,
						    gimple_bb (d),
						    gimple_bb (c))));
      for (class loop *l : loops)
	after_all &= (dominated_by_p (CDI_POST_DOMINATORS, l->header,
				      gimple_bb (c))
		      && !dominated_by_p (CDI_DOMINATORS, l->header,
					  gimple_bb (c)));
      if (after_all && c != first)
	last = c;
    }
  for (class loop *l : loops)
    {
      if (last)
	break;
      basic_block x = dm_run_end_after_loop (level, l, start);
      if (!x)
	continue;
      bool after_all = true;
      for (gimple *d : constructs)
	after_all &= (dominated_by_p (CDI_POST_DOMINATORS, gimple_bb (d), x)
		      && !dominated_by_p (CDI_DOMINATORS, gimple_bb (d), x));
      for (class loop *m : loops)
	after_all &= (dominated_by_p (CDI_POST_DOMINATORS, m->header, x)
		      && !dominated_by_p (CDI_DOMINATORS, m->header, x));
      if (after_all)
	{
	  end = x;
	  end_loc = dm_loop_location (l);
	}
    }
  if (!last && !end)
    return false;

  dm_region r;
  r.loop = NULL;
  r.level = level;
  r.first = first;
  r.last = last;
  r.exit_bb = end;
  r.end_loc = end_loc;
  if (!first)
    r.enter_edge = loop_preheader_edge (first_loop);
  basic_block stop = last ? gimple_bb (last) : end;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      if (!dominated_by_p (CDI_DOMINATORS, bb, start)
	  || !dominated_by_p (CDI_POST_DOMINATORS, bb, stop)
	  || !flow_bb_inside_loop_p (level, bb) || (bb == stop && !last))
	continue;
      gimple_stmt_iterator gsi = bb == start && first ? gsi_for_stmt (first)
						      : gsi_start_bb (bb);
      for (; !gsi_end_p (gsi); gsi_next (&gsi))
	{
	  r.stmts.safe_push (gsi_stmt (gsi));
	  if (gsi_stmt (gsi) == last)
	    break;
	}
    }
  for (gimple *g : r.stmts)
    r.members.add (g);
  r.loc = first ? gimple_location (first) : dm_loop_location (first_loop);
  return dm_hoist_region (&r, st);
}

/* The first source point of LOOP's statements that lies in the source
   of the function, from LO to HI (inlined statements lie elsewhere), or
   UNKNOWN_LOCATION.  */
static location_t
dm_loop_start (class loop *loop, location_t lo, location_t hi)
{
  location_t start = UNKNOWN_LOCATION;
  basic_block *body = get_loop_body (loop);
  for (unsigned i = 0; i < loop->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	location_t at = gimple_location (gsi_stmt (gsi));
	if (dm_before (lo, at) && dm_before (at, hi)
	    && (start == UNKNOWN_LOCATION || dm_before (at, start)))
	  start = at;
      }
  free (body);
  return start;
}

/* #pragma deepmap nohoist: the loop or target construct that comes
   first after the pragma in FUN's source is not hoisted; the items of
   its constructs (of every construct in the loop) are marked.  At equal
   points the loop wins (its first statement may be the construct).  */
static void
dm_mark_nohoist (function *fun, dm_hoist_state *st)
{
  location_t lo = DECL_SOURCE_LOCATION (fun->decl);
  location_t hi = fun->function_end_locus;
  location_t p;
  for (unsigned i = 0; dm_nohoist_pragma (lo, hi, i, &p); i++)
    {
      class loop *best_loop = NULL;
      location_t best = UNKNOWN_LOCATION;
      if (number_of_loops (fun) > 1)
	for (auto loop : loops_list (fun, 0))
	  {
	    location_t at = dm_loop_start (loop, lo, hi);
	    if (at != UNKNOWN_LOCATION && dm_before (p, at)
		&& (best == UNKNOWN_LOCATION || dm_before (at, best)))
	      best = at, best_loop = loop;
	  }
      gimple *best_call = NULL;
      for (dm_item &it : st->items)
	{
	  location_t at = gimple_location (it.call);
	  if (dm_before (p, at) && dm_before (at, hi)
	      && (best == UNKNOWN_LOCATION || dm_before (at, best)))
	    best = at, best_call = it.call, best_loop = NULL;
	}
      for (dm_item &it : st->items)
	if (best_loop ? flow_bb_inside_loop_p (best_loop, gimple_bb (it.call))
		      : it.call == best_call && best_call)
	  it.nohoist = true;
    }
}

/* "FILE:LINE" of LOC, in a static buffer of SLOT (0 or 1).  */
static const char *
dm_where (location_t loc, int slot)
{
  static char buf[2][256];
  expanded_location x = expand_location (loc);
  snprintf (buf[slot], sizeof buf[slot], "%s:%d",
	    x.file ? lbasename (x.file) : "<unknown>", x.line);
  return buf[slot];
}

/* Why a kept section's exit data does not copy it back, for the report
   (a phrase starting with ", "), or "".  */
static const char *
dm_no_copy_back (const dm_item *it)
{
  if (it->read_only)
    return ", not copied back: no construct writes it";
  if (it->dead_after)
    return ", not copied back: nothing reads it afterwards";
  return "";
}

/* -fplugin-arg-deepmap-report: one line per section of each construct
   in a loop or a run.  */
static void
dm_report_hoisting (dm_hoist_state *st)
{
  if (!dm_reporting ())
    return;
  for (dm_item &it : st->items)
    {
      if (it.synthetic)
	continue;
      location_t loc = gimple_location (it.call);
      char *name = dm_item_name (&it);
      const char *kind = it.enter_kind == GOMP_MAP_TO ? "to" : "alloc";
      const char *exit = it.exit_kind == GOMP_MAP_FROM ? "from" : "release";
      const char *tested = it.tested_apart ? " if the sections the compiler "
				      "cannot tell apart do not overlap at "
				      "run time" : "";
      const char *to = it.run_to_loop ? "loop" : "construct";
      const char *from = it.run_from_loop ? "loop" : "construct";
      const char *deferred = it.refilled && it.enter_kind == GOMP_MAP_TO
			     ? ", not copied in where the update after the "
			       "host's first write sends all of it"
			     : it.defer_in && it.enter_kind == GOMP_MAP_TO
			     ? ", not copied in if the first construct to "
			       "use it stores to all of it"
			     : it.not_copied_in
			     ? ", not copied in: its constructs read only "
			       "what they stored first" : "";
      if (it.hoisted && it.in_run)
	dm_report (loc, "hoist: '%s' kept on the device from the %s at %s "
		   "to the %s at %s (enter data map(%s), exit data "
		   "map(%s))%s%s%s", name, from, dm_where (it.run_from, 0), to,
		   dm_where (it.run_to, 1), kind, exit,
		   dm_no_copy_back (&it),
		   tested, deferred);
      else if (it.hoisted)
	dm_report (loc, "hoist: '%s' kept on the device across the loop at "
		   "%s (enter data map(%s), exit data map(%s))%s%s%s%s%s%s",
		   name, dm_where (it.loop, 0), kind, exit,
		   it.rotating ? ", with every array it trades places with"
			       : "",
		   dm_no_copy_back (&it),
		   tested,
		   it.whole ? ", with everything it points to (deep)"
		   : it.deep_desc ? ", the structure only: each construct "
				    "still maps what it points to" : "",
		   deferred,
		   it.group >= 0 && st->items[it.group].enter_late
		   ? ", entered at the first construct that maps it (no "
		     "construct maps it on every path)" : "");
      else if (it.missed && it.loop != UNKNOWN_LOCATION)
	dm_report (loc, "hoist: missed: '%s' not kept on the device across "
		   "the loop at %s because %s", name, dm_where (it.loop, 0),
		   it.missed);
      else if (it.run_missed)
	dm_report (loc, "hoist: missed: '%s' not kept on the device from the "
		   "%s at %s to the %s at %s because %s", name, from,
		   dm_where (it.run_from, 0), to, dm_where (it.run_to, 1),
		   it.run_missed);
      free (name);
    }
}

/* The exception edge of the block that call S ends, or NULL.  */
static edge
dm_eh_edge (gimple *s)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, gimple_bb (s)->succs)
    if (e->flags & EDGE_EH)
      return e;
  return NULL;
}

static int
dm_unsigned_cmp (const void *a, const void *b)
{
  unsigned i = *(const unsigned *) a, j = *(const unsigned *) b;
  return i < j ? -1 : i > j;
}

/* The sections of X (indices in its SECS) whose host bytes are the
   current ones where call S throws (dm_eh_exit::host_current), in
   order, on OUT.  */
static void
dm_host_current_of (dm_eh_exit *x, gimple *s, vec<unsigned> &out)
{
  for (auto &hc : x->host_current)
    if (hc.first == s)
      out.safe_push (hc.second);
  out.qsort (dm_unsigned_cmp);
}

/* Can call S throw to the landing pad made for FIRST (dm_exit_on_exception)
   of X: the same exit data (the same sections current on the host) and
   the same way on (no landing pad of this function, or the same one,
   its PHIs given the same values by both)?  */
static bool
dm_same_exception_exit (dm_eh_exit *x, gimple *first, gimple *s)
{
  int lp_nr = lookup_stmt_eh_lp (first);
  if ((lp_nr > 0) != (lookup_stmt_eh_lp (s) > 0)
      || (lp_nr > 0 && lookup_stmt_eh_lp (s) != lp_nr))
    return false;
  auto_vec<unsigned> a, b;
  dm_host_current_of (x, first, a);
  dm_host_current_of (x, s, b);
  if (a.length () != b.length ())
    return false;
  for (unsigned i = 0; i < a.length (); i++)
    if (a[i] != b[i])
      return false;
  if (lp_nr <= 0)
    return true;
  edge e1 = dm_eh_edge (first), e2 = dm_eh_edge (s);
  if (!e1 || !e2 || e1->dest != e2->dest || e1->flags != e2->flags)
    return false;
  for (gphi_iterator pi = gsi_start_phis (e1->dest); !gsi_end_p (pi);
       gsi_next (&pi))
    if (!virtual_operand_p (gimple_phi_result (pi.phi ()))
	&& !operand_equal_p (PHI_ARG_DEF_FROM_EDGE (pi.phi (), e1),
			     PHI_ARG_DEF_FROM_EDGE (pi.phi (), e2), 0))
      return false;
  return true;
}

/* Give the calls GROUP (dm_same_exception_exit) a landing pad that runs
   the exit data of X and resumes the exception where it went before: to
   the landing pad they had (their edges move to the new block, which
   passes the PHIs their values) or out of the function.  One pad for
   them all, not one each: LULESH's time loop has five calls that may
   throw, and each pad was a call, a resume and a block more in the
   function GCC's register allocator works hardest on.  */
static void
dm_exit_on_exception (vec<gimple *> &group, dm_eh_exit *x)
{
  gimple *s = group[0];
  int lp_nr = lookup_stmt_eh_lp (s);
  edge old = lp_nr > 0 ? dm_eh_edge (s) : NULL;
  if (lp_nr > 0 && !old)
    return;
  basic_block sbb = gimple_bb (s);
  eh_region outer = lp_nr > 0 ? get_eh_region_from_lp_number (lp_nr) : NULL;
  eh_region region = gen_eh_region_cleanup (outer);
  eh_landing_pad lp = gen_eh_landing_pad (region);
  basic_block pad = create_empty_bb (sbb);
  class loop *where = current_loops->tree_root;
  if (old)
    {
      where = old->dest->loop_father;
      for (gimple *g : group)
	where = find_common_loop (where, gimple_bb (g)->loop_father);
    }
  add_bb_to_loop (pad, where);
  tree label = create_artificial_label (x->loc);
  EH_LANDING_PAD_NR (label) = lp->index;
  lp->post_landing_pad = label;
  gimple_stmt_iterator gsi = gsi_start_bb (pad);
  gsi_insert_after (&gsi, gimple_build_label (label), GSI_NEW_STMT);
  /* Sections the calls may have written: the host's bytes are the
     current ones (dm_eh_exit), released, not copied back nor
     checked.  */
  auto_vec<std::pair<dm_item *, unsigned> > saved;
  hash_set<dm_item *> current;
  auto_vec<dm_item *> secs;
  for (dm_item &it : x->secs)
    secs.safe_push (&it);
  auto_vec<unsigned> current_k;
  dm_host_current_of (x, s, current_k);
  for (unsigned k : current_k)
    {
      dm_item *it = secs[k];
      if (current.add (it))
	continue;
      saved.safe_push (std::make_pair (it, it->exit_kind));
      it->exit_kind = GOMP_MAP_RELEASE;
    }
  gimple_seq seq = NULL;
  if (x->filled[0])
    {
      /* The arrays every way out shares, filled on entry: only the
	 kinds of the sections current on the host and the record
	 differ.  The exception leaves the loop: no other way out of
	 this run of it reads them again.  */
      if (!current.is_empty ())
	{
	  for (unsigned k = 0; k < secs.length (); k++)
	    if (current.contains (secs[k]))
	      {
		gimple_seq conv = NULL;
		tree size = force_gimple_operand (fold_convert
						    (size_type_node,
						     secs[k]->size),
						  &conv, true, NULL_TREE);
		gimple_seq_add_seq (&seq, conv);
		dm_store_kind (&seq, x->filled, k, secs[k], true, size);
	      }
	  dm_store_slot (&seq, x->filled[0], secs.length (), ptr_type_node,
			 dm_hoist_record (DEEPMAP_HOIST_EXIT, secs,
					  UNKNOWN_LOCATION, &current));
	}
      dm_add_data_call (&seq, secs, x->device, true, x->filled, x->loc);
    }
  else
    seq = dm_build_exit (secs, x->device, x->arrs, &current, x->loc);
  for (auto &sv : saved)
    sv.first->exit_kind = sv.second;
  gsi_insert_seq_after (&gsi, seq, GSI_CONTINUE_LINKING);
  gresx *resx = gimple_build_resx (region->index);
  gimple_set_location (resx, x->loc);
  gsi_insert_after (&gsi, resx, GSI_CONTINUE_LINKING);
  if (old)
    {
      add_stmt_to_eh_lp (resx, lp_nr);
      edge onward = make_edge (pad, old->dest, old->flags);
      for (gphi_iterator pi = gsi_start_phis (old->dest); !gsi_end_p (pi);
	   gsi_next (&pi))
	add_phi_arg (pi.phi (), PHI_ARG_DEF_FROM_EDGE (pi.phi (), old), onward,
		     gimple_phi_arg_location_from_edge (pi.phi (), old));
    }
  for (gimple *g : group)
    {
      basic_block gbb = gimple_bb (g);
      if (old)
	{
	  edge e = dm_eh_edge (g);
	  remove_phi_args (e);
	  redirect_edge_succ (e, pad);
	}
      else
	{
	  /* It must end its block once it has a landing pad.  */
	  if (!gsi_one_before_end_p (gsi_for_stmt (g)))
	    split_block (gbb, g);
	  make_edge (gbb, pad, EDGE_EH);
	}
      remove_stmt_from_eh_lp (g);
      add_stmt_to_eh_lp (g, lp->index);
    }
}

/* The exits by exception of every kept loop, outermost first: a call
   in loops nested in each other runs the inner loop's exit data, then
   the outer's.  The calls of a loop that leave it the same way share a
   landing pad.  */
static void
dm_finish_throwers (dm_hoist_state *st)
{
  for (dm_eh_exit *x : st->eh_exits)
    {
      auto_vec<bool> done (x->throwers.length ());
      done.quick_grow_cleared (x->throwers.length ());
      for (unsigned i = 0; i < x->throwers.length (); i++)
	{
	  if (done[i])
	    continue;
	  auto_vec<gimple *> group;
	  for (unsigned j = i; j < x->throwers.length (); j++)
	    if (!done[j]
		&& (j == i
		    || dm_same_exception_exit (x, x->throwers[i],
					       x->throwers[j])))
	      {
		group.safe_push (x->throwers[j]);
		done[j] = true;
	      }
	  dm_exit_on_exception (group, x);
	}
      delete x;
    }
  if (!st->eh_exits.is_empty ())
    loops_state_set (LOOPS_NEED_FIXUP);
  st->eh_exits.truncate (0);
}

/* Decide the pending read-only marks of the target construct CALL
   (dm-annotate.c: its region hands the entry to functions and otherwise
   only reads it): read only where nothing the region runs, the device
   functions it calls included, may store to the entry's bytes.  */
static void
dm_resolve_read_only (gcall *call)
{
  tree fn = gimple_call_arg (call, 1);
  if (TREE_CODE (fn) != ADDR_EXPR)
    return;
  tree keys[2] = { dm_arg_decl (call, 5), TREE_OPERAND (fn, 0) };
  for (tree key : keys)
    {
      if (!key)
	continue;
      auto_vec<unsigned> pending;
      dm_pending_sites_of (key, pending);
      for (unsigned i : pending)
	{
	  if (dm_device_may_write (fn, i, false)
	      || dm_device_writes_through_loaded
		   (fn, dm_pointer_bearing_slots (call)))
	    continue;
	  dm_make_site_read_only (key, i);
	  if (dm_reporting ())
	    {
	      HOST_WIDE_INT psize = int_size_in_bytes (ptr_type_node);
	      tree a = dm_arg_slot (call, dm_arg_decl (call, 3), i * psize,
				    psize);
	      char *name = dm_section_name (a ? a : null_pointer_node);
	      dm_report (gimple_location (call),
			 "target: '%s' is only read, so are the functions it "
			 "is given: not copied back (as map(to:))", name);
	      free (name);
	    }
	}
    }
}

static void dm_note_construct_runners (void);

static unsigned int
dm_hoist_execute (function *fun)
{
  /* In lto1, before the partition's first function is compiled.  */
  if (in_lto_p)
    dm_note_construct_runners ();
  dm_note_pointer_cells ();
  dm_note_outlined (fun);
  dm_note_parallel_body (fun);
  if (lookup_attribute ("omp declare target", DECL_ATTRIBUTES (fun->decl))
      || !builtin_decl_explicit (BUILT_IN_GOMP_TARGET_ENTER_EXIT_DATA))
    return 0;
  dm_hoist_state st;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (is_gimple_call (gsi_stmt (gsi)) && gimple_call_fndecl (gsi_stmt (gsi))
	  && dm_is_annotate_decl (gimple_call_fndecl (gsi_stmt (gsi))))
	st.runtime_annotations = true;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (dm_is_target_call (stmt))
	  dm_resolve_read_only (as_a <gcall *> (stmt));
	if (dm_is_target_call (stmt) || dm_is_data_region_call (stmt))
	  {
	    unsigned before = st.items.length ();
	    if (!dm_read_construct (as_a <gcall *> (stmt), &st))
	      {
		st.items.truncate (before);
		st.opaque.safe_push (stmt);
	      }
	  }
	else if (dm_is_data_call (stmt) && !dm_is_end_data_call (stmt))
	  st.opaque.safe_push (stmt);
      }
  if (st.items.is_empty ())
    return 0;

  bool changed = false;
  loop_optimizer_init (LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
  scev_initialize ();
  dm_mark_nohoist (fun, &st);
  /* Outermost first: a section is kept across the outermost loop that
     allows it; at each level, what no loop keeps is tried across a run
     of that level, then in the loops below.  */
  calculate_dominance_info (CDI_POST_DOMINATORS);
  changed |= dm_hoist_level_run (current_loops->tree_root, &st);
  if (number_of_loops (fun) > 1)
    for (auto loop : loops_list (fun, 0))
      {
	changed |= dm_hoist_loop (loop, &st);
	changed |= dm_hoist_level_run (loop, &st);
      }
  free_dominance_info (CDI_POST_DOMINATORS);
  changed |= dm_hoist_runs (&st);
  dm_emit_all_updates (&st);
  dm_report_hoisting (&st);
  if (changed)
    {
      for (auto &li : dm_late_inserts)
	{
	  gimple_stmt_iterator gsi = gsi_for_stmt (li.first);
	  gsi_insert_seq_before (&gsi, li.second, GSI_SAME_STMT);
	}
      gsi_commit_edge_inserts ();
      dm_finish_throwers (&st);
      for (auto &t : dm_tested_calls)
	dm_select_on_guard (t.first, t.second);
      free_dominance_info (CDI_DOMINATORS);
      mark_virtual_operands_for_renaming (fun);
    }
  dm_tested_calls.truncate (0);
  dm_late_inserts.truncate (0);
  scev_finalize ();
  loop_optimizer_finalize ();
  return changed ? TODO_update_ssa_only_virtuals : 0;
}

static const pass_data dm_hoist_pass_data = {
  GIMPLE_PASS,
  "deepmap_hoist",		/* name, for -fdump-tree-deepmap_hoist */
  OPTGROUP_OMP,
  TV_NONE,
  PROP_gimple_any | PROP_ssa | PROP_cfg,	/* properties_required */
  0, 0, 0, 0
};

class dm_hoist_pass : public gimple_opt_pass
{
public:
  dm_hoist_pass (gcc::context *ctx)
    : gimple_opt_pass (dm_hoist_pass_data, ctx) {}
  virtual bool gate (function *) { return flag_openmp; }
  virtual unsigned int execute (function *fun)
  {
    return dm_hoist_execute (fun);
  }
};

/* Statements of a function, apart from debug statements and the stores
   into the argument arrays of its constructs, up to which the inliner is
   told to inline it wherever it is called.  */
#define DM_INLINE_MAX_STMTS 80

/* Constructs in a callee: a loop that calls a function whose body holds
   target constructs (a step function called once per time step) keeps
   that function's sections on the device only if the pass sees the
   constructs in the loop.  GCC rarely inlines such a function at -O2 by
   itself (the construct's argument arrays make it look big), so, before
   the inliner runs, every small function with a target construct is
   marked to be inlined regardless of the inliner's limits
   (DECL_DISREGARD_INLINE_LIMITS, as for always_inline but with no error
   where it cannot be).  So is, level by level, a small function that
   calls marked ones (a step calling its kernels' functions), counting
   what it will hold once they are inlined: constructs several calls
   down reach the loop.  Inlining never changes what a program does; the
   outlined region bodies are not copied.  Functions marked noinline,
   recursive ones, main and device functions are left alone, and so is
   everything under -fno-inline.  */

/* What dm_mark_construct_callees knows of a function: its statements,
   the statements it will hold once its marked callees are inlined, and
   whether it may be marked and is.  */
struct dm_inline_info
{
  unsigned own, size;
  bool eligible, marked;
};

/* The levels of calls above a construct that are marked at most.  */
#define DM_INLINE_MAX_LEVELS 4

/* Which functions of the program run target constructs, or call one
   that does, as their bodies say (DEPTH calls down).  A call of one in
   a loop that keeps a section it may reach is no host access: its
   constructs would find the section present and work on the device
   copy, which a target update around the call would not follow.
   Answered for every function while the bodies are all there
   (dm_note_construct_runners); a body asked later may be gone (compiled
   already), and then counts as one that runs constructs.  */
static hash_map<tree, bool> *dm_runner_memo;

/* The function whose body CALL runs: its callee, or for the GOMP entry
   points that start outlined bodies on the host (parallel regions,
   tasks, host teams) the body they are given.  */
static tree
dm_called_body (gimple *call)
{
  tree fn = gimple_call_fndecl (call);
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return fn;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fn));
  if (startswith (name, "__builtin_"))
    name += strlen ("__builtin_");
  if (startswith (name, "GOMP_") && gimple_call_num_args (call) > 0)
    {
      tree a = gimple_call_arg (call, 0);
      if (TREE_CODE (a) == ADDR_EXPR
	  && TREE_CODE (TREE_OPERAND (a, 0)) == FUNCTION_DECL)
	return TREE_OPERAND (a, 0);
    }
  return fn;
}

static bool dm_runs_constructs (tree fn, int depth);

/* May CALL, to a function of a library, call back one of its arguments
   that runs target constructs: qsort's comparator, a thread's start
   routine?  A function's address counts as what that function runs, a
   function pointer of unknown value as any function of the program.
   GOMP's own entry points (regions' bodies) are asked apart.  */
static bool
dm_callback_runs_constructs (gimple *call, int depth)
{
  tree fn = gimple_call_fndecl (call);
  if (fn && fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    {
      const char *name = IDENTIFIER_POINTER (DECL_NAME (fn));
      if (startswith (name, "__builtin_"))
	name += strlen ("__builtin_");
      if (startswith (name, "GOMP_"))
	return false;
    }
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      tree a = gimple_call_arg (call, i);
      tree t = TREE_TYPE (a);
      if (!POINTER_TYPE_P (t) || !FUNC_OR_METHOD_TYPE_P (TREE_TYPE (t)))
	continue;
      if (TREE_CODE (a) == ADDR_EXPR
	  && TREE_CODE (TREE_OPERAND (a, 0)) == FUNCTION_DECL)
	{
	  if (TREE_OPERAND (a, 0) != fn
	      && dm_runs_constructs (TREE_OPERAND (a, 0), depth + 1))
	    return true;
	  continue;
	}
      return true;
    }
  return false;
}

static bool
dm_runs_constructs (tree fn, int depth)
{
  if (!dm_runner_memo)
    dm_runner_memo = new hash_map<tree, bool>;
  if (bool *m = dm_runner_memo->get (fn))
    return *m;
  cgraph_node *node = cgraph_node::get (fn);
  if (!node)
    return false;
  node = node->ultimate_alias_target ();
  /* A function the unit does not define: a library's, declared in a
     system header, runs none; one of the program's other units may
     (a time loop's call of a smoother in another file, without -flto:
     its construct would work on the copy kept on the device, and the
     update after the call send the host's older bytes over it).  */
  if (!node->definition)
    return !(DECL_IN_SYSTEM_HEADER (node->decl) || DECL_ARTIFICIAL (node->decl)
	     /* The language's own support (__cxa_throw).  */
	     || DECL_SOURCE_LOCATION (node->decl) <= BUILTINS_LOCATION);
  if (depth > 8)
    return true;
  dm_runner_memo->put (fn, true);	/* while asked: careful */
  /* In lto1 a body not compiled yet is still in the object file.  */
  if (in_lto_p && !flag_wpa && node->has_gimple_body_p () && !gimple_has_body_p (node->decl)
      && !TREE_ASM_WRITTEN (node->decl) && node->lto_file_data)
    node->get_body ();
  function *f = gimple_has_body_p (node->decl)
		? DECL_STRUCT_FUNCTION (node->decl) : NULL;
  bool runs = !f || !f->cfg;
  basic_block bb;
  if (!runs)
    FOR_EACH_BB_FN (bb, f)
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
	   !runs && !gsi_end_p (gsi); gsi_next (&gsi))
	{
	  gimple *g = gsi_stmt (gsi);
	  runs = dm_is_target_call (g) || dm_is_data_region_call (g)
		 || dm_is_data_call (g);
	  tree callee = is_gimple_call (g) ? dm_called_body (g) : NULL_TREE;
	  if (!runs && callee && callee != node->decl)
	    runs = dm_runs_constructs (callee, depth + 1);
	  if (!runs && is_gimple_call (g) && !gimple_call_internal_p (g))
	    runs = dm_callback_runs_constructs (g, depth);
	}
  dm_runner_memo->put (fn, runs);
  return runs;
}

/* Answer dm_runs_constructs for every function, once: at the start of
   IPA in a compile step, before the first function is compiled in
   lto1's partitions.  */
static void
dm_note_construct_runners (void)
{
  static bool done;
  if (done)
    return;
  done = true;
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    if (!node->inlined_to && !node->alias && node->has_gimple_body_p ())
      {
	dm_runs_constructs (node->decl, 0);
	dm_may_longjmp (node->decl, 0);
      }
}

/* Does CALL run target constructs (dm_runs_constructs)?  A clone IPA
   made since (constant propagation, SRA) runs what its original did.  */
static bool
dm_call_runs_constructs (gimple *call)
{
  if (gimple_call_internal_p (call))
    return false;
  tree fn = dm_called_body (call);
  /* Through a pointer: any function of the program.  */
  if (!fn)
    return true;
  if (dm_test_function_p (fn))
    return false;
  dm_note_construct_runners ();
  if (dm_callback_runs_constructs (call, 0))
    return true;
  if (fndecl_built_in_p (fn))
    return false;
  if (bool *m = dm_memo_of (dm_runner_memo, fn))
    return *m;
  return dm_runs_constructs (fn, 0);
}

static void
dm_mark_construct_callees (void *, void *)
{
  /* Not where the hoisting pass does not run (-O0, -Og).  */
  if (!optimize || optimize_debug)
    return;
  /* In a compile step; lto1 asks when it first hoists (its WPA stage
     must not read bodies).  */
  if (!in_lto_p)
    dm_note_construct_runners ();
  /* Nor against -fno-inline.  */
  if (flag_no_inline)
    return;
  auto_vec<dm_inline_info> info;
  info.safe_grow_cleared (symtab->cgraph_max_uid + 1);
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      tree decl = node->decl;
      function *fn = DECL_STRUCT_FUNCTION (decl);
      if (!fn || !fn->cfg || DECL_DISREGARD_INLINE_LIMITS (decl)
	  || MAIN_NAME_P (DECL_NAME (decl))
	  || lookup_attribute ("noinline", DECL_ATTRIBUTES (decl))
	  || lookup_attribute ("omp declare target", DECL_ATTRIBUTES (decl)))
	continue;
      unsigned stmts = 0;
      bool constructs = false;
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
	for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	     gsi_next (&gsi))
	  {
	    gimple *stmt = gsi_stmt (gsi);
	    constructs |= dm_is_target_call (stmt);
	    stmts += !is_gimple_debug (stmt) && !dm_omp_temp_stmt_p (stmt);
	  }
      bool recursive = false;
      for (cgraph_edge *e = node->callees; e; e = e->next_callee)
	recursive |= e->callee->ultimate_alias_target () == node;
      dm_inline_info &in = info[node->get_uid ()];
      in.own = in.size = stmts;
      in.eligible = !recursive;
      in.marked = in.eligible && constructs && stmts <= DM_INLINE_MAX_STMTS;
    }
  /* Callers of marked functions, a level at a time.  */
  for (int level = 0; level < DM_INLINE_MAX_LEVELS; level++)
    {
      auto_vec<cgraph_node *> marked_now;
      FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
	{
	  dm_inline_info &in = info[node->get_uid ()];
	  if (!in.eligible || in.marked)
	    continue;
	  unsigned size = in.own;
	  bool calls_marked = false;
	  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
	    {
	      const dm_inline_info &callee
		= info[e->callee->ultimate_alias_target ()->get_uid ()];
	      if (callee.marked)
		{
		  size += callee.size;
		  calls_marked = true;
		}
	    }
	  if (calls_marked && size <= DM_INLINE_MAX_STMTS)
	    {
	      in.size = size;
	      marked_now.safe_push (node);
	    }
	}
      if (marked_now.is_empty ())
	break;
      for (cgraph_node *n : marked_now)
	info[n->get_uid ()].marked = true;
    }
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    if (info[node->get_uid ()].marked)
      DECL_DISREGARD_INLINE_LIMITS (node->decl) = 1;
}

/* After PRE: loop-invariant computations (section sizes, addresses) are
   in the preheaders and points-to information is there.  The pass list
   runs only when optimising (not at -O0 or -Og).  */
void
dm_register_hoist (const char *name)
{
  register_callback (name, PLUGIN_ALL_IPA_PASSES_START,
		     dm_mark_construct_callees, NULL);
  dm_insert_pass (name, new dm_hoist_pass (g), "pre", PASS_POS_INSERT_AFTER);
  register_callback (name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) dm_hoist_roots);
  dm_register_tests (name);
}
