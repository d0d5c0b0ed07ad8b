import { assertInteger, describeValue, invalidArgument } from "@tactica/core";
import { indexRecord, ownValue } from "../definition-error";

/**
 * How a coordinator role is granted (chapter 34, *The Last of Us*):
 * `"firstCome"` — the first agent to request a free role gets it at once (e.g. the
 * OpportunisticShooter); `"idealCandidate"` — agents request with a rating during the frame and
 * {@link updateCoordinator} grants the role to the best-rated requester (e.g. the Flanker with
 * the best flank route). Either way the role is exclusive: once the holder acknowledges it, it
 * keeps it until it releases it.
 */
export type RolePolicy = "firstCome" | "idealCandidate";

/** A role definition. */
export interface RoleDefinition {
  /** Role name (e.g. `"Flanker"`). */
  name: string;
  /** Grant policy. */
  policy: RolePolicy;
}

/** A combat coordinator: a global registry of exclusive roles. Plain data. */
export interface Coordinator {
  /** Role names. */
  readonly roles: readonly string[];
  /** Role name → index. */
  readonly roleIndex: Readonly<Record<string, number>>;
  /** Policy per role: 0 first-come, 1 ideal-candidate. */
  readonly policy: Uint8Array;
  /** Holder agent per role (-1 = free). */
  readonly holder: Int32Array;
  /** 1 when the holder acknowledged (locked until release). */
  readonly acknowledged: Uint8Array;
  /** Best candidate requesting this frame per ideal-candidate role (-1 none). */
  readonly candidate: Int32Array;
  /** That candidate's rating. */
  readonly candidateRating: Float64Array;
}

/**
 * Creates a coordinator for `roles`.
 * @param roles - The roles, each with a unique `name` and a `policy` (`"firstCome"` or `"idealCandidate"`); the array order gives the role
 *   indices.
 * @throws TacticaError for duplicate names or unknown policies.
 */
export function createCoordinator(roles: readonly RoleDefinition[]): Coordinator {
  const where = "@tactica/decision: createCoordinator";
  const seen = new Set<string>();
  const policy = new Uint8Array(roles.length);
  roles.forEach((r, i) => {
    if (seen.has(r.name)) invalidArgument(where, `roles[${i}].name`, `duplicates ${describeValue(r.name)}`, "Give each role a unique name.");
    if (r.policy !== "firstCome" && r.policy !== "idealCandidate")
      invalidArgument(where, `roles[${i}].policy`, 'must be "firstCome" or "idealCandidate"', "Fix the policy.");
    seen.add(r.name);
    policy[i] = r.policy === "idealCandidate" ? 1 : 0;
  });
  return {
    roles: roles.map((r) => r.name),
    roleIndex: indexRecord(roles.map((r) => r.name)),
    policy,
    holder: new Int32Array(roles.length).fill(-1),
    acknowledged: new Uint8Array(roles.length),
    candidate: new Int32Array(roles.length).fill(-1),
    candidateRating: new Float64Array(roles.length),
  };
}

function roleId(c: Coordinator, role: string, fn: string): number {
  const r = ownValue(c.roleIndex, role);
  if (r === undefined) invalidArgument(`@tactica/decision: ${fn}`, "role", `names unknown role ${describeValue(role)}`, `Use one of ${c.roles.join(", ")}.`);
  return r;
}

/**
 * `RequestRole`: asks for `role` on behalf of `agent` (an integer id ≥ 0). First-come roles are
 * granted at once when free. Ideal-candidate roles record the request with `options.rating`
 * (default 0, higher is better); the grant happens in {@link updateCoordinator}. Returns true when
 * `agent` holds the role after the call.
 * @param c - The coordinator; a first-come role may be granted in place, an ideal-candidate request is recorded for {@link updateCoordinator}.
 * @param role - Role name; an unknown name throws.
 * @param agent - The requesting agent's id, an integer >= 0.
 * @param options - `rating`: how well the agent suits an ideal-candidate role, higher is better (ignored for first-come roles). Left out: 0.
 */
export function requestRole(c: Coordinator, role: string, agent: number, options?: { rating?: number }): boolean {
  const rating = options?.rating ?? 0;
  const r = roleId(c, role, "requestRole");
  assertInteger("@tactica/decision: requestRole", "agent", agent, 0, Number.MAX_SAFE_INTEGER);
  if (c.holder[r] === agent) return true;
  if (c.policy[r] === 0) {
    if (c.holder[r] === -1) {
      c.holder[r] = agent;
      c.acknowledged[r] = 0;
      return true;
    }
    return false;
  }
  if (c.candidate[r] === -1 || rating > c.candidateRating[r]!) {
    c.candidate[r] = agent;
    c.candidateRating[r] = rating;
  }
  return false;
}

/**
 * Grants each free or unacknowledged ideal-candidate role to the best-rated requester of this
 * frame (ties: the first to request), then clears the requests. Call once per frame after the
 * agents have requested.
 * @param c - The coordinator; ideal-candidate roles are granted to this frame's best requester and the requests cleared, in place.
 */
export function updateCoordinator(c: Coordinator): void {
  for (let r = 0; r < c.roles.length; r++) {
    if (c.policy[r] !== 1) continue;
    const cand = c.candidate[r]!;
    if (cand >= 0 && c.acknowledged[r] === 0) c.holder[r] = cand;
    c.candidate[r] = -1;
    c.candidateRating[r] = 0;
  }
}

/**
 * `AcknowledgeRole`: the holder confirms it took the role; it is then exclusive until released. Returns false if `agent` is not the holder.
 * @param c - The coordinator; the role is locked to its holder in place.
 * @param role - Role name; an unknown name throws.
 * @param agent - The agent id claiming to hold the role.
 */
export function acknowledgeRole(c: Coordinator, role: string, agent: number): boolean {
  const r = roleId(c, role, "acknowledgeRole");
  if (c.holder[r] !== agent) return false;
  c.acknowledged[r] = 1;
  return true;
}

/**
 * Releases `role` if `agent` holds it; returns whether it did.
 * @param c - The coordinator; the role becomes free in place when `agent` holds it.
 * @param role - Role name; an unknown name throws.
 * @param agent - The agent id giving the role back.
 */
export function releaseRole(c: Coordinator, role: string, agent: number): boolean {
  const r = roleId(c, role, "releaseRole");
  if (c.holder[r] !== agent) return false;
  c.holder[r] = -1;
  c.acknowledged[r] = 0;
  return true;
}

/**
 * The agent holding `role`, or -1.
 * @param c - The coordinator; read only.
 * @param role - Role name; an unknown name throws.
 */
export function getRoleHolder(c: Coordinator, role: string): number {
  return c.holder[roleId(c, role, "getRoleHolder")]!;
}
