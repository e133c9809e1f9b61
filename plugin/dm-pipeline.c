/* dm-pipeline.c -- #pragma deepmap pipeline (Cui et al.'s directive):

     #pragma deepmap pipeline(static[CHUNK,STREAMS]) \
	     pipeline_map(to: A0[k-1:3][0:ny][0:nx]) \
	     pipeline_map(from: Anext[k:1][0:ny][0:nx]) pipeline_mem_limit(256 M)
     for (k = 1; k < nz - 1; k++) { #pragma omp target ... }

   The handler parses the clauses into a small expression tree (the loop
   variable may not be declared yet); when the function is complete
   (before genericization, when the loop is still a FOR_STMT) the pragma
   takes the first for loop after it, and the loop becomes

     { struct deepmap_pipe_array d[N] = { ... };
       deepmap_pipeline_begin (DEV, k, HI, 1, CHUNK, STREAMS, LIMIT, N, d);
       try { for (; k < HI; k++) { deepmap_pipeline_iter (0, k); BODY } }
       finally { deepmap_pipeline_end (0); } }

   DEV from the pragma's device clause, else from the device clause the
   loop's target regions share (-1: the default device); each call
   guarded by the address of its weak declaration, so that the
   program runs (unpipelined) under another libgomp.  */
#include "deepmap-plugin.h"

#define DM_PIPE_MAX_MAPS 8
#define DM_PIPE_MAX_DIMS 8
#define DM_PIPE_MAX_EXPRS 256

/* Must match deepmap.h.  */
#define DM_PIPE_TO 1
#define DM_PIPE_FROM 2

enum dm_pe_op { DM_PE_NUM, DM_PE_NAME, DM_PE_ADD, DM_PE_SUB, DM_PE_MUL,
		DM_PE_NEG };

/* A node of a clause's expression: a number, a name (a declaration, or
   an identifier not declared yet: the loop variable), or an operation on
   nodes L and R.  */
struct dm_pe
{
  int op;
  tree val;
  int l, r;
};

struct dm_pmap
{
  unsigned dir;			/* DM_PIPE_TO | DM_PIPE_FROM */
  tree var;
  location_t loc;
  int ndims;
  int lo[DM_PIPE_MAX_DIMS], len[DM_PIPE_MAX_DIMS];
};

struct dm_pipe_pragma
{
  location_t loc;
  tree fn;
  int chunk, streams;		/* expressions, -1: the runtime's choice */
  int device;			/* expression, -1: the regions' device */
  unsigned HOST_WIDE_INT limit;	/* 0: the runtime's choice */
  int nmaps;
  dm_pmap maps[DM_PIPE_MAX_MAPS];
  int nexprs;
  dm_pe exprs[DM_PIPE_MAX_EXPRS];
};

static vec<dm_pipe_pragma *> dm_pipe_pending;

/* ---- parsing ----------------------------------------------------------- */

/* pragma_lex with one token of lookahead.  */
struct dm_lexer
{
  enum cpp_ttype type;
  tree val;
  location_t loc;
};

static void
dm_lex (dm_lexer *lx)
{
  lx->type = pragma_lex (&lx->val, &lx->loc);
}

static bool
dm_lex_name_is (const dm_lexer *lx, const char *name)
{
  return lx->type == CPP_NAME && !strcmp (IDENTIFIER_POINTER (lx->val), name);
}

static bool
dm_expect (dm_lexer *lx, enum cpp_ttype type, const char *what)
{
  if (lx->type != type)
    {
      error_at (lx->loc, "deepmap: "
			 "expected %qs in %<#pragma deepmap pipeline%>",
		what);
      return false;
    }
  dm_lex (lx);
  return true;
}

static int
dm_pe_new (dm_pipe_pragma *p, int op, tree val, int l, int r,
	   location_t loc)
{
  if (p->nexprs == DM_PIPE_MAX_EXPRS)
    {
      error_at (loc, "deepmap: "
		     "%<#pragma deepmap pipeline%>: expressions too long");
      return -1;
    }
  dm_pe e = { op, val, l, r };
  p->exprs[p->nexprs] = e;
  return p->nexprs++;
}

static int dm_parse_expr (dm_pipe_pragma *p, dm_lexer *lx);

static int
dm_parse_factor (dm_pipe_pragma *p, dm_lexer *lx)
{
  location_t loc = lx->loc;
  if (lx->type == CPP_NUMBER && TREE_CODE (lx->val) == INTEGER_CST)
    {
      tree v = lx->val;
      dm_lex (lx);
      return dm_pe_new (p, DM_PE_NUM, v, -1, -1, loc);
    }
  if (lx->type == CPP_NAME)
    {
      tree id = lx->val, d = lookup_name (id);
      dm_lex (lx);
      /* Not a variable (a C++ data member of that name): the loop
	 variable declared by the for that follows, or an error then
	 (dm_pe_affine).  */
      if (d && TREE_CODE (d) != VAR_DECL && TREE_CODE (d) != PARM_DECL)
	d = NULL_TREE;
      return dm_pe_new (p, DM_PE_NAME, d ? d : id, -1, -1, loc);
    }
  if (lx->type == CPP_MINUS)
    {
      dm_lex (lx);
      int e = dm_parse_factor (p, lx);
      return e < 0 ? -1 : dm_pe_new (p, DM_PE_NEG, NULL_TREE, e, -1, loc);
    }
  if (lx->type == CPP_OPEN_PAREN)
    {
      dm_lex (lx);
      int e = dm_parse_expr (p, lx);
      if (e < 0 || !dm_expect (lx, CPP_CLOSE_PAREN, ")"))
	return -1;
      return e;
    }
  error_at (loc, "deepmap: "
		 "expected an integer expression in %<#pragma deepmap "
	    "pipeline%>");
  return -1;
}

/* Operators of level PREC (0: + and -, 1: *) and above, left to
   right.  */
