/* dm-overwrite.c -- which items a target region stores to in full
   before it reads any of them.

   A naive program maps an array that its region only writes with
   map(tofrom:) (or implicitly, which is tofrom for arrays): the runtime
   copies it in although the region overwrites every byte first.  Before
   omplower, while the region is still one GIMPLE_OMP_TARGET with its
   loops as written, this file proves for an item

   - a whole array variable (g[N], g[N][M]), or a section p[0:len] of a
     pointer p the region reaches through its firstprivate copy,

   that (1) the region names its storage only as the address of stores
   (no load, no call argument, no copy of the address that is used any
   other way), and (2) one store runs unconditionally in a nest of
   canonical loops (OpenMP loops, combined constructs included, and
   plain counted for loops) whose indices address the bytes of the item
   one after another, so that together they cover all of it.  The item's
   length, computed before the construct, must equal the nest's extent
   exactly (as polynomials in the same invariant variables).

   The annotate pass then announces the item to the runtime with the
   overwrite marker (dm-types.c), which maps it as map(from:) once it
   has checked that nothing else the construct maps reaches its bytes
   (another pointer into the array would read what was not copied).

   With (1) alone, loads of plain values allowed and stores not, a
   tofrom item is read only (dm_region_reads_only): announced with the
   read-only marker, the runtime maps it as map(to:) under the same
   check.

   With loads and stores allowed, the same walk records where each
   store that always runs and each load falls (an offset polynomial in
   the indices of the loops around it, with their bounds):
   dm_region_reads_written holds when every load reads bytes a store of
   the same iteration wrote before it, or that the target region right
   before the construct stored in a nest of the same bounds.  That mark
   is for hoisting alone (dm-hoist.c: such an item kept across a loop
   need not be copied in); the runtime ignores it.

   Where every bound and stride is a constant, the mark also carries a
   summary (dm_access_summary): the loads no store of the region covers,
   and its stores, those made under tests of the loop indices included
   (a grid's faces: if (i == 0 || i == n - 1) ..., else-if chains, and
   the unsigned range checks GCC folds them into), each with its loops
   narrowed to the iterations where the tests hold (dm_box).  Hoisting
   then asks whether the regions that run before a construct in every
   iteration store all it loads (dm_loads_stored_before): a grid's
   interior and its border, stored by two kernels, need not be copied
   in (HeCBench's ace).  */
#include "deepmap-plugin.h"

/* -fplugin-arg-deepmap-overwrite=off clears it.  */
bool dm_overwrite_enabled = true;

/* ---- polynomials over invariant variables ------------------------- */

/* A value as a sum of terms COEF * ATOM... : the atoms are variables the
   region does not assign (and the item's base), loop indices, sorted by
   address so that equal terms compare equal.  */
#define DM_MAX_ATOMS 4
#define DM_MAX_TERMS 8

struct dm_term
{
  HOST_WIDE_INT coef;
  unsigned n;
  tree atoms[DM_MAX_ATOMS];
};

struct dm_poly
{
  bool ok;
  unsigned n;
  dm_term t[DM_MAX_TERMS];
};

static dm_poly
dm_poly_fail (void)
{
  dm_poly p;
  p.ok = false;
  p.n = 0;
  return p;
}

static dm_poly
dm_poly_const (HOST_WIDE_INT c)
{
  dm_poly p;
  p.ok = true;
  p.n = 0;
  if (c)
    {
      p.t[0].coef = c;
      p.t[0].n = 0;
      p.n = 1;
    }
  return p;
}

static dm_poly
dm_poly_atom (tree atom)
{
  dm_poly p = dm_poly_const (1);
  p.t[0].atoms[0] = atom;
  p.t[0].n = 1;
  return p;
}

static bool
dm_same_atoms (const dm_term &a, const dm_term &b)
{
  if (a.n != b.n)
    return false;
  for (unsigned i = 0; i < a.n; i++)
    if (a.atoms[i] != b.atoms[i])
      return false;
  return true;
}

/* Add C * T to P, merging like terms.  */
static void
dm_poly_add_term (dm_poly *p, const dm_term &t, HOST_WIDE_INT c)
{
  HOST_WIDE_INT coef;
  if (!p->ok || __builtin_mul_overflow (t.coef, c, &coef))
    {
      p->ok = false;
      return;
    }
  for (unsigned i = 0; i < p->n; i++)
    if (dm_same_atoms (p->t[i], t))
      {
	if (__builtin_add_overflow (p->t[i].coef, coef, &p->t[i].coef))
	  p->ok = false;
	else if (p->t[i].coef == 0)
	  p->t[i] = p->t[--p->n];
	return;
      }
  if (coef == 0)
    return;
  if (p->n == DM_MAX_TERMS)
    {
      p->ok = false;
      return;
    }
  p->t[p->n] = t;
  p->t[p->n++].coef = coef;
}

/* A + C * B.  */
static dm_poly
dm_poly_addmul (dm_poly a, const dm_poly &b, HOST_WIDE_INT c)
{
  if (!a.ok || !b.ok)
    return dm_poly_fail ();
  for (unsigned i = 0; i < b.n; i++)
    dm_poly_add_term (&a, b.t[i], c);
  return a;
}

static dm_poly
dm_poly_mul (const dm_poly &a, const dm_poly &b)
{
  if (!a.ok || !b.ok)
    return dm_poly_fail ();
  dm_poly r = dm_poly_const (0);
  for (unsigned i = 0; i < a.n; i++)
    for (unsigned j = 0; j < b.n; j++)
      {
	dm_term t;
	if (a.t[i].n + b.t[j].n > DM_MAX_ATOMS)
	  return dm_poly_fail ();
	t.n = 0;
	/* Merge the two sorted atom lists.  */
	unsigned x = 0, y = 0;
	while (x < a.t[i].n || y < b.t[j].n)
	  if (y == b.t[j].n
	      || (x < a.t[i].n
		  && (uintptr_t) a.t[i].atoms[x] <= (uintptr_t) b.t[j].atoms[y]))
	    t.atoms[t.n++] = a.t[i].atoms[x++];
	  else
	    t.atoms[t.n++] = b.t[j].atoms[y++];
	if (__builtin_mul_overflow (a.t[i].coef, b.t[j].coef, &t.coef))
	  return dm_poly_fail ();
	dm_poly_add_term (&r, t, 1);
      }
  return r;
}

static bool
dm_poly_equal (const dm_poly &a, const dm_poly &b)
{
  if (!a.ok || !b.ok)
    return false;
  dm_poly d = dm_poly_addmul (a, b, -1);
  return d.ok && d.n == 0;
}

/* Does any term of P hold ATOM?  */
static bool
dm_poly_mentions (const dm_poly &p, tree atom)
{
  for (unsigned i = 0; i < p.n; i++)
    for (unsigned k = 0; k < p.t[i].n; k++)
      if (p.t[i].atoms[k] == atom)
	return true;
  return false;
}

/* P as COEF * ATOM + REST with ATOM in no term of COEF or REST: false if
   ATOM occurs squared.  */
static bool
dm_poly_split (dm_poly p, tree atom, dm_poly *coef, dm_poly *rest)
{
  *coef = dm_poly_const (0);
  *rest = dm_poly_const (0);
  for (unsigned i = 0; i < p.n; i++)
    {
      dm_term t = p.t[i];
      unsigned k, seen = 0;
      for (k = 0; k < t.n; k++)
	seen += t.atoms[k] == atom;
      if (seen > 1)
	return false;
      if (!seen)
	{
	  dm_poly_add_term (rest, t, 1);
	  continue;
	}
      dm_term c;
      c.coef = t.coef;
      c.n = 0;
      for (k = 0; k < t.n; k++)
	if (t.atoms[k] != atom)
	  c.atoms[c.n++] = t.atoms[k];
      dm_poly_add_term (coef, c, 1);
    }
  return coef->ok && rest->ok;
}

/* ---- the region's facts ---------------------------------------------- */

/* A canonical loop around an access: INDEX runs over LO .. EXTENT - 1
   (the extent when LO is 0).  SERIAL names the walk's visit of the loop:
   two accesses under loops of the same serials run in the same
   iteration, one after the other.  */
struct dm_loop
{
  tree index;
  dm_poly lo, extent;
  unsigned serial;
};

/* An access of the item (dm_region_reads_written): SIZE bytes at OFFSET
   from its base in every iteration of the loops LOOPS[0 .. NLOOPS - 1],
   outermost first.  */
#define DM_MAX_LOOPS 3
struct dm_place
{
  dm_poly offset;
  HOST_WIDE_INT size;
  unsigned nloops;
  dm_loop loops[DM_MAX_LOOPS];
};

/* A value a statement gave a variable, as the walk goes.  */
struct dm_binding
{
  tree var;
  dm_poly value;
};

/* What the uses check needs to know of a region's body whatever the
   item (dm_body_facts_of): the annotation pass asks three analyses for
   each item of each construct, which walked the body again each time
   (most of the pass's time on LULESH).  */
struct dm_assign_fact
{
  tree var;			/* the variable it assigns */
  bool load;			/* its value is loaded from memory */
};
struct dm_body_facts
{
  hash_set<tree> assigned;	/* variables the body assigns */
  /* Its assignments to variables, and for each variable those whose
     operands mention it, as a list through USES (entries from 1).  */
  auto_vec<dm_assign_fact> assigns;
  hash_map<tree, unsigned> first_use;
  auto_vec<std::pair<unsigned, unsigned> > uses;  /* (assign, next) */
  /* Variables the body stores a part of (a member, an element),
     collected when first asked (dm_part_stored_p).  */
  bool part_stored_known = false;
  hash_set<tree> part_stored;
  /* The variables each statement's operands name, those outside the
     operand vector too, in VARS (first, count), listed when first
     asked (dm_stmt_mentions).  */
  hash_map<gimple *, std::pair<unsigned, unsigned> > stmt_vars;
  auto_vec<tree> vars;
};

struct dm_region
{
  tree base;			/* the item's variable (array or pointer) */
  bool pointer;			/* BASE is a pointer to the item */
  gimple_seq body = NULL;
  dm_body_facts *facts = NULL;	/* BODY's */
  /* Members of variables read as atoms (dm_field_atom), one tree for
     each, since atoms compare by address.  */
  auto_vec<tree> fields;
  hash_set<tree> derived;	/* variables holding BASE-based addresses */
  dm_poly length;		/* the item's bytes */
  bool covered = false;
  /* The covering nest's iteration counts (when COVERED): two or more
     negative ones would multiply to the item's length although the
     nest runs no iteration.  */
  unsigned ncounts = 0;
  dm_poly counts[DM_MAX_LOOPS];
  bool bad = false;		/* the region uses the item otherwise */
  bool read_only = false;		/* dm_region_reads_only: loads are fine,
				   stores are not */
  /* dm_region_reads_only_but_calls: direct calls may be given addresses
     of the item as arguments too (CALLED: one is).  */
  bool calls_ok = false, called = false;
  /* dm_region_reads_written: loads and stores are fine, and the walk
     records in STORES the stores that run whenever the region does, in
     EXPOSED the loads that no earlier store of the region covers;
     UNKNOWN_READ: a load it cannot place.  */
  bool record = false;
  auto_vec<dm_place> stores, exposed;
  bool unknown_read = false;
  /* Stores under conditions that say in which iterations they run: each
     with its loops narrowed to those (dm_box).  */
  auto_vec<dm_place> cond_stores;
};

/* Callback for walk_tree: stop at a variable of set DATA.  */
static tree
dm_find_var (tree *tp, int *walk_subtrees, void *data)
{
  hash_set<tree> *set = (hash_set<tree> *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if ((DECL_P (*tp) || TREE_CODE (*tp) == SSA_NAME) && set->contains (*tp))
    return *tp;
  return NULL_TREE;
}

static bool
dm_mentions (tree expr, hash_set<tree> *set)
{
  if (!expr || CONSTANT_CLASS_P (expr))
    return false;
  /* Most operands are a name: no walk.  */
  if (DECL_P (expr) || TREE_CODE (expr) == SSA_NAME)
    return set->contains (expr);
  /* GIMPLE's operands share no subtrees: no set of visited ones (whose
     making was most of the annotation pass's time on LULESH).  */
  return walk_tree (&expr, dm_find_var, set, NULL);
}

/* The variable a statement assigns as a whole (not through memory).  */
static tree
dm_assigned_var (gimple *stmt)
{
  tree lhs = gimple_get_lhs (stmt);
  if (lhs && (TREE_CODE (lhs) == SSA_NAME || VAR_P (lhs)
	      || TREE_CODE (lhs) == PARM_DECL))
    return lhs;
  return NULL_TREE;
}

/* walk_gimple_stmt callback: add the variables STMT assigns, those set
   outside the operand vector's left-hand side and loop indices
   included, to the set WI->info; GCC's walker goes into every body.  */
static tree
dm_note_assigned (gimple_stmt_iterator *gsi, bool *handled_ops,
		  struct walk_stmt_info *wi)
{
  hash_set<tree> *set = (hash_set<tree> *) wi->info;
  gimple *stmt = gsi_stmt (*gsi);
  *handled_ops = false;
  if (tree v = dm_assigned_var (stmt))
    set->add (v);
  if (gomp_atomic_load *al = dyn_cast <gomp_atomic_load *> (stmt))
    if (DECL_P (gimple_omp_atomic_load_lhs (al))
	|| TREE_CODE (gimple_omp_atomic_load_lhs (al)) == SSA_NAME)
      set->add (gimple_omp_atomic_load_lhs (al));
  if (gasm *a = dyn_cast <gasm *> (stmt))
    for (unsigned i = 0; i < gimple_asm_noutputs (a); i++)
      {
	tree o = TREE_VALUE (gimple_asm_output_op (a, i));
	if (DECL_P (o) || TREE_CODE (o) == SSA_NAME)
	  set->add (o);
      }
  if (gomp_for *f = dyn_cast <gomp_for *> (stmt))
    for (unsigned i = 0; i < gimple_omp_for_collapse (f); i++)
      set->add (gimple_omp_for_index (f, i));
  return NULL_TREE;
}

/* walk_gimple_stmt callback: add to the set WI->info the variables
   STMT stores a part of.  */
static tree
dm_note_part_stored (gimple_stmt_iterator *gsi, bool *handled_ops,
		     struct walk_stmt_info *wi)
{
  hash_set<tree> *set = (hash_set<tree> *) wi->info;
  gimple *stmt = gsi_stmt (*gsi);
  *handled_ops = false;
  tree lhs = gimple_get_lhs (stmt);
  if (lhs && !DECL_P (lhs) && TREE_CODE (lhs) != SSA_NAME)
    if (tree b = get_base_address (lhs))
      if (DECL_P (b))
	set->add (b);
  if (gasm *a = dyn_cast <gasm *> (stmt))
    for (unsigned i = 0; i < gimple_asm_noutputs (a); i++)
      if (tree b = get_base_address (TREE_VALUE (gimple_asm_output_op (a, i))))
	if (DECL_P (b))
	  set->add (b);
  return NULL_TREE;
}

/* Does the region R store a part of variable D?  */
static bool
dm_part_stored_p (dm_region *r, tree d)
{
  dm_body_facts *f = r->facts;
  if (!f)
    return false;
  if (!f->part_stored_known)
    {
      f->part_stored_known = true;
      struct walk_stmt_info wi;
      memset (&wi, 0, sizeof wi);
      wi.info = &f->part_stored;
      walk_gimple_seq (r->body, dm_note_part_stored, NULL, &wi);
    }
  return f->part_stored.contains (d);
}

/* Does the region R assign variable D as a whole?  */
static bool
dm_assigned_p (dm_region *r, tree d)
{
  return r->facts && r->facts->assigned.contains (d);
}

/* Add the variables the statement at GSI assigns (within it too) to
   SET.  */
static void
dm_collect_assigned_stmt (gimple_stmt_iterator *gsi, hash_set<tree> *set)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = set;
  walk_gimple_stmt (gsi, dm_note_assigned, NULL, &wi);
}

