#!/usr/bin/env bash
# merge.sh OUTDIR - merge the JSON of every job of eval/jobs.sh (OUTDIR/runs/*.json) into
# one table: OUTDIR/table.csv, OUTDIR/table.md and OUTDIR/table.json. One row per trace
# and variant: IPC and its ratio to the baseline, hit ratio, bank reads per instruction and
# their reduction against the baseline, CCU writes per write-back, flushes of non-empty
# CCUs per 1000 instructions, issue stall cycles by reason; per trace, the reference hit
# ratios of a private per-warp cache (LRU, OPT); RF dynamic energy per instruction, its
# reduction against the baseline and the share of each component (docs/config.md); the
# storage the design adds per sub-core over two baseline collectors (storage_bits,
# sim/report.h rep_storage_bits); the share of operands whose hint differs from the exact
# rule's (hint_differ: 0 with exact hints); the warps resident per sub-core, mean over the
# cycles a sub-core holds a warp and max (warps_per_subcore, warps_per_subcore_max;
# docs/gpu.md): a trace whose malekeh run never held more warps on a sub-core than CCUs is
# marked in table.md as one on which the CCU keys cannot matter.
# Each row also has its IPC against the baseline of its own collector count (the variants
# named baseline*, matched by their resolved ccus; n/a when there is none), so that a design
# with more collectors is not credited with what the collectors alone give.
# Each row also has the papers' counting beside ours (malekeh-sim's metrics, sim/report.h; the authors' prototype,
# upc-arco/accel-sim-framework rfcache_stats.cc: read hits, misses and "reservations", per
# source operand): hit_ratio_operands counts every source operand and a repeat of a
# register still being filled for the same instruction as a hit, i.e. 1 - (distinct
# registers missed) / (source operands), 0 without caching (no cache, no hit);
# bank_read_reduction_operands is 1 - bank reads / source operands, against a baseline
# that reads every operand (our baseline OCUs read a repeated register once).
# table.md ends with the mean of every variant over the traces where the CCUs are shared,
# then apart over those where they cannot be. A missing or incomplete run
# is an error.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: eval/merge.sh OUTDIR" >&2; exit 2; }
out=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
get() { grep -o "\"$2\": [-0-9.e]*" "$1" | head -1 | sed 's/.*: //'; }
# energy shares of a run, comma-separated, in the CSV's column order: the six events, or
# (shares RUN cycle) the four per-cycle components of the energy ledger (docs/energy.md;
# 0 on the built-in table), which follow the older columns at the end of a row
shares() { local c out="" list="bank_read bank_write ccu_read ccu_write crossbar latch"
           [ "${2:-}" = cycle ] && list="storage_clock clock_gates control bank_idle"
           for c in $list; do
               out="$out${out:+,}$(get "$1" ${c}_share)"; done; echo "$out"; }
csv=$out/table.csv.tmp
echo "trace,variant,instructions,cycles,ipc,ipc_vs_baseline,hit_ratio,bank_reads_per_inst,bank_read_reduction,ccu_writes_per_wb,flushes_per_kinst,stall_no_warp,stall_own_busy,stall_no_free,stall_sthld_wait,ref_lru_hit_ratio,ref_opt_hit_ratio,energy_pj_per_inst,energy_reduction,share_bank_read,share_bank_write,share_ccu_read,share_ccu_write,share_crossbar,share_latch,ccus,ipc_vs_same_c,hit_ratio_operands,bank_read_reduction_operands,ref_unbounded_hit_ratio,storage_bits,hint_differ,share_storage_clock,share_clock_gates,share_control,share_bank_idle,energy_table,warps_per_subcore,warps_per_subcore_max" >"$csv"
# the energy ledger that priced a run ("built-in" for the energy_* keys)
table_of() { local t; t=$(grep -o '"table": "[^"]*"' "$1" | head -1 | sed 's/.*: "//; s/"$//')
             t=${t:-built-in}; echo "${t//,/_}"; }