static int
dm_parse_binary (dm_pipe_pragma *p, dm_lexer *lx, int prec)
{
  int l = prec ? dm_parse_factor (p, lx) : dm_parse_binary (p, lx, 1);
  for (;;)
    {
      int op;
      if (prec && lx->type == CPP_MULT)
	op = DM_PE_MUL;
      else if (!prec && (lx->type == CPP_PLUS || lx->type == CPP_MINUS))
	op = lx->type == CPP_PLUS ? DM_PE_ADD : DM_PE_SUB;
      else
	return l;
      if (l < 0)
	return -1;
      location_t loc = lx->loc;
      dm_lex (lx);
      int r = prec ? dm_parse_factor (p, lx) : dm_parse_binary (p, lx, 1);
      l = r < 0 ? -1 : dm_pe_new (p, op, NULL_TREE, l, r, loc);
    }
}

static int
dm_parse_expr (dm_pipe_pragma *p, dm_lexer *lx)
{
  return dm_parse_binary (p, lx, 0);
}

/* pipeline(static[CHUNK,STREAMS]), the brackets optional.  */
static bool
dm_parse_schedule (dm_pipe_pragma *p, dm_lexer *lx)
{
  if (!dm_expect (lx, CPP_OPEN_PAREN, "("))
    return false;
  if (!dm_lex_name_is (lx, "static"))
    {
      error_at (lx->loc, "deepmap: "
			 "expected %<static%> schedule in %<pipeline%> "
		"clause");
      return false;
    }
  dm_lex (lx);
  if (lx->type == CPP_OPEN_SQUARE)
    {
      dm_lex (lx);
      if ((p->chunk = dm_parse_expr (p, lx)) < 0
	  || !dm_expect (lx, CPP_COMMA, ",")
	  || (p->streams = dm_parse_expr (p, lx)) < 0
	  || !dm_expect (lx, CPP_CLOSE_SQUARE, "]"))
	return false;
    }
  return dm_expect (lx, CPP_CLOSE_PAREN, ")");
}

/* pipeline_map(to|from|tofrom: VAR[SPLIT:LEN][0:N]...).  */
static bool
dm_parse_map (dm_pipe_pragma *p, dm_lexer *lx)
{
  if (!dm_expect (lx, CPP_OPEN_PAREN, "("))
    return false;
  unsigned dir = 0;
  if (dm_lex_name_is (lx, "to"))
    dir = DM_PIPE_TO;
  else if (dm_lex_name_is (lx, "from"))
    dir = DM_PIPE_FROM;
  else if (dm_lex_name_is (lx, "tofrom"))
    dir = DM_PIPE_TO | DM_PIPE_FROM;
  else
    {
      error_at (lx->loc, "deepmap: expected %<to%>, %<from%> or %<tofrom%> in "
		"%<pipeline_map%> clause");
      return false;
    }
  dm_lex (lx);
  if (!dm_expect (lx, CPP_COLON, ":"))
    return false;
  if (p->nmaps == DM_PIPE_MAX_MAPS)
    {
      error_at (lx->loc, "deepmap: "
			 "too many %<pipeline_map%> clauses (at most %d)",
		DM_PIPE_MAX_MAPS);
      return false;
    }
  dm_pmap *m = &p->maps[p->nmaps];
  m->dir = dir;
  m->loc = lx->loc;
  tree d = lx->type == CPP_NAME ? lookup_name (lx->val) : NULL_TREE;
  if (!d || (TREE_CODE (d) != VAR_DECL && TREE_CODE (d) != PARM_DECL)
      || (TREE_CODE (TREE_TYPE (d)) != POINTER_TYPE
	  && TREE_CODE (TREE_TYPE (d)) != ARRAY_TYPE))
    {
      error_at (lx->loc, "deepmap: expected an array or pointer variable in "
		"%<pipeline_map%> clause");
      return false;
    }
  m->var = d;
  dm_lex (lx);
  m->ndims = 0;
  while (lx->type == CPP_OPEN_SQUARE)
    {
      if (m->ndims == DM_PIPE_MAX_DIMS)
	{
	  error_at (lx->loc, "deepmap: "
			     "too many dimensions in %<pipeline_map%>");
	  return false;
	}
      dm_lex (lx);
      int lo = dm_parse_expr (p, lx);
      if (lo < 0 || !dm_expect (lx, CPP_COLON, ":"))
	return false;
      int len = dm_parse_expr (p, lx);
      if (len < 0 || !dm_expect (lx, CPP_CLOSE_SQUARE, "]"))
	return false;
      m->lo[m->ndims] = lo;
      m->len[m->ndims++] = len;
    }
  if (m->ndims == 0)
    {
      error_at (m->loc, "deepmap: %<pipeline_map%> of %qD needs a section "
		"%<[split:length]%>", d);
      return false;
    }
  p->nmaps++;
  return dm_expect (lx, CPP_CLOSE_PAREN, ")");
}

/* pipeline_mem_limit(N), N[KMG], N [KMG] or "N[KMG]".  256M is one
   preprocessing number, an integer with an invalid suffix to C (which
   says so as it lexes it) and a user-defined literal to C++: such a
   limit is read from its spelling in the source.  */
static bool (*dm_cpp_diagnostic) (cpp_reader *, enum cpp_diagnostic_level,
				  enum cpp_warning_reason, rich_location *,
				  const char *, va_list *);

static bool
dm_quiet_suffix (cpp_reader *r, enum cpp_diagnostic_level level,
		 enum cpp_warning_reason reason, rich_location *loc,
		 const char *msg, va_list *ap)
{
  if (strstr (msg, "suffix"))
    return false;
  return dm_cpp_diagnostic (r, level, reason, loc, msg, ap);
}

/* The letters and digits of the source where the token at LOC is
   spelled (in a macro's definition, for a macro's) into BUF of N
   bytes.  */
static bool
dm_spelling_at (location_t loc, char *buf, size_t n)
{
  loc = linemap_resolve_location (line_table, loc, LRK_SPELLING_LOCATION,
				  NULL);
  expanded_location x = expand_location (loc);
  if (!x.file || x.line <= 0 || x.column <= 0)
    return false;
  char_span line = location_get_source_line (x.file, x.line);
  size_t i = x.column - 1, k = 0;
  while (line && i < line.length () && k + 1 < n && ISALNUM (line[i]))
    buf[k++] = line[i++];
  buf[k] = 0;
  return k > 0;
}

