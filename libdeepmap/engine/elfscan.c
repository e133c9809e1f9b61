/* elfscan.c -- find GCC's host tables (.gnu.offload_funcs and
   .gnu.offload_vars) in the main program and every loaded shared object by
   reading their section headers from the files; see elfscan.h.

   Only the ELF header, the program and section headers and the section
   name table are read (pread, no libelf).  Every offset and size taken
   from a file is bounds-checked, and a section is trusted only when it
   lies inside one of the object's loaded segments as the dynamic loader
   reports them, so an odd file gives an error, never a wild pointer.  */

#define _GNU_SOURCE 1
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/elfscan.h"
#include "support/error.h"

#define DM_FUNCS_SECTION ".gnu.offload_funcs"
#define DM_VARS_SECTION ".gnu.offload_vars"

/* Limits no real object comes near; past them the file is malformed.  */
#define DM_MAX_SECTIONS (1u << 20)
#define DM_MAX_SHSTRTAB ((size_t) 16 << 20)

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
# define DM_ELFDATA ELFDATA2LSB
#else
# define DM_ELFDATA ELFDATA2MSB
#endif

#if UINTPTR_MAX == UINT64_MAX
# define DM_ELFCLASS ELFCLASS64
#else
# define DM_ELFCLASS ELFCLASS32
#endif

/* One object's tables, kept until the loader's lock is released.  */
struct dm_elfscan_hit
{
  struct dm_host_table table;
  char *name;
};

struct dm_elfscan_state
{
  int seen_main;
  int failed;
  struct dm_elfscan_hit *hits;
  size_t nhits, cap;
};

/* Read exactly LEN bytes at OFF; 0 on success.  */
static int
dm_elfscan_pread (int fd, void *buf, size_t len, uint64_t off)
{
  char *p = buf;

  while (len > 0)
    {
      ssize_t n;

      if (off > (uint64_t) INT64_MAX)
	return -1;
      n = pread (fd, p, len, (off_t) off);
      if (n < 0 && errno == EINTR)
	continue;
      if (n <= 0)
	return -1;
      p += n;
      len -= (size_t) n;
      off += (uint64_t) n;
    }
  return 0;
}

/* Whether [OFF, OFF + LEN) lies within a file of FSIZE bytes.  */
static int
dm_elfscan_in_file (uint64_t off, uint64_t len, uint64_t fsize)
{
  return off <= fsize && len <= fsize - off;
}

/* Whether [ADDR, ADDR + LEN) lies within one PT_LOAD segment of INFO.  */
static int
dm_elfscan_in_segment (const struct dl_phdr_info *info, uint64_t addr,
		       uint64_t len)
{
  int i;

  for (i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[i];

      if (ph->p_type != PT_LOAD)
	continue;
      if (addr >= ph->p_vaddr && addr - ph->p_vaddr <= ph->p_memsz
	  && len <= ph->p_memsz - (addr - ph->p_vaddr))
	return 1;
    }
  return 0;
}

/* Check one of GCC's sections SH, named NAME, whose entries are ENTSIZE
   bytes, and turn it into run-time pointers *BEGIN, *END.  */
static int
dm_elfscan_take (const struct dl_phdr_info *info, const char *file,
		 const ElfW (Shdr) *sh, const char *name, size_t entsize,
		 const void **begin, const void **end)
{
  if (*begin != NULL)
    {
      dm_set_reason ("two %s sections in %s", name, file);
      return -1;
    }
  if (sh->sh_type != SHT_PROGBITS || !(sh->sh_flags & SHF_ALLOC)
      || sh->sh_size % entsize != 0 || sh->sh_addr % sizeof (void *) != 0
      || (sh->sh_size > 0
	  && !dm_elfscan_in_segment (info, sh->sh_addr, sh->sh_size)))
    {
      dm_set_reason ("section %s of %s is malformed (type %u, flags %#lx, "
		     "address %#lx, size %lu) or lies outside the loaded "
		     "segments", name, file, (unsigned) sh->sh_type,
		     (unsigned long) sh->sh_flags,
		     (unsigned long) sh->sh_addr,
		     (unsigned long) sh->sh_size);
      return -1;
    }
  *begin = (const void *) (info->dlpi_addr + (uintptr_t) sh->sh_addr);
  *end = (const char *) *begin + sh->sh_size;
  return 0;
}

/* Whether the string at OFF of the name table STRS (SIZE bytes) is NAME.  */
static int
dm_elfscan_named (const char *strs, size_t size, uint64_t off,
		  const char *name)
{
  size_t len = strlen (name) + 1;

  return off < size && len <= size - off && memcmp (strs + off, name, len) == 0;
}

/* Find the two sections in the open file FD of object INFO; -1 with a
   reason when the file is malformed.  *TABLE stays zeroed when neither
   section exists.  */
