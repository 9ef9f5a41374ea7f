import fc from 'fast-check';

const piece = fc.string({ unit: 'binary', maxLength: 8 });

/**
 * Text of any length up to 10,000 UTF-16 code units, spread evenly: a short random piece repeated to the
 * length, between a random head and tail (any code point, lone surrogates included, and a pair may be
 * cut at the end). Repetition is what makes a regular expression backtrack, and it costs nothing to
 * make; drawing 10,000 random code points per run instead spends seconds of a property in fast-check.
 */
export const longText = fc
  .tuple(
    piece,
    fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }),
    piece,
    fc.integer({ min: 0, max: 10_000 }),
  )
  .map(([head, body, tail, length]) => {
    const repeated = head + body.repeat(Math.ceil(length / body.length));
    const end = tail.slice(0, length);
    return repeated.slice(0, length - end.length) + end;
  });