/* ... and those of the statements of SEQ.  */
static void
dm_collect_assigned (gimple_seq seq, hash_set<tree> *set)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = set;
  walk_gimple_seq (seq, dm_note_assigned, NULL, &wi);
}

/* Statements with bodies the uses check does not know: their code may
   name the item in ways it cannot see.  */
static bool
dm_unknown_container (gimple *stmt)
{
  switch (gimple_code (stmt))
    {
    case GIMPLE_BIND:
    case GIMPLE_TRY:
    case GIMPLE_OMP_FOR:
    case GIMPLE_OMP_PARALLEL:
    case GIMPLE_OMP_TEAMS:
    case GIMPLE_OMP_SECTIONS:
    case GIMPLE_OMP_SECTION:
    case GIMPLE_OMP_SINGLE:
    case GIMPLE_OMP_MASTER:
    case GIMPLE_OMP_MASKED:
    case GIMPLE_OMP_CRITICAL:
    case GIMPLE_OMP_ORDERED:
    case GIMPLE_OMP_SCOPE:
      return false;
    default:
      return gimple_has_substatements (stmt);
    }
}

/* The variable at the root of the address of memory reference REF (a
   store's left-hand side), or NULL_TREE.  */
static tree
dm_ref_root (tree ref)
{
  while (handled_component_p (ref))
    ref = TREE_OPERAND (ref, 0);
  if (TREE_CODE (ref) == MEM_REF)
    {
      tree p = TREE_OPERAND (ref, 0);
      if (TREE_CODE (p) == ADDR_EXPR)
	return dm_ref_root (TREE_OPERAND (p, 0));
      return p;
    }
  return DECL_P (ref) ? ref : NULL_TREE;
}

/* walk_tree callback: add each variable of *TP (not within types) to
   the vector DATA.  */
static tree
dm_list_vars (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (DECL_P (*tp) || TREE_CODE (*tp) == SSA_NAME)
    ((vec<tree> *) data)->safe_push (*tp);
  return NULL_TREE;
}

/* walk_gimple_op's form of dm_list_vars.  */
static tree
dm_list_vars_op (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  return dm_list_vars (tp, walk_subtrees, wi->info);
}

/* The variables STMT's operands name (as dm_mentions finds them), those
   outside the operand vector too, as (first, count) in F's VARS.  */
static std::pair<unsigned, unsigned>
dm_stmt_vars (dm_body_facts *f, gimple *stmt)
{
  bool existed;
  std::pair<unsigned, unsigned> &span
    = f->stmt_vars.get_or_insert (stmt, &existed);
  if (!existed)
    {
      unsigned first = f->vars.length ();
      struct walk_stmt_info wi;
      memset (&wi, 0, sizeof wi);
      wi.info = &f->vars;
      walk_gimple_op (stmt, dm_list_vars_op, &wi);
      span = std::make_pair (first, f->vars.length () - first);
    }
  return span;
}

/* Does an operand of STMT, in R's body, name a variable of R's
   DERIVED?  */
static bool
dm_stmt_mentions (dm_region *r, gimple *stmt)
{
  std::pair<unsigned, unsigned> span = dm_stmt_vars (r->facts, stmt);
  for (unsigned i = 0; i < span.second; i++)
    if (r->derived.contains (r->facts->vars[span.first + i]))
      return true;
  return false;
}

/* walk_gimple_seq callback (WI->info: the facts): note an assignment to
   a variable and the variables its operands name (dm_stmt_vars: the
   variable itself among them, which changes nothing).  */
static tree
dm_note_assign_fact (gimple_stmt_iterator *gsi, bool *handled_ops,
		     struct walk_stmt_info *wi)
{
  dm_body_facts *f = (dm_body_facts *) wi->info;
  gimple *stmt = gsi_stmt (*gsi);
  *handled_ops = false;
  tree v = is_gimple_assign (stmt) ? dm_assigned_var (stmt) : NULL_TREE;
  if (!v)
    return NULL_TREE;
  unsigned a = f->assigns.length ();
  f->assigns.safe_push ({ v, gimple_assign_load_p (stmt) });
  std::pair<unsigned, unsigned> span = dm_stmt_vars (f, stmt);
  for (unsigned i = 0; i < span.second; i++)
    {
      tree x = f->vars[span.first + i];
      bool existed;
      unsigned &head = f->first_use.get_or_insert (x, &existed);
      /* Once per assignment and variable.  */
      if (existed && f->uses[head - 1].first == a)
	continue;
      f->uses.safe_push (std::make_pair (a, existed ? head : 0u));
      head = f->uses.length ();
    }
  return NULL_TREE;
}

/* The facts of BODY, made when first asked in the current function.  */
static dm_body_facts *
dm_body_facts_of (gimple_seq body)
{
  static dm_function_key key;
  static hash_map<gimple *, dm_body_facts *> *made;
  if (dm_new_function_p (&key, cfun) || !made)
    {
      if (made)
	for (auto e : *made)
	  delete e.second;
      delete made;
      made = new hash_map<gimple *, dm_body_facts *>;
    }
  bool existed;
  dm_body_facts *&f = made->get_or_insert (body, &existed);
  if (existed)
    return f;
  f = new dm_body_facts;
  dm_collect_assigned (body, &f->assigned);
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = f;
  walk_gimple_seq (body, dm_note_assign_fact, NULL, &wi);
  return f;
}

/* Pass 1: the variables of R's body that get BASE-based addresses:
   those an assignment gives a value whose operands mention one, to a
   closure (a loop may use a copy before the statement that makes it).
   A value loaded through an address is no address when the item holds
   no pointers (only its loads are allowed).  */
static void
dm_collect_derived (dm_region *r)
{
  dm_body_facts *f = r->facts;
  bool skip_loads = r->read_only || r->record;
  auto_vec<tree> work;
  for (tree x : r->derived)
    work.safe_push (x);
  while (!work.is_empty ())
    {
      tree x = work.pop ();
      unsigned *head = f->first_use.get (x);
      for (unsigned l = head ? *head : 0; l; l = f->uses[l - 1].second)
	{
	  const dm_assign_fact &a = f->assigns[f->uses[l - 1].first];
	  if ((skip_loads && a.load) || r->derived.contains (a.var))
	    continue;
	  r->derived.add (a.var);
	  work.safe_push (a.var);
	}
    }
}

/* The clauses of the OpenMP construct STMT, or NULL_TREE.  */
static tree
dm_omp_clauses (gimple *stmt)
{
  switch (gimple_code (stmt))
    {
    case GIMPLE_OMP_FOR: return gimple_omp_for_clauses (stmt);
    case GIMPLE_OMP_PARALLEL: return gimple_omp_parallel_clauses (stmt);
    case GIMPLE_OMP_TEAMS: return gimple_omp_teams_clauses (stmt);
    case GIMPLE_OMP_TASK: return gimple_omp_task_clauses (stmt);
    case GIMPLE_OMP_SECTIONS: return gimple_omp_sections_clauses (stmt);
    case GIMPLE_OMP_SINGLE: return gimple_omp_single_clauses (stmt);
    case GIMPLE_OMP_SCOPE: return gimple_omp_scope_clauses (stmt);
    case GIMPLE_OMP_TARGET: return gimple_omp_target_clauses (stmt);
    default: return NULL_TREE;
    }
}

/* Does a clause of the nested construct STMT other than shared or
   private name the item (a reduction or firstprivate copy reads it)?  */
static bool
dm_clauses_name (gimple *stmt, dm_region *r)
{
  tree clauses = dm_omp_clauses (stmt);
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN (c))
    {
      if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_SHARED
	  || OMP_CLAUSE_CODE (c) == OMP_CLAUSE_PRIVATE)
	continue;
      for (int i = 0; i < omp_clause_num_ops[OMP_CLAUSE_CODE (c)]; i++)
	if (dm_mentions (OMP_CLAUSE_OPERAND (c, i), &r->derived))
	  return true;
    }
  return false;
}

/* Is CALL a direct call that names addresses of R's item only as whole
   arguments (not its callee, chain or result)?  What the callee does
   with them is for the device function summaries to say.  */
static bool
dm_call_given_only (gcall *call, dm_region *r)
{
  if (!gimple_call_fndecl (call) || gimple_call_internal_p (call)
      || gimple_call_chain (call)
      || (gimple_call_lhs (call)
	  && dm_mentions (gimple_call_lhs (call), &r->derived)))
    return false;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      tree a = gimple_call_arg (call, i);
      if (dm_mentions (a, &r->derived)
	  && !((TREE_CODE (a) == SSA_NAME || VAR_P (a)
		|| TREE_CODE (a) == PARM_DECL)
	       && POINTER_TYPE_P (TREE_TYPE (a))))
	return false;
    }
  return true;
}

/* Pass 2: every statement that names BASE or an address made from it
   either makes another such address (pointer arithmetic, a copy) or
   stores through one, storing a value that is not one.  Anything else
   (a load, a call, a comparison, an asm) sets R->bad.  */