static bool
dm_parse_limit (dm_pipe_pragma *p, dm_lexer *lx)
{
  cpp_callbacks *cb = cpp_get_callbacks (parse_in);
  dm_cpp_diagnostic = cb->diagnostic;
  cb->diagnostic = dm_quiet_suffix;
  bool open = dm_expect (lx, CPP_OPEN_PAREN, "(");
  cb->diagnostic = dm_cpp_diagnostic;
  if (!open)
    return false;
  location_t loc = lx->loc;
  const char *suffix = "";
  char *end = NULL;
  char spelling[64];
  unsigned HOST_WIDE_INT v = 0;
  if (lx->type == CPP_NUMBER && TREE_CODE (lx->val) == INTEGER_CST
      && tree_fits_uhwi_p (lx->val))
    {
      v = tree_to_uhwi (lx->val);
      dm_lex (lx);
      if (lx->type == CPP_NAME)
	{
	  suffix = IDENTIFIER_POINTER (lx->val);
	  dm_lex (lx);
	}
    }
  else if (lx->type == CPP_NUMBER
	   && dm_spelling_at (loc, spelling, sizeof spelling)
	   && ISDIGIT (spelling[0]))
    {
      errno = 0;
      v = strtoull (spelling, &end, 10);
      suffix = errno ? "?" : end;
      dm_lex (lx);
    }
  else if (lx->type == CPP_STRING)
    {
      const char *s = TREE_STRING_POINTER (lx->val);
      v = strtoull (s, &end, 10);
      suffix = end == s ? "?" : end;
      dm_lex (lx);
    }
  else
    suffix = "?";
  int shift = -1;
  if (!*suffix)
    shift = 0;
  else if (!strcmp (suffix, "K") || !strcmp (suffix, "k"))
    shift = 10;
  else if (!strcmp (suffix, "M"))
    shift = 20;
  else if (!strcmp (suffix, "G"))
    shift = 30;
  if (shift < 0 || v == 0)
    {
      error_at (loc, "deepmap: "
		     "expected a positive size with an optional K, M or G "
		"in %<pipeline_mem_limit%> clause");
      return false;
    }
  p->limit = v << shift;
  return dm_expect (lx, CPP_CLOSE_PAREN, ")");
}

static void
dm_handle_pragma_pipeline (cpp_reader *reader)
{
  dm_lexer lx;
  dm_lex (&lx);
  location_t loc = lx.loc;
  dm_pipe_pragma *p = XCNEW (dm_pipe_pragma);
  p->chunk = p->streams = p->device = -1;
  bool ok = current_function_decl != NULL_TREE;
  if (!ok)
    error_at (loc, "deepmap: %<#pragma deepmap pipeline%> outside a function");
  /* The pragma's name is the schedule clause's.  */
  if (ok && lx.type == CPP_OPEN_PAREN)
    ok = dm_parse_schedule (p, &lx);
  while (ok && lx.type != CPP_EOF)
    {
      if (dm_lex_name_is (&lx, "pipeline"))
	{
	  dm_lex (&lx);
	  ok = dm_parse_schedule (p, &lx);
	}
      else if (dm_lex_name_is (&lx, "pipeline_map"))
	{
	  dm_lex (&lx);
	  ok = dm_parse_map (p, &lx);
	}
      else if (dm_lex_name_is (&lx, "pipeline_mem_limit"))
	{
	  dm_lex (&lx);
	  ok = dm_parse_limit (p, &lx);
	}
      else if (dm_lex_name_is (&lx, "device"))
	{
	  dm_lex (&lx);
	  ok = (dm_expect (&lx, CPP_OPEN_PAREN, "(")
		&& (p->device = dm_parse_expr (p, &lx)) >= 0
		&& dm_expect (&lx, CPP_CLOSE_PAREN, ")"));
	}
      else
	{
	  if (lx.type == CPP_NAME)
	    error_at (lx.loc, "deepmap: "
			      "unknown clause %qE in %<#pragma deepmap "
		      "pipeline%>", lx.val);
	  else
	    error_at (lx.loc, "deepmap: "
			      "expected a clause in %<#pragma deepmap "
		      "pipeline%>");
	  ok = false;
	}
      if (ok && lx.type == CPP_COMMA)
	dm_lex (&lx);
    }
  while (lx.type != CPP_EOF)
    dm_lex (&lx);
  if (ok && p->nmaps == 0)
    {
      error_at (loc, "deepmap: %<#pragma deepmap pipeline%> needs a "
		"%<pipeline_map%> clause");
      ok = false;
    }
  if (!ok)
    {
      free (p);
      return;
    }
  p->loc = loc;
  p->fn = current_function_decl;
  dm_pipe_pending.safe_push (p);
}

/* PLUGIN_FINISH_UNIT: a pragma whose function was never genericized is
   in a C++ template (an instantiation is a new function the pragma
   does not reach); say so rather than run the loop unpipelined.  */
void
dm_finish_pipelines (void *event_data, void *user_data)
{
  for (unsigned i = 0; i < dm_pipe_pending.length (); i++)
    {
      error_at (dm_pipe_pending[i]->loc, "deepmap: "
					 "%<#pragma deepmap pipeline%> is "
		"not supported in a template");
      free (dm_pipe_pending[i]);
    }
  dm_pipe_pending.truncate (0);
}

void
dm_register_pipeline_pragma (void)
{
  /* Expanded: sizes are often macros.  */
  c_register_pragma_with_expansion ("deepmap", "pipeline",
				    dm_handle_pragma_pipeline);
}

/* ---- lowering ---------------------------------------------------------- */

/* An expression as COEF * k + REST (long; COEF NULL: 0).  */
struct dm_affine
{
  tree coef, rest;
};

static tree
dm_long (tree t)
{
  return fold_convert (long_integer_type_node, t);
}

static tree
dm_sum (enum tree_code code, tree a, tree b)
{
  if (!b)
    return a;
  if (!a)
    return code == MINUS_EXPR
	   ? fold_build1 (NEGATE_EXPR, long_integer_type_node, b) : b;
  return fold_build2 (code, long_integer_type_node, a, b);
}

