#!/usr/bin/env bash
# trace_bad.sh [malekeh-hints] - damaged copies of every shipped trace (cut at several
# points, plain and compressed; a count, an instruction line, a register garbled) must make
# `malekeh-hints --summary --out F` exit 2 with one `file:line: ...` line on stderr and no
# output file; usage errors exit 2 with one line; good traces exit 0 and write the table.
# Prints PASS:/FAIL: lines (tests/run_tests.sh); SKIP when the traces are absent.
set -u
tool=${1:-build/malekeh-hints}
dir=${WORKLOADS:-$(cd "$(dirname "$0")/.." && pwd)/../shared/workloads}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect_bad NAME FILE [LINE]: exit 2, one stderr line `FILE:N: ... (expected ...)`
# (N = LINE when given), no output file.
expect_bad() {
    local name=$1 f=$2 line=${3:-} out="$tmp/out.hints"
    rm -f "$out"
    "$tool" --trace "$f" --summary --out "$out" >"$tmp/stdout" 2>"$tmp/stderr"
    local rc=$? n msg
    n=$(wc -l <"$tmp/stderr")
    msg=$(head -n 1 "$tmp/stderr")
    local pat="^$f:${line:-[0-9]+}: .*\(expected .*\)"
    if [ "$rc" -eq 2 ] && [ "$n" -eq 1 ] && [[ "$msg" =~ $pat ]] && [ ! -e "$out" ] &&
        ! compgen -G "$tmp/out.hints.tmp*" >/dev/null; then
        pass "$name"
    else
        fail "$name (exit $rc, $n stderr lines, output file $([ -e "$out" ] && echo written || echo absent)): $msg"
    fi
}

expect_usage() {
    local name=$1
    shift
    "$tool" "$@" >"$tmp/stdout" 2>"$tmp/stderr"
    local rc=$? n
    n=$(wc -l <"$tmp/stderr")
    if [ "$rc" -eq 2 ] && [ "$n" -eq 1 ] && grep -q '^malekeh-hints: ' "$tmp/stderr"; then
        pass "usage: $name"
    else
        fail "usage: $name (exit $rc, $n lines): $(head -n 1 "$tmp/stderr")"
    fi
}

if [ ! -x "$tool" ]; then
    fail "no executable $tool"
    exit 1
fi

expect_usage "no arguments"
expect_usage "no action" --trace x.traceg
expect_usage "unknown option" --trace x.traceg --summary --bogus
expect_usage "bad mode" --trace x.traceg --summary --mode sometimes
expect_usage "rthld 0" --trace x.traceg --summary --rthld 0
expect_usage "rthld junk" --trace x.traceg --summary --rthld 12x
expect_usage "profile-warps 0" --trace x.traceg --summary --profile-warps 0
expect_usage "missing value" --trace
expect_bad "missing file" "$tmp/none.traceg" 0

shopt -s nullglob
traces=("$dir"/*.traceg)
if [ ${#traces[@]} -eq 0 ]; then
    echo "SKIP: trace_bad.sh: no traces in $dir"
    exit $((fails > 0))
fi

for src in "${traces[@]}"; do
    b=$(basename "$src" .traceg)
    f="$tmp/$b.traceg"
    cp "$src" "$f"

    # good: every mode runs, the table is written
    for mode in exact profile all-near all-far; do
        rm -f "$tmp/good.hints"
        if "$tool" --trace "$f" --mode "$mode" --summary --out "$tmp/good.hints" >"$tmp/stdout" 2>"$tmp/stderr" &&
            [ ! -s "$tmp/stderr" ] && head -n 1 "$tmp/good.hints" | grep -qx '# malekeh hints v1' &&
            grep -q '^  blocks [0-9]* *warps [0-9]* *instructions [0-9]*$' "$tmp/stdout"; then
            pass "$b good --mode $mode"
        else
            fail "$b good --mode $mode: $(head -n 1 "$tmp/stderr")"
        fi
    done

    # instruction-count lines of warps with at least 2 instructions
    mapfile -t ins < <(grep -n '^insts = ' "$f" | awk -F'[:= ]+' '$3 >= 2 {print $1}')
    total=$(wc -l <"$f")
    k=0
    for frac in 10 50 90; do
        L=${ins[$(((${#ins[@]} - 1) * frac / 100))]}
        k=$((k + 1))
        # cut after the first instruction line of that warp, and in the middle of it
        head -n $((L + 1)) "$src" >"$tmp/cut.traceg"
        expect_bad "$b cut after line $((L + 1))" "$tmp/cut.traceg" $((L + 1))
        bytes=$(head -n "$L" "$src" | wc -c)
        len=$(sed -n "$((L + 1))p" "$src" | wc -c)
        head -c $((bytes + len / 2)) "$src" >"$tmp/cut.traceg"
        expect_bad "$b cut inside line $((L + 1))" "$tmp/cut.traceg"
        # a count flipped up and down
        awk -v L="$L" 'NR == L { sub(/= [0-9]+/, "= " ($3 + 1)) } 1' "$src" >"$tmp/g.traceg"
        expect_bad "$b insts+1 at line $L" "$tmp/g.traceg"
        awk -v L="$L" 'NR == L { sub(/= [0-9]+/, "= " ($3 - 1)) } 1' "$src" >"$tmp/g.traceg"
        expect_bad "$b insts-1 at line $L" "$tmp/g.traceg"
        # the instruction line: destination count off by one, a register out of range,
        # the opcode replaced by a register, the whole line replaced
        I=$((L + 1))
        awk -v I="$I" 'NR == I { $3 = $3 + 1 } 1' "$src" >"$tmp/g.traceg"
        expect_bad "$b dest count+1 at line $I" "$tmp/g.traceg" "$I"
        awk -v I="$I" 'NR == I { $0 = $0 " R999" } 1' "$src" >"$tmp/g.traceg"
        expect_bad "$b trailing register at line $I" "$tmp/g.traceg" "$I"
        awk -v I="$I" 'NR == I { for (i = 1; i <= NF; i++) if ($i ~ /^R[0-9]+$/) { $i = "R256"; break }
                                 if (i > NF) $0 = "0 0 0 0 0 0 0 0 0 0 0" } 1' "$src" >"$tmp/g.traceg"
        expect_bad "$b register at line $I" "$tmp/g.traceg" "$I"
        awk -v I="$I" 'NR == I { $0 = "garbage here" } 1' "$src" >"$tmp/g.traceg"
        expect_bad "$b garbage line $I" "$tmp/g.traceg" "$I"
    done
    # a base address that is not hex
    sed 's/^-shmem base_addr = .*/-shmem base_addr = 0xnothex/' "$src" >"$tmp/g.traceg"
    if cmp -s "$src" "$tmp/g.traceg"; then
        pass "$b has no shmem base line"
    else
        expect_bad "$b bad shmem base_addr" "$tmp/g.traceg"
    fi
    # truncated compressed copies
    xz -c "$src" >"$tmp/c.xz"
    gzip -c "$src" >"$tmp/c.gz"
    for c in xz gz; do
        n=$(wc -c <"$tmp/c.$c")
        head -c $((n / 2)) "$tmp/c.$c" >"$tmp/cut.traceg"
        expect_bad "$b $c cut in half" "$tmp/cut.traceg"
        head -c $((n - 4)) "$tmp/c.$c" >"$tmp/cut.traceg"
        expect_bad "$b $c cut 4 bytes short" "$tmp/cut.traceg"
    done
    # an empty file
    : >"$tmp/empty.traceg"
    expect_bad "empty file" "$tmp/empty.traceg" 0
    : "$total"
done
[ "$fails" -eq 0 ]
