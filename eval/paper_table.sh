#!/usr/bin/env bash
# paper_table.sh OUTDIR - from a merged evaluation (OUTDIR/table.csv, eval/merge.sh) the
# figures the papers report, per trace and as the mean over the traces where the CCUs are
# shared (the malekeh run holds more warps on a sub-core than ccus; the others' mean on a
# row apart, the CCU keys cannot matter on them), with the papers'
# values beside ours: bank-read and RF-energy reduction, IPC of Malekeh against the
# baseline, the hit ratio of GTO + LRU only, and private (Malekeh_PR) against shared CCUs;
# the hit ratio and bank reads twice: as we count them (distinct source registers; against
# our baseline) and as the papers' prototype does (every source operand, a pending fill a
# hit; against a baseline reading every operand: eval/merge.sh), the papers' figures in the
# columns of their counting; per trace the warps resident per sub-core of the Malekeh run
# (mean / max, eval/merge.sh), marked where no sub-core held more warps than CCUs.
# Writes OUTDIR/papers.md and prints it.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: eval/paper_table.sh OUTDIR" >&2; exit 2; }
out=$1
[ -s "$out/table.csv" ] || { echo "eval/paper_table.sh: $out/table.csv missing (run make eval)" >&2; exit 2; }
awk -F, 'NR == 1 { next }
    { if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 }
      hr[$1, $2] = $7; rd[$1, $2] = $9; er[$1, $2] = $19; ip[$1, $2] = $6; sc[$1, $2] = $27
      ho[$1, $2] = $28; ro[$1, $2] = $29; wm[$1, $2] = $38; wx[$1, $2] = $39; cc[$1, $2] = $26 }
    function row(name, m_hr, m_rd, m_ho, m_ro, m_er, m_ip, g_ho, p_hr, p_ip, p_sc, w) {
        printf "| %s | %.1f %% | %+.1f %% | %.1f %% | %+.1f %% | %+.1f %% | %+.1f %% | %.1f %% | %.1f %% / %+.1f %% / %s | %s |\n",
               name, 100 * m_hr, -100 * m_rd, 100 * m_ho, -100 * m_ro, -100 * m_er, 100 * (m_ip - 1), 100 * g_ho,
               100 * p_hr, 100 * (p_ip - 1), p_sc == "" ? "n/a" : sprintf("%+.1f %%", 100 * (p_sc - 1)), w }
    END {
        print "| trace | hit ratio (Malekeh; distinct registers) | bank reads vs baseline | papers\x27 counting: hit ratio (every operand) | bank reads vs a baseline reading every operand | RF dynamic energy | IPC | hit ratio, GTO + LRU only (papers\x27 counting) | Malekeh_PR: hit ratio / IPC / IPC against C = W baseline OCUs | warps per sub-core: mean / max (Malekeh) |"
        print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        for (i = 1; i <= k; i++) { t = order[i]
            w = sprintf("%.2f / %d%s", wm[t, "malekeh"], wx[t, "malekeh"],
                        wx[t, "malekeh"] <= cc[t, "malekeh"] ? " (not more than the CCUs: the CCU keys cannot matter)" : "")
            row(t, hr[t, "malekeh"], rd[t, "malekeh"], ho[t, "malekeh"], ro[t, "malekeh"], er[t, "malekeh"], ip[t, "malekeh"],
                ho[t, "gto_lru"], hr[t, "private"], ip[t, "private"], sc[t, "private"], w)
            g = wx[t, "malekeh"] > cc[t, "malekeh"] # the CCUs shared: the headline mean
            nk[g]++; if (!g) apart = apart (apart == "" ? "" : ", ") t
            if (sc[t, "private"] != "") { s8[g] += log(sc[t, "private"]); n8[g]++ }
            s1[g] += hr[t, "malekeh"]; s2[g] += rd[t, "malekeh"]; s3[g] += er[t, "malekeh"]; s4[g] += log(ip[t, "malekeh"])
            s5[g] += ho[t, "gto_lru"]; s6[g] += hr[t, "private"]; s7[g] += log(ip[t, "private"])
            s9[g] += ho[t, "malekeh"]; s10[g] += ro[t, "malekeh"] }
        for (g = 1; g >= 0; g--) { k = nk[g]; if (!k) continue
            pl = k == 1 ? "" : "s"
            if (g) name = sprintf("**mean over the %d trace%s where the CCUs are shared** (IPC: geometric)", k, pl)
            else name = sprintf("*mean over the %d trace%s where no sub-core held more warps than CCUs, listed apart (the CCU keys cannot matter): %s*", k, pl, apart)
            row(name, s1[g] / k, s2[g] / k, s9[g] / k, s10[g] / k, s3[g] / k, exp(s4[g] / k), s5[g] / k, s6[g] / k,
                exp(s7[g] / k), n8[g] == k ? exp(s8[g] / k) : "", "") }
        print "| *long paper* (its benchmarks; Accel-Sim, AccelWattch) | | | 46.4 % | -46.4 % | -28.3 % | +6.1 % | 7.9 % (Fig. 17) | above shared / / | |"
        print "| *short paper* | | | 48.5 % | -48.5 % | -29.1 % | +9.6 % | | | |" }' \
    "$out/table.csv" >"$out/papers.md.tmp"
mv "$out/papers.md.tmp" "$out/papers.md"
cat "$out/papers.md"