/* Expression E of P as an affine function of LOOPVAR; false after an
   error at LOC when it is not one.  */
static bool
dm_pe_affine (dm_pipe_pragma *p, int e, tree loopvar, location_t loc,
	      dm_affine *out)
{
  dm_pe *x = &p->exprs[e];
  dm_affine l = { NULL_TREE, NULL_TREE }, r = { NULL_TREE, NULL_TREE };
  switch (x->op)
    {
    case DM_PE_NUM:
      out->coef = NULL_TREE;
      out->rest = dm_long (x->val);
      return true;
    case DM_PE_NAME:
      /* The loop's own variable, also where a variable of that name
	 outside the loop was all the pragma could see (for (int k ...)
	 shadowing a k declared before).  */
      if (x->val == loopvar
	  || (TREE_CODE (x->val) == IDENTIFIER_NODE
	      && x->val == DECL_NAME (loopvar))
	  || (DECL_P (x->val) && DECL_NAME (x->val)
	      && DECL_NAME (x->val) == DECL_NAME (loopvar)))
	{
	  out->coef = build_int_cst (long_integer_type_node, 1);
	  out->rest = NULL_TREE;
	  return true;
	}
      if (TREE_CODE (x->val) == IDENTIFIER_NODE)
	{
	  error_at (loc, "deepmap: "
			 "%qE in %<#pragma deepmap pipeline%> is undeclared, "
		    "or not a variable%s", x->val,
		    c_dialect_cxx () ? " (or one the lambda the pragma is in "
				      "does not capture)" : "");
	  return false;
	}
      if (!INTEGRAL_TYPE_P (TREE_TYPE (x->val)))
	{
	  error_at (loc, "deepmap: "
			 "%qD in %<#pragma deepmap pipeline%> is not an "
		    "integer", x->val);
	  return false;
	}
      out->coef = NULL_TREE;
      out->rest = dm_long (x->val);
      return true;
    default:
      break;
    }
  if (!dm_pe_affine (p, x->l, loopvar, loc, &l)
      || (x->r >= 0 && !dm_pe_affine (p, x->r, loopvar, loc, &r)))
    return false;
  switch (x->op)
    {
    case DM_PE_NEG:
      out->coef = dm_sum (MINUS_EXPR, NULL_TREE, l.coef);
      out->rest = dm_sum (MINUS_EXPR, NULL_TREE, l.rest);
      return true;
    case DM_PE_ADD:
    case DM_PE_SUB:
      {
	enum tree_code c = x->op == DM_PE_ADD ? PLUS_EXPR : MINUS_EXPR;
	out->coef = dm_sum (c, l.coef, r.coef);
	out->rest = dm_sum (c, l.rest, r.rest);
	return true;
      }
    default:
      break;
    }
  /* A product is affine while one side does not use the variable.  */
  if (l.coef && r.coef)
    {
      error_at (loc, "deepmap: "
		     "split expression of %<pipeline_map%> is not affine in "
		"the loop variable %qD", loopvar);
      return false;
    }
  if (r.coef)
    std::swap (l, r);
  tree zero = build_int_cst (long_integer_type_node, 0);
  tree rv = r.rest ? r.rest : zero;
  out->coef = l.coef ? fold_build2 (MULT_EXPR, long_integer_type_node,
				    l.coef, rv) : NULL_TREE;
  out->rest = fold_build2 (MULT_EXPR, long_integer_type_node,
			   l.rest ? l.rest : zero, rv);
  return true;
}

/* An expression that must not depend on the loop variable.  */
static tree
dm_pe_invariant (dm_pipe_pragma *p, int e, tree loopvar, location_t loc,
		 const char *what)
{
  dm_affine a;
  if (!dm_pe_affine (p, e, loopvar, loc, &a))
    return NULL_TREE;
  if (a.coef)
    {
      error_at (loc, "deepmap: "
		     "%s in %<#pragma deepmap pipeline%> depends on the "
		"loop variable %qD", what, loopvar);
      return NULL_TREE;
    }
  return a.rest ? a.rest : build_int_cst (long_integer_type_node, 0);
}

/* The loop "for (; V < HI; V++)" (or <=, ++V, V += 1, V = V + 1): its
   variable and HI (exclusive), or false after an error.  */
