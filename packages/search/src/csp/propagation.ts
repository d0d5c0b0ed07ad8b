import { isSingleton, popcount32 } from "./bits";
import { clearQueue, domainHas, domainMin, domainSize, enqueueVar, fixValue, removeValue, restrictDomain, restrictDomainWords } from "./domains";
import { ConstraintKind, type CspConstraint, type CspSolver } from "./types";

/** True when `v`'s domain is exactly `{value}`. */
function isFixedTo(s: CspSolver, v: number, value: number): boolean {
  const W = s.words;
  const wi = value >>> 5;
  for (let w = 0; w < W; w++) if (s.domains[v * W + w] !== (w === wi ? 1 << (value & 31) : 0)) return false;
  return true;
}

/** Built-in constraints over multi-word domains (more than 32 values). */
function narrowWide(s: CspSolver, c: CspConstraint): boolean {
  const D = s.domains;
  const W = s.words;
  const vars = c.vars;
  const sc = s.scratch;
  switch (c.kind) {
    case ConstraintKind.Equal: {
      let any = 0;
      for (let w = 0; w < W; w++) {
        let d = -1;
        for (const v of vars) d &= D[v * W + w]!;
        sc[w] = d;
        any |= d;
      }
      if (any === 0) return false;
      for (const v of vars) if (!restrictDomainWords(s, v, sc)) return false;
      return true;
    }
    case ConstraintKind.NotEqual: {
      const a = vars[0]!;
      const b = vars[1]!;
      if (domainSize(s, a) === 1 && !removeValue(s, b, domainMin(s, a))) return false;
      if (domainSize(s, b) === 1 && !removeValue(s, a, domainMin(s, b))) return false;
      return true;
    }
    case ConstraintKind.AllDifferent: {
      sc.fill(0);
      for (const v of vars) {
        for (let w = 0; w < W; w++) sc[w] = sc[w]! | D[v * W + w]!;
        if (domainSize(s, v) !== 1) continue;
        const x = domainMin(s, v);
        for (const u of vars) if (u !== v && !removeValue(s, u, x)) return false;
      }
      let union = 0;
      for (let w = 0; w < W; w++) union += popcount32(sc[w]!);
      return union >= vars.length;
    }
    case ConstraintKind.AtMost: {
      let fixed = 0;
      for (const v of vars) if (isFixedTo(s, v, c.value)) fixed++;
      if (fixed > c.limit) return false;
      if (fixed === c.limit) for (const v of vars) if (!isFixedTo(s, v, c.value) && !removeValue(s, v, c.value)) return false;
      return true;
    }
    case ConstraintKind.AtLeast: {
      let possible = 0;
      for (const v of vars) if (domainHas(s, v, c.value)) possible++;
      if (possible < c.limit) return false;
      if (possible === c.limit) for (const v of vars) if (domainHas(s, v, c.value) && !fixValue(s, v, c.value)) return false;
      return true;
    }
    default:
      return c.propagate!(s, vars);
  }
}

function narrow(s: CspSolver, c: CspConstraint): boolean {
  if (s.words !== 1) return narrowWide(s, c);
  const D = s.domains;
  const vars = c.vars;
  switch (c.kind) {
    case ConstraintKind.Equal: {
      let d = -1;
      for (const v of vars) d &= D[v]!;
      if (d === 0) return false;
      for (const v of vars) if (!restrictDomain(s, v, d)) return false;
      return true;
    }
    case ConstraintKind.NotEqual: {
      const a = vars[0]!;
      const b = vars[1]!;
      if (isSingleton(D[a]!) && !restrictDomain(s, b, ~D[a]!)) return false;
      if (isSingleton(D[b]!) && !restrictDomain(s, a, ~D[b]!)) return false;
      return true;
    }
    case ConstraintKind.AllDifferent: {
      let union = 0;
      for (const v of vars) {
        const d = D[v]!;
        union |= d;
        if (!isSingleton(d)) continue;
        for (const w of vars) if (w !== v && !restrictDomain(s, w, ~d)) return false;
      }
      // Pigeonhole: n variables need n distinct values.
      return popcount32(union) >= vars.length;
    }
    case ConstraintKind.AtMost: {
      const bit = 1 << c.value;
      let fixed = 0;
      for (const v of vars) if (D[v] === bit) fixed++;
      if (fixed > c.limit) return false;
      if (fixed === c.limit) for (const v of vars) if (D[v] !== bit && !restrictDomain(s, v, ~bit)) return false;
      return true;
    }
    case ConstraintKind.AtLeast: {
      const bit = 1 << c.value;
      let possible = 0;
      for (const v of vars) if (D[v]! & bit) possible++;
      if (possible < c.limit) return false;
      if (possible === c.limit) for (const v of vars) if (D[v]! & bit && !restrictDomain(s, v, bit)) return false;
      return true;
    }
    default:
      return c.propagate!(s, vars);
  }
}

/**
 * Runs the propagation queue to a fixed point (AC-3 style: each constraint whose variable changed
 * narrows its variables; changes queue further constraints; a constraint is never queued twice).
 * Returns `false` on a wipe-out (some constraint cannot be satisfied); the queue is cleared then,
 * but domains are not rolled back — call {@link rollbackTo}.
 * @param s - The solver whose queued constraints narrow its domains in place (changes trailed).
 */
export function propagate(s: CspSolver): boolean {
  const q = s.queue;
  const constraints = s.csp.constraints;
  while (s.queueSize > 0) {
    const c = q[s.queueHead]!;
    s.queueHead = (s.queueHead + 1) % q.length;
    s.queueSize--;
    s.queued[c] = 0;
    if (!narrow(s, constraints[c]!)) {
      clearQueue(s);
      return false;
    }
  }
  return true;
}

/**
 * Forward checking step: sets `v` to `value` and propagates. Returns `false` on failure (roll
 * back to a mark taken before). Same as `fixValue(s, v, value) && propagate(s)`.
 * @param s - The solver, changed in place (changes trailed).
 * @param v - Variable id (from {@link addCspVariable}), an integer in `0 .. variables − 1`.
 * @param value - The value to assign, an integer in `0 .. csp.valueCount − 1`.
 * @throws TacticaError `INVALID_ARGUMENT` for an unknown variable id or a value out of range.
 */
export function assignValue(s: CspSolver, v: number, value: number): boolean {
  if (!fixValue(s, v, value)) return false;
  return propagate(s);
}

/**
 * Resets the solver to the problem's initial domains and propagates every constraint once. Returns `false` if the problem is already inconsistent.
 * @param s - The solver to reset in place: domains, trail, queue and the assignment and backtrack counters.
 */
export function resetCspSolver(s: CspSolver): boolean {
  s.trailLength = 0;
  clearQueue(s);
  const init = s.csp.initial;
  for (let i = 0; i < init.length; i++) s.domains[i] = init[i]!;
  s.assignments = 0;
  s.backtracks = 0;
  const n = s.csp.names.length;
  for (let v = 0; v < n; v++) {
    if (domainMin(s, v) < 0) return false;
    enqueueVar(s, v);
  }
  return propagate(s);
}
