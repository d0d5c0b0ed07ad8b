import { invalidArgument } from "@tactica/core";

/**
 * Throws `INVALID_ARGUMENT` unless `index` is an integer in `[0, count)`: `undefined`, `NaN`, a
 * fraction, a negative or an out-of-range index fails loudly instead of reading slot 0, another
 * slot's data or `undefined` (ADR 0002). The success path is one comparison and allocates nothing;
 * the message is built only when it throws.
 *
 * @param where - `"@tactica/search: fn"`, the function that checks
 * @param name - the parameter's name as the caller wrote it
 * @param index - the value to check
 * @param count - the number of valid indices
 * @param what - what the index names ("a node id", "an arm", …)
 * @internal
 */
export function checkIndex(where: string, name: string, index: number, count: number, what: string): void {
  if (!(index >>> 0 === index && index < count)) badIndex(where, name, index, count, what);
}

function badIndex(where: string, name: string, index: unknown, count: number, what: string): never {
  const range = count > 0 ? `[0, ${count - 1}]` : "(none: the container is empty)";
  return invalidArgument(where, name, `must be ${what} in ${range} but is ${String(index)}`, `Pass ${what} in ${range}.`);
}