# the collectors of a run (its resolved configuration)
ccus_of() { grep -o '"ccus": "[0-9]*"' "$1" | head -1 | tr -dc 0-9; }
traces=$(ls "$out"/runs/*__refs.json 2>/dev/null | sed 's|.*/||; s|__refs.json||' | sort)
[ -n "$traces" ] || { echo "eval/merge.sh: no runs in $out/runs (run the job list first)" >&2; exit 2; }
variants=$(grep -v '^#' "$ROOT/eval/variants.txt" | cut -d'|' -f1 | tr -d ' ' | grep .)
for t in $traces; do
    base=$out/runs/${t}__baseline.json refs=$out/runs/${t}__refs.json
    [ -s "$base" ] || { echo "eval/merge.sh: $base missing" >&2; exit 2; }
    lru=$(get "$refs" lru_hit_ratio) opt=$(get "$refs" opt_hit_ratio) unb=$(get "$refs" unbounded_hit_ratio)
    [ -n "$unb" ] || { echo "eval/merge.sh: $refs lacks unbounded_hit_ratio (rebuild malekeh-refs and re-run)" >&2; exit 2; }
    # the IPC of a baseline of each collector count run on this trace (baseline*), by count
    declare -A bc=()
    for v in $variants; do
        case "$v" in baseline*) j=$out/runs/${t}__$v.json
            [ -s "$j" ] && [ -z "$(grep -o '"caching": "on"' "$j")" ] && bc[$(ccus_of "$j")]=$(get "$j" ipc) ;; esac
    done
    bipc=$(get "$base" ipc) bbr=$(get "$base" bank_reads_per_inst) ben=$(get "$base" pj_per_inst)
    for v in $variants; do
        j=$out/runs/${t}__$v.json
        [ -s "$j" ] || { echo "eval/merge.sh: $j missing" >&2; exit 2; }
        [ "$(get "$j" complete)" = 1 ] || { echo "eval/merge.sh: $j: the run did not complete" >&2; exit 2; }
        awk -v t="$t" -v v="$v" -v n="$(get "$j" instructions)" -v cy="$(get "$j" cycles)" \
            -v ipc="$(get "$j" ipc)" -v bipc="$bipc" -v hr="$(get "$j" hit_ratio)" \
            -v br="$(get "$j" bank_reads_per_inst)" -v bbr="$bbr" \
            -v cw="$(get "$j" ccu_writes_per_wb)" -v fl="$(get "$j" flushes_nonempty_per_kinst)" \
            -v s1="$(get "$j" idle_no_warp)" -v s2="$(get "$j" alloc_owned_busy)" \
            -v s3="$(get "$j" alloc_no_free)" -v s4="$(get "$j" alloc_wait)" -v lru="$lru" -v opt="$opt" \
            -v en="$(get "$j" pj_per_inst)" -v ben="$ben" -v sh="$(shares "$j")" \
            -v cc="$(ccus_of "$j")" -v bcc="${bc[$(ccus_of "$j")]:-0}" \
            -v ho="$(get "$j" hit_ratio_operands)" -v ro="$(get "$j" bank_read_reduction_operands)" \
            -v unb="$unb" -v sb="$(get "$j" storage_bits)" \
            -v hd="$(get "$j" hint_differ)" -v hc="$(get "$j" hint_compared)" \
            -v sc="$(shares "$j" cycle)" -v tb="$(table_of "$j")" \
            -v wm="$(get "$j" warps_per_subcore)" -v wx="$(get "$j" warps_per_subcore_max)" \
            'BEGIN { if (ho == "" || ro == "" || sb == "" || wm == "" || wx == "" || sc ~ /^,|,,|,$/) {
                         print "eval/merge.sh: " t " " v ": the run JSON lacks hit_ratio_operands, bank_read_reduction_operands, storage_bits, warps_per_subcore or the energy ledger\x27s shares (rebuild malekeh-sim and re-run)" > "/dev/stderr"; exit 2 }
                     printf "%s,%s,%d,%d,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.2f,%d,%d,%d,%d,%.4f,%.4f,%.2f,%.4f,%s,%d,%s,%.4f,%.4f,%.4f,%d,%.4f,%s,%s,%.2f,%d\n",
                     t, v, n, cy, ipc, ipc / bipc, hr, br, 1 - br / bbr, cw, fl, s1, s2, s3, s4, lru, opt,
                     en, 1 - en / ben, sh, cc, (bcc > 0 ? sprintf("%.4f", ipc / bcc) : ""),
                     ho, ro, unb, sb, (hc > 0 ? hd / hc : 0), sc, tb, wm, wx }' >>"$csv"
    done