static void
dm_check_uses (gimple_seq seq, dm_region *r)
{
  for (gimple_stmt_iterator gsi = gsi_start (seq); !gsi_end_p (gsi)
       && !r->bad; gsi_next (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      if (dm_unknown_container (stmt) || gimple_code (stmt) == GIMPLE_ASM)
	{
	  r->bad = true;
	  return;
	}
      if (gbind *b = dyn_cast <gbind *> (stmt))
	{
	  dm_check_uses (gimple_bind_body (b), r);
	  continue;
	}
      if (gtry *t = dyn_cast <gtry *> (stmt))
	{
	  dm_check_uses (gimple_try_eval (t), r);
	  dm_check_uses (gimple_try_cleanup (t), r);
	  continue;
	}
      if (gomp_for *f = dyn_cast <gomp_for *> (stmt))
	{
	  for (unsigned i = 0; i < gimple_omp_for_collapse (f); i++)
	    if (dm_mentions (gimple_omp_for_initial (f, i), &r->derived)
		|| dm_mentions (gimple_omp_for_final (f, i), &r->derived)
		|| dm_mentions (gimple_omp_for_incr (f, i), &r->derived))
	      r->bad = true;
	  if (dm_clauses_name (f, r))
	    r->bad = true;
	  dm_check_uses (gimple_omp_for_pre_body (f), r);
	  dm_check_uses (gimple_omp_body (f), r);
	  continue;
	}
      if (is_gimple_omp (stmt) && gimple_has_substatements (stmt))
	{
	  if (dm_clauses_name (stmt, r))
	    r->bad = true;
	  dm_check_uses (gimple_omp_body (stmt), r);
	  continue;
	}
      /* A call may read or write a variable of static storage without
	 naming it (a declare target function the region calls writes
	 the global array: SOLLVE's nested declare target test); only a
	 const function touches no memory.  */
      if (is_gimple_call (stmt) && !r->pointer && is_global_var (r->base)
	  && !(gimple_call_flags (stmt) & ECF_CONST))
	{
	  r->bad = true;
	  return;
	}
      /* Every operand, those kept outside the operand vector too (an
	 atomic load's address).  */
      if (!dm_stmt_mentions (r, stmt))
	continue;
      if (r->calls_ok && is_gimple_call (stmt)
	  && dm_call_given_only (as_a <gcall *> (stmt), r))
	{
	  r->called = true;
	  continue;
	}
      if (!is_gimple_assign (stmt))
	{
	  r->bad = true;
	  return;
	}
      tree lhs = gimple_assign_lhs (stmt);
      tree v = dm_assigned_var (stmt);
      if (v && (r->read_only || r->record) && gimple_assign_load_p (stmt))
	{
	  /* A load of a plain value through a derived address, at
	     indices that are no addresses.  */
	  tree rhs = gimple_assign_rhs1 (stmt);
	  tree root = dm_ref_root (rhs);
	  if (!root || !r->derived.contains (root)
	      || r->derived.contains (v)
	      || !(INTEGRAL_TYPE_P (TREE_TYPE (v))
		   || SCALAR_FLOAT_TYPE_P (TREE_TYPE (v))
		   || TREE_CODE (TREE_TYPE (v)) == COMPLEX_TYPE
		   || TREE_CODE (TREE_TYPE (v)) == VECTOR_TYPE))
	    r->bad = true;
	  for (tree ref = rhs; handled_component_p (ref);
	       ref = TREE_OPERAND (ref, 0))
	    if (TREE_CODE (ref) == ARRAY_REF
		&& dm_mentions (TREE_OPERAND (ref, 1), &r->derived))
	      r->bad = true;
	  continue;
	}
      if (v)
	{
	  /* Address arithmetic: the new address is derived itself and
	     checked where it is used.  */
	  enum tree_code code = gimple_assign_rhs_code (stmt);
	  if (!POINTER_TYPE_P (TREE_TYPE (v))
	      || (code != POINTER_PLUS_EXPR && code != SSA_NAME
		  && code != VAR_DECL && code != PARM_DECL
		  && code != ADDR_EXPR && !CONVERT_EXPR_CODE_P (code)))
	    r->bad = true;
	  else if (code == POINTER_PLUS_EXPR
		   && dm_mentions (gimple_assign_rhs2 (stmt), &r->derived))
	    r->bad = true;
	  else if (code == ADDR_EXPR)
	    {
	      /* &BASE[i] or &p->... : an address, not a load.  */
	      tree op = TREE_OPERAND (gimple_assign_rhs1 (stmt), 0);
	      if (!dm_ref_root (op) || !r->derived.contains (dm_ref_root (op)))
		r->bad = true;
	    }
	  continue;
	}
      /* A store: through a derived address (or into the array itself),
	 of a value that does not hold one.  */
      tree root = dm_ref_root (lhs);
      if (r->read_only || !root || !r->derived.contains (root)
	  || gimple_num_ops (stmt) != 2
	  || dm_mentions (gimple_assign_rhs1 (stmt), &r->derived))
	r->bad = true;
      else
	{
	  /* The indices of the reference may not be addresses.  */
	  for (tree ref = lhs; handled_component_p (ref);
	       ref = TREE_OPERAND (ref, 0))
	    if (TREE_CODE (ref) == ARRAY_REF
		&& dm_mentions (TREE_OPERAND (ref, 1), &r->derived))
	      r->bad = true;
	}
    }
}

/* ---- the iterations a path runs in ---------------------------------- */

/* Where control is, iterations of the loops around in which it gets
   there, as a union of boxes: per box one range per entry of
   dm_walk::loops (inclusive).  The conditions on the way narrow them.
   A box only ever holds iterations that get there (it may leave some
   out): a store made there runs in each of them (dm_region::
   cond_stores).  No box: none known.  KNOWN: the loop's bounds are
   constants (ranges of other loops are never narrowed).  */
#define DM_BOX_LOOPS 8
#define DM_BOX_MAX 16
struct dm_range
{
  HOST_WIDE_INT lo, hi;
};

struct dm_box
{
  unsigned n = 0;			/* loops */
  unsigned nb = 1;			/* boxes */
  bool known[DM_BOX_LOOPS];
  dm_range r[DM_BOX_MAX][DM_BOX_LOOPS];
};

/* ---- values ---------------------------------------------------------- */

struct dm_walk
{
  dm_region *r;
  auto_vec<dm_loop> loops;
  auto_vec<dm_binding> env;
  /* Variables assigned since the walk entered the innermost loop, to be
     forgotten when it leaves it (a variable may be listed more than
     once: forgetting is the same again).  */
  vec<tree> *changed;
  /* The statements right before the construct that compute its
     clauses' values (see dm_prelude).  */
  hash_set<gimple *> prelude;
  unsigned serials = 0;		/* loops visited (dm_loop::serial) */
  /* The walk knows every path to where it is: values are computed.  */
  bool known = true;
  /* The iterations in which control is here, as far as the conditions
     on the way say (dm_box).  */
  dm_box box;
  /* What variables assigned since the last label hold (dm_formula).  */
  auto_vec<struct dm_formula> formulas;
  auto_vec<std::pair<tree, unsigned> > fvars;
};

static dm_binding *
dm_bound (dm_walk *w, tree var)
{
  for (dm_binding &b : w->env)
    if (b.var == var)
      return &b;
  return NULL;
}

static void
dm_bind (dm_walk *w, tree var, const dm_poly &value)
{
  if (w->changed)
    w->changed->safe_push (var);
  dm_binding *b = dm_bound (w, var);
  if (!value.ok)
    {
      if (b)
	*b = w->env.pop ();
      return;
    }
  if (b)
    b->value = value;
  else
    w->env.safe_push (dm_binding { var, value });
}

static bool
dm_is_index (dm_walk *w, tree var)
{
  for (dm_loop &l : w->loops)
    if (l.index == var)
      return true;
  return false;
}

/* May arithmetic in TYPE wrap where the address computation would not?
   Signed overflow is undefined, and 64-bit arithmetic wraps as
   addresses do.  */
static bool
dm_wrapping_type (tree type)
{
  return !INTEGRAL_TYPE_P (type) && !POINTER_TYPE_P (type) ? true
	 : TYPE_UNSIGNED (type) && TYPE_PRECISION (type) < POINTER_SIZE;
}

static dm_poly dm_eval (dm_walk *w, tree t, int depth);

/* The integer constant T.  An unsigned one of an address's width that
   does not fit a signed word is a negative offset (a[i - 1] scales to
   2^64 - 8): arithmetic in that width wraps as addresses do.  */
static dm_poly
dm_int_const (tree t)
{
  if (tree_fits_shwi_p (t))
    return dm_poly_const (tree_to_shwi (t));
  tree type = TREE_TYPE (t);
  if ((INTEGRAL_TYPE_P (type) || POINTER_TYPE_P (type))
      && TYPE_UNSIGNED (type) && TYPE_PRECISION (type) == POINTER_SIZE
      && tree_fits_uhwi_p (t))
    return dm_poly_const ((HOST_WIDE_INT) tree_to_uhwi (t));
  return dm_poly_fail ();
}

static dm_poly
dm_eval_code (dm_walk *w, enum tree_code code, tree type, tree op0, tree op1,
	      int depth)
{
  switch (code)
    {
    case INTEGER_CST:
    case SSA_NAME:
    case VAR_DECL:
    case PARM_DECL:
    case COMPONENT_REF:
      return dm_eval (w, op0, depth);
    CASE_CONVERT:
      if (!INTEGRAL_TYPE_P (TREE_TYPE (op0))
	  && !POINTER_TYPE_P (TREE_TYPE (op0)))
	return dm_poly_fail ();
      return dm_eval (w, op0, depth);
    case PLUS_EXPR:
    case POINTER_PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
      {
	if (code != POINTER_PLUS_EXPR && dm_wrapping_type (type))
	  return dm_poly_fail ();
	dm_poly a = dm_eval (w, op0, depth), b = dm_eval (w, op1, depth);
	if (code == MULT_EXPR)
	  return dm_poly_mul (a, b);
	return dm_poly_addmul (a, b, code == MINUS_EXPR ? -1 : 1);
      }
    default:
      return dm_poly_fail ();
    }
}

/* A member of integral type of a local variable, such as a count in a
   structure passed by value (XSBench's in.lookups), as an atom: the
   same value before the construct and in the region, where nothing can
   change it (the variable is not addressable and the region stores no
   part of it).  NULL_TREE where that cannot be said.  */
static tree
dm_field_atom (dm_walk *w, tree t)
{
  if (!INTEGRAL_TYPE_P (TREE_TYPE (t)) || TREE_THIS_VOLATILE (t))
    return NULL_TREE;
  tree d = t;
  while (TREE_CODE (d) == COMPONENT_REF)
    {
      if (TREE_THIS_VOLATILE (d) || TREE_OPERAND (d, 2))
	return NULL_TREE;
      d = TREE_OPERAND (d, 0);
    }
  if ((!VAR_P (d) && TREE_CODE (d) != PARM_DECL) || TREE_ADDRESSABLE (d)
      || TREE_THIS_VOLATILE (d) || TREE_STATIC (d) || DECL_EXTERNAL (d)
      || dm_assigned_p (w->r, d) || dm_part_stored_p (w->r, d))
    return NULL_TREE;
  for (tree f : w->r->fields)
    if (operand_equal_p (f, t, 0))
      return f;
  w->r->fields.safe_push (t);
  return t;
}

/* The value of T where the walk is: a polynomial in loop indices and
   variables the region leaves alone, or a failure.  */
static dm_poly
dm_eval (dm_walk *w, tree t, int depth)
{
  if (depth > 24)
    return dm_poly_fail ();
  switch (TREE_CODE (t))
    {
    case INTEGER_CST:
      return dm_int_const (t);
    case NOP_EXPR:
    case CONVERT_EXPR:
      return dm_eval_code (w, NOP_EXPR, TREE_TYPE (t), TREE_OPERAND (t, 0),
			   NULL_TREE, depth + 1);
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case POINTER_PLUS_EXPR:
      return dm_eval_code (w, TREE_CODE (t), TREE_TYPE (t),
			   TREE_OPERAND (t, 0), TREE_OPERAND (t, 1),
			   depth + 1);
    case ADDR_EXPR:
      if (TREE_OPERAND (t, 0) == w->r->base && !w->r->pointer)
	return dm_poly_atom (w->r->base);
      return dm_poly_fail ();
    case COMPONENT_REF:
      if (tree f = dm_field_atom (w, t))
	return dm_poly_atom (f);
      return dm_poly_fail ();
    case SSA_NAME:
    case VAR_DECL:
    case PARM_DECL:
      break;
    default:
      return dm_poly_fail ();
    }
  if (t == w->r->base && w->r->pointer)
    return dm_poly_atom (t);
  if (dm_is_index (w, t))
    return dm_poly_atom (t);
  if (dm_binding *b = dm_bound (w, t))
    return b->value;
  if (dm_assigned_p (w->r, t))
    return dm_poly_fail ();
  if (TREE_CODE (t) == SSA_NAME)
    {
      /* A temporary of the code before the construct.  */
      gimple *def = SSA_NAME_DEF_STMT (t);
      if (!def || !is_gimple_assign (def) || gimple_num_ops (def) > 3
	  || !w->prelude.contains (def))
	return dm_poly_fail ();
      return dm_eval_code (w, gimple_assign_rhs_code (def), TREE_TYPE (t),
			   gimple_assign_rhs1 (def),
			   gimple_num_ops (def) > 2
			   ? gimple_assign_rhs2 (def) : NULL_TREE, depth + 1);
    }
  /* A variable: invariant where nothing can change it behind the
     region's back (not addressable, not shared with other code).  */
  if (!INTEGRAL_TYPE_P (TREE_TYPE (t)) || TREE_ADDRESSABLE (t)
      || TREE_THIS_VOLATILE (t)
      || ((TREE_STATIC (t) || DECL_EXTERNAL (t)) && !TREE_READONLY (t)))
    return dm_poly_fail ();
  return dm_poly_atom (t);
}

/* ---- the walk -------------------------------------------------------- */

/* The byte address of memory reference REF as BASE + offset, or a
   failure.  */
static dm_poly
dm_eval_address (dm_walk *w, tree ref, int depth)
{
  if (depth > 8)
    return dm_poly_fail ();
  switch (TREE_CODE (ref))
    {
    case MEM_REF:
      {
	dm_poly p = dm_eval (w, TREE_OPERAND (ref, 0), 0);
	dm_poly off = dm_int_const (TREE_OPERAND (ref, 1));
	return dm_poly_addmul (p, off, 1);
      }
    case ARRAY_REF:
      {
	tree elt = TYPE_SIZE_UNIT (TREE_TYPE (ref));
	tree low = array_ref_low_bound (ref);
	if (!elt || !tree_fits_shwi_p (elt) || !integer_zerop (low)
	    || TREE_OPERAND (ref, 3))
	  return dm_poly_fail ();
	dm_poly idx = dm_eval (w, TREE_OPERAND (ref, 1), 0);
	dm_poly base = dm_eval_address (w, TREE_OPERAND (ref, 0), depth + 1);
	return dm_poly_addmul (base, dm_poly_mul (idx, dm_poly_const
						       (tree_to_shwi (elt))),
			       1);
      }
    case VAR_DECL:
    case PARM_DECL:
      if (ref == w->r->base && !w->r->pointer)
	return dm_poly_atom (ref);
      return dm_poly_fail ();
    default:
      return dm_poly_fail ();
    }
}

/* Where the reference REF of STMT is in the walk: false if the walk
   cannot say.  */
static bool
dm_place_of (dm_walk *w, tree ref, dm_place *at)
{
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (ref));
  if (!size || !tree_fits_shwi_p (size)
      || w->loops.length () > DM_MAX_LOOPS)
    return false;
  at->size = tree_to_shwi (size);
  at->offset = dm_poly_addmul (dm_eval_address (w, ref, 0),
			       dm_poly_atom (w->r->base), -1);
  if (!at->offset.ok || dm_poly_mentions (at->offset, w->r->base))
    return false;
  at->nloops = w->loops.length ();
  for (unsigned k = 0; k < at->nloops; k++)
    at->loops[k] = w->loops[k];
  return true;
}

/* Do A and B access the same bytes in the same iteration (the same
   visits of the same loops)?  */
static bool
dm_same_place (const dm_place &a, const dm_place &b)
{
  if (a.nloops != b.nloops || a.size != b.size
      || !dm_poly_equal (a.offset, b.offset))
    return false;
  for (unsigned k = 0; k < a.nloops; k++)
    if (a.loops[k].serial != b.loops[k].serial)
      return false;
  return true;
}

/* Does a store at AT, run unconditionally once for every combination
   of the indices of its loops, write every byte of the item?  Its
   offset must enumerate the item: the indices (each of them used, each
   linearly) step through consecutive elements, innermost first.  */
static bool
dm_place_covers (dm_walk *w, const dm_place &at)
{
  unsigned n = at.nloops;
  if (n == 0)
    return false;
  dm_poly coef[DM_MAX_LOOPS], ext[DM_MAX_LOOPS];
  dm_poly rest = at.offset;
  for (unsigned k = 0; k < n; k++)
    {
      dm_poly c;
      if (!dm_poly_split (rest, at.loops[k].index, &c, &rest))
	return false;
      for (unsigned j = 0; j < n; j++)
	if (dm_poly_mentions (c, at.loops[j].index)
	    || dm_poly_mentions (at.loops[k].extent, at.loops[j].index)
	    || dm_poly_mentions (at.loops[k].lo, at.loops[j].index))
	  return false;
      coef[k] = c;
    }
  /* A loop from LO: its index is LO + I' for I' from 0, which moves the
     first address by COEF * LO and leaves EXTENT - LO iterations.  */
  for (unsigned k = 0; k < n; k++)
    {
      rest = dm_poly_addmul (rest, dm_poly_mul (coef[k], at.loops[k].lo), 1);
      ext[k] = dm_poly_addmul (at.loops[k].extent, at.loops[k].lo, -1);
    }
  if (!rest.ok || rest.n != 0)
    return false;
  /* Some order of the loops in which each coefficient is the previous
     one times the previous extent, starting from the element size.  */
  static const unsigned perms[6][3] = { { 0, 1, 2 }, { 0, 2, 1 },
					 { 1, 0, 2 }, { 1, 2, 0 },
					 { 2, 0, 1 }, { 2, 1, 0 } };
  for (const unsigned *perm : perms)
    {
      bool valid = true;
      for (unsigned k = 0; k < n; k++)
	valid &= perm[k] < n;
      if (!valid)
	continue;
      dm_poly step = dm_poly_const (at.size);
      unsigned k;
      for (k = 0; k < n; k++)
	{
	  if (!dm_poly_equal (coef[perm[k]], step))
	    break;
	  step = dm_poly_mul (step, ext[perm[k]]);
	}
      if (k == n && dm_poly_equal (step, w->r->length))
	{
	  w->r->ncounts = n;
	  for (k = 0; k < n; k++)
	    w->r->counts[k] = ext[k];
	  return true;
	}
    }
  return false;
}

