#!/usr/bin/env bash
# synth/dont_use.sh - sourced by synth/sta.sh, synth/area.sh and synth/quick_sta.sh: the
# mapping copy of a Liberty library without its forbidden cells (synth/dont_use.py).
#   dont_use_map LIB OUT.lib [LIST]
#     LIST: blank-separated cell names or shell globs ("none": no names); empty: the
#     default, which for a sky130 HD library (file name sky130_fd_sc_hd__*) is the cells
#     marked dont_use in DONT_USE_DEFAULT_LIB (default ../shared/pdk/
#     sky130_fd_sc_hd__tt_025C_1v80.area.dontuse.lib) when that file is present, else none.
#     Cells marked `dont_use : true` in LIB itself always go. Writes OUT.lib and OUT.lib.txt
#     (first line "# source: ...", then the removed cells); returns 2 on bad input.
#   dont_use_source OUT.lib -> the source line of OUT.lib.txt, for the datasheet
dont_use_map() {
    local lib=$1 out=$2 list=${3:-} here dflt=()
    here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    case "$(basename "$lib")" in
        sky130_fd_sc_hd__*) dflt=(--default-from "${DONT_USE_DEFAULT_LIB:-$here/../shared/pdk/sky130_fd_sc_hd__tt_025C_1v80.area.dontuse.lib}") ;;
    esac
    python3 "$here/synth/dont_use.py" map "$lib" "$out" ${list:+--dont-use "$list"} "${dflt[@]+"${dflt[@]}"}" || return 2
}
dont_use_source() { sed -n '1s/^# source: //p' "$1.txt"; }