static bool
dm_pipe_loop (tree for_stmt, location_t loc, tree *var, tree *hi)
{
  tree cond = FOR_COND (for_stmt), incr = FOR_EXPR (for_stmt);
  if (cond && TREE_CODE (cond) == C_MAYBE_CONST_EXPR)
    cond = C_MAYBE_CONST_EXPR_EXPR (cond);
  /* The front end folds k < n - 1 into n + -1 > k.  */
  enum tree_code code = cond ? TREE_CODE (cond) : ERROR_MARK;
  tree v = NULL_TREE, bound = NULL_TREE;
  if (code == LT_EXPR || code == LE_EXPR)
    v = TREE_OPERAND (cond, 0), bound = TREE_OPERAND (cond, 1);
  else if (code == GT_EXPR || code == GE_EXPR)
    {
      v = TREE_OPERAND (cond, 1), bound = TREE_OPERAND (cond, 0);
      code = code == GT_EXPR ? LT_EXPR : LE_EXPR;
    }
  if (v)
    {
      STRIP_NOPS (v);
      STRIP_ANY_LOCATION_WRAPPER (v);
    }
  if (!v || TREE_CODE (v) != VAR_DECL || !INTEGRAL_TYPE_P (TREE_TYPE (v)))
    {
      error_at (loc, "deepmap: "
		     "%<#pragma deepmap pipeline%> needs a loop of the form "
		"%<for (k = lo; k < hi; k++)%>");
      return false;
    }
  *var = v;
  tree step = NULL_TREE;
  /* C wraps it in C_MAYBE_CONST_EXPR, C++ in a cleanup point and a
     conversion to void.  */
  while (incr && (TREE_CODE (incr) == C_MAYBE_CONST_EXPR
		  || TREE_CODE (incr) == CLEANUP_POINT_EXPR
		  || (CONVERT_EXPR_P (incr) && VOID_TYPE_P (TREE_TYPE (incr)))))
    incr = TREE_CODE (incr) == C_MAYBE_CONST_EXPR
	   ? C_MAYBE_CONST_EXPR_EXPR (incr) : TREE_OPERAND (incr, 0);
  /* C++ wraps names in location wrappers.  */
  tree target = incr ? TREE_OPERAND (incr, 0) : NULL_TREE;
  if (target)
    STRIP_ANY_LOCATION_WRAPPER (target);
  if (incr && (TREE_CODE (incr) == POSTINCREMENT_EXPR
	       || TREE_CODE (incr) == PREINCREMENT_EXPR)
      && target == *var)
    step = TREE_OPERAND (incr, 1);
  else if (incr && TREE_CODE (incr) == MODIFY_EXPR && target == *var)
    {
      tree rhs = TREE_OPERAND (incr, 1);
      STRIP_NOPS (rhs);
      if (TREE_CODE (rhs) == PLUS_EXPR)
	{
	  tree a = TREE_OPERAND (rhs, 0), b = TREE_OPERAND (rhs, 1);
	  STRIP_NOPS (a);
	  STRIP_ANY_LOCATION_WRAPPER (a);
	  STRIP_ANY_LOCATION_WRAPPER (b);
	  if (a == *var)
	    step = b;
	}
    }
  if (!step || TREE_CODE (step) != INTEGER_CST || !integer_onep (step))
    {
      error_at (loc, "deepmap: "
		     "the loop of %<#pragma deepmap pipeline%> must step "
		"its variable %qD by 1", *var);
      return false;
    }
  *hi = dm_long (unshare_expr (bound));
  if (code == LE_EXPR)
    *hi = fold_build2 (PLUS_EXPR, long_integer_type_node, *hi,
		       build_int_cst (long_integer_type_node, 1));
  return true;
}

static tree dm_pipe_array_type;

/* struct deepmap_pipe_array of deepmap.h.  */
static tree
dm_pipe_record (void)
{
  if (dm_pipe_array_type)
    return dm_pipe_array_type;
  tree cstr = build_pointer_type (build_qualified_type (char_type_node,
							TYPE_QUAL_CONST));
  static const char *const names[] = { "base", "row_bytes", "scale",
					"offset", "rows", "map", "name",
					"count", "pitch" };
  tree types[] = { const_ptr_type_node, size_type_node,
		   long_integer_type_node, long_integer_type_node,
		   long_integer_type_node, unsigned_type_node, cstr,
		   long_integer_type_node, size_type_node };
  tree chain = NULL_TREE;
  for (unsigned i = 0; i < ARRAY_SIZE (names); i++)
    dm_add_member (&chain, names[i], types[i]);
  dm_pipe_array_type = make_node (RECORD_TYPE);
  finish_builtin_struct (dm_pipe_array_type, "deepmap_pipe_array", chain,
			 NULL_TREE);
  return dm_pipe_array_type;
}

/* The runtime function NAME: the program's declaration (deepmap.h) if it
   has one, else ours; weak either way.  */
static tree
dm_pipe_fn (const char *name, tree type)
{
  tree d = lookup_name (get_identifier (name));
  if (d && TREE_CODE (d) == FUNCTION_DECL)
    {
      if (DECL_EXTERNAL (d) && !DECL_WEAK (d))
	declare_weak (d);
      return d;
    }
  d = build_fn_decl (name, type);
  /* C linkage in C++ too.  */
  SET_DECL_ASSEMBLER_NAME (d, get_identifier (name));
  declare_weak (d);
  return d;
}

/* "if (FN) FN (ARGS...)", the arguments converted to FN's parameters.  */
static tree
dm_guarded_call (location_t loc, tree fn, int n, tree *args)
{
  tree parm = TYPE_ARG_TYPES (TREE_TYPE (fn));
  for (int i = 0; i < n; i++, parm = parm ? TREE_CHAIN (parm) : NULL_TREE)
    if (parm)
      args[i] = fold_convert (TREE_VALUE (parm), args[i]);
  tree call = build_call_expr_loc_array (loc, fn, n, args);
  tree addr = build_fold_addr_expr (fn);
  tree cond = build2 (NE_EXPR, boolean_type_node, addr,
		      build_int_cst (TREE_TYPE (addr), 0));
  return build3 (COND_EXPR, void_type_node, cond, call, NULL_TREE);
}

static void
dm_set_field (tree *list, tree elt, const char *name, tree value)
{
  tree f = TYPE_FIELDS (TREE_TYPE (elt));
  while (f && strcmp (IDENTIFIER_POINTER (DECL_NAME (f)), name))
    f = DECL_CHAIN (f);
  tree ref = build3 (COMPONENT_REF, TREE_TYPE (f), elt, f, NULL_TREE);
  append_to_statement_list (build2 (MODIFY_EXPR, TREE_TYPE (f), ref,
				    fold_convert (TREE_TYPE (f), value)),
			    list);
}

/* Bytes of one element of dimension FIRST - 1 of map M: dimensions
   FIRST and on, all whole, of TYPE (the type of such an element when
   the variable's type says, else its element type).  NULL_TREE after an
   error.  */
static tree
dm_pipe_row_bytes (dm_pipe_pragma *p, dm_pmap *m, tree loopvar, int first,
		   tree type)
{
  tree row = size_one_node;
  for (int d = first; d < m->ndims; d++)
    {
      tree lo = dm_pe_invariant (p, m->lo[d], loopvar, m->loc, "a bound");
      tree len = dm_pe_invariant (p, m->len[d], loopvar, m->loc, "a length");
      if (!lo || !len)
	return NULL_TREE;
      bool whole = integer_zerop (lo);
      if (whole && TREE_CODE (type) == ARRAY_TYPE)
	{
	  tree n = array_type_nelts (type);
	  whole = (TREE_CODE (len) != INTEGER_CST
		   || TREE_CODE (n) != INTEGER_CST
		   || wi::to_widest (len) == wi::to_widest (n) + 1);
	  type = TREE_TYPE (type);
	}
      if (!whole)
	{
	  error_at (m->loc, "deepmap: "
			    "inner dimensions of %<pipeline_map%> must be "
		    "whole (%<[0:n]%>)");
	  return NULL_TREE;
	}
      row = size_binop (MULT_EXPR, row, fold_convert (sizetype, len));
    }
  if (!COMPLETE_TYPE_P (type))
    {
      error_at (m->loc, "deepmap: "
			"%<pipeline_map%> of %qD: incomplete element type",
		m->var);
      return NULL_TREE;
    }
  return size_binop (MULT_EXPR, row, TYPE_SIZE_UNIT (type));
}