/* A store of the item met on the way through a range (dm_walk_range):
   where it falls, whether it has been counted (it runs whenever the
   region does), and for the stores known on the jumps to a label, that
   LABEL.  */
struct dm_path_store
{
  tree label;
  bool counted;
  dm_place at;
};

/* The store at AT runs whenever the region does: record it, or see
   whether it covers the item.  */
static void
dm_count_store (dm_walk *w, dm_path_store *s)
{
  s->counted = true;
  if (w->r->record)
    w->r->stores.safe_push (s->at);
  else if (dm_place_covers (w, s->at))
    w->r->covered = true;
}

/* Is some store of LIST at the place of AT?  */
static bool
dm_stored_at (const vec<dm_path_store> &list, const dm_place &at)
{
  for (const dm_path_store &s : list)
    if (dm_same_place (s.at, at))
      return true;
  return false;
}

/* The load STMT: covered by an earlier store of the same iteration,
   one that always runs or one on every path to it (PATH), or
   exposed.  */
static void
dm_note_load (dm_walk *w, gimple *stmt, const vec<dm_path_store> &path)
{
  dm_place at;
  if (!dm_place_of (w, gimple_assign_rhs1 (stmt), &at))
    {
      w->r->unknown_read = true;
      return;
    }
  for (const dm_place &st : w->r->stores)
    if (dm_same_place (st, at))
      return;
  if (dm_stored_at (path, at))
    return;
  w->r->exposed.safe_push (at);
}

/* INCR is INDEX = INDEX + 1?  */
static bool
dm_unit_increment (tree index, tree incr)
{
  return incr && (TREE_CODE (incr) == PLUS_EXPR
		  || TREE_CODE (incr) == POINTER_PLUS_EXPR)
	 && TREE_OPERAND (incr, 0) == index
	 && integer_onep (TREE_OPERAND (incr, 1));
}

/* The bound of a loop while INDEX COND FINAL (its extent when it starts
   at 0), or a failure.  */
static dm_poly
dm_extent (dm_walk *w, enum tree_code cond, tree final)
{
  dm_poly f = dm_eval (w, final, 0);
  if (cond == LT_EXPR)
    return f;
  if (cond == LE_EXPR)
    return dm_poly_addmul (f, dm_poly_const (1), 1);
  return dm_poly_fail ();
}

/* The value of P if it is a constant.  */
static bool
dm_poly_constant (const dm_poly &p, HOST_WIDE_INT *value)
{
  if (!p.ok || p.n > 1 || (p.n == 1 && p.t[0].n != 0))
    return false;
  *value = p.n ? p.t[0].coef : 0;
  return true;
}

/* Constants the box arithmetic may add and multiply without overflow.  */
#define DM_BOX_LIMIT ((HOST_WIDE_INT) 1 << 40)

/* W enters loop L: in every box, its range is all its iterations.  */
static void
dm_push_loop (dm_walk *w, const dm_loop &l)
{
  w->loops.safe_push (l);
  w->fvars.truncate (0);
  dm_box &box = w->box;
  HOST_WIDE_INT lo = 0, end = 1;
  if (box.n < DM_BOX_LOOPS)
    {
      bool known = (dm_poly_constant (l.lo, &lo)
		    && dm_poly_constant (l.extent, &end)
		    && lo > -DM_BOX_LIMIT && end < DM_BOX_LIMIT);
      box.known[box.n] = known;
      for (unsigned b = 0; b < box.nb; b++)
	box.r[b][box.n] = known ? dm_range { lo, end - 1 } : dm_range { 0, 0 };
    }
  box.n++;
}

static void
dm_pop_loop (dm_walk *w)
{
  w->loops.pop ();
  w->fvars.truncate (0);
  w->box.n--;
}

/* Add box R (of N loops) to the union U, unless it is empty or there
   already; past DM_BOX_MAX it is left out.  */
static void
dm_box_add (dm_box *u, const dm_range *r, unsigned n)
{
  for (unsigned k = 0; k < n; k++)
    if (r[k].lo > r[k].hi)
      return;
  for (unsigned b = 0; b < u->nb; b++)
    if (!memcmp (u->r[b], r, n * sizeof *r))
      return;
  if (u->nb < DM_BOX_MAX)
    memcpy (u->r[u->nb++], r, n * sizeof *r);
}

/* Add to U the part of box R where its index K satisfies CODE V.  */
static void
dm_box_add_narrowed (dm_box *u, const dm_range *r, unsigned n, unsigned k,
		     enum tree_code code, HOST_WIDE_INT v)
{
  dm_range x[DM_BOX_LOOPS];
  memcpy (x, r, n * sizeof *r);
  dm_range &d = x[k];
  switch (code)
    {
    case EQ_EXPR:
      d.lo = MAX (d.lo, v);
      d.hi = MIN (d.hi, v);
      break;
    case NE_EXPR:
      /* Below V and above it.  */
      d.hi = MIN (d.hi, v - 1);
      dm_box_add (u, x, n);
      d = r[k];
      d.lo = MAX (d.lo, v + 1);
      break;
    case LT_EXPR:
      d.hi = MIN (d.hi, v - 1);
      break;
    case LE_EXPR:
      d.hi = MIN (d.hi, v);
      break;
    case GT_EXPR:
      d.lo = MAX (d.lo, v + 1);
      break;
    case GE_EXPR:
      d.lo = MAX (d.lo, v);
      break;
    default:
      return;
    }
  dm_box_add (u, x, n);
}

/* ---- tests of loop indices ---------------------------------------- */

/* What a variable of the region holds, as far as tests of loop indices
   go: an affine value of one index, or a test of such values.  GCC
   folds `i == 0 || i == n - 1' into t1 = i == 0; t2 = i == n - 1;
   t3 = t1 | t2; if (t3 != 0), and `i < 1 || i > n - 2' into
   (unsigned) i - 1 > n - 3: the walk follows both.  */
enum dm_fkind { DM_F_UNKNOWN, DM_F_VALUE, DM_F_CMP, DM_F_OR, DM_F_AND,
		DM_F_NOT };

/* The values formulas handle: small enough that no sum overflows and
   unsigned views of negative ones stay far above the constants.  */
#define DM_F_LIMIT ((HOST_WIDE_INT) 1 << 28)

struct dm_formula
{
  dm_fkind kind;
  /* DM_F_VALUE, DM_F_CMP: E = C * I + K, I the index of loop LOOP (C 0:
     a constant), held modulo 2^PREC where PREC is not 0 (unsigned).  */
  unsigned loop;
  HOST_WIDE_INT c, k;
  unsigned prec;
  /* DM_F_CMP: E CODE V (V unsigned where PREC is not 0).  */
  enum tree_code code;
  unsigned HOST_WIDE_INT v;
  /* DM_F_OR, DM_F_AND, DM_F_NOT: the operands (dm_walk::formulas).  */
  unsigned a, b;
};

static unsigned
dm_formula_push (dm_walk *w, const dm_formula &f)
{
  w->formulas.safe_push (f);
  return w->formulas.length () - 1;
}

static unsigned
dm_formula_unknown (dm_walk *w)
{
  dm_formula f;
  memset (&f, 0, sizeof f);
  f.kind = DM_F_UNKNOWN;
  return dm_formula_push (w, f);
}

/* The formula variable V holds, or -1.  */
static int
dm_formula_of_var (dm_walk *w, tree v)
{
  for (auto &fv : w->fvars)
    if (fv.first == v)
      return fv.second;
  return -1;
}

/* T as an affine value (DM_F_VALUE) in *F.  */
static bool
dm_affine (dm_walk *w, tree t, dm_formula *f)
{
  memset (f, 0, sizeof *f);
  f->kind = DM_F_VALUE;
  tree type = TREE_TYPE (t);
  if (!INTEGRAL_TYPE_P (type) || TYPE_PRECISION (type) > 64)
    return false;
  unsigned prec = TYPE_UNSIGNED (type) ? TYPE_PRECISION (type) : 0;
  if (TREE_CODE (t) == INTEGER_CST)
    {
      /* The signed representative of an unsigned constant.  */
      if (!wi::fits_shwi_p (wi::to_wide (t)) && !prec)
	return false;
      HOST_WIDE_INT k = prec ? wi::sext (wi::to_wide (t), prec).to_shwi ()
			     : tree_to_shwi (t);
      if (k <= -DM_F_LIMIT || k >= DM_F_LIMIT)
	return false;
      f->k = k;
      f->prec = prec;
      return true;
    }
  int at = dm_formula_of_var (w, t);
  if (at >= 0)
    {
      *f = w->formulas[at];
      return f->kind == DM_F_VALUE;
    }
  for (unsigned j = 0; j < w->loops.length () && j < DM_BOX_LOOPS; j++)
    if (w->loops[j].index == t)
      {
	if (!w->box.known[j])
	  return false;
	f->c = 1;
	f->loop = j;
	f->prec = prec;
	return true;
      }
  if (prec)
    return false;
  /* A signed value the walk computes.  */
  dm_poly d = dm_eval (w, t, 0);
  if (!d.ok)
    return false;
  for (unsigned i = 0; i < d.n; i++)
    {
      const dm_term &term = d.t[i];
      if (term.n == 0)
	{
	  f->k = term.coef;
	  continue;
	}
      if (term.n != 1 || f->c != 0 || (term.coef != 1 && term.coef != -1))
	return false;
      unsigned j;
      for (j = 0; j < w->loops.length () && j < DM_BOX_LOOPS; j++)
	if (w->loops[j].index == term.atoms[0])
	  break;
      if (j == w->loops.length () || j == DM_BOX_LOOPS || !w->box.known[j])
	return false;
      f->c = term.coef;
      f->loop = j;
    }
  return f->k > -DM_F_LIMIT && f->k < DM_F_LIMIT;
}

/* A boolean formula (0 or 1) of T, or -1.  */
static int
dm_bool_formula (dm_walk *w, tree t)
{
  int at = TREE_CODE (t) == INTEGER_CST ? -1 : dm_formula_of_var (w, t);
  if (at < 0 || w->formulas[at].kind == DM_F_VALUE
      || w->formulas[at].kind == DM_F_UNKNOWN)
    return -1;
  return at;
}

/* The formula of OP0 CODE OP1, CODE a comparison.  */
static unsigned
dm_compare_formula (dm_walk *w, enum tree_code code, tree op0, tree op1)
{
  dm_formula a, b;
  if (!dm_affine (w, op0, &a) || !dm_affine (w, op1, &b))
    return dm_formula_unknown (w);
  if (a.c == 0)
    {
      std::swap (a, b);
      code = swap_tree_comparison (code);
    }
  if (b.c != 0)
    return dm_formula_unknown (w);
  /* Unsigned: both sides in the comparison's width; the constant as
     an unsigned value.  */
  unsigned prec = TYPE_UNSIGNED (TREE_TYPE (op0))
		  ? TYPE_PRECISION (TREE_TYPE (op0)) : 0;
  if (prec && (prec < 32 || (a.c && a.prec != prec)))
    return dm_formula_unknown (w);
  if (prec == 0 && a.prec)
    return dm_formula_unknown (w);
  dm_formula f = a;
  f.kind = DM_F_CMP;
  f.code = code;
  f.prec = prec;
  if (prec)
    f.v = b.k >= 0 ? (unsigned HOST_WIDE_INT) b.k
	  : (prec == 64 ? (unsigned HOST_WIDE_INT) b.k
	     : (unsigned HOST_WIDE_INT) b.k
	       + ((unsigned HOST_WIDE_INT) 1 << prec));
  else
    f.v = (unsigned HOST_WIDE_INT) b.k;
  switch (code)
    {
    case EQ_EXPR: case NE_EXPR: case LT_EXPR: case LE_EXPR:
    case GT_EXPR: case GE_EXPR:
      return dm_formula_push (w, f);
    default:
      return dm_formula_unknown (w);
    }
}

/* The assignment STMT to V: note what V holds now.  */
static void
dm_note_formula (dm_walk *w, gimple *stmt, tree v)
{
  int known = -1;
  enum tree_code code = gimple_assign_rhs_code (stmt);
  tree op0 = gimple_assign_rhs1 (stmt);
  tree op1 = gimple_num_ops (stmt) > 2 ? gimple_assign_rhs2 (stmt) : NULL;
  tree type = TREE_TYPE (v);
  if (!INTEGRAL_TYPE_P (type) || TREE_ADDRESSABLE (v) || !w->known)
    ;
  else if (TREE_CODE_CLASS (code) == tcc_comparison
	   && INTEGRAL_TYPE_P (TREE_TYPE (op0)))
    known = dm_compare_formula (w, code, op0, op1);
  else if (code == BIT_IOR_EXPR || code == BIT_AND_EXPR
	   || code == TRUTH_OR_EXPR || code == TRUTH_AND_EXPR)
    {
      int a = dm_bool_formula (w, op0), b = dm_bool_formula (w, op1);
      if (a >= 0 && b >= 0)
	{
	  dm_formula f;
	  memset (&f, 0, sizeof f);
	  f.kind = code == BIT_IOR_EXPR || code == TRUTH_OR_EXPR
		   ? DM_F_OR : DM_F_AND;
	  f.a = a;
	  f.b = b;
	  known = dm_formula_push (w, f);
	}
    }
  else if (code == TRUTH_NOT_EXPR
	   || (code == BIT_XOR_EXPR && op1 && integer_onep (op1)))
    {
      int a = dm_bool_formula (w, op0);
      if (a >= 0)
	{
	  dm_formula f;
	  memset (&f, 0, sizeof f);
	  f.kind = DM_F_NOT;
	  f.a = a;
	  known = dm_formula_push (w, f);
	}
    }
  else if ((CONVERT_EXPR_CODE_P (code) || code == SSA_NAME
	    || code == VAR_DECL) && INTEGRAL_TYPE_P (TREE_TYPE (op0)))
    {
      int a = dm_bool_formula (w, op0);
      dm_formula f;
      if (a >= 0)
	known = a;			/* 0 or 1 in any integer type */
      else if (dm_affine (w, op0, &f) && f.c != 0)
	{
	  unsigned to = TYPE_UNSIGNED (type) ? TYPE_PRECISION (type) : 0;
	  unsigned from = TYPE_PRECISION (TREE_TYPE (op0));
	  /* Exact, or the same value seen modulo a width of 32 or more.  */
	  if ((f.prec == 0 && !to && TYPE_PRECISION (type) >= from)
	      || (to >= 32 && (f.prec == 0 || f.prec == to)))
	    {
	      f.prec = to;
	      known = dm_formula_push (w, f);
	    }
	}
    }
  else if ((code == PLUS_EXPR || code == MINUS_EXPR)
	   && TREE_CODE (op1) == INTEGER_CST)
    {
      dm_formula f, c;
      unsigned prec = TYPE_UNSIGNED (type) ? TYPE_PRECISION (type) : 0;
      if (dm_affine (w, op0, &f) && f.c != 0 && f.prec == prec
	  && (!prec || prec >= 32) && dm_affine (w, op1, &c))
	{
	  f.k += code == PLUS_EXPR ? c.k : -c.k;
	  if (f.k > -DM_F_LIMIT && f.k < DM_F_LIMIT)
	    known = dm_formula_push (w, f);
	}
    }
  for (auto &fv : w->fvars)
    if (fv.first == v)
      {
	if (known >= 0)
	  fv.second = known;
	else
	  fv = w->fvars.pop ();
	return;
      }
  if (known >= 0)
    w->fvars.safe_push (std::make_pair (v, (unsigned) known));
}

