/* gsum.c - sums of statistics (see gsum.h). */
#include "gsum.h"

void gsum_stats(sc_stats *t, const sc_stats *a)
{
    t->issued += a->issued;
    t->dispatched += a->dispatched;
    t->idle_no_warp += a->idle_no_warp;
    for (unsigned i = 0; i < ALLOC_NCASES; i++) t->alloc[i] += a->alloc[i];
    t->src_slots += a->src_slots;
    t->src_regs += a->src_regs;
    t->src_hits += a->src_hits;
    t->bank_read_reqs += a->bank_read_reqs;
    t->bank_reads += a->bank_reads;
    t->bank_writes += a->bank_writes;
    t->wb_refused += a->wb_refused;
    t->ccu_data_writes += a->ccu_data_writes;
    t->ccu_fills += a->ccu_fills;
    t->wb_filtered += a->wb_filtered;
    t->wb_port_lost += a->wb_port_lost;
    t->wb_invalidations += a->wb_invalidations;
    t->flushes += a->flushes;
    t->flushes_nonempty += a->flushes_nonempty;
    t->grant_blocked_write += a->grant_blocked_write;
    t->grant_blocked_port += a->grant_blocked_port;
    t->disp_refused += a->disp_refused;
    t->disp_contention += a->disp_contention;
    if (a->fifo_high_water > t->fifo_high_water) t->fifo_high_water = a->fifo_high_water;
    for (unsigned i = 0; i < 3; i++) {
        t->repl_alloc[i] += a->repl_alloc[i];
        t->repl_portd[i] += a->repl_portd[i];
    }
    for (unsigned i = 0; i <= CFG_MAX_FSM; i++) {
        t->fsm_edge[i][0] += a->fsm_edge[i][0];
        t->fsm_edge[i][1] += a->fsm_edge[i][1];
    }
}

void gsum_driver(drv_counts *t, const drv_counts *a)
{
    t->cycles += a->cycles;
    t->issued += a->issued;
    t->dispatched += a->dispatched;
    t->written_back += a->written_back;
    t->wb_refused += a->wb_refused;
    t->operand_checks += a->operand_checks;
    t->wb_trace_values += a->wb_trace_values;
    t->src_trace_checks += a->src_trace_checks;
    t->src_trace_diffs += a->src_trace_diffs;
    t->errors += a->errors;
    t->stall_mem += a->stall_mem;
    t->stall_dep += a->stall_dep;
    t->stall_collect += a->stall_collect;
    t->stall_other += a->stall_other;
    t->stall_empty += a->stall_empty;
    t->stall_inactive += a->stall_inactive;
    t->stall_inactive_free += a->stall_inactive_free;
    t->active_swaps += a->active_swaps;
    t->rba_hidden += a->rba_hidden;
    t->ccu_wb_cached += a->ccu_wb_cached;
    t->ccu_wb_saved += a->ccu_wb_saved;
    rst_add(&t->reuse, &a->reuse);
}

void gsum_trace(tsrc_counts *t, const tsrc_counts *a)
{
    t->blocks += a->blocks;
    t->blocks_done += a->blocks_done;
    t->warps += a->warps;
    t->insts += a->insts;
    t->insts_retired += a->insts_retired;
    t->passes += a->passes;
    t->split_insts += a->split_insts;
    t->barriers += a->barriers;
    t->src_regs += a->src_regs;
    t->dst_regs += a->dst_regs;
    t->src_near += a->src_near;
    t->dst_near += a->dst_near;
    t->bar_wait_slot_cycles += a->bar_wait_slot_cycles;
    t->empty_slot_cycles += a->empty_slot_cycles;
    t->held_slot_cycles += a->held_slot_cycles;
    t->busy_cycles += a->busy_cycles;
    if (a->max_held > t->max_held) t->max_held = a->max_held;
    t->unknown_insts += a->unknown_insts;
    t->val_insts += a->val_insts;
    t->cp_groups += a->cp_groups;
    t->gmma_groups += a->gmma_groups;
    t->depbar_waits += a->depbar_waits;
    t->depbar_wait_slot_cycles += a->depbar_wait_slot_cycles;
    t->reg_cycles_off += a->reg_cycles_off;
    t->reg_cycles_sleep += a->reg_cycles_sleep;
    t->reg_cycles_on += a->reg_cycles_on;
}

void gsum_mem(mem_counts *t, const mem_counts *a)
{
    t->ld_insts += a->ld_insts;
    t->st_insts += a->st_insts;
    t->atom_insts += a->atom_insts;
    t->other_insts += a->other_insts;
    t->l1_lines += a->l1_lines;
    t->l1_hits += a->l1_hits;
    t->l1_pending_hits += a->l1_pending_hits;
    t->l1_misses += a->l1_misses;
    t->l1_mshr_stall_cycles += a->l1_mshr_stall_cycles;
    t->st_sectors += a->st_sectors;
    t->atom_sectors += a->atom_sectors;
    t->l2_hits += a->l2_hits;
    t->l2_misses += a->l2_misses;
    t->dram_read_bytes += a->dram_read_bytes;
    t->l1_bypassed += a->l1_bypassed;
    t->dram_write_bytes += a->dram_write_bytes;
    t->shmem_insts += a->shmem_insts;
    t->shmem_wavefronts += a->shmem_wavefronts;
    t->const_hits += a->const_hits;
    t->const_misses += a->const_misses;
    t->icache_misses += a->icache_misses;
}