done
mv "$csv" "$out/table.csv"
# Markdown: one block per trace
awk -F, 'NR == FNR { if (FNR > 1 && $2 == "malekeh") { wm[$1] = $38; wx[$1] = $39; wc[$1] = $26 }; next }
    FNR == 1 { next }
    $1 != last { if (last != "") print "";
                 printf "**%s** (%d instructions; reference hit ratio of a private per-warp cache: LRU %.1f %%, OPT %.1f %%, unbounded %.1f %%)\n\n", $1, $3, 100*$16, 100*$17, 100*$30;
                 if ($1 in wm) { printf "Warps per sub-core (malekeh): %.2f mean over the cycles a sub-core holds a warp, %d at most", wm[$1], wx[$1]
                                 if (wx[$1] <= wc[$1]) printf "; no sub-core ever held more warps than CCUs (ccus = %d): the CCU keys cannot matter on this trace", wc[$1]
                                 printf ".\n\n" }
                 print "| variant | IPC / baseline | IPC / baseline of its C | hit ratio | hit ratio, every operand | bank reads / inst | vs baseline | RF energy / inst (pJ) | vs baseline | energy shares: bank rd / bank wr / CCU rd / CCU wr / crossbar / latch / per-cycle (%) | CCU writes / write-back | flushes / 1000 inst | stalls: no warp / own busy / no free unit / STHLD wait |";
                 print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|"; last = $1 }
    function chg(x) { x = -100 * x; return (x > -0.05 && x < 0.05) ? 0 : x } # a reduction, signed
    function samec(x) { return x == "" ? "n/a" : sprintf("%.3f", x) }
    { printf "| %s | %.3f | %s | %.1f %% | %.1f %% | %.3f | %+.1f %% | %.0f | %+.1f %% | %.0f / %.0f / %.0f / %.0f / %.0f / %.0f / %.0f | %.3f | %.1f | %d / %d / %d / %d |\n", $2, $6, samec($27), 100*$7, 100*$28, $8, chg($9), $18, chg($19), 100*$20, 100*$21, 100*$22, 100*$23, 100*$24, 100*$25, 100*($33+$34+$35+$36), $10, $11, $12, $13, $14, $15 }' \
    "$out/table.csv" "$out/table.csv" >"$out/table.md.tmp"
# the mean over the traces of each variant (IPC ratio: geometric mean; the rest arithmetic):
# first over the traces where the CCUs are shared (the malekeh run holds more warps on some
# sub-core than its ccus: the headline), then apart over the traces where they cannot be
# (no sub-core ever held more warps than CCUs: the CCU keys cannot matter there)
awk -F, 'NR == FNR { if (FNR > 1 && $2 == "malekeh") sh[$1] = ($39 > $26); next }
    FNR == 1 { next }
    { g = ($1 in sh) ? sh[$1] : 1
      if (!((g, $2) in n)) { if (!($2 in seen)) { seen[$2] = 1; order[++k] = $2 } }
      n[g, $2]++; if (!((g, $1) in t)) { t[g, $1] = 1; nt[g]++; names[g] = names[g] (names[g] == "" ? "" : ", ") $1 }
      lip[g, $2] += log($6); hr[g, $2] += $7; rd[g, $2] += $9; er[g, $2] += $19; ho[g, $2] += $28; ro[g, $2] += $29
      if ($27 != "") { lsc[g, $2] += log($27); nsc[g, $2]++ } }
    function block(g, what) {
          printf "\n**mean over the %d trace%s %s** (IPC ratio: geometric mean; the others: arithmetic mean)\n\n", nt[g], nt[g] == 1 ? "" : "s", what
          print "| variant | IPC / baseline | IPC / baseline of its C | hit ratio | bank reads vs baseline | RF energy vs baseline | papers\x27 counting: hit ratio / bank reads |"
          print "|---|---:|---:|---:|---:|---:|---:|"
          for (i = 1; i <= k; i++) { v = order[i]; if (!n[g, v]) continue
              printf "| %s | %.3f | %s | %.1f %% | %+.1f %% | %+.1f %% | %.1f %% / %+.1f %% |\n", v, exp(lip[g, v] / n[g, v]),
                     nsc[g, v] == n[g, v] ? sprintf("%.3f", exp(lsc[g, v] / n[g, v])) : "n/a", 100 * hr[g, v] / n[g, v],
                     chg(rd[g, v] / n[g, v]), chg(er[g, v] / n[g, v]), 100 * ho[g, v] / n[g, v], chg(ro[g, v] / n[g, v]) } }
    END { if (nt[1]) block(1, "where the CCUs are shared (malekeh: some sub-core holds more warps than ccus)")
          if (nt[0]) block(0, "listed apart, where no sub-core ever held more warps than CCUs (the CCU keys cannot matter): " names[0]) }
    function chg(x) { x = -100 * x; return (x > -0.05 && x < 0.05) ? 0 : x }' "$out/table.csv" "$out/table.csv" >>"$out/table.md.tmp"
awk -F, 'NR == 2 { printf "\nRF energy priced by the energy ledger %s (docs/energy.md; per-cycle: storage clock, clock gates, control, bank idle)\n", $37 }' \
    "$out/table.csv" >>"$out/table.md.tmp"
mv "$out/table.md.tmp" "$out/table.md"
# JSON: an array of rows
awk -F, 'NR == 1 { n = split($0, h, ","); print "["; next }
    { printf "%s  {", (NR > 2 ? ",\n" : "");
      for (i = 1; i <= n; i++) printf "%s\"%s\": %s", (i > 1 ? ", " : ""), h[i], (i <= 2 || h[i] == "energy_table" ? "\"" $i "\"" : ($i == "" ? "null" : $i));
      printf "}" }
    END { print "\n]" }' "$out/table.csv" >"$out/table.json.tmp" && mv "$out/table.json.tmp" "$out/table.json"
echo "eval: $(($(wc -l <"$out/table.csv") - 1)) rows: $out/table.md, $out/table.csv, $out/table.json"