/* A split in the second dimension, M being VAR[0:COUNT][SPLIT:LEN]...:
   *COUNT, and *PITCH from VAR's type (an array of arrays or a pointer
   to arrays: a pointer to elements does not say its rows' length).  */
static bool
dm_pipe_outer (dm_pipe_pragma *p, dm_pmap *m, tree loopvar, tree *count,
	       tree *pitch)
{
  tree lo = dm_pe_invariant (p, m->lo[0], loopvar, m->loc, "a bound");
  *count = dm_pe_invariant (p, m->len[0], loopvar, m->loc, "a length");
  if (!lo || !*count)
    return false;
  if (!integer_zerop (lo))
    {
      error_at (m->loc, "deepmap: "
			"the first dimension of a %<pipeline_map%> split "
		"in its second one must be whole (%<[0:n]%>)");
      return false;
    }
  tree rowtype = TREE_TYPE (TREE_TYPE (m->var));
  if (TREE_CODE (rowtype) != ARRAY_TYPE || !COMPLETE_TYPE_P (rowtype))
    {
      error_at (m->loc, "deepmap: "
			"%<pipeline_map%> split in the second dimension "
		"needs the length of the rows of %qD: declare it as an array of "
		"arrays or a pointer to arrays", m->var);
      return false;
    }
  *pitch = unshare_expr (TYPE_SIZE_UNIT (rowtype));
  return true;
}

/* Fill ELT (a struct deepmap_pipe_array) from map M; false after an
   error.  The split is the first dimension, or the second when the first
   does not use the loop variable and the second does.  */
static bool
dm_pipe_describe (dm_pipe_pragma *p, dm_pmap *m, tree loopvar, tree elt,
		  tree *list)
{
  dm_affine split;
  if (!dm_pe_affine (p, m->lo[0], loopvar, m->loc, &split))
    return false;
  int dim = 0;
  tree zero = build_int_cst (long_integer_type_node, 0);
  tree count = zero, pitch = size_zero_node;
  if (!split.coef && m->ndims >= 2)
    {
      dm_affine second;
      if (!dm_pe_affine (p, m->lo[1], loopvar, m->loc, &second))
	return false;
      if (second.coef)
	{
	  if (!dm_pipe_outer (p, m, loopvar, &count, &pitch))
	    return false;
	  split = second;
	  dim = 1;
	}
    }
  tree rows = dm_pe_invariant (p, m->len[dim], loopvar, m->loc, "a length");
  if (!rows)
    return false;
  /* A row: every dimension inside the split one, whole.  */
  tree type = TREE_TYPE (TREE_TYPE (m->var));
  if (dim == 1)
    type = TREE_TYPE (type);
  tree row = dm_pipe_row_bytes (p, m, loopvar, dim + 1, type);
  if (!row)
    return false;
  tree base = TREE_CODE (TREE_TYPE (m->var)) == ARRAY_TYPE
	      ? build_fold_addr_expr (m->var) : m->var;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (m->var));
  dm_set_field (list, elt, "base", base);
  dm_set_field (list, elt, "row_bytes", row);
  dm_set_field (list, elt, "scale", split.coef ? split.coef : zero);
  dm_set_field (list, elt, "offset", split.rest ? split.rest : zero);
  dm_set_field (list, elt, "rows", rows);
  dm_set_field (list, elt, "map", build_int_cst (unsigned_type_node, m->dir));
  dm_set_field (list, elt, "name",
		build_string_literal (strlen (name) + 1, name));
  dm_set_field (list, elt, "count", count);
  dm_set_field (list, elt, "pitch", pitch);
  return true;
}

/* What the target regions of a pipelined loop say about their device.  */
struct dm_dev_scan
{
  tree loopvar;
  auto_vec<tree> locals;	/* declared inside the loop */
  tree expr;			/* the first region's device expression */
  location_t loc;		/* of the region that decides the error */
  bool without, differ, varies;
};

