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
} as const;

/** One of the values of {@link ErrorCodes}. */
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

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
 * @example
 * ```ts
 * try { createBinaryHeap(-1); }
 * catch (e) { if (e instanceof TacticaError && e.code === ErrorCodes.InvalidArgument) … }
 * ```
 */
export class TacticaError extends Error {
  /** Stable machine-readable code; see {@link ErrorCodes}. */
  readonly code: ErrorCode;
  /** Where the problem is (argument name, JSON path or `file:line`), when known. */
  readonly path: string | undefined;
  /** 1-based line number for parse errors, when known. */
  readonly line: number | undefined;

  /**
   * @param code - stable error code
   * @param message - full message, starting with the package name (`@tactica/core: …`)
   * @param details - optional location and cause
   */
  constructor(code: ErrorCode, message: string, details: TacticaErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "TacticaError";
    this.code = code;
    this.path = details.path;
    this.line = details.line;
  }
}

/** True when `value` is a {@link TacticaError}, optionally with the given code. */
export function isTacticaError(value: unknown, code?: ErrorCode): value is TacticaError {
  return value instanceof TacticaError && (code === undefined || value.code === code);
}
