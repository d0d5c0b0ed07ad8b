import { compileResponseCurve, describeValue, type ResponseCurveDef, validateResponseCurve } from "@tactica/core";
import { IssueList, throwDefinitionIssues } from "../definition-error";

/** A post-selector criterion: a bound function or a numeric post property through a curve. */
export type PostCriterionDefinition =
  | {
      /** Name of a bound criterion function returning [0, 1]. */
      criterion: string;
      /** Arguments for it. */
      args?: Record<string, unknown>;
    }
  | {
      /** Numeric property of the post (e.g. `"distance"`). */
      property: string;
      /** Curve mapping the property to [0, 1]. */
      curve: ResponseCurveDef;
    };

/** A data-defined post selector (chapter 34): a name, a post type and multiplicative criteria. */
export interface PostSelectorDefinition {
  /** Selector name. */
  name: string;
  /** Post type it rates (e.g. `"cover"`, `"open"`); informational, used to pick the post list. */
  postType?: string;
  /** Criteria whose product is the rating. */
  criteria: PostCriterionDefinition[];
}

/** A criterion function: rates a post in [0, 1] (values outside are clamped; NaN counts as 0). */
export type PostCriterion<P> = (post: P, args: Readonly<Record<string, unknown>>) => number;

/** A compiled post selector. */
export interface PostSelector<P> {
  /** Selector name. */
  readonly name: string;
  /** Post type. */
  readonly postType: string;
  /** Compiled criteria. */
  readonly criteria: readonly ((post: P) => number)[];
}

/**
 * Compiles a post selector against bound criteria.
 *
 * @param definition - The selector definition: `name`, optional `postType` and `criteria` (each a bound `criterion` name with `args`, or a
 *   numeric `property` with a response `curve`).
 * @param criteria - Criterion functions by name, each rating a post in [0, 1]; every `criterion` the definition names must be here. Left out:
 *   none, so only `property` criteria are allowed.
 * @throws TacticaError `INVALID_DEFINITION` naming the JSON path of an unknown criterion, property or bad curve.
 */
export function createPostSelector<P extends object>(
  definition: PostSelectorDefinition,
  criteria: Readonly<Record<string, PostCriterion<P>>> = {},
): PostSelector<P> {
  const L = new IssueList();
  const d = definition as unknown as Record<string, unknown>;
  if (L.object("$", d)) {
    L.string("$.name", d["name"]);
    if (d["postType"] !== undefined) L.string("$.postType", d["postType"]);
    if (L.array("$.criteria", d["criteria"], 1)) {
      d["criteria"].forEach((c, i) => {
        const p = `$.criteria[${i}]`;
        if (!L.object(p, c)) return;
        if ("criterion" in c) {
          if (L.string(`${p}.criterion`, c["criterion"]) && !criteria[c["criterion"]])
            L.add(`${p}.criterion`, `names criterion ${describeValue(c["criterion"])}, which is not bound`);
        } else if ("property" in c) {
          L.string(`${p}.property`, c["property"]);
          try {
            validateResponseCurve(c["curve"], { path: `${p}.curve` });
          } catch (e) {
            L.add((e as { path?: string }).path ?? `${p}.curve`, (e as Error).message);
          }
        } else L.add(p, 'needs "criterion" or "property" + "curve"');
      });
    }
  }
  if (L.issues.length > 0) throwDefinitionIssues("@tactica/decision: createPostSelector", L.issues);
  const compiled = definition.criteria.map((c): ((post: P) => number) => {
    if ("criterion" in c) {
      const fn = criteria[c.criterion]!;
      const args = Object.freeze({ ...(c.args ?? {}) });
      return (post) => fn(post, args);
    }
    const curve = compileResponseCurve(c.curve).evaluate;
    const prop = c.property;
    return (post) => curve((post as Record<string, number>)[prop]!);
  });
  return { name: definition.name, postType: definition.postType ?? "", criteria: compiled };
}

/**
 * Rates `posts` with `selector`: each rating is the product of the criteria (each clamped to
 * [0, 1]); a criterion at 0 rejects the post without evaluating the rest. Writes `out[i]` and
 * returns the index of the highest rating (ties to the lower index) or -1 when every post is
 * rejected. O(posts × criteria), no allocation beyond what the criteria do.
 * @param out - Rating per post in [0, 1], length >= `posts.length`; written in place (0 = rejected).
 * @param selector - The compiled selector from {@link createPostSelector}; read only.
 * @param posts - The candidate posts (e.g. cover points) passed to the criteria; read only.
 */
export function ratePosts<P>(out: { [i: number]: number; length: number }, selector: PostSelector<P>, posts: ArrayLike<P>): number {
  let best = -1;
  let bestRating = 0;
  const cr = selector.criteria;
  for (let i = 0; i < posts.length; i++) {
    let r = 1;
    for (let j = 0; j < cr.length && r > 0; j++) {
      const v = cr[j]!(posts[i]!);
      r *= v > 0 ? (v < 1 ? v : 1) : 0;
    }
    out[i] = r;
    if (r > bestRating) {
      bestRating = r;
      best = i;
    }
  }
  return best;
}