static tree
dm_uses_loop_decl (tree *tp, int *walk_subtrees, void *data)
{
  dm_dev_scan *s = (dm_dev_scan *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (*tp == s->loopvar || (DECL_P (*tp) && s->locals.contains (*tp)))
    return *tp;
  return NULL_TREE;
}

static tree
dm_scan_device (tree *tp, int *walk_subtrees, void *data)
{
  dm_dev_scan *s = (dm_dev_scan *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == BIND_EXPR)
    for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
      s->locals.safe_push (v);
  if (TREE_CODE (t) != OMP_TARGET)
    return NULL_TREE;
  tree c = OMP_TARGET_CLAUSES (t);
  while (c && OMP_CLAUSE_CODE (c) != OMP_CLAUSE_DEVICE)
    c = OMP_CLAUSE_CHAIN (c);
  location_t loc = EXPR_LOCATION (t);
  if (c && OMP_CLAUSE_DEVICE_ANCESTOR (c))
    return NULL_TREE;		/* runs on the host */
  if (!c)
    {
      if (!s->without && !s->differ && !s->varies)
	s->loc = loc;
      s->without = true;
      return NULL_TREE;
    }
  tree e = OMP_CLAUSE_DEVICE_ID (c);
  if (!s->expr)
    {
      s->expr = e;
      s->loc = loc;
    }
  else if (!operand_equal_p (s->expr, e, 0) && !s->differ)
    {
      s->differ = true;
      s->loc = loc;
    }
  if (!s->varies && (TREE_SIDE_EFFECTS (e)
		     || walk_tree (&e, dm_uses_loop_decl, s, NULL)))
    {
      s->varies = true;
      s->loc = loc;
    }
  return NULL_TREE;
}

/* The device the pipeline of P on the loop FOR_STMT over VAR uses (an
   int expression, -1: the default device): the pragma's device clause,
   else the device clause the loop's target regions share, evaluated
   before the loop.  NULL_TREE after an error.  */
static tree
dm_pipe_device (dm_pipe_pragma *p, tree for_stmt, tree var)
{
  if (p->device >= 0)
    {
      tree d = dm_pe_invariant (p, p->device, var, p->loc, "the device");
      return d ? fold_convert (integer_type_node, d) : NULL_TREE;
    }
  dm_dev_scan s;
  s.loopvar = var;
  s.expr = NULL_TREE;
  s.loc = p->loc;
  s.without = s.differ = s.varies = false;
  walk_tree_without_duplicates (&FOR_BODY (for_stmt), dm_scan_device, &s);
  if (!s.expr)
    return integer_minus_one_node;
  if (s.without || s.differ)
    {
      error_at (s.loc, "deepmap: "
		       "target regions of a pipelined loop must name the "
		"same device; give %<#pragma deepmap pipeline%> a "
		"%<device%> clause");
      inform (p->loc, "pipelined loop here");
      return NULL_TREE;
    }
  if (s.varies)
    {
      error_at (s.loc, "deepmap: "
		       "the %<device%> clause of a target region in a "
		"pipelined loop must not change in the loop; give "
		"%<#pragma deepmap pipeline%> a %<device%> clause");
      inform (p->loc, "pipelined loop here");
      return NULL_TREE;
    }
  return fold_convert (integer_type_node, unshare_expr (s.expr));
}

/* Replace *LOOP (a FOR_STMT) by its pipelined form (see the top).  */
static void
dm_pipe_lower (dm_pipe_pragma *p, tree *loop)
{
  tree for_stmt = *loop, var, hi;
  location_t loc = EXPR_LOCATION (for_stmt);
  if (!dm_pipe_loop (for_stmt, p->loc, &var, &hi))
    return;
  tree rec = dm_pipe_record ();
  tree atype = build_array_type_nelts (rec, p->nmaps);
  tree descs = build_decl (loc, VAR_DECL, get_identifier ("__deepmap_pipe"),
			   atype);
  DECL_ARTIFICIAL (descs) = 1;
  DECL_IGNORED_P (descs) = 1;
  DECL_CONTEXT (descs) = p->fn;
  TREE_USED (descs) = 1;
  tree list = alloc_stmt_list ();
  /* C++ may keep the loop's initialisation in the loop: it must run
     before the pipeline starts at the variable's value.  */
  if (FOR_INIT_STMT (for_stmt))
    {
      append_to_statement_list (FOR_INIT_STMT (for_stmt), &list);
      FOR_INIT_STMT (for_stmt) = NULL_TREE;
    }
  for (int i = 0; i < p->nmaps; i++)
    {
      tree elt = build4 (ARRAY_REF, rec, descs, size_int (i), NULL_TREE,
			 NULL_TREE);
      if (!dm_pipe_describe (p, &p->maps[i], var, elt, &list))
	return;
    }
  tree zero = build_int_cst (long_integer_type_node, 0);
  tree chunk = p->chunk < 0 ? zero
	       : dm_pe_invariant (p, p->chunk, var, p->loc, "the chunk size");
  tree streams = p->streams < 0 ? zero
		 : dm_pe_invariant (p, p->streams, var, p->loc,
				    "the stream count");
  tree device = chunk && streams ? dm_pipe_device (p, for_stmt, var)
				 : NULL_TREE;
  if (!device)
    return;

  tree lt = long_integer_type_node;
  tree begin_type
    = build_function_type_list (ptr_type_node, integer_type_node, lt, lt, lt,
				lt, integer_type_node,
				long_long_unsigned_type_node, size_type_node,
				const_ptr_type_node, NULL_TREE);
  tree begin = dm_pipe_fn ("deepmap_pipeline_begin", begin_type);
  tree iter = dm_pipe_fn ("deepmap_pipeline_iter",
			  build_function_type_list (void_type_node,
						    ptr_type_node, lt,
						    NULL_TREE));
  tree end = dm_pipe_fn ("deepmap_pipeline_end",
			 build_function_type_list (void_type_node,
						   ptr_type_node, NULL_TREE));
  tree first = build4 (ARRAY_REF, rec, descs, size_zero_node, NULL_TREE,
		       NULL_TREE);
  tree bargs[9] = { device, dm_long (var), hi,
		    build_int_cst (lt, 1), chunk, streams,
		    build_int_cst (long_long_unsigned_type_node, p->limit),
		    size_int (p->nmaps), build_fold_addr_expr (first) };
  append_to_statement_list (dm_guarded_call (loc, begin, 9, bargs), &list);

  tree iargs[2] = { null_pointer_node, dm_long (var) };
  tree body = alloc_stmt_list ();
  append_to_statement_list (dm_guarded_call (loc, iter, 2, iargs), &body);
  append_to_statement_list (FOR_BODY (for_stmt), &body);
  FOR_BODY (for_stmt) = body;

  tree eargs[1] = { null_pointer_node };
  append_to_statement_list (build2 (TRY_FINALLY_EXPR, void_type_node,
				    for_stmt,
				    dm_guarded_call (loc, end, 1, eargs)),
			    &list);
  *loop = build3 (BIND_EXPR, void_type_node, descs, list, NULL_TREE);
  if (dm_reporting ())
    {
      char limit[32] = "runtime's choice";
      if (p->limit)
	snprintf (limit, sizeof limit, HOST_WIDE_INT_PRINT_UNSIGNED " bytes",
		  p->limit);
      dm_report (p->loc, "pipelined loop over %s: %d array%s, chunk size "
		 "and streams %s, device memory limit %s",
		 IDENTIFIER_POINTER (DECL_NAME (var)), p->nmaps,
		 p->nmaps == 1 ? "" : "s",
		 p->chunk < 0 ? "chosen at run time" : "as given", limit);
    }
}

/* A C++ lambda's body names the variables it captures through proxies
   (declarations whose value is a member of the closure); the pragma,
   read before the body, saw the enclosing function's own.  */
struct dm_capture_find
{
  tree fn, name, found;
};

/* The closure fields of the captures pipelined arrays are read
   through.  */
static hash_set<tree> *dm_pipe_captured;

bool
dm_pipe_captured_field_p (tree field)
{
  return dm_pipe_captured && dm_pipe_captured->contains (field);
}

static tree
dm_find_capture (tree *tp, int *walk_subtrees, void *data)
{
  dm_capture_find *f = (dm_capture_find *) data;
  if (TREE_CODE (*tp) == VAR_DECL && DECL_NAME (*tp) == f->name
      && DECL_CONTEXT (*tp) == f->fn && DECL_HAS_VALUE_EXPR_P (*tp))
    {
      f->found = *tp;
      return *tp;
    }
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* *DECL, a variable the pragma names: where it is a local of a function
   enclosing P's (P is in a lambda), the lambda's capture of it, or its
   value where it is an integer constant (which a lambda need not
   capture, *FOLDED set), else its name.  */
static void
dm_pipe_capture (dm_pipe_pragma *p, tree *decl, bool *folded)
{
  tree d = *decl;
  *folded = false;
  if (!c_dialect_cxx ()
      || (TREE_CODE (d) != VAR_DECL && TREE_CODE (d) != PARM_DECL)
      || TREE_STATIC (d) || DECL_EXTERNAL (d)
      || !decl_function_context (d) || decl_function_context (d) == p->fn)
    return;
  dm_capture_find f = { p->fn, DECL_NAME (d), NULL_TREE };
  walk_tree_without_duplicates (&DECL_SAVED_TREE (p->fn), dm_find_capture,
				&f);
  if (f.found)
    {
      *decl = f.found;
      return;
    }
  if (TREE_CODE (d) == VAR_DECL && TREE_READONLY (d)
      && INTEGRAL_TYPE_P (TREE_TYPE (d)) && DECL_INITIAL (d)
      && TREE_CODE (DECL_INITIAL (d)) == INTEGER_CST)
    {
      *decl = DECL_INITIAL (d);
      *folded = true;
      return;
    }
  /* Not captured: the loop's own variable (dm_pe_affine matches it by
     name), else an error there.  */
  *decl = DECL_NAME (d);
}

/* Replace the enclosing function's variables P names by the lambda's
   captures of them.  */
static bool
dm_pipe_captures (dm_pipe_pragma *p)
{
  bool folded;
  for (int i = 0; i < p->nmaps; i++)
    {
      dm_pmap *m = &p->maps[i];
      dm_pipe_capture (p, &m->var, &folded);
      if (TREE_CODE (m->var) == IDENTIFIER_NODE)
	{
	  error_at (m->loc, "deepmap: %qE, named in "
		    "%<pipeline_map%>, is not captured by the lambda the "
		    "pragma is in", m->var);
	  return false;
	}
      /* GCC 12 leaves the device copy of a pointer captured by
	 reference holding its host value in the region (the
	 closure's reference is not translated for each capture).  */
      if (TREE_CODE (TREE_TYPE (m->var)) == REFERENCE_TYPE)
	{
	  error_at (m->loc, "deepmap: %qE, named in %<pipeline_map%>, is "
		    "captured by reference, which target regions of GCC 12 do "
		    "not translate for the device; capture it by value "
		    "(%<[=]%> or %<[%E]%>)", DECL_NAME (m->var),
		    DECL_NAME (m->var));
	  return false;
	}
      tree via = DECL_HAS_VALUE_EXPR_P (m->var)
		 ? DECL_VALUE_EXPR (m->var) : NULL_TREE;
      if (via && TREE_CODE (via) == COMPONENT_REF)
	{
	  if (!dm_pipe_captured)
	    dm_pipe_captured = new hash_set<tree>;
	  dm_pipe_captured->add (TREE_OPERAND (via, 1));
	}
    }
  for (int e = 0; e < p->nexprs; e++)
    if (p->exprs[e].op == DM_PE_NAME && DECL_P (p->exprs[e].val))
      {
	dm_pipe_capture (p, &p->exprs[e].val, &folded);
	if (folded)
	  p->exprs[e].op = DM_PE_NUM;
      }
  return true;
}

static tree
dm_collect_for (tree *tp, int *walk_subtrees, void *data)
{
  vec<tree *> *found = (vec<tree *> *) data;
  if (TREE_CODE (*tp) == FOR_STMT && EXPR_HAS_LOCATION (*tp))
    found->safe_push (tp);
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* PLUGIN_PRE_GENERICIZE of FNDECL: lower the pipelined loops of its
   pragmas (and those of its nested functions).  */
void
dm_lower_pipelines (tree fndecl)
{
  unsigned i = 0;
  while (i < dm_pipe_pending.length ())
    {
      dm_pipe_pragma *p = dm_pipe_pending[i];
      /* C genericizes nested functions with their parent, C++ each
	 function (a lambda's too) by itself.  */
      tree outer = p->fn;
      while (!c_dialect_cxx () && decl_function_context (outer))
	outer = decl_function_context (outer);
      if (outer != fndecl)
	{
	  i++;
	  continue;
	}
      dm_pipe_pending.ordered_remove (i);
      auto_vec<tree *> found;
      walk_tree (&DECL_SAVED_TREE (p->fn), dm_collect_for, &found, NULL);
      tree *best = NULL;
      for (unsigned j = 0; j < found.length (); j++)
	if (dm_before (p->loc, EXPR_LOCATION (*found[j]))
	    && (!best || dm_before (EXPR_LOCATION (*found[j]),
				    EXPR_LOCATION (*best))))
	  best = found[j];
      if (!best)
	error_at (p->loc, "deepmap: "
			  "%<#pragma deepmap pipeline%> is not followed by a "
		  "for loop");
      else if (dm_pipe_captures (p))
	dm_pipe_lower (p, best);
      free (p);
    }
}