/* Add to U box R (of N loops) where the test F (DM_F_CMP) is WANT.  */
static void
dm_box_add_test (dm_box *u, const dm_range *r, unsigned n,
		 const dm_formula &f, bool want)
{
  enum tree_code code = want ? f.code : invert_tree_comparison (f.code,
								 false);
  if (f.c == 0)
    {
      /* Always or never.  */
      HOST_WIDE_INT e = f.k;
      bool holds;
      if (f.prec && e < 0)
	holds = code == GT_EXPR || code == GE_EXPR || code == NE_EXPR;
      else
	{
	  HOST_WIDE_INT v = (HOST_WIDE_INT) f.v;
	  if (f.prec && f.v >= (unsigned HOST_WIDE_INT) DM_BOX_LIMIT)
	    v = DM_BOX_LIMIT;
	  switch (code)
	    {
	    case EQ_EXPR: holds = e == v; break;
	    case NE_EXPR: holds = e != v; break;
	    case LT_EXPR: holds = e < v; break;
	    case LE_EXPR: holds = e <= v; break;
	    case GT_EXPR: holds = e > v; break;
	    case GE_EXPR: holds = e >= v; break;
	    default: return;
	    }
	}
      if (holds)
	dm_box_add (u, r, n);
      return;
    }
  const dm_range &d = r[f.loop];
  if (d.lo <= -DM_F_LIMIT || d.hi >= DM_F_LIMIT)
    return;
  dm_range x[DM_BOX_LOOPS];
  memcpy (x, r, n * sizeof *r);
  /* E = C * I + K is at least 0 for I in [ZLO, ZHI], negative in the
     rest of the range.  */
  HOST_WIDE_INT zlo = d.lo, zhi = d.hi;
  if (f.prec)
    {
      if (f.c == 1)
	zlo = MAX (zlo, -f.k);
      else
	zhi = MIN (zhi, f.k);
      /* Negative E: seen as 2^PREC + E, above every constant but those
	 within DM_F_LIMIT * 4 of 2^PREC.  */
      unsigned HOST_WIDE_INT top
	= f.prec == 64 ? -(unsigned HOST_WIDE_INT) (4 * DM_F_LIMIT)
	  : ((unsigned HOST_WIDE_INT) 1 << f.prec) - 4 * DM_F_LIMIT;
      if (f.v < top
	  && (code == GT_EXPR || code == GE_EXPR || code == NE_EXPR))
	{
	  if (f.c == 1 && d.lo < -f.k)
	    {
	      x[f.loop] = dm_range { d.lo, MIN (d.hi, -f.k - 1) };
	      dm_box_add (u, x, n);
	    }
	  if (f.c == -1 && d.hi > f.k)
	    {
	      x[f.loop] = dm_range { MAX (d.lo, f.k + 1), d.hi };
	      dm_box_add (u, x, n);
	    }
	}
      if (zlo > zhi)
	return;
      x[f.loop] = dm_range { zlo, zhi };
      /* E itself, at most DM_F_LIMIT * 2: below any larger constant.  */
      if (f.v >= (unsigned HOST_WIDE_INT) DM_BOX_LIMIT)
	{
	  if (code == LT_EXPR || code == LE_EXPR || code == NE_EXPR)
	    dm_box_add (u, x, n);
	  return;
	}
    }
  /* C * I + K CODE V is I CODE' V'.  */
  HOST_WIDE_INT v = (HOST_WIDE_INT) f.v;
  if (!f.prec && (v <= -DM_BOX_LIMIT || v >= DM_BOX_LIMIT))
    return;
  HOST_WIDE_INT bound = f.c == 1 ? v - f.k : f.k - v;
  if (f.c == -1)
    code = swap_tree_comparison (code);
  dm_box_add_narrowed (u, x, n, f.loop, code, bound);
}

/* The part of the boxes IN where formula F is WANT.  */
static dm_box
dm_boxes_where (dm_walk *w, unsigned f, bool want, const dm_box &in,
		int depth = 0)
{
  dm_box out = in;
  out.nb = 0;
  const dm_formula fm = w->formulas[f];
  if (depth > 16 || in.n > DM_BOX_LOOPS)
    return out;
  switch (fm.kind)
    {
    case DM_F_CMP:
      for (unsigned b = 0; b < in.nb; b++)
	dm_box_add_test (&out, in.r[b], in.n, fm, want);
      return out;
    case DM_F_NOT:
      return dm_boxes_where (w, fm.a, !want, in, depth + 1);
    case DM_F_OR:
    case DM_F_AND:
      if ((fm.kind == DM_F_OR) == want)
	{
	  /* Either: the union.  */
	  out = dm_boxes_where (w, fm.a, want, in, depth + 1);
	  dm_box o2 = dm_boxes_where (w, fm.b, want, in, depth + 1);
	  for (unsigned b = 0; b < o2.nb; b++)
	    dm_box_add (&out, o2.r[b], o2.n);
	  return out;
	}
      /* Both: one within the other.  */
      return dm_boxes_where (w, fm.b, want,
			     dm_boxes_where (w, fm.a, want, in, depth + 1),
			     depth + 1);
    default:
      return out;
    }
}

/* The boxes of the two ways out of the condition COND: *T where it
   holds, *F where it does not (dm_boxes_where).  */
static void
dm_box_split (dm_walk *w, gcond *cond, dm_box *t, dm_box *f)
{
  *t = *f = w->box;
  t->nb = f->nb = 0;
  tree lhs = gimple_cond_lhs (cond), rhs = gimple_cond_rhs (cond);
  enum tree_code code = gimple_cond_code (cond);
  if (w->box.nb == 0 || w->box.n > DM_BOX_LOOPS || !w->known
      || !INTEGRAL_TYPE_P (TREE_TYPE (lhs)))
    return;
  int b = dm_bool_formula (w, lhs);
  unsigned at;
  bool want = true;
  if (b >= 0 && TREE_CODE (rhs) == INTEGER_CST
      && (integer_zerop (rhs) || integer_onep (rhs))
      && (code == NE_EXPR || code == EQ_EXPR))
    {
      at = b;
      want = (code == NE_EXPR) == integer_zerop (rhs);
    }
  else
    at = dm_compare_formula (w, code, lhs, rhs);
  *t = dm_boxes_where (w, at, want, w->box);
  *f = dm_boxes_where (w, at, !want, w->box);
}

/* The boxes of control that comes from two ways, A and B: the union.  */
static dm_box
dm_box_meet (const dm_box &a, const dm_box &b)
{
  dm_box u = a;
  if (a.n != b.n || a.n > DM_BOX_LOOPS)
    {
      u.nb = 0;
      return u;
    }
  for (unsigned i = 0; i < b.nb; i++)
    dm_box_add (&u, b.r[i], b.n);
  return u;
}

/* A store at AT made where the boxes of W hold: record it once per box,
   with its loops narrowed to the box.  */
static void
dm_note_cond_store (dm_walk *w, const dm_place &at)
{
  if (at.nloops > DM_BOX_LOOPS || at.nloops != w->box.n)
    return;
  for (unsigned b = 0; b < w->box.nb; b++)
    {
      dm_place p = at;
      for (unsigned k = 0; k < p.nloops; k++)
	if (w->box.known[k])
	  {
	    const dm_range &r = w->box.r[b][k];
	    p.loops[k].lo = dm_poly_const (r.lo);
	    p.loops[k].extent = dm_poly_const (r.hi + 1);
	  }
      w->r->cond_stores.safe_push (p);
    }
}

static bool dm_walk_range (dm_walk *w, gimple_stmt_iterator gsi,
			   gimple *stop, bool cond, vec<dm_path_store> *done);

/* Walk SEQ (see dm_walk_range).  */
static bool
dm_walk_seq (dm_walk *w, gimple_seq seq, bool cond,
	     vec<dm_path_store> *done = NULL)
{
  return dm_walk_range (w, gsi_start (seq), NULL, cond, done);
}

/* Walk the statements from GSI up to STOP (NULL: the end) as the body of
   a loop over INDEX (NULL_TREE: a body that runs once, whose variables
   are forgotten afterwards all the same).  COND and DONE: as for
   dm_walk_range.  The loop runs its body to the end or not at all (no
   way out): what the body's own control flow does stays inside.  */
static void
dm_walk_loop_body (dm_walk *w, tree index, const dm_poly &lo,
		   const dm_poly &extent, gimple_stmt_iterator gsi,
		   gimple *stop, bool cond, vec<dm_path_store> *done = NULL)
{
  auto_vec<tree> changed;
  vec<tree> *outer = w->changed;
  w->changed = &changed;
  dm_box box = w->box;
  if (index)
    dm_push_loop (w, dm_loop { index, lo, extent, ++w->serials });
  dm_walk_range (w, gsi, stop, cond, done);
  if (index)
    dm_pop_loop (w);
  /* After the loop, control is where it was before it.  */
  w->box = box;
  w->fvars.truncate (0);
  w->changed = outer;
  for (tree v : changed)
    dm_bind (w, v, dm_poly_fail ());
}

/* Collect the labels STMT defines and the labels its jumps go to, within
   it too; false for a way out that is no jump to a label (a switch, a
   return, exception dispatch).  */
static bool
dm_scan_jumps (gimple *stmt, hash_set<tree> *labels, vec<tree> *targets)
{
  switch (gimple_code (stmt))
    {
    case GIMPLE_LABEL:
      labels->add (gimple_label_label (as_a <glabel *> (stmt)));
      return true;
    case GIMPLE_GOTO:
      targets->safe_push (gimple_goto_dest (stmt));
      return true;
    case GIMPLE_COND:
      targets->safe_push (gimple_cond_true_label (as_a <gcond *> (stmt)));
      targets->safe_push (gimple_cond_false_label (as_a <gcond *> (stmt)));
      return true;
    case GIMPLE_SWITCH:
    case GIMPLE_RETURN:
    case GIMPLE_RESX:
    case GIMPLE_EH_DISPATCH:
    case GIMPLE_ASM:
      return false;
    default:
      break;
    }
  gimple_seq inner[2] = { NULL, NULL };
  if (gbind *b = dyn_cast <gbind *> (stmt))
    inner[0] = gimple_bind_body (b);
  else if (gtry *t = dyn_cast <gtry *> (stmt))
    inner[0] = gimple_try_eval (t), inner[1] = gimple_try_cleanup (t);
  else if (gimple_has_substatements (stmt))
    return is_gimple_omp (stmt);	/* its own body: no way out */
  for (gimple_seq seq : inner)
    for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i);
	 gsi_next (&i))
      if (!dm_scan_jumps (gsi_stmt (i), labels, targets))
	return false;
  return true;
}

/* The counted loop that starts at *GSI, as C and C++ gimplify
   `for (i = lo; i < n; i++)':

     i = lo;  goto COND;  BODY: ...  i = i + 1;  COND: if (i < n) goto
     BODY; else goto END;  END:

   On success walks its body, moves *GSI to END and returns true.  */
static bool
dm_walk_counted_loop (dm_walk *w, gimple_stmt_iterator *gsi, bool cond)
{
  gimple *init = gsi_stmt (*gsi);
  if (!gimple_assign_single_p (init))
    return false;
  tree index = gimple_assign_lhs (init);
  if (!VAR_P (index) || !INTEGRAL_TYPE_P (TREE_TYPE (index))
      || TREE_ADDRESSABLE (index))
    return false;
  gimple_stmt_iterator it = *gsi;
  gsi_next (&it);
  ggoto *jump = gsi_end_p (it) ? NULL : dyn_cast <ggoto *> (gsi_stmt (it));
  if (!jump)
    return false;
  tree cond_label = gimple_goto_dest (jump);
  gsi_next (&it);
  glabel *body_label = gsi_end_p (it) ? NULL
			: dyn_cast <glabel *> (gsi_stmt (it));
  if (!body_label)
    return false;
  gimple_stmt_iterator body_start = it;
  gsi_next (&body_start);
  /* COND's label; the statement before it is the increment.  */
  gimple_stmt_iterator c = body_start;
  gimple *prev = NULL;
  for (; !gsi_end_p (c); prev = gsi_stmt (c), gsi_next (&c))
    {
      gimple *s = gsi_stmt (c);
      if (glabel *l = dyn_cast <glabel *> (s))
	if (gimple_label_label (l) == cond_label)
	  break;
    }
  if (gsi_end_p (c) || !prev || !is_gimple_assign (prev)
      || gimple_assign_lhs (prev) != index
      || gimple_assign_rhs_code (prev) != PLUS_EXPR
      || gimple_assign_rhs1 (prev) != index
      || !integer_onep (gimple_assign_rhs2 (prev)))
    return false;
  gimple_stmt_iterator end = c;
  gsi_next (&end);
  gcond *test = gsi_end_p (end) ? NULL : dyn_cast <gcond *> (gsi_stmt (end));
  if (!test || gimple_cond_lhs (test) != index
      || gimple_cond_true_label (test) != gimple_label_label (body_label))
    return false;
  tree end_label = gimple_cond_false_label (test);
  gsi_next (&end);
  glabel *el = gsi_end_p (end) ? NULL : dyn_cast <glabel *> (gsi_stmt (end));
  if (!el || gimple_label_label (el) != end_label)
    return false;
  /* The body may not change the index, nor jump out of the loop (a
     break would end it early): every jump goes to a label of the body.  */
  hash_set<tree> labels, assigned;
  auto_vec<tree> targets;
  for (gimple_stmt_iterator b = body_start; gsi_stmt (b) != prev;
       gsi_next (&b))
    {
      dm_collect_assigned_stmt (&b, &assigned);
      if (!dm_scan_jumps (gsi_stmt (b), &labels, &targets))
	return false;
    }
  if (assigned.contains (index))
    return false;
  for (tree t : targets)
    if (!labels.contains (t))
      return false;
  dm_poly extent = dm_extent (w, gimple_cond_code (test),
			      gimple_cond_rhs (test));
  dm_poly lo = dm_eval (w, gimple_assign_rhs1 (init), 0);
  if (!extent.ok || !lo.ok || dm_poly_mentions (extent, index)
      || dm_poly_mentions (lo, index))
    return false;
  for (dm_loop &l : w->loops)
    if (dm_poly_mentions (extent, l.index) || dm_poly_mentions (lo, l.index))
      return false;
  dm_bind (w, index, dm_poly_fail ());
  dm_walk_loop_body (w, index, lo, extent, body_start, prev, cond);
  *gsi = end;
  return true;
}

