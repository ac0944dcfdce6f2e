# shellcheck shell=bash
# synth/sheet.sh - adding measured lines to a datasheet (area.md of synth/area.sh); sourced
# by synth/power.sh and synth/storage.sh, not run.
# sheet_add AREA_MD LINES TITLE INTRO: the lines of file LINES at the end of AREA_MD's
# headline block (before the fence that closes it, inside <!-- headline -->), and a section
# "## TITLE" at its end: INTRO (text, its own line breaks), then LINES in a fence.
sheet_add() {
    local md=$1 lines=$2 title=$3 intro=$4
    awk -v pf="$lines" '
        /^<!-- \/headline -->$/ && fence { while ((getline l < pf) > 0) print l; close(pf); print "```"; fence = 0 }
        /^<!-- headline -->$/ { inh = 1 }
        inh && /^```$/ { if (++nf == 2) { fence = 1; next } }
        { print }' "$md" >"$md.tmp"
    {
        printf '\n## %s\n\n%s\n\n```\n' "$title" "$intro"
        cat "$lines"
        echo '```'
    } >>"$md.tmp"
    mv "$md.tmp" "$md"
}
