/**
 * `@tactica/decision`: how game agents decide — behaviour trees (JSON-defined, compiled to flat
 * node tables, per-tick or event-driven, hinted execution, save/restore mid-run), finite and
 * hierarchical state machines, utility AI (response-curve considerations, dual utility, post
 * selectors), production rules with dynamic scripting, blackboards, coordinators and action
 * tokens, fuzzy logic, bandits (UCB1, regret matching) and small neural networks.
 *
 * @packageDocumentation
 */
export type { DefinitionIssue } from "./definition-error";
export * from "./blackboard";
export * from "./bt/index";
export * from "./fsm/definition";
export * from "./fsm/machine";
export * from "./utility/definition";
export * from "./utility/dual-utility";
export * from "./utility/utility-set";
export * from "./utility/post-selector";
export * from "./utility/personality";
export * from "./coordination/scoped-blackboard";
export * from "./coordination/animation-blackboard";
export * from "./coordination/squad-blackboard";
export * from "./coordination/coordinator";
export * from "./coordination/action-tokens";
export * from "./rules/definition";
export * from "./rules/engine";
export * from "./rules/dynamic-scripting";
export * from "./rules/resource-rules";
export * from "./bandit/ucb1";
export * from "./bandit/regret-matching";
export * from "./neural/activation";
export * from "./neural/hebb";
export * from "./neural/hopfield";
export * from "./neural/mlp";
export * from "./fuzzy/definition";
export * from "./fuzzy/system";
