import type { SuiteContext } from "../suite";

/** Production-rule cycle benchmark (filled in once the rule engine lands). */
export function runRuleBench(_ctx: SuiteContext): void {}
