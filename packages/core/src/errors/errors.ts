/**
 * Stable error codes carried by every {@link TacticaError}. Codes never change meaning between
 * releases, so callers may switch on them; messages may be reworded.
 */
export const ErrorCodes = {
  /** An argument is outside its documented range, of the wrong type, or not finite. */
  InvalidArgument: "INVALID_ARGUMENT",
  /** A capacity given at creation was exceeded (a queue, pool or buffer is full). */
  CapacityExceeded: "CAPACITY_EXCEEDED",
  /** An operation needs a non-empty collection (pop from an empty heap, pick from no weights). */
  Empty: "EMPTY",
  /** A handle or index does not refer to a live element. */
  InvalidHandle: "INVALID_HANDLE",
  /** A definition (JSON config, file) does not match its schema; the message names the path or line. */
  InvalidDefinition: "INVALID_DEFINITION",
  /** A file could not be parsed; the message names the line. */
  ParseError: "PARSE_ERROR",
  /** The object is in a state where the call is not allowed (e.g. stepping a finished search). */
  InvalidState: "INVALID_STATE",
  /**
   * Tactica's own state is corrupt: a search's parent chain that loops, a walk that never ends. A
   * bug in Tactica, or a caller that wrote into a workspace's arrays; thrown instead of hanging.
   */
  Internal: "INTERNAL_ERROR",
} as const;

/** One of the generic codes in {@link ErrorCodes}. */
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/**
 * The `code` of a {@link TacticaError}: one of core's generic {@link ErrorCode}s, or a
 * package-scoped code `PACKAGE_KIND` in upper snake case (`CORE_BAD_INPUT`, `GRID_BAD_INPUT`,
 * `PLANNING_DOMAIN`), documented where it is thrown. Any package passes its own literal code
 * without a cast: `new TacticaError("GRID_BAD_INPUT", "@tactica/grid: …")`.
 */
export type TacticaErrorCode = ErrorCode | `${Uppercase<string>}_${Uppercase<string>}`;

/**
 * The brand every {@link TacticaError} carries: a registry symbol, the same in every copy of
 * `@tactica/core` (ESM build, CJS build, duplicated installs), so {@link isTacticaError} works where
 * `instanceof` on one copy's class would not.
 */
const BRAND: unique symbol = Symbol.for("tactica.error");

/** Optional details attached to a {@link TacticaError}. */
export interface TacticaErrorDetails {
  /** Where the problem is: an argument name, a JSON path (`$.nodes[3].type`) or `file:line`. */
  readonly path?: string;
  /** 1-based line in the file being read, when the error comes from a parser. */
  readonly line?: number;
  /** The underlying error, if this one wraps another. */
  readonly cause?: unknown;
}

/**
 * The one error type Tactica throws for misuse at set-up time: bad configuration, malformed
 * files, out-of-range arguments. Expected run-time outcomes (no path, budget exhausted) are never
 * thrown; they come back as results with status flags.
 *
 * The message starts with the package name and says what to fix, e.g.
 * `@tactica/core: createKdTree: "points" has 3 numbers, not a multiple of dimension 2. Pass x,y pairs.`
 *
 * Test for it with {@link isTacticaError}, which works across the ESM and CJS builds; `instanceof
 * TacticaError` does too (the class checks the brand).
 *
 * @example
 * ```ts
 * try { createNumericHeap(-1); }
 * catch (e) { if (isTacticaError(e, ErrorCodes.InvalidArgument)) console.warn(e.message); }
 * ```
 */
export class TacticaError extends Error {
  /** Stable machine-readable code; see {@link ErrorCodes} and {@link TacticaErrorCode}. */
  readonly code: TacticaErrorCode;
  /** Where the problem is (argument name, JSON path or `file:line`), when known. */
  readonly path: string | undefined;
  /** 1-based line number for parse errors, when known. */
  readonly line: number | undefined;

  /**
   * @param code - stable error code
   * @param message - full message, starting with the package name (`@tactica/core: …`)
   * @param details - optional location and cause
   */
  constructor(code: TacticaErrorCode, message: string, details: TacticaErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "TacticaError";
    this.code = code;
    this.path = details.path;
    this.line = details.line;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /**
   * `value instanceof TacticaError` tests the brand, so an error thrown by another copy of
   * `@tactica/core` (the CJS build next to the ESM one) is recognised. Subclasses keep the
   * ordinary prototype check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== TacticaError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return isTacticaError(value);
  }
}

/**
 * True when `value` is a {@link TacticaError} from any copy of `@tactica/core` (it tests the
 * `Symbol.for("tactica.error")` brand, not the class identity), optionally with the given `code`.
 *
 * @example
 * ```ts
 * try { parseBitset("01x"); }
 * catch (e) { if (isTacticaError(e, "INVALID_ARGUMENT")) console.warn(e.path); } // "text[2]"
 * ```
 *
 * @param value - Anything, typically a caught exception.
 */
export function isTacticaError(value: unknown): value is TacticaError;
/**
 * True when `value` is a {@link TacticaError} from any copy of `@tactica/core` whose `code` is `code`.
 *
 * @param value - Anything, typically a caught exception.
 * @param code - The error code to match (`"INVALID_ARGUMENT"`, a package code such as `"PLANNING_DOMAIN"`).
 */
export function isTacticaError(value: unknown, code: TacticaErrorCode): value is TacticaError;
export function isTacticaError(value: unknown, code?: TacticaErrorCode): value is TacticaError {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { [BRAND]?: unknown })[BRAND] === true &&
    (code === undefined || (value as { code?: unknown }).code === code)
  );
}
