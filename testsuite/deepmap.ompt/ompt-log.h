/* ompt-log.h -- the event record the test tool (tool.c) keeps and
   the test programs read (through dlopen of the tool with RTLD_NOLOAD).  */
#ifndef OMPT_LOG_H
#define OMPT_LOG_H

#include <stddef.h>
#include <stdint.h>

enum ompt_log_cb
{
  LOG_DEVICE_INIT = 1, LOG_DEVICE_FINI, LOG_LOAD, LOG_UNLOAD,
  LOG_TARGET, LOG_DATA_OP, LOG_SUBMIT, LOG_MAP
};

#define LOG_MAP_MAX 8

struct ompt_log
{
  int cb;			/* enum ompt_log_cb */
  int kind;			/* target: ompt_target_t; data op: optype */
  int endpoint;
  int device;
  uint64_t target;		/* target_data->value when called */
  uint64_t task;		/* target_task_data->value, 0 if NULL */
  uint64_t op;			/* *host_op_id when called */
  void *src, *dst;
  int src_dev, dst_dev;
  size_t bytes;
  const void *ra;
  unsigned n;			/* map: items; submit: requested teams */
  void *host[LOG_MAP_MAX], *devp[LOG_MAP_MAX];
  size_t sz[LOG_MAP_MAX];
  unsigned flags[LOG_MAP_MAX];
  char type[16];		/* device_initialize: the device's type */
};

#endif
