/**
 * Sorting a search word's match codes (`task id * 2 + in title`), the largest cost of ranking a
 * common word in our process.
 *
 * V8 sorts a typed array without a comparator at about 30 ns per element on the 2-core benchmark
 * machine (3,700 codes of `kanel`: 112 µs), which was 9 % of the server's CPU for such a search.
 * Codes are small non-negative integers, so a least-significant-digit radix sort does it in two
 * passes over the codes instead (38 µs), with its work space kept between calls: a search server
 * runs this on every request, and a fresh buffer each time would only be garbage to collect.
 */

/** Below this many codes the built-in sort is as fast (1,100 codes: 12 µs, radix 14 µs). */
const RADIX_FROM = 1500;
/** At most 11 bits per digit: the three digits of a 32-bit code, a count table of 2,048 each. */
const MAX_DIGIT_BITS = 11;
const MAX_DIGITS = 3;

/** Work space kept between calls, up to this many codes (1 MB); one huge search's is not kept. */
const KEPT_WORK_CODES = 1 << 18;
let keptWork = new Uint32Array(0);
const counts = new Uint32Array(MAX_DIGITS << MAX_DIGIT_BITS);

/**
 * The codes in ascending order, in a new array the caller may keep and write to. Codes that are
 * not all integers from 0 to 2^32 − 1 (task ids from 2^31 on) are sorted as doubles, exactly.
 */
export function sortedCodes(codes: ArrayLike<number>): Uint32Array | Float64Array {
  const n = codes.length;
  let largest = 0;
  for (let i = 0; i < n; i++) {
    const code = codes[i];
    // `>>> 0` changes any value that is negative, fractional or beyond 32 bits.
    if (code >>> 0 !== code) return new Float64Array(codes).sort();
    if (code > largest) largest = code;
  }
  if (n < RADIX_FROM) return new Uint32Array(codes).sort();
  return radixSorted(codes, largest);
}

function radixSorted(codes: ArrayLike<number>, largest: number): Uint32Array {
  const n = codes.length;
  const bits = 32 - Math.clz32(largest);
  const digits = Math.max(1, Math.ceil(bits / MAX_DIGIT_BITS));
  // Balanced digits: 17 bits sort as 9 + 8, not 11 + 6, so each count table stays small.
  const digitBits = Math.ceil(bits / digits) || 1;
  const radix = 1 << digitBits;
  const mask = radix - 1;
  // The passes alternate between the answer and one work space, so that the last writes the answer.
  const work = digits > 1 ? workSpace(n) : null;
  counts.fill(0, 0, digits * radix);
  // Every digit's counts in one pass over the codes.
  for (let i = 0; i < n; i++) {
    const code = codes[i];
    counts[code & mask]++;
    if (digits > 1) counts[radix + ((code >>> digitBits) & mask)]++;
    if (digits > 2) counts[2 * radix + ((code >>> (2 * digitBits)) & mask)]++;
  }
  const result = new Uint32Array(n);
  let from: ArrayLike<number> = codes;
  for (let d = 0, shift = 0; d < digits; d++, shift += digitBits) {
    const base = d * radix;
    // Counts become each digit value's first place.
    for (let v = 0, place = 0; v < radix; v++) {
      const count = counts[base + v];
      counts[base + v] = place;
      place += count;
    }
    const to = (digits - 1 - d) % 2 === 0 ? result : work!;
    for (let i = 0; i < n; i++) {
      const code = from[i];
      to[counts[base + ((code >>> shift) & mask)]++] = code;
    }
    from = to;
  }
  return result;
}

function workSpace(n: number): Uint32Array {
  if (n > KEPT_WORK_CODES) return new Uint32Array(n);
  if (keptWork.length < n)
    keptWork = new Uint32Array(Math.min(Math.max(n, keptWork.length * 2), KEPT_WORK_CODES));
  return keptWork;
}