/* A binding the jumps to LABEL agree on (dm_walk_range).  */
struct dm_label_binding
{
  tree label;
  dm_binding b;
};

/* A jump to LABEL: keep in AT_LABEL the bindings of W that hold on
   every jump there so far (JUMPED: some jump went there before).  */
static void
dm_env_jump (dm_walk *w, vec<dm_label_binding> *at_label, bool jumped,
	     tree label)
{
  if (!jumped)
    {
      for (const dm_binding &b : w->env)
	at_label->safe_push (dm_label_binding { label, b });
      return;
    }
  unsigned k = 0;
  for (unsigned i = 0; i < at_label->length (); i++)
    {
      const dm_label_binding &lb = (*at_label)[i];
      dm_binding *b = lb.label == label ? dm_bound (w, lb.b.var) : NULL;
      if (lb.label != label || (b && dm_poly_equal (b->value, lb.b.value)))
	(*at_label)[k++] = lb;
    }
  at_label->truncate (k);
}

/* At LABEL, reached by jumps (recorded in AT_LABEL) and, if REACHED,
   by falling through: keep the bindings every way in agrees on.  */
static void
dm_env_meet (dm_walk *w, const vec<dm_label_binding> &at_label, tree label,
	     bool reached)
{
  if (!reached)
    {
      while (!w->env.is_empty ())
	dm_bind (w, w->env.last ().var, dm_poly_fail ());
      for (const dm_label_binding &lb : at_label)
	if (lb.label == label)
	  dm_bind (w, lb.b.var, lb.b.value);
      return;
    }
  for (unsigned i = 0; i < w->env.length (); )
    {
      bool kept = false;
      for (const dm_label_binding &lb : at_label)
	kept |= lb.label == label && lb.b.var == w->env[i].var
		&& dm_poly_equal (lb.b.value, w->env[i].value);
      if (kept)
	i++;
      else
	dm_bind (w, w->env[i].var, dm_poly_fail ());
    }
}

/* Does SEQ only end the lifetime of variables?  */
static bool
dm_only_clobbers (gimple_seq seq)
{
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i); gsi_next (&i))
    if (!gimple_clobber_p (gsi_stmt (i)) && !is_gimple_debug (gsi_stmt (i)))
      return false;
  return true;
}

/* Keep in PATH the stores that AT_LABEL records for LABEL as well.  */
static void
dm_path_meet (vec<dm_path_store> *path, const vec<dm_path_store> &at_label,
	      tree label)
{
  unsigned k = 0;
  for (unsigned i = 0; i < path->length (); i++)
    {
      bool kept = false;
      for (const dm_path_store &s : at_label)
	kept |= s.label == label && dm_same_place (s.at, (*path)[i].at);
      if (kept)
	(*path)[k++] = (*path)[i];
    }
  path->truncate (k);
}

/* A jump to LABEL (ahead) with PATH the stores on every path to it:
   the stores of every jump there so far are those of AT_LABEL for it.  */
static void
dm_path_jump (const vec<dm_path_store> &path, vec<dm_path_store> *at_label,
	      hash_set<tree> *jumped, tree label)
{
  if (!jumped->add (label))
    {
      for (const dm_path_store &s : path)
	{
	  at_label->safe_push (s);
	  at_label->last ().label = label;
	}
      return;
    }
  unsigned k = 0;
  for (unsigned i = 0; i < at_label->length (); i++)
    if ((*at_label)[i].label != label || dm_stored_at (path, (*at_label)[i].at))
      (*at_label)[k++] = (*at_label)[i];
  at_label->truncate (k);
}

/* Walk the statements from GSI up to STOP (NULL: the end of the
   sequence) in order, tracking values and looking for a covering store.
   COND: the statements may not run (control flow before them may go
   around them).  Within the range, a statement runs whenever the range
   does if no jump seen so far goes to a label after it (the branches of
   an if or ?: meet again before it); values set where that does not
   hold are forgotten, stores there count only once the branches meet
   again and each of them made a store at the same place.  A jump back,
   out of the range or of a kind not followed makes the rest of the
   range conditional.  Returns whether that happened: the walk does not
   know where control goes from there.  Otherwise, DONE (if not NULL)
   receives the stores made on every path through the range.  */
static bool
dm_walk_range (dm_walk *w, gimple_stmt_iterator gsi, gimple *stop, bool cond,
	       vec<dm_path_store> *done)
{
  hash_set<tree> ahead, pending, jumped;
  for (gimple_stmt_iterator i = gsi; !gsi_end_p (i) && gsi_stmt (i) != stop;
       gsi_next (&i))
    if (glabel *l = dyn_cast <glabel *> (gsi_stmt (i)))
      ahead.add (gimple_label_label (l));
  bool lost = false;
  /* The stores made on every path from the start of the range to the
     statement (while not LOST), and for each label jumped to ahead,
     those made on every jump there.  REACHED: control falls through to
     the statement.  */
  auto_vec<dm_path_store> path, at_label;
  auto_vec<dm_label_binding> at_label_env;
  /* The box on the jumps to each label ahead, met.  */
  auto_vec<std::pair<tree, dm_box> > at_label_box;
  dm_box entry = w->box;
  bool reached = true;
  /* Values are computed while the walk knows every path here: W->KNOWN
     for this statement and what it holds.  */
  bool known = w->known;
  for (; !gsi_end_p (gsi) && gsi_stmt (gsi) != stop && !w->r->covered;
       gsi_next (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      bool here = cond || lost || pending.elements () != 0;
      if (is_gimple_debug (stmt) || gimple_code (stmt) == GIMPLE_NOP)
	continue;
      w->known = known && !lost;
      if (lost)
	{
	  path.truncate (0);
	  w->box.nb = 0;
	  w->fvars.truncate (0);
	}
      else if (!reached && gimple_code (stmt) != GIMPLE_LABEL)
	w->box.nb = 0;
      if (gbind *b = dyn_cast <gbind *> (stmt))
	{
	  auto_vec<dm_path_store> inner;
	  lost |= dm_walk_seq (w, gimple_bind_body (b), here, &inner);
	  path.safe_splice (inner);
	  continue;
	}
      if (gomp_for *f = dyn_cast <gomp_for *> (stmt))
	{
	  lost |= dm_walk_seq (w, gimple_omp_for_pre_body (f), here);
	  here |= lost;
	  w->known = known && !lost;
	  /* The outer loop of a combined construct runs the iterations
	     of the inner one, which says which they are.  */
	  if (gimple_omp_for_combined_p (f))
	    {
	      dm_walk_loop_body (w, NULL_TREE, dm_poly_fail (), dm_poly_fail (),
				 gsi_start_1 (gimple_omp_body_ptr (f)), NULL,
				 here);
	      continue;
	    }
	  unsigned n = gimple_omp_for_collapse (f);
	  bool ok = n <= 3;
	  unsigned pushed = 0;
	  dm_box box = w->box;
	  for (unsigned i = 0; i < n && ok; i++)
	    {
	      tree index = gimple_omp_for_index (f, i);
	      dm_poly extent = dm_extent (w, gimple_omp_for_cond (f, i),
					  gimple_omp_for_final (f, i));
	      dm_poly lo = dm_eval (w, gimple_omp_for_initial (f, i), 0);
	      ok = lo.ok
		   && dm_unit_increment (index, gimple_omp_for_incr (f, i))
		   && extent.ok;
	      for (dm_loop &l : w->loops)
		ok &= !dm_poly_mentions (extent, l.index)
		      && !dm_poly_mentions (lo, l.index);
	      if (ok)
		{
		  dm_push_loop (w, dm_loop { index, lo, extent,
					      ++w->serials });
		  pushed++;
		}
	    }
	  /* A loop the walk does not understand may run no iteration,
	     or run with values it does not know.  */
	  w->known &= ok;
	  if (!ok)
	    w->box.nb = 0;
	  dm_walk_loop_body (w, NULL_TREE, dm_poly_fail (), dm_poly_fail (),
			     gsi_start_1 (gimple_omp_body_ptr (f)), NULL,
			     here || !ok);
	  for (unsigned i = 0; i < pushed; i++)
	    dm_pop_loop (w);
	  w->box = box;
	  continue;
	}
      if (gimple_code (stmt) == GIMPLE_OMP_PARALLEL
	  || gimple_code (stmt) == GIMPLE_OMP_TEAMS)
	{
	  /* Some thread or team runs the body.  */
	  auto_vec<dm_path_store> inner;
	  dm_walk_loop_body (w, NULL_TREE, dm_poly_fail (), dm_poly_fail (),
			     gsi_start_1 (gimple_omp_body_ptr (stmt)), NULL,
			     here, &inner);
	  path.safe_splice (inner);
	  continue;
	}
      if (gtry *t = dyn_cast <gtry *> (stmt))
	{
	  /* A scope's end (C++ locals): the cleanup only clobbers, and
	     control goes on after the try as after a block.  */
	  bool scope = (gimple_try_kind (t) == GIMPLE_TRY_FINALLY
			&& dm_only_clobbers (gimple_try_cleanup (t)));
	  auto_vec<dm_path_store> inner;
	  bool inner_lost = dm_walk_seq (w, gimple_try_eval (t), here,
					 scope ? &inner : NULL);
	  lost |= inner_lost || !scope;
	  path.safe_splice (inner);
	  continue;
	}
      if (is_gimple_assign (stmt) && dm_walk_counted_loop (w, &gsi, here))
	continue;
      switch (gimple_code (stmt))
	{
	case GIMPLE_ASSIGN:
	  if (tree v = dm_assigned_var (stmt))
	    {
	      if (w->r->record && gimple_assign_load_p (stmt)
		  && w->r->derived.contains
		       (dm_ref_root (gimple_assign_rhs1 (stmt))))
		dm_note_load (w, stmt, path);
	      dm_poly value = dm_poly_fail ();
	      if (w->known && gimple_num_ops (stmt) <= 3
		  && !TREE_ADDRESSABLE (v))
		value = dm_eval_code (w, gimple_assign_rhs_code (stmt),
				      TREE_TYPE (v), gimple_assign_rhs1 (stmt),
				      gimple_num_ops (stmt) > 2
				      ? gimple_assign_rhs2 (stmt) : NULL_TREE,
				      0);
	      dm_bind (w, v, value);
	      dm_note_formula (w, stmt, v);
	    }
	  else if (!lost
		   && w->r->derived.contains
			(dm_ref_root (gimple_assign_lhs (stmt))))
	    {
	      dm_path_store s;
	      s.label = NULL_TREE;
	      s.counted = false;
	      if (dm_place_of (w, gimple_assign_lhs (stmt), &s.at))
		{
		  if (!here)
		    dm_count_store (w, &s);
		  else if (w->r->record)
		    dm_note_cond_store (w, s.at);
		  path.safe_push (s);
		}
	    }
	  break;
	case GIMPLE_CALL:
	  if (tree v = dm_assigned_var (stmt))
	    {
	      dm_bind (w, v, dm_poly_fail ());
	      w->fvars.truncate (0);
	    }
	  break;
	case GIMPLE_LABEL:
	  {
	    tree l = gimple_label_label (as_a <glabel *> (stmt));
	    pending.remove (l);
	    ahead.remove (l);
	    /* Tests are followed from their variables' assignments to the
	       jump right after, on one path.  */
	    w->fvars.truncate (0);
	    if (jumped.contains (l))
	      dm_env_meet (w, at_label_env, l, reached || lost);
	    {
	      dm_box *in = NULL;
	      for (auto &lb : at_label_box)
		if (lb.first == l)
		  in = &lb.second;
	      if (in)
		w->box = reached ? dm_box_meet (w->box, *in) : *in;
	      else if (!reached)
		w->box.nb = 0;
	      if (lost)
		w->box.nb = 0;
	      /* Every way from the start of the range meets here.  */
	      if (!lost && pending.elements () == 0)
		w->box = entry;
	    }
	    if (!reached)
	      {
		path.truncate (0);
		for (const dm_path_store &s : at_label)
		  if (s.label == l)
		    path.safe_push (s);
	      }
	    else if (jumped.contains (l))
	      dm_path_meet (&path, at_label, l);
	    reached = true;
	    /* The branches met: what each of them stored runs now.  */
	    if (!cond && !lost && pending.elements () == 0)
	      for (dm_path_store &s : path)
		if (!s.counted)
		  dm_count_store (w, &s);
	  }
	  continue;
	case GIMPLE_GOTO:
	case GIMPLE_COND:
	  {
	    tree t[2];
	    dm_box b[2];
	    unsigned nt = 0;
	    if (ggoto *g = dyn_cast <ggoto *> (stmt))
	      {
		b[nt] = w->box;
		t[nt++] = gimple_goto_dest (g);
	      }
	    else
	      {
		gcond *gc = as_a <gcond *> (stmt);
		dm_box_split (w, gc, &b[0], &b[1]);
		t[nt++] = gimple_cond_true_label (gc);
		t[nt++] = gimple_cond_false_label (gc);
	      }
	    for (unsigned k = 0; k < nt; k++)
	      if (t[k] && TREE_CODE (t[k]) == LABEL_DECL && ahead.contains (t[k]))
		{
		  dm_box *in = NULL;
		  for (auto &lb : at_label_box)
		    if (lb.first == t[k])
		      in = &lb.second;
		  if (in)
		    *in = dm_box_meet (*in, b[k]);
		  else
		    at_label_box.safe_push (std::make_pair (t[k], b[k]));
		  pending.add (t[k]);
		  dm_env_jump (w, &at_label_env, jumped.contains (t[k]), t[k]);
		  dm_path_jump (path, &at_label, &jumped, t[k]);
		}
	      else
		{
		  /* Back (a loop the walk does not know: what it placed
		     may be read again at other places) or out.  */
		  if (w->r->record)
		    w->r->unknown_read = true;
		  lost = true;
		}
	    /* Control goes to the labels.  */
	    reached = false;
	  }
	  continue;
	default:
	  /* A switch, an asm, a construct: from here on, code may not
	     run.  */
	  lost = true;
	  break;
	}
      reached = true;
    }
  w->known = known;
  /* Control leaves the range where it came in, unless it got lost.  */
  w->box = entry;
  if (lost || !reached)
    w->box.nb = 0;
  if (done && !lost && reached)
    done->safe_splice (path);
  return lost;
}

/* ---- the entry point -------------------------------------------------- */

/* The statements right before the construct at GSI that assign
   temporaries (the gimplifier's computation of its clauses' values):
   the item's length may use their results, which are those of the
   variables they read when the construct starts.  */
static void
dm_prelude (gimple_stmt_iterator gsi, hash_set<gimple *> *set)
{
  for (gsi_prev (&gsi); !gsi_end_p (gsi); gsi_prev (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      if (!is_gimple_assign (stmt)
	  || TREE_CODE (gimple_assign_lhs (stmt)) != SSA_NAME)
	break;
      set->add (stmt);
    }
}

/* The firstprivate pointer clause of construct STMT for PTR with no
   bias: the region reaches the section through PTR.  */
static bool
dm_region_pointer (gomp_target *stmt, tree ptr)
{
  for (tree c = gimple_omp_target_clauses (stmt); c; c = OMP_CLAUSE_CHAIN (c))
    if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_MAP
	&& OMP_CLAUSE_MAP_KIND (c) == GOMP_MAP_FIRSTPRIVATE_POINTER
	&& OMP_CLAUSE_DECL (c) == ptr && OMP_CLAUSE_SIZE (c)
	&& integer_zerop (OMP_CLAUSE_SIZE (c)))
      return true;
  return false;
}

/* The item of map clause C of the construct at GSI, STMT: a whole array
   variable, or a section p[0:len] the region reaches through p.  Sets
   R's base; false for anything else.  */
static bool
dm_item_base (dm_walk *w, gomp_target *stmt, tree c, dm_region *r)
{
  tree decl = OMP_CLAUSE_DECL (c), size = OMP_CLAUSE_SIZE (c);
  if (VAR_P (decl) || TREE_CODE (decl) == PARM_DECL)
    {
      if (TREE_CODE (TREE_TYPE (decl)) != ARRAY_TYPE || DECL_ARTIFICIAL (decl)
	  || !size || !tree_fits_shwi_p (size)
	  || !TYPE_SIZE_UNIT (TREE_TYPE (decl))
	  || !tree_int_cst_equal (size, TYPE_SIZE_UNIT (TREE_TYPE (decl))))
	return false;
      r->base = decl;
      r->pointer = false;
      return true;
    }
  if (TREE_CODE (decl) != MEM_REF || !integer_zerop (TREE_OPERAND (decl, 1))
      || !size)
    return false;
  /* An addressable p (a C++ swap takes its address) is read into a
     temporary first.  */
  tree p = TREE_OPERAND (decl, 0);
  if (TREE_CODE (p) == SSA_NAME && w->prelude.contains (SSA_NAME_DEF_STMT (p))
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (p)))
    p = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (p));
  if ((!VAR_P (p) && TREE_CODE (p) != PARM_DECL)
      || !dm_region_pointer (stmt, p))
    return false;
  r->base = p;
  r->pointer = true;
  return true;
}

