// asc-options: --enable simd
// AssemblyScript source of the search for the units a fold must look at (src/engine/detectors/injection/fold-runs.ts
// drives it). Compiled by scripts/build-wasm.mjs into src/shared/wasm/fold-runs.generated.ts; `npm run build:wasm`
// after an edit.
//
// Why its own module: the injection folds (normalise.ts) and the structure detector first ask whether a text is
// printable ASCII (tab, LF and CR allowed), and the phrase fold then needs every run of units outside it; both read
// the runs found here. A regex (`/[^\t\n\r\x20-\x7e]/`) reads about one unit a nanosecond on this machine, and a
// JavaScript loop is slower still; sixteen UTF-16 units a SIMD step are several times faster. The host writes the
// text's UTF-16 units (`Buffer.write`, "utf16le": every unit as it is, lone surrogates too) into `units` and calls
// `oddRuns`.
//
// Memory, laid out by the host past the first page: units u16[cap + 16] (the 16 past the text are padding this
// module writes), runs i32[cap + 2] ((start, end) pairs).
//
// Invariant: a unit is "odd" exactly when it is above 0x7e, or below 0x20 but not tab (9), LF (10) or CR (13); the
// padding is a space, never odd, so no scan reports anything at or past `n`.

let unitsOff: usize = 0;
let runsOff: usize = 0;

export function configure(units: usize, runs: usize): void {
  unitsOff = units;
  runsOff = runs;
}

/**
 * Bit i set when unit k + i of the 16 at `at` is odd. The units are narrowed to bytes first (a unit above 0xff
 * saturates to 0xff, which is odd like it), then `byte + 0x60` wraps printable ASCII onto -128..-34 as a signed byte
 * and every other byte above -34: one compare finds what is outside printable ASCII, and only a block where it finds
 * something (a line break, usually) checks for tab, LF and CR.
 */
@inline
function oddMask(at: usize): i32 {
  const bytes = i8x16.narrow_i16x8_u(v128.load(at), v128.load(at, 16));
  const outside = i8x16.bitmask(i8x16.gt_s(i8x16.add(bytes, i8x16.splat(0x60)), i8x16.splat(-34)));
  if (outside == 0) return 0;
  const kept = v128.or(
    v128.or(i8x16.eq(bytes, i8x16.splat(9)), i8x16.eq(bytes, i8x16.splat(10))),
    i8x16.eq(bytes, i8x16.splat(13)),
  );
  return outside & ~i8x16.bitmask(kept);
}

/** Spaces over the 16 units after the text, so the last block reads no stale unit. */
function pad(n: i32): void {
  const at = unitsOff + (<usize>n << 1);
  v128.store(at, i16x8.splat(0x20));
  v128.store(at, i16x8.splat(0x20), 16);
}

/**
 * Every maximal run of odd units of units[0, n), in order, as (start, end) pairs at `runs`; returns how many. At most
 * (n + 1) / 2 runs (two runs have a unit between them).
 */
export function oddRuns(n: i32): i32 {
  pad(n);
  let count = 0;
  // Whether the unit before k is odd: a run is open.
  let open = 0;
  for (let k = 0; k < n; k += 16) {
    const m = oddMask(unitsOff + (<usize>k << 1));
    if (m == (open != 0 ? 0xffff : 0)) continue;
    // Bit i: unit k + i differs from the one before it (a run starts or ends there); starts and ends alternate.
    let edges = (m ^ ((m << 1) | open)) & 0xffff;
    while (edges != 0) {
      const at = k + ctz<i32>(edges);
      if (open == 0) store<i32>(runsOff + (<usize>count << 3), at);
      else {
        store<i32>(runsOff + (<usize>count << 3) + 4, at);
        count++;
      }
      open ^= 1;
      edges &= edges - 1;
    }
  }
  // A run open at n ends there (only when n is a multiple of 16: otherwise the padding ended it).
  if (open != 0) {
    store<i32>(runsOff + (<usize>count << 3) + 4, n);
    count++;
  }
  return count;
}