static int
dm_elfscan_file (int fd, const char *file, const struct dl_phdr_info *info,
		 struct dm_host_table *table)
{
  struct stat st;
  uint64_t fsize, shnum, shstrndx, i;
  ElfW (Ehdr) eh;
  ElfW (Phdr) *ph = NULL;
  ElfW (Shdr) *sh = NULL, sh0;
  char *strs = NULL;
  const void *fb = NULL, *fe = NULL, *vb = NULL, *ve = NULL;
  size_t phsize;
  int ret = -1;

  memset (table, 0, sizeof *table);
  if (fstat (fd, &st) != 0 || st.st_size < 0)
    {
      dm_set_reason ("cannot stat %s: %s", file, strerror (errno));
      return -1;
    }
  fsize = (uint64_t) st.st_size;

  if (!dm_elfscan_in_file (0, sizeof eh, fsize)
      || dm_elfscan_pread (fd, &eh, sizeof eh, 0) != 0
      || memcmp (eh.e_ident, ELFMAG, SELFMAG) != 0
      || eh.e_ident[EI_CLASS] != DM_ELFCLASS
      || eh.e_ident[EI_DATA] != DM_ELFDATA
      || eh.e_ident[EI_VERSION] != EV_CURRENT)
    {
      dm_set_reason ("%s is not a native ELF file", file);
      return -1;
    }

  /* The file must be the one the loader mapped: same program headers.  */
  phsize = (size_t) info->dlpi_phnum * sizeof (ElfW (Phdr));
  if (eh.e_phnum != info->dlpi_phnum
      || eh.e_phentsize != sizeof (ElfW (Phdr))
      || !dm_elfscan_in_file (eh.e_phoff, phsize, fsize)
      || (ph = malloc (phsize ? phsize : 1)) == NULL
      || dm_elfscan_pread (fd, ph, phsize, eh.e_phoff) != 0
      || memcmp (ph, info->dlpi_phdr, phsize) != 0)
    {
      dm_set_reason ("%s does not match the loaded object (program headers "
		     "differ; replaced on disk?)", file);
      goto out;
    }

  /* No section headers (stripped of them): no tables to find.  */
  if (eh.e_shoff == 0)
    {
      ret = 0;
      goto out;
    }
  if (eh.e_shentsize != sizeof (ElfW (Shdr))
      || !dm_elfscan_in_file (eh.e_shoff, sizeof sh0, fsize)
      || dm_elfscan_pread (fd, &sh0, sizeof sh0, eh.e_shoff) != 0)
    goto malformed;
  /* Section 0 holds the counts that do not fit the ELF header.  */
  shnum = eh.e_shnum ? eh.e_shnum : sh0.sh_size;
  shstrndx = eh.e_shstrndx == SHN_XINDEX ? sh0.sh_link : eh.e_shstrndx;
  if (shnum == 0 || shnum > DM_MAX_SECTIONS || shstrndx >= shnum
      || !dm_elfscan_in_file (eh.e_shoff, shnum * sizeof (ElfW (Shdr)),
			      fsize))
    goto malformed;
  sh = malloc (shnum * sizeof (ElfW (Shdr)));
  if (sh == NULL)
    {
      dm_set_reason ("out of memory reading the sections of %s", file);
      goto out;
    }
  if (dm_elfscan_pread (fd, sh, shnum * sizeof (ElfW (Shdr)), eh.e_shoff)
      != 0)
    goto malformed;

  if (sh[shstrndx].sh_type != SHT_STRTAB
      || sh[shstrndx].sh_size > DM_MAX_SHSTRTAB
      || !dm_elfscan_in_file (sh[shstrndx].sh_offset, sh[shstrndx].sh_size,
			      fsize))
    goto malformed;
  strs = malloc (sh[shstrndx].sh_size + 1);
  if (strs == NULL)
    {
      dm_set_reason ("out of memory reading the sections of %s", file);
      goto out;
    }
  if (dm_elfscan_pread (fd, strs, sh[shstrndx].sh_size,
			sh[shstrndx].sh_offset) != 0)
    goto malformed;

  for (i = 1; i < shnum; i++)
    {
      if (dm_elfscan_named (strs, sh[shstrndx].sh_size, sh[i].sh_name,
			    DM_FUNCS_SECTION))
	{
	  if (dm_elfscan_take (info, file, &sh[i], DM_FUNCS_SECTION,
			       sizeof (void *), &fb, &fe) != 0)
	    goto out;
	}
      else if (dm_elfscan_named (strs, sh[shstrndx].sh_size, sh[i].sh_name,
				 DM_VARS_SECTION))
	{
	  if (dm_elfscan_take (info, file, &sh[i], DM_VARS_SECTION,
			       2 * sizeof (uintptr_t), &vb, &ve) != 0)
	    goto out;
	}
    }
  table->funcs_begin = fb;
  table->funcs_end = fe;
  table->vars_begin = vb;
  table->vars_end = ve;
  ret = 0;
  goto out;