/* walk_gimple_seq's test for dm_cancels: a cancel construct.  */
static tree
dm_find_cancel (gimple_stmt_iterator *gsi, bool *handled_ops,
		struct walk_stmt_info *)
{
  if (!gimple_call_builtin_p (gsi_stmt (*gsi), BUILT_IN_GOMP_CANCEL))
    return NULL_TREE;
  *handled_ops = true;
  return integer_one_node;
}

/* Does BODY hold a cancel construct?  With cancellation on, a loop or
   parallel region it cancels leaves the iterations it has not run
   undone: nothing is stored in full (OMP_CANCELLATION=true).  */
static bool
dm_cancels (gimple_seq body)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  return walk_gimple_seq (body, dm_find_cancel, NULL, &wi) != NULL;
}

/* Does the region use R's item only as the uses check allows (see
   dm_check_uses)?  */
static bool
dm_uses_allowed (gimple_seq body, dm_region *r)
{
  if (dm_cancels (body))
    return false;
  r->facts = dm_body_facts_of (body);
  if (dm_assigned_p (r, r->base))
    return false;
  r->body = body;
  r->derived.add (r->base);
  dm_collect_derived (r);
  dm_check_uses (body, r);
  return !r->bad;
}

/* P as a tree of type long, or NULL_TREE where that might overflow.  */
static tree
dm_poly_tree (const dm_poly &p)
{
  tree sum = build_int_cst (long_integer_type_node, 0);
  if (!p.ok || p.n > 8)
    return NULL_TREE;
  for (unsigned i = 0; i < p.n; i++)
    {
      HOST_WIDE_INT c = p.t[i].coef;
      unsigned bits = 1 + floor_log2 (c < 0 ? -(c + 1) + 1 : c);
      tree term = build_int_cst (long_integer_type_node, c);
      for (unsigned k = 0; k < p.t[i].n; k++)
	{
	  tree a = p.t[i].atoms[k];
	  if (!INTEGRAL_TYPE_P (TREE_TYPE (a)))
	    return NULL_TREE;
	  bits += TYPE_PRECISION (TREE_TYPE (a))
		  + (TYPE_UNSIGNED (TREE_TYPE (a)) ? 1 : 0);
	  term = fold_build2 (MULT_EXPR, long_integer_type_node, term,
			      fold_convert (long_integer_type_node,
					    unshare_expr (a)));
	}
      /* Eight terms of at most 59 bits add up within 63.  */
      if (bits > 59)
	return NULL_TREE;
      sum = fold_build2 (PLUS_EXPR, long_integer_type_node, sum, term);
    }
  return sum;
}

/* The condition under which the covering nest of R runs as many
   iterations as the item has elements (every count not negative), in
   *COND: NULL_TREE for always.  False if that cannot be said.  */
static bool
dm_counts_condition (dm_region *r, tree *cond)
{
  *cond = NULL_TREE;
  /* One count: a negative one makes a negative length, which no
     runtime maps.  */
  if (r->ncounts < 2)
    return true;
  for (unsigned k = 0; k < r->ncounts; k++)
    {
      const dm_poly &e = r->counts[k];
      if (e.n == 0 || (e.n == 1 && e.t[0].n == 0))
	{
	  if (e.n == 1 && e.t[0].coef < 0)
	    return false;
	  continue;
	}
      tree v = dm_poly_tree (e);
      if (!v)
	return false;
      tree test = fold_build2 (GE_EXPR, boolean_type_node, v,
			       build_int_cst (long_integer_type_node, 0));
      *cond = *cond ? fold_build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
				   *cond, test)
		    : test;
    }
  return true;
}

bool
dm_region_overwrites (gimple_stmt_iterator gsi, gomp_target *stmt, tree c,
		      tree *cond)
{
  if (gimple_omp_target_kind (stmt) != GF_OMP_TARGET_KIND_REGION
      || OMP_CLAUSE_CODE (c) != OMP_CLAUSE_MAP
      || (OMP_CLAUSE_MAP_KIND (c) != GOMP_MAP_TO
	  && OMP_CLAUSE_MAP_KIND (c) != GOMP_MAP_TOFROM))
    return false;
  dm_walk w;
  dm_prelude (gsi, &w.prelude);
  dm_region r;
  r.covered = r.bad = r.read_only = false;
  gimple_seq body = gimple_omp_body (stmt);
  if (!dm_item_base (&w, stmt, c, &r) || !dm_uses_allowed (body, &r))
    return false;
  w.r = &r;
  w.changed = NULL;
  r.length = dm_eval (&w, OMP_CLAUSE_SIZE (c), 0);
  if (!r.length.ok)
    return false;
  dm_walk_seq (&w, body, false);
  return r.covered && dm_counts_condition (&r, cond);
}

/* Is the element type of the item of clause C plain data: no pointers
   that a load could bring out of it?  */
static bool
dm_plain_elements (tree c)
{
  tree t = TREE_TYPE (OMP_CLAUSE_DECL (c));
  while (TREE_CODE (t) == ARRAY_TYPE)
    t = TREE_TYPE (t);
  return INTEGRAL_TYPE_P (t) || SCALAR_FLOAT_TYPE_P (t)
	 || TREE_CODE (t) == COMPLEX_TYPE || TREE_CODE (t) == VECTOR_TYPE;
}

/* Does the region of STMT (at GSI) only read the tofrom item of clause
   C?  With CALLS_OK, direct calls may be given it as well, and one must
   be (*CALLED).  */
static bool
dm_reads_only (gimple_stmt_iterator gsi, gomp_target *stmt, tree c,
	       bool calls_ok, bool *called)
{
  if (gimple_omp_target_kind (stmt) != GF_OMP_TARGET_KIND_REGION
      || OMP_CLAUSE_CODE (c) != OMP_CLAUSE_MAP
      || OMP_CLAUSE_MAP_KIND (c) != GOMP_MAP_TOFROM || !dm_plain_elements (c))
    return false;
  dm_walk w;
  dm_prelude (gsi, &w.prelude);
  dm_region r;
  r.covered = r.bad = false;
  r.read_only = true;
  r.calls_ok = calls_ok;
  bool ok = dm_item_base (&w, stmt, c, &r)
	    && dm_uses_allowed (gimple_omp_body (stmt), &r);
  *called = r.called;
  return ok;
}

bool
dm_region_reads_only_but_calls (gimple_stmt_iterator gsi, gomp_target *stmt,
				tree c)
{
  bool called;
  return dm_reads_only (gsi, stmt, c, true, &called) && called;
}

bool
dm_region_reads_only (gimple_stmt_iterator gsi, gomp_target *stmt, tree c)
{
  bool called;
  return dm_reads_only (gsi, stmt, c, false, &called);
}

/* ---- scalars ------------------------------------------------------- */

/* What dm_scalar_reads_only looks for: VAR stored to, its address taken,
   or named by a clause that may write it.  */
struct dm_scalar_walk
{
  tree var;
  hash_set<tree> named;		/* VAR alone, for dm_mentions */
  bool bad;
};

static tree
dm_scalar_op (tree *tp, int *walk_subtrees, void *data)
{
  dm_scalar_walk *w
    = (dm_scalar_walk *) ((struct walk_stmt_info *) data)->info;
  if (TREE_CODE (*tp) == ADDR_EXPR
      && get_base_address (TREE_OPERAND (*tp, 0)) == w->var)
    w->bad = true;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

static tree
dm_scalar_stmt (gimple_stmt_iterator *gsi, bool *handled_ops,
		struct walk_stmt_info *wi)
{
  dm_scalar_walk *w = (dm_scalar_walk *) wi->info;
  gimple *stmt = gsi_stmt (*gsi);
  *handled_ops = false;
  if (tree v = dm_assigned_var (stmt))
    w->bad |= v == w->var;
  if (gimple_code (stmt) == GIMPLE_ASM)
    {
      /* Any mention: an asm may store to what it names.  */
      gasm *a = as_a <gasm *> (stmt);
      for (unsigned i = 0; i < gimple_asm_ninputs (a); i++)
	w->bad |= dm_mentions (TREE_VALUE (gimple_asm_input_op (a, i)),
			       &w->named);
      for (unsigned i = 0; i < gimple_asm_noutputs (a); i++)
	w->bad |= dm_mentions (TREE_VALUE (gimple_asm_output_op (a, i)),
			       &w->named);
    }
  if (gomp_for *f = dyn_cast <gomp_for *> (stmt))
    for (unsigned i = 0; i < gimple_omp_for_collapse (f); i++)
      w->bad |= gimple_omp_for_index (f, i) == w->var;
  if (is_a <gomp_atomic_load *> (stmt) || is_a <gomp_atomic_store *> (stmt))
    w->bad = true;
  /* A reduction, lastprivate or linear variable is written back.  */
  for (tree c = dm_omp_clauses (stmt); c; c = OMP_CLAUSE_CHAIN (c))
    if (OMP_CLAUSE_CODE (c) != OMP_CLAUSE_SHARED
	&& OMP_CLAUSE_CODE (c) != OMP_CLAUSE_PRIVATE
	&& OMP_CLAUSE_CODE (c) != OMP_CLAUSE_FIRSTPRIVATE)
      for (int i = 0; i < omp_clause_num_ops[OMP_CLAUSE_CODE (c)]; i++)
	if (dm_mentions (OMP_CLAUSE_OPERAND (c, i), &w->named))
	  w->bad = true;
  return NULL_TREE;
}

bool
dm_scalar_reads_only (gomp_target *stmt, tree c)
{
  if (gimple_omp_target_kind (stmt) != GF_OMP_TARGET_KIND_REGION
      || OMP_CLAUSE_CODE (c) != OMP_CLAUSE_MAP
      || OMP_CLAUSE_MAP_KIND (c) != GOMP_MAP_TOFROM)
    return false;
  tree v = OMP_CLAUSE_DECL (c);
  if ((!VAR_P (v) && TREE_CODE (v) != PARM_DECL) || is_global_var (v)
      || TREE_THIS_VOLATILE (v) || DECL_HAS_VALUE_EXPR_P (v)
      || !(INTEGRAL_TYPE_P (TREE_TYPE (v))
	   || SCALAR_FLOAT_TYPE_P (TREE_TYPE (v))))
    return false;
  dm_scalar_walk w;
  w.var = v;
  w.named.add (v);
  w.bad = false;
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &w;
  walk_gimple_seq (gimple_omp_body (stmt), dm_scalar_stmt, dm_scalar_op, &wi);
  return !w.bad;
}

/* ---- reads of what was written before ------------------------------- */

/* Can construct STMT take part in dm_region_reads_written: a target
   region that runs now, where the program says (no if clause, no
   nowait)?  Its device clause, or NULL, in *DEVICE.  */
static bool
dm_plain_region (gomp_target *stmt, tree *device)
{
  if (gimple_omp_target_kind (stmt) != GF_OMP_TARGET_KIND_REGION)
    return false;
  *device = NULL_TREE;
  for (tree c = gimple_omp_target_clauses (stmt); c; c = OMP_CLAUSE_CHAIN (c))
    switch (OMP_CLAUSE_CODE (c))
      {
      case OMP_CLAUSE_IF:
      case OMP_CLAUSE_NOWAIT:
      case OMP_CLAUSE_DEPEND:
	return false;
      case OMP_CLAUSE_DEVICE:
	*device = OMP_CLAUSE_DEVICE_ID (c);
	break;
      default:
	break;
      }
  return true;
}

/* Walk the region of STMT at GSI for the item of its map clause C,
   recording its accesses in R (dm_region::record); false where the
   region uses the item in a way the walk does not place, or, with
   LIKE, where the item is not LIKE's (before the walk, the costly
   part).  */
static bool
dm_record_accesses (gimple_stmt_iterator gsi, gomp_target *stmt, tree c,
		    dm_walk *w, dm_region *r, const dm_region *like = NULL)
{
  if (OMP_CLAUSE_CODE (c) != OMP_CLAUSE_MAP || !dm_plain_elements (c))
    return false;
  dm_prelude (gsi, &w->prelude);
  r->record = true;
  gimple_seq body = gimple_omp_body (stmt);
  if (!dm_item_base (w, stmt, c, r)
      || (like && (r->base != like->base || r->pointer != like->pointer))
      || (r->pointer && (TREE_ADDRESSABLE (r->base)
			 || is_global_var (r->base)))
      || !dm_uses_allowed (body, r))
    return false;
  w->r = r;
  w->changed = NULL;
  dm_walk_seq (w, body, false);
  return !r->unknown_read;
}

/* P with the loop indices FROM[0 .. N - 1] renamed TO[...].  */
static dm_poly
dm_poly_rename (const dm_poly &p, const tree *from, const tree *to,
		unsigned n)
{
  dm_poly r = dm_poly_const (0);
  for (unsigned i = 0; i < p.n && r.ok; i++)
    {
      dm_poly t = dm_poly_const (p.t[i].coef);
      for (unsigned k = 0; k < p.t[i].n; k++)
	{
	  tree a = p.t[i].atoms[k];
	  /* One renaming per atom: FROM and TO may share variables.  */
	  for (unsigned j = 0; j < n; j++)
	    if (a == from[j])
	      {
		a = to[j];
		break;
	      }
	  t = dm_poly_mul (t, dm_poly_atom (a));
	}
      r = dm_poly_addmul (r, t, 1);
    }
  return p.ok ? r : dm_poly_fail ();
}

/* Does the store at S write every byte the load at L reads: the same
   loops, bound for bound, and the same offset once L's indices are
   named as S's?  */
static bool
dm_store_writes_read (const dm_place &s, const dm_place &l)
{
  if (s.nloops != l.nloops || s.size != l.size)
    return false;
  tree from[DM_MAX_LOOPS], to[DM_MAX_LOOPS];
  for (unsigned k = 0; k < s.nloops; k++)
    {
      if (!dm_poly_equal (s.loops[k].lo, l.loops[k].lo)
	  || !dm_poly_equal (s.loops[k].extent, l.loops[k].extent))
	return false;
      from[k] = l.loops[k].index;
      to[k] = s.loops[k].index;
    }
  return dm_poly_equal (s.offset,
			dm_poly_rename (l.offset, from, to, l.nloops));
}

/* Callback for walk_tree: note the variables in the set DATA.  */
static tree
dm_add_vars (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (VAR_P (*tp) || TREE_CODE (*tp) == PARM_DECL)
    ((hash_set<tree> *) data)->add (*tp);
  return NULL_TREE;
}

/* The variables the polynomials of S name.  */
static void
dm_place_atoms (const dm_place &s, hash_set<tree> *set)
{
  const dm_poly *polys[1 + 2 * DM_MAX_LOOPS];
  unsigned n = 0;
  polys[n++] = &s.offset;
  for (unsigned k = 0; k < s.nloops; k++)
    {
      polys[n++] = &s.loops[k].lo;
      polys[n++] = &s.loops[k].extent;
    }
  /* Atoms are variables, or members of one (dm_field_atom): its
     variable, which a store to any part of changes.  */
  for (unsigned i = 0; i < n; i++)
    for (unsigned t = 0; t < polys[i]->n; t++)
      for (unsigned a = 0; a < polys[i]->t[t].n; a++)
	{
	  tree atom = polys[i]->t[t].atoms[a];
	  set->add (TREE_CODE (atom) == COMPONENT_REF
		    ? get_base_address (atom) : atom);
	}
}

/* AT with every bound and stride a constant, into *OUT.  */
static bool
dm_const_place_of (const dm_place &at, dm_const_place *out)
{
  /* Small enough that no sum of products overflows.  */
  const HOST_WIDE_INT limit = (HOST_WIDE_INT) 1 << 30;
  if (at.nloops > DM_SUMMARY_LOOPS || at.size <= 0 || at.size >= limit)
    return false;
  out->size = at.size;
  out->n = at.nloops;
  out->c0 = 0;
  for (unsigned k = 0; k < at.nloops; k++)
    {
      out->stride[k] = 0;
      if (!dm_poly_constant (at.loops[k].lo, &out->lo[k])
	  || !dm_poly_constant (at.loops[k].extent, &out->hi[k])
	  || out->lo[k] <= -limit || out->hi[k] >= limit)
	return false;
    }
  for (unsigned i = 0; i < at.offset.n; i++)
    {
      const dm_term &t = at.offset.t[i];
      if (t.coef <= -limit || t.coef >= limit)
	return false;
      if (t.n == 0)
	{
	  out->c0 += t.coef;
	  continue;
	}
      unsigned k;
      for (k = 0; k < at.nloops; k++)
	if (t.n == 1 && t.atoms[0] == at.loops[k].index)
	  break;
      if (k == at.nloops)
	return false;
      out->stride[k] += t.coef;
    }
  for (unsigned k = 0; k < at.nloops; k++)
    if (out->stride[k] <= -limit || out->stride[k] >= limit)
      return false;
  return at.offset.ok;
}

/* The summary of R's accesses (dm_access_summary), or NULL if a load
   is not of constant places, or R has neither loads nor stores that
   are.  */
static dm_access_summary *
dm_summarize (const dm_region &r)
{
  dm_const_place cp;
  auto_vec<dm_const_place> stores, loads;
  for (const dm_place &l : r.exposed)
    if (dm_const_place_of (l, &cp))
      loads.safe_push (cp);
    else
      return NULL;
  for (const vec<dm_place> *v : { &r.stores, &r.cond_stores })
    for (const dm_place &st : *v)
      if (dm_const_place_of (st, &cp))
	stores.safe_push (cp);
  if (loads.is_empty () && stores.is_empty ())
    return NULL;
  dm_access_summary *sum = XCNEW (dm_access_summary);
  sum->stores = stores.copy ();
  sum->loads = loads.copy ();
  return sum;
}

bool
dm_region_reads_written (gimple_stmt_iterator gsi, gomp_target *stmt, tree c,
			 dm_access_summary **summary)
{
  tree device;
  *summary = NULL;
  if (!dm_plain_region (stmt, &device))
    return false;
  dm_walk w;
  dm_region r;
  if (!dm_record_accesses (gsi, stmt, c, &w, &r))
    return false;
  *summary = dm_summarize (r);
  if (r.exposed.is_empty ())
    return true;

  /* The construct right before: only assignments in between (a call
     might change the device or the program's mind), no label (nothing
     else comes in).  */
  gimple_stmt_iterator p = gsi;
  auto_vec<gimple *> between;
  gomp_target *prev = NULL;
  for (gsi_prev (&p); !gsi_end_p (p) && !prev; gsi_prev (&p))
    {
      gimple *s = gsi_stmt (p);
      if (is_gimple_debug (s) || gimple_code (s) == GIMPLE_NOP)
	continue;
      /* The annotate pass wraps a construct it annotated in a bind,
	 after its announcement.  */
      if (gbind *b = dyn_cast <gbind *> (s))
	{
	  p = gsi_last (*gimple_bind_body_ptr (b));
	  while (!gsi_end_p (p) && is_gimple_debug (gsi_stmt (p)))
	    gsi_prev (&p);
	  if (gsi_end_p (p))
	    return false;
	  s = gsi_stmt (p);
	}
      prev = dyn_cast <gomp_target *> (s);
      if (prev)
	break;
      if (!is_gimple_assign (s))
	return false;
      between.safe_push (s);
    }
  tree prev_device;
  if (!prev || !dm_plain_region (prev, &prev_device)
      || !(device == prev_device
	   || (device && prev_device
	       && operand_equal_p (device, prev_device, 0))))
    return false;
  for (tree pc = gimple_omp_target_clauses (prev); pc; pc = OMP_CLAUSE_CHAIN (pc))
    {
      if (OMP_CLAUSE_CODE (pc) != OMP_CLAUSE_MAP
	  || OMP_CLAUSE_DECL (pc) == NULL_TREE)
	continue;
      dm_walk pw;
      dm_region pr;
      if (!dm_record_accesses (p, prev, pc, &pw, &pr, &r))
	continue;
      /* Every exposed load is a store of PREV's; nothing in between
	 changes what their places are computed from.  */
      hash_set<tree> atoms;
      atoms.add (r.base);
      /* The same device: its expression's variables unchanged too.  */
      if (device)
	walk_tree_without_duplicates (&device, dm_add_vars, &atoms);
      bool all = true;
      for (const dm_place &l : r.exposed)
	{
	  const dm_place *cover = NULL;
	  for (const dm_place &s : pr.stores)
	    if (dm_store_writes_read (s, l))
	      {
		cover = &s;
		break;
	      }
	  if (!cover)
	    {
	      all = false;
	      break;
	    }
	  dm_place_atoms (*cover, &atoms);
	}
      if (!all)
	continue;
      for (gimple *s : between)
	{
	  tree v = dm_assigned_var (s);
	  if (!v && gimple_get_lhs (s))
	    v = get_base_address (gimple_get_lhs (s));
	  if (v && atoms.contains (v))
	    return false;
	}
      return true;
    }
  return false;
}

/* ---- loads other regions' stores cover ------------------------------ */

/* Byte ranges [first, second) of the item.  */
typedef std::pair<HOST_WIDE_INT, HOST_WIDE_INT> dm_bytes;

/* Intervals a comparison of places may list at most: its cost stays a
   few milliseconds.  */
#define DM_MAX_INTERVALS (1 << 20)

/* Append to OUT the bytes P accesses, as intervals (the innermost loops
   that step through consecutive bytes folded into one); false past
   DM_MAX_INTERVALS.  */
static bool
dm_place_bytes (const dm_const_place &p, vec<dm_bytes> *out)
{
  unsigned n = p.n, order[DM_SUMMARY_LOOPS];
  for (unsigned k = 0; k < n; k++)
    {
      if (p.stride[k] < 0)
	return false;
      if (p.hi[k] <= p.lo[k])
	return true;			/* no iteration */
      order[k] = k;
    }
  /* Innermost (smallest stride) first.  */
  for (unsigned i = 1; i < n; i++)
    for (unsigned j = i; j > 0 && p.stride[order[j]] < p.stride[order[j - 1]];
	 j--)
      std::swap (order[j], order[j - 1]);
  HOST_WIDE_INT run = p.size, first = p.c0;
  unsigned folded = 0;
  for (; folded < n; folded++)
    {
      unsigned k = order[folded];
      if (p.stride[k] == 0)
	continue;			/* the same bytes again */
      if (p.stride[k] != run)
	break;
      first += p.stride[k] * p.lo[k];
      if (p.hi[k] - p.lo[k] > DM_BOX_LIMIT / run)
	return false;
      run *= p.hi[k] - p.lo[k];
    }
  /* The other loops, each combination one interval.  */
  HOST_WIDE_INT count = 1;
  for (unsigned i = folded; i < n; i++)
    {
      count *= p.hi[order[i]] - p.lo[order[i]];
      if (count + out->length () > DM_MAX_INTERVALS)
	return false;
    }
  HOST_WIDE_INT idx[DM_SUMMARY_LOOPS];
  for (unsigned i = folded; i < n; i++)
    idx[i] = p.lo[order[i]];
  for (HOST_WIDE_INT c = 0; c < count; c++)
    {
      HOST_WIDE_INT at = first;
      for (unsigned i = folded; i < n; i++)
	at += p.stride[order[i]] * idx[i];
      out->safe_push (dm_bytes (at, at + run));
      for (unsigned i = n; i-- > folded;)
	{
	  if (++idx[i] < p.hi[order[i]])
	    break;
	  idx[i] = p.lo[order[i]];
	}
    }
  return true;
}

static int
dm_bytes_cmp (const void *a, const void *b)
{
  const dm_bytes *x = (const dm_bytes *) a, *y = (const dm_bytes *) b;
  return x->first < y->first ? -1 : x->first > y->first;
}

/* Is every byte READER loads before storing it itself stored by one of
   WRITERS (regions that run before it, every time it runs, on the same
   copy of the item)?  */
bool
dm_loads_stored_before (const dm_access_summary *reader,
			const vec<const dm_access_summary *> &writers)
{
  auto_vec<dm_bytes> stored, loaded;
  for (const dm_access_summary *w : writers)
    for (const dm_const_place &p : w->stores)
      if (!dm_place_bytes (p, &stored))
	return false;
  for (const dm_const_place &p : reader->loads)
    if (!dm_place_bytes (p, &loaded))
      return false;
  if (loaded.is_empty ())
    return true;
  /* STORED merged into disjoint intervals, in order.  */
  stored.qsort (dm_bytes_cmp);
  unsigned m = 0;
  for (const dm_bytes &b : stored)
    if (m && b.first <= stored[m - 1].second)
      stored[m - 1].second = MAX (stored[m - 1].second, b.second);
    else
      stored[m++] = b;
  stored.truncate (m);
  for (const dm_bytes &l : loaded)
    {
      /* The last merged interval that starts at or before L.  */
      unsigned lo = 0, hi = m;
      while (lo < hi)
	{
	  unsigned mid = (lo + hi) / 2;
	  if (stored[mid].first <= l.first)
	    lo = mid + 1;
	  else
	    hi = mid;
	}
      if (lo == 0 || stored[lo - 1].second < l.second)
	return false;
    }
  return true;
}