 malformed:
  dm_set_reason ("%s has malformed section headers", file);
 out:
  free (strs);
  free (sh);
  free (ph);
  return ret;
}

static int
dm_elfscan_object (struct dl_phdr_info *info, size_t size, void *data)
{
  struct dm_elfscan_state *st = data;
  struct dm_host_table table;
  char exe[PATH_MAX];
  const char *file = info->dlpi_name, *name;
  int fd, main_program = !st->seen_main;
  ssize_t n;

  /* The main program comes first, with an empty name; later nameless or
     path-less objects are the vDSO and the like, which have no file.  */
  st->seen_main = 1;
  if (size < offsetof (struct dl_phdr_info, dlpi_phnum)
	     + sizeof info->dlpi_phnum
      || info->dlpi_phdr == NULL || info->dlpi_phnum == 0)
    return 0;
  if (main_program && (file == NULL || file[0] == '\0'))
    file = "/proc/self/exe";
  else if (file == NULL || strchr (file, '/') == NULL)
    return 0;

  fd = open (file, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      /* A library deleted or unreadable since loading is left out; the
	 program itself must be readable.  */
      if (!main_program)
	return 0;
      dm_set_reason ("cannot open the main program as %s: %s", file,
		     strerror (errno));
      st->failed = 1;
      return 1;
    }
  name = file;
  if (main_program && strcmp (file, "/proc/self/exe") == 0
      && (n = readlink (file, exe, sizeof exe - 1)) > 0)
    {
      exe[n] = '\0';
      name = exe;
    }
  if (dm_elfscan_file (fd, name, info, &table) != 0)
    {
      close (fd);
      st->failed = 1;
      return 1;
    }
  close (fd);
  if (table.funcs_begin == NULL && table.vars_begin == NULL)
    return 0;

  if (st->nhits == st->cap)
    {
      size_t cap = st->cap ? 2 * st->cap : 8;
      struct dm_elfscan_hit *h = realloc (st->hits, cap * sizeof *h);

      if (h == NULL)
	{
	  dm_set_reason ("out of memory listing host tables");
	  st->failed = 1;
	  return 1;
	}
      st->hits = h;
      st->cap = cap;
    }
  st->hits[st->nhits].table = table;
  st->hits[st->nhits].name = strdup (name);
  if (st->hits[st->nhits].name == NULL)
    {
      dm_set_reason ("out of memory listing host tables");
      st->failed = 1;
      return 1;
    }
  st->nhits++;
  return 0;
}

int
dm_elfscan_host_tables (dm_elfscan_found_fn *found, void *arg)
{
  struct dm_elfscan_state st;
  size_t i;

  memset (&st, 0, sizeof st);
  dl_iterate_phdr (dm_elfscan_object, &st);

  /* FOUND runs outside dl_iterate_phdr, which holds the loader's lock: it
     may load libraries or report an error and exit.  */
  for (i = 0; i < st.nhits; i++)
    {
      if (!st.failed)
	found (&st.hits[i].table, st.hits[i].name, arg);
      free (st.hits[i].name);
    }
  free (st.hits);
  return st.failed ? -1 : 0;
}

/* dm_elfscan_object_data's search.  */
struct dm_object_data
{
  uintptr_t addr;
  uintptr_t *s, *e;
  int max, n;
  const char *name;
};

static int
dm_elfscan_data_of (struct dl_phdr_info *info, size_t size, void *p)
{
  struct dm_object_data *od = p;
  (void) size;
  int holds = 0;
  for (int i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[i];
      uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
      if (ph->p_type == PT_LOAD && od->addr >= lo
	  && od->addr - lo < ph->p_memsz)
	holds = 1;
    }
  if (!holds)
    return 0;
  for (int i = 0; i < info->dlpi_phnum && od->n < od->max; i++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[i];
      if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_W))
	continue;
      od->s[od->n] = info->dlpi_addr + ph->p_vaddr;
      od->e[od->n] = od->s[od->n] + ph->p_memsz;
      od->n++;
    }
  od->name = info->dlpi_name;
  return 1;
}

int
dm_elfscan_object_data (const void *addr, uintptr_t *s, uintptr_t *e,
			int max, const char **name)
{
  struct dm_object_data od = { (uintptr_t) addr, s, e, max, 0, NULL };
  dl_iterate_phdr (dm_elfscan_data_of, &od);
  if (name)
    *name = od.name && *od.name ? od.name : "the program";
  return od.n;
}
